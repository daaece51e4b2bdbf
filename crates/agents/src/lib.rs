//! stadt-agents: players of Die Stadt, and search that works on any game.
//!
//! - [`agent`], [`observation`]: the `Agent` trait and what an agent sees (never the hidden order).
//! - [`params`], [`spec`], [`botfile`], [`registry`]: bots by name with checked parameters, bot
//!   settings files, and the list of bots (one line each).
//! - [`bots`]: one file per bot, registered in `bots/mod.rs`; [`helpers`]: what bots share; [`eval`]: position values;
//!   [`prior`]: move priors for search; [`learned`]: the learned evaluation and its files.
//! - [`child`], [`protocol`], [`process_bot`]: bots in other programs: lines of JSON over a
//!   process's pipes (knowing no game), the messages of `stadt-bot 1`, and `bot = process`.
//! - [`game`]: the thin game trait; [`die_stadt`]: the engine through it; [`search`]: MCTS over
//!   it; [`play`]: playing a game to its end through it.

pub mod agent;
pub mod bot_def;
pub mod bot_error;
pub mod botfile;
pub mod bots;
pub mod child;
pub mod die_stadt;
pub mod eval;
pub mod game;
pub mod helpers;
pub mod learned;
pub mod observation;
pub mod params;
pub mod play;
pub mod prior;
pub mod process_bot;
pub mod protocol;
pub mod registry;
pub mod search;
pub mod seeds;
pub mod serve;
pub mod spec;
