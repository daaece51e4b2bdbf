//! Catan's MCTS: the core's search over games sampled from what the bot sees, its playouts random
//! or informed by Catan's move values (`stadt_core::search::playout`), a playout cut after
//! `depth` steps judged by the points or by a learned evaluation (`learned`).

use crate::learned;
use rand_pcg::Pcg64Mcg;
use stadt_catan::kind::Catan;
use stadt_catan::moves::Move;
use stadt_catan::observation::Observation;
use stadt_catan::state::State;
use stadt_core::agent::Agent;
use stadt_core::game::Game;
use stadt_core::learned::Weights;
use stadt_core::search::mcts::{Config, Mcts, NoPrior, Reward};
use stadt_core::search::playout::{InformedRollout, Policy};
use std::sync::Arc;

/// The exploration constant `mcts` takes unless its spec says otherwise.
pub const MCTS_C: f64 = 0.7;

/// Iterations per decision unless the spec says otherwise.
pub const MCTS_ITERS: u64 = 200;

/// Steps a playout makes before the position is judged, unless the spec says otherwise.
pub const MCTS_DEPTH: usize = 400;

/// The core's MCTS, searching games sampled from what it sees.
pub struct MctsCatan {
    search: Mcts<State, InformedRollout<State>, NoPrior>,
    eval: Option<Arc<Weights>>,
}

impl MctsCatan {
    /// Plain UCT with `iters` iterations, exploration `c` and the win as reward, playouts cut at
    /// 400 steps and judged by the points, their moves picked by `playout` (`Policy::Random`:
    /// uniformly).
    pub fn new(iters: u64, c: f64, playout: Policy) -> MctsCatan {
        MctsCatan::judged(iters, c, playout, MCTS_DEPTH, None)
    }

    /// As `new`, playouts cut after `depth` steps and judged by the learned evaluation `eval`
    /// (None: by the points).
    pub fn judged(
        iters: u64,
        c: f64,
        playout: Policy,
        depth: usize,
        eval: Option<Arc<Weights>>,
    ) -> MctsCatan {
        let config = Config { depth, ..Config::uct(iters, c, Reward::Win) };
        MctsCatan {
            search: Mcts::with_prior(config, move || InformedRollout::new(playout), || NoPrior),
            eval,
        }
    }
}

impl Agent<Catan> for MctsCatan {
    fn act(&mut self, obs: &Observation<'_>, rng: &mut Pcg64Mcg) -> Move {
        match &self.eval {
            Some(w) => {
                self.search.choose(obs, &|s: &State, out: &mut [f64]| learned::evaluate(w, s, out), rng)
            }
            None => self.search.choose(obs, &|s: &State, out: &mut [f64]| Game::scores(s, out), rng),
        }
    }
}
