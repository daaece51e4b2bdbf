//! mybot: the k-th legal move (counted from 0, wrapping around).

use die_stadt::kind::DieStadt;
use die_stadt::moves::Move;
use die_stadt::observation::Observation;
use rand_pcg::Pcg64Mcg;
use stadt_core::agent::Agent;
use stadt_core::bots::def::{BotDef, Full};
use stadt_core::bots::params::{ParamDef, ParamKind, Params};

/// The registry entry.
pub static BOT: BotDef<DieStadt> = BotDef {
    name: "mybot",
    summary: "the k-th legal move",
    params: &[ParamDef {
        key: "k",
        default: "0",
        help: "which legal move to take",
        kind: ParamKind::Int { min: 0, max: 1000 },
    }],
    full: Full::Every,
    build: |p: &Params| Box::new(MyBot { k: p.int("k") as usize, moves: Vec::new() }),
};

/// Takes the k-th legal move.
pub struct MyBot {
    k: usize,
    moves: Vec<Move>,
}

impl Agent<DieStadt> for MyBot {
    fn act(&mut self, obs: &Observation, _rng: &mut Pcg64Mcg) -> Move {
        obs.legal_moves(&mut self.moves);
        self.moves[self.k % self.moves.len()]
    }
}
