//! The MCTS bot: the core's search (`stadt_core::search::mcts`) over games sampled from what the
//! bot sees (`Observation` as `Determinize`), its playouts random or informed by the move values,
//! each played to the end (a game is at most 18 plays) and judged by who won.

use crate::kind::Kartenspitze;
use crate::moves::Move;
use crate::observation::Observation;
use crate::state::State;
use rand_pcg::Pcg64Mcg;
use stadt_core::agent::Agent;
use stadt_core::game::Game;
use stadt_core::search::mcts::{Config, Mcts, NoPrior, Reward};
use stadt_core::search::playout::{InformedRollout, Policy};

/// The exploration constant unless told otherwise: 1/sqrt(2), the one UCT's analysis gives for
/// rewards in [0, 1] (the win, shared among tied winners).
pub const MCTS_C: f64 = std::f64::consts::FRAC_1_SQRT_2;

/// Iterations per decision unless told otherwise.
pub const MCTS_ITERS: u64 = 1000;

/// The core's MCTS, searching games sampled from what it sees.
pub struct MctsBot {
    search: Mcts<State, InformedRollout<State>, NoPrior>,
}

impl MctsBot {
    /// Plain UCT with `iters` iterations and exploration `c`, the win as reward, playouts to the
    /// end with moves picked by `playout` (`Policy::Random`: uniformly).
    pub fn new(iters: u64, c: f64, playout: Policy) -> MctsBot {
        let config = Config::uct(iters, c, Reward::Win);
        MctsBot { search: Mcts::with_prior(config, move || InformedRollout::new(playout), || NoPrior) }
    }
}

impl Default for MctsBot {
    /// `MCTS_ITERS` iterations, exploration `MCTS_C`, random playouts.
    fn default() -> MctsBot {
        MctsBot::new(MCTS_ITERS, MCTS_C, Policy::Random)
    }
}

impl Agent<Kartenspitze> for MctsBot {
    fn act(&mut self, obs: &Observation<'_>, rng: &mut Pcg64Mcg) -> Move {
        self.search.choose(obs, &|s: &State, out: &mut [f64]| Game::scores(s, out), rng)
    }
}
