//! The greedy bot: one move ahead on the documented value of a position (`value.rs`,
//! docs/unbezwingbare/bots.md), its weights as parameters, on the seat's view only (U76).

use crate::greedy::Greedy;
use crate::kind::Unbezwingbare;
use crate::moves::Move;
use crate::shown::Shown;
use crate::value::{PARAMS, WEIGHTS, Weights};
use rand_pcg::Pcg64Mcg;
use stadt_core::agent::Agent;
use stadt_core::bots::def::{BotDef, Full};
use stadt_core::bots::params::Params;

/// The registry entry. Its full spec names the weights set away from their defaults only
/// (`greedy`, `greedy:w_income=3`).
pub static BOT: BotDef<Unbezwingbare> = BotDef {
    name: "greedy",
    summary: "one move ahead on a documented value of the position, its weights as parameters (docs/unbezwingbare/bots.md)",
    params: PARAMS,
    full: Full::Changed { after: 0 },
    build: |p: &Params| Box::new(GreedyBot(Greedy::new(weights_of(p)))),
};

/// The weights a spec's checked parameters name.
pub fn weights_of(p: &Params) -> Weights {
    Weights::from_pairs(WEIGHTS.iter().map(|w| (w.0, p.real(w.0)))).expect("checked weights")
}

/// The greedy bot as the core's agent.
pub struct GreedyBot(pub Greedy);

impl Agent<Unbezwingbare> for GreedyBot {
    fn act(&mut self, obs: &Shown<'_>, rng: &mut Pcg64Mcg) -> Move {
        self.0.choose(obs.view(), obs.me(), rng)
    }
}
