//! The random bot: uniform among the legal moves of what it sees.

use crate::kind::Kartenspitze;
use crate::moves::Move;
use crate::observation::Observation;
use rand::RngExt;
use rand_pcg::Pcg64Mcg;
use stadt_core::agent::Agent;
use stadt_core::game::Determinize;

/// Uniform among the legal moves.
#[derive(Default)]
pub struct RandomBot {
    moves: Vec<Move>,
}

impl Agent<Kartenspitze> for RandomBot {
    fn act(&mut self, obs: &Observation<'_>, rng: &mut Pcg64Mcg) -> Move {
        obs.legal_moves(&mut self.moves);
        self.moves[rng.random_range(0..self.moves.len())]
    }
}
