//! Games by name: `stadt games` lists them with their player counts and options, `--game` takes
//! one (Die Stadt when none is named), and an unknown game is refused with exit code 2, naming it.

mod common;
use common::stadt;

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
