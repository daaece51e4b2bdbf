//! The bots of Die Unbezwingbare Stadt, each an `Agent` of the core that sees only its seat's
//! view (U76): `random` and `mcts` (the core's search over games sampled from what the bot sees).

pub mod mcts;
pub mod random;
pub mod registry;

pub use mcts::MctsBot;
pub use random::RandomBot;
