//! The random bot: uniform among the legal moves of what it sees.

use rand::RngExt;
use rand_pcg::Pcg64Mcg;
use stadt_catan::kind::Catan;
use stadt_catan::moves::Move;
use stadt_catan::observation::Observation;
use stadt_core::agent::Agent;
use stadt_core::bots::def::{BotDef, Full};
use stadt_core::bots::params::Params;

/// The registry entry.
pub static BOT: BotDef<Catan> = BotDef {
    name: "random",
    summary: "a uniformly random legal move",
    params: &[],
    full: Full::Every,
    build: |_: &Params| Box::new(RandomCatan::default()),
};

/// Uniform among the legal moves of what it sees.
#[derive(Default)]
pub struct RandomCatan {
    moves: Vec<Move>,
}

impl Agent<Catan> for RandomCatan {
    fn act(&mut self, obs: &Observation<'_>, rng: &mut Pcg64Mcg) -> Move {
        // The legal moves depend only on what the player sees (Determinize's own list).
        stadt_core::game::Determinize::legal_moves(obs, &mut self.moves);
        self.moves[rng.random_range(0..self.moves.len())]
    }
}
