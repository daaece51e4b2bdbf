//! Games by name: `stadt games` lists them with their player counts and options, `--game` takes
//! one (Die Stadt when none is named), and an unknown game is refused with exit code 2, naming it.
//! Catan, the second game, plays tournaments and SPRT runs through the same code as Die Stadt;
//! a bot, a setting or a command of the one game is refused in the other.

mod common;
use common::stadt;
use stadt_testkit::{assert_refused, scratch};
use std::path::Path;

#[test]
fn stadt_games_lists_die_stadt_with_its_player_counts_and_options() {
    let (code, out, err) = stadt(&["games"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("die-stadt: "), "{out}");
    assert!(out.contains("(2 to 4 players)"), "{out}");
    assert!(out.contains("\n  tiles (default default): "), "{out}");
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
    assert!(std::fs::read_to_string(sprt.join("manifest.toml")).unwrap().contains("game = \"catan\""));

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
    let (code, table, err) = stadt(&[
        "--game",
        "catan",
        "tournament",
        "--bots",
        "greedy,random,greedy:w_opponent=0",
        "--players",
        "2",
        "--games",
        "6",
        "--seed",
        "3",
        "--threads",
        "1",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
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
        stadt(&[
            "--game",
            "catan",
            "tournament",
            "--bots",
            "greedy:w_points=-1,random",
            "--out",
            &dir.join("x").to_string_lossy(),
        ]),
        &["`w_points=-1`: a number from 0 to 100"],
    );
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
        tournament("random,lookahead", &[], "a"),
        &["`lookahead` is not a bot of catan", "random, mcts", "greedy"],
    );
    assert_refused(tournament("random,random", &["--tiles", "mine.tiles"], "b"), &["catan has no tile set"]);
    assert_refused(
        tournament("random,random", &["--records"], "c"),
        &["--records: a catan tournament cannot keep records yet"],
    );
    assert_refused(
        tournament("random,random", &["--players", "5"], "d"),
        &["players must be 2, 3 or 4, not 5"],
    );
    let bot_file = dir.join("mine.bot");
    std::fs::write(&bot_file, "bot = greedy\n").unwrap();
    assert_refused(
        tournament(&format!("{},random", bot_file.display()), &[], "e"),
        &["bot files are Die Stadt's"],
    );
    for name in ["a", "b", "c", "d", "e"] {
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
    assert_refused(stadt(&["play", "--game", "catan", "--bots", "random"]), &["plays Die Stadt only so far"]);
}
