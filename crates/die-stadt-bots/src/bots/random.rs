//! random: a uniformly random legal move, through the game trait (it knows nothing of Die Stadt
//! but that the table is a game: tile placements are sampled without listing them all).

use die_stadt::kind::DieStadt;
use stadt_core::agent::Agent;
use stadt_core::game::Game;
use die_stadt::observation::Observation;
use stadt_core::bots::params::Params;
use stadt_core::bots::def::{BotDef, Full};
use rand_pcg::Pcg64Mcg;
use die_stadt::moves::Move;

/// The registry entry.
pub static BOT: BotDef<DieStadt> = BotDef {
    name: "random",
    summary: "a uniformly random legal move",
    params: &[],
    full: Full::Every,
    build: |_: &Params| Box::new(Random::default()),
};

/// Picks uniformly among the legal moves.
#[derive(Default)]
pub struct Random {
    moves: Vec<Move>,
}

impl Agent<DieStadt> for Random {
    fn act(&mut self, obs: &Observation, rng: &mut Pcg64Mcg) -> Move {
        obs.table().random_move(&mut self.moves, rng)
    }
}
