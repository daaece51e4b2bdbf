//! Results a researcher can trust: one test per point of the "integrity" issue, each through the
//! command line a user types. (Ctrl-C and resume of `tune` are in `tests/tune.rs`, the statistics
//! over deck units in `tests/statistics.rs`.)

mod common;

use common::{STADT, stadt, stadt_in};
use stadt_testkit::cli::lines_without;
use stadt_testkit::files::repo_path;
use stadt_testkit::tools::require;
use stadt_testkit::{Csv, assert_refused, edited, run, scratch, snapshot, wait_for};
use std::process::{Command, Stdio};

// 1. A folder in use is locked -------------------------------------------------------------------

#[test]
fn p01_a_second_run_into_a_folder_in_use_is_refused_naming_the_process() {
    let dir = scratch("lock");
    let out = dir.join("conc");
    let o = out.to_str().unwrap();
    let args = [
        "tournament",
        "--bots",
        "greedy,mcts:iters=300",
        "--games",
        "60",
        "--seed",
        "42",
        "--out",
        o,
        "--quiet",
        "--threads",
        "1",
    ];
    let mut first = Command::new(STADT).args(args).stdout(Stdio::null()).spawn().unwrap();
    wait_for("the first run to write a game", || {
        std::fs::read_to_string(out.join("games.csv")).is_ok_and(|t| t.lines().count() > 1)
    });
    let (code, _, err) = stadt(&args);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("in use by another run") && err.contains(&format!("process {}", first.id())),
        "{err}"
    );
    assert!(err.contains("stadt tournament --bots greedy,mcts:iters=300"), "{err}");
    // Killed (no chance to clean up), the first run's lock goes with it: the same command resumes.
    first.kill().unwrap();
    first.wait().unwrap();
    let (code, stdout, err) = stadt(&args);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("60 games"), "{stdout}");
    let text = std::fs::read_to_string(out.join("games.csv")).unwrap();
    let keys: std::collections::BTreeSet<(String, String)> =
        Csv::parse(&text).rows().iter().map(|r| (r["game"].to_string(), r["seat"].to_string())).collect();
    assert_eq!(keys.len(), text.lines().count() - 1, "every (game, seat) once");
    assert_eq!(keys.len(), 120);
    assert!(!out.join(".stadt.lock").exists(), "the lock is gone after the run");
}

// 2. The manifest records the build and the tile set's contents ----------------------------------

#[test]
fn p02_a_resume_with_another_build_or_an_edited_tile_set_is_refused_saying_what_differs() {
    let dir = scratch("build");
    let tiles = dir.join("my.tiles");
    std::fs::write(&tiles, die_stadt::tiles::DEFAULT_TILES).unwrap();
    let out = dir.join("t");
    let args = [
        "tournament",
        "--bots",
        "greedy,random",
        "--games",
        "4",
        "--tiles",
        tiles.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ];
    assert_eq!(stadt(&args).0, 0);
    let manifest = std::fs::read_to_string(out.join("manifest.toml")).unwrap();
    let m: toml::Table = toml::from_str(&manifest).unwrap();
    assert_eq!(m["build"].as_str(), Some(stadt_harness::provenance::SOURCES));
    assert!(m["commit"].as_str().is_some());
    let sha = m["tiles_sha256"].as_str().unwrap().to_string();
    assert_eq!(
        sha,
        stadt_harness::tileset::sha256(die_stadt::tiles::TileSet::default_set()),
        "the same text, the same hash"
    );
    // Another build played the folder: refused, nothing changed.
    let before = snapshot(&out);
    std::fs::write(
        out.join("manifest.toml"),
        manifest.replace(stadt_harness::provenance::SOURCES, "sha256:0123456789abcdef"),
    )
    .unwrap();
    let edited = snapshot(&out);
    assert_refused(stadt(&args), &["different tournament", "build: folder sha256:0123456789abcdef"]);
    assert_eq!(snapshot(&out), edited);
    std::fs::write(out.join("manifest.toml"), &manifest).unwrap();
    assert_eq!(snapshot(&out), before);
    // The tile file was edited (still a valid set): refused.
    std::fs::write(
        &tiles,
        die_stadt::tiles::DEFAULT_TILES.replace("| straight-pub | 4 |", "| straight-pub | 4  |"),
    )
    .unwrap();
    assert_refused(stadt(&args), &["tile set (sha256): folder", &sha]);
    assert_eq!(snapshot(&out), before);
}

// 3. Every count has a range; a refused run leaves nothing on disk ------------------------------

#[test]
fn p03_counts_out_of_range_are_refused_and_leave_nothing_on_disk() {
    let dir = scratch("bounds");
    let out = dir.join("never");
    let o = out.to_str().unwrap();
    let t = |extra: &[&str]| {
        let mut a = vec!["tournament", "--bots", "greedy,random", "--out", o, "--quiet"];
        a.extend_from_slice(extra);
        stadt(&a)
    };
    assert_refused(
        t(&["--games", "18446744073709551615"]),
        &["games (per combination of bots) must be from 1 to 1000000"],
    );
    assert_refused(t(&["--games", "1000000000000"]), &["must be from 1 to 1000000, not 1000000000000"]);
    assert_refused(t(&["--games", "0"]), &["must be from 1 to 1000000, not 0"]);
    assert_refused(t(&["--threads", "5000"]), &["--threads must be from 1 to 256, not 5000"]);
    assert_refused(t(&["--seed", "18446744073709551615"]), &["seed must be from 0 to 9223372036854775807"]);
    let many = vec!["random"; 13].join(",");
    assert_refused(
        stadt(&["tournament", "--bots", &many, "--out", o]),
        &["number of bots must be from 2 to 12, not 13"],
    );
    let big = "greedy,random,steerer,greedy,random,steerer,greedy,random,steerer,greedy,random,steerer";
    assert_refused(
        stadt(&["tournament", "--bots", big, "--games", "1000000", "--out", o]),
        &["66000000 games; at most 10000000 fit one tournament"],
    );
    let tune = |extra: &[&str]| {
        let mut a = vec!["tune", "--bot", "greedy", "--against", "random", "--out", o, "--quiet"];
        a.extend_from_slice(extra);
        stadt(&a)
    };
    assert_refused(tune(&["--iterations", "0"]), &["--iterations must be from 1 to 100000, not 0"]);
    assert_refused(
        tune(&["--iterations", "18446744073709551615"]),
        &["--iterations must be from 1 to 100000"],
    );
    assert_refused(tune(&["--games-per-eval", "1"]), &["--games-per-eval must be from 2 to 100000"]);
    assert_refused(tune(&["--verify-games", "9999999"]), &["--verify-games must be from 2 to 1000000"]);
    assert_refused(tune(&["--a", "1e300"]), &["--a must be from 0.000001 to 10, not 1000000000000000"]);
    assert_refused(tune(&["--c", "0"]), &["--c must be from 0.000001 to 2, not 0"]);
    assert_refused(tune(&["--threads", "5000"]), &["--threads must be from 1 to 256"]);
    assert_refused(stadt(&["bench", "--seconds", "1e9"]), &["--seconds must be from 0.01 to 600"]);
    assert!(!out.exists(), "a refused run created {}", out.display());
}

// 4. manifest.toml is TOML ------------------------------------------------------------------------

#[test]
fn p04_manifests_parse_with_standard_toml_readers() {
    let dir = scratch("toml");
    let out = dir.join("t");
    let (code, _, err) = stadt(&[
        "tournament",
        "--bots",
        "greedy,greedy:open=0.7,random",
        "--games",
        "2",
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    let tune = dir.join("tune");
    let (code, _, err) = stadt(&[
        "tune",
        "--bot",
        "greedy",
        "--against",
        "random",
        "--iterations",
        "1",
        "--games-per-eval",
        "2",
        "--verify-games",
        "2",
        "--out",
        tune.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    let mut manifests = vec![out.join("manifest.toml"), tune.join("manifest.toml")];
    // Every manifest checked in under results/ as well.
    for e in std::fs::read_dir(repo_path("results")).unwrap().filter_map(|e| e.ok()) {
        if e.path().join("manifest.toml").is_file() {
            manifests.push(e.path().join("manifest.toml"));
        }
    }
    // Python's tomllib, the reader of the standard library, reads them too.
    let python3 = require("python3", "reading the manifests with Python's tomllib");
    for m in &manifests {
        let text = std::fs::read_to_string(m).unwrap();
        let table: toml::Table = toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", m.display()));
        assert!(table.contains_key("build"), "{}", m.display());
        let Some(python3) = &python3 else { continue };
        let script =
            "import sys, tomllib; d = tomllib.load(open(sys.argv[1], 'rb')); print(d['format'], d['build'])";
        let py =
            Command::new(python3).args(["-c", script, m.to_str().unwrap()]).output().expect("python3 runs");
        assert!(
            py.status.success(),
            "tomllib refuses {}: {}",
            m.display(),
            String::from_utf8_lossy(&py.stderr)
        );
    }
    let t: toml::Table = toml::from_str(&std::fs::read_to_string(&manifests[0]).unwrap()).unwrap();
    let bots = t["bot"].as_array().unwrap();
    assert_eq!(bots.len(), 3, "three bots, two of them greedy, in one array: {bots:?}");
    assert_eq!(bots[1]["label"].as_str(), Some("greedy:open=0.7"));
}

// 5. replay reports the first bad line --------------------------------------------------------------

#[test]
fn p05_replay_reports_the_first_bad_line_whatever_is_wrong_further_down() {
    let dir = scratch("first");
    let good = dir.join("good.rec");
    assert_eq!(stadt(&["play", "--seed", "3", "--record", good.to_str().unwrap()]).0, 0);
    let mut lines: Vec<String> = std::fs::read_to_string(&good).unwrap().lines().map(String::from).collect();
    assert!(lines.len() > 100);
    let tile = |l: &String| l.contains(": tile ");
    // An illegal move on line 10 (a tile far away), a malformed rotation on line 100.
    let i = (9..lines.len()).find(|&i| tile(&lines[i])).unwrap();
    let j = (99..lines.len()).find(|&j| tile(&lines[j])).unwrap();
    let p = lines[i].split(':').next().unwrap().to_string();
    lines[i] = format!("{p}: tile 40 40 0");
    let q = lines[j].split(':').next().unwrap().to_string();
    lines[j] = format!("{q}: tile 0 0 45");
    let bad = dir.join("bad.rec");
    std::fs::write(&bad, lines.join("\n") + "\n").unwrap();
    let (code, _, err) = stadt(&["replay", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains(&format!("line {}:", i + 1)) && err.contains("(40,40)"), "{err}");
}

// 6. Records name default or a tile file beside them, and never read another file ----------------

#[test]
fn p06_records_replay_wherever_they_move_with_their_tile_file_and_read_no_other_file() {
    let dir = scratch("records");
    let sets = dir.join("sets");
    std::fs::create_dir_all(&sets).unwrap();
    // A tile-set file name with a space and a `#`, in another folder than the record.
    let tiles = sets.join("my tiles #2.tiles");
    std::fs::write(&tiles, die_stadt::tiles::DEFAULT_TILES).unwrap();
    let games = dir.join("games");
    std::fs::create_dir_all(&games).unwrap();
    let rec = games.join("r.rec");
    let (code, out, err) = stadt(&[
        "play",
        "--seed",
        "5",
        "--tiles",
        tiles.to_str().unwrap(),
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&rec).unwrap();
    let line = text.lines().find(|l| l.starts_with("tiles ")).unwrap();
    assert_eq!(line, "tiles my-tiles--2.tiles", "one word, no comment sign");
    assert_eq!(
        std::fs::read_to_string(games.join("my-tiles--2.tiles")).unwrap(),
        die_stadt::tiles::DEFAULT_TILES
    );
    let (code, out2, err) = stadt(&["replay", rec.to_str().unwrap()]);
    assert_eq!((code, out2.as_str()), (0, out.as_str()), "{err}");
    // Moved elsewhere with its tile file, replayed from yet another folder.
    let moved = dir.join("moved");
    std::fs::create_dir_all(&moved).unwrap();
    std::fs::rename(&rec, moved.join("r.rec")).unwrap();
    std::fs::rename(games.join("my-tiles--2.tiles"), moved.join("my-tiles--2.tiles")).unwrap();
    let (code, out3, err) = stadt_in(&sets, &[], &["replay", moved.join("r.rec").to_str().unwrap()]);
    assert_eq!((code, out3.as_str()), (0, out.as_str()), "{err}");
    let (code, out4, err) = stadt_in(&moved, &[], &["replay", "r.rec"]);
    assert_eq!((code, out4.as_str()), (0, out.as_str()), "{err}");
    // A record cannot make replay open any other file, nor echo one.
    for target in ["/etc/passwd", "/proc/self/environ", "../sets/my tiles #2.tiles", "sub/x.tiles"] {
        let evil = dir.join("evil.rec");
        std::fs::write(&evil, text.replace(line, &format!("tiles {target}"))).unwrap();
        let (code, stdout, err) = stadt(&["replay", evil.to_str().unwrap()]);
        assert_eq!(code, 2, "{target}: {err}");
        assert!(stdout.is_empty());
        assert!(err.contains("line 3:") && err.contains("beside the record"), "{target}: {err}");
        assert!(!err.contains("root:") && !err.contains("PATH="), "{target}: {err}");
    }
    // A tile set given on purpose with --tiles is read, but its lines are never echoed.
    let (code, _, err) = stadt(&["replay", moved.join("r.rec").to_str().unwrap(), "--tiles", "/etc/passwd"]);
    assert_eq!(code, 2);
    assert!(err.contains("line 1: not a table row") && !err.contains("root:"), "{err}");
}

// 7. tune: a fresh clone's example works, the bot lands in the output folder ---------------------

#[test]
fn p07_tune_writes_its_bot_into_the_output_folder_and_installs_only_when_asked() {
    let dir = scratch("tune-install");
    // As docs/commands.md shows it, from a folder holding a bots/ folder with a bot of the same name.
    let bots = dir.join("bots");
    std::fs::create_dir_all(&bots).unwrap();
    std::fs::write(bots.join("greedy-tuned.bot"), "bot = greedy\nopen = 0.1\n").unwrap();
    let base = [
        "tune",
        "--bot",
        "greedy",
        "--against",
        "random,greedy",
        "--iterations",
        "2",
        "--games-per-eval",
        "6",
        "--verify-games",
        "10",
        "--seed",
        "1",
        "--quiet",
    ];
    let with = |extra: &[&str]| -> Vec<String> { base.iter().chain(extra).map(|s| s.to_string()).collect() };
    let args = with(&["--out", "run"]);
    let a: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, out, err) = stadt_in(&dir, &[], &a);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("held-out check"), "{out}");
    let written = std::fs::read_to_string(dir.join("run/greedy-tuned.bot")).unwrap();
    assert!(written.contains("Held-out check against the starting point"), "{written}");
    assert_eq!(std::fs::read_to_string(bots.join("greedy-tuned.bot")).unwrap(), "bot = greedy\nopen = 0.1\n");
    // Rerun: finished, nothing rewritten.
    let before = snapshot(&dir.join("run"));
    let (code, out2, err) = stadt_in(&dir, &[], &a);
    assert_eq!((code, out2.as_str()), (0, out.as_str()), "{err}");
    assert_eq!(snapshot(&dir.join("run")), before);
    // --install into a bot folder of its own (a losing bot would be refused: tests/tune.rs).
    let verdict = std::fs::read_to_string(dir.join("run/verify.csv")).unwrap();
    let args = with(&["--out", "run", "--install", "--bot-dir", "mine"]);
    let a: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, out, err) = stadt_in(&dir, &[], &a);
    if verdict.trim_end().ends_with(",worse") {
        assert_eq!(code, 3, "{err}");
        assert!(!dir.join("mine").exists());
    } else {
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("installed:"), "{out}");
        assert_eq!(std::fs::read_to_string(dir.join("mine/greedy-tuned.bot")).unwrap(), written);
    }
}

// 8. Every bot parameter has a range -------------------------------------------------------------

#[test]
fn p08_bot_parameters_out_of_range_and_duplicate_keys_are_refused() {
    let dir = scratch("params");
    let o = dir.join("never");
    for (bot, expect) in [
        ("steerer:ahead=1000000000", "ahead=1000000000 is not a whole number from 0 to 20"),
        ("mcts:iters=0", "iters=0 is not a whole number from 1 to 10000000"),
        ("mcts:c=-1", "c=-1 is not a number from 0 to 10"),
        ("mcts:threads=100000", "threads=100000 is not a whole number from 1 to 64"),
        ("mcts:iters=5,iters=6", "parameter `iters` is given twice"),
        ("greedy:open=1e308", "open=1e308 is not a number from -10 to 10"),
        ("greedy:open=NaN", "open=NaN is not a number from -10 to 10"),
        ("steerer:fade=inf", "fade=inf is not a number from 0 to 2"),
    ] {
        assert_refused(
            stadt(&["tournament", "--bots", &format!("random,{bot}"), "--out", o.to_str().unwrap()]),
            &[expect],
        );
        assert_refused(stadt(&["play", "--bots", bot]), &[expect]);
    }
    let (_, listing, _) = stadt(&["bots"]);
    assert!(
        listing.contains("a whole number from 0 to 20") && listing.contains("a number from 0 to 10"),
        "{listing}"
    );
    assert!(!o.exists());
}

// 9. Never overwrite a file the run did not write; find edited rows -------------------------------

#[test]
fn p09_a_folder_of_someone_elses_files_is_refused_and_edited_rows_are_found() {
    let dir = scratch("overwrite");
    let mine = dir.join("mine");
    std::fs::create_dir_all(&mine).unwrap();
    std::fs::write(mine.join("summary.csv"), "my own notes\n").unwrap();
    assert_refused(
        stadt(&["tournament", "--bots", "greedy,random", "--games", "2", "--out", mine.to_str().unwrap()]),
        &["holds files that no stadt run wrote (summary.csv"],
    );
    assert_eq!(std::fs::read_to_string(mine.join("summary.csv")).unwrap(), "my own notes\n");
    assert_eq!(snapshot(&mine).len(), 1);
    // A row edited after it was written (a score of 999) is found when the folder is read again.
    let t = dir.join("t");
    let args =
        ["tournament", "--bots", "greedy,random", "--games", "4", "--out", t.to_str().unwrap(), "--quiet"];
    assert_eq!(stadt(&args).0, 0);
    let games = std::fs::read_to_string(t.join("games.csv")).unwrap();
    let text = edited(&games, 2, "score", "999"); // line 4: the header, then rows 0, 1, 2
    std::fs::write(t.join("games.csv"), &text).unwrap();
    assert_refused(stadt(&args), &["games.csv: line 4 (game 1, seat 1) was changed since it was written"]);
    assert_eq!(std::fs::read_to_string(t.join("games.csv")).unwrap(), text, "left as it was");
    // A header line that lost its end would have the next row glued onto it: refused, untouched.
    let header = games.lines().next().unwrap().to_string();
    std::fs::write(t.join("games.csv"), &header).unwrap();
    assert_refused(stadt(&args), &["games.csv: its header line does not end"]);
    assert_eq!(std::fs::read_to_string(t.join("games.csv")).unwrap(), header, "left as it was");
}

// 10. Bot files: --bot-dir, then $STADT_BOTS, then ./bots -----------------------------------------

#[test]
fn p10_bot_files_are_looked_up_in_bot_dir_then_stadt_bots_then_dot_bots() {
    let dir = scratch("botdirs");
    let mk = |sub: &str, open: &str| {
        let d = dir.join(sub);
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join("mine.bot"), format!("bot = greedy\nopen = {open}\n")).unwrap();
        d
    };
    // No bots folder here: a named bot file is not found in the source tree the binary came from.
    let (code, _, err) = stadt_in(&dir, &[], &["play", "--bots", "steerer-tuned"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown bot `steerer-tuned`") && err.contains("./bots"), "{err}");
    let local = mk("bots", "0.1");
    let env = mk("env", "0.2");
    let flag = mk("flag", "0.3");
    let spec = |env_vars: &[(&str, &str)], extra: &[&str]| {
        let mut a = vec!["bots"];
        a.extend_from_slice(extra);
        let (code, out, err) = stadt_in(&dir, env_vars, &a);
        assert_eq!(code, 0, "{err}");
        out.lines().find(|l| l.trim_start().starts_with("mine (")).unwrap_or_default().to_string()
    };
    assert!(spec(&[], &[]).contains("open=0.1") && spec(&[], &[]).contains("bots/mine.bot"));
    let e = env.to_str().unwrap();
    assert!(spec(&[("STADT_BOTS", e)], &[]).contains("open=0.2"));
    let f = flag.to_str().unwrap();
    assert!(spec(&[("STADT_BOTS", e)], &["--bot-dir", f]).contains("open=0.3"));
    let (_, listing, _) = stadt_in(&dir, &[("STADT_BOTS", e)], &["bots", "--bot-dir", f]);
    assert!(listing.contains(&format!("--bot-dir {f}, $STADT_BOTS {e}, ./bots")), "{listing}");
    // The tournament uses the same lookup, and records the bot's full settings.
    let t = dir.join("t");
    let (code, _, err) = stadt_in(
        &dir,
        &[("STADT_BOTS", e)],
        &["tournament", "--bots", "mine,random", "--games", "2", "--out", t.to_str().unwrap(), "--quiet"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(t.join("manifest.toml")).unwrap().contains("spec = \"greedy:open=0.2\""));
    drop(local);
}

// 12. Small things -----------------------------------------------------------------------------

#[test]
fn p12_messages_files_and_folders_a_user_trips_on() {
    let dir = scratch("small");
    // No Rust debug text in errors.
    let rec = dir.join("g.rec");
    assert_eq!(stadt(&["play", "--seed", "2", "--record", rec.to_str().unwrap()]).0, 0);
    let text = std::fs::read_to_string(&rec).unwrap();
    let head: String =
        text.lines().take_while(|l| !l.starts_with("p1: tile")).map(|l| format!("{l}\n")).collect();
    std::fs::write(&rec, format!("{head}tile 0 0 0\ntile 1 0 0\n")).unwrap();
    let (code, _, err) = stadt(&["replay", rec.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("expected a `follower` decision, not a `tile` decision"), "{err}");
    assert!(!err.contains('{') && !err.contains("Some("), "{err}");
    // An empty `out` never writes into the current folder; `out` is relative to the file.
    let exp = dir.join("exps");
    std::fs::create_dir_all(&exp).unwrap();
    let body = "bots = [\"greedy\", \"random\"]\nplayers = 2\ngames = 2\nseed = 1\n";
    std::fs::write(exp.join("empty.toml"), format!("{body}out = \"\"\n")).unwrap();
    let before = snapshot(&dir);
    assert_refused(stadt_in(&dir, &[], &["tournament", "exps/empty.toml", "--quiet"]), &["`out` is empty"]);
    assert_eq!(snapshot(&dir), before);
    std::fs::write(exp.join("rel.toml"), format!("{body}out = \"res\"\n")).unwrap();
    let (code, _, err) = stadt_in(&dir, &[], &["tournament", "exps/rel.toml", "--quiet"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        exp.join("res/summary.csv").is_file() && !dir.join("res").exists(),
        "out is the file's folder's res"
    );
    // bench says whether each target is met.
    let (code, out, _) = stadt(&["bench", "--seconds", "0.02"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("figure,value,unit,target,met\n"), "{out}");
    assert!(out.lines().any(|l| l.ends_with(",yes") || l.ends_with(",NO")), "{out}");
}

/// A finished tournament in a folder the user may not write can still be summarised (run as the
/// unprivileged user `nobody` when the tests run as root, who may write anywhere).
#[test]
fn p12_a_finished_tournament_in_a_read_only_folder_can_be_summarised() {
    let dir = scratch("readonly");
    let t = dir.join("t");
    let args =
        ["tournament", "--bots", "greedy,random", "--games", "4", "--out", t.to_str().unwrap(), "--quiet"];
    let (code, first, _) = stadt(&args);
    assert_eq!(code, 0);
    let before = snapshot(&t);
    let chmod = |mode: &str| {
        assert!(Command::new("chmod").args(["-R", mode, dir.to_str().unwrap()]).status().unwrap().success());
    };
    chmod("a-w");
    let root = run(Command::new("id").arg("-u")).1.trim() == "0";
    let mut cmd = if root {
        let mut c = Command::new("setpriv");
        c.args(["--reuid", "65534", "--regid", "65534", "--clear-groups", STADT]);
        c
    } else {
        Command::new(STADT)
    };
    let (code, again, err) = run(cmd.args(args));
    chmod("u+w");
    assert_eq!(code, 0, "{err}");
    assert_eq!(lines_without(&again, " games ("), lines_without(&first, " games ("));
    assert!(again.contains("4 games (0 new)"), "{again}");
    assert_eq!(snapshot(&t), before);
}

/// The progress bar, drawn on a terminal (`script` gives the run one), shows its rate with one
/// decimal, not as a raw floating-point number.
#[test]
fn p12_the_progress_bar_shows_a_readable_rate_on_a_terminal() {
    let dir = scratch("progress");
    let out = dir.join("t");
    let cmd = format!("{STADT} tournament --bots greedy,random --games 60 --out {}", out.display());
    let (code, text, err) = run(Command::new("script").args(["-qfec", &cmd, "/dev/null"]));
    assert_eq!(code, 0, "{err}");
    let rates: Vec<&str> = text
        .split(['\r', '\n'])
        .filter_map(|l| l.split(" games/s").next().filter(|_| l.contains(" games/s")))
        .collect();
    assert!(!rates.is_empty(), "no progress line in {text:?}");
    for r in rates {
        let rate = r.rsplit(' ').next().unwrap();
        let decimals = rate.split('.').nth(1).map_or(0, str::len);
        assert!(rate.parse::<f64>().is_ok() && decimals == 1, "rate {rate:?} in {r:?}");
    }
}
