//! `stadt learn` and evaluation files, through the binary: a small learning run writes its
//! records, evaluation files, matches and table, reproducibly at any thread count, resumes
//! after a stop and refuses a different run; `mcts:eval=FILE` plays from a command line and from
//! a bot file in any folder; every kind of bad evaluation file is an error naming the file (and
//! the line), never a panic.

mod common;

use common::{catan_tournament, stadt, stadt_in};
use stadt_testkit::results::without_timing;
use stadt_testkit::{Csv, scratch, snapshot};
use std::path::Path;

/// `head` followed by the output folder `out`, the thread count and `--quiet`.
fn run_args(head: &[&str], out: &Path, threads: &str) -> Vec<String> {
    let tail = ["--out", out.to_str().unwrap(), "--threads", threads, "--quiet"];
    head.iter().chain(&tail).map(|s| s.to_string()).collect()
}

fn learn_args(out: &Path, threads: &str) -> Vec<String> {
    let head = [
        "learn",
        "--bot",
        "mcts:iters=30,depth=4",
        "--games",
        "5",
        "--generations",
        "2",
        "--match-games",
        "2",
        "--seed",
        "5",
    ];
    run_args(&head, out, threads)
}

/// Every file below `root` (recursively) as text, the run folder's own path replaced by `RUN` and
/// the timing column of match games left out; manifests, locks and reports are left out.
fn tree(root: &Path) -> Vec<(String, String)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            let name = p.file_name().unwrap().to_str().unwrap().to_string();
            if p.is_dir() {
                walk(root, &p, out);
            } else if ![".stadt.lock", "manifest.toml", "report.html"].contains(&name.as_str()) {
                let mut text = std::fs::read_to_string(&p).unwrap().replace(root.to_str().unwrap(), "RUN");
                if name == "games.csv" {
                    text = without_timing(&text);
                }
                out.push((p.strip_prefix(root).unwrap().display().to_string(), text));
            }
        }
    }
    let mut out = Vec::new();
    walk(root, root, &mut out);
    out.sort();
    out
}

/// Asserts two trees are equal, naming the first file that differs.
fn same_tree(a: &[(String, String)], b: &[(String, String)]) {
    let names = |t: &[(String, String)]| t.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    assert_eq!(names(a), names(b));
    for ((n, x), (_, y)) in a.iter().zip(b) {
        assert!(x == y, "{n} differs:\n{x}\n----\n{y}");
    }
}

#[test]
fn learn_writes_generations_reproducibly_and_resumes() {
    let (a, b) = (scratch("learn-a"), scratch("learn-b"));
    let (code, out, err) = stadt(&learn_args(&a.join("run"), "1"));
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("generation,selfplay_games,train_samples,heldout_samples,rmse_train"));
    assert!(lines[1].starts_with("1,5,") && lines[2].starts_with("2,5,"), "{out}");
    let run_a = a.join("run");
    for f in ["gen1.eval", "gen2.eval", "generations.csv", "gen0/games/0004.rec", "gen1/games/0000.rec"] {
        assert!(run_a.join(f).is_file(), "{f} missing");
    }
    assert!(run_a.join("match-gen2-vs-gen1/summary.csv").is_file());
    assert_eq!(std::fs::read_to_string(run_a.join("generations.csv")).unwrap(), out);
    // The same run on two threads writes the same files.
    let (code, _, err) = stadt(&learn_args(&b.join("run"), "2"));
    assert_eq!(code, 0, "{err}");
    same_tree(&tree(&run_a), &tree(&b.join("run")));
    // A record lost (a stopped run) is played again, and nothing else changes.
    let before = tree(&run_a);
    std::fs::remove_file(run_a.join("gen1/games/0003.rec")).unwrap();
    let (code, again, err) = stadt(&learn_args(&run_a, "2"));
    assert_eq!(code, 0, "{err}");
    assert_eq!(again, out);
    same_tree(&tree(&run_a), &before);
    // Another run is refused in the folder, naming what differs, and writes nothing.
    let mut other = learn_args(&run_a, "1");
    other[10] = "6".into();
    let snap = snapshot(&run_a);
    let (code, _, err) = stadt(&other);
    assert_ne!(code, 0);
    assert!(
        err.contains("holds a different learning run") && err.contains("seed: folder 5, this run 6"),
        "{err}"
    );
    assert_eq!(snapshot(&run_a), snap);
    // The evaluation plays from the command line.
    let spec = format!("mcts:iters=20,depth=4,eval={}", run_a.join("gen2.eval").display());
    let (code, out, err) = stadt(&["play", "--bots", &format!("{spec},random"), "--seed", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("final p1"), "{out}");
}

#[test]
fn learn_fits_the_extended_features_and_a_folder_refuses_the_other_set() {
    let dir = scratch("learn-extended");
    let run_dir = dir.join("run");
    let mut args = learn_args(&run_dir, "2");
    args.splice(1..1, ["--features".to_string(), "extended".to_string()]);
    let (code, _, err) = stadt(&args);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(run_dir.join("gen1.eval")).unwrap();
    let named: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("feature ")).collect();
    assert_eq!(named.len(), 20, "{text}");
    assert!(named.iter().any(|l| l.starts_with("wall_left =")), "{text}");
    assert!(
        std::fs::read_to_string(run_dir.join("manifest.toml")).unwrap().contains("features = \"extended\"")
    );
    // The same folder refuses the base set, naming the difference, and writes nothing.
    let snap = snapshot(&run_dir);
    let (code, _, err) = stadt(&learn_args(&run_dir, "2"));
    assert_ne!(code, 0);
    assert!(err.contains("features: folder extended, this run base"), "{err}");
    assert_eq!(snapshot(&run_dir), snap);
    // The extended evaluation plays; a copy missing one extended weight is refused by name.
    let spec = format!("mcts:iters=20,depth=4,eval={}", run_dir.join("gen2.eval").display());
    let (code, out, err) = stadt(&["play", "--bots", &format!("{spec},random"), "--seed", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("final p1"), "{out}");
    let fewer: String =
        text.lines().filter(|l| !l.starts_with("feature wall_left =")).map(|l| format!("{l}\n")).collect();
    let e = eval_error("eval-extended-mismatch", &fewer);
    assert!(e.contains("no weight for `wall_left` of the extended feature set"), "{e}");
    // An unknown set is a clear error.
    let mut bad = learn_args(&dir.join("other"), "1");
    bad.splice(1..1, ["--features".to_string(), "all".to_string()]);
    let (code, _, err) = stadt(&bad);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--features must be one of base, extended, not `all`"), "{err}");
    assert!(!dir.join("other").exists());
}

/// The match columns of `generations.csv` (games, share, margin) for generation 1, and the same
/// computed from the match folder's `games.csv`: over every pair of a copy of generation 1 and a
/// copy of generation 0 in a game, how often the first finished above (ties half), and the mean
/// score difference.
fn match_columns(run: &Path, players: usize) -> ((usize, f64, f64), (usize, f64, f64)) {
    let table = Csv::read(&run.join("generations.csv"));
    let row = &table.rows()[0];
    let listed =
        (row.parse("match_games"), row.parse("win_rate_vs_previous"), row.parse("margin_vs_previous"));
    let rows = Csv::read(&run.join("match-gen1-vs-gen0/games.csv")).into_rows();
    assert_eq!(rows.len() % players, 0);
    let (mut above, mut diff, mut pairs) = (0.0, 0.0, 0.0);
    for game in rows.chunks(players) {
        for a in game.iter().filter(|r| r["bot"].starts_with("gen1")) {
            for b in game.iter().filter(|r| r["bot"].starts_with("gen0")) {
                let (x, y): (f64, f64) = (a.parse("score"), b.parse("score"));
                above += if x > y {
                    1.0
                } else if x == y {
                    0.5
                } else {
                    0.0
                };
                diff += x - y;
                pairs += 1.0;
            }
        }
    }
    (listed, (rows.len() / players, above / pairs, diff / pairs))
}

fn assert_match_columns(run: &Path, players: usize) {
    let ((g, w, m), (g2, w2, m2)) = match_columns(run, players);
    assert_eq!(g, g2, "{players} players: match games");
    assert!(
        (w - w2).abs() < 1e-4 && (m - m2).abs() < 1e-3,
        "{players} players: listed {w} {m}, games give {w2} {m2}"
    );
}

/// A learning run for more players plays its matches at that player count, two copies of each
/// generation in every game, and its table reports the new copies against the old ones; with 2
/// players the table's match columns are the plain win rate and margin.
#[test]
fn a_match_is_played_at_the_player_count_of_the_learning_run() {
    let dir = scratch("learn-players");
    for players in [2, 4] {
        let out = dir.join(format!("run{players}"));
        let mut args = learn_args(&out, "2");
        args[6] = "1".into();
        args.extend(["--players".to_string(), players.to_string()]);
        let (code, _, err) = stadt(&args);
        assert_eq!(code, 0, "{err}");
        let manifest = std::fs::read_to_string(out.join("match-gen1-vs-gen0/manifest.toml")).unwrap();
        assert!(manifest.contains(&format!("players = {players}\n")), "{manifest}");
        let labels: Vec<&str> = manifest.lines().filter_map(|l| l.strip_prefix("label = ")).collect();
        let want: &[&str] = if players == 2 {
            &["\"gen1\"", "\"gen0\""]
        } else {
            &["\"gen1\"", "\"gen0\"", "\"gen1#2\"", "\"gen0#2\""]
        };
        assert_eq!(labels, want);
        assert_match_columns(&out, players);
    }
    // With 2 players the share is the new generation's win rate in the match's summary.
    let summary = Csv::read(&dir.join("run2/match-gen1-vs-gen0/summary.csv"));
    let first = &summary.rows()[0];
    let ((_, w, _), _) = match_columns(&dir.join("run2"), 2);
    assert!(&first["bot"] == "gen1" && (first.parse::<f64>("win_rate") - w).abs() < 1e-4, "{first:?}");
}

#[test]
fn a_learn_bot_without_an_evaluation_is_refused() {
    let dir = scratch("learn-greedy");
    let (code, _, err) =
        stadt(&["learn", "--bot", "greedy", "--out", dir.join("x").to_str().unwrap(), "--quiet"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--bot greedy: learning needs a bot with an `eval` parameter"), "{err}");
    assert!(!dir.join("x").exists());
}

const GOOD: &str = include_str!("../crates/harness/tests/data/small.eval");

/// `stadt play` with `mcts:eval=FILE` where FILE holds `text`: the error it prints.
fn eval_error(name: &str, text: &str) -> String {
    let dir = scratch(name);
    let file = dir.join("bad.eval");
    std::fs::write(&file, text).unwrap();
    let (code, out, err) =
        stadt(&["play", "--bots", &format!("mcts:iters=10,eval={},random", file.display()), "--seed", "1"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.contains(&file.display().to_string()), "the message does not name the file: {err}");
    err
}

#[test]
fn bad_evaluation_files_are_errors_naming_file_and_line() {
    let dir = scratch("eval-nofile");
    let (code, _, err) = stadt(&["play", "--bots", &format!("mcts:eval={}/none.eval,random", dir.display())]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read evaluation file") && err.contains("none.eval"), "{err}");

    let e = eval_error("eval-format", "bot = mcts\n");
    assert!(e.contains("line 1: expected `format = stadt-eval 1` first"), "{e}");
    let e = eval_error("eval-empty", "# nothing\n");
    assert!(e.contains("empty"), "{e}");
    let e = eval_error("eval-number", &GOOD.replace("feature towers = ", "feature towers = x"));
    let line = GOOD.lines().position(|l| l.starts_with("feature towers =")).unwrap() + 1;
    assert!(e.contains(&format!("line {line}: the weight of `towers`")), "{e}");
    let e = eval_error("eval-unknown", &format!("{GOOD}feature castles = 1\n"));
    assert!(e.contains("unknown feature `castles`"), "{e}");
    let e = eval_error("eval-twice", &format!("{GOOD}feature towers = 1\n"));
    assert!(e.contains("feature `towers` is given twice"), "{e}");
    let e = eval_error("eval-nan", &GOOD.replace("feature towers = ", "feature towers = NaN #"));
    assert!(e.contains("not a finite number"), "{e}");
    // A file made for another feature list (one feature fewer) is a mismatch, named as such.
    let fewer: String =
        GOOD.lines().filter(|l| !l.starts_with("feature walls_built =")).map(|l| format!("{l}\n")).collect();
    let e = eval_error("eval-mismatch", &fewer);
    assert!(e.contains("no weight for `walls_built`") && e.contains("another feature list"), "{e}");
    let e = eval_error("eval-line", "format = stadt-eval 1\nfeature\n");
    assert!(e.contains("line 2: expected `feature NAME = WEIGHT`"), "{e}");
}

#[test]
fn results_record_the_evaluation_by_hash_and_a_changed_file_is_refused() {
    let dir = scratch("eval-hash");
    let file = dir.join("e.eval");
    std::fs::write(&file, GOOD).unwrap();
    let out = dir.join("t");
    let bots = format!("mcts:iters=10,eval={},random", file.display());
    let args = [
        "tournament",
        "--bots",
        &bots,
        "--games",
        "2",
        "--seed",
        "1",
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ];
    let (code, _, err) = stadt(&args);
    assert_eq!(code, 0, "{err}");
    let manifest = std::fs::read_to_string(out.join("manifest.toml")).unwrap();
    let spec = manifest
        .lines()
        .find_map(|l| l.strip_prefix("spec = \"mcts:"))
        .map(|s| format!("mcts:{}", s.trim_end_matches('"')))
        .unwrap();
    assert!(spec.contains(&format!("eval={}@sha256:", file.display())), "{spec}");
    std::fs::write(&file, format!("{GOOD}# one comment more: other bytes, other hash\n")).unwrap();
    // The spec as recorded no longer matches the file ...
    let (code, _, err) = stadt(&["play", "--bots", &format!("{spec},random")]);
    assert_eq!(code, 2);
    assert!(err.contains("has changed since the spec was written"), "{err}");
    // ... and the same command does not resume the folder with other weights.
    let (code, _, err) = stadt(&args);
    assert_eq!(code, 2);
    assert!(err.contains("holds a different tournament"), "{err}");
}

#[test]
fn a_bot_file_names_its_evaluation_beside_itself_from_any_folder() {
    let dir = scratch("eval-botfile");
    std::fs::create_dir_all(dir.join("bots")).unwrap();
    std::fs::create_dir_all(dir.join("elsewhere")).unwrap();
    std::fs::write(dir.join("bots/learned.eval"), GOOD).unwrap();
    std::fs::write(dir.join("bots/smart.bot"), "bot = mcts\niters = 20\neval = learned.eval\n").unwrap();
    let bot = dir.join("bots/smart.bot");
    for cwd in [dir.to_path_buf(), dir.join("elsewhere"), dir.join("bots")] {
        let (code, out, err) =
            stadt_in(&cwd, &[], &["play", "--bots", &format!("{},random", bot.display()), "--seed", "2"]);
        assert_eq!(code, 0, "from {}: {err}", cwd.display());
        assert!(out.contains("final p1"), "{out}");
    }
    // By name through $STADT_BOTS, from a folder without the file.
    let (code, _, err) = stadt_in(
        &dir.join("elsewhere"),
        &[("STADT_BOTS", dir.join("bots").to_str().unwrap())],
        &["play", "--bots", "smart,random", "--seed", "2"],
    );
    assert_eq!(code, 0, "{err}");
}

/// An experiment file that names an evaluation file in a spec (`NAME:eval=PATH`, a slash in the
/// path) reads it relative to the experiment file, from any folder, as it does a bot file: the
/// spec is not taken for a bot file's path, and the manifest records the file by hash.
#[test]
fn an_experiment_file_names_an_evaluation_in_a_spec_relative_to_itself() {
    let dir = scratch("eval-experiment");
    for sub in ["exp", "exp/evals", "elsewhere"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    std::fs::write(dir.join("exp/evals/learned.eval"), GOOD).unwrap();
    let toml = "bots = [\"mcts:iters=20,depth=4,eval=evals/learned.eval\", \"random\"]\nplayers = 2\ngames = 2\nseed = 1\nout = \"run\"\n";
    std::fs::write(dir.join("exp/t.toml"), toml).unwrap();
    let file = dir.join("exp/t.toml");
    for cwd in [dir.join("elsewhere"), dir.join("exp")] {
        let (code, _, err) = stadt_in(&cwd, &[], &["tournament", file.to_str().unwrap(), "--quiet"]);
        assert_eq!(code, 0, "from {}: {err}", cwd.display());
    }
    let manifest = std::fs::read_to_string(dir.join("exp/run/manifest.toml")).unwrap();
    let evals = dir.join("exp/evals/learned.eval");
    assert!(manifest.contains(&format!("eval={}@sha256:", evals.display())), "{manifest}");
}

fn catan_learn_args(out: &Path, threads: &str) -> Vec<String> {
    let head = [
        "--game",
        "catan",
        "learn",
        "--bot",
        "mcts:iters=10,depth=50",
        "--games",
        "5",
        "--generations",
        "1",
        "--match-games",
        "2",
        "--seed",
        "4",
    ];
    run_args(&head, out, threads)
}

#[test]
fn catan_learns_an_evaluation_of_its_own_features_that_its_mcts_plays() {
    let (a, b) = (scratch("learn-catan-a"), scratch("learn-catan-b"));
    let run_a = a.join("run");
    let (code, out, err) = stadt(&catan_learn_args(&run_a, "1"));
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().nth(1).is_some_and(|l| l.starts_with("1,5,")), "{out}");
    let text = std::fs::read_to_string(run_a.join("gen1.eval")).unwrap();
    let named: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("feature ")).collect();
    assert_eq!(named.len(), 16, "{text}");
    assert!(named.iter().any(|l| l.starts_with("production =")), "{text}");
    assert!(text.contains("(no more points: "), "{text}");
    let manifest = std::fs::read_to_string(run_a.join("manifest.toml")).unwrap();
    assert!(
        manifest.contains("game = \"catan\"") && manifest.contains("bot = \"mcts:iters=10,c=0.7,depth=50\""),
        "{manifest}"
    );
    assert!(manifest.contains("rules = \"shortage=official"), "every rule option named: {manifest}");
    assert!(
        std::fs::read_to_string(run_a.join("gen0/games/0000.rec")).unwrap().starts_with("stadt-catan-record")
    );
    // The match seats the evaluation, recorded by its hash.
    let summary = std::fs::read_to_string(run_a.join("match-gen1-vs-gen0/summary.csv")).unwrap();
    assert!(summary.contains(&format!("eval={}@sha256:", run_a.join("gen1.eval").display())), "{summary}");
    // Reproducible at any thread count.
    let (code, _, err) = stadt(&catan_learn_args(&b.join("run"), "2"));
    assert_eq!(code, 0, "{err}");
    same_tree(&tree(&run_a), &tree(&b.join("run")));
    // The folder refuses the same run of Die Stadt, naming the game, and writes nothing.
    let snap = snapshot(&run_a);
    let die_stadt: Vec<String> = catan_learn_args(&run_a, "1").split_off(2);
    let (code, _, err) = stadt(&die_stadt);
    assert_ne!(code, 0);
    assert!(err.contains("game: folder catan, this run die-stadt"), "{err}");
    assert_eq!(snapshot(&run_a), snap);
    // The evaluation plays in a tournament of Catan.
    let spec = format!("mcts:iters=10,eval={}", run_a.join("gen1.eval").display());
    let t = a.join("t");
    let (code, _, err) = catan_tournament(&format!("{spec},random"), &t, &["--games", "1", "--quiet"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn catan_learning_refuses_another_games_features_bots_and_evaluations() {
    let dir = scratch("learn-catan-bad");
    let out = dir.join("x");
    let with = |flag: &str, value: &str| {
        let mut args = catan_learn_args(&out, "1");
        let at = args.iter().position(|a| a == "--out").unwrap();
        args.splice(at..at, [flag.to_string(), value.to_string()]);
        stadt(&args)
    };
    let (code, _, err) = with("--features", "extended");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--features must be one of base, not `extended`"), "{err}");
    let (code, _, err) = with("--players", "5");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--players must be"), "{err}");
    let (code, _, err) = with("--options", "tiles=x");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("tiles"), "{err}");
    let mut args = catan_learn_args(&out, "1");
    args[4] = "greedy".into();
    let (code, _, err) = stadt(&args);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--bot greedy: learning needs a bot with an `eval` setting (mcts)"), "{err}");
    args[4] = "steerer".into();
    let (code, _, err) = stadt(&args);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("unknown bot `steerer`; the bots are: random, mcts, greedy, lookahead (catan's)"),
        "{err}"
    );
    assert!(!out.exists());
    // Die Stadt's evaluation file is not Catan's: the error names the file, line and feature.
    let file = dir.join("stadt.eval");
    std::fs::write(&file, GOOD).unwrap();
    let (code, _, err) = stadt(&[
        "--game",
        "catan",
        "play",
        "--bots",
        &format!("mcts:iters=5,eval={},random", file.display()),
    ]);
    assert_eq!(code, 2, "{err}");
    let first =
        GOOD.lines().position(|l| l.starts_with("feature ") && !l.starts_with("feature one ")).unwrap() + 1;
    assert!(
        err.contains(&format!("evaluation file {} line {first}: unknown feature", file.display())),
        "{err}"
    );
    assert!(err.contains("best_other_production"), "{err}");
}
