//! `stadt tournament --records`: every game's record kept as records/GAME.rec, each replaying to
//! that game's rows of games.csv; the games themselves are those of a run without records; the
//! report links the viewer pages of the notable games, which `stadt report` writes again.

mod common;

use common::stadt;
use stadt_testkit::{Csv, Row, scratch, snapshot};
use std::collections::BTreeMap;
use std::path::Path;

const RUN: [&str; 10] = [
    "tournament",
    "--bots",
    "random,greedy,steerer",
    "--players",
    "3",
    "--games",
    "6",
    "--seed",
    "5",
    "--quiet",
];

fn run(out: &Path, extra: &[&str]) {
    let mut args = RUN.to_vec();
    args.extend(["--out", out.to_str().unwrap()]);
    args.extend(extra);
    let (code, _, err) = stadt(&args);
    assert_eq!(code, 0, "{err}");
}

/// games.csv without its machine-dependent column (decision_ms) and check column.
fn rows(dir: &Path) -> Vec<Row> {
    Csv::read(&dir.join("games.csv")).without(&["decision_ms", "check"]).into_rows()
}

#[test]
fn records_replay_to_the_rows_and_the_report_links_the_notable_games() {
    let dir = scratch("tournament-records");
    let (with, without) = (dir.join("with"), dir.join("without"));
    run(&with, &["--records"]);
    run(&without, &[]);
    let rows = rows(&with);
    assert_eq!(rows, self::rows(&without), "keeping records changed the games");
    let mut games: BTreeMap<String, Vec<&Row>> = BTreeMap::new();
    for r in &rows {
        games.entry(r["game"].to_string()).or_default().push(r);
    }
    assert_eq!(games.len(), 6);
    for (game, seats) in &games {
        let rec = with.join("records").join(format!("{game}.rec"));
        let (code, out, err) = stadt(&["replay", rec.to_str().unwrap()]);
        assert_eq!(code, 0, "game {game}: {err}");
        for r in seats {
            let want = format!(
                "final p{} score={} roads={} markets={} towers={} residential={} watchmen={}",
                &r["seat"],
                &r["score"],
                &r["roads"],
                &r["markets"],
                &r["towers"],
                &r["residential"],
                &r["watchmen"]
            );
            assert!(out.lines().any(|l| l == want), "game {game}: {want} not in\n{out}");
        }
    }
    // The report links each bot's best and worst game, the closest and the most lopsided.
    let report = std::fs::read_to_string(with.join("report.html")).unwrap();
    for bot in ["random", "greedy", "steerer"] {
        let scores: Vec<(i32, &str)> =
            rows.iter().filter(|r| &r["bot"] == bot).map(|r| (r.parse("score"), &r["game"])).collect();
        let best = scores.iter().map(|s| s.0).max().unwrap();
        let game = scores.iter().find(|s| s.0 == best).unwrap().1;
        let link =
            format!(r#"<a href="records/{game}.html">game {game}: best game of {bot} ({best} points)</a>"#);
        assert!(report.contains(&link), "{link} missing");
    }
    let margins: Vec<(i32, &str)> = games
        .iter()
        .map(|(g, s)| (s.iter().map(|r| r.parse::<i32>("margin")).max().unwrap(), g.as_str()))
        .collect();
    let lopsided = margins.iter().map(|m| m.0).max().unwrap();
    assert!(report.contains(&format!("most lopsided game (won by {lopsided} points)")), "{report}");
    let linked: Vec<&str> =
        report.split(r#"href="records/"#).skip(1).map(|s| s.split('"').next().unwrap()).collect();
    assert!(linked.len() >= 8, "{linked:?}");
    for page in &linked {
        let html = std::fs::read_to_string(with.join("records").join(page)).unwrap();
        assert!(html.contains(r#"id="payload""#), "{page} is no viewer page");
    }
    // `stadt report` makes the pages again.
    for page in &linked {
        let _ = std::fs::remove_file(with.join("records").join(page));
    }
    let (code, _, err) = stadt(&["report", with.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    for page in &linked {
        assert!(with.join("records").join(page).is_file(), "{page} not written by stadt report");
    }
    assert!(!without.join("records").exists());
}

#[test]
fn a_merge_of_shards_that_kept_records_holds_the_records_of_the_whole_run() {
    let dir = scratch("tournament-records-merge");
    let whole = dir.join("whole");
    run(&whole, &["--records"]);
    let shards: Vec<String> =
        (0..2).map(|k| dir.join(format!("shard{k}")).to_str().unwrap().to_string()).collect();
    for (k, shard) in shards.iter().enumerate() {
        run(Path::new(shard), &["--records", "--shard", &format!("{k}/2")]);
    }
    let merged = dir.join("merged");
    let (code, _, err) = stadt(&["merge", merged.to_str().unwrap(), &shards[0], &shards[1]]);
    assert_eq!(code, 0, "{err}");
    // The records themselves (the viewer pages differ in their titles, which name the folder).
    let records = |d: &Path| {
        let mut files = snapshot(&d.join("records"));
        files.retain(|name, _| name.ends_with(".rec"));
        files
    };
    let (m, w) = (records(&merged), records(&whole));
    assert_eq!(m.keys().collect::<Vec<_>>(), w.keys().collect::<Vec<_>>());
    assert_eq!(m.len(), 6);
    assert!(m == w, "the merged records differ from the whole run's");
    let report = std::fs::read_to_string(merged.join("report.html")).unwrap();
    let linked: Vec<&str> =
        report.split(r#"href="records/"#).skip(1).map(|s| s.split('"').next().unwrap()).collect();
    assert!(!linked.is_empty());
    for page in linked {
        assert!(
            merged.join("records").join(page).is_file(),
            "the merged report links {page}, which is not there"
        );
    }
}

#[test]
fn an_experiment_file_keeps_records_with_records_true() {
    let dir = scratch("tournament-records-experiment");
    let file = dir.join("e.toml");
    std::fs::write(
        &file,
        "bots = [\"random\", \"greedy\"]\nplayers = 2\ngames = 2\nseed = 1\nout = \"run\"\nrecords = true\n",
    )
    .unwrap();
    let (code, _, err) = stadt(&["tournament", file.to_str().unwrap(), "--quiet"]);
    assert_eq!(code, 0, "{err}");
    for game in 0..2 {
        assert!(dir.join(format!("run/records/{game}.rec")).is_file(), "game {game} has no record");
    }
}
