//! die-stadt: the rules of Carcassonne: Die Stadt (`docs/die-stadt/rules.md`, rule ids R1-R28) as an exact,
//! fast engine. The public position is a [`table::Table`]; a [`game::Game`] adds the hidden
//! order of the tiles. Records ([`record`]) are read and written as text. No files, threads or
//! bots here.

pub mod actions;
pub mod board;
pub mod features;
pub mod game;
pub mod geom;
pub mod ids;
pub mod kind;
pub mod moves;
pub mod observation;
pub mod pictures;
pub mod playable;
pub mod public_record;
pub mod record;
pub mod scoring;
pub(crate) mod scratch;
pub mod spoken;
pub mod table;
pub mod tensor;
pub mod tiles;
pub mod wall;
