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

    /// During play a seat's points (U51); at the end its share of the win (`win_shares`: 1
    /// shared by tied winners, U4; by person under `two_orders`, N19).
    fn scores(&self, out: &mut [f64]) {
        if self.is_over() {
            self.win_shares(out);
            return;
        }
        for (p, o) in out.iter_mut().enumerate().take(self.seats()) {
            *o = f64::from(self.points(p as u8));
        }
    }

    /// Each move's value for the player to act by the greedy's documented value (`value`,
    /// default weights), its effects not followed: informed playouts (`playout=greedy`, `eps:E`,
    /// `softmax:T`, `best:K`) play by it.
    fn move_values(&self, moves: &[Move], out: &mut Vec<f64>) -> bool {
        crate::greedy::playout_values(self, moves, out);
        true
    }

    /// Steps taken: decisions and chance outcomes.
    fn progress(&self) -> usize {
        self.steps as usize
    }
}
