//! Bots in other programs through the binary (docs/bot-protocol.md): stadt's own bots served over
//! the protocol play exactly as themselves; every kind of failure is a forfeit written in the
//! results, or stops the run when asked; Ctrl-C leaves no bot process behind; `check-bot` passes
//! the examples and names the first violation of a faulty bot; the host never uses a shell, stays
//! small under a flood, and gives a bot no way into the results folder.

mod common;

use common::{STADT, stadt, stadt_in};
use stadt_testkit::cli::signal;
use stadt_testkit::files::{repo_path, repo_text};
use stadt_testkit::tools::require;
use stadt_testkit::{Csv, Row, scratch, snapshot};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// Writes `NAME.bot` (a process bot with these extra lines) into `dir`; returns its path.
fn bot_file(dir: &Path, name: &str, lines: &str) -> String {
    let path = dir.join(format!("{name}.bot"));
    std::fs::write(&path, format!("bot = process\n{lines}\n")).unwrap();
    path.to_string_lossy().into_owned()
}

/// A stadt bot served over the protocol by this build's binary.
fn served(dir: &Path, name: &str, spec: &str) -> String {
    bot_file(dir, name, &format!("command = [\"{STADT}\", \"serve-bot\", \"--bot\", \"{spec}\"]\ntime = 30"))
}

/// A faulty bot: a Python program that plays random legal moves until the `fault` of its mode.
const FAULTY: &str = r#"
import json, os, sys, time
mode = sys.argv[1]
decisions = 0
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        if mode == "start":
            time.sleep(60)
        print(json.dumps({"type": "ready", "extra": "ignored"}), flush=True)
    elif m["type"] == "decide":
        decisions += 1
        if decisions < 3:
            print(json.dumps({"type": "log", "text": "a message of a later version"}), flush=True)
            print(json.dumps({"type": "move", "move": m["moves"][0], "unknown": [1, 2]}), flush=True)
            continue
        print("about to fail: " + mode, file=sys.stderr, flush=True)
        if mode == "timeout":
            time.sleep(60)
        elif mode == "crash":
            sys.exit(3)
        elif mode == "malformed":
            print("this is not json", flush=True)
        elif mode == "line-too-long":
            print("x" * 5000, flush=True)
        elif mode == "illegal-move":
            print(json.dumps({"type": "move", "move": "tile 99 99 0"}), flush=True)
        elif mode == "closed-pipe":
            os.close(0)
            print(json.dumps({"type": "move", "move": m["moves"][0]}), flush=True)
            time.sleep(60)
"#;

/// `games.csv`'s rows.
fn rows(dir: &Path) -> Vec<Row> {
    Csv::read(&dir.join("games.csv")).into_rows()
}

/// The columns of `games.csv` that hold results (not `failure`, `decision_ms` or `check`); every
/// `failure` must be empty.
fn results(dir: &Path) -> Vec<Row> {
    let games = Csv::read(&dir.join("games.csv"));
    let mut left_out = vec!["decision_ms", "check"];
    if games.has("failure") {
        for r in games.rows() {
            assert_eq!(&r["failure"], "", "no bot failed: {r:?}");
        }
        left_out.push("failure");
    }
    games.without(&left_out).into_rows()
}

/// The arguments of `stadt tournament --bots BOTS --players P --games G --seed S --threads T
/// --quiet --out OUT`; a caller adds flags of its own.
fn tournament_args(bots: &str, players: u32, games: u32, seed: u32, threads: u32, out: &Path) -> Vec<String> {
    let mut args: Vec<String> = vec!["tournament".into(), "--bots".into(), bots.into()];
    for (flag, value) in
        [("--players", players), ("--games", games), ("--seed", seed), ("--threads", threads)]
    {
        args.extend([flag.to_string(), value.to_string()]);
    }
    args.extend(["--quiet".into(), "--out".into(), out.to_string_lossy().into_owned()]);
    args
}

/// Whether a test whose bots are Python programs goes on: python3 is on PATH, or the test fails
/// saying so, unless `STADT_TEST_SKIP=python3` skips it on purpose.
fn python_bots() -> bool {
    require("python3", "its bots, which are Python programs").is_some()
}

/// A bot that plays the first legal move and appends every seed it is told to `seeds.txt`.
const SEED_LOGGER: &str = r#"
import json, sys
with open("seeds.txt", "a") as seeds:
    for line in sys.stdin:
        m = json.loads(line)
        if m["type"] == "hello":
            print(json.dumps({"type": "ready"}), flush=True)
        elif m["type"] == "new_game":
            seeds.write(str(m["seed"]) + "\n")
            seeds.flush()
        elif m["type"] == "decide":
            print(json.dumps({"type": "move", "move": m["moves"][0]}), flush=True)
"#;

#[test]
fn a_bot_is_told_seeds_from_the_run_secret_not_from_the_run_seed() {
    if !python_bots() {
        return;
    }
    let dir = scratch("protocol-secret");
    std::fs::write(dir.join("logger.py"), SEED_LOGGER).unwrap();
    let bots = format!("{},random", bot_file(&dir, "logger", "command = python3 logger.py"));
    let (a, b) = ("0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210");
    let run = |out: &str, secret: Option<&str>| {
        let _ = std::fs::remove_file(dir.join("seeds.txt"));
        let out = dir.join(out);
        let mut args = tournament_args(&bots, 2, 4, 9, 1, &out);
        if let Some(s) = secret {
            args.extend(["--bot-secret".into(), s.into()]);
        }
        let (code, _, err) = stadt(&args);
        assert_eq!(code, 0, "{err}");
        let manifest = std::fs::read_to_string(out.join("manifest.toml")).unwrap();
        let seeds = std::fs::read_to_string(dir.join("seeds.txt")).unwrap_or_default();
        (seeds.lines().map(String::from).collect::<Vec<_>>(), manifest, out)
    };
    let (first, manifest, _) = run("a1", Some(a));
    assert_eq!(first.len(), 4, "a seed for each game: {first:?}");
    assert!(manifest.contains(&format!("bot_secret = \"{a}\"")), "{manifest}");
    assert_eq!(run("a2", Some(a)).0, first, "equal secrets, equal seeds");
    let other = run("b", Some(b)).0;
    assert!(other.iter().all(|s| !first.contains(s)), "another secret, unrelated seeds: {first:?} {other:?}");

    // Without --bot-secret a run draws its own and records it; the same command in the folder
    // goes on with the recorded one, and another secret there is refused.
    let (drawn, manifest, out) = run("own", None);
    assert!(drawn.iter().all(|s| !first.contains(s) && !other.contains(s)), "{drawn:?}");
    let recorded = manifest.lines().find(|l| l.starts_with("bot_secret = ")).expect("recorded").to_string();
    let (_, again, _) = run("own", None);
    assert!(again.contains(&recorded), "{again}");
    let mut args = tournament_args(&bots, 2, 4, 9, 1, &out);
    args.extend(["--bot-secret".into(), a.into()]);
    let (code, _, err) = stadt(&args);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("bot secret") || err.contains("bot-secret"), "{err}");
}

#[test]
fn stadts_bots_served_over_the_protocol_play_whole_games_and_repeat_them_under_one_secret() {
    let dir = scratch("protocol-served");
    let bots = dir.join("bots");
    std::fs::create_dir_all(&bots).unwrap();
    // Named as the bots themselves, so the labels in the results are the same.
    let greedy = served(&bots, "greedy", "greedy");
    let mcts = served(&bots, "mcts:iters=40", "mcts:iters=40");
    let list = format!("{greedy},{mcts},random");
    let run = |out: &Path, secret: &str| {
        let mut args = tournament_args(&list, 3, 6, 5, 2, out);
        args.extend(["--bot-secret".into(), secret.into()]);
        let (code, _, err) = stadt(&args);
        assert_eq!(code, 0, "{err}");
        results(out)
    };
    let (x, y) = ("0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210");
    let (a, b, c) = (dir.join("a"), dir.join("b"), dir.join("c"));
    let (first, again, other) = (run(&a, x), run(&b, x), run(&c, y));
    assert_eq!(first.len(), 3 * 6);
    // The served bots' generators take the seeds they are told: the same under one secret, and
    // other games under another (mcts draws at every iteration).
    assert_eq!(first, again, "the served bots played other games under the same secret");
    assert_ne!(first, other, "another secret, and the served bots played the same games");
    assert_eq!(
        std::fs::read_to_string(a.join("pairs.csv")).unwrap(),
        std::fs::read_to_string(b.join("pairs.csv")).unwrap()
    );
    let manifest = std::fs::read_to_string(a.join("manifest.toml")).unwrap();
    assert!(manifest.contains("serve-bot") && manifest.contains("bot_file_sha256="), "{manifest}");
}

#[test]
fn every_failure_is_a_forfeit_in_the_results_with_the_bots_last_stderr_lines() {
    if !python_bots() {
        return;
    }
    let dir = scratch("protocol-failures");
    std::fs::write(dir.join("faulty.py"), FAULTY).unwrap();
    for mode in ["start", "timeout", "crash", "malformed", "line-too-long", "illegal-move", "closed-pipe"] {
        let kind = if mode == "start" { "timeout" } else { mode };
        let file = bot_file(
            &dir,
            &format!("faulty-{mode}"),
            &format!("command = python3 faulty.py {mode}\ntime = 0.5\nstart_time = 1\nmax_line = 1024"),
        );
        let out = dir.join(format!("out-{mode}"));
        let start = Instant::now();
        let (code, _, err) = stadt(&tournament_args(&format!("{file},random"), 2, 2, 3, 1, &out));
        assert_eq!(code, 0, "{mode}: {err}");
        assert!(start.elapsed() < Duration::from_secs(30), "{mode}: the run hung");
        let rows = rows(&out);
        assert_eq!(rows.len(), 4, "{mode}: both games written");
        for r in &rows {
            if r["bot"] == format!("faulty-{mode}") {
                assert_eq!(&r["failure"], kind, "{mode}: {r:?}");
                let place = (&r["rank"], &r["win_share"]);
                assert_eq!(place, ("2", "0"), "{mode}: the forfeiting bot ranks last: {r:?}");
            } else {
                assert_eq!(&r["failure"], "", "{mode}: {r:?}");
                assert_eq!((&r["rank"], &r["win_share"]), ("1", "1"), "{mode}: {r:?}");
            }
            assert_eq!(&r["ended_by"][..3], "R23", "{mode}: the game was played to its end: {r:?}");
        }
        let failures = std::fs::read_to_string(out.join("failures.txt")).unwrap();
        assert_eq!(failures.matches("forfeited").count(), 2, "{mode}: {failures}");
        if mode != "start" {
            assert!(
                failures.contains(&format!("| about to fail: {mode}")),
                "{mode}: stderr kept: {failures}"
            );
        }
        let report = std::fs::read_to_string(out.join("report.html")).unwrap();
        assert!(report.contains("forfeit"), "{mode}: the report names the forfeits");
    }
}

#[test]
fn on_bot_failure_stop_stops_the_run_with_the_reason() {
    if !python_bots() {
        return;
    }
    let dir = scratch("protocol-stop");
    std::fs::write(dir.join("faulty.py"), FAULTY).unwrap();
    let file = bot_file(&dir, "crasher", "command = python3 faulty.py crash");
    let out = dir.join("out");
    let mut args = tournament_args(&format!("{file},random"), 2, 4, 3, 1, &out);
    args.extend(["--on-bot-failure".into(), "stop".into()]);
    let (code, _, err) = stadt(&args);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--on-bot-failure stop") && err.contains("game 0") && err.contains("crasher"),
        "{err}"
    );
    assert!(err.contains("exited"), "{err}");
    assert!(rows(&out).is_empty(), "the failed game is not written");
}

/// The bot of issue trust, 1: a program that exits at once, so that greedy plays its seat.
fn crash_bot(dir: &Path) -> String {
    bot_file(dir, "crash0", "command = false")
}

#[test]
fn a_bot_that_never_plays_loses_every_statistic() {
    let dir = scratch("protocol-crash0");
    let file = crash_bot(&dir);
    let out = dir.join("out");
    let (code, table, err) = stadt(&tournament_args(&format!("{file},random"), 2, 4, 5, 1, &out));
    assert_eq!(code, 0, "{err}");
    for r in rows(&out) {
        let lost = &r["bot"] == "crash0";
        assert_eq!(&r["failure"], if lost { "crash" } else { "" }, "{r:?}");
        assert_eq!(&r["rank"], if lost { "2" } else { "1" }, "{r:?}");
    }
    let summary = Csv::read(&out.join("summary.csv"));
    let bot = |name: &str| summary.rows().iter().find(|r| &r["bot"] == name).unwrap().clone();
    let (crash, random) = (bot("crash0"), bot("random"));
    assert_eq!(crash.parse::<f64>("win_rate"), 0.0, "{crash:?}");
    assert_eq!(crash.parse::<f64>("mean_rank"), 2.0, "{crash:?}");
    assert!(crash.parse::<f64>("rating") < random.parse::<f64>("rating"), "{crash:?} {random:?}");
    let pairs = Csv::read(&out.join("pairs.csv"));
    let pair = &pairs.rows()[0];
    let crash_rate = if &pair["bot_a"] == "crash0" { 0.0 } else { 1.0 };
    assert_eq!(pair.parse::<f64>("a_win_rate"), crash_rate, "{pair:?}");
    assert!(
        table.contains("crash0 vs random: 0.0%") || table.contains("random vs crash0: 100.0%"),
        "{table}"
    );

    // In the SPRT it loses every pair: the test accepts H0 at the first units.
    let sprt_out = dir.join("sprt");
    let (code, text, err) = stadt(&[
        "sprt",
        "--bot",
        &file,
        "--against",
        "random",
        "--elo0",
        "0",
        "--elo1",
        "20",
        "--seed",
        "5",
        "--quiet",
        "--out",
        sprt_out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let units = Csv::read(&sprt_out.join("sprt.csv"));
    for u in units.rows() {
        assert_eq!(u.parse::<f64>("score"), 0.0, "{u:?}");
    }
    assert_eq!(units.rows().last().unwrap().get("verdict"), "H0", "{text}");
    // Every pair lost: no spread, so the estimate is unbounded, in words (issue trust, 7).
    assert!(text.contains("Elo estimate (normalized Elo): unbounded below"), "{text}");
    assert!(!text.contains("inf"), "{text}");
}

/// Process ids whose command line holds `marker`.
fn processes_with(marker: &str) -> Vec<u32> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline"))
                .is_ok_and(|c| String::from_utf8_lossy(&c).contains(marker))
        })
        .collect()
}

/// A process's command line, its arguments joined by blanks.
fn command(pid: u32) -> String {
    std::fs::read(format!("/proc/{pid}/cmdline"))
        .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
        .unwrap_or_default()
}

/// A process's state letter (`R`, `S`, `Z` for a zombie, ...).
fn state(pid: u32) -> Option<char> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat.rsplit_once(") ")?.1.chars().next()
}

/// A process's parent.
fn parent(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat.rsplit_once(") ")?.1.split(' ').nth(1)?.parse().ok()
}

/// Whether a process is still there (running, or a zombie no one reaped).
fn exists(pid: u32) -> bool {
    Path::new(&format!("/proc/{pid}")).exists()
}

#[test]
fn ctrl_c_stops_the_bots_and_leaves_no_zombie_or_orphan() {
    if !python_bots() {
        return;
    }
    let dir = scratch("protocol-ctrl-c");
    let marker = format!("sleeper-{}", std::process::id());
    // The bot starts a child of its own (a grandchild of stadt), then thinks forever.
    std::fs::write(
        dir.join("sleeper.py"),
        "import json, subprocess, sys, time\n\
         for line in sys.stdin:\n    m = json.loads(line)\n    if m['type'] == 'hello':\n        \
         subprocess.Popen(['sh', '-c', 'sleep 600; true', sys.argv[1]])\n        \
         print(json.dumps({'type': 'ready'}), flush=True)\n    elif m['type'] == 'decide':\n        time.sleep(600)\n",
    )
    .unwrap();
    // The first Ctrl-C lets the games in progress end, which the 3 s limit makes quick.
    let file = bot_file(&dir, "sleeper", &format!("command = python3 sleeper.py {marker}\ntime = 3"));
    let out = dir.join("out");
    let mut child = Command::new(STADT)
        .args(tournament_args(&format!("{file},random"), 2, 4, 1, 2, &out))
        .spawn()
        .unwrap();
    let start = Instant::now();
    let mut pids = Vec::new();
    // Two bots (one per thread), each with its child `sh` (a bot may be a chain of programs,
    // such as a pyenv shim that runs python).
    let sleeps = |pids: &[u32]| pids.iter().filter(|&&p| command(p).starts_with("sh -c sleep")).count();
    while sleeps(&pids) < 2 && start.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(20));
        pids = processes_with(&marker);
    }
    // At least two: on a loaded machine a bot may run out of time before the other has started,
    // and the hello of its next game starts another child (CI once counted three).
    assert!(sleeps(&pids) >= 2, "the bots and their children started: {pids:?}");
    let stadt_pid = child.id();
    // Each bot is the child of its supervisor, a child of stadt.
    let (bots, theirs): (Vec<u32>, Vec<u32>) =
        pids.iter().partition(|&&p| parent(p).and_then(parent) == Some(stadt_pid));
    assert_eq!(bots.len(), 2, "one bot per thread: {pids:?}");
    signal(child.id(), "INT");
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "stadt did not stop after Ctrl-C");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(130));
    // Orphans the bots left are reaped by whoever adopts them; give that a moment.
    std::thread::sleep(Duration::from_millis(200));
    // The bots are stadt's children: gone, reaped. What they started must not run on (once
    // killed, reaping it falls to whoever adopted it).
    let left: Vec<u32> = bots.into_iter().filter(|&p| exists(p)).collect();
    assert!(left.is_empty(), "bot processes left behind (running or zombie): {left:?}");
    let running: Vec<u32> = theirs.into_iter().filter(|&p| exists(p) && state(p) != Some('Z')).collect();
    assert!(running.is_empty(), "processes the bots started still run: {running:?}");
}

/// A bot that starts a child in a session of its own (`setsid`, out of its process group) and
/// then plays the first move (`play`) or thinks forever (`think`).
const ESCAPER: &str = r#"
import json, subprocess, sys, time
marker, mode = sys.argv[1], sys.argv[2]
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        subprocess.Popen(["sh", "-c", "sleep 600; true", marker], start_new_session=True)
        print(json.dumps({"type": "ready"}), flush=True)
    elif m["type"] == "decide":
        if mode == "think":
            time.sleep(600)
        print(json.dumps({"type": "move", "move": m["moves"][0]}), flush=True)
"#;

/// Waits up to 10 s for every process whose command line holds `marker` to be gone (or a zombie
/// someone will reap); the ones still running after that.
fn still_running(marker: &str) -> Vec<String> {
    let start = Instant::now();
    loop {
        let left: Vec<u32> = processes_with(marker).into_iter().filter(|&p| state(p) != Some('Z')).collect();
        if left.is_empty() || start.elapsed() > Duration::from_secs(10) {
            return left.into_iter().map(|p| format!("{p}: {}", command(p))).collect();
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Issue trust, 2: after a normal end and after `kill -9` of stadt, nothing a bot started runs on,
/// not even a child in a session of its own; with `sandbox`, in bubblewrap's sandbox too.
fn no_process_outlives_stadt(sandbox: bool) {
    let dir = scratch(if sandbox { "protocol-escape-sandbox" } else { "protocol-escape" });
    std::fs::write(dir.join("escaper.py"), ESCAPER).unwrap();
    let tag = format!("escaper-{}-{sandbox}", std::process::id());
    let extra: &[&str] = if sandbox { &["--sandbox"] } else { &[] };
    let run = |mode: &str| {
        let marker = format!("{tag}-{mode}");
        let file = bot_file(
            &dir,
            &format!("escaper-{mode}"),
            &format!("command = python3 escaper.py {marker} {mode}"),
        );
        let out = dir.join(format!("out-{mode}"));
        let mut cmd = Command::new(STADT);
        cmd.args(tournament_args(&format!("{file},random"), 2, 2, 1, 1, &out)).args(extra);
        (marker, cmd)
    };
    // A normal end.
    let (marker, mut cmd) = run("play");
    let status = cmd.status().unwrap();
    assert!(status.success(), "{status}");
    for r in rows(&dir.join("out-play")) {
        assert_eq!(&r["failure"], "", "the bot played its games: {r:?}");
    }
    let left = still_running(&marker);
    assert!(left.is_empty(), "after a normal end, still running: {left:?}");
    // kill -9 while the bot thinks.
    let (marker, mut cmd) = run("think");
    let mut child = cmd.spawn().unwrap();
    let start = Instant::now();
    while !processes_with(&marker).iter().any(|&p| command(p).starts_with("sh -c sleep")) {
        assert!(start.elapsed() < Duration::from_secs(20), "the bot's child never started");
        std::thread::sleep(Duration::from_millis(20));
    }
    signal(child.id(), "KILL");
    child.wait().unwrap();
    let left = still_running(&marker);
    assert!(left.is_empty(), "after kill -9 of stadt, still running: {left:?}");
}

#[test]
fn no_process_outlives_stadt_after_kill_9_or_a_setsid_child() {
    if python_bots() {
        no_process_outlives_stadt(false);
    }
}

#[test]
fn no_process_outlives_stadt_in_the_sandbox() {
    if python_bots() && require("bwrap", "--sandbox (bubblewrap)").is_some() {
        no_process_outlives_stadt(true);
    }
}

/// A bot that, before it answers the hello, writes to `probe.txt` in its folder what it could
/// reach: stadt among the processes it sees, the results folder's manifest, a TCP port on the
/// loopback; then plays the first move. Where its folder is read-only (the sandbox) it writes the
/// line to its stderr and forfeits at its first decision instead.
const PROBE: &str = r#"
import json, os, socket, sys
results, port = sys.argv[1], int(sys.argv[2])
def stadt_seen():
    for pid in os.listdir("/proc"):
        try:
            if pid.isdigit() and b"tournament" in open(f"/proc/{pid}/cmdline", "rb").read():
                return "yes"
        except OSError:
            pass
    return "no"
def results_seen():
    return "yes" if os.path.exists(os.path.join(results, "manifest.toml")) else "no"
def network():
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
        return "yes"
    except OSError:
        return "no"
found = f"stadt={stadt_seen()} results={results_seen()} network={network()}"
try:
    with open("probe.txt", "w") as f:
        f.write(found + "\n")
    told = True
except OSError:
    # Its folder is read-only in the sandbox: it tells by forfeiting with the finding on stderr.
    told = False
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"type": "ready"}), flush=True)
    elif m["type"] == "decide":
        if not told:
            print("PROBE " + found, file=sys.stderr, flush=True)
            sys.exit(3)
        print(json.dumps({"type": "move", "move": m["moves"][0]}), flush=True)
"#;

#[test]
fn a_sandboxed_bot_sees_no_stadt_no_results_and_no_network() {
    if !python_bots() || require("bwrap", "--sandbox (bubblewrap)").is_none() {
        return;
    }
    let dir = scratch("protocol-sandbox-probe");
    let bots = dir.join("bots");
    std::fs::create_dir_all(&bots).unwrap();
    std::fs::write(bots.join("probe.py"), PROBE).unwrap();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let probe = |sandbox: bool| {
        let out = dir.join(format!("out-{sandbox}"));
        let file = bot_file(&bots, "probe", &format!("command = python3 probe.py {} {port}", out.display()));
        let mut args = tournament_args(&format!("{file},random"), 2, 2, 1, 1, &out);
        if sandbox {
            args.push("--sandbox".into());
        }
        let (code, _, err) = stadt(&args);
        assert_eq!(code, 0, "{err}");
        if sandbox {
            let failures = std::fs::read_to_string(out.join("failures.txt")).unwrap();
            let line = failures.lines().find_map(|l| l.split_once("PROBE ")).map(|(_, f)| f.trim());
            return line.unwrap_or_else(|| panic!("no finding: {failures}")).to_string();
        }
        for r in rows(&out) {
            assert_eq!(&r["failure"], "", "the game went on: {r:?}");
        }
        std::fs::read_to_string(bots.join("probe.txt")).unwrap().trim().to_string()
    };
    // Outside the sandbox the probe reaches all three: it can tell.
    assert_eq!(probe(false), "stadt=yes results=yes network=yes");
    assert_eq!(probe(true), "stadt=no results=no network=no");
}

#[test]
fn check_bot_passes_the_examples_and_names_the_first_violation() {
    let examples = repo_path("bots/examples");
    let dir = scratch("protocol-check");
    // stadt on the PATH serves greedy for the example that runs `stadt serve-bot`.
    let bin = Path::new(STADT).parent().unwrap().to_string_lossy().into_owned();
    let path = format!("{bin}:{}", std::env::var("PATH").unwrap_or_default());
    for (name, needs) in
        [("random-python", Some("python3")), ("random-js", Some("node")), ("greedy-served", None)]
    {
        if let Some(program) = needs
            && require(program, &format!("the example bot {name}")).is_none()
        {
            continue;
        }
        let file = examples.join(format!("{name}.bot"));
        let (code, out, err) = stadt_in(&dir, &[("PATH", &path)], &["check-bot", file.to_str().unwrap()]);
        assert_eq!(code, 0, "{name}: {out}{err}");
        assert!(out.ends_with("PASS\n") && out.contains("after a restart: ok"), "{name}: {out}");
    }
    let (code, _, err) = stadt(&["check-bot", "greedy"]);
    assert_eq!(code, 2);
    assert!(err.contains("check-bot checks a bot in another program"), "{err}");
    if !python_bots() {
        return;
    }
    std::fs::write(dir.join("faulty.py"), FAULTY).unwrap();
    let file = bot_file(&dir, "illegal", "command = python3 faulty.py illegal-move");
    let (code, out, _) = stadt(&["check-bot", &file]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAIL: game 1: 2 players, seat p1: illegal move: `tile 99 99 0`"), "{out}");
    assert!(out.contains("| about to fail: illegal-move"), "{out}");
}

#[test]
fn check_bot_checks_a_catan_bot_file_with_the_same_games_and_verdicts() {
    if !python_bots() {
        return;
    }
    let example = repo_path("bots/examples/random-python-catan.bot");
    let (code, out, err) = stadt(&["--game", "catan", "check-bot", example.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("check-bot random-python-catan: `python3 random_bot.py`"), "{out}");
    assert!(out.contains("game 3: 4 players, seat p4: ok") && out.contains("after a restart: ok"), "{out}");
    assert!(out.ends_with("PASS\n"), "{out}");
    // A Catan bot that answers its third decision with a move Catan never lists.
    let dir = scratch("protocol-check-catan");
    std::fs::write(dir.join("faulty.py"), FAULTY).unwrap();
    let file = bot_file(&dir, "illegal-catan", "game = catan\ncommand = python3 faulty.py illegal-move");
    let (code, out, _) = stadt(&["--game", "catan", "check-bot", &file]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAIL: game 1: 2 players, seat p1: illegal move: `tile 99 99 0`"), "{out}");
    // One of Catan's own bots, and a Die Stadt bot file in Catan, are refused before any game.
    let (code, _, err) = stadt(&["--game", "catan", "check-bot", "greedy"]);
    assert_eq!(code, 2);
    assert!(err.contains("check-bot checks a bot in another program"), "{err}");
    let die_stadt = repo_path("bots/examples/random-python.bot");
    let (code, _, err) = stadt(&["--game", "catan", "check-bot", die_stadt.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("random-python.bot"), "{err}");
}

#[test]
fn the_host_never_uses_a_shell() {
    if !python_bots() {
        return;
    }
    let dir = scratch("protocol-no-shell");
    std::fs::write(
        dir.join("args.py"),
        "import json, random, sys\n\
         assert sys.argv[1:] == ['; touch pwned', '$(touch pwned2)', '*'], sys.argv\n\
         for line in sys.stdin:\n    m = json.loads(line)\n    \
         if m['type'] == 'hello': print(json.dumps({'type': 'ready'}), flush=True)\n    \
         elif m['type'] == 'decide': print(json.dumps({'type': 'move', 'move': m['moves'][0]}), flush=True)\n",
    )
    .unwrap();
    let file = bot_file(
        &dir,
        "args",
        r#"command = ["python3", "args.py", "; touch pwned", "$(touch pwned2)", "*"]"#,
    );
    let (code, out, err) = stadt(&["check-bot", &file]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(!dir.join("pwned").exists() && !dir.join("pwned2").exists());
}

/// The most memory the process `pid` has held so far, in kB (0 once it is gone).
fn peak_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

#[test]
fn a_bot_that_floods_its_stdout_or_stderr_cannot_exhaust_the_hosts_memory() {
    if !python_bots() {
        return;
    }
    let dir = scratch("protocol-flood");
    // 200 MB on stderr before every reply; or one line of 200 MB on stdout.
    std::fs::write(
        dir.join("flood.py"),
        "import json, sys\n\
         out = sys.stdout if sys.argv[1] == 'stdout' else sys.stderr\n\
         for line in sys.stdin:\n    m = json.loads(line)\n    \
         if m['type'] == 'hello': print(json.dumps({'type': 'ready'}), flush=True)\n    \
         elif m['type'] == 'decide':\n        \
         for _ in range(200): out.write('y' * 1_000_000)\n        out.flush()\n        \
         print(json.dumps({'type': 'move', 'move': m['moves'][0]}), flush=True)\n        sys.exit(0)\n",
    )
    .unwrap();
    for (stream, kind) in [("stderr", "crash"), ("stdout", "line-too-long")] {
        let file = bot_file(
            &dir,
            &format!("flood-{stream}"),
            &format!("command = python3 flood.py {stream}\ntime = 60"),
        );
        let child = Command::new(STADT)
            .args(["check-bot", &file])
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let pid = child.id();
        let mut peak = 0;
        let watcher = std::thread::spawn(move || {
            loop {
                let kb = peak_kb(pid);
                if kb == 0 {
                    return peak;
                }
                peak = peak.max(kb);
                std::thread::sleep(Duration::from_millis(10));
            }
        });
        let out = child.wait_with_output().unwrap();
        let peak = watcher.join().unwrap();
        let out = String::from_utf8_lossy(&out.stdout);
        // The bot exits after its first reply: the flood was read through (stderr) or cut (stdout).
        assert!(out.contains(&format!(": {kind}:")), "{stream}: {out}");
        assert!(peak > 0 && peak < 64 * 1024, "{stream}: the host held {peak} kB for a 200 MB flood");
    }
}

#[test]
fn a_bot_cannot_write_into_the_results_folder_through_the_host() {
    if !python_bots() {
        return;
    }
    let dir = scratch("protocol-folder");
    let bot = dir.join("bot");
    std::fs::create_dir_all(&bot).unwrap();
    // It writes where it runs, sends fields no version knows with paths in them, and fails with a
    // stderr full of paths and control characters.
    std::fs::write(
        bot.join("nosy.py"),
        "import json, sys\n\
         open('games.csv', 'w').write('mine')\n\
         n = 0\n\
         for line in sys.stdin:\n    m = json.loads(line)\n    \
         if m['type'] == 'hello': print(json.dumps({'type': 'ready', 'file': '../out/x.csv'}), flush=True)\n    \
         elif m['type'] == 'decide':\n        n += 1\n        \
         if n == 5:\n            print('../out/evil.txt\\x1b[2J\\r\\x00', file=sys.stderr, flush=True)\n            sys.exit(1)\n        \
         print(json.dumps({'type': 'move', 'move': m['moves'][0], 'write': {'path': '../out/evil.txt'}}), flush=True)\n",
    )
    .unwrap();
    let file = bot_file(&bot, "nosy", "command = python3 nosy.py");
    let out = dir.join("out");
    let (code, _, err) = stadt_in(
        &dir,
        &[],
        &[
            "tournament",
            "--bots",
            &format!("{file},random"),
            "--players",
            "2",
            "--games",
            "2",
            "--quiet",
            "--out",
            "out",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let mut files: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(
        files,
        ["failures.txt", "games.csv", "manifest.toml", "pairs.csv", "report.html", "summary.csv"]
    );
    assert_eq!(rows(&out).len(), 4);
    assert_eq!(std::fs::read_to_string(bot.join("games.csv")).unwrap(), "mine", "it ran in its own folder");
    let failures = std::fs::read_to_string(out.join("failures.txt")).unwrap();
    assert!(failures.contains("| ../out/evil.txt?[2J??"), "control characters shown as `?`: {failures}");
    assert!(!dir.join("evil.txt").exists() && !out.join("x.csv").exists());
}

#[test]
fn one_program_plays_game_after_game_and_a_new_one_follows_a_failure() {
    if !python_bots() {
        return;
    }
    let dir = scratch("protocol-reuse");
    // Counts its starts; fails its third game.
    std::fs::write(
        dir.join("counter.py"),
        "import json, sys\n\
         open('starts.log', 'a').write('start\\n')\n\
         games = 0\n\
         for line in sys.stdin:\n    m = json.loads(line)\n    \
         if m['type'] == 'hello': print(json.dumps({'type': 'ready'}), flush=True)\n    \
         elif m['type'] == 'new_game': games += 1\n    \
         elif m['type'] == 'decide':\n        \
         if games == 3: sys.exit(1)\n        \
         print(json.dumps({'type': 'move', 'move': m['moves'][0]}), flush=True)\n",
    )
    .unwrap();
    let file = bot_file(&dir, "counter", "command = python3 counter.py");
    let out = dir.join("out");
    let args = tournament_args(&format!("{file},random"), 2, 8, 2, 1, &out);
    let (code, _, err) = stadt(&args);
    assert_eq!(code, 0, "{err}");
    let failures: Vec<String> = rows(&out).iter().map(|r| r["failure"].to_string()).collect();
    assert_eq!(failures.iter().filter(|f| f.as_str() == "crash").count(), 2, "games 3 and 6: {failures:?}");
    let starts = std::fs::read_to_string(dir.join("starts.log")).unwrap();
    assert_eq!(starts.lines().count(), 3, "8 games: one start, then one after each failure");
    // The same command again reads the folder back (its `failure` column under the check column)
    // and has nothing to play.
    let before = snapshot(&out);
    let (code, text, err) = stadt(&args);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("(0 new)"), "{text}");
    assert_eq!(snapshot(&out), before);
}

#[test]
fn play_and_suggest_take_a_process_bot_as_any_bot() {
    let dir = scratch("protocol-play");
    let greedy = served(&dir, "greedy", "greedy");
    let secret = "0123456789abcdef0123456789abcdef";
    let record = dir.join("game.rec");
    let play = |record: &Path| {
        let (code, out, err) = stadt(&[
            "play",
            "--bots",
            &format!("{greedy},random"),
            "--seed",
            "4",
            "--bot-secret",
            secret,
            "--record",
            record.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        assert!(!err.contains("forfeit"), "{err}");
        out
    };
    assert_eq!(play(&record), play(&dir.join("again.rec")), "one secret, one game");
    // Every position of the first 60 lines: the served bot suggests a move, the same each time.
    let text = std::fs::read_to_string(&record).unwrap();
    for cut in (9..60).step_by(7) {
        let part = dir.join("part.rec");
        std::fs::write(&part, text.lines().take(cut).map(|l| format!("{l}\n")).collect::<String>()).unwrap();
        let suggest =
            || stadt(&["suggest", part.to_str().unwrap(), "--bot", &greedy, "--bot-secret", secret]);
        let (a, b) = (suggest(), suggest());
        assert_eq!(a.0, 0, "{}", a.2);
        assert!(!a.1.trim().is_empty() && !a.2.contains("forfeit"), "after {cut} lines: {a:?}");
        assert_eq!(a.1, b.1, "after {cut} lines");
    }
}

#[test]
fn the_protocol_documents_examples_are_what_serve_bot_reads_and_answers() {
    let doc = repo_text("docs/bot-protocol.md");
    let blocks: Vec<&str> = doc.split("```json\n").skip(1).map(|b| b.split("```").next().unwrap()).collect();
    let host: Vec<&str> = blocks
        .iter()
        .copied()
        .filter(|b| ["\"hello\"", "\"new_game\"", "\"decide\"", "\"quit\""].iter().any(|t| b.contains(t)))
        .collect();
    assert_eq!(host.len(), 4, "an example of each host message: {blocks:?}");
    for answer in ["\"ready\"", "\"move\""] {
        assert!(blocks.iter().any(|b| b.contains(answer)), "no example of {answer}");
    }
    let mut child = Command::new(STADT)
        .args(["serve-bot", "--bot", "greedy"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(host.concat().as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let lines: Vec<String> = String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].contains("\"type\":\"ready\""), "{lines:?}");
    let moves = host[2].split("\"moves\": [").nth(1).unwrap().split(']').next().unwrap();
    let chosen = format!("\"{}\"", lines[1].split("\"move\":\"").nth(1).unwrap().split('"').next().unwrap());
    assert!(moves.contains(&chosen), "{chosen} is not among {moves}");
}

/// A bot with a quirk of its `mode`: `slow-start` starts 3 s late, `bom-blank` writes its ready
/// after a byte order mark and a blank line before every answer, `twice` sends every move twice.
const QUIRKY: &str = r#"
import json, sys, time
mode = sys.argv[1]
if mode == "slow-start":
    time.sleep(3)
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        ready = json.dumps({"type": "ready"})
        print(("\ufeff" + ready) if mode == "bom-blank" else ready, flush=True)
    elif m["type"] == "decide":
        if mode == "bom-blank":
            print("", flush=True)
        answer = json.dumps({"type": "move", "move": m["moves"][0]})
        # Twice in one write: the second line is there before the host's next question (one that
        # came only after it would be read as the next answer: docs/bot-protocol.md). Not print:
        # under PYTHONUNBUFFERED it writes the text and its end of line apart, and on a busy
        # machine the second line's end came after the next question.
        sys.stdout.write(answer + "\n" + answer + "\n" if mode == "twice" else answer + "\n")
        sys.stdout.flush()
"#;

#[test]
fn start_up_is_not_thinking_and_unasked_blank_and_bom_lines_are_as_documented() {
    if !python_bots() {
        return;
    }
    let dir = scratch("protocol-quirks");
    std::fs::write(dir.join("quirky.py"), QUIRKY).unwrap();
    let run = |mode: &str| {
        let file = bot_file(&dir, &format!("quirky-{mode}"), &format!("command = python3 quirky.py {mode}"));
        let out = dir.join(format!("out-{mode}"));
        let (code, _, err) = stadt(&tournament_args(&format!("{file},random"), 2, 2, 3, 1, &out));
        assert_eq!(code, 0, "{mode}: {err}");
        let mine: Vec<Row> = rows(&out).into_iter().filter(|r| r["bot"].starts_with("quirky")).collect();
        assert_eq!(mine.len(), 2, "{mode}");
        mine
    };
    // 3 s of start-up over some 70 decisions would add 40 ms to each: it is not counted.
    for r in run("slow-start") {
        assert_eq!(&r["failure"], "", "{r:?}");
        assert!(r.parse::<f64>("decision_ms") < 20.0, "start-up counted as thinking: {r:?}");
    }
    for r in run("bom-blank") {
        assert_eq!(&r["failure"], "", "a byte order mark and blank lines are allowed: {r:?}");
    }
    let twice = run("twice");
    assert_eq!(&twice[0]["failure"], "malformed", "a move sent unasked is a violation: {:?}", twice[0]);
    let failures = std::fs::read_to_string(dir.join("out-twice/failures.txt")).unwrap();
    assert!(failures.contains("a message of type `move` sent when no answer was asked for"), "{failures}");
}

/// The public record of a whole 2-player game (`stadt play --seed 4`), as a host shows it.
fn finished_public_record() -> String {
    let dir = scratch("protocol-finished");
    let file = dir.join("game.rec");
    let (code, _, err) = stadt(&["play", "--seed", "4", "--record", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&file).unwrap();
    let tiles = die_stadt::record::Tiles::Given(die_stadt::tiles::TileSet::default_set());
    let record = die_stadt::record::Record::parse(&text, tiles).unwrap();
    die_stadt::public_record::of_record(&record).unwrap()
}

/// `stadt serve-bot --bot greedy` fed `input`: (exit code, stdout, stderr).
fn serve_greedy(input: Vec<u8>) -> (Option<i32>, String, String) {
    let mut child = Command::new(STADT)
        .args(["serve-bot", "--bot", "greedy"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // A refused line ends the bot before the rest is written: the writer then sees a closed pipe.
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn serve_bot_answers_only_listed_moves_and_refuses_what_the_protocol_does_not_allow() {
    let doc = repo_text("docs/bot-protocol.md");
    let example = |t: &str| {
        doc.split("```json\n")
            .skip(1)
            .map(|b| b.split("```").next().unwrap())
            .find(|b| b.contains(t))
            .unwrap()
    };
    let (hello, new_game, decide) = (example("\"hello\""), example("\"new_game\""), example("\"decide\""));
    let run = |hello: &str, new_game: &str, decide: &str| {
        serve_greedy(format!("{hello}{new_game}{decide}").into_bytes())
    };
    // A byte order mark before a host's line is ignored, as the doc says for both directions.
    let (code, out, err) = run(&format!("\u{feff}{hello}"), new_game, decide);
    assert_eq!((code, out.lines().count()), (Some(0), 2), "{err}");
    // `tiles: default` needs no hash; the answer is one of the listed moves.
    let plain = new_game.replace(
        r#", "tiles_sha256": "5052210ecb72de7688a45819e20c38054700e4bd46734969ab206f6feebf1dd2""#,
        "",
    );
    assert!(!plain.contains("sha256"), "{plain}");
    let (code, out, err) = run(hello, &plain, decide);
    assert_eq!(code, Some(0), "{err}");
    let chosen = out.lines().nth(1).unwrap().split("\"move\":\"").nth(1).unwrap().split('"').next().unwrap();
    assert!(decide.contains(&format!("\"{chosen}\"")), "{chosen}");
    for (what, hello, new_game, decide, says) in [
        (
            "a later protocol",
            hello.replace("stadt-bot 1", "stadt-bot 2"),
            new_game.to_string(),
            decide.to_string(),
            "protocol `stadt-bot 2`",
        ),
        (
            "5 players",
            hello.to_string(),
            new_game.replace("\"players\": 2", "\"players\": 5"),
            decide.to_string(),
            "`players` 5",
        ),
        (
            "seat 0",
            hello.to_string(),
            new_game.replace("\"seat\": 1", "\"seat\": 0"),
            decide.to_string(),
            "`seat` 0",
        ),
        (
            "a seed out of range",
            hello.to_string(),
            new_game.replace("7421353888410728798", "-1"),
            decide.to_string(),
            "`seed`",
        ),
        (
            "an unlisted move",
            hello.to_string(),
            new_game.to_string(),
            decide.replace("tile 2 0 0", "tile 9 9 0"),
            "`tile 9 9 0`",
        ),
        (
            "a move left out",
            hello.to_string(),
            new_game.to_string(),
            decide.replace(", \"tile 2 0 0\"", ""),
            "leaves out `tile 2 0 0`",
        ),
        (
            "a decision for another seat",
            hello.to_string(),
            new_game.replace("\"seat\": 1", "\"seat\": 2"),
            decide.to_string(),
            "p1 is to decide, and this bot has seat 2",
        ),
        (
            "a record of other players",
            hello.to_string(),
            new_game.replace("\"players\": 2", "\"players\": 3"),
            decide.to_string(),
            "its record is of 2 players, the game of 3",
        ),
        (
            "a finished game (greedy panicked on its empty moves)",
            hello.to_string(),
            new_game.to_string(),
            serde_json::json!({"type": "decide", "seat": 1, "time_ms": 5000, "moves": [], "record": finished_public_record()})
                .to_string()
                + "\n",
            "a finished game",
        ),
    ] {
        let (code, out, err) = run(&hello, &new_game, &decide);
        assert_eq!(code, Some(2), "{what}: {out} {err}");
        assert!(err.contains(says) && err.contains("host line"), "{what}: {err}");
        assert!(!out.contains("\"move\""), "{what}: answered {out}");
    }
    // A line over the limit is refused once it is over, not read whole.
    let mut long = hello.as_bytes().to_vec();
    long.extend(std::iter::repeat_n(b'x', 200 * 1024 * 1024));
    let start = Instant::now();
    let (code, _, err) = serve_greedy(long);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("host line 2: a line longer than 16777216 bytes"), "{err}");
    assert!(start.elapsed() < Duration::from_secs(20));
}

#[test]
fn a_bot_runs_in_its_folder_with_its_environment() {
    if !python_bots() {
        return;
    }
    let dir = scratch("protocol-dir");
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(
        sub.join("bot.py"),
        "import json, os, sys\n\
         assert os.path.basename(os.getcwd()) == 'sub' and os.environ['GREETING'] == 'hi', os.getcwd()\n\
         for line in sys.stdin:\n    m = json.loads(line)\n    \
         if m['type'] == 'hello': print(json.dumps({'type': 'ready'}), flush=True)\n    \
         elif m['type'] == 'decide': print(json.dumps({'type': 'move', 'move': m['moves'][-1]}), flush=True)\n",
    )
    .unwrap();
    bot_file(&dir, "in-sub", "command = python3 bot.py\ndir = sub\nenv = GREETING=hi");
    // Run from elsewhere, naming the file by a relative path: the folder is the file's.
    let file = format!("{}/in-sub.bot", dir.file_name().unwrap().to_string_lossy());
    let (code, out, err) = stadt_in(dir.parent().unwrap(), &[], &["check-bot", &file]);
    assert_eq!(code, 0, "{out}{err}");
}
