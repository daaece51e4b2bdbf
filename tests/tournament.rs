//! Tournaments for real: results independent of the thread count, resuming after a stop, a cut
//! file or a kill, refusing to mix two tournaments in one folder, every combination and seat
//! rotation played, and experiment files equal to flags with clear errors for bad input.

mod common;

use common::Scratch;
use stadt_agents::botfile::BotDirs;
use stadt_harness::settings::RunSettings;
use stadt_harness::stop::Stop;
use stadt_harness::tournament::rows::{self, Row};
use stadt_harness::tournament::schedule::Shard;
use stadt_harness::tournament::spec::TournamentSpec;
use stadt_harness::tournament::summary;
use stadt_harness::tournament::{Options, Outcome, run};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Game counts shrink in debug builds, where bots are many times slower.
fn scaled(release: usize, debug: usize) -> usize {
    if cfg!(debug_assertions) { debug } else { release }
}

/// A fresh, empty folder for one test.
fn fresh_dir(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("stadt-tournament-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

fn spec(bots: &[&str], players: usize, games: usize, seed: u64, out: &Path) -> TournamentSpec {
    let bots: Vec<String> = bots.iter().map(|b| b.to_string()).collect();
    let settings = RunSettings { players, games: games as u64, seed, tiles: "default".into() };
    TournamentSpec::new(&bots, &settings, out, &BotDirs::none()).unwrap()
}

fn options(threads: usize) -> Options {
    Options {
        threads,
        progress: false,
        command: "tests/tournament.rs".into(),
        about: String::new(),
        stop: Stop::new(),
        records: false,
        on_bot_failure: Default::default(),
    }
}

/// Runs a tournament through the library to the end.
fn run_lib(spec: &TournamentSpec, threads: usize) -> Outcome {
    let out = run(spec, &options(threads)).unwrap();
    assert!(!out.interrupted, "nothing asked this run to stop");
    out
}

fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{}/{file}: {e}", dir.display()))
}

/// `games.csv` without its `decision_ms` column, the only one that depends on the machine (it is
/// the last but one; the `check` column after it does not cover it).
fn without_decision_ms(games: &str) -> String {
    let mut out = String::new();
    for (i, line) in games.lines().enumerate() {
        let (head, check) = line.rsplit_once(',').unwrap_or_else(|| panic!("line {}: {line:?}", i + 1));
        let (head, ms) = head.rsplit_once(',').unwrap_or_else(|| panic!("line {}: {line:?}", i + 1));
        if i == 0 {
            assert_eq!((ms, check), ("decision_ms", "check"), "decision_ms, then check, end the row");
        } else {
            ms.parse::<f64>().unwrap_or_else(|_| panic!("line {}: decision_ms {ms:?}", i + 1));
        }
        out.push_str(head);
        out.push(',');
        out.push_str(check);
        out.push('\n');
    }
    out
}

/// Asserts two texts are equal, naming the first line that differs (whole files are too long).
fn assert_same_text(a: &str, b: &str, what: &str) {
    if a == b {
        return;
    }
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let i = (0..la.len().max(lb.len())).find(|&i| la.get(i) != lb.get(i)).unwrap_or(0);
    panic!(
        "{what} differ ({} vs {} lines), first at line {}:\n  {:?}\n  {:?}",
        la.len(),
        lb.len(),
        i + 1,
        la.get(i),
        lb.get(i)
    );
}

/// The two folders hold the same results: summary and pairs byte for byte, games apart from
/// decision_ms.
fn assert_same_results(a: &Path, b: &Path) {
    for file in ["summary.csv", "pairs.csv"] {
        assert_same_text(&read(a, file), &read(b, file), file);
    }
    let (ga, gb) = (without_decision_ms(&read(a, "games.csv")), without_decision_ms(&read(b, "games.csv")));
    assert_same_text(&ga, &gb, "games.csv (without decision_ms)");
}

/// Parses `games.csv` on its own (not with the code under test): it must be complete lines of 24
/// fields, whole games only, numbered 0, 1, 2, ... Returns the records.
fn parse_games_csv(text: &str, players: usize) -> Vec<csv::StringRecord> {
    assert!(text.ends_with('\n'), "games.csv ends in a cut line: {:?}", text.lines().last());
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    assert_eq!(reader.headers().unwrap().iter().collect::<Vec<_>>().join(","), rows::HEADER);
    let records: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a valid CSV line")).collect();
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r.len(), 24, "row {i}: {r:?}");
        assert_eq!(r[0].parse::<usize>().unwrap(), i / players, "row {i} belongs to game {}", i / players);
        assert_eq!(r[5].parse::<usize>().unwrap(), i % players + 1, "row {i}: seat");
        assert!(["R23a", "R23b", "R23c"].contains(&&r[20]), "row {i}: ended_by {:?}", &r[20]);
        assert!(r[23].len() == 16 && u64::from_str_radix(&r[23], 16).is_ok(), "row {i}: check {:?}", &r[23]);
        for (k, field) in r.iter().enumerate().filter(|&(k, _)| ![6, 20, 23].contains(&k)) {
            field.parse::<f64>().unwrap_or_else(|_| panic!("row {i} column {k}: {field:?} is not a number"));
        }
    }
    assert_eq!(records.len() % players, 0, "games.csv holds part of a game");
    records
}

/// The data lines of `games.csv` so far (0 when it does not exist yet).
fn data_lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count().saturating_sub(1))
}

fn stadt(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_stadt")).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every file in a folder with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (e.file_name().to_string_lossy().into_owned(), std::fs::read(e.path()).unwrap())
        })
        .collect()
}

// (a) Determinism -------------------------------------------------------------------------------

#[test]
fn one_thread_and_two_threads_give_the_same_results() {
    let cases: [(&[&str], usize, usize); 2] = [
        // A bot with parameters (and a comma in its label) and a search that draws its own samples.
        (&["random", "greedy", "mcts:iters=16,threads=2"], 2, scaled(6, 2)),
        (&["random", "greedy", "random", "greedy:open=0"], 3, scaled(3, 3)),
    ];
    for (i, (bots, players, games)) in cases.into_iter().enumerate() {
        let one = fresh_dir(&format!("det-{i}-1"));
        let two = fresh_dir(&format!("det-{i}-2"));
        let a = run_lib(&spec(bots, players, games, 11, &one), 1);
        let b = run_lib(&spec(bots, players, games, 11, &two), 2);
        assert_eq!((a.played, a.new), (a.total, a.total));
        assert_eq!((b.played, b.new), (b.total, b.total));
        parse_games_csv(&read(&one, "games.csv"), players);
        assert_same_results(&one, &two);
        assert_eq!(a.table, b.table, "the printed table");
    }
}

#[test]
fn another_seed_gives_other_games() {
    let (a, b) = (fresh_dir("seed-a"), fresh_dir("seed-b"));
    run_lib(&spec(&["random", "greedy"], 2, 4, 1, &a), 1);
    run_lib(&spec(&["random", "greedy"], 2, 4, 2, &b), 1);
    // Otherwise the determinism tests could pass on a harness that ignores its seed.
    assert_ne!(without_decision_ms(&read(&a, "games.csv")), without_decision_ms(&read(&b, "games.csv")));
}

// (b) Resume ------------------------------------------------------------------------------------

/// An uninterrupted reference run of a tournament, into its own folder.
fn reference(name: &str, bots: &[&str], players: usize, games: usize, seed: u64) -> Scratch {
    let dir = fresh_dir(name);
    run_lib(&spec(bots, players, games, seed, &dir), 2);
    dir
}

#[test]
fn a_cut_games_csv_resumes_to_the_uninterrupted_result() {
    let bots = ["random", "greedy", "greedy:open=0"];
    let games = scaled(6, 2);
    let whole = reference("cut-ref", &bots, 2, games, 5);
    let full = read(&whole, "games.csv");
    let line_starts: Vec<usize> =
        std::iter::once(0).chain(full.match_indices('\n').map(|(i, _)| i + 1)).collect();
    let total = (line_starts.len() - 2) / 2;
    // Keep `kept` whole games, then: part of the next line; the next game's first row only; a
    // dropped tail with nothing after it. Also no games at all, and every game but no summaries
    // (a kill before they were written).
    let kept = total / 2;
    let first_row_of_next = line_starts[1 + 2 * kept];
    let cuts = [
        ("mid-line", first_row_of_next + 17),
        ("mid-game", line_starts[2 + 2 * kept]),
        ("whole-games", first_row_of_next),
        ("header-only", line_starts[1]),
        ("all-games-no-summary", full.len()),
    ];
    for (name, cut) in cuts {
        let kept = match name {
            "header-only" => 0,
            "all-games-no-summary" => total,
            _ => kept,
        };
        let dir = fresh_dir(&format!("cut-{name}"));
        std::fs::copy(whole.join("manifest.toml"), dir.join("manifest.toml")).unwrap();
        std::fs::write(dir.join("games.csv"), &full[..cut]).unwrap();
        let out = run_lib(&spec(&bots, 2, games, 5, &dir), 2);
        assert_eq!((out.played, out.total, out.new), (total, total, total - kept), "{name}");
        let resumed = read(&dir, "games.csv");
        // The games already written were skipped, not played again: even their timings stay.
        let prefix = line_starts[1 + 2 * kept];
        assert_eq!(&resumed[..prefix], &full[..prefix], "{name}: the kept games");
        parse_games_csv(&resumed, 2);
        assert_same_results(&whole, &dir);
    }
}

#[test]
fn a_stopped_run_leaves_valid_csv_and_resumes_to_the_uninterrupted_result() {
    let bots = ["random", "greedy"];
    let games = scaled(60, 6);
    let whole = reference("stop-ref", &bots, 2, games, 8);
    let dir = fresh_dir("stop");
    let s = spec(&bots, 2, games, 8, &dir);
    let opts = options(1);
    let stopped = std::thread::scope(|scope| {
        let handle = scope.spawn(|| run(&s, &opts));
        // Stop once two games are in, as Ctrl-C would.
        while !handle.is_finished() {
            if data_lines(&dir.join("games.csv")) >= 4 {
                opts.stop.request();
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        handle.join().unwrap().unwrap()
    });
    assert!(stopped.interrupted, "the stop was not noticed");
    assert!(stopped.played >= 2 && stopped.played < stopped.total, "{} of {}", stopped.played, stopped.total);
    // In between: whole games only, and a summary of exactly those games.
    let between = parse_games_csv(&read(&dir, "games.csv"), 2);
    assert_eq!(between.len(), 2 * stopped.played);
    let summary = read(&dir, "summary.csv");
    let counted: usize = csv::Reader::from_reader(summary.as_bytes())
        .records()
        .map(|r| r.unwrap()[2].parse::<usize>().unwrap())
        .sum();
    assert_eq!(counted, 2 * stopped.played, "summary.csv counts the games in games.csv");
    let before = read(&dir, "games.csv");

    let out = run_lib(&s, 2);
    assert_eq!((out.played, out.new), (out.total, out.total - stopped.played));
    assert!(read(&dir, "games.csv").starts_with(&before), "the stopped run's games were kept as written");
    assert_same_results(&whole, &dir);
}

#[test]
fn a_summary_of_rows_read_back_equals_the_summary_of_rows_played() {
    // A resumed run summarises rows read back from games.csv, an uninterrupted one the rows it
    // computed: with three-way ties (win share 1/3) both must give the same summary.csv.
    let labels: Vec<String> = ["a,b", "c", "d"].iter().map(|s| s.to_string()).collect();
    let games = 300;
    let played: Vec<Row> = (0..games * 3)
        .map(|i| Row {
            game: i / 3,
            combination: 0,
            deck: i / 9,
            deck_seed: 42,
            rotation: i / 3 % 3,
            seat: i % 3 + 1,
            bot: labels[i % 3].clone(),
            score: 30,
            sources: [1, 2, 3, 4, 20],
            rank: 1,
            win_share: 1.0 / 3.0,
            margin: 0,
            followers_used: 3,
            walls_used: 4,
            tiles_placed: 60,
            wall_pieces: 40,
            ended_by: "R23c".into(),
            decisions: 50,
            failure: None,
            decision_ms: 0.25,
        })
        .collect();
    let text = format!("{}\n{}", rows::HEADER, rows::to_csv(&played));
    let (back, complete) = rows::read(&text, 3, Shard::WHOLE, std::path::Path::new("games.csv")).unwrap();
    assert_eq!(complete, text.len());
    assert_eq!(back, played);
    let specs = labels.clone();
    let summary = |rows: &[Row]| summary::summary_csv(&summary::bots(rows, 3, &labels, &specs));
    assert_same_text(&summary(&back), &summary(&played), "summary.csv of rows read back");
}

// (c) Kill --------------------------------------------------------------------------------------

#[test]
fn a_killed_run_leaves_whole_games_and_the_same_command_finishes_it() {
    // Big enough that the run cannot finish between its second game and the kill on any machine.
    let games = scaled(2000, 40).to_string();
    let whole = fresh_dir("kill-ref");
    let dir = fresh_dir("kill");
    let args = |out: &Path| -> Vec<String> {
        ["tournament", "--bots", "random,greedy", "--games", &games, "--seed", "3", "--threads", "2"]
            .iter()
            .map(|s| s.to_string())
            .chain(["--out".into(), out.display().to_string(), "--quiet".into()])
            .collect()
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_stadt"))
        .args(args(&dir))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kill once the first game is written (two rows), so the rerun has something to skip. (A
    // fixed wait instead let a fast build finish the whole run first.)
    let start = Instant::now();
    while data_lines(&dir.join("games.csv")) < 2 && start.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(1));
    }
    let finished_already = child.try_wait().unwrap().is_some();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!finished_already, "the tournament ended before the kill: make it bigger");

    let cut = read(&dir, "games.csv");
    let played = parse_games_csv(&cut, 2).len() / 2;
    assert!(played >= 1, "no game written before the kill");
    let total: usize = games.parse().unwrap();
    assert!(played < total, "all {total} games were written before the kill");

    let rerun: Vec<String> = args(&dir);
    let rerun: Vec<&str> = rerun.iter().map(String::as_str).collect();
    let (code, out, err) = stadt(&rerun);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("{total} games ({} new)", total - played)), "{out}");
    let reference: Vec<String> = args(&whole);
    let reference: Vec<&str> = reference.iter().map(String::as_str).collect();
    let (code, _, err) = stadt(&reference);
    assert_eq!(code, 0, "{err}");
    assert!(read(&dir, "games.csv").starts_with(&cut), "the games written before the kill were kept");
    assert_same_results(&whole, &dir);
}

// (d) A different tournament in the same folder --------------------------------------------------

#[test]
fn a_different_tournament_is_refused_and_leaves_the_folder_untouched() {
    let dir = fresh_dir("refuse");
    let out = dir.display().to_string();
    let base = [
        "tournament",
        "--bots",
        "random,greedy",
        "--games",
        "4",
        "--seed",
        "1",
        "--out",
        out.as_str(),
        "--quiet",
    ];
    let (code, _, err) = stadt(&base);
    assert_eq!(code, 0, "{err}");
    let before = snapshot(&dir);
    assert_eq!(
        before.keys().map(String::as_str).collect::<Vec<_>>(),
        ["games.csv", "manifest.toml", "pairs.csv", "report.html", "summary.csv"]
    );
    let variants: [(&str, &str, &[&str]); 5] = [
        ("--games", "6", &["games: folder 4, this run 6"]),
        ("--seed", "2", &["seed: folder 1, this run 2"]),
        (
            "--bots",
            "random,steerer",
            &[
                "bots: folder random = random; greedy = greedy:open=0.5, this run random = random; steerer = steerer:",
            ],
        ),
        (
            "--bots",
            "random,greedy:open=0.7",
            &["this run random = random; greedy:open=0.7 = greedy:open=0.7"],
        ),
        ("--players", "2", &[]), // the same tournament spelled out: accepted, nothing new
    ];
    for (flag, value, expect) in variants {
        let mut args: Vec<&str> = base.to_vec();
        match args.iter().position(|a| *a == flag) {
            Some(i) => args[i + 1] = value,
            None => args.extend([flag, value]),
        }
        let (code, stdout, err) = stadt(&args);
        if expect.is_empty() {
            assert_eq!(code, 0, "{err}");
            assert!(stdout.contains("(0 new)"), "{stdout}");
        } else {
            assert_eq!(code, 2, "{flag} {value}: {err}");
            assert!(err.contains("holds a different tournament"), "{err}");
            for e in expect {
                assert!(err.contains(e), "{flag} {value}: expected {e:?} in\n{err}");
            }
        }
        // The accepted rerun rewrites the summaries with the same bytes.
        assert_eq!(snapshot(&dir), before, "{flag} {value} changed the folder");
    }

    // Results without a manifest are not adopted either.
    std::fs::remove_file(dir.join("manifest.toml")).unwrap();
    let before = snapshot(&dir);
    let (code, _, err) = stadt(&base);
    assert_eq!(code, 2);
    assert!(err.contains("no stadt run wrote") && err.contains("no manifest.toml"), "{err}");
    assert_eq!(snapshot(&dir), before);
}

// (e) More bots than players ----------------------------------------------------------------------

/// Checks the schedule actually played: every combination of `players` of the bots, each deck in
/// every seat rotation of each combination, seats rotating.
fn check_combinations(records: &[csv::StringRecord], labels: &[&str], players: usize, decks: usize) {
    let games: Vec<&[csv::StringRecord]> = records.chunks(players).collect();
    // combination id -> its bots, and (combination, deck seed) -> rotation -> seating.
    let mut combos: BTreeMap<usize, BTreeSet<String>> = BTreeMap::new();
    let mut rotations: BTreeMap<(usize, u64), BTreeMap<usize, Vec<String>>> = BTreeMap::new();
    for g in &games {
        let combination: usize = g[0][1].parse().unwrap();
        let deck_seed: u64 = g[0][3].parse().unwrap();
        let rotation: usize = g[0][4].parse().unwrap();
        assert!(g.iter().all(|r| r[1] == g[0][1] && r[3] == g[0][3] && r[4] == g[0][4]), "{g:?}");
        let seating: Vec<String> = g.iter().map(|r| r[6].to_string()).collect();
        let set: BTreeSet<String> = seating.iter().cloned().collect();
        assert_eq!(set.len(), players, "a bot sits twice in {seating:?}");
        assert_eq!(
            combos.entry(combination).or_insert_with(|| set.clone()),
            &set,
            "combination {combination}"
        );
        let prev = rotations.entry((combination, deck_seed)).or_default().insert(rotation, seating);
        assert!(
            prev.is_none(),
            "combination {combination} played deck {deck_seed} twice in rotation {rotation}"
        );
    }
    let binomial = |n: usize, k: usize| (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1));
    assert_eq!(combos.len(), binomial(labels.len(), players), "{combos:?}");
    let distinct: BTreeSet<&BTreeSet<String>> = combos.values().collect();
    assert_eq!(distinct.len(), combos.len(), "two combination ids with the same bots");
    assert_eq!(games.len(), combos.len() * decks * players);
    let deck_seeds: BTreeSet<u64> = rotations.keys().map(|&(_, s)| s).collect();
    assert_eq!(deck_seeds.len(), decks, "every combination plays the same decks");
    for ((c, seed), by_rotation) in &rotations {
        assert_eq!(by_rotation.len(), players, "combination {c} deck {seed}: {by_rotation:?}");
        let first = &by_rotation[&0];
        for (r, seating) in by_rotation {
            let rotated: Vec<String> = (0..players).map(|i| first[(i + r) % players].clone()).collect();
            assert_eq!(seating, &rotated, "combination {c} deck {seed} rotation {r}: seats rotate");
        }
    }
}

#[test]
fn with_more_bots_than_players_every_combination_plays_every_deck_in_every_seat() {
    let cases: [(&[&str], &[&str], usize, usize); 3] = [
        (
            &["random", "greedy", "random", "greedy:open=0"],
            &["random", "greedy", "random#2", "greedy:open=0"],
            2,
            4,
        ),
        (&["random", "greedy", "random", "greedy"], &["random", "greedy", "random#2", "greedy#2"], 3, 3),
        (&["random"; 5], &["random", "random#2", "random#3", "random#4", "random#5"], 4, 5),
    ];
    for (i, (bots, labels, players, games)) in cases.into_iter().enumerate() {
        let dir = fresh_dir(&format!("combos-{i}"));
        let out = run_lib(&spec(bots, players, games, 21, &dir), 2);
        let decks = games.div_ceil(players);
        let records = parse_games_csv(&read(&dir, "games.csv"), players);
        check_combinations(&records, labels, players, decks);
        assert_eq!(out.total, records.len() / players);
        // Each bot is in C(n-1, k-1) combinations, each of decks x rotations games.
        let with_me = (1..players).fold(1, |acc, j| acc * (labels.len() - j) / j);
        let summary = read(&dir, "summary.csv");
        let mut reader = csv::Reader::from_reader(summary.as_bytes());
        let counts: Vec<(String, usize)> =
            reader.records().map(|r| r.unwrap()).map(|r| (r[0].to_string(), r[2].parse().unwrap())).collect();
        let expected: Vec<(String, usize)> =
            labels.iter().map(|l| (l.to_string(), with_me * decks * players)).collect();
        assert_eq!(counts, expected, "games per bot");
        let pairs = read(&dir, "pairs.csv");
        let binomial2 = labels.len() * (labels.len() - 1) / 2;
        assert_eq!(pairs.lines().count(), 1 + binomial2, "every pair met:\n{pairs}");
    }
}

// (f) Experiment files and bad input ---------------------------------------------------------------

#[test]
fn an_experiment_file_runs_the_same_tournament_as_the_flags() {
    let dir = fresh_dir("experiment");
    let (by_file, by_flags) = (dir.join("by-file"), dir.join("by-flags"));
    let file = dir.join("exp.toml");
    std::fs::write(
        &file,
        format!(
            "# a comment\nbots = [\"random\", \"greedy\", \"greedy:open=0\"]\nplayers = 2\ngames = 4\nseed = 9\nout = {:?}\nabout = \"flags and file agree\"\n",
            by_file.display().to_string()
        ),
    )
    .unwrap();
    let (code, out, err) = stadt(&["tournament", file.to_str().unwrap(), "--quiet", "--threads", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("12 games (12 new)"), "{out}");
    let flags = [
        "tournament",
        "--bots",
        "random,greedy,greedy:open=0",
        "--players",
        "2",
        "--games",
        "4",
        "--seed",
        "9",
        "--out",
        by_flags.to_str().unwrap(),
        "--quiet",
    ];
    let (code, out2, err) = stadt(&flags);
    assert_eq!(code, 0, "{err}");
    assert_same_results(&by_file, &by_flags);
    // The same table; only the last line (which names the folder) differs.
    let table = |s: &str| s.lines().filter(|l| !l.contains(" games (")).collect::<Vec<_>>().join("\n");
    assert_eq!(table(&out), table(&out2));
    assert!(read(&by_file, "manifest.toml").contains("about = \"flags and file agree\""));
    // The same file again resumes (nothing left to play).
    let (code, out, err) = stadt(&["tournament", file.to_str().unwrap(), "--quiet"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("12 games (0 new)"), "{out}");
}

/// Runs a command that must fail with exit code 2, a message holding every `expect`, and no
/// output folder left behind.
fn assert_refused(args: &[&str], out: &Path, expect: &[&str]) {
    let (code, stdout, err) = stadt(args);
    assert_eq!(code, 2, "{args:?}: {stdout}{err}");
    assert!(err.starts_with("stadt: "), "{err}");
    for e in expect {
        assert!(err.contains(e), "{args:?}: expected {e:?} in\n{err}");
    }
    assert!(!err.contains("panicked"), "{err}");
    assert!(!out.exists(), "{args:?} created {}", out.display());
}

#[test]
fn bad_tournaments_fail_with_clear_errors_and_exit_code_2() {
    let dir = fresh_dir("bad");
    let out = dir.join("never");
    let o = out.to_str().unwrap();
    let flags = |bots: &'static str, players: &'static str, games: &'static str| {
        vec!["tournament", "--bots", bots, "--players", players, "--games", games, "--out", o, "--quiet"]
    };
    assert_refused(
        &flags("random,wizard", "2", "2"),
        &out,
        &["unknown bot `wizard`", "random", "greedy", "steerer", "mcts"],
    );
    assert_refused(
        &flags("random,greedy:speed=3", "2", "2"),
        &out,
        &["bot `greedy` has no parameter `speed`", "its parameters are"],
    );
    assert_refused(&flags("random,greedy", "5", "2"), &out, &["players must be 2, 3 or 4, not 5"]);
    assert_refused(
        &flags("random,greedy", "2", "0"),
        &out,
        &["games (per combination of bots) must be from 1 to 1000000, not 0"],
    );
    assert_refused(&flags("random,greedy", "3", "2"), &out, &["2 bot(s) for 3-player games"]);

    let exp = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let body = |extra: &str| {
        format!("bots = [\"random\", \"greedy\"]\nplayers = 2\ngames = 2\nseed = 1\nout = {o:?}\n{extra}")
    };
    let good = exp("good.toml", &body(""));
    let cases: Vec<(String, Vec<&str>)> = vec![
        (exp("bad-bot.toml", &body("").replace("greedy", "wizard")), vec!["unknown bot `wizard`", "steerer"]),
        (
            exp("bad-key.toml", &body("").replace("\"greedy\"", "\"greedy:speed=3\"")),
            vec!["no parameter `speed`"],
        ),
        (
            exp("five.toml", &body("").replace("players = 2", "players = 5")),
            vec!["players must be 2, 3 or 4"],
        ),
        (
            exp("zero.toml", &body("").replace("games = 2", "games = 0")),
            vec!["must be from 1 to 1000000, not 0"],
        ),
        (exp("malformed.toml", "bots = [\"random\", \"greedy\"\nplayers = 2\n"), vec!["malformed.toml"]),
        (
            exp("unknown-key.toml", &body("colour = \"red\"\n")),
            vec!["unknown-key.toml", "unknown field `colour`"],
        ),
        (exp("missing-key.toml", &body("").replace("seed = 1\n", "")), vec!["missing field `seed`"]),
    ];
    for (path, expect) in &cases {
        assert_refused(&["tournament", path, "--quiet"], &out, expect);
    }
    assert_refused(
        &["tournament", &good, "--bots", "random,greedy"],
        &out,
        &["either an experiment file or --bots"],
    );
    assert_refused(&["tournament", "/no/such/experiment.toml"], &out, &["cannot read experiment"]);
    assert_refused(
        &["tournament", &good, "--threads", "0"],
        &out,
        &["--threads must be from 1 to 256, not 0"],
    );
}
