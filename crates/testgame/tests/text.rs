//! Moves, chance outcomes and options as text: every one round-trips, and what cannot be read
//! is an error naming the input.

use stadt_core::options::{OptionsError, Values};
use stadt_testgame::moves::{Chance, Hand, Move};
use stadt_testgame::options::Options;
use stadt_testgame::text::ParseError;

#[test]
fn moves_round_trip() {
    for v in 1..=9 {
        let mv = Move(v);
        assert_eq!(mv.to_string(), format!("play {v}"));
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
    }
    assert_eq!("  play   4 ".parse::<Move>(), Ok(Move(4)), "spaces around words do not matter");
}

#[test]
fn chance_outcomes_round_trip() {
    for v in 1..=9 {
        let c = Chance::Draw(v);
        assert_eq!(c.to_string(), format!("draw {v}"));
        assert_eq!(c.to_string().parse::<Chance>(), Ok(c));
    }
    for seat in 0..4 {
        for cards in [&[1, 1][..], &[9, 2, 5], &[3, 3, 4, 8, 8]] {
            let c = Chance::Deal { seat, hand: Hand::of(cards) };
            assert_eq!(c.to_string().parse::<Chance>(), Ok(c), "{c}");
        }
    }
    assert_eq!(Chance::Deal { seat: 1, hand: Hand::of(&[9, 2, 5]) }.to_string(), "deal p2 2 5 9");
}

#[test]
fn a_bad_move_names_the_input() {
    for (input, what) in [
        ("play 0", ParseError::Card { input: "play 0".into(), word: "0".into() }),
        ("play 10", ParseError::Card { input: "play 10".into(), word: "10".into() }),
        ("play x", ParseError::Card { input: "play x".into(), word: "x".into() }),
        ("jump 3", ParseError::Move { input: "jump 3".into() }),
        ("play", ParseError::Move { input: "play".into() }),
        ("play 3 4", ParseError::Move { input: "play 3 4".into() }),
    ] {
        let e = input.parse::<Move>().unwrap_err();
        assert_eq!(e, what);
        assert!(e.to_string().contains(&format!("`{input}`")), "{e}");
    }
}

#[test]
fn a_bad_chance_outcome_names_the_input() {
    for (input, what) in [
        ("draw 11", ParseError::Card { input: "draw 11".into(), word: "11".into() }),
        ("deal p5 1 2", ParseError::Seat { input: "deal p5 1 2".into(), word: "p5".into() }),
        ("deal x 1 2", ParseError::Seat { input: "deal x 1 2".into(), word: "x".into() }),
        ("deal p1", ParseError::Chance { input: "deal p1".into() }),
        ("roll 6", ParseError::Chance { input: "roll 6".into() }),
    ] {
        let e = input.parse::<Chance>().unwrap_err();
        assert_eq!(e, what);
        assert!(e.to_string().contains(&format!("`{input}`")), "{e}");
    }
}

#[test]
fn options_round_trip_and_name_what_is_wrong() {
    assert_eq!(Options::parse("").unwrap(), Options::default());
    assert_eq!(Options::default().hand, 3);
    for hand in 2..=5 {
        let o = Options { hand };
        assert_eq!(Options::parse(&o.text()).unwrap(), o);
    }
    assert_eq!(Options::parse("hand=4 hand=4").unwrap(), Options { hand: 4 }, "the same twice is fine");
    assert_eq!(
        Options::parse("hand=4 hand=5"),
        Err(OptionsError::Repeated { name: "hand", rule: "T2", first: "4".into(), second: "5".into() })
    );
    let e = Options::parse("cards=4").unwrap_err();
    assert_eq!(
        e,
        OptionsError::Unknown { game: "kartenspitze".into(), name: "cards".into(), options: vec!["hand"] }
    );
    assert_eq!(e.to_string(), "`cards` is no option of kartenspitze: its options are hand");
    // A value quoted needlessly reads the same; commas separate words as blanks do.
    assert_eq!(Options::parse("hand=\"4\"").unwrap(), Options { hand: 4 });
    assert_eq!(Options::parse(" ,hand=4,, hand=\"4\" ").unwrap(), Options { hand: 4 });
    let e = Options::parse("hand").unwrap_err();
    assert!(e.to_string().contains("`hand` is not name=value"), "{e}");
    let e = Options::parse("hand=9").unwrap_err();
    assert_eq!(
        e,
        OptionsError::BadValue {
            name: "hand",
            rule: "T2",
            value: "9".into(),
            values: Values::Whole { min: 2, max: 5 }
        }
    );
    assert_eq!(
        e.to_string(),
        "`hand=9`: `9` is no value of option `hand` (T2): it takes a whole number from 2 to 5"
    );
}
