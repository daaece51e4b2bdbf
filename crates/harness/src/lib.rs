//! stadt-harness: everything around games: the runner that plays agents against each other,
//! tournaments on duplicate decks and their statistics, tuning, benchmarks, and output folders
//! that one run holds at a time.

pub mod actions;
pub mod any_report;
pub mod bench;
pub mod catan;
mod catan_actions;
pub mod catan_bench;
mod catan_plugin;
pub mod catanatron_seat;
pub mod check_bot;
mod die_stadt_actions;
mod die_stadt_plugin;
pub mod entrant;
pub mod hosted;
pub mod human;
pub mod learn;
pub mod limits;
mod manifests;
pub mod plugin;
pub mod provenance;
pub mod runner;
pub mod settings;
pub mod sprt;
pub mod tileset;
pub mod tournament;
pub mod tune;
mod unnamed;
pub mod viewer;
pub mod web;
pub mod weight;
