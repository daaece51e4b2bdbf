//! Catan through the harness's adapter: records that replay to the same game, moves as text,
//! bad records named by line (never a panic), and whole games through the core's runner.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_catan::kind::{Catan, RecordHead};
use stadt_catan::moves::Move;
use stadt_catan::observation::Observation;
use stadt_catan::options::Options;
use stadt_catan::record::{move_text, parse_move, parse_options, replay};
use stadt_catan::state::State;
use stadt_core::agent::Agent;
use stadt_core::error::Error;
use stadt_core::kind::GameKind;
use stadt_core::runner::{Table, play};
use stadt_core::seat::{Seat, SeatAgent};
use std::sync::atomic::AtomicBool;

/// Plays a random game of `kind`, writing its record as the runner does.
fn recorded(kind: &Catan, players: usize, seed: u64) -> (State, String) {
    let mut s = kind.deal(players, seed).unwrap();
    let mut text = kind.record_header(&s, &RecordHead);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut buf = Vec::new();
    while !s.is_over() {
        if s.resolve_chance().is_some() {
            continue;
        }
        s.legal_moves(&mut buf);
        let mv = buf[rng.random_range(0..buf.len())];
        assert_eq!(parse_move(&move_text(mv)), Ok(mv), "{mv:?}");
        text.push_str(&kind.record_line(&s, mv));
        s.play(mv).unwrap();
    }
    (s, text)
}

fn kinds() -> [Catan; 3] {
    [
        Catan::new(Options::OFFICIAL),
        Catan::new(Options::CATANATRON),
        Catan::new(Options { player_trade: true, ..Options::OFFICIAL }),
    ]
}

#[test]
fn records_replay_to_the_same_game() {
    for (i, kind) in kinds().iter().enumerate() {
        for seed in 0..20 {
            let (s, text) = recorded(kind, 2 + (seed as usize % 3), seed + 100 * i as u64);
            let r = replay(&text).unwrap_or_else(|e| panic!("{e}\n{}", &text[..400]));
            assert_eq!(r, s);
        }
    }
}

#[test]
fn bad_records_name_the_line_and_never_panic() {
    let (_, text) = recorded(&kinds()[0], 4, 7);
    let lines: Vec<&str> = text.lines().collect();
    let with = |i: usize, l: &str| {
        let mut v = lines.clone();
        v[i] = l;
        v.join("\n")
    };
    assert_eq!(replay("stadt-record 1\nplayers 2\n").unwrap_err().line, 1, "a record of another game");
    assert_eq!(replay(&with(2, "options shortage=never")).unwrap_err().line, 3);
    assert_eq!(replay(&with(2, "options tiles=default")).unwrap_err().line, 3, "an option of another game");
    assert_eq!(replay(&with(6, "terrain ore ore")).unwrap_err().line, 7, "a malformed board");
    assert_eq!(replay(&with(4, "deck knight")).unwrap_err().line, 5);
    let first_move = 9;
    assert_eq!(replay(&with(first_move, "p1: settle 99")).unwrap_err().line, first_move + 1);
    assert_eq!(replay(&with(first_move, "p2: settle 0")).unwrap_err().line, first_move + 1, "not p2's turn");
    // The set-up road must touch the settlement just placed: an illegal move is named.
    let bad = with(first_move + 1, "p1: road 71");
    let e = replay(&bad).unwrap_err();
    assert_eq!(e.line, first_move + 2);
    assert!(e.reason.contains("C12"), "{e}");
    // Any line cut short or garbled: an error, never a panic.
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    for _ in 0..500 {
        let i = rng.random_range(0..lines.len());
        let l = lines[i];
        let cut = &l[..rng.random_range(0..=l.len())];
        let _ = replay(&with(i, cut));
        let _ = parse_move(cut);
    }
    assert!(parse_options("catanatron turns=0", Options::OFFICIAL).is_err());
    assert_eq!(parse_options("catanatron", Options::OFFICIAL).unwrap(), Options::CATANATRON);
}

struct RandomAgent;

impl Agent<Catan> for RandomAgent {
    fn act(&mut self, obs: &Observation<'_>, rng: &mut Pcg64Mcg) -> Move {
        let mut buf = Vec::new();
        obs.view().legal_moves(&mut buf);
        buf[rng.random_range(0..buf.len())]
    }
}

struct RandomSeat;

impl Seat<Catan> for RandomSeat {
    fn label(&self) -> &str {
        "random"
    }
    fn full(&self) -> String {
        "random".into()
    }
    fn clairvoyant(&self) -> bool {
        false
    }
    fn agent(&self, _agent_seed: u64, _seat: usize) -> Result<SeatAgent<Catan>, Error> {
        Ok(SeatAgent::Bot(Box::new(RandomAgent)))
    }
}

#[test]
fn games_run_through_the_core_runner_and_their_records_replay() {
    let kind = Catan::new(Options::OFFICIAL);
    let stop = AtomicBool::new(false);
    let head = RecordHead;
    let table = Table { kind: &kind, agent_seed: 3, chance_seed: 4, want_record: Some(&head), stop: &stop };
    let bots = [RandomSeat, RandomSeat, RandomSeat, RandomSeat];
    let mut columns = (Vec::new(), Vec::new());
    for seed in 0..10 {
        let game = kind.deal(4, seed).unwrap();
        let played = play(&table, &bots, game, &mut |_, _| {}).unwrap().unwrap();
        assert!(played.game.is_over());
        assert_eq!(replay(played.record.as_ref().unwrap()).unwrap(), played.game);
        let mut total = 0;
        for seat in 0..4 {
            kind.final_values(&played.game, seat, &mut columns.0, &mut columns.1);
            assert_eq!(columns.0.len(), kind.columns().sources.len());
            let sum: i32 = columns.0.iter().sum();
            assert_eq!(sum, played.game.points(stadt_catan::ids::Player(seat as u8)) as i32);
            total += sum;
        }
        assert!(total >= 10);
    }
    // Every seating of a deal plays the same board, deck and dice.
    assert_eq!(kind.deal(3, 9).unwrap(), kind.deal(3, 9).unwrap());
    assert_ne!(kind.deal(3, 9).unwrap().board(), kind.deal(3, 10).unwrap().board());
}

#[test]
fn the_public_record_leaves_out_the_cards_drawn() {
    let kind = Catan::new(Options::OFFICIAL);
    let mut s = kind.deal(4, 11).unwrap();
    let mut h = kind.history(4);
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    let mut buf = Vec::new();
    let mut bought = 0;
    while !s.is_over() {
        if s.resolve_chance().is_some() {
            continue;
        }
        kind.history_catch_up(&mut h, &s);
        s.legal_moves(&mut buf);
        let mv = buf[rng.random_range(0..buf.len())];
        bought += (mv == Move::Buy) as u32;
        kind.history_push(&mut h, &s, mv);
        s.play(mv).unwrap();
    }
    let text = kind.history_text(&h);
    assert!(bought > 0 && text.contains(": buy"));
    // Only the deal's public lines, dice and decisions (a card bought is `buy`, never its kind).
    for line in text.lines().skip(6) {
        let ok = line.strip_prefix("dice ").is_some_and(|n| n.parse::<u8>().is_ok())
            || line.split_once(": ").is_some_and(|(_, mv)| parse_move(mv).is_ok());
        assert!(ok, "`{line}` in the public record");
    }
    assert!(!text.contains("victory-point"));
    assert!(text.contains("dice "));
}
