//! greedy: the move with the best immediate gain for itself: points now, plus `open` times what the
//! open features it leads are worth (roads and markets as if completed now, residential areas by
//! the markets they border, watchmen by their rows).
//!
//! Moves are tried on a copy of the public table, which stops before the next draw: the hidden tile
//! order is never needed. A tile placement is judged with the best follower choice after it.

use die_stadt::kind::DieStadt;
use stadt_core::agent::Agent;
use crate::helpers::GreedySearch;
use die_stadt::observation::Observation;
use stadt_core::bots::params::{ParamDef, ParamKind, Params};
use stadt_core::bots::def::{BotDef, Full};
use rand_pcg::Pcg64Mcg;
use die_stadt::moves::Move;

/// The registry entry.
pub static BOT: BotDef<DieStadt> = BotDef {
    name: "greedy",
    summary: "best immediate gain: points now plus `open` x the open features it leads",
    params: &[ParamDef {
        key: "open",
        default: "0.5",
        help: "weight of the open features it leads (roads, markets, residential areas, watchmen's rows)",
        kind: ParamKind::Real { min: -10.0, max: 10.0 },
    }],
    full: Full::Every,
    build: |p: &Params| Box::new(Greedy::new(p.real("open"))),
};

/// The greedy agent.
pub struct Greedy {
    open: f64,
    search: GreedySearch,
}

impl Greedy {
    /// A greedy agent with weight `open` on open features.
    pub fn new(open: f64) -> Greedy {
        Greedy { open, search: GreedySearch::default() }
    }
}

impl Agent<DieStadt> for Greedy {
    fn act(&mut self, obs: &Observation, rng: &mut Pcg64Mcg) -> Move {
        self.search.best(obs.table(), self.open, rng)
    }
}
