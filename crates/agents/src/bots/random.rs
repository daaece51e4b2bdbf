//! random: a uniformly random legal move.

use crate::agent::{Agent, BotDef, Observation, Params};
use rand::RngExt;
use rand_pcg::Pcg64Mcg;
use stadt_core::moves::{Move, Step};
use stadt_core::table::Table;

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
        random_move(obs.table(), &mut self.moves, rng)
    }
}

/// A legal move drawn uniformly; tile placements are sampled without listing them all.
#[inline]
pub fn random_move(table: &Table, moves: &mut Vec<Move>, rng: &mut Pcg64Mcg) -> Move {
    if table.step() == Step::PlaceTile {
        return table.sample_tile_move(rng);
    }
    table.legal_moves(moves);
    moves[rng.random_range(0..moves.len())]
}
