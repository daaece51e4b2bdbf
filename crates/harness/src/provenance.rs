//! What produced a result: the build (a hash of the sources that decide results, and the git
//! commit when there is one; computed by `build.rs`).

/// SHA-256 (first 16 hex digits) of every source file that decides results.
pub const SOURCES: &str = env!("STADT_SOURCES");
/// The git commit the binary was built from (`+changes` when the sources differed from it), or
/// `none (no git)`.
pub const COMMIT: &str = env!("STADT_COMMIT");

/// The header of a manifest of `format` for a run of this build started by `command`.
pub fn header(format: &str, command: &str, about: Option<&str>) -> stadt_core::folder::Header {
    stadt_core::folder::Header::new(format, command, about, SOURCES, COMMIT)
}
