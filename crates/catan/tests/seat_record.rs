//! A game rebuilt from the record a seat is shown (`stadt_catan::seat_record`, what `stadt
//! serve-bot` reads) shows that seat exactly the real game (C41): its whole view, the canonical
//! position `Observation::view` deals, is equal at every decision checked, under the official
//! rules and Catanatron's (3.2.1 and the current version), random discards and trading between players, and Städte und Ritter
//! with and without the club's house rules (K85).

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_catan::kind::Catan;
use stadt_catan::options::Options;
use stadt_catan::seat_record::seat_state;
use stadt_core::game::{Game, Turn};
use stadt_core::kind::GameKind;
use stadt_core::protocol::Spoken;

/// Plays random games of `kind` and checks every third decision's rebuilt view; the decisions
/// checked.
fn check(kind: &Catan, players: usize, seed: u64) -> usize {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = kind.deal(players, seed).unwrap();
    let mut history = kind.history(players);
    let (mut moves, mut texts) = (Vec::new(), Vec::new());
    let (mut step, mut checked) = (0, 0);
    loop {
        match game.turn() {
            Turn::Over => return checked,
            Turn::Chance => {
                Game::resolve_chance(&mut game, &mut rng);
            }
            Turn::Player(p) => {
                kind.history_catch_up(&mut history, &game);
                if step % 3 == 0 {
                    let record = {
                        let obs = kind.observe(&game, false, Some(kind.history_text(&history)));
                        Catan::decision(&obs, &mut moves, &mut texts).1.unwrap()
                    };
                    let rebuilt =
                        seat_state(&record, p).unwrap_or_else(|e| panic!("p{}: {e}\n{record}", p + 1));
                    assert!(
                        rebuilt.canonical(p) == game.canonical(p),
                        "{players} players, seed {seed}, p{}: the rebuilt game shows another view\n{record}",
                        p + 1
                    );
                    checked += 1;
                }
                step += 1;
                game.legal_moves(&mut moves);
                let mv = moves[rng.random_range(0..moves.len())];
                kind.history_push(&mut history, &game, mv);
                game.apply(mv);
            }
        }
    }
}

#[test]
fn c41_a_seat_rebuilt_from_its_record_sees_the_real_game() {
    for options in
        ["", "catanatron", "catanatron3_3", "player_trade=yes discard=random fresh_cards=yes win=any_time"]
    {
        let kind = Catan::new(Options::parse(options).unwrap());
        let mut checked = 0;
        for players in 2..=4 {
            for seed in 0..4 {
                checked += check(&kind, players, seed);
            }
        }
        assert!(checked > 1000, "{options}: {checked} decisions checked");
    }
}

#[test]
fn k85_a_seat_rebuilt_from_its_record_sees_the_real_game() {
    for options in ["game=knights", "game=knights house=cuxtan"] {
        let kind = Catan::new(Options::parse(options).unwrap());
        let mut checked = 0;
        for players in 3..=4 {
            for seed in 0..4 {
                checked += check(&kind, players, seed);
            }
        }
        assert!(checked > 1000, "{options}: {checked} decisions checked");
    }
}

#[test]
fn c41_a_seat_record_that_is_wrong_names_its_line() {
    let kind = Catan::new(Options::OFFICIAL);
    let game = kind.deal(2, 3).unwrap();
    let mut history = kind.history(2);
    kind.history_catch_up(&mut history, &game);
    let head = kind.history_text(&history).to_string();
    for (extra, says) in [
        ("p2: settle 0\n", "p2 moved, but it is p1's decision"),
        ("p1: settle 999\n", "line 7"),
        ("dice 13\n", "`13` is no roll"),
        ("p1 takes 2 ore\n", "neither a move"),
    ] {
        let err = seat_state(&format!("{head}{extra}"), 0).unwrap_err().to_string();
        assert!(err.contains(says), "{extra}: {err}");
    }
}
