//! Who takes a seat: a bot of the registry, or an agent from outside the project (a Python
//! callable, say) that the runner builds anew for every game it plays in.

use crate::error::Error;
use die_stadt::ids::Player;
use die_stadt::moves::Move;
use stadt_agents::agent::Agent;
use stadt_agents::observation::Observation;
use stadt_agents::spec::BotSpec;
use stadt_core::seeds::{derive, stream};
use std::sync::Arc;

/// An agent from outside the project, for one game: it may fail (its code raised an error), and
/// the failure ends the run with its message.
pub trait OutsideAgent: Send {
    /// Chooses a move for `obs.me()`, or says why it could not.
    fn act(&mut self, obs: &Observation) -> Result<Move, String>;
}

/// A kind of outside agent: its name and how to make one for a game.
pub trait OutsideEntrant: Send + Sync {
    /// What results call it.
    fn label(&self) -> &str;
    /// What the manifest records as its spec (`python:NAME`): the outside code itself cannot be
    /// checked, so a resumed run is trusted to bring the same agent under the same name.
    fn spec(&self) -> String;
    /// A new agent for seat `seat` of a game, seeded with `seed` (derived from the game's agent
    /// seed and the seat, as a bot's generator is).
    fn build(&self, seed: u64, seat: Player) -> Result<Box<dyn OutsideAgent>, String>;
}

/// What plays a seat: the runner asks it for an agent per game.
pub trait Seat {
    /// The label results use.
    fn label(&self) -> &str;
    /// The full spec (every parameter), for manifests.
    fn full(&self) -> String;
    /// Whether the runner reveals the real tile order to it (experiments only).
    fn clairvoyant(&self) -> bool;
    /// The agent for `seat` of a game whose agent seed is `agent_seed`.
    fn agent(&self, agent_seed: u64, seat: Player) -> Result<SeatAgent, Error>;
}

/// An agent playing one game.
pub enum SeatAgent {
    /// One of ours, with the generator the runner keeps for it.
    Bot(Box<dyn Agent>),
    /// One from outside.
    Outside(Box<dyn OutsideAgent>),
}

impl Seat for BotSpec {
    fn label(&self) -> &str {
        &self.label
    }

    fn full(&self) -> String {
        BotSpec::full(self)
    }

    fn clairvoyant(&self) -> bool {
        BotSpec::clairvoyant(self)
    }

    fn agent(&self, _: u64, _: Player) -> Result<SeatAgent, Error> {
        Ok(SeatAgent::Bot(self.build()))
    }
}

/// A tournament entrant: a bot or an outside agent.
#[derive(Clone)]
pub enum Entrant {
    /// A bot of the registry (or a bot file).
    Bot(BotSpec),
    /// An agent from outside the project.
    Outside(Arc<dyn OutsideEntrant>),
}

impl std::fmt::Debug for Entrant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Entrant({})", self.full())
    }
}

impl Seat for Entrant {
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

    fn agent(&self, agent_seed: u64, seat: Player) -> Result<SeatAgent, Error> {
        match self {
            Entrant::Bot(b) => b.agent(agent_seed, seat),
            Entrant::Outside(o) => o
                .build(outside_seed(agent_seed, seat), seat)
                .map(SeatAgent::Outside)
                .map_err(|message| Error::Agent { label: o.label().to_string(), message }),
        }
    }
}

/// How the full spec of a bot that can forfeit begins (a bot in another program).
pub const FORFEITING_SPEC: &str = "process:";

impl Entrant {
    /// Whether it can forfeit a game (a bot in another program can fail).
    pub fn can_forfeit(&self) -> bool {
        matches!(self, Entrant::Bot(b) if b.def.name == stadt_agents::process_bot::BOT.name)
    }
}

/// The seed an outside agent in `seat` gets: the one its generator would be seeded with were it
/// one of ours.
pub fn outside_seed(agent_seed: u64, seat: Player) -> u64 {
    derive(agent_seed, &[stream::AGENT, seat.index() as u64])
}
