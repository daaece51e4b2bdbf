//! Through the command line: a bot in another program that crashes on its third decision of every
//! game forfeits each one (greedy finishes its seat), and `games.csv`'s margins, `summary.csv`'s
//! `mean_margin` and `pairs.csv`'s `mean_score_diff` count the forfeit as 0 points, not the
//! fallback's play, while `score` keeps the points on the board (docs/output-files.md, "A forfeited
//! seat"). `stadt report` computes the same summaries from the folder.

mod common;

use common::stadt;
use stadt_testkit::tools::require;
use stadt_testkit::{Csv, Row, scratch};
use std::collections::BTreeMap;

/// Plays the first legal move, and exits on its third decision (a crash: the host starts a new
/// program for the next game).
const CRASHER: &str = r#"
import json, sys
decisions = 0
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"type": "ready"}), flush=True)
    elif m["type"] == "decide":
        decisions += 1
        if decisions == 3:
            sys.exit(3)
        print(json.dumps({"type": "move", "move": m["moves"][0]}), flush=True)
"#;

/// The points a row counts in comparisons: its score, 0 when it forfeited.
fn counted(r: &Row) -> i64 {
    if r["failure"].is_empty() { r.parse("score") } else { 0 }
}

/// The mean of `values`, as the CSV files write it (3 decimals).
fn mean3(values: &[i64]) -> String {
    format!("{:.3}", values.iter().sum::<i64>() as f64 / values.len() as f64)
}

#[test]
fn a_crashing_bots_margin_and_score_differences_count_its_forfeit_not_the_fallback() {
    if require("python3", "its bot, which is a Python program").is_none() {
        return;
    }
    let dir = scratch("forfeit-margin");
    std::fs::write(dir.join("crasher.py"), CRASHER).unwrap();
    let file = dir.join("crasher.bot");
    std::fs::write(&file, "bot = process\ncommand = python3 crasher.py\ntime = 30\n").unwrap();
    let out = dir.join("out");
    let bots = format!("{},random,greedy", file.display());
    let (code, _, err) = stadt(&[
        "tournament",
        "--bots",
        &bots,
        "--players",
        "3",
        "--games",
        "6",
        "--seed",
        "4",
        "--threads",
        "1",
        "--quiet",
        "--out",
        &out.to_string_lossy(),
    ]);
    assert_eq!(code, 0, "{err}");

    let games = Csv::read(&out.join("games.csv")).into_rows();
    assert_eq!(games.len(), 6 * 3, "6 games of 3 players");
    let mut fallback_points = false;
    let mut pushed_down = false;
    for game in games.chunks(3) {
        for r in game {
            let crashed = &r["bot"] == "crasher";
            assert_eq!(&r["failure"], if crashed { "crash" } else { "" }, "{r:?}");
            let best_other = game.iter().filter(|o| o["seat"] != r["seat"]).map(counted).max().unwrap();
            assert_eq!(r.parse::<i64>("margin"), counted(r) - best_other, "{r:?} in {game:?}");
            if crashed {
                assert_eq!(&r["rank"], "3", "{r:?}");
                assert_eq!(counted(r), 0);
                fallback_points |= r.parse::<i64>("score") > 0;
                // The fallback's points were the most on the board: the old margin would have
                // compared the other seats with them.
                pushed_down |= game.iter().all(|o| o.parse::<i64>("score") <= r.parse::<i64>("score"));
            }
        }
    }
    assert!(fallback_points, "the fallback made points on the board that the margins leave out");
    // Seed 4 has such a game (game 0: the fallback 100, greedy 97): choose another if the games
    // change and none is left, so that the other seats' margins are checked against 0 for it.
    assert!(pushed_down, "a game where the forfeited seat has the most points on the board");

    // summary.csv: the mean of the margins; the crasher's is minus its best opponent's score.
    let summary = Csv::read(&out.join("summary.csv"));
    for s in summary.rows() {
        let margins: Vec<i64> =
            games.iter().filter(|r| r["bot"] == s["bot"]).map(|r| r.parse("margin")).collect();
        assert_eq!(&s["mean_margin"], mean3(&margins), "{s:?}");
        let scores: Vec<i64> =
            games.iter().filter(|r| r["bot"] == s["bot"]).map(|r| r.parse("score")).collect();
        assert_eq!(&s["mean_score"], mean3(&scores), "mean_score is the score column's mean: {s:?}");
    }
    let crasher = summary.rows().iter().find(|s| &s["bot"] == "crasher").unwrap();
    assert!(crasher.parse::<f64>("mean_margin") < 0.0, "{crasher:?}");

    // pairs.csv: counted points a - b over the games both played.
    let pairs = Csv::read(&out.join("pairs.csv"));
    assert_eq!(pairs.rows().len(), 3);
    for p in pairs.rows() {
        let mut diffs = Vec::new();
        for game in games.chunks(3) {
            let seat: BTreeMap<&str, &Row> = game.iter().map(|r| (&r["bot"], r)).collect();
            diffs.push(counted(seat[&p["bot_a"]]) - counted(seat[&p["bot_b"]]));
        }
        assert_eq!(&p["mean_score_diff"], mean3(&diffs), "{p:?}");
    }
    let with_crasher: Vec<&Row> =
        pairs.rows().iter().filter(|p| &p["bot_a"] == "crasher" || &p["bot_b"] == "crasher").collect();
    for p in with_crasher {
        let sign = if &p["bot_a"] == "crasher" { 1.0 } else { -1.0 };
        assert!(sign * p.parse::<f64>("mean_score_diff") < 0.0, "the forfeits count 0 points: {p:?}");
    }

    // The folder read back (as a resumed run, a merge and `stadt report` read it) agrees.
    let (code, _, err) = stadt(&["report", &out.to_string_lossy()]);
    assert_eq!(code, 0, "{err}");
}
