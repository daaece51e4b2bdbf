//! `--sandbox` holds a hostile bot (issue sandbox): each way out an outside check found is tried
//! by a bot program (`tests/sandbox_bots/hostile.py`), with stadt run as it is here (root, as CI
//! runs it) and, when that is root, once more as an unprivileged user; a bot that remembers the
//! chance it saw names none of it in a replay of the deal; limits forfeit the game by name; and
//! sandboxed games are the games played without it.

mod common;

use common::STADT;
use stadt_testkit::cli::run;
use stadt_testkit::files::repo_path;
use stadt_testkit::tools::require;
use stadt_testkit::{Csv, Row, scratch};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Whether the sandbox's tests go on: python3 (the bots) and bwrap are on PATH, or the test fails
/// saying so, unless `STADT_TEST_SKIP` names them.
fn ready() -> bool {
    require("python3", "its bots, which are Python programs").is_some()
        && require("bwrap", "--sandbox (bubblewrap)").is_some()
}

/// Whether this test runs as root.
fn root() -> bool {
    let out = Command::new("id").arg("-u").output().expect("id");
    String::from_utf8_lossy(&out.stdout).trim() == "0"
}

/// Who runs stadt: the test's own user, or (when that is root) the unprivileged `nobody`, with a
/// copy of the binary in a folder it can reach.
#[derive(Clone, Copy, Debug, PartialEq)]
enum As {
    Me,
    Nobody,
}

/// The users to run as: the test's, and `nobody` too when the test runs as root.
fn users() -> Vec<As> {
    if root() { vec![As::Me, As::Nobody] } else { vec![As::Me] }
}

/// A folder for one case: `bots/` holds the bot programs and is the bots' folder.
struct Case {
    dir: PathBuf,
    who: As,
    stadt: PathBuf,
}

impl Case {
    fn new(name: &str, who: As) -> Case {
        let dir = scratch(&format!("sandbox-{name}-{who:?}")).to_path_buf();
        std::fs::create_dir_all(dir.join("bots")).unwrap();
        for bot in ["hostile.py", "remember.py"] {
            std::fs::copy(repo_path(&format!("tests/sandbox_bots/{bot}")), dir.join("bots").join(bot))
                .unwrap();
        }
        let stadt = if who == As::Nobody {
            let copy = dir.join("stadt");
            std::fs::copy(STADT, &copy).unwrap();
            copy
        } else {
            PathBuf::from(STADT)
        };
        Case { dir, who, stadt }
    }

    /// Writes the bot file `bots/NAME.bot` (a process bot with these lines); its path.
    fn bot(&self, name: &str, lines: &str) -> String {
        let path = self.dir.join("bots").join(format!("{name}.bot"));
        std::fs::write(&path, format!("bot = process\n{lines}\n")).unwrap();
        path.to_string_lossy().into_owned()
    }

    /// Runs stadt with `args` as this case's user, in its folder: (code, stdout, stderr).
    fn stadt(&self, args: &[&str]) -> (i32, String, String) {
        self.stadt_with(args, &[])
    }

    fn stadt_with(&self, args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
        let mut cmd = match self.who {
            As::Me => Command::new(&self.stadt),
            As::Nobody => {
                // Everything it writes is in the case's folder, which becomes nobody's.
                self.give_to_nobody();
                let mut cmd = Command::new("setpriv");
                cmd.args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"]).arg(&self.stadt);
                cmd.env("HOME", &self.dir);
                cmd
            }
        };
        cmd.args(args).current_dir(&self.dir).envs(env.iter().copied());
        run(&mut cmd)
    }

    /// `PREFIX... stadt --sandbox tournament --bots BOTS ...` (2 games, 2 players, into `out`) as
    /// this case's user, where PREFIX is a program that starts the rest (in a terminal, with a
    /// key); asserts that it succeeded.
    fn sandboxed_under(&self, prefix: &[&str], bots: &str) {
        let mut args: Vec<&str> = prefix.to_vec();
        if self.who == As::Nobody {
            self.give_to_nobody();
            args.extend(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]);
        }
        let stadt = self.stadt.to_string_lossy().into_owned();
        args.extend([&stadt, "--sandbox", "tournament", "--bots", bots, "--players", "2", "--games", "2"]);
        args.extend(["--threads", "1", "--quiet", "--out", "out"]);
        let (code, out, err) = run(Command::new(args[0]).args(&args[1..]).current_dir(&self.dir));
        assert_eq!(code, 0, "{:?}: {out}{err}", self.who);
    }

    /// Makes everything in the case's folder nobody's, for a stadt run as nobody to write there.
    fn give_to_nobody(&self) {
        let status = Command::new("chown").args(["-R", "65534:65534"]).arg(&self.dir).status().unwrap();
        assert!(status.success());
    }

    /// A tournament of `bots` against `random` in 2-player games under --sandbox: its folder.
    fn tournament(&self, bots: &str, out: &str) -> PathBuf {
        let bots = format!("{bots},random");
        let mut args = vec!["--sandbox", "tournament", "--bots", &bots, "--players", "2", "--games", "2"];
        args.extend(["--seed", "5", "--threads", "1", "--quiet", "--out", out]);
        let (code, out_text, err) = self.stadt(&args);
        assert_eq!(code, 0, "{:?}: {out_text}{err}", self.who);
        self.dir.join(out)
    }
}

/// A folder of the host outside /tmp (which the sandbox replaces with its own scratch, so that a
/// file there would prove nothing) that every user may write: /var/tmp.
fn host_folder() -> PathBuf {
    PathBuf::from("/var/tmp")
}

/// The first `FINDING` line a bot wrote (failures.txt keeps it), as key=value pairs.
fn finding(out: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(out.join("failures.txt")).unwrap_or_default();
    let line = text
        .lines()
        .find_map(|l| l.split_once("FINDING ").map(|(_, f)| f.to_string()))
        .unwrap_or_else(|| panic!("no FINDING in {}: {text}", out.display()));
    line.split_whitespace()
        .filter_map(|kv| kv.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())))
        .collect()
}

/// The value of `key` in a finding.
fn value<'a>(found: &'a [(String, String)], key: &str) -> &'a str {
    found
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("{key} in {found:?}"))
}

/// `games.csv`'s rows.
fn rows(out: &Path) -> Vec<Row> {
    Csv::read(&out.join("games.csv")).into_rows()
}

#[test]
fn point1_the_bot_has_no_capabilities_cannot_unhide_the_results_or_write_outside_its_scratch() {
    if !ready() {
        return;
    }
    for who in users() {
        let case = Case::new("caps", who);
        // The results folder inside the bot's folder: what the sandbox must hide on top of it.
        let out = case.dir.join("bots/out");
        // Not under /tmp, which is the sandbox's own scratch folder.
        let outside = host_folder().join(format!("stadt-sandbox-outside-{who:?}-{}", std::process::id()));
        let _ = std::fs::remove_file(&outside);
        let file = case.bot(
            "caps",
            &format!("command = python3 hostile.py caps {} {}", out.display(), outside.display()),
        );
        let out = case.tournament(&file, "bots/out");
        let found = finding(&out);
        assert_eq!(value(&found, "caps"), "0000000000000000", "{who:?}: {found:?}");
        assert_eq!(value(&found, "uid"), "65534", "{who:?}: an unprivileged user inside: {found:?}");
        for key in ["umount", "manifest", "remount", "outside", "own", "root", "dev", "usr", "userns"] {
            assert_eq!(value(&found, key), "no", "{who:?}: {key}: {found:?}");
        }
        assert!(!outside.exists() && !case.dir.join("bots/written-by-bot").exists(), "{who:?}");
        assert_eq!(&rows(&out)[0]["failure"], "crash", "{who:?}: the bot forfeited as it meant to");
    }
}

#[test]
fn point2_a_bot_cannot_rewrite_its_bot_file_and_a_bot_file_cannot_name_a_folder_outside_its_own() {
    if !ready() {
        return;
    }
    for who in users() {
        let case = Case::new("widen", who);
        let file = case.bot("widen", "");
        case.bot("widen", &format!("command = python3 hostile.py widen {file}"));
        let before = std::fs::read_to_string(&file).unwrap();
        let out = case.tournament(&file, "out");
        assert_eq!(value(&finding(&out), "rewrote"), "no", "{who:?}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), before, "{who:?}: the bot file is unchanged");
    }
    // A bot file whose `dir` leads outside its folder is refused before any game, naming the line,
    // however it leads there: `/`, `..`, or a link in the folder.
    let case = Case::new("widen-dir", As::Me);
    std::os::unix::fs::symlink("/", case.dir.join("bots/up")).unwrap();
    for (dir, shown) in [("/", "/"), ("..", ".."), ("up", "up")] {
        let file =
            case.bot("outside", &format!("command = python3 hostile.py widen x\ntime = 5\ndir = {dir}"));
        let bots = format!("{file},random");
        for sandbox in [true, false] {
            let mut args = vec![
                "tournament",
                "--bots",
                &bots,
                "--players",
                "2",
                "--games",
                "2",
                "--quiet",
                "--out",
                "never",
            ];
            if sandbox {
                args.insert(0, "--sandbox");
            }
            let (code, _, err) = case.stadt(&args);
            assert_eq!(code, 2, "dir = {dir}: {err}");
            assert!(
                err.contains(&format!("line 4: `dir = {shown}` leads to"))
                    && err.contains("outside the bot file's folder"),
                "{err}"
            );
            assert!(!case.dir.join("never").exists());
        }
    }
}

#[test]
fn point3_a_bot_cannot_type_into_the_terminal_that_runs_stadt() {
    if !ready() {
        return;
    }
    for who in users() {
        let case = Case::new("tty", who);
        let file = case.bot("tty", "command = python3 hostile.py tty");
        let bots = format!("{file},random");
        // stadt in a terminal of its own (a pseudo-terminal it controls), as a person runs it.
        let pty = ["python3", "-c", "import pty, sys; pty.spawn(sys.argv[1:])"];
        case.sandboxed_under(&pty, &bots);
        let found = finding(&case.dir.join("out"));
        assert_eq!(value(&found, "tty"), "refused", "{who:?}: {found:?}");
        assert_eq!(value(&found, "sti"), "refused", "{who:?}: {found:?}");
        assert_eq!(value(&found, "session"), "own", "{who:?}: {found:?}");
    }
}

#[test]
fn point4_no_host_socket_no_network_and_a_minimal_environment() {
    if !ready() {
        return;
    }
    for who in users() {
        let case = Case::new("sockets", who);
        // A listener outside /tmp (the sandbox's own), as a daemon's socket would be; stadt has
        // a variable the bot must not see.
        let path = host_folder().join(format!("stadt-{}-{who:?}.sock", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let _listener = std::os::unix::net::UnixListener::bind(&path).unwrap();
        let _ = Command::new("chmod").arg("777").arg(&path).status();
        let file = case.bot(
            "sockets",
            &format!("command = python3 hostile.py sockets {}\nenv = MODEL=big", path.display()),
        );
        // stadt with a variable and an open pipe of its own starter's.
        case.sandboxed_under(&["python3", "-c", WITH_PIPE], &format!("{file},random"));
        let _ = std::fs::remove_file(&path);
        let found = finding(&case.dir.join("out"));
        assert_eq!(value(&found, "socket"), "no", "{who:?}: {found:?}");
        assert_eq!(value(&found, "tcp"), "no", "{who:?}: {found:?}");
        assert_eq!(value(&found, "run"), "none", "{who:?}: {found:?}");
        assert_eq!(value(&found, "home"), "no", "{who:?}: {found:?}");
        assert_eq!(value(&found, "env"), "HOME,LANG,MODEL,PATH,TMPDIR", "{who:?}: {found:?}");
        assert_eq!(value(&found, "canary"), "none", "{who:?}: {found:?}");
        assert_eq!(value(&found, "proc_env"), "no", "{who:?}: {found:?}");
        assert_eq!(value(&found, "inherited"), "none", "{who:?}: {found:?}");
    }
}

/// Starts the command after it with the variable STADT_TEST_CANARY and an open pipe it inherits,
/// as a terminal or a CI runner may leave open.
const WITH_PIPE: &str = r#"
import os, sys
_, w = os.pipe()
os.set_inheritable(w, True)
os.environ["STADT_TEST_CANARY"] = "seen"
os.execvp(sys.argv[1], sys.argv[1:])
"#;

/// Starts `stadt ARGS` in a new session keyring holding the key `name`, as a login session's
/// keyring holds its user's keys (pam_keyinit), through Python's system calls (x86_64, aarch64).
const WITH_KEY: &str = r#"
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
add_key, keyctl = {"x86_64": (248, 250), "aarch64": (217, 219)}[os.uname().machine]
assert libc.syscall(keyctl, 1, b"stadt-test-session") >= 0, ctypes.get_errno()
assert libc.syscall(add_key, b"user", sys.argv[1].encode(), b"secret", 6, ctypes.c_long(-3)) >= 0
os.execvp(sys.argv[2], sys.argv[2:])
"#;

#[test]
fn point4_a_bot_cannot_read_the_keys_of_the_session_that_runs_stadt() {
    if !ready() || !["x86_64", "aarch64"].contains(&std::env::consts::ARCH) {
        return;
    }
    for who in users() {
        let case = Case::new("keyring", who);
        let name = format!("stadt-test-{}", std::process::id());
        let file = case.bot("keyring", &format!("command = python3 hostile.py keyring {name}"));
        let bots = format!("{file},random");
        // The key is made by the user who starts stadt (and then, here, becomes nobody).
        case.sandboxed_under(&["python3", "-c", WITH_KEY, &name], &bots);
        assert_eq!(value(&finding(&case.dir.join("out")), "key"), "none", "{who:?}");
    }
}

#[test]
fn system_calls_no_bot_needs_are_refused() {
    if !ready() || !["x86_64", "aarch64"].contains(&std::env::consts::ARCH) {
        return;
    }
    for who in users() {
        let case = Case::new("syscalls", who);
        let file = case.bot("syscalls", "command = python3 hostile.py syscalls");
        let found = finding(&case.tournament(&file, "out"));
        // EPERM, the filter's answer (outside it: io_uring works, ptrace(TRACEME) works, perf is
        // EACCES or works, TIOCSTI on a pipe is ENOTTY).
        for call in ["io_uring_setup", "perf_event_open", "ptrace", "keyctl", "tiocsti"] {
            assert_eq!(value(&found, call), "1", "{who:?}: {call}: {found:?}");
        }
    }
}

/// Predictions and hits of the remembering bot over a tournament's forfeits (one per game).
fn remembered(out: &Path) -> (u32, u32) {
    let text = std::fs::read_to_string(out.join("failures.txt")).unwrap_or_default();
    let mut totals = (0, 0);
    for line in text.lines().filter_map(|l| l.split_once("FINDING ").map(|(_, f)| f)) {
        for kv in line.split_whitespace() {
            match kv.split_once('=') {
                Some(("predictions", n)) => totals.0 += n.parse::<u32>().unwrap(),
                Some(("hits", n)) => totals.1 += n.parse::<u32>().unwrap(),
                _ => {}
            }
        }
    }
    totals
}

#[test]
fn point5_a_bot_that_remembers_the_draws_and_dice_names_none_of_them_under_the_sandbox() {
    if !ready() {
        return;
    }
    let case = Case::new("remember", As::Me);
    for game in ["die-stadt", "catan"] {
        let extra = if game == "catan" { "game = catan\n" } else { "" };
        let file = case.bot(&format!("remember-{game}"), &format!("{extra}command = python3 remember.py"));
        let bots = format!("{file},random");
        let play = |sandbox: bool, out: &str| {
            let mut args =
                vec!["--game", game, "tournament", "--bots", &bots, "--players", "2", "--games", "20"];
            args.extend(["--seed", "9", "--threads", "1", "--quiet", "--out", out]);
            if sandbox {
                args.insert(0, "--sandbox");
            }
            let home = case.dir.to_string_lossy().into_owned();
            let (code, text, err) = case.stadt_with(&args, &[("HOME", &home)]);
            assert_eq!(code, 0, "{game}: {text}{err}");
            // A bot that named an outcome reports and forfeits; one that remembered nothing plays on.
            let reports = rows(&case.dir.join(out)).iter().filter(|r| &r["failure"] == "crash").count();
            let (predictions, hits) = remembered(&case.dir.join(out));
            (predictions, hits, reports)
        };
        // 10 decks in both seatings: outside the sandbox the bot names the replayed deal's chance
        // (so the test can tell); inside, nothing it saw reaches a later game, not in the same run
        // and not from game 1 of a new run with the same seed.
        let (predictions, hits, reports) = play(false, &format!("{game}-open"));
        assert!(
            reports >= 10 && predictions >= 10 && hits * 4 >= predictions,
            "{game}: {reports} reports, {predictions} predictions, {hits} hits"
        );
        // What the trusted run left in the bot's folder and the host's /tmp goes first.
        for file in [
            case.dir.join("bots/memory.json"),
            case.dir.join("stadt-memory.json"),
            "/tmp/stadt-memory.json".into(),
        ] {
            let _ = std::fs::remove_file(file);
        }
        for out in ["sandboxed", "sandboxed-again"] {
            assert_eq!(play(true, &format!("{game}-{out}")), (0, 0, 0), "{game}: {out}");
        }
    }
}

#[test]
fn point6_tune_hides_its_output_folder_too() {
    if !ready() {
        return;
    }
    for who in users() {
        let case = Case::new("tune", who);
        let out = case.dir.join("bots/tuned");
        let outside = case.dir.join("outside.txt");
        let _ = std::fs::remove_file(&outside);
        let file = case.bot(
            "caps",
            &format!("command = python3 hostile.py caps {} {}", out.display(), outside.display()),
        );
        let args = [
            "--sandbox",
            "tune",
            "--bot",
            "greedy",
            "--against",
            &file,
            "--iterations",
            "1",
            "--games-per-eval",
            "2",
            "--verify-games",
            "2",
            "--threads",
            "1",
            "--quiet",
            "--out",
            "bots/tuned",
        ];
        let (code, text, err) = case.stadt(&args);
        assert_eq!(code, 0, "{who:?}: {text}{err}");
        assert!(out.join("manifest.toml").exists() && out.join("tune.csv").exists());
        // tune writes its opponents' forfeits down as a tournament does: the bot's finding is there.
        let found = finding(&out);
        assert_eq!(value(&found, "manifest"), "no", "{who:?}: {found:?}");
        assert_eq!(value(&found, "caps"), "0000000000000000", "{who:?}: {found:?}");
    }
}

#[test]
fn point7_crossing_a_limit_forfeits_the_game_and_names_the_limit() {
    if !ready() {
        return;
    }
    for who in users() {
        // As root this machine gives stadt a cgroup, which names memory and processes; without
        // one (an unprivileged user here) the rlimits hold them, and the bot's own failure names
        // the game.
        let cgroup = who == As::Me && root();
        let cases = [
            ("memory", "memory = 256\nscratch = 1", if cgroup { "memory" } else { "" }),
            ("processes", "processes = 32", if cgroup { "processes" } else { "" }),
            ("scratch", "scratch = 8", "scratch"),
            ("shm", "scratch = 8", "scratch"),
            ("file-size", "file_size = 1", "file-size"),
        ];
        for (kind, line, named) in cases {
            let case = Case::new(&format!("limit-{kind}"), who);
            let file =
                case.bot(kind, &format!("command = python3 hostile.py limit {kind}\n{line}\ntime = 20"));
            let out = case.tournament(&file, "out");
            let games = rows(&out);
            let failures: Vec<&str> =
                games.iter().filter(|r| &r["bot"] == kind).map(|r| &r["failure"]).collect();
            if named.is_empty() {
                // Held without a name: the bot was refused (its finding says so) and went on.
                let found = finding_any(&out);
                assert!(found.contains("refused"), "{who:?} {kind}: {found} {failures:?}");
            } else {
                assert_eq!(failures, [named, named], "{who:?} {kind}");
                let text = std::fs::read_to_string(out.join("failures.txt")).unwrap();
                assert!(text.contains(&format!("crossed its {named} limit")), "{who:?} {kind}: {text}");
            }
        }
    }
}

/// Every FINDING a tournament's bots left in failures.txt, or (when they did not forfeit) none.
fn finding_any(out: &Path) -> String {
    std::fs::read_to_string(out.join("failures.txt")).unwrap_or_default()
}

#[test]
fn sandboxed_games_are_the_games_played_without_it() {
    if !ready() {
        return;
    }
    let case = Case::new("same", As::Me);
    for (game, example) in [("die-stadt", "random-python.bot"), ("catan", "random-python-catan.bot")] {
        let file = repo_path(&format!("bots/examples/{example}"));
        let bots = format!("{},random", file.display());
        let play = |sandbox: bool| {
            let out = format!("{game}-{sandbox}");
            let mut args =
                vec!["--game", game, "tournament", "--bots", &bots, "--players", "2", "--games", "8"];
            args.extend([
                "--seed",
                "3",
                "--bot-secret",
                "00112233445566778899aabbccddeeff",
                "--quiet",
                "--out",
                &out,
            ]);
            if sandbox {
                args.insert(0, "--sandbox");
            }
            let (code, text, err) = case.stadt(&args);
            assert_eq!(code, 0, "{game}: {text}{err}");
            Csv::read(&case.dir.join(&out).join("games.csv")).without(&["decision_ms", "check"]).to_text()
        };
        let open = play(false);
        assert!(!open.contains(",crash,") && !open.contains(",start,"), "{game}: {open}");
        assert_eq!(play(true), open, "{game}");
    }
}

#[test]
fn the_sandbox_refuses_to_run_where_it_cannot_be_built() {
    if !ready() {
        return;
    }
    let case = Case::new("refuse", As::Me);
    let file = case.bot("random", "command = python3 hostile.py caps x y");
    let bots = format!("{file},random");
    let args = [
        "--sandbox",
        "tournament",
        "--bots",
        &bots,
        "--players",
        "2",
        "--games",
        "2",
        "--quiet",
        "--out",
        "out",
    ];
    // No bubblewrap on PATH.
    let (code, _, err) = case.stadt_with(&args, &[("PATH", "/nonexistent")]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--sandbox needs bubblewrap"), "{err}");
    // A bubblewrap that cannot build the sandbox (as without user namespaces): the trial says so.
    // Not under /tmp, which the set-up as root covers.
    let fake = host_folder().join(format!("stadt-sandbox-fake-bwrap-{}", std::process::id()));
    std::fs::create_dir_all(&fake).unwrap();
    std::fs::write(
        fake.join("bwrap"),
        "#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n",
    )
    .unwrap();
    let _ = Command::new("chmod").arg("755").arg(fake.join("bwrap")).status();
    let path = format!("{}:/usr/bin:/bin", fake.display());
    let (code, _, err) = case.stadt_with(&args, &[("PATH", &path)]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("the sandbox cannot be built here")
            && err.contains("No permissions to create new namespace"),
        "{err}"
    );
    assert!(!case.dir.join("out").exists(), "nothing written");
}
