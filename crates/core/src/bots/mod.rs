//! The game-free bot layer: a game's bots by name with checked parameters, whatever the game.
//!
//! - [`params`]: parameters, each with a default, a help line and a kind with its valid range;
//!   [`def`]: a bot's entry (`BotDef`) and a bot chosen with all its parameters (`BotSpec`);
//!   [`error`]: why a spec or a bot file is refused.
//! - [`roster`]: a game's bots (its bots crate lists them in `registry.rs`); [`spec`]: specs
//!   parsed against them; [`split`]: lists of bots split on commas; [`listing`]: a game's bots
//!   for listings that serve every game.
//! - [`file`], [`dirs`]: bot files (named settings of a bot) and the folders they are found in.
//! - [`process`]: `bot = process`, a bot in another program, for any game that speaks
//!   `stadt-bot 1`; [`seat`]: a spec takes a seat in the runner.

pub mod def;
pub mod dirs;
pub mod error;
pub mod file;
pub mod listing;
pub mod params;
pub mod process;
pub mod roster;
pub mod seat;
pub mod spec;
pub mod split;
