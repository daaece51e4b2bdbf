//! Influence cards: drawn on a red field or bought (U50, U53), at most 2 held (U55), played in
//! one's own turn (U56), the pile refilled from the discards (U57, N17).

use crate::errors::{Check, need};
use crate::moves::NOBODY;
use crate::state::{Frame, Source, Stage, State};

impl State {
    /// Whether the influence frame on top can draw; refills an empty pile from the discards
    /// (U57) and pops the frame when it is done or nothing is left (N17).
    pub(crate) fn ready_to_draw_influence(&mut self, left: u8) -> bool {
        if left > 0 && self.influence_pile == 0 && self.influence_discard != 0 {
            self.influence_pile = self.influence_discard;
            self.influence_discard = 0;
            self.played_influence = 0;
            self.dropped = [0; crate::state::SEATS];
        }
        if left == 0 || self.influence_pile == 0 {
            self.pop();
            return false;
        }
        true
    }

    /// An influence card is drawn (a chance outcome): to the hand, seen by its taker only; a
    /// third card asks for a discard (U55).
    pub(crate) fn influence_drawn(&mut self, card: u8) {
        let Some(Frame::Influence { p, left }) = self.top() else { return };
        self.influence_pile &= !(1u32 << card);
        self.influence[usize::from(p)] |= 1u32 << card;
        self.set_top(Frame::Influence { p, left: left.saturating_sub(1) });
        if self.influence[usize::from(p)].count_ones() > 2 {
            self.push(Frame::Drop { p });
        }
    }

    /// U55, N15: the player holding three discards any one, face down.
    pub fn check_drop(&self, card: u8) -> Check {
        let Some(Frame::Drop { p }) = self.top() else {
            return Err(crate::errors::Illegal::new("U55", "no influence card is to be discarded"));
        };
        need(
            card < 32 && self.influence[usize::from(p)] & (1u32 << card) != 0,
            "U55",
            "the card is not in the hand",
        )
    }

    /// Discards an influence card (U55).
    pub fn drop_influence(&mut self, card: u8) {
        let Some(Frame::Drop { p }) = self.top() else { return };
        self.influence[usize::from(p)] &= !(1u32 << card);
        self.influence_discard |= 1u32 << card;
        self.dropped[usize::from(p)] |= 1u32 << card;
        self.pop();
    }

    /// Whether the player to act may play an influence card now (U56, N16).
    pub fn has_playable_influence(&self) -> bool {
        self.influence[usize::from(self.actor)] & self.mat.playable_alone_set() != 0
    }

    /// U56, N16: an own card, in one's own turn, before phase 1 or in phase 2, against another
    /// player where the card names an opponent.
    pub fn check_play(&self, card: u8, target: u8) -> Check {
        need(
            matches!(self.stage, Stage::Before | Stage::Phase2) && self.depth == 0,
            "U56",
            "influence cards are played before phase 1 or in phase 2 of one's own turn",
        )?;
        need(
            card < 30 && self.influence[usize::from(self.actor)] & (1u32 << card) != 0,
            "U56",
            "the card is not in the hand",
        )?;
        need(
            self.mat.playable_alone(card),
            "S9",
            "a card that only answers another is not played on its own",
        )?;
        if self.mat.needs_target(card) {
            need(target < self.n && target != self.actor, "U56", "the card is played against another player")
        } else {
            need(target == NOBODY, "U56", "the card names no opponent")
        }
    }

    /// Plays an influence card: shown to all, to the influence discards, its effect carried out.
    pub fn play_influence(&mut self, card: u8, target: u8) {
        let by = self.actor;
        self.influence[usize::from(by)] &= !(1u32 << card);
        self.influence_discard |= 1u32 << card;
        self.played_influence |= 1u32 << card;
        self.push(Frame::Effect { src: Source::Influence { card, by, target }, clause: 0, off: 0, left: 0 });
        if target != NOBODY {
            // S9: the player named may answer with a `when_targeted` card.
            self.open_answers(crate::state::TARGETED);
        }
    }
}
