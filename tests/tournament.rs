//! Tournaments for real: results independent of the thread count, resuming after a stop, a cut
//! file or a kill, refusing to mix two tournaments in one folder, every combination and seat
//! rotation played, and experiment files equal to flags with clear errors for bad input.

mod common;

use common::{STADT, stadt};
use die_stadt::kind::DieStadt;
use die_stadt::tiles::TileSet;
use stadt_core::bots::dirs::BotDirs;
use stadt_core::kind::GameKind;
use stadt_core::stop::Stop;
use stadt_core::tournament::rows::{self, Row};
use stadt_core::tournament::schedule::Shard;
use stadt_core::tournament::summary;
use stadt_harness::settings::RunSettings;
use stadt_harness::tournament::spec::TournamentSpec;
use stadt_harness::tournament::{Options, Outcome, run};
use stadt_testkit::Row as CsvRow;
use stadt_testkit::cli::lines_without;
use stadt_testkit::files::line_count;
use stadt_testkit::results::{assert_same_results, assert_same_text, games_without_timing};
use stadt_testkit::{Csv, Scratch, assert_refused, read, scratch, snapshot};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Game counts shrink in debug builds, where bots are many times slower.
fn scaled(release: usize, debug: usize) -> usize {
    if cfg!(debug_assertions) { debug } else { release }
}

fn spec(bots: &[&str], players: usize, games: usize, seed: u64, out: &Path) -> TournamentSpec {
    let bots: Vec<String> = bots.iter().map(|b| b.to_string()).collect();
    let settings =
        RunSettings { players, games: games as u64, seed, tiles: "default".into(), options: String::new() };
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

/// The columns of a Die Stadt `games.csv` without bots that can forfeit, as every checked-in result
/// has them.
const GAMES_HEADER: &str = "game,combination,deck,deck_seed,rotation,seat,bot,score,roads,markets,towers,residential,watchmen,rank,win_share,margin,followers_used,walls_used,tiles_placed,wall_pieces,ended_by,decisions,decision_ms,check";

#[test]
fn die_stadt_writes_the_games_csv_columns_it_always_wrote() {
    let columns = DieStadt::new(TileSet::default_set()).columns();
    assert_eq!(rows::header(&columns, false), GAMES_HEADER);
    assert_eq!(rows::parse_header(GAMES_HEADER), Some((columns, false)));
}

/// Parses `games.csv` on its own (not with the code under test): it must be complete lines with
/// a field for every column of its header, whole games only, numbered 0, 1, 2, ... Returns the
/// rows.
fn parse_games_csv(text: &str, players: usize) -> Vec<CsvRow> {
    assert!(text.ends_with('\n'), "games.csv ends in a cut line: {:?}", text.lines().last());
    let games = Csv::parse(text);
    assert_eq!(games.header().join(","), GAMES_HEADER);
    let records = games.into_rows();
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r.parse::<usize>("game"), i / players, "row {i} belongs to game {}", i / players);
        assert_eq!(r.parse::<usize>("seat"), i % players + 1, "row {i}: seat");
        assert!(["R23a", "R23b", "R23c"].contains(&&r["ended_by"]), "row {i}: ended_by {:?}", &r["ended_by"]);
        let check = &r["check"];
        assert!(check.len() == 16 && u64::from_str_radix(check, 16).is_ok(), "row {i}: check {check:?}");
        for column in GAMES_HEADER.split(',').filter(|c| !["bot", "ended_by", "check"].contains(c)) {
            let field = &r[column];
            field
                .parse::<f64>()
                .unwrap_or_else(|_| panic!("row {i} column {column}: {field:?} is not a number"));
        }
    }
    assert_eq!(records.len() % players, 0, "games.csv holds part of a game");
    records
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
        let one = scratch(&format!("tournament-det-{i}-1"));
        let two = scratch(&format!("tournament-det-{i}-2"));
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
    let (a, b) = (scratch("tournament-seed-a"), scratch("tournament-seed-b"));
    run_lib(&spec(&["random", "greedy"], 2, 4, 1, &a), 1);
    run_lib(&spec(&["random", "greedy"], 2, 4, 2, &b), 1);
    // Otherwise the determinism tests could pass on a harness that ignores its seed.
    assert_ne!(games_without_timing(&a), games_without_timing(&b));
}

// (b) Resume ------------------------------------------------------------------------------------

/// An uninterrupted reference run of a tournament, into its own folder.
fn reference(name: &str, bots: &[&str], players: usize, games: usize, seed: u64) -> Scratch {
    let dir = scratch(&format!("tournament-{name}"));
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
        let dir = scratch(&format!("tournament-cut-{name}"));
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
    let dir = scratch("tournament-stop");
    let s = spec(&bots, 2, games, 8, &dir);
    let opts = options(1);
    let stopped = std::thread::scope(|scope| {
        let handle = scope.spawn(|| run(&s, &opts));
        // Stop once two games are in, as Ctrl-C would.
        while !handle.is_finished() {
            if line_count(&dir.join("games.csv")) > 4 {
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
    let counted: usize = Csv::parse(&summary).rows().iter().map(|r| r.parse::<usize>("games")).sum();
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
            sources: vec![1, 2, 3, 4, 20],
            rank: 1,
            win_share: 1.0 / 3.0,
            margin: 0,
            details: ["3", "4", "60", "40", "R23c"].map(String::from).to_vec(),
            decisions: 50,
            failure: None,
            decision_ms: 0.25,
        })
        .collect();
    let text = format!("{GAMES_HEADER}\n{}", rows::to_csv(&played));
    let games = rows::read(&text, 3, Shard::WHOLE, std::path::Path::new("games.csv")).unwrap();
    assert_eq!(games.complete, text.len());
    let back = games.rows;
    assert_eq!(back, played);
    let specs = labels.clone();
    let sources = games.columns.sources;
    let summary = |rows: &[Row]| summary::summary_csv(&summary::bots(rows, 3, &labels, &specs, &sources));
    assert_same_text(&summary(&back), &summary(&played), "summary.csv of rows read back");
}

// (c) Kill --------------------------------------------------------------------------------------

#[test]
fn a_killed_run_leaves_whole_games_and_the_same_command_finishes_it() {
    // Big enough that the run cannot finish between its second game and the kill on any machine.
    let games = scaled(2000, 40).to_string();
    let whole = scratch("tournament-kill-ref");
    let dir = scratch("tournament-kill");
    let args = |out: &Path| -> Vec<String> {
        ["tournament", "--bots", "random,greedy", "--games", &games, "--seed", "3", "--threads", "2"]
            .iter()
            .map(|s| s.to_string())
            .chain(["--out".into(), out.display().to_string(), "--quiet".into()])
            .collect()
    };
    let mut child =
        Command::new(STADT).args(args(&dir)).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    // Kill once the first game is written (two rows), so the rerun has something to skip. (A
    // fixed wait instead let a fast build finish the whole run first.)
    let start = Instant::now();
    while line_count(&dir.join("games.csv")) < 3 && start.elapsed() < Duration::from_secs(20) {
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

    let (code, out, err) = stadt(&args(&dir));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("{total} games ({} new)", total - played)), "{out}");
    let (code, _, err) = stadt(&args(&whole));
    assert_eq!(code, 0, "{err}");
    assert!(read(&dir, "games.csv").starts_with(&cut), "the games written before the kill were kept");
    assert_same_results(&whole, &dir);
}

// (d) A different tournament in the same folder --------------------------------------------------

#[test]
fn a_different_tournament_is_refused_and_leaves_the_folder_untouched() {
    let dir = scratch("tournament-refuse");
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
fn check_combinations(records: &[CsvRow], labels: &[&str], players: usize, decks: usize) {
    let games: Vec<&[CsvRow]> = records.chunks(players).collect();
    // combination id -> its bots, and (combination, deck seed) -> rotation -> seating.
    let mut combos: BTreeMap<usize, BTreeSet<String>> = BTreeMap::new();
    let mut rotations: BTreeMap<(usize, u64), BTreeMap<usize, Vec<String>>> = BTreeMap::new();
    for g in &games {
        let combination: usize = g[0].parse("combination");
        let deck_seed: u64 = g[0].parse("deck_seed");
        let rotation: usize = g[0].parse("rotation");
        let same_game =
            |r: &CsvRow| ["combination", "deck_seed", "rotation"].iter().all(|&c| r[c] == g[0][c]);
        assert!(g.iter().all(same_game), "{g:?}");
        let seating: Vec<String> = g.iter().map(|r| r["bot"].to_string()).collect();
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
        let dir = scratch(&format!("tournament-combos-{i}"));
        let out = run_lib(&spec(bots, players, games, 21, &dir), 2);
        let decks = games.div_ceil(players);
        let records = parse_games_csv(&read(&dir, "games.csv"), players);
        check_combinations(&records, labels, players, decks);
        assert_eq!(out.total, records.len() / players);
        // Each bot is in C(n-1, k-1) combinations, each of decks x rotations games.
        let with_me = (1..players).fold(1, |acc, j| acc * (labels.len() - j) / j);
        let summary = Csv::parse(&read(&dir, "summary.csv"));
        let counts: Vec<(String, usize)> =
            summary.rows().iter().map(|r| (r["bot"].to_string(), r.parse("games"))).collect();
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
    let dir = scratch("tournament-experiment");
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
    assert_eq!(lines_without(&out, " games ("), lines_without(&out2, " games ("));
    assert!(read(&by_file, "manifest.toml").contains("about = \"flags and file agree\""));
    // The same file again resumes (nothing left to play).
    let (code, out, err) = stadt(&["tournament", file.to_str().unwrap(), "--quiet"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("12 games (0 new)"), "{out}");
}

/// Runs a command that must fail with exit code 2, a message holding every `expect`, and no
/// output folder left behind.
fn assert_refused_writing_nothing(args: &[&str], out: &Path, expect: &[&str]) {
    let err = assert_refused(stadt(args), expect);
    assert!(err.starts_with("stadt: "), "{args:?}: {err}");
    assert!(!out.exists(), "{args:?} created {}", out.display());
}

#[test]
fn bad_tournaments_fail_with_clear_errors_and_exit_code_2() {
    let dir = scratch("tournament-bad");
    let out = dir.join("never");
    let o = out.to_str().unwrap();
    let flags = |bots: &'static str, players: &'static str, games: &'static str| {
        vec!["tournament", "--bots", bots, "--players", players, "--games", games, "--out", o, "--quiet"]
    };
    assert_refused_writing_nothing(
        &flags("random,wizard", "2", "2"),
        &out,
        &["unknown bot `wizard`", "random", "greedy", "steerer", "mcts"],
    );
    assert_refused_writing_nothing(
        &flags("random,greedy:speed=3", "2", "2"),
        &out,
        &["bot `greedy` has no parameter `speed`", "its parameters are"],
    );
    assert_refused_writing_nothing(
        &flags("random,greedy", "5", "2"),
        &out,
        &["players must be 2, 3 or 4, not 5"],
    );
    assert_refused_writing_nothing(
        &flags("random,greedy", "2", "0"),
        &out,
        &["games (per combination of bots) must be from 1 to 1000000, not 0"],
    );
    assert_refused_writing_nothing(&flags("random,greedy", "3", "2"), &out, &["2 bot(s) for 3-player games"]);

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
        assert_refused_writing_nothing(&["tournament", path, "--quiet"], &out, expect);
    }
    assert_refused_writing_nothing(
        &["tournament", &good, "--bots", "random,greedy"],
        &out,
        &["either an experiment file or --bots"],
    );
    assert_refused_writing_nothing(
        &["tournament", "/no/such/experiment.toml"],
        &out,
        &["cannot read experiment"],
    );
    assert_refused_writing_nothing(
        &["tournament", &good, "--threads", "0"],
        &out,
        &["--threads must be from 1 to 256, not 0"],
    );
}
