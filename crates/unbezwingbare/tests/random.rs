//! Random games of 2 to 5 players end (by the rules or the turn limit, U75) and keep every
//! invariant at every step: stones and cards conserved, points the placed buildings' values,
//! knights per player 25, every listed move legal.

mod common;

use common::{invented, random_game, test_set};
use stadt_unbezwingbare::Options;

/// A shorter turn limit keeps the tests quick; games that end by the rules end well before.
fn opts(players: u8) -> Options {
    Options { turns: 300, ..Options::base(players) }
}

#[test]
fn u75_random_base_games_of_3_4_5_players_end_and_keep_the_invariants() {
    let mut ended_by_rules = 0;
    for players in 3..=5 {
        for seed in 0..12 {
            for mat in [test_set(), invented()] {
                let (s, _) = random_game(mat, opts(players), seed * 7 + u64::from(players));
                assert!(s.is_over());
                assert_ne!(s.winners, 0, "someone wins");
                if s.turns < 300 {
                    ended_by_rules += 1;
                }
            }
        }
    }
    eprintln!("ended by the rules: {ended_by_rules} of 72");
}

#[test]
fn u60_u9_u40_options_complete_round_bank_and_rounding_keep_the_invariants() {
    for players in 3..=5 {
        for seed in 0..6 {
            let mut o = opts(players);
            o.set("last_round", "complete").unwrap();
            o.set("bank", "160").unwrap();
            o.set("sell_rounding", "up").unwrap();
            let (s, _) = random_game(invented(), o, seed);
            assert!(s.is_over());
        }
    }
}

#[test]
fn u58_u59_two_player_variants_keep_the_invariants() {
    for tp in ["five_areas", "two_orders", "plain"] {
        for seed in 0..6 {
            let mut o = opts(2);
            o.set("two_player", tp).unwrap();
            let (s, _) = random_game(invented(), o, seed);
            assert!(s.is_over());
        }
    }
}

#[test]
fn u64_strategic_games_keep_the_invariants() {
    for players in 2..=5 {
        for seed in 0..6 {
            let mut o = opts(players);
            o.set("variant", "strategic").unwrap();
            let (s, _) = random_game(invented(), o, seed);
            assert!(s.is_over());
        }
    }
}

/// Random 4-player play on the invented set without the invariant checks: steps a second.
/// Run by hand: `cargo test --release -p stadt-unbezwingbare --test random speed -- --ignored --nocapture`.
#[test]
#[ignore]
fn speed_random_4_player_play() {
    use rand::RngExt;
    use stadt_core::game::{Game, Turn};
    use stadt_unbezwingbare::State;
    let mut r = common::rng(1);
    let mut buf = Vec::new();
    let start = std::time::Instant::now();
    let (mut steps, mut games) = (0u64, 0u64);
    let fresh = State::new(invented(), Options::base(4)).unwrap();
    while start.elapsed().as_secs_f64() < 3.0 {
        let mut s = fresh;
        loop {
            match s.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    s.resolve(&mut r);
                }
                Turn::Player(_) => {
                    Game::legal_moves(&s, &mut buf);
                    let m = buf[r.random_range(0..buf.len())];
                    s.apply(m);
                }
            }
            steps += 1;
        }
        games += 1;
    }
    let t = start.elapsed().as_secs_f64();
    eprintln!(
        "{:.0} steps/s, {:.0} games/s, {} bytes a state",
        steps as f64 / t,
        games as f64 / t,
        std::mem::size_of::<State>()
    );
}

/// Many random games under every rule set and both data sets. Run by hand:
/// `cargo test --release -p stadt-unbezwingbare --test random stress -- --ignored`.
#[test]
#[ignore]
fn stress_many_random_games() {
    let mut configs: Vec<Options> = Vec::new();
    for players in 2..=5u8 {
        configs.push(opts(players));
        let mut s = opts(players);
        s.set("variant", "strategic").unwrap();
        configs.push(s);
        let mut b = opts(players);
        b.set("bank", "160").unwrap();
        b.set("last_round", "complete").unwrap();
        configs.push(b);
    }
    for tp in ["two_orders", "plain"] {
        let mut o = opts(2);
        o.set("two_player", tp).unwrap();
        configs.push(o);
    }
    let mut games = 0;
    for (i, o) in configs.iter().enumerate() {
        for seed in 0..60 {
            for mat in [test_set(), invented()] {
                let (s, _) = random_game(mat, *o, seed * 1000 + i as u64);
                assert!(s.is_over());
                games += 1;
            }
        }
    }
    eprintln!("{games} games");
}
