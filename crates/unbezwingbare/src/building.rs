//! Placing buildings (U47, U12–U16), rebuilding (U48, N12) and toll houses (U49).

use crate::data::Category;
use crate::errors::{Check, need};
use crate::moves::NOBODY;
use crate::state::{AREAS, FIVE, State, block};

impl State {
    /// Whether the card `card` may stand on area `a` by its category (U12–U16) and, a toll
    /// house, by its road (U49), a toll house on `a` itself not counted (rebuilding).
    pub fn may_stand(&self, card: u8, a: u8) -> Check {
        self.may_stand_except(card, a, a)
    }

    /// As [`State::may_stand`], a toll house on `except` not counted either (a building moved
    /// from there, `move_building`).
    pub fn may_stand_except(&self, card: u8, a: u8, except: u8) -> Check {
        let c = self.card(card);
        let ai = usize::from(a);
        match c.category {
            Category::Buergertum => {}
            Category::Gewerbe => {
                need(!self.mat.inner[ai], "U13", "Gewerbe may not stand in the innermost ring")?
            }
            Category::Staedtisch => {
                need(!self.mat.water[ai], "U14", "Städtische Gebäude may not stand on water")?
            }
            Category::Handel => {
                need(self.mat.road[ai] != 0, "U15", "Handel must stand on an area with a road")?
            }
        }
        if c.toll {
            let road = self.mat.road[ai];
            need(road != 0, "U49", "a toll house stands on a road")?;
            let others = self.tolls & !(1u64 << ai) & !(1u64 << (except % 64));
            let taken = crate::state::bits64(others).any(|x| self.mat.road[usize::from(x)] == road);
            need(!taken, "U49", "at most one toll house on each road")?;
        }
        Ok(())
    }

    /// U47, S7: a hand card on an own area with no building, 2 a turn, paying its value.
    pub fn check_place(&self, card: u8, a: u8) -> Check {
        self.in_phase2()?;
        self.not_blocked(block::PLACE, "U47")?;
        need(usize::from(a) < AREAS, "U6", "no such area")?;
        need(self.holds(self.actor, card), "U47", "the card is not in the hand")?;
        need(self.owner[usize::from(a)] == self.actor, "U47", "a building is placed on an own area")?;
        need(self.building[usize::from(a)] == NOBODY, "U47", "the area has a building already")?;
        need(self.placed < self.place_limit(), "U47", "at most 2 buildings a turn")?;
        need(
            self.stones[usize::from(self.actor)] >= u16::from(self.card(card).price),
            "U47",
            "not enough stones for the building's value",
        )?;
        self.may_stand(card, a)
    }

    /// Places a building (U47).
    pub fn place(&mut self, card: u8, a: u8) {
        self.pay(self.actor, u16::from(self.card(card).price));
        self.leave_hand(self.actor, card);
        self.placed += 1;
        self.put_up(a, card);
    }

    /// U48, N12: demolish the building on an own area for 5 and place a hand card there.
    pub fn check_rebuild(&self, card: u8, a: u8) -> Check {
        self.in_phase2()?;
        self.not_blocked(block::PLACE, "U48")?;
        need(usize::from(a) < AREAS, "U6", "no such area")?;
        need(self.holds(self.actor, card), "U48", "the card is not in the hand")?;
        need(
            self.owner[usize::from(a)] == self.actor,
            "U48",
            "only a building on an own area is demolished",
        )?;
        need(self.building[usize::from(a)] != NOBODY, "U48", "the area has no building to demolish")?;
        need(
            self.placed < self.place_limit(),
            "U48",
            "the new building counts toward the 2 placements (S7)",
        )?;
        let cost = FIVE + u16::from(self.card(card).price);
        need(
            self.stones[usize::from(self.actor)] >= cost,
            "N12",
            "rebuilding costs 5 and the new building's value",
        )?;
        self.may_stand(card, a)
    }

    /// Demolishes and places (U48): the old card to the discard pile, face up.
    pub fn rebuild(&mut self, card: u8, a: u8) {
        self.pay(self.actor, FIVE + u16::from(self.card(card).price));
        self.pull_down(a);
        self.leave_hand(self.actor, card);
        self.placed += 1;
        self.put_up(a, card);
    }
}
