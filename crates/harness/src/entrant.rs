//! Who takes a seat in a game of Die Stadt: a bot of the registry, or an agent from outside the
//! project (a Python callable, say); the seat traits themselves are the core's (`stadt_core::seat`).

use die_stadt::kind::DieStadt;
use stadt_core::bots::def::BotSpec;
use stadt_core::error::Error;
use stadt_core::seat::{OutsideEntrant, Seat, SeatAgent, outside_seed};
use std::sync::Arc;

/// A tournament entrant: a bot or an outside agent.
#[derive(Clone)]
pub enum Entrant {
    /// A bot of the registry (or a bot file).
    Bot(BotSpec<DieStadt>),
    /// An agent from outside the project.
    Outside(Arc<dyn OutsideEntrant<DieStadt>>),
}

impl std::fmt::Debug for Entrant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Entrant({})", self.full())
    }
}

impl Seat<DieStadt> for Entrant {
    fn label(&self) -> &str {
        match self {
            Entrant::Bot(b) => &b.label,
            Entrant::Outside(o) => o.label(),
        }
    }

    fn full(&self) -> String {
        match self {
            Entrant::Bot(b) => b.full(),
            Entrant::Outside(o) => o.spec(),
        }
    }

    fn clairvoyant(&self) -> bool {
        matches!(self, Entrant::Bot(b) if b.clairvoyant())
    }

    fn agent(&self, agent_seed: u64, seat: usize) -> Result<SeatAgent<DieStadt>, Error> {
        match self {
            Entrant::Bot(b) => b.agent(agent_seed, seat),
            Entrant::Outside(o) => o
                .build(outside_seed(agent_seed, seat), seat)
                .map(SeatAgent::Outside)
                .map_err(|message| Error::Agent { label: o.label().to_string(), message }),
        }
    }

    fn can_forfeit(&self) -> bool {
        matches!(self, Entrant::Bot(b) if b.can_forfeit())
    }
}

/// How the full spec of a bot that can forfeit begins (a bot in another program).
pub const FORFEITING_SPEC: &str = "process:";
