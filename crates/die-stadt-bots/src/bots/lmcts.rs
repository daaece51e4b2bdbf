//! lmcts: the search of `mcts` (UCB, no prior, no tree reuse) with its playouts cut after 16 tiles
//! and judged by the learned evaluation built in (`eval=learned`, fitted by `stadt learn`), and a
//! smaller exploration constant (0.5: the learned evaluation's values spread less than a random
//! playout's final scores): the new default search (results/README.md's scaling and strength studies). It
//! plays move for move as `mcts:eval=learned,depth=16,c=0.5`; every other idea of the search
//! (`prior`, `widen`, `expand`, `reuse`, `follow`, `halving`) is a parameter that switches it on (the
//! ablation study, and results/README.md's scaling studies for `halving`).

use crate::bots::mcts::{Defaults, MctsBot, PARAMS, params};
use stadt_core::bots::params::{ParamDef, Params};
use die_stadt::kind::DieStadt;
use stadt_core::bots::def::{BotDef, Full};

static LMCTS_PARAMS: [ParamDef; PARAMS] = params(Defaults {
    iters: "1000",
    c: "0.5",
    depth: "16",
    eval: "learned",
    prior: "0",
    tau: "2",
    widen: "0",
    reuse: "false",
});

/// The registry entry.
pub static BOT: BotDef<DieStadt> = BotDef {
    name: "lmcts",
    summary: "mcts with playouts cut at 16 tiles and judged by the learned evaluation, c=0.5 (the new default search)",
    params: &LMCTS_PARAMS,
    full: Full::Every,
    build: |p: &Params| Box::new(MctsBot::new(p)),
};
