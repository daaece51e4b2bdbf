//! stadt-testgame: Kartenspitze, a card game invented to test that a game plugs into the
//! harness through its own crate alone (issue 56). Its rules T1–T6 are
//! docs/kartenspitze/rules.md: 18 cards, hidden hands, a card played onto a public pile, a
//! draw as the chance move, 2 to 4 players.
//!
//! - [`rules`]: the fixed numbers; [`options`]: the `hand` option, parsed and typed.
//! - [`moves`]: hands, moves and chance outcomes; [`text`]: them as text and back.
//! - [`state`]: the engine, one flat `Copy` state; [`playable`]: it as the core's `Game`;
//!   [`errors`]: a set-up, move or draw the rules refuse, each naming its rule.
//! - [`observation`]: what a seat sees, and samples of it (the core's `Determinize`).
//! - [`record`]: records that replay without the seed, and the public record a seat is shown;
//!   [`seat_record`]: a game rebuilt from the record a seat is shown (a bot served elsewhere).
//! - [`picture`]: the game as SVG; [`kind`]: the core's `GameKind` adapter.
//! - [`bots`]: `random`, `greedy` and `mcts`; [`learned`]: the features `stadt learn` fits.
//! - [`plugin`]: the game as a plug-in of the harness; [`spoken`]: in the bot protocol.

/// The name `--game` takes.
pub const NAME: &str = "kartenspitze";

pub mod actions;
pub mod bots;
pub mod errors;
pub mod kind;
pub mod learned;
pub mod moves;
pub mod observation;
pub mod options;
pub mod picture;
pub mod playable;
pub mod plugin;
pub mod record;
pub mod rules;
pub mod seat_record;
pub mod spoken;
pub mod state;
pub mod text;
