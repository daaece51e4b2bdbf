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
use stadt_core::bots::def::{BotDef, Full};
use stadt_core::bots::params::{ParamDef, ParamKind, Params, Value};
use stadt_core::game::Game;
use stadt_core::learned::Weights;
use stadt_core::search::mcts::{Config, Mcts, NoPrior, Reward};
use stadt_core::search::playout::{InformedRollout, Policy};
use std::sync::Arc;

/// Steps a playout makes before the position is judged, unless the spec says otherwise (the
/// `depth` parameter's default).
pub const MCTS_DEPTH: usize = 400;

/// The registry entry. Its full spec names `iters` and `c` always and the parameters added
/// since only when set, so the specs results recorded before them read as they did.
pub static BOT: BotDef<Catan> = BotDef {
    name: "mcts",
    summary: "the core's MCTS over games sampled from what the bot sees, playouts cut after `depth` steps",
    params: &[
        ParamDef {
            key: "iters",
            default: "200",
            help: "iterations per decision",
            kind: ParamKind::Int { min: 1, max: 10_000_000 },
        },
        ParamDef {
            key: "c",
            default: "0.7",
            help: "exploration constant",
            kind: ParamKind::Real { min: 0.0, max: 10.0 },
        },
        ParamDef {
            key: "playout",
            default: "random",
            help: "how a playout picks its moves: uniformly, or by Catan's move values (sample:K as best:K)",
            kind: ParamKind::Policy,
        },
        ParamDef {
            key: "depth",
            default: "400",
            help: "steps a playout makes before the position is judged",
            kind: ParamKind::Int { min: 1, max: 100_000 },
        },
        ParamDef {
            key: "eval",
            default: "points",
            help: "how a cut playout is judged: by the points, or by an evaluation file (`stadt --game catan learn`)",
            kind: ParamKind::File { words: &["points"], what: "an evaluation file", check: learned::check },
        },
    ],
    full: Full::Changed { after: 2 },
    build: |p: &Params| Box::new(MctsCatan::of(p)),
};

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

    /// The bot a spec's checked parameters describe (`BOT`).
    pub fn of(p: &Params) -> MctsCatan {
        let eval = match p.value("eval") {
            Value::File(file) => Some(file.content().expect("an evaluation file's check reads weights")),
            _ => None,
        };
        MctsCatan::judged(p.int("iters"), p.real("c"), p.policy("playout"), p.int("depth") as usize, eval)
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
