//! Catan's MCTS: the core's search over games sampled from what the bot sees, its playouts random
//! or informed by Catan's move values (`stadt_core::search::playout`).

use rand_pcg::Pcg64Mcg;
use stadt_catan::kind::Catan;
use stadt_catan::moves::Move;
use stadt_catan::observation::Observation;
use stadt_catan::state::State;
use stadt_core::agent::Agent;
use stadt_core::game::Game;
use stadt_core::search::mcts::{Config, Mcts, NoPrior, Reward};
use stadt_core::search::playout::{InformedRollout, Policy};

/// The exploration constant `mcts` takes unless its spec says otherwise.
pub const MCTS_C: f64 = 0.7;

/// Iterations per decision unless the spec says otherwise.
pub const MCTS_ITERS: u64 = 200;

/// The core's MCTS, searching games sampled from what it sees.
pub struct MctsCatan {
    search: Mcts<State, InformedRollout<State>, NoPrior>,
}

impl MctsCatan {
    /// Plain UCT with `iters` iterations, exploration `c` and the win as reward, playouts cut at
    /// 400 steps, their moves picked by `playout` (`Policy::Random`: uniformly).
    pub fn new(iters: u64, c: f64, playout: Policy) -> MctsCatan {
        let config = Config { depth: 400, ..Config::uct(iters, c, Reward::Win) };
        MctsCatan { search: Mcts::with_prior(config, move || InformedRollout::new(playout), || NoPrior) }
    }
}

impl Agent<Catan> for MctsCatan {
    fn act(&mut self, obs: &Observation<'_>, rng: &mut Pcg64Mcg) -> Move {
        self.search.choose(obs, &|s: &State, out: &mut [f64]| Game::scores(s, out), rng)
    }
}
