//! The test kit (`crates/testkit`) bound to this package's `stadt` binary, whose path only the
//! package's own integration tests know (`CARGO_BIN_EXE_stadt`). Every other helper is the kit's.

#![allow(dead_code)]

use stadt_testkit::Outcome;
use stadt_testkit::cli::{run_program, run_program_in};
use std::ffi::OsStr;
use std::path::Path;

/// The `stadt` binary of this build.
pub const STADT: &str = env!("CARGO_BIN_EXE_stadt");

/// Runs `stadt` with `args`: (exit code, stdout, stderr).
pub fn stadt<S: AsRef<OsStr>>(args: &[S]) -> Outcome {
    run_program(STADT, args)
}

/// Runs `stadt` in folder `dir` with extra environment variables (and without `STADT_BOTS`).
pub fn stadt_in<S: AsRef<OsStr>>(dir: &Path, env: &[(&str, &str)], args: &[S]) -> Outcome {
    run_program_in(STADT, dir, env, args)
}

/// Runs `stadt --game catan tournament --bots BOTS FLAGS... --out OUT`.
pub fn catan_tournament(bots: &str, out: &Path, flags: &[&str]) -> Outcome {
    let out = out.to_string_lossy();
    let head = ["--game", "catan", "tournament", "--bots", bots];
    stadt(&[&head[..], flags, &["--out", &out]].concat())
}
