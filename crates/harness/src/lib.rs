//! stadt-harness: everything around games: the runner that plays agents against each other,
//! tournaments on duplicate decks and their statistics, tuning, benchmarks, and output folders
//! that one run holds at a time.

pub mod any_report;
pub mod bench;
pub mod bot_lists;
pub mod catan;
pub mod catan_bench;
pub mod catanatron_seat;
pub mod check_bot;
pub mod entrant;
pub mod games;
pub mod hosted;
pub mod human;
pub mod learn;
pub mod limits;
mod manifests;
pub mod provenance;
pub mod runner;
pub mod settings;
pub mod sprt;
pub mod tileset;
pub mod tournament;
pub mod tune;
pub mod viewer;
pub mod web;
pub mod weight;
