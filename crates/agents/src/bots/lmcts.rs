//! lmcts: the search of `mcts` (UCB, no prior, no tree reuse) with its playouts cut after 8 tiles
//! and judged by the learned evaluation built in (`eval=learned`, fitted by `stadt learn`): the
//! default search that keeps gaining with compute (the README's scaling table). It plays move
//! for move as `mcts:eval=learned,depth=8`; every other idea of the search (`prior`, `widen`,
//! `expand`, `reuse`) is a parameter that switches it on (the README's ablation table).

use crate::bots::mcts::{Defaults, MctsBot, PARAMS, params};
use crate::params::{ParamDef, Params};
use crate::spec::BotDef;

static LMCTS_PARAMS: [ParamDef; PARAMS] = params(Defaults {
    iters: "1000",
    depth: "8",
    eval: "learned",
    prior: "0",
    tau: "2",
    widen: "0",
    reuse: "false",
});

/// The registry entry.
pub static BOT: BotDef = BotDef {
    name: "lmcts",
    summary: "mcts with playouts cut at 8 tiles and judged by the learned evaluation (the search that scales)",
    params: &LMCTS_PARAMS,
    build: |p: &Params| Box::new(MctsBot::new(p)),
};
