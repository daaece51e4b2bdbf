//! The lookahead bot: the greedy's best `k` moves compared by greedy playouts of a few turns
//! over games dealt from what the seat sees (U76), the same chance outcomes for every kept move
//! (`lookahead.rs`, docs/unbezwingbare/bots.md).

use crate::bots::greedy::weights_of;
use crate::kind::Unbezwingbare;
use crate::lookahead::{Lookahead, Settings};
use crate::moves::Move;
use crate::shown::Shown;
use crate::value::PARAMS as WEIGHT_PARAMS;
use rand_pcg::Pcg64Mcg;
use stadt_core::agent::Agent;
use stadt_core::bots::def::{BotDef, Full};
use stadt_core::bots::params::{ParamDef, ParamKind, Params, defaulted, joined};

/// The registry entry; its full spec names its own parameters and the weights set away from their
/// defaults. The defaults (256 samples, k 8, 1 turn, opponent 0, two weights of its own) were
/// measured best against three greedy seats (docs/unbezwingbare/bots.md, "The lookahead").
pub static BOT: BotDef<Unbezwingbare> = BotDef {
    name: "lookahead",
    summary: "the greedy's best k moves compared by greedy playouts of a few turns over games dealt from what it sees",
    params: &PARAMS,
    full: Full::Changed { after: OWN.len() },
    build: |p: &Params| Box::new(LookaheadBot(Lookahead::with_weights(settings_of(p), weights_of(p)))),
};

/// The lookahead's own parameters; the value's weights (`value::PARAMS`) follow them.
const OWN: [ParamDef; 4] = [
    ParamDef {
        key: "samples",
        default: "256",
        help: "games dealt from what the bot sees, each played out after every kept move",
        kind: ParamKind::Int { min: 1, max: 1_000_000 },
    },
    ParamDef {
        key: "k",
        default: "8",
        help: "the greedy's best moves kept and compared (1: the greedy)",
        kind: ParamKind::Int { min: 1, max: 1000 },
    },
    ParamDef {
        key: "turns",
        default: "1",
        help: "turns begun past the current one before a playout is judged (1: to the end of the bot's turn)",
        kind: ParamKind::Int { min: 1, max: 1000 },
    },
    ParamDef {
        key: "opponent",
        default: "0",
        help: "weight of the best other seat's value subtracted from the bot's at a playout's end",
        kind: ParamKind::Real { min: 0.0, max: 2.0 },
    },
];

/// Every parameter: the lookahead's own, then the weights of its ranking and judgement, the
/// greedy's but for two that judge the end of a turn better (docs/unbezwingbare/bots.md, "The
/// lookahead's weights"): the income a round of others' turns pays (`w_income` 5, the greedy 3.2)
/// and an influence card held (`w_influence` 4, the greedy 2).
const PARAMS: [ParamDef; OWN.len() + WEIGHT_PARAMS.len()] =
    defaulted(defaulted(joined(&OWN, WEIGHT_PARAMS), "w_income", "5"), "w_influence", "4");

/// The settings a spec's checked parameters name.
pub fn settings_of(p: &Params) -> Settings {
    Settings {
        samples: p.int("samples") as usize,
        k: p.int("k") as usize,
        turns: p.int("turns") as u32,
        opponent: p.real("opponent"),
    }
}

/// The lookahead bot as the core's agent.
pub struct LookaheadBot(pub Lookahead);

impl Agent<Unbezwingbare> for LookaheadBot {
    fn act(&mut self, obs: &Shown<'_>, rng: &mut Pcg64Mcg) -> Move {
        self.0.choose(obs.view(), obs.me(), rng)
    }
}
