//! Running a program under test and reading what it did.

use std::ffi::OsStr;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// What a finished command gave: its exit code (-1 when a signal ended it), stdout and stderr.
pub type Outcome = (i32, String, String);

/// Runs a command to its end: (exit code, stdout, stderr).
pub fn run(cmd: &mut Command) -> Outcome {
    let out = cmd.output().unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `program` with `args`.
pub fn run_program<S: AsRef<OsStr>>(program: &str, args: &[S]) -> Outcome {
    run(Command::new(program).args(args))
}

/// Runs `program` with `args` in folder `dir`, with extra environment variables and without the
/// `STADT_BOTS` of the environment the tests run in (a bot folder of the user's must not leak in).
pub fn run_program_in<S: AsRef<OsStr>>(
    program: &str,
    dir: &Path,
    env: &[(&str, &str)],
    args: &[S],
) -> Outcome {
    let mut cmd = Command::new(program);
    cmd.current_dir(dir).args(args).env_remove("STADT_BOTS");
    for (k, v) in env {
        cmd.env(k, v);
    }
    run(&mut cmd)
}

/// Asserts a refused command: exit code 2, every `expect` in its message, no panic. Returns the
/// message, for checks of the caller's own.
pub fn assert_refused(result: Outcome, expect: &[&str]) -> String {
    let (code, out, err) = result;
    assert_eq!(code, 2, "expected a refusal, got exit {code}: {out}{err}");
    for e in expect {
        assert!(err.contains(e), "expected {e:?} in\n{err}");
    }
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// `text` without its lines that hold `needle`: a printed table without the line that names the
/// run's folder or its timing.
pub fn lines_without(text: &str, needle: &str) -> String {
    text.lines().filter(|l| !l.contains(needle)).collect::<Vec<_>>().join("\n")
}

/// Waits until `cond` holds, polling; fails after 60 s naming `what` it waited for.
pub fn wait_for(what: &str, mut cond: impl FnMut() -> bool) {
    let start = Instant::now();
    while !cond() {
        assert!(start.elapsed() < Duration::from_secs(60), "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Sends the signal `name` (`INT` for Ctrl-C, `KILL`, ...) to process `pid` with kill(1).
pub fn signal(pid: u32, name: &str) {
    let status = Command::new("kill").args([&format!("-{name}"), &pid.to_string()]).status();
    assert!(status.as_ref().is_ok_and(|s| s.success()), "kill -{name} {pid}: {status:?}");
}
