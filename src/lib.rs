//! stadt: a rules engine and research harness for Carcassonne: Die Stadt.

pub mod agent;
pub mod board;
pub mod features;
pub mod game;
pub mod geom;
pub mod moves;
pub mod record;
pub mod scoring;
pub mod table;
pub mod tiles;
pub mod wall;

/// The agents, one file each in `bots/` (found by `build.rs`).
pub mod bots {
    include!(concat!(env!("OUT_DIR"), "/bots_registry.rs"));
}
pub mod alloc_count;
pub mod bench;
pub mod cli;
pub mod eval;
pub mod folder;
pub mod limits;
pub mod output;
pub mod provenance;
pub mod reference;
pub mod render;
pub mod runner;
pub mod scenario;
pub(crate) mod scratch;
pub mod seeds;
pub mod stats;
pub mod stop;
pub mod tournament;
pub mod tune;
