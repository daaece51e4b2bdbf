//! stadt-agents: the players of Die Stadt.
//!
//! - [`agent`], [`observation`]: the `Agent` trait and what an agent sees (never the hidden order).
//! - [`params`], [`spec`], [`botfile`], [`registry`]: bots by name with checked parameters, bot
//!   settings files, and the list of bots (one line each).
//! - [`bots`]: one file per bot, registered in `bots/mod.rs`; [`helpers`]: what bots share; [`eval`]: position values;
//!   [`prior`]: move priors for search; [`learned`]: the learned evaluation and its files.
//! - [`protocol`], [`process_bot`]: bots in other programs: the messages of `stadt-bot 1`, and
//!   `bot = process` (the process framing is the core's `stadt_core::child`).
//!
//! The game trait, the search and the play loop they use are the game-free core's (`stadt-core`).

pub mod bot_def;
pub mod bot_error;
pub mod botfile;
pub mod bots;
pub mod eval;
pub mod helpers;
pub mod learned;
pub mod params;
pub mod prior;
pub mod process_bot;
pub mod protocol;
pub mod registry;
pub mod seat;
pub mod serve;
pub mod spec;
