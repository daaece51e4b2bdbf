//! Kartenspitze's bots, each an `Agent` of the core that sees only its seat's observation (T6):
//! `random`, `greedy` (the best move by `State::move_value`) and `mcts` (the core's search over
//! games sampled from what the bot sees).

pub mod greedy;
pub mod mcts;
pub mod random;
pub mod registry;

use crate::kind::Kartenspitze;
use stadt_core::agent::Agent;

pub use greedy::GreedyBot;
pub use mcts::MctsBot;
pub use random::RandomBot;

/// The bots' names.
pub const NAMES: [&str; 3] = ["random", "greedy", "mcts"];

/// The bot of this name with its default settings, None for a name not in `NAMES`.
pub fn by_name(name: &str) -> Option<Box<dyn Agent<Kartenspitze>>> {
    Some(match name {
        "random" => Box::new(RandomBot::default()),
        "greedy" => Box::new(GreedyBot::default()),
        "mcts" => Box::new(MctsBot::default()),
        _ => return None,
    })
}
