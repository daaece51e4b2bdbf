//! Games by name: `stadt games` lists them with their player counts and options, `--game` takes
//! one (Die Stadt when none is named), and an unknown game is refused with exit code 2, naming it.
//! Catan, the second game, plays tournaments and SPRT runs through the same code as Die Stadt.
//! Catan's bots are tuned by the same SPSA; a bot, a setting or a command of the one game is
//! refused in the other.

mod common;
use common::{catan_tournament, stadt};
use stadt_testkit::{Csv, assert_refused, scratch};
use std::path::Path;

#[test]
fn stadt_games_lists_die_stadt_with_its_player_counts_and_options() {
    let (code, out, err) = stadt(&["games"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("die-stadt: "), "{out}");
    assert!(out.contains("(2 to 4 players)"), "{out}");
    assert!(out.contains("\n  tiles (section 8; a file's path; default default): "), "{out}");
}

#[test]
fn a_game_named_with_game_is_played_and_die_stadt_is_the_default() {
    let args = ["play", "--players", "2", "--bots", "greedy,random", "--seed", "3"];
    let (code, plain, err) = stadt(&args);
    assert_eq!(code, 0, "{err}");
    let named: Vec<&str> = ["--game", "die-stadt"].into_iter().chain(args).collect();
    let (code, out, err) = stadt(&named);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, plain);
}

#[test]
fn an_unknown_game_exits_2_naming_it_and_the_games() {
    for args in [&["--game", "chess", "bots"][..], &["tournament", "--game", "go", "--bots", "random,greedy"]]
    {
        let (code, _, err) = stadt(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        let name = args[args.iter().position(|a| *a == "--game").unwrap() + 1];
        assert!(
            err.contains(&format!("unknown game `{name}` (--game): the games are die-stadt, catan")),
            "{err}"
        );
    }
}

#[test]
fn experiment_files_name_their_game_and_an_unknown_one_exits_2_naming_the_file() {
    let dir = scratch("games-experiment");
    let tournament = |game: &str| {
        format!("{game}bots = [\"greedy\", \"random\"]\nplayers = 2\ngames = 2\nseed = 4\nout = \"out\"\n")
    };
    let named = dir.join("named.toml");
    std::fs::write(&named, tournament("game = \"die-stadt\"\n")).unwrap();
    let (code, _, err) = stadt(&["tournament", named.to_str().unwrap(), "--quiet"]);
    assert_eq!(code, 0, "{err}");
    for (kind, text) in [
        ("tournament", tournament("game = \"go\"\n")),
        ("sprt", "game = \"go\"\nbot = \"greedy\"\nagainst = \"random\"\nelo0 = 0\nelo1 = 50\nseed = 1\nout = \"s\"\n".into()),
    ] {
        let file = dir.join(format!("{kind}-go.toml"));
        std::fs::write(&file, text).unwrap();
        let err = assert_refused(stadt(&[kind, file.to_str().unwrap()]), &["unknown game `go` (`game`)"]);
        assert!(err.contains(&format!("{kind}-go.toml")), "{err}");
    }
}

#[test]
fn a_bot_file_of_another_game_is_refused_naming_the_file_and_the_game() {
    let dir = scratch("games-bot-file");
    let ours = dir.join("ours.bot");
    std::fs::write(&ours, "game = die-stadt\nbot = greedy\n").unwrap();
    let theirs = dir.join("theirs.bot");
    std::fs::write(&theirs, "game = catan\nbot = greedy\n").unwrap();
    let play = |bot: &Path| {
        stadt(&["play", "--players", "2", "--seed", "3", "--bots", &format!("{},random", bot.display())])
    };
    let (code, _, err) = play(&ours);
    assert_eq!(code, 0, "{err}");
    let err = assert_refused(play(&theirs), &["is for the game `catan`", "its bots play die-stadt"]);
    assert!(err.contains("theirs.bot"), "{err}");
}

#[test]
fn stadt_bots_lists_each_games_bots_and_the_bot_files_of_each_game() {
    let dir = scratch("games-bots");
    std::fs::write(dir.join("mine.bot"), "game = catan\nbot = greedy\nw_points = 12\n").unwrap();
    std::fs::write(dir.join("ours.bot"), "bot = steerer\n").unwrap();
    let listing = |game: &[&str]| {
        let mut args = game.to_vec();
        args.extend(["bots", "--bot-dir", dir.to_str().unwrap()]);
        let (code, out, err) = stadt(&args);
        assert_eq!(code, 0, "{err}");
        out
    };
    let catan = listing(&["--game", "catan"]);
    for line in ["random: a uniformly random legal move", "mcts: ", "    iters ", "    playout ", "greedy: "]
    {
        assert!(catan.contains(line), "{line}: {catan}");
    }
    assert!(
        catan.contains("    w_points       = 10.0     per point")
            && catan.contains("(a number from 0 to 100)")
    );
    assert!(
        catan.contains("process: ") && !catan.contains("steerer") && !catan.contains("bots of"),
        "{catan}"
    );
    assert!(catan.contains("mine.bot): greedy:w_points=12") && !catan.contains("ours"), "{catan}");
    let every = listing(&[]);
    assert!(
        every.starts_with("bots of die-stadt:\n") && every.contains("\n\nbots of catan:\nrandom: "),
        "{every}"
    );
    assert!(every.contains("mine.bot): catan greedy:w_points=12"), "{every}");
    assert!(every.contains("ours.bot): die-stadt steerer:"), "{every}");
    let die_stadt = listing(&["--game", "die-stadt"]);
    assert!(die_stadt.starts_with("greedy: ") && die_stadt.contains("ours.bot): steerer:"), "{die_stadt}");
    assert!(!die_stadt.contains("mine.bot") && !die_stadt.contains("w_points"), "{die_stadt}");
    // A Catan bot file names any of Catan's bots, found by name in a bot folder.
    let out = dir.join("t");
    let (code, _, err) = stadt(&[
        "--game",
        "catan",
        "tournament",
        "--bots",
        "mine,random",
        "--bot-dir",
        dir.to_str().unwrap(),
        "--games",
        "2",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let manifest = std::fs::read_to_string(out.join("manifest.toml")).unwrap();
    assert!(manifest.contains("spec = \"greedy:w_points=12\""), "{manifest}");
}

#[test]
fn catan_plays_tournaments_and_sprt_runs_through_the_same_harness() {
    let dir = scratch("games-catan");
    let out = dir.join("t");
    let args = ["tournament", "--game", "catan", "--bots", "random,mcts:iters=20,random", "--players", "3"];
    let run = || {
        stadt(
            &[&args[..], &["--games", "3", "--seed", "2", "--quiet", "--out", out.to_str().unwrap()]]
                .concat(),
        )
    };
    let (code, table, err) = run();
    assert_eq!(code, 0, "{err}");
    assert!(table.contains("mcts:iters=20"), "{table}");
    let games = stadt_testkit::Csv::read(&out.join("games.csv"));
    for column in ["settlements", "cities", "vp_cards", "longest_road", "largest_army", "turns", "knights"] {
        assert!(games.has(column), "Catan's column {column}: {:?}", games.header());
    }
    assert!(!games.has("markets"), "no Die Stadt column: {:?}", games.header());
    // 3 bots in 3-player games, 3 games: every seat rotation of one board; the points by source
    // add up to the score.
    assert_eq!(games.rows().len(), 9);
    for r in games.rows() {
        let sources: i32 = ["settlements", "cities", "vp_cards", "longest_road", "largest_army"]
            .iter()
            .map(|c| r.parse::<i32>(c))
            .sum();
        assert_eq!(sources, r.parse::<i32>("score"), "{r:?}");
    }
    let manifest = std::fs::read_to_string(out.join("manifest.toml")).unwrap();
    assert!(manifest.contains("game = \"catan\""), "{manifest}");
    // The same command resumes: nothing new to play.
    let (code, text, err) = run();
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("(0 new)"), "{text}");
    assert!(out.join("report.html").is_file());

    let sprt = dir.join("s");
    let (code, text, err) = stadt(&[
        "sprt",
        "--game",
        "catan",
        "--bot",
        "mcts:iters=20",
        "--against",
        "random",
        "--elo0",
        "0",
        "--elo1",
        "100",
        "--seed",
        "1",
        "--max-games",
        "40",
        "--quiet",
        "--out",
        sprt.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("Elo estimate"), "{text}");
    let sprt_manifest = std::fs::read_to_string(sprt.join("manifest.toml")).unwrap();
    assert!(sprt_manifest.contains("game = \"catan\""), "{sprt_manifest}");
    // Every rule option is named, defaults included.
    assert!(sprt_manifest.contains("rules = \"shortage=official discard=choose"), "{sprt_manifest}");

    // An experiment file names its game.
    let file = dir.join("catan.toml");
    std::fs::write(
        &file,
        "game = \"catan\"\nbots = [\"random\", \"random\"]\nplayers = 2\ngames = 2\nseed = 1\nout = \"e\"\n",
    )
    .unwrap();
    let (code, _, err) = stadt(&["tournament", file.to_str().unwrap(), "--quiet"]);
    assert_eq!(code, 0, "{err}");
    assert_refused(
        stadt(&["tournament", "--game", "die-stadt", file.to_str().unwrap(), "--quiet"]),
        &["--game die-stadt, but the experiment file is a game of catan"],
    );
}

#[test]
fn catan_greedy_plays_a_tournament_against_random_and_wins_it() {
    let dir = scratch("games-catan-greedy");
    let out = dir.join("t");
    let (code, table, err) = catan_tournament(
        "greedy,random,greedy:w_opponent=0",
        &out,
        &["--players", "2", "--games", "6", "--seed", "3", "--threads", "1", "--quiet"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(table.contains("greedy:w_opponent=0"), "{table}");
    let games = stadt_testkit::Csv::read(&out.join("games.csv"));
    // Every pair of the three bots: greedy wins every game it plays against random.
    let mut against_random = 0;
    for pair in games.rows().chunks(2) {
        let bots: Vec<&str> = pair.iter().map(|r| r.get("bot")).collect();
        if bots.contains(&"random") {
            for r in pair.iter().filter(|r| r.get("bot") != "random") {
                assert_eq!(r.get("rank"), "1", "{r:?}");
                against_random += 1;
            }
        }
    }
    assert_eq!(against_random, 12);
    assert_refused(
        catan_tournament("greedy:w_points=-1,random", &dir.join("x"), &[]),
        &["bot `greedy`: w_points=-1 is not a number from 0 to 100"],
    );
}

#[test]
fn catan_mcts_takes_a_playout_policy_named_in_its_spec_and_refuses_a_bad_one() {
    let dir = scratch("games-catan-playout");
    let out = dir.join("t");
    let (code, _, err) = catan_tournament(
        "mcts:iters=30,playout=softmax:1,mcts:iters=30,playout=greedy",
        &out,
        &["--players", "2", "--games", "2", "--seed", "4", "--quiet"],
    );
    assert_eq!(code, 0, "{err}");
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    assert!(summary.contains("mcts:iters=30,c=0.7,playout=softmax:1"), "{summary}");
    assert!(summary.contains("mcts:iters=30,c=0.7,playout=greedy"), "{summary}");
    for (bad, says) in
        [("softmax:0", "softmax:T (T above 0)"), ("best", "best:K or sample:K (K from 1 to 1000)")]
    {
        assert_refused(
            catan_tournament(&format!("mcts:playout={bad},random"), &dir.join("x"), &[]),
            &[&format!("playout={bad}"), says],
        );
    }
}

#[test]
fn catans_stronger_searches_play_the_same_games_at_any_thread_count() {
    // The search's new parameters (eval=greedy, reward, margin, prior, tau, widen) and the
    // lookahead bot, each deterministic under the seed: one and two threads play the same games.
    let dir = scratch("games-catan-search-threads");
    let bots = "mcts:iters=40,depth=10,eval=greedy,reward=margin,margin=3,prior=1,tau=2,widen=2,\
                lookahead:samples=3,k=3,turns=2";
    let play = |threads: &str| {
        let out = dir.join(format!("t{threads}"));
        let (code, _, err) = catan_tournament(
            bots,
            &out,
            &[
                "--players",
                "2",
                "--games",
                "4",
                "--seed",
                "5",
                "--threads",
                threads,
                "--quiet",
                "--options",
                "catanatron3_3",
            ],
        );
        assert_eq!(code, 0, "{err}");
        let games = Csv::read(&out.join("games.csv"));
        let columns = ["game", "seat", "bot", "score", "rank", "turns", "decisions", "check"];
        games.rows().iter().map(|r| columns.map(|c| r.get(c).to_string())).collect::<Vec<_>>()
    };
    let one = play("1");
    assert_eq!(one.len(), 8);
    assert_eq!(one, play("2"));
}

#[test]
fn a_bot_a_setting_or_a_command_of_one_game_is_refused_in_the_other() {
    let dir = scratch("games-across");
    let out = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let tournament = |bots: &str, extra: &[&str], name: &str| {
        let folder = out(name);
        let mut args =
            vec!["tournament", "--game", "catan", "--bots", bots, "--games", "2", "--out", &folder];
        args.extend(extra);
        stadt(&args)
    };
    assert_refused(
        tournament("random,steerer", &[], "a"),
        &["unknown bot `steerer`", "random, mcts, greedy, lookahead (catan's)"],
    );
    assert_refused(tournament("random,random", &["--tiles", "mine.tiles"], "b"), &["catan has no tile set"]);
    assert_refused(
        tournament("random,random", &["--players", "5"], "d"),
        &["players must be 2, 3 or 4, not 5"],
    );
    let bot_file = dir.join("mine.bot");
    std::fs::write(&bot_file, "bot = greedy\n").unwrap();
    assert_refused(
        tournament(&format!("{},random", bot_file.display()), &[], "e"),
        &["a bot file of catan needs the line `game = catan`"],
    );
    for name in ["a", "b", "d", "e"] {
        assert!(!dir.join(name).exists(), "a refused run wrote {name}");
    }
    // Die Stadt's bots know nothing of Catan's, and the commands that play Die Stadt only say so.
    assert_refused(
        stadt(&[
            "tournament",
            "--bots",
            "random,mcts:iters=20,c=0.5,bogus=1",
            "--games",
            "2",
            "--out",
            &out("f"),
        ]),
        &["bogus"],
    );
    assert_refused(stadt(&["--game", "staedte-und-ritter", "serve-bot", "--bot", "steerer"]), &["steerer"]);
}

#[test]
fn catan_bots_are_tuned_by_the_same_spsa_into_a_bot_file_of_catan() {
    let dir = scratch("games-catan-tune");
    let out = dir.join("t");
    let args = |out: &Path, threads: &str| -> Vec<String> {
        [
            "--game",
            "catan",
            "tune",
            "--bot",
            "mcts:iters=10",
            "--against",
            "random",
            "--iterations",
            "2",
            "--games-per-eval",
            "4",
            "--verify-games",
            "4",
            "--seed",
            "3",
            "--threads",
            threads,
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    };
    let (code, report, err) = stadt(&args(&out, "1"));
    assert_eq!(code, 0, "{err}");
    assert!(report.contains("tuned: mcts:iters=10,c="), "{report}");
    let manifest = std::fs::read_to_string(out.join("manifest.toml")).unwrap();
    assert!(manifest.contains("game = \"catan\"") && manifest.contains("bot = \"mcts:iters=10,c=0.7\""));
    let log = std::fs::read_to_string(out.join("tune.csv")).unwrap();
    // Every real-valued parameter of `mcts` is a weight (c, then the margin scale and the greedy
    // prior's weight, temperature and widening).
    assert!(log.starts_with("iteration,a_k,c_k,c,margin,prior,tau,widen,score_plus"), "{log}");
    assert_eq!(log.lines().count(), 3, "{log}");
    let file = std::fs::read_to_string(out.join("mcts-tuned.bot")).unwrap();
    assert!(file.starts_with("# Tuned by `stadt tune`"), "{file}");
    assert!(
        file.contains("\ngame = catan\nbot = mcts\niters = 10\nc = ")
            && file.contains("\neval = points\n")
            && file.contains("\nprior = ")
            && file.ends_with('\n'),
        "{file}"
    );
    // The file is a bot Catan's tournaments take.
    let (code, _, err) = stadt(&[
        "tournament",
        "--game",
        "catan",
        "--bots",
        &format!("{},random", out.join("mcts-tuned.bot").display()),
        "--games",
        "2",
        "--quiet",
        "--out",
        dir.join("play").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    // The same run at another thread count gives the same log and check.
    let again = dir.join("again");
    let (code, _, err) = stadt(&args(&again, "2"));
    assert_eq!(code, 0, "{err}");
    for f in ["tune.csv", "verify.csv", "mcts-tuned.bot"] {
        assert_eq!(std::fs::read(out.join(f)).unwrap(), std::fs::read(again.join(f)).unwrap(), "{f}");
    }
    // Installed, it is found by name (seed 4: a run whose tuned bot passes its held-out check).
    let mut install = args(&dir.join("i"), "1");
    install[14] = "4".into();
    let folder = dir.join("mine").to_string_lossy().into_owned();
    install.extend(["--install".into(), "--bot-dir".into(), folder.clone()]);
    let (code, report, err) = stadt(&install);
    assert_eq!(code, 0, "{err}");
    assert!(
        report.contains("installed: ") && report.contains("mcts-tuned.bot (use it as --bots mcts-tuned)")
    );
    let (code, _, err) = stadt(&[
        "--game",
        "catan",
        "tournament",
        "--bots",
        "mcts-tuned,random",
        "--bot-dir",
        &folder,
        "--games",
        "2",
        "--quiet",
        "--out",
        dir.join("play-installed").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    // Greedy's weights are tuned by name, every one of them.
    let mut greedy = args(&dir.join("g"), "1");
    greedy[4] = "greedy".into();
    greedy[8] = "1".into();
    let (code, _, err) = stadt(&greedy);
    assert_eq!(code, 0, "{err}");
    let tuned = std::fs::read_to_string(dir.join("g/manifest.toml")).unwrap();
    assert!(tuned.contains("rules = \"shortage=official"), "the tune manifest names every option: {tuned}");
    let log = std::fs::read_to_string(dir.join("g/tune.csv")).unwrap();
    assert!(log.starts_with("iteration,a_k,c_k,w_points,w_production,"), "{log}");
    assert!(log.lines().next().unwrap().contains(",w_opponent,score_plus"), "{log}");
    let mut random = args(&dir.join("r"), "1");
    random[4] = "random".into();
    assert_refused(stadt(&random), &["bot `random` has no real-valued weights to tune"]);
    assert!(!dir.join("r").exists());
}

#[test]
fn catan_tournaments_keep_records_that_replay_checks_and_draws_at_any_move() {
    let dir = scratch("games-catan-records");
    let out = dir.join("t");
    let (code, _, err) =
        catan_tournament("random,mcts:iters=10", &out, &["--games", "2", "--records", "--quiet"]);
    assert_eq!(code, 0, "{err}");
    let games = Csv::read(&out.join("games.csv"));
    let record = out.join("records/0.rec");
    let report = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(report.contains("href=\"records/0.rec\""), "the report links the records");
    // The replayed points are games.csv's, seat by seat.
    let (code, printed, err) = stadt(&["replay", record.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    for row in games.rows().iter().filter(|r| &r["game"] == "0") {
        let seat: usize = row["seat"].parse().unwrap();
        let line = format!("points p{seat} {} (", &row["score"]);
        assert!(printed.contains(&line), "{line} in\n{printed}");
    }
    assert!(printed.contains("winner p") || printed.contains("no winner"), "{printed}");
    // A picture at the end and after the first 30 moves: valid SVG, and different.
    let (end, early) = (dir.join("end.svg"), dir.join("early.svg"));
    let (code, _, err) = stadt(&["replay", record.to_str().unwrap(), "--svg", end.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let args = ["replay", record.to_str().unwrap(), "--svg", early.to_str().unwrap(), "--upto", "30"];
    let (code, _, err) = stadt(&args);
    assert_eq!(code, 0, "{err}");
    let (end, early) = (std::fs::read_to_string(&end).unwrap(), std::fs::read_to_string(&early).unwrap());
    for svg in [&end, &early] {
        resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("a valid SVG");
    }
    assert!(end.contains("the end of the game") && early.contains("to decide") && end != early);
    // The viewer steps through every move's picture.
    let page = dir.join("game.html");
    let (code, _, err) = stadt(&["replay", record.to_str().unwrap(), "--html", page.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("<title>stadt game viewer: ") && html.contains("id=\"payload\""),
        "{}",
        &html[..200]
    );
    assert!(!html.contains("id=\"players\""), "Die Stadt's facts are not Catan's");
    // Bad input exits 2 naming the file and the line, never a panic.
    let text = std::fs::read_to_string(&record).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let illegal = dir.join("illegal.rec");
    let mut changed = lines.clone();
    changed[9] = "p1: city 0";
    std::fs::write(&illegal, changed.join("\n")).unwrap();
    assert_refused(stadt(&["replay", illegal.to_str().unwrap()]), &["illegal.rec: line 10: `city 0`"]);
    let cut = dir.join("cut.rec");
    std::fs::write(&cut, lines[..40].join("\n")).unwrap();
    // The moves among the first 40 lines: the 9 header lines and the chance lines aside.
    let moves = lines[9..40].iter().filter(|l| !l.starts_with("chance: ")).count();
    assert_refused(
        stadt(&["replay", cut.to_str().unwrap()]),
        &[&format!("cut.rec: the record stops after {moves} moves"), "--partial"],
    );
    let (code, printed, err) = stadt(&["replay", cut.to_str().unwrap(), "--partial"]);
    assert_eq!(code, 0, "{err}");
    assert!(printed.contains(&format!("not over: {moves} moves")), "{printed}");
    assert_refused(
        stadt(&[
            "replay",
            cut.to_str().unwrap(),
            "--partial",
            "--svg",
            dir.join("x.svg").to_str().unwrap(),
            "--upto",
            &(moves + 1).to_string(),
        ]),
        &[&format!("--upto {}: ", moves + 1), &format!("cut.rec has only {moves} moves")],
    );
    assert_refused(
        stadt(&["--game", "die-stadt", "replay", record.to_str().unwrap()]),
        &["0.rec: line 1: a record of catan, not of die-stadt"],
    );
    assert_refused(stadt(&["replay", record.to_str().unwrap(), "--show"]), &["record of catan", "--svg"]);
    let board = dir.join("board.rec");
    let mut changed = lines.clone();
    changed[6] = "terrain lumber";
    std::fs::write(&board, changed.join("\n")).unwrap();
    assert_refused(stadt(&["replay", board.to_str().unwrap()]), &["board.rec: line 7: "]);
    assert!(!dir.join("x.svg").exists());
}

#[test]
fn catan_options_and_a_fixed_board_are_set_per_run_recorded_and_checked_on_resume() {
    let dir = scratch("games-catan-options");
    // The beginners' board as a board file, through a record's header.
    let first = dir.join("first");
    let run = |out: &Path, extra: &[&str]| {
        let mut args =
            vec!["--game", "catan", "tournament", "--bots", "random,random", "--games", "2", "--quiet"];
        args.extend(extra);
        args.extend(["--out", out.to_str().unwrap()]);
        stadt(&args)
    };
    let (code, _, err) = run(&first, &["--records"]);
    assert_eq!(code, 0, "{err}");
    let record = std::fs::read_to_string(first.join("records/0.rec")).unwrap();
    let board: Vec<&str> = record.lines().skip(5).take(4).collect();
    assert!(board[0] == "stadt-catan-board 1", "{record}");
    std::fs::write(dir.join("mine.board"), board.join("\n") + "\n").unwrap();
    // An experiment file names the board relative to itself, and options beside it.
    let file = dir.join("fixed.toml");
    std::fs::write(
        &file,
        "game = \"catan\"\nbots = [\"random\", \"random\"]\nplayers = 2\ngames = 4\nseed = 9\nout = \"fixed\"\nrecords = true\noptions = \"board=mine.board discard=random turns=500\"\n",
    )
    .unwrap();
    let (code, _, err) = stadt(&["tournament", file.to_str().unwrap(), "--quiet"]);
    assert_eq!(code, 0, "{err}");
    let fixed = dir.join("fixed");
    for game in 0..4 {
        let text = std::fs::read_to_string(fixed.join(format!("records/{game}.rec"))).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[5..9], board[..], "game {game} is played on the board file");
        assert!(lines[2].contains("discard=random") && lines[2].contains("turns=500"), "{}", lines[2]);
    }
    let manifest = std::fs::read_to_string(fixed.join("manifest.toml")).unwrap();
    assert!(manifest.contains("options = \"board="), "{manifest}");
    // Another option in the same folder is refused, naming the difference.
    let (code, _, err) = run(&fixed, &["--options", "discard=choose"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("options"), "{err}");
    // An option of another game, an unknown value, a malformed board: exit 2 naming them.
    assert_refused(run(&dir.join("a"), &["--options", "tiles=x"]), &["`tiles` is no option of catan"]);
    assert_refused(
        run(&dir.join("b"), &["--options", "shortage=h2"]),
        &["`h2` is no value of option `shortage`"],
    );
    std::fs::write(dir.join("bad.board"), "stadt-catan-board 1\nterrain lumber\n").unwrap();
    let bad = format!("board={}", dir.join("bad.board").display());
    assert_refused(run(&dir.join("c"), &["--options", &bad]), &["bad.board: line 2: "]);
    assert_refused(
        stadt(&[
            "tournament",
            "--bots",
            "random,random",
            "--options",
            "shortage=h1",
            "--out",
            dir.join("d").to_str().unwrap(),
        ]),
        &["`shortage` is no option of die-stadt: its options are tiles"],
    );
    for name in ["a", "b", "c", "d"] {
        assert!(!dir.join(name).exists(), "a refused run wrote {name}");
    }
}

#[test]
fn catan_play_deals_from_the_seed_writes_a_record_that_replays_to_the_same_points_and_a_picture() {
    let dir = scratch("games-catan-play");
    let (rec, svg) = (dir.join("g.rec"), dir.join("g.svg"));
    let args = |rec: &Path, svg: &Path| {
        stadt(&[
            "--game",
            "catan",
            "play",
            "--bots",
            "random,mcts:iters=20,random",
            "--players",
            "3",
            "--seed",
            "4",
            "--options",
            "turns=400",
            "--record",
            rec.to_str().unwrap(),
            "--svg",
            svg.to_str().unwrap(),
        ])
    };
    let (code, printed, err) = args(&rec, &svg);
    assert_eq!(code, 0, "{err}");
    assert_eq!(printed.lines().filter(|l| l.starts_with("points p")).count(), 3, "{printed}");
    let (code, replayed, err) = stadt(&["replay", rec.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(printed, replayed, "the record replays to the points play printed");
    assert!(std::fs::read_to_string(&rec).unwrap().lines().nth(2).unwrap().contains("turns=400"));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.contains("p2 mcts:iters=20"), "the seats are labelled");
    // The same seed plays the same game.
    let (code, again, err) = args(&dir.join("h.rec"), &dir.join("h.svg"));
    assert_eq!(code, 0, "{err}");
    assert_eq!(printed, again);
    assert_eq!(std::fs::read(&rec).unwrap(), std::fs::read(dir.join("h.rec")).unwrap());
    // Existing files are never overwritten; flags of Die Stadt's are refused by name.
    assert_refused(args(&rec, &dir.join("new.svg")), &["--record", "already exists"]);
    for flags in [&["--show"][..], &["--deal", "g.rec"], &["--tiles", "mine.tiles"]] {
        let mut args = vec!["--game", "catan", "play"];
        args.extend(flags);
        let (code, _, err) = stadt(&args);
        assert_eq!(code, 2, "{flags:?}: {err}");
        assert!(err.contains(flags[0]), "{err}");
    }
    assert!(!dir.join("new.svg").exists());
}

#[test]
fn catan_bots_in_other_programs_play_over_the_protocol_and_a_failure_is_a_forfeit() {
    if stadt_testkit::tools::require("python3", "its bots, which are Python programs").is_none() {
        return;
    }
    let dir = scratch("games-catan-process");
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("bots/examples/random-python-catan.bot");
    let run = |bots: &str, out: &str| {
        stadt(&[
            "--game",
            "catan",
            "tournament",
            "--bots",
            bots,
            "--games",
            "2",
            "--threads",
            "1",
            "--quiet",
            "--out",
            dir.join(out).to_str().unwrap(),
        ])
    };
    let (code, _, err) = run(&format!("{},random", example.display()), "a");
    assert_eq!(code, 0, "{err}");
    let games = Csv::read(&dir.join("a/games.csv"));
    assert!(games.rows().iter().all(|r| r["failure"].is_empty()), "no forfeit");
    let manifest = std::fs::read_to_string(dir.join("a/manifest.toml")).unwrap();
    assert!(manifest.contains("bot_file_sha256") && manifest.contains("bot_secret"), "{manifest}");
    // A bot that answers a move not listed forfeits: random plays its seat on, and it ranks last.
    std::fs::write(
        dir.join("liar.py"),
        "import json, sys\nfor line in sys.stdin:\n    m = json.loads(line)\n    if m['type'] == 'hello':\n        print(json.dumps({'type': 'ready'}), flush=True)\n    elif m['type'] == 'decide':\n        print(json.dumps({'type': 'move', 'move': 'settle 99'}), flush=True)\n",
    )
    .unwrap();
    std::fs::write(dir.join("liar.bot"), "game = catan\nbot = process\ncommand = python3 liar.py\n").unwrap();
    let (code, _, err) = run(&format!("{},random", dir.join("liar.bot").display()), "b");
    assert_eq!(code, 0, "{err}");
    let games = Csv::read(&dir.join("b/games.csv"));
    for row in games.rows().iter().filter(|r| &r["bot"] == "liar") {
        assert_eq!(&row["failure"], "illegal-move", "{row:?}");
        assert_eq!(&row["rank"], "2");
    }
    // A Die Stadt bot file is no Catan bot.
    assert_refused(
        run(
            &format!(
                "{},random",
                Path::new(env!("CARGO_MANIFEST_DIR")).join("bots/examples/random-python.bot").display()
            ),
            "c",
        ),
        &["random-python.bot: a bot file of catan needs the line `game = catan`"],
    );
    assert!(!dir.join("c").exists());
}

#[test]
fn staedte_und_ritter_is_catan_with_game_knights_and_bad_options_or_records_exit_2() {
    let dir = scratch("games-knights");
    let run = |out: &str, options: &str, players: &str| {
        let out = dir.join(out);
        stadt(&[
            "--game",
            "catan",
            "tournament",
            "--bots",
            "random,greedy,random",
            "--players",
            players,
            "--games",
            "3",
            "--quiet",
            "--records",
            "--options",
            options,
            "--out",
            out.to_str().unwrap(),
        ])
    };
    let (code, listed, err) = stadt(&["games"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        listed.contains("\n  game (K1-K85; catan or knights; default catan): ")
            && listed.contains("barbarians_remove_cities"),
        "{listed}"
    );
    let (code, _, err) = run("ok", "game=knights house=cuxtan", "3");
    assert_eq!(code, 0, "{err}");
    // The manifest and every record name every option (issue knights, item 2).
    let manifest = std::fs::read_to_string(dir.join("ok/manifest.toml")).unwrap();
    assert!(
        manifest.contains("rules = \"game=knights shortage=h1") && manifest.contains("diplomat=cuxtan"),
        "{manifest}"
    );
    let record = std::fs::read_to_string(dir.join("ok/records/0.rec")).unwrap();
    assert!(record.lines().nth(2).unwrap().contains("barbarians_remove_cities=cuxtan"), "{record}");
    let (code, _, err) = stadt(&["replay", dir.join("ok/records/0.rec").to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    // An unknown option, an unknown value, an option of the other game, a game without enough
    // players: exit 2 naming them, and nothing written.
    assert_refused(run("a", "game=knights diplomat=maybe", "3"), &["`diplomat=maybe`", "official or cuxtan"]);
    assert_refused(
        run("b", "game=knights discard=random", "3"),
        &["`discard` is an option of the base game"],
    );
    assert_refused(run("c", "saboteur=cuxtan", "3"), &["`saboteur` is an option of Städte und Ritter"]);
    // Issue 57: house= belongs to Städte und Ritter; no undocumented alias; a clash is refused.
    assert_refused(
        run("f", "house=cuxtan", "3"),
        &["`house` is an option of Städte und Ritter (game=knights"],
    );
    assert_refused(
        run("g", "shortage=cuxtan", "3"),
        &["`cuxtan` is no value of option `shortage` (C16, H1)"],
    );
    assert_refused(
        run("h", "game=knights diplomat=official diplomat=cuxtan", "3"),
        &["`diplomat` (H7) is named twice"],
    );
    assert_refused(run("d", "game=chess", "3"), &["`chess` is no value of option `game` (K1-K85)"]);
    assert_refused(run("e", "game=knights", "2"), &["players must be 3 or 4, not 2 (K1)"]);
    for name in ["a", "b", "c", "d", "e", "f", "g", "h"] {
        assert!(!dir.join(name).exists(), "a refused run wrote {name}");
    }
    // A malformed record: its line named.
    let broken = dir.join("broken.rec");
    std::fs::write(&broken, record.replacen("alchemist", "wizard", 1)).unwrap();
    assert_refused(
        stadt(&["replay", broken.to_str().unwrap()]),
        &["broken.rec: line 5: `wizard` is no progress card"],
    );
    let illegal = dir.join("illegal.rec");
    let mut lines: Vec<&str> = record.lines().collect();
    lines.truncate(10);
    lines[9] = "p1: wall 3";
    std::fs::write(&illegal, lines.join("\n") + "\n").unwrap();
    assert_refused(
        stadt(&["replay", illegal.to_str().unwrap(), "--partial"]),
        &["illegal.rec: line 10: `wall 3`"],
    );
}

#[test]
fn staedte_und_ritter_records_carry_every_chance_outcome_replay_without_their_seed_and_give_every_state() {
    let dir = scratch("games-knights-states");
    let rec = dir.join("game.rec");
    let (code, _, err) = stadt(&[
        "--game",
        "catan",
        "play",
        "--players",
        "4",
        "--seed",
        "9601",
        "--bots",
        "greedy",
        "--options",
        "game=knights house=cuxtan",
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(text.starts_with("stadt-catan-record 2\n"), "{text}");
    for outcome in ["chance: dice ", " event ", "chance: progress "] {
        assert!(text.contains(outcome), "the record holds `{outcome}`");
    }
    // Without the seed and the decks' order (a game played elsewhere has neither) it replays
    // to the same end, and --states gives the same states.
    let bare = dir.join("bare.rec");
    let kept: Vec<&str> =
        text.lines().filter(|l| !l.starts_with("seed ") && !l.starts_with("deck ")).collect();
    assert_eq!(kept.len() + 2, text.lines().count());
    std::fs::write(&bare, kept.join("\n") + "\n").unwrap();
    let states = |file: &Path, out: &str| {
        let out = dir.join(out);
        let (code, printed, err) =
            stadt(&["replay", file.to_str().unwrap(), "--states", out.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        (printed, std::fs::read_to_string(out).unwrap())
    };
    let (printed, full) = states(&rec, "full.jsonl");
    let (printed_bare, without) = states(&bare, "bare.jsonl");
    assert_eq!(printed, printed_bare);
    assert!(printed.contains("winner p"), "{printed}");
    let parse =
        |t: &str| -> Vec<serde_json::Value> { t.lines().map(|l| serde_json::from_str(l).unwrap()).collect() };
    let (full, without) = (parse(&full), parse(&without));
    assert_eq!(full.len(), without.len());
    let steps =
        text.lines().filter(|l| l.starts_with("p") && l.contains(": ") || l.starts_with("chance: ")).count();
    assert_eq!(full.len(), 1 + steps, "the start and every step");
    let mut rolled = 0;
    for (a, b) in full.iter().zip(&without) {
        let (mut a, mut b) = (a.clone(), b.clone());
        a["line"] = serde_json::Value::Null;
        b["line"] = serde_json::Value::Null;
        assert_eq!(a, b, "the same state without the seed");
        assert_eq!(a["schema"], "stadt-catan-states 1");
        if !a["dice"].is_null() {
            rolled += 1;
            let event = a["dice"]["event"].as_u64().unwrap();
            assert!((1..=6).contains(&event) && a["dice"]["event_face"].is_string(), "{}", a["dice"]);
            assert!(a["dice"]["red"].as_u64().unwrap() >= 1 && a["dice"]["yellow"].as_u64().unwrap() >= 1);
        }
        let players = a["players"].as_array().unwrap();
        assert_eq!(players.len(), 4);
        for p in players {
            for t in ["trade", "politics", "science"] {
                assert!(p["levels"][t].is_u64(), "{p}");
            }
            assert!(
                p["knights"].is_array() && p["cards"]["cloth"].is_u64() && p["cards"]["ore"].is_u64(),
                "{p}"
            );
            assert!(p["progress_cards"].is_object(), "{p}");
        }
    }
    assert!(rolled > full.len() / 2, "dice after the set-up");
    let last = full.last().unwrap();
    assert!(last["winner"].is_string(), "{last}");
}
