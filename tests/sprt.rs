//! `stadt sprt`: the verdict is the same at any thread count and after a kill or Ctrl-C and a
//! rerun (sprt.csv and games.csv byte for byte apart from the timing column); a clear case stops
//! within a few units either way; 3 and 4 players use the GSPRT; a different setting is refused
//! and bad input is named, with nothing written; the report holds the trace; the experiment file
//! equals the flags; `stadt tune --verify sprt:...` checks the tuned bot with it.

mod common;

use common::{STADT, stadt};
use stadt_testkit::cli::{lines_without, signal};
use stadt_testkit::files::line_count;
use stadt_testkit::results::games_without_timing;
use stadt_testkit::{Csv, Row, assert_refused, read, scratch, snapshot, wait_for};
use std::path::Path;
use std::process::{Command, Stdio};

/// `stadt sprt` with these arguments into `out`, no progress bar.
fn sprt_args(out: &Path, args: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = vec!["sprt".into()];
    v.extend(args.iter().map(|s| s.to_string()));
    v.extend(["--out".into(), out.display().to_string(), "--quiet".into()]);
    v
}

fn sprt(out: &Path, args: &[&str]) -> (i32, String, String) {
    stadt(&sprt_args(out, args))
}

/// The two folders hold the same test: sprt.csv byte for byte, games.csv apart from timings.
fn assert_same_test(a: &Path, b: &Path) {
    assert_eq!(read(a, "sprt.csv"), read(b, "sprt.csv"), "sprt.csv of {} and {}", a.display(), b.display());
    assert_eq!(games_without_timing(a), games_without_timing(b), "games.csv");
}

/// The rows of sprt.csv, one a unit.
fn units(dir: &Path) -> Vec<Row> {
    Csv::parse(&read(dir, "sprt.csv")).into_rows()
}

/// A test of two close bots that goes on for many units: greedy against a variant of itself.
const CLOSE: [&str; 12] = [
    "--bot",
    "greedy",
    "--against",
    "greedy:open=0.3",
    "--elo0",
    "-10",
    "--elo1",
    "10",
    "--seed",
    "3",
    "--max-games",
    "160",
];

#[test]
fn the_verdict_is_the_same_at_one_and_two_threads() {
    let dir = scratch("sprt-threads");
    let (one, two) = (dir.join("one"), dir.join("two"));
    let mut a = CLOSE.to_vec();
    a.extend(["--threads", "1"]);
    let (code, out1, err) = sprt(&one, &a);
    assert_eq!(code, 0, "{err}");
    let mut a = CLOSE.to_vec();
    a.extend(["--threads", "2"]);
    let (code, out2, err) = sprt(&two, &a);
    assert_eq!(code, 0, "{err}");
    assert_same_test(&one, &two);
    assert_eq!(lines_without(&out1, " new) in "), lines_without(&out2, " new) in "), "the printed verdict");
    assert!(units(&one).len() >= 10, "the test should take many units:\n{}", read(&one, "sprt.csv"));
    // Games stop with the deciding unit: the games are exactly the units of sprt.csv.
    let games = read(&one, "games.csv").lines().count() - 1;
    assert_eq!(games, 2 * 2 * units(&one).len(), "two rows per game, two games per unit");
}

/// Starts `stadt sprt` in the background, waits until sprt.csv has `units` units and stops it with
/// the signal `name` (KILL or INT); returns the exit code.
fn interrupt(args: &[String], out: &Path, units: usize, name: &str) -> Option<i32> {
    let mut child =
        Command::new(STADT).args(args).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    wait_for("units in sprt.csv", || {
        // The header and the units.
        line_count(&out.join("sprt.csv")) > units || {
            assert!(
                child.try_wait().unwrap().is_none(),
                "the test ended before it was stopped: make it longer"
            );
            false
        }
    });
    signal(child.id(), name);
    child.wait().unwrap().code()
}

#[test]
fn a_killed_or_stopped_test_resumes_to_the_uninterrupted_verdict() {
    let dir = scratch("sprt-resume");
    let bots = ["--bot", "steerer", "--against", "steerer:deny=0.2", "--elo0", "-5", "--elo1", "5"];
    let args = |d: &Path| {
        let mut a = bots.to_vec();
        a.extend(["--seed", "5", "--max-games", "600", "--threads", "2"]);
        sprt_args(d, &a)
    };
    let whole = dir.join("whole");
    let (code, _, err) = stadt(&args(&whole));
    assert_eq!(code, 0, "{err}");
    for (signal, code) in [("KILL", None), ("INT", Some(130))] {
        let cut = dir.join(format!("cut-{signal}"));
        let a = args(&cut);
        assert_eq!(interrupt(&a, &cut, 4, signal), code, "{signal}");
        let before = units(&cut).len();
        assert!(before >= 4 && before < units(&whole).len(), "{signal}: stopped after {before} units");
        let files = snapshot(&cut);
        assert_refused(
            stadt(&["report", cut.to_str().unwrap()]),
            &["holds an unfinished run", "no verdict yet"],
        );
        assert_eq!(snapshot(&cut), files, "a refused report wrote something");
        let (code, stdout, err) = stadt(&a);
        assert_eq!(code, 0, "{signal}: {err}");
        assert!(!stdout.contains("(0 new)"), "{stdout}");
        assert_same_test(&whole, &cut);
        // sprt.csv is the games' account: one changed by hand is refused by the report and
        // rewritten by the run's command.
        let log = read(&cut, "sprt.csv");
        std::fs::write(cut.join("sprt.csv"), log.replace(",continue", ",H1")).unwrap();
        assert_refused(
            stadt(&["report", cut.to_str().unwrap()]),
            &["sprt.csv: does not hold what games.csv gives"],
        );
        // A finished test run again plays nothing and says the same.
        let (code, again, _) = stadt(&a);
        assert_eq!(code, 0);
        assert!(again.contains("(0 new)"), "{again}");
        assert_eq!(again.lines().next(), stdout.lines().next());
        assert_eq!(read(&cut, "sprt.csv"), log);
    }
}

#[test]
fn a_clear_difference_is_found_within_a_few_units_either_way() {
    let dir = scratch("sprt-clear");
    let better = dir.join("better");
    let (code, out, err) = sprt(
        &better,
        &["--bot", "greedy", "--against", "random", "--elo0", "0", "--elo1", "20", "--seed", "7"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("H1 accepted after "), "{out}");
    // Every pair a sweep: no spread, so no finite normalized Elo; the summary says so in words.
    assert!(out.contains("LLR ") && out.contains("Elo estimate (normalized Elo): unbounded above"), "{out}");
    let rows = units(&better);
    // Every pair is a sweep; a hypothesis as close as 20 normalized Elo still takes some pairs.
    assert!(rows.len() < 50, "{} units for greedy against random", rows.len());
    assert_eq!(&rows.last().unwrap()["verdict"], "H1");
    assert!(rows[..rows.len() - 1].iter().all(|r| &r["verdict"] == "continue"));
    assert_eq!(
        read(&better, "sprt.csv").lines().next().unwrap(),
        "unit,games,score,pairs_0,pairs_05,pairs_1,pairs_15,pairs_2,llr,lower,upper,verdict"
    );
    let worse = dir.join("worse");
    let (code, out, err) = sprt(
        &worse,
        &["--bot", "random", "--against", "greedy", "--elo0", "0", "--elo1", "20", "--seed", "7"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("H0 accepted after "), "{out}");
    assert!(units(&worse).len() < 50);
    assert!(out.contains("Elo estimate (normalized Elo): unbounded below"), "{out}");

    // The report: the verdict, the trace between its bounds, the estimate; `stadt report` agrees.
    let html = read(&better, "report.html");
    for part in ["<svg", "id=\"trace-plot\"", "id=\"elo-plot\"", "H1 accepted", "upper bound", "lower bound"]
    {
        assert!(html.contains(part), "report.html has no {part}");
    }
    assert!(!html.contains("<script"), "self-contained, no scripts");
    std::fs::remove_file(better.join("report.html")).unwrap();
    let (code, _, err) = stadt(&["report", better.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(read(&better, "report.html"), html);
}

#[test]
fn three_and_four_players_use_the_generalised_sprt_on_unit_scores() {
    let dir = scratch("sprt-multi");
    for players in ["3", "4"] {
        let out = dir.join(players);
        let (code, stdout, err) = sprt(
            &out,
            &[
                "--bot",
                "steerer",
                "--against",
                "greedy",
                "--players",
                players,
                "--elo0",
                "0",
                "--elo1",
                "50",
                "--max-games",
                "600",
            ],
        );
        assert_eq!(code, 0, "{err}");
        assert!(stdout.starts_with("H1 accepted") || stdout.starts_with("H0 accepted"), "{stdout}");
        assert!(stdout.contains("logistic Elo of the pairwise score"), "{stdout}");
        let log = read(&out, "sprt.csv");
        assert_eq!(log.lines().next().unwrap(), "unit,games,score,n,mean,sd,llr,lower,upper,verdict");
        let p: usize = players.parse().unwrap();
        let rows = units(&out);
        assert_eq!(&rows[0]["games"], players, "a unit is {players} games");
        assert_eq!(read(&out, "games.csv").lines().count() - 1, p * p * rows.len());
        // The unit score is a mean of the players (players - 1) pairwise results, each 0, 1/2 or 1.
        for r in &rows {
            let x: f64 = r.parse("score");
            let k = x * (2 * p * (p - 1)) as f64;
            assert!((k - k.round()).abs() < 1e-5 && (0.0..=1.0).contains(&x), "{r:?}");
        }
        let manifest = read(&out, "manifest.toml");
        assert!(manifest.contains("model = \"gsprt\""), "{manifest}");
        assert_eq!(manifest.matches("[[bot]]").count(), p, "{manifest}");
        assert!(read(&out, "report.html").contains("id=\"trace-plot\""));
    }
    // Greedy wins every comparison against random bots: no variance and an infinite estimate.
    // Three units are too few to decide, and the report still draws.
    let sweep = dir.join("sweep");
    let (code, stdout, err) = sprt(
        &sweep,
        &[
            "--bot",
            "greedy",
            "--against",
            "random",
            "--players",
            "3",
            "--elo0",
            "0",
            "--elo1",
            "50",
            "--max-games",
            "9",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(stdout.starts_with("no verdict at --max-games: 3 units (9 games)"), "{stdout}");
    assert!(units(&sweep).iter().all(|r| &r["score"] == "1.000000" && &r["verdict"] == "continue"));
    assert!(read(&sweep, "report.html").contains("id=\"elo-plot\""));
    // With room to go on, the same test decides (at 19 units, once a few units fall short of a
    // sweep): no variance never holds a verdict back.
    let decided = dir.join("decided");
    let (code, stdout, err) = sprt(
        &decided,
        &["--bot", "greedy", "--against", "random", "--players", "3", "--elo0", "0", "--elo1", "50"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(stdout.starts_with("H1 accepted after "), "{stdout}");
}

#[test]
fn a_changed_setting_is_refused_and_bad_input_writes_nothing() {
    let dir = scratch("sprt-refuse");
    let out = dir.join("run");
    let base = ["--bot", "greedy", "--against", "random", "--elo0", "0", "--elo1", "20", "--seed", "2"];
    assert_eq!(sprt(&out, &base).0, 0);
    let before = snapshot(&out);
    assert_eq!(
        before.keys().map(String::as_str).collect::<Vec<_>>(),
        ["games.csv", "manifest.toml", "report.html", "sprt.csv"]
    );
    let changes: [(&str, &str, &str); 6] = [
        ("--elo1", "30", "elo1: folder 20, this run 30"),
        ("--elo0", "-5", "elo0: folder 0, this run -5"),
        ("--seed", "3", "seed: folder 2, this run 3"),
        ("--alpha", "0.1", "alpha: folder 0.05, this run 0.1"),
        ("--max-games", "100", "max games: folder 20000, this run 100"),
        ("--against", "steerer", "bots: folder greedy = greedy:open=0.5; random = random, this run"),
    ];
    for (flag, value, expect) in changes {
        let mut a = base.to_vec();
        match a.iter().position(|x| *x == flag) {
            Some(i) => a[i + 1] = value,
            None => a.extend([flag, value]),
        }
        assert_refused(sprt(&out, &a), &["holds a different sprt run", expect]);
        assert_eq!(snapshot(&out), before, "{flag} {value} changed the folder");
    }
    let never = dir.join("never");
    let bad: [(&[&str], &str); 11] = [
        (&["--bot", "greedy", "--against", "random", "--elo0", "20", "--elo1", "20"], "--elo0"),
        (&["--bot", "greedy", "--against", "random", "--elo0", "5", "--elo1", "0"], "--elo0"),
        (
            &["--bot", "greedy", "--against", "random", "--elo0", "0", "--elo1", "5", "--alpha", "0.5"],
            "--alpha",
        ),
        (
            &["--bot", "greedy", "--against", "random", "--elo0", "0", "--elo1", "5", "--alpha", "0"],
            "--alpha",
        ),
        (&["--bot", "greedy", "--against", "random", "--elo0", "0", "--elo1", "5", "--beta", "-1"], "--beta"),
        (&["--bot", "greedy", "--elo0", "0", "--elo1", "5"], "--against"),
        (&["--bot", "greedy", "--against", "wizard", "--elo0", "0", "--elo1", "5"], "unknown bot `wizard`"),
        (&["--against", "greedy", "--elo0", "0", "--elo1", "5"], "--bot"),
        (&["--bot", "greedy", "--against", "random", "--elo1", "5"], "--elo0"),
        (
            &["--bot", "greedy", "--against", "random", "--elo0", "0", "--elo1", "5", "--players", "5"],
            "players must be 2, 3 or 4",
        ),
        (
            &["--bot", "greedy", "--against", "random", "--elo0", "0", "--elo1", "5", "--shard", "0/2"],
            "not sharded",
        ),
    ];
    for (args, expect) in bad {
        assert_refused(sprt(&never, args), &[expect]);
        assert!(!never.exists(), "{args:?} created the folder");
    }
    assert_refused(
        sprt(
            &never,
            &["--bot", "greedy", "--against", "random", "--elo0", "0", "--elo1", "5", "--max-games", "0"],
        ),
        &["--max-games must be from 1 to 1000000, not 0"],
    );
    assert!(!never.exists());
}

#[test]
fn an_experiment_file_runs_the_same_test_as_the_flags() {
    let dir = scratch("sprt-experiment");
    let file = dir.join("test.toml");
    std::fs::write(
        &file,
        "about = \"greedy against itself\"\nbot = \"greedy\"\nagainst = \"greedy\"\nelo0 = -20\nelo1 = 20\nseed = 4\nmax_games = 24\nout = \"by-file\"\n",
    )
    .unwrap();
    let (code, out, err) = stadt(&["sprt", file.to_str().unwrap(), "--quiet"]);
    assert_eq!(code, 0, "{err}");
    let by_flags = dir.join("by-flags");
    let (code, out2, err) = sprt(
        &by_flags,
        &[
            "--bot",
            "greedy",
            "--against",
            "greedy",
            "--elo0",
            "-20",
            "--elo1",
            "20",
            "--seed",
            "4",
            "--max-games",
            "24",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert_same_test(&dir.join("by-file"), &by_flags);
    assert_eq!(out.lines().next(), out2.lines().next());
    let manifest = read(&dir.join("by-file"), "manifest.toml");
    assert!(manifest.contains("about = \"greedy against itself\""), "{manifest}");
    // The same bot on both sides: labelled apart, the first is the one under test.
    assert!(manifest.contains("label = \"greedy#2\""), "{manifest}");
    assert_refused(
        stadt(&["sprt", file.to_str().unwrap(), "--elo0", "1"]),
        &["either an experiment file or --bot"],
    );
    std::fs::write(
        dir.join("bad.toml"),
        "bot = \"greedy\"\nagainst = \"random\"\nelo0 = 0\nelo1 = 5\nseed = 1\nout = \"x\"\ncolour = 1\n",
    )
    .unwrap();
    assert_refused(stadt(&["sprt", dir.join("bad.toml").to_str().unwrap()]), &["unknown field `colour`"]);
    assert!(!dir.join("x").exists());
}

#[test]
fn tune_can_check_the_tuned_bot_with_a_sequential_test() {
    let dir = scratch("sprt-tune");
    let out = dir.join("tune");
    let args = [
        "tune",
        "--bot",
        "greedy",
        "--against",
        "random,greedy",
        "--iterations",
        "2",
        "--games-per-eval",
        "4",
        "--verify-games",
        "40",
        "--verify",
        "sprt:0,20",
        "--seed",
        "4",
        "--threads",
        "2",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ];
    let (code, stdout, err) = stadt(&args);
    assert!(code == 0 || code == 3, "{err}");
    assert!(stdout.contains("held-out check as a sequential test (verify-sprt/): SPRT with H0"), "{stdout}");
    let verify = read(&out, "verify.csv");
    let mut lines = verify.lines();
    assert!(
        lines.next().unwrap().ends_with(",verdict,sprt,sprt_elo0,sprt_elo1,sprt_llr,sprt_lower,sprt_upper")
    );
    let row = &Csv::parse(&verify).into_rows()[0];
    let sub = out.join("verify-sprt");
    let last = units(&sub).pop().unwrap();
    assert_eq!(&row["sprt"], &last["verdict"], "verify.csv carries the test's verdict");
    let games: usize = row.parse("games");
    assert_eq!(games, (read(&sub, "games.csv").lines().count() - 1) / 2, "the check's games are the test's");
    assert!(read(&out, "greedy-tuned.bot").contains("SPRT with H0: normalized Elo <= 0, H1: >= 20"));
    assert!(read(&out, "report.html").contains("The check was a sequential test"));
    assert!(sub.join("report.html").exists());
    // The same command again changes nothing; another check is refused.
    let before = snapshot(&out);
    let (code, _, err) = stadt(&args);
    assert!(code == 0 || code == 3, "{err}");
    assert_eq!(snapshot(&out), before);
    let mut other = args.to_vec();
    other[12] = "sprt:0,30";
    assert_refused(stadt(&other), &["verify: folder sprt:0,20, this run sprt:0,30"]);
    other[12] = "sprt:5,0";
    assert_refused(stadt(&other), &["--verify sprt:5,0"]);
    other[12] = "fixed";
    assert_refused(stadt(&other), &["--verify fixed: expected `games` or `sprt:ELO0,ELO1`"]);
}
