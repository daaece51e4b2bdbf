//! The engine through the core's game trait (`stadt_core::game::Game`). A chance outcome's id
//! is as `flow::INFLUENCE_OUTCOME` says: a deck card's id, 100 + an influence card's, 200 + a
//! card taken from a hand.

use crate::moves::Move;
use crate::state::{CHANCE, OVER, State};
use rand::Rng;
use stadt_core::game::{Game, Turn};

impl Game for State {
    type Move = Move;

    fn players(&self) -> usize {
        self.seats()
    }

    fn turn(&self) -> Turn {
        match self.to_act {
            CHANCE => Turn::Chance,
            OVER => Turn::Over,
            p => Turn::Player(usize::from(p)),
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        State::legal_moves(self, out);
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    fn apply(&mut self, mv: Move) {
        State::apply(self, mv);
    }

    /// Each card is drawn uniformly from the cards the pile (its top part) still holds (U77).
    fn resolve_chance<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        self.resolve(rng)
    }

    fn force_chance(&mut self, outcome: u64) -> bool {
        self.force(outcome)
    }

    /// During play a seat's points (U51); at the end 1 for a winner, shared by tied winners (U4).
    fn scores(&self, out: &mut [f64]) {
        let winners = self.winners.count_ones().max(1) as f64;
        for (p, o) in out.iter_mut().enumerate().take(self.seats()) {
            *o = if self.is_over() {
                if self.winners & (1 << p) != 0 { 1.0 / winners } else { 0.0 }
            } else {
                f64::from(self.points(p as u8))
            };
        }
    }

    /// Steps taken: decisions and chance outcomes.
    fn progress(&self) -> usize {
        self.steps as usize
    }
}
