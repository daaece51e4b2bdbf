//! The MCTS bot: the core's search (`stadt_core::search::mcts`) over games sampled from what the
//! bot sees (`Observation` as `Determinize`), its playouts random or informed by the move values,
//! each played to the end (a game is at most 18 plays) and judged by who won.

use crate::kind::Kartenspitze;
use crate::learned;
use crate::moves::Move;
use crate::observation::Observation;
use crate::state::State;
use rand_pcg::Pcg64Mcg;
use stadt_core::agent::Agent;
use stadt_core::bots::def::{BotDef, Full};
use stadt_core::bots::params::{ParamDef, ParamKind, Params, Value};
use stadt_core::game::Game;
use stadt_core::learned::Weights;
use stadt_core::search::mcts::{Config, Mcts, NoPrior, Reward};
use stadt_core::search::playout::{InformedRollout, Policy};
use std::sync::Arc;

/// The registry entry (`registry::BOTS`).
pub static BOT: BotDef<Kartenspitze> = BotDef {
    name: "mcts",
    summary: "the core's MCTS over games sampled from what the bot sees, playouts cut after `depth` steps",
    params: &[
        ParamDef {
            key: "iters",
            default: "1000",
            help: "iterations per decision",
            kind: ParamKind::Int { min: 1, max: 10_000_000 },
        },
        ParamDef {
            key: "c",
            default: "0.707107",
            help: "exploration constant",
            kind: ParamKind::Real { min: 0.0, max: 10.0 },
        },
        ParamDef {
            key: "playout",
            default: "random",
            help: "how a playout picks its moves: uniformly, or by the move values",
            kind: ParamKind::Policy,
        },
        ParamDef {
            key: "depth",
            default: "100",
            help: "steps a playout makes before the position is judged",
            kind: ParamKind::Int { min: 1, max: 100_000 },
        },
        ParamDef {
            key: "eval",
            default: "points",
            help: "how a cut playout is judged: by the scores, or by an evaluation file (`stadt --game kartenspitze learn`)",
            kind: ParamKind::File { words: &["points"], what: "an evaluation file", check: learned::check },
        },
    ],
    full: Full::Changed { after: 2 },
    build: |p: &Params| Box::new(MctsBot::of(p)),
};

/// The exploration constant unless told otherwise: 1/sqrt(2), the one UCT's analysis gives for
/// rewards in [0, 1] (the win, shared among tied winners).
pub const MCTS_C: f64 = std::f64::consts::FRAC_1_SQRT_2;

/// Iterations per decision unless told otherwise.
pub const MCTS_ITERS: u64 = 1000;

/// The core's MCTS, searching games sampled from what it sees.
pub struct MctsBot {
    search: Mcts<State, InformedRollout<State>, NoPrior>,
    eval: Option<Arc<Weights>>,
}

impl MctsBot {
    /// Plain UCT with `iters` iterations and exploration `c`, the win as reward, playouts to the
    /// end with moves picked by `playout` (`Policy::Random`: uniformly).
    pub fn new(iters: u64, c: f64, playout: Policy) -> MctsBot {
        MctsBot::judged(iters, c, playout, 100, None)
    }

    /// As `new`, playouts cut after `depth` steps and judged by the learned evaluation `eval`
    /// (None: by the scores).
    pub fn judged(iters: u64, c: f64, playout: Policy, depth: usize, eval: Option<Arc<Weights>>) -> MctsBot {
        let config = Config { depth, ..Config::uct(iters, c, Reward::Win) };
        MctsBot { search: Mcts::with_prior(config, move || InformedRollout::new(playout), || NoPrior), eval }
    }

    /// The bot a spec's checked parameters describe (`BOT`).
    pub fn of(p: &Params) -> MctsBot {
        let eval = match p.value("eval") {
            Value::File(file) => Some(file.content().expect("an evaluation file's check reads weights")),
            _ => None,
        };
        MctsBot::judged(p.int("iters"), p.real("c"), p.policy("playout"), p.int("depth") as usize, eval)
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
        match &self.eval {
            Some(w) => {
                self.search.choose(obs, &|s: &State, out: &mut [f64]| learned::evaluate(w, s, out), rng)
            }
            None => self.search.choose(obs, &|s: &State, out: &mut [f64]| Game::scores(s, out), rng),
        }
    }
}
