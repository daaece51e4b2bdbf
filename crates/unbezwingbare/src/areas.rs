//! Changes of the board: knights put on and taken off, buildings put up and taken down, and
//! what follows every such change (the last area U3, great powers U71, markers N14).

use crate::data::Category;
use crate::moves::NOBODY;
use crate::state::{AREAS, State};

impl State {
    /// `p` puts a knight from his supply on the neutral area `a` (U43, U27); a building on it
    /// becomes his (U45).
    pub fn occupy(&mut self, a: u8, p: u8) {
        let ai = usize::from(a);
        self.owner[ai] = p;
        self.owned[usize::from(p)] |= 1u64 << ai;
        self.tally(a, p, true);
        self.knights[usize::from(p)] = self.knights[usize::from(p)].saturating_sub(1);
        // U3, N1: the first moment no area is neutral triggers the end, once and for good.
        if self.neutral() == 0 {
            self.last_area = true;
        }
        self.after_change();
    }

    /// The owner of `a` takes his knight off; the area turns neutral, a building stays and is
    /// nobody's (U44); the knight goes back to his supply (N10).
    pub fn vacate(&mut self, a: u8) {
        let ai = usize::from(a);
        let p = self.owner[ai];
        if p == NOBODY {
            return;
        }
        self.tally(a, p, false);
        self.owner[ai] = NOBODY;
        self.owned[usize::from(p)] &= !(1u64 << ai);
        self.knights[usize::from(p)] += 1;
        self.after_change();
    }

    /// The area `a` of one player passes to `to`, with its building: isolation (U67, N10).
    pub fn take_over(&mut self, a: u8, to: u8) {
        let ai = usize::from(a);
        let from = self.owner[ai];
        if from != NOBODY {
            self.tally(a, from, false);
            self.owned[usize::from(from)] &= !(1u64 << ai);
            self.knights[usize::from(from)] += 1;
        }
        self.owner[ai] = to;
        self.owned[usize::from(to)] |= 1u64 << ai;
        self.tally(a, to, true);
        self.knights[usize::from(to)] = self.knights[usize::from(to)].saturating_sub(1);
        self.after_change();
    }

    /// Puts the card `card` up on `a` as a building.
    pub fn put_up(&mut self, a: u8, card: u8) {
        self.set_building(a, card);
        self.after_change();
    }

    /// Takes the building off `a`, its card face up to the discard pile (U48, N25).
    pub fn pull_down(&mut self, a: u8) {
        let b = self.building[usize::from(a)];
        if b != NOBODY {
            self.set_building(a, NOBODY);
            self.discard |= 1u128 << b;
            self.after_change();
        }
    }

    /// After a change of knights or buildings: great powers (U71, N22) and markers moved back
    /// at once to lost points (U51, N14).
    pub fn after_change(&mut self) {
        if self.opts.great_powers {
            for (c, cat) in Category::ALL.into_iter().enumerate() {
                self.recheck_power(c, cat);
            }
        }
        for p in 0..self.n {
            let pts = self.points(p);
            let m = &mut self.marker[usize::from(p)];
            if *m > pts {
                *m = pts;
            }
        }
    }

    /// U70, U71, N22: the holder keeps the great power while he has 3 or more of the category
    /// and nobody has more; else it goes to the one player with the most (3 or more), or waits.
    fn recheck_power(&mut self, c: usize, cat: Category) {
        let mut counts = [0u8; 5];
        for p in 0..self.n {
            counts[usize::from(p)] = self.count_category(p, cat);
        }
        let most = *counts.iter().max().unwrap_or(&0);
        let h = self.great[c];
        if h != NOBODY && counts[usize::from(h)] >= 3 && counts[usize::from(h)] >= most {
            return;
        }
        let leaders = counts.iter().filter(|&&k| k == most).count();
        self.great[c] = if most >= 3 && leaders == 1 {
            counts.iter().position(|&k| k == most).map_or(NOBODY, |p| p as u8)
        } else {
            NOBODY
        };
    }

    /// The areas a player owns, as indices.
    pub fn areas_of(&self, p: u8) -> impl Iterator<Item = u8> + '_ {
        (0..AREAS as u8).filter(move |&a| self.owner[usize::from(a)] == p)
    }
}
