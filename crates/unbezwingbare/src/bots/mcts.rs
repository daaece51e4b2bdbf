//! The MCTS bot: the core's search (`stadt_core::search::mcts`) over games sampled from what the
//! bot sees (`Shown` as `Determinize`, U76), its playouts random, cut after `depth` steps and
//! judged by the points (or a learned evaluation), a win counting beside the margin.

use crate::kind::Unbezwingbare;
use crate::learned;
use crate::moves::Move;
use crate::searched::Searched;
use crate::shown::Shown;
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
pub static BOT: BotDef<Unbezwingbare> = BotDef {
    name: "mcts",
    summary: "the core's MCTS over games sampled from what the bot sees, playouts cut after `depth` steps and judged by the points",
    params: &[
        ParamDef {
            key: "iters",
            default: "200",
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
            help: "how a playout picks its moves",
            kind: ParamKind::Policy,
        },
        ParamDef {
            key: "depth",
            default: "100",
            help: "steps (decisions and chance steps) a playout makes before the position is judged",
            kind: ParamKind::Int { min: 1, max: 100_000 },
        },
        ParamDef {
            key: "eval",
            default: "points",
            help: "how a cut playout is judged: by the points, or by an evaluation file (`stadt --game unbezwingbare learn`)",
            kind: ParamKind::File { words: &["points"], what: "an evaluation file", check: learned::check },
        },
    ],
    full: Full::Changed { after: 2 },
    build: |p: &Params| Box::new(MctsBot::of(p)),
};

/// The core's MCTS, searching games sampled from what it sees.
pub struct MctsBot {
    search: Mcts<Searched, InformedRollout<Searched>, NoPrior>,
    eval: Option<Arc<Weights>>,
}

impl MctsBot {
    /// UCT with `iters` iterations and exploration `c`, playouts with moves picked by `playout`
    /// cut after `depth` steps and judged by the learned evaluation `eval` (None: by the
    /// points); the reward is the mean of the win and the margin (`Reward::Mix`).
    pub fn new(iters: u64, c: f64, playout: Policy, depth: usize, eval: Option<Arc<Weights>>) -> MctsBot {
        let config = Config { depth, ..Config::uct(iters, c, Reward::Mix) };
        MctsBot { search: Mcts::with_prior(config, move || InformedRollout::new(playout), || NoPrior), eval }
    }

    /// The bot a spec's checked parameters describe (`BOT`).
    pub fn of(p: &Params) -> MctsBot {
        let eval = match p.value("eval") {
            Value::File(file) => Some(file.content().expect("an evaluation file's check reads weights")),
            _ => None,
        };
        MctsBot::new(p.int("iters"), p.real("c"), p.policy("playout"), p.int("depth") as usize, eval)
    }
}

impl Agent<Unbezwingbare> for MctsBot {
    fn act(&mut self, obs: &Shown<'_>, rng: &mut Pcg64Mcg) -> Move {
        match &self.eval {
            Some(w) => self.search.choose(
                obs,
                &|s: &Searched, out: &mut [f64]| learned::evaluate(w, &s.state, out),
                rng,
            ),
            None => self.search.choose(obs, &|s: &Searched, out: &mut [f64]| Game::scores(s, out), rng),
        }
    }
}
