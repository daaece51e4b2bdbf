//! Who takes a seat: one of a game's bots, or an agent from outside the project (a Python
//! callable, say) that the runner builds anew for every game it plays in.

use crate::agent::Agent;
use crate::error::Error;
use crate::kind::GameKind;
use crate::seeds::{derive, stream};

/// An agent from outside the project, for one game: it may fail (its code raised an error), and
/// the failure ends the run with its message.
pub trait OutsideAgent<K: GameKind>: Send {
    /// Chooses a move for the player to decide in `obs`, or says why it could not.
    fn act(&mut self, obs: &K::Observation<'_>) -> Result<K::Move, String>;
}

/// A kind of outside agent: its name and how to make one for a game.
pub trait OutsideEntrant<K: GameKind>: Send + Sync {
    /// What results call it.
    fn label(&self) -> &str;
    /// What the manifest records as its spec (`python:NAME`): the outside code itself cannot be
    /// checked, so a resumed run is trusted to bring the same agent under the same name.
    fn spec(&self) -> String;
    /// A new agent for seat `seat` (0-based) of a game, seeded with `seed` (derived from the
    /// game's agent seed and the seat, as a bot's generator is).
    fn build(&self, seed: u64, seat: usize) -> Result<Box<dyn OutsideAgent<K>>, String>;
}

/// What plays a seat: the runner asks it for an agent per game.
pub trait Seat<K: GameKind> {
    /// The label results use.
    fn label(&self) -> &str;
    /// The full spec (every parameter), for manifests.
    fn full(&self) -> String;
    /// Whether the runner reveals the hidden part to it (experiments only).
    fn clairvoyant(&self) -> bool;
    /// The agent for `seat` (0-based) of a game whose agent seed is `agent_seed`.
    fn agent(&self, agent_seed: u64, seat: usize) -> Result<SeatAgent<K>, Error>;
    /// Whether it can forfeit a game (a bot in another program can fail): then games.csv has a
    /// `failure` column.
    fn can_forfeit(&self) -> bool {
        false
    }
}

/// An agent playing one game.
pub enum SeatAgent<K: GameKind> {
    /// One of the game's bots, with the generator the runner keeps for it.
    Bot(Box<dyn Agent<K>>),
    /// One from outside.
    Outside(Box<dyn OutsideAgent<K>>),
}

/// The seed of the agent in `seat` (0-based): its generator's, and what an outside agent or a bot
/// in another program is given.
pub fn outside_seed(agent_seed: u64, seat: usize) -> u64 {
    derive(agent_seed, &[stream::AGENT, seat as u64])
}
