//! stadt: a rules engine and research harness for Carcassonne: Die Stadt.

pub mod board;
pub mod features;
pub mod game;
pub mod geom;
pub mod moves;
pub mod scoring;
pub mod table;
pub mod tiles;
pub mod wall;
