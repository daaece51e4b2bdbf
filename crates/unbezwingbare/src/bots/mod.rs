//! The bots of Die Unbezwingbare Stadt, each an `Agent` of the core that sees only its seat's
//! view (U76): `random`, `greedy` (one move ahead on the documented value), `lookahead` (the
//! greedy's best moves compared by short greedy playouts), `search` (the core's MCTS with the
//! greedy's prior and playouts) and `mcts` (the core's generic search over games
//! sampled from what the bot sees).

pub mod greedy;
pub mod lookahead;
pub mod mcts;
pub mod random;
pub mod registry;
pub mod search;

pub use mcts::MctsBot;
pub use random::RandomBot;
