//! The record format (docs/die-stadt/record-format.md): play, write, replay, and the errors a hand-written
//! record can hold.

use die_stadt::game::Game;
use die_stadt::ids::Player;
use die_stadt::record::{self, Record, Tiles};
use die_stadt::tiles::TileSet;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A game of uniformly random legal moves and its record, written as `stadt play` writes one.
fn played(players: usize, seed: u64) -> (String, Game) {
    let ts = TileSet::default_set();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut order = ts.deck();
    order.shuffle(&mut rng);
    let mut game = Game::new(ts, players, &order).unwrap();
    let mut text = record::header(players, "default", ts, &order, Some(seed));
    let mut moves = Vec::new();
    while !game.is_over() {
        game.legal_moves(&mut moves);
        let mv = moves[rng.random_range(0..moves.len())];
        text.push_str(&record::move_line(game.table(), mv));
        text.push('\n');
        game.apply(mv);
    }
    (text, game)
}

#[test]
fn replaying_a_played_record_reproduces_the_game_exactly() {
    for seed in 0..60 {
        let players = 2 + (seed % 3) as usize;
        let (text, game) = played(players, seed);
        let rec = Record::parse(&text, Tiles::Default).unwrap();
        assert_eq!(rec.seed, Some(seed));
        let out = record::replay(&rec, false).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert!(out.finished);
        let (a, b) = (game.table(), out.game.table());
        for p in Player::all(players) {
            assert_eq!(a.player(p), b.player(p), "seed {seed} {p}");
        }
        assert_eq!(a.board().tiles(), b.board().tiles(), "seed {seed}");
        assert_eq!(record::score_lines(a, true), record::score_lines(b, true));
    }
}

#[test]
fn replay_prints_final_lines_in_the_fixed_form() {
    let (text, game) = played(3, 7);
    let out = record::replay(&Record::parse(&text, Tiles::Default).unwrap(), false).unwrap();
    let lines = record::score_lines(out.game.table(), true);
    let first = lines.lines().next().unwrap();
    let pts = game.table().player(Player::new(0)).points;
    let words: Vec<&str> = first.split(' ').collect();
    assert_eq!(words[..2], ["final", "p1"], "{first}");
    let fields: Vec<(&str, i32)> =
        words[2..].iter().map(|w| w.split_once('=').map(|(k, v)| (k, v.parse().unwrap())).unwrap()).collect();
    let want = [pts.total(), pts.roads, pts.markets, pts.towers, pts.residential, pts.watchmen];
    let keys = ["score", "roads", "markets", "towers", "residential", "watchmen"];
    assert_eq!(fields, keys.into_iter().zip(want).collect::<Vec<_>>(), "{first}");
    assert_eq!(lines.lines().count(), 3);
}

fn header_and(decisions: &[&str]) -> String {
    let (text, _) = played(2, 3);
    let header: Vec<&str> = text.lines().take_while(|l| !l.starts_with("p1: tile")).collect();
    let mut s = header.join("\n");
    s.push('\n');
    for d in decisions {
        s.push_str(d);
        s.push('\n');
    }
    s
}

fn replay_err(text: &str, partial: bool) -> String {
    match Record::parse(text, Tiles::Default) {
        Err(e) => e.to_string(),
        Ok(rec) => match record::replay(&rec, partial) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("expected an error for\n{text}"),
        },
    }
}

#[test]
fn an_illegal_decision_is_reported_with_its_line_and_reason() {
    // Lines: 1 stadt-record, 2 players, 3 tiles, 4-6 piles, 7 seed, 8 first decision.
    let e = replay_err(&header_and(&["tile 0 0 90"]), false);
    assert!(e.starts_with("line 8:") && e.contains("unrotated"), "{e}");
    let e = replay_err(&header_and(&["tile 0 0 0", "follower none", "p1: tile 5 5 0"]), false);
    assert!(e.starts_with("line 10:") && e.contains("p2's"), "{e}");
    let e = replay_err(&header_and(&["tile 0 0 0", "follower none", "tile 5 5 0"]), false);
    assert!(e.starts_with("line 10:") && e.contains("does not touch"), "{e}");
    let e = replay_err(&header_and(&["tile 0 0 0", "tile 1 0 0"]), false);
    assert!(e.starts_with("line 9:") && e.contains("expected a `follower`"), "{e}");
    let e = replay_err(&header_and(&["tile 0 0 0", "follower X9"]), false);
    assert!(e.starts_with("line 9:") && e.contains("not a port"), "{e}");
    let e = replay_err(&header_and(&["tile 0 0 45"]), false);
    assert!(e.contains("rotation `45`"), "{e}");
    let e = replay_err(&header_and(&["jump 1 2"]), false);
    assert!(e.starts_with("line 8:") && e.contains("unknown decision `jump`"), "{e}");
    let e = replay_err(&header_and(&["wall 0 0 2 0"]), false);
    assert!(e.contains("not the two ends of one lattice edge"), "{e}");
    let e = replay_err(&header_and(&["tile 0 0 0", "follower none"]), false);
    assert!(e.starts_with("line 9:") && e.contains("ends before the game is over"), "{e}");
}

#[test]
fn partial_records_print_score_lines() {
    let text = header_and(&["tile 0 0 0", "follower none"]);
    let rec = Record::parse(&text, Tiles::Default).unwrap();
    let out = record::replay(&rec, true).unwrap();
    assert!(!out.finished);
    let lines = record::score_lines(out.game.table(), out.finished);
    assert!(
        lines.starts_with("score p1 score=0 roads=0 markets=0 towers=0 residential=0 watchmen=0"),
        "{lines}"
    );
}

#[test]
fn malformed_headers_name_the_problem() {
    let (text, _) = played(2, 3);
    let e = replay_err(&text.replacen("stadt-record 1", "stadt-record 2", 1), false);
    assert!(e.starts_with("line 1:"), "{e}");
    let e = replay_err(&text.replacen("players 2", "players 5", 1), false);
    assert!(e.starts_with("line 2:") && e.contains("2 to 4"), "{e}");
    let pile1 = text.lines().find(|l| l.starts_with("pile1")).unwrap();
    let first = pile1.split_whitespace().nth(1).unwrap();
    let e = replay_err(&text.replacen(&format!("pile1 {first}"), "pile1 dragon", 1), false);
    assert!(e.starts_with("line 4:") && e.contains("unknown tile name `dragon`"), "{e}");
    let e = replay_err(&text.replacen(&format!("pile1 {first} "), "pile1 ", 1), false);
    assert!(e.contains("pile1 must list 30 tiles, found 29"), "{e}");
    let e = replay_err(&text.replacen("tiles default", "tiles other.tiles", 1), false);
    assert!(e.starts_with("line 3:") && e.contains("only the default set"), "{e}");
    // A reader that resolves names says why it could not, and the line is named.
    let refuse = |name: &str| -> Result<&'static TileSet, String> { Err(format!("no file {name} here")) };
    let e = Record::parse(&text.replacen("tiles default", "tiles other.tiles", 1), Tiles::Named(&refuse))
        .err()
        .unwrap()
        .to_string();
    assert_eq!(e, "line 3: no file other.tiles here");
    let e = replay_err("", false);
    assert!(e.contains("stadt-record"), "{e}");
    // Two piles swapped between names: counts no longer match the set.
    let second = pile1.split_whitespace().nth(2).unwrap();
    if first != second {
        let swapped = text.replacen(&format!("pile1 {first} {second}"), &format!("pile1 {first} {first}"), 1);
        let e = replay_err(&swapped, false);
        assert!(e.contains("exactly the tile set"), "{e}");
    }
    let e = replay_err(
        &text.replacen("pile1 straight", "pile1 market-corner", 1).replacen(
            " market-corner/F",
            " market-corner",
            1,
        ),
        false,
    );
    assert!(!e.is_empty());
}

#[test]
fn comments_blank_lines_and_symmetric_rotations_are_accepted() {
    let (text, game) = played(2, 11);
    let mut out = String::new();
    for line in text.lines() {
        out.push_str(line);
        out.push_str("   # a comment\n\n");
    }
    let rec = Record::parse(&out, Tiles::Default).unwrap();
    let replayed = record::replay(&rec, false).unwrap();
    assert_eq!(record::score_lines(replayed.game.table(), true), record::score_lines(game.table(), true));
}
