//! Die Stadt's evaluation files: the core's format (`stadt_core::learned::file`) over Die
//! Stadt's features (`features::LIST`). A bot spec names a file as `eval=PATH`; once checked it
//! reads `eval=PATH@sha256:HASH`, so results record which weights they were played with, and a
//! file changed since is refused.

use crate::learned::features::LIST;
use stadt_core::bots::params::FileValue;
use std::sync::Arc;

pub use stadt_core::learned::Weights;
pub use stadt_core::learned::file::{EvalFileError, FORMAT};

/// Parses the text of an evaluation file of Die Stadt (`path` names it in errors).
pub fn parse(text: &str, path: &str) -> Result<Weights, EvalFileError> {
    stadt_core::learned::file::parse(text, path, &LIST)
}

/// The text of an evaluation file with these weights, `comment` as its first lines.
pub fn text(weights: &Weights, comment: &str) -> String {
    stadt_core::learned::file::text(&LIST, weights, comment)
}

/// Checks an `eval=` value (`PATH` or `PATH@sha256:HASH`): reads and parses the file, refuses it
/// when its hash differs from the one given, and returns the value to record, `PATH@sha256:HASH`,
/// with the weights read (a bot built from the spec uses them, even if the file changes
/// afterwards).
pub fn check(value: &str) -> Result<FileValue, String> {
    let (recorded, weights) = stadt_core::learned::file::read(value, &LIST)?;
    Ok(FileValue { recorded, content: Arc::new(weights) })
}
