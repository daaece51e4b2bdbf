//! Random games of Städte und Ritter, official and `house=cuxtan`, 3 and 4 players, checked at
//! every step: every listed move passes `check`, cards, pieces, knights and progress cards are
//! conserved, points are K84's, and every game ends.

use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_catan::ids::Player;
use stadt_catan::knights::cards::KINDS;
use stadt_catan::knights::tracks::Track;
use stadt_catan::moves::{Move, Phase};
use stadt_catan::options::Options;
use stadt_catan::record::{end_lines, header, move_text, parse_move, record_lines, replay};
use stadt_catan::state::State;
use stadt_testkit::catan_knights::assert_conserved;

/// Counts over the games, to show that the rules were reached.
#[derive(Default, Debug)]
struct Seen {
    games: u32,
    won: u32,
    attacks: u32,
    cities_lost: u32,
    metropolises: u32,
    knights_moved: u32,
    displaced: u32,
    chased: u32,
    put_back: u32,
    aqueduct: u32,
    defender_decks: u32,
    walls: u32,
    /// Progress cards played, by kind (`KINDS` order).
    played: [u32; 25],
}

fn play(options: Options, players: usize, seed: u64, seen: &mut Seen) {
    let mut s = State::deal(players, options, seed).expect("a deal");
    let mut record = header(&s);
    record.push('\n');
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0xC0FFEE);
    let mut moves = Vec::new();
    let mut steps = 0u32;
    while !s.is_over() {
        steps += 1;
        assert!(steps < 200_000, "seed {seed}: the game does not end");
        if s.phase().is_chance() {
            let before = s.ship().attacks;
            s.resolve_chance().expect("an outcome");
            seen.attacks += (s.ship().attacks - before) as u32;
            assert_conserved(&s, seed);
            continue;
        }
        s.legal_moves(&mut moves);
        assert!(!moves.is_empty(), "seed {seed}: no move at {:?}", s.phase());
        for &mv in &moves {
            assert_eq!(s.check(mv), Ok(()), "seed {seed}: {mv:?} listed at {:?}", s.phase());
        }
        // Random play that ends its turns now and then rather than trading forever.
        let mv = if s.phase() == Phase::Main && moves.contains(&Move::End) && rng.random_bool(0.3) {
            Move::End
        } else {
            let building: Vec<Move> =
                moves.iter().copied().filter(|m| !matches!(m, Move::Exchange(..))).collect();
            if !building.is_empty() && rng.random_bool(0.8) {
                *building.choose(&mut rng).unwrap()
            } else {
                *moves.choose(&mut rng).unwrap()
            }
        };
        assert_eq!(parse_move(&move_text(mv)), Ok(mv), "seed {seed}: {mv:?} as text");
        let held = s.progress_cards(s.current()).to_owned();
        match mv {
            Move::LoseCity(_) => seen.cities_lost += 1,
            Move::Metropolis(_) => seen.metropolises += 1,
            Move::MoveKnight(_, to) => {
                seen.knights_moved += 1;
                seen.displaced += s.knight(to).is_some() as u32;
            }
            Move::Chase(_) => seen.chased += 1,
            Move::PutBack(_) => seen.put_back += 1,
            Move::Aqueduct(_) => seen.aqueduct += 1,
            Move::DefenderDeck(_) => seen.defender_decks += 1,
            Move::Wall(_) => seen.walls += 1,
            _ => {}
        }
        record.push_str(&record_lines(&s, mv));
        let on_turn = s.current();
        s.play(mv).unwrap_or_else(|e| panic!("seed {seed}: {mv:?}: {e}"));
        if !matches!(mv, Move::PutBack(_)) {
            for (k, (&was, &now)) in held.iter().zip(s.progress_cards(on_turn)).enumerate() {
                seen.played[k] += was.saturating_sub(now) as u32;
            }
        }
        assert_conserved(&s, seed);
        for p in 0..players {
            let p = Player(p as u8);
            for t in Track::ALL {
                assert!(s.level(p, t) <= 5);
            }
        }
    }
    // The record replays to the same game: every move and chance outcome checked.
    record.push_str(&end_lines(&s));
    let replayed = replay(&record).unwrap_or_else(|e| panic!("seed {seed}: the record: {e}"));
    assert!(replayed.same_game(&s), "seed {seed}: the record replays to another game");
    seen.games += 1;
    if let Some(w) = s.winner() {
        seen.won += 1;
        assert!(s.points(w) >= 13, "seed {seed}: K2 the winner has 13 points");
    }
}

#[test]
fn k_random_games_of_staedte_und_ritter_keep_every_count_and_end() {
    let mut seen = Seen::default();
    let games: u64 = if cfg!(debug_assertions) { 40 } else { 400 };
    for seed in 0..games {
        let options = if seed.is_multiple_of(2) { Options::KNIGHTS } else { Options::CUXTAN };
        play(options, 3 + !seed.is_multiple_of(3) as usize, seed, &mut seen);
    }
    eprintln!("{seen:?}");
    for (k, &n) in seen.played.iter().enumerate() {
        let victory_point = matches!(KINDS[k].3, "printer" | "constitution");
        assert!(victory_point || n > 0 || cfg!(debug_assertions), "{} never played", KINDS[k].3);
    }
    assert_eq!(seen.games, games as u32);
    assert!(seen.won > 0 && seen.attacks > 0 && seen.cities_lost > 0 && seen.knights_moved > 0, "{seen:?}");
}
