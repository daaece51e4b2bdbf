//! die-stadt-bots: the players of Die Stadt.
//!
//! - [`registry`]: Die Stadt's bots by name, for the core's bot layer (`stadt_core::bots`:
//!   parameters, specs, bot files, the bot in another program).
//! - [`bots`]: one file per bot, registered in `bots/mod.rs`; [`helpers`]: what bots share; [`eval`]: position values;
//!   [`prior`]: move priors for search; [`learned`]: the learned evaluation and its files.
//! - [`protocol`]: the messages of `stadt-bot 1` as Die Stadt speaks them; the host side is the
//!   core's (`stadt_core::process_agent`), the bot side too (`stadt_core::serve`).
//!
//! The game trait, the search and the play loop they use are the game-free core's (`stadt-core`).

pub mod bots;
pub mod eval;
pub mod helpers;
pub mod learned;
pub mod prior;
pub mod protocol;
pub mod registry;
