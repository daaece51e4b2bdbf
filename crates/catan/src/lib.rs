//! stadt-catan: the rules of *Die Siedler von Catan*, the base game (`docs/catan/rules.md`, rule
//! ids C1–C41) and its expansion *Städte und Ritter* ([`knights`], K1–K85, `game=knights`), as a
//! fast engine with a flat, clonable state. The board's geometry is [`topology`], a board
//! [`board`] and its set-up [`layout`]; a game is a [`state::State`], its moves [`moves`], checked
//! by [`legal`] and applied by [`apply`]. No files, threads or bots.

/// The name `--game` takes (the crate's, which its options name too).
pub const NAME: &str = "catan";

pub mod actions;
pub mod apply;
pub mod board;
pub mod catanatron;
pub mod chance_log;
pub mod deal;
pub(crate) mod devcards;
pub mod domestic;
pub mod ids;
pub mod illegal;
pub mod kind;
pub mod knights;
pub mod layout;
pub mod legal;
pub(crate) mod longest_road;
pub(crate) mod move_value;
pub mod moves;
pub mod observation;
pub mod options;
pub(crate) mod packed;
pub mod picture;
pub mod playable;
pub mod playout;
pub mod production;
pub mod record;
pub(crate) mod robber;
pub mod seat_record;
pub(crate) mod sites;
pub mod spoken;
pub mod state;
pub mod state_json;
pub mod tensor;
pub mod topology;
pub mod trade;
