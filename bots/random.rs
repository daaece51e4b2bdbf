//! random: a uniformly random legal move.

use crate::agent::{Agent, BotDef, Observation, Params};
use crate::moves::{Move, Step};
use rand::RngExt;
use rand_pcg::Pcg64Mcg;

/// The registry entry.
pub static BOT: BotDef = BotDef {
    name: "random",
    summary: "a uniformly random legal move",
    params: &[],
    build: |_: &Params| Box::new(Random::default()),
};

/// Picks uniformly among the legal moves.
#[derive(Default)]
pub struct Random {
    moves: Vec<Move>,
}

impl Agent for Random {
    fn act(&mut self, obs: &Observation, rng: &mut Pcg64Mcg) -> Move {
        if obs.table().step() == Step::PlaceTile {
            return obs.table().sample_tile_move(rng);
        }
        obs.legal_moves(&mut self.moves);
        self.moves[rng.random_range(0..self.moves.len())]
    }
}
