//! stadt-testkit: the test code the workspace's tests share, so that no test file carries a copy
//! of a helper or includes another file by path. A dev-dependency only.
//!
//! - [`cli`]: running a program (the `stadt` binary) and reading what it did; refusals; waiting
//!   for a background run; signals.
//! - [`files`]: scratch folders, snapshots of a folder, files of the repository.
//! - [`csv_file`]: CSV files read into rows by column name, never by position.
//! - [`results`]: a run folder's results compared with another's, timings apart.
//! - [`tools`]: the programs a test needs (python3, node): a test fails when one is missing,
//!   unless the environment opts out of it by name, and then it says that it skipped.
//! - [`bots`]: every registered bot, searchers at a small budget; decks that differ only in
//!   their hidden part.
//! - [`catan`]: Catan's games logged in Catanatron's terms.
//! - [`catan_geometry`]: Catan's board geometry derived again, and an exhaustive longest trail.
//! - [`catan_knights`]: the counts every position of Städte und Ritter keeps.
//! - [`die_stadt`]: Die Stadt's position builder and its slow, independent reference of the rules.
//! - [`rule_coverage`]: which rules of a game's rules document have a focused test.
//!
//! The `stadt` binary's path is known only to the root package's integration tests
//! (`env!("CARGO_BIN_EXE_stadt")`): they hand it to [`cli`] through `tests/common/mod.rs`.

pub mod bots;
pub mod catan;
pub mod catan_geometry;
pub mod catan_knights;
pub mod cli;
pub mod csv_file;
pub mod die_stadt;
pub mod files;
pub mod results;
pub mod rule_coverage;
pub mod tools;

pub use cli::{Outcome, assert_refused, run, wait_for};
pub use csv_file::{Csv, Row, edited};
pub use files::{Scratch, read, scratch, snapshot};
