//! The game a seat's search plays (`bots/mcts.rs`): a sample of what it sees in which the other
//! seats' decisions that only their hidden cards call for are made at once, so that every game
//! sampled from one view has the same decisions along one line of play. Whether another seat
//! may play an influence card before phase 1 (U56, N16) or answer one (S9) depends on the cards it
//! holds, which the seat does not see: one sample would stop there for a decision and another
//! would not, and a search tree whose node is a decision in one sample and a chance step in
//! another cannot be searched. There, the other seat turns its cards (`turn cards`) or lets the
//! card stand (`pass`); the seat's own decisions, and all decisions of phase 2, stay decisions.

use crate::moves::Move;
use crate::state::{Frame, Stage, State};
use rand::Rng;
use stadt_core::game::{Game, Turn};

/// A sampled game searched by seat `me`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Searched {
    /// The game.
    pub state: State,
    /// The searching seat.
    pub me: u8,
}

impl Searched {
    /// The game `state` searched by seat `me`, the other seats' hidden-card decisions made.
    pub fn new(state: State, me: u8) -> Searched {
        let mut s = Searched { state, me };
        s.pass_others();
        s
    }

    /// Makes the decisions of other seats that only their hidden cards call for.
    fn pass_others(&mut self) {
        while let Some(q) = self.state.decider() {
            if q == self.me {
                return;
            }
            let mv = match self.state.top() {
                Some(Frame::Answer { .. }) => Move::Pass,
                None if self.state.stage == Stage::Before => Move::TurnCards,
                _ => return,
            };
            self.state.apply(mv);
        }
    }
}

impl Game for Searched {
    type Move = Move;

    fn players(&self) -> usize {
        self.state.seats()
    }

    fn turn(&self) -> Turn {
        Game::turn(&self.state)
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.state.legal_moves(out);
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.state.check(mv).is_ok()
    }

    fn apply(&mut self, mv: Move) {
        self.state.apply(mv);
        self.pass_others();
    }

    fn resolve_chance<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        let id = self.state.resolve(rng);
        self.pass_others();
        id
    }

    fn force_chance(&mut self, outcome: u64) -> bool {
        let done = self.state.force(outcome);
        self.pass_others();
        done
    }

    fn scores(&self, out: &mut [f64]) {
        Game::scores(&self.state, out);
    }

    fn progress(&self) -> usize {
        Game::progress(&self.state)
    }
}
