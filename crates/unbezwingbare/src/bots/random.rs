//! The random bot: uniform among the legal moves of what it sees.

use crate::kind::Unbezwingbare;
use crate::moves::Move;
use crate::shown::Shown;
use rand::RngExt;
use rand_pcg::Pcg64Mcg;
use stadt_core::agent::Agent;
use stadt_core::game::Determinize;

/// Uniform among the legal moves.
#[derive(Default)]
pub struct RandomBot {
    moves: Vec<Move>,
}

impl Agent<Unbezwingbare> for RandomBot {
    fn act(&mut self, obs: &Shown<'_>, rng: &mut Pcg64Mcg) -> Move {
        obs.legal_moves(&mut self.moves);
        self.moves[rng.random_range(0..self.moves.len())]
    }
}
