//! The common guard of phase 2's actions (U39) and of playing influence cards (U56).

use crate::errors::{Check, need};
use crate::state::{Stage, State};

impl State {
    /// U39: a phase 2 action needs the player to act in phase 2, nothing else under way.
    pub fn in_phase2(&self) -> Check {
        need(self.stage == Stage::Phase2 && self.depth == 0, "U39", "not in phase 2 of a turn")
    }

    /// `block`: the action is not blocked in this turn.
    pub fn not_blocked(&self, bit: u8, rule: &'static str) -> Check {
        need(
            self.blocked_now[usize::from(self.actor)] & bit == 0,
            rule,
            "blocked this turn by an influence card",
        )
    }
}
