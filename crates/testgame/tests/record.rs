//! Records: a game played by the core's runner writes one that replays, without its seed, to the
//! same final game; every draw is a `chance:` line; a bad line is an error naming its number.

mod common;

use common::{BotSeat, run};
use stadt_core::kind::GameKind;
use stadt_testgame::kind::Kartenspitze;
use stadt_testgame::options::Options;
use stadt_testgame::record::{HEADER, PublicLog, Step, replay, replay_steps, seat_record};
use stadt_testgame::rules::DECK;
use stadt_testgame::state::Phase;

/// A played game's record, and the game it ended in.
fn played(players: usize, hand: u8, seed: u64) -> (String, stadt_testgame::state::State) {
    let kind = Kartenspitze::new(Options { hand });
    let names = ["greedy", "random", "greedy", "random"];
    let seats: Vec<BotSeat> = names[..players].iter().map(|&n| BotSeat(n)).collect();
    let g = run(&kind, &seats, seed);
    (g.record.expect("a record was asked for"), g.game)
}

/// The record without its `seed` line.
fn without_seed(record: &str) -> String {
    record.lines().filter(|l| !l.starts_with("seed ")).map(|l| format!("{l}\n")).collect()
}

#[test]
fn a_record_replays_without_its_seed_to_the_same_game() {
    for (players, hand) in common::setups() {
        for seed in 0..20 {
            let (record, game) = played(players, hand, seed);
            assert_eq!(replay(&record), Ok(game), "{players} players, hand {hand}, seed {seed}");
            let bare = without_seed(&record);
            assert!(!bare.contains("seed"));
            assert_eq!(replay(&bare), Ok(game), "without the seed");
        }
    }
}

#[test]
fn t4_every_draw_is_a_chance_line() {
    let (record, game) = played(3, 3, 12);
    let lines: Vec<&str> = record.lines().collect();
    assert_eq!(lines[..4], [HEADER, "players 3", "options hand=3", "seed 12"]);
    assert!(lines[4..7].iter().all(|l| l.starts_with("chance: deal p")));
    let draws = lines.iter().filter(|l| l.starts_with("chance: draw ")).count();
    assert_eq!(draws, DECK - 9, "one line per card drawn");
    assert_eq!(lines.iter().filter(|l| l.contains(": play ")).count(), DECK, "one line per card played");
    // A draw's line stands after the move that led to it and before the next.
    for w in lines[7..].windows(2) {
        if w[1].starts_with("chance: draw") {
            assert!(w[0].starts_with('p'), "{w:?}");
        }
    }
    assert_eq!(game.phase(), Phase::Over);
}

#[test]
fn a_replay_shows_every_step() {
    let (record, game) = played(2, 2, 3);
    let mut steps: Vec<(Option<usize>, String)> = Vec::new();
    let replayed =
        replay_steps(&record, &mut |_, step: Step<'_>| steps.push((step.line, step.text.into()))).unwrap();
    assert_eq!(replayed.state, game);
    assert_eq!(replayed.seed, Some(3));
    assert_eq!(replayed.moves, DECK);
    assert_eq!(steps[0], (None, String::new()));
    assert_eq!(steps.len(), 1 + DECK + (DECK - 4), "the deal, every play and every draw");
}

#[test]
fn a_partial_record_replays_to_where_it_stops() {
    let (record, _) = played(2, 3, 5);
    let lines: Vec<&str> = record.lines().collect();
    // After the header, the deal, p1's move and its draw: p2 to play.
    let partial: String = lines[..8].iter().map(|l| format!("{l}\n")).collect();
    let s = replay(&partial).unwrap();
    assert_eq!(s.phase(), Phase::Play);
    assert_eq!(s.actor(), 1);
    assert_eq!(s.played().len(), 1);
}

/// The 1-based line and reason a record is refused with.
fn refused(record: &str) -> (usize, String) {
    let e = replay(record).unwrap_err();
    assert!(e.to_string().starts_with(&format!("line {}: ", e.line)));
    (e.line, e.reason)
}

const GOOD: &str = "stadt-kartenspitze-record 1
players 2
options hand=2
chance: deal p1 1 9
chance: deal p2 1 8
p1: play 9
chance: draw 5
p2: play 8
chance: draw 9
";

#[test]
fn a_good_record_replays() {
    let s = replay(GOOD).unwrap();
    assert_eq!((s.score(0), s.score(1)), (9, 0));
    assert_eq!(s.hand(0), stadt_testgame::moves::Hand::of(&[1, 5]));
}

#[test]
fn bad_records_name_the_line() {
    let cases: [(&str, &str, usize, &str); 12] = [
        ("stadt-kartenspitze-record 1", "stadt-kartenspitze-record 2", 1, "first line"),
        ("players 2", "players two", 2, "players"),
        ("players 2", "players 5", 2, "T1"),
        ("options hand=2", "options hand=7", 3, "option `hand` (T2)"),
        ("options hand=2", "options colour=red", 3, "colour"),
        ("chance: deal p2 1 8", "chance: deal p2 2 8 7", 5, "T2"),
        ("chance: deal p2 1 8", "chance: deal p2 1 1", 5, "value 1"),
        ("chance: deal p2 1 8", "p2: play 2", 5, "deal p2"),
        ("p2: play 8", "p2: play 7", 8, "T3"),
        ("p2: play 8", "p1: play 1", 8, "p1 moved, but it is p2's turn"),
        ("chance: draw 5", "chance: draw 1", 7, "no card of value 1 is left"),
        ("p2: play 8", "p2: jumps", 8, "`jumps` is not a move"),
    ];
    for (from, to, line, says) in cases {
        let bad = GOOD.replacen(from, to, 1);
        let (l, reason) = refused(&bad);
        assert_eq!(l, line, "{to}: {reason}");
        assert!(reason.contains(says), "{to}: {reason}");
    }
    let (l, reason) = refused(&GOOD.replace("chance: draw 5\n", ""));
    assert_eq!(l, 7);
    assert!(reason.contains("lacks the card drawn") && reason.contains("T4"), "{reason}");
    let (l, reason) = refused(&format!("{GOOD}chance: draw 4\n"));
    assert_eq!(l, 10);
    assert!(reason.contains("nobody draws now (T4)"), "{reason}");
    let (l, reason) = refused(&format!("{GOOD}hello\n"));
    assert_eq!(l, 10);
    assert!(reason.contains("`hello` is neither a move"), "{reason}");
    let (l, reason) = refused(&format!("{GOOD}chance: deal p1 3 3\n"));
    assert_eq!(l, 10);
    assert!(reason.contains("dealt before play begins"), "{reason}");
}

#[test]
fn a_move_after_the_end_is_refused() {
    let (record, _) = played(2, 5, 1);
    let (l, reason) = refused(&format!("{record}p1: play 1\n"));
    assert_eq!(l, record.lines().count() + 1);
    assert!(reason.contains("over (T5)"), "{reason}");
}

#[test]
fn t6_the_public_record_shows_a_seat_its_own_cards_only() {
    let kind = Kartenspitze::default();
    let (record, _) = played(3, 3, 4);
    let mut s = replay(&record.lines().take(7).map(|l| format!("{l}\n")).collect::<String>()).unwrap();
    let mut log: PublicLog = kind.history(3);
    // The game replayed line by line, the log kept as the runner keeps it.
    for line in record.lines().skip(7) {
        if let Some(rest) = line.strip_prefix("chance: draw ") {
            s.draw_card(rest.parse().unwrap()).unwrap();
        } else {
            let mv = line.split_once(": ").unwrap().1.parse().unwrap();
            kind.history_catch_up(&mut log, &s);
            kind.history_push(&mut log, &s, mv);
            s.apply(mv);
        }
    }
    let text = kind.history_text(&log);
    for seat in 0..3 {
        let mine = seat_record(text, seat);
        let me = format!("p{}", seat + 1);
        assert!(mine.contains(&format!("chance: deal {me} ")));
        for other in (0..3).filter(|&q| q != seat) {
            assert!(
                !mine.contains(&format!("deal p{}", other + 1)),
                "seat {seat} sees p{}'s hand",
                other + 1
            );
        }
        // Its draws are the record's draws after its own moves; every move is shown.
        let draws = mine.lines().filter(|l| l.starts_with("chance: draw")).count();
        let own_draws = record
            .lines()
            .collect::<Vec<_>>()
            .windows(2)
            .filter(|w| w[0].starts_with(&format!("{me}:")) && w[1].starts_with("chance: draw"))
            .count();
        assert_eq!(draws, own_draws);
        assert_eq!(mine.lines().filter(|l| l.contains(": play ")).count(), DECK);
    }
}
