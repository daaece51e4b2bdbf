//! Games by name: `stadt games` lists them with their player counts and options, `--game` takes
//! one (Die Stadt when none is named), and an unknown game is refused with exit code 2, naming it.

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
    for args in [&["--game", "catan", "bots"][..], &["tournament", "--game", "go", "--bots", "random,greedy"]]
    {
        let (code, _, err) = stadt(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        let name = args[args.iter().position(|a| *a == "--game").unwrap() + 1];
        assert!(err.contains(&format!("unknown game `{name}` (--game): the games are die-stadt")), "{err}");
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
        ("tournament", tournament("game = \"catan\"\n")),
        ("sprt", "game = \"catan\"\nbot = \"greedy\"\nagainst = \"random\"\nelo0 = 0\nelo1 = 50\nseed = 1\nout = \"s\"\n".into()),
    ] {
        let file = dir.join(format!("{kind}-catan.toml"));
        std::fs::write(&file, text).unwrap();
        let err = assert_refused(stadt(&[kind, file.to_str().unwrap()]), &["unknown game `catan` (`game`)"]);
        assert!(err.contains(&format!("{kind}-catan.toml")), "{err}");
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
