//! What produced a result: the build (a hash of the sources that decide results, and the git
//! commit when there is one; computed by `build.rs`).

/// SHA-256 (first 16 hex digits) of every source file that decides results.
pub const SOURCES: &str = env!("STADT_SOURCES");
/// The git commit the binary was built from (`+changes` when the sources differed from it), or
/// `none (no git)`.
pub const COMMIT: &str = env!("STADT_COMMIT");
