//! Income for the building card that ends phase 1 (U35–U37): each player with a building of its
//! category chooses one and receives its value plus its area's bonus (plus a great power's).

use crate::moves::NOBODY;
use crate::state::{Frame, State};

impl State {
    /// The areas of `p` whose building may pay income for a card of `card`'s category.
    #[inline]
    pub fn income_areas(&self, p: u8, card: u8) -> u64 {
        self.owned[usize::from(p)] & self.built_in[self.card(card).category as usize]
    }

    /// The income the building on area `a` pays its owner `p` (U35, U7, U70).
    pub fn income_of(&self, p: u8, a: u8) -> u16 {
        let b = self.building[usize::from(a)];
        if b == NOBODY {
            return 0;
        }
        let c = self.card(b);
        let mut n = u16::from(c.price) + u16::from(self.mat.bonus[usize::from(a)]);
        if self.great[c.category as usize] == p {
            n += u16::from(c.category.great_power().1);
        }
        n
    }

    /// Goes on with the income on top: pays players with one building at once, stops at a player
    /// with a choice (N6), and at the end gives the card to the player to act (U37).
    pub(crate) fn income_step(&mut self) -> Option<u8> {
        let Some(Frame::Income { card, next, tax }) = self.top() else { return None };
        if tax {
            // U34: every player down to 5 stones before any income.
            self.tax_to(5);
            self.set_top(Frame::Income { card, next, tax: false });
        }
        let mut off = next;
        while off < self.n && !self.no_income {
            let p = self.after_actor(off);
            let areas = self.income_areas(p, card);
            match areas.count_ones() {
                0 => {}
                1 => self.receive(p, self.income_of(p, areas.trailing_zeros() as u8)),
                _ => {
                    self.set_top(Frame::Income { card, next: off, tax: false });
                    return Some(p);
                }
            }
            off += 1;
        }
        // U37, S3: after the income the card goes to the player who turned it, seen by all.
        self.pop();
        let a = usize::from(self.actor);
        self.hand[a] |= 1u128 << card;
        self.known[a] |= 1u128 << card;
        None
    }

    /// The player at hand takes the income of his building on `a` (U35, U36).
    pub(crate) fn take_income(&mut self, a: u8) {
        let Some(Frame::Income { card, next, .. }) = self.top() else { return };
        let p = self.after_actor(next);
        self.receive(p, self.income_of(p, a));
        self.set_top(Frame::Income { card, next: next + 1, tax: false });
    }
}
