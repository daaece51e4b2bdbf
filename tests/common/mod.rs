//! Helpers shared by the command-line tests: running the `stadt` binary and scratch folders.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `stadt` with `args`: (exit code, stdout, stderr).
pub fn stadt(args: &[&str]) -> (i32, String, String) {
    run(Command::new(env!("CARGO_BIN_EXE_stadt")).args(args))
}

/// Runs `stadt` in folder `dir` with extra environment variables.
pub fn stadt_in(dir: &Path, env: &[(&str, &str)], args: &[&str]) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_stadt"));
    cmd.current_dir(dir).args(args).env_remove("STADT_BOTS");
    for (k, v) in env {
        cmd.env(k, v);
    }
    run(&mut cmd)
}

/// Runs a command: (exit code, stdout, stderr).
pub fn run(cmd: &mut Command) -> (i32, String, String) {
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A scratch folder: removed when the test passes, kept for a look when it fails.
pub struct Scratch(pub PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

/// A fresh, empty scratch folder named after the test.
pub fn scratch(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("stadt-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// Every file in a folder (not recursive) with its bytes.
pub fn snapshot(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .filter(|e| e.path().is_file())
                .map(|e| (e.file_name().to_string_lossy().into_owned(), std::fs::read(e.path()).unwrap()))
                .collect()
        })
        .unwrap_or_default()
}

/// Asserts a refused command: exit code 2, every `expect` in its message, no panic.
pub fn assert_refused(result: (i32, String, String), expect: &[&str]) {
    let (code, out, err) = result;
    assert_eq!(code, 2, "expected a refusal, got exit {code}: {out}{err}");
    for e in expect {
        assert!(err.contains(e), "expected {e:?} in\n{err}");
    }
    assert!(!err.contains("panicked"), "{err}");
}
