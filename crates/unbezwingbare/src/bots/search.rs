//! The search bot: the core's MCTS over games sampled from what the seat sees (U76), with the
//! greedy's prior and playouts to the end of the seat's turn, judged by the documented value
//! (`search.rs`, docs/unbezwingbare/bots.md).

use crate::kind::Unbezwingbare;
use crate::moves::Move;
use crate::search::{LEAF_SCALE, Search, config};
use crate::shown::Shown;
use crate::value::Weights;
use rand_pcg::Pcg64Mcg;
use stadt_core::agent::Agent;
use stadt_core::bots::def::{BotDef, Full};
use stadt_core::bots::params::{ParamDef, ParamKind, Params};
use stadt_core::search::mcts::Config;

/// The registry entry.
pub static BOT: BotDef<Unbezwingbare> = BotDef {
    name: "search",
    summary: "the core's MCTS over games sampled from what the bot sees, the greedy's prior and playouts to the end of its turn, judged by the greedy's value",
    params: &[
        ParamDef {
            key: "iters",
            default: "400",
            help: "iterations per decision (unless ms is set)",
            kind: ParamKind::Int { min: 1, max: 10_000_000 },
        },
        ParamDef {
            key: "ms",
            default: "0",
            help: "milliseconds per decision instead of iterations (0: by iterations)",
            kind: ParamKind::Int { min: 0, max: 600_000 },
        },
        ParamDef {
            key: "c",
            default: "0.2",
            help: "exploration constant",
            kind: ParamKind::Real { min: 0.0, max: 10.0 },
        },
        ParamDef {
            key: "prior",
            default: "2",
            help: "weight of the greedy's prior (PUCT)",
            kind: ParamKind::Real { min: 0.0, max: 100.0 },
        },
        ParamDef {
            key: "temperature",
            default: "5",
            help: "the prior's softmax temperature over the greedy's move values",
            kind: ParamKind::Real { min: 0.01, max: 1000.0 },
        },
    ],
    full: Full::Changed { after: 1 },
    build: |p: &Params| {
        let cfg =
            Config { ms: p.int("ms"), prior: p.real("prior"), c: p.real("c"), ..config(p.int("iters")) };
        Box::new(SearchBot(Search::new(cfg, Weights::default(), p.real("temperature"), 0.0, LEAF_SCALE)))
    },
};

/// The search bot as the core's agent.
pub struct SearchBot(pub Search);

impl Agent<Unbezwingbare> for SearchBot {
    fn act(&mut self, obs: &Shown<'_>, rng: &mut Pcg64Mcg) -> Move {
        self.0.choose(obs.observation(), rng)
    }
}
