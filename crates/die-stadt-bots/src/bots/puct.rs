//! puct: the search of `mcts` with every idea on by default: a greedy-value prior used PUCT-style,
//! tree reuse between a player's own decisions, and playouts cut after 8 tiles and judged by the
//! learned evaluation built in (`eval=learned`, fitted by `stadt learn`). Every parameter is
//! `mcts`'s, so each idea can be switched off one at a time (results/README.md's ablation study).

use crate::bots::mcts::{Defaults, MctsBot, PARAMS, params};
use stadt_core::bots::params::{ParamDef, Params};
use die_stadt::kind::DieStadt;
use stadt_core::bots::def::{BotDef, Full};

static PUCT_PARAMS: [ParamDef; PARAMS] = params(Defaults {
    iters: "1000",
    c: "0.7",
    depth: "8",
    eval: "learned",
    prior: "0.5",
    tau: "4",
    widen: "0",
    reuse: "true",
});

/// The registry entry.
pub static BOT: BotDef<DieStadt> = BotDef {
    name: "puct",
    summary: "mcts with a greedy-value prior (PUCT), tree reuse and a learned evaluation of short playouts",
    params: &PUCT_PARAMS,
    full: Full::Every,
    build: |p: &Params| Box::new(MctsBot::new(p)),
};
