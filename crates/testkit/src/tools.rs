//! The programs a test needs besides the workspace's own (python3, node). A test whose program is
//! missing fails, saying what to install: it never passes without having checked anything. The
//! one way past that is explicit: `STADT_TEST_SKIP=python3` (a comma-separated list of program
//! names) lets the tests that need a missing python3 skip their check, and each says so on the
//! terminal, past the test harness's capture of a passing test's output.

use std::io::Write;
use std::path::PathBuf;

/// The environment variable that lists the programs whose tests may skip when they are missing.
pub const SKIP_VAR: &str = "STADT_TEST_SKIP";

/// What to install for a program, on the Debian machines the project's `./test` runs on.
fn install_hint(program: &str) -> &'static str {
    match program {
        "python3" => "Python 3.11 or newer (Debian: apt-get install python3; ./test installs it as root)",
        "node" => "Node.js (Debian: apt-get install nodejs; ./test installs it as root)",
        _ => "it",
    }
}

/// The path of an executable `program` in a folder of `PATH`.
pub fn find(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(program)).find(|p| executable(p))
}

/// Whether `path` is a file this process may run.
fn executable(path: &std::path::Path) -> bool {
    #[cfg(unix)]
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| {
        #[cfg(unix)]
        let runnable = m.permissions().mode() & 0o111 != 0;
        #[cfg(not(unix))]
        let runnable = true;
        m.is_file() && runnable
    })
}

/// Whether `STADT_TEST_SKIP` names `program`.
fn skip_allowed(program: &str) -> bool {
    std::env::var(SKIP_VAR).is_ok_and(|v| v.split(',').any(|p| p.trim() == program))
}

/// The path of `program`, which the calling test needs for `purpose`. When it is not on `PATH`
/// the test fails, naming what to install; only when `STADT_TEST_SKIP` names the program does
/// this return None instead, after writing a `SKIPPED` line straight to the terminal.
pub fn require(program: &str, purpose: &str) -> Option<PathBuf> {
    if let Some(path) = find(program) {
        return Some(path);
    }
    let test = std::thread::current().name().unwrap_or("a test").to_string();
    if skip_allowed(program) {
        // Not eprintln!: the harness would capture it and show it only for a failing test.
        let line = format!("SKIPPED in {test}: {purpose} ({program} is not on PATH; {SKIP_VAR} names it)\n");
        let _ = std::io::stderr().write_all(line.as_bytes());
        return None;
    }
    panic!(
        "{test} needs {program} for {purpose}, and no {program} is on PATH. Install {}; or set \
         {SKIP_VAR}={program} to skip this check on purpose (the skip is printed)",
        install_hint(program)
    );
}
