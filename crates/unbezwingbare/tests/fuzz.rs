//! Any move a user can write is checked without a panic, and one the check lets through is in
//! the legal list and keeps the invariants; impossible chance outcomes are refused.

mod common;

use common::{invariants, invented, rng, test_set};
use rand::RngExt;
use stadt_core::game::{Game, Turn};
use stadt_unbezwingbare::{Move, Options, State};

/// An arbitrary move: any variant, any bytes (small ones more often, to hit legal values).
fn arbitrary(r: &mut impl RngExt) -> Move {
    let mut b = || if r.random_bool(0.7) { r.random_range(0..90u8) } else { r.random::<u8>() };
    let (x, y) = (b(), b());
    match x % 20 {
        0 => Move::StartArea(y),
        1 => Move::StopStart,
        2 => Move::TurnCards,
        3 => Move::Income(y),
        4 => Move::Sell(y),
        5 => Move::BuyPawned(y),
        6 => Move::BuyDrawn,
        7 => Move::SellMarket(y),
        8 => Move::BuyMarket(y),
        9 => Move::BuyArea(y),
        10 => Move::Place { card: y, area: x / 2 },
        11 => Move::Rebuild { card: y, area: x / 2 },
        12 => Move::BuyInfluence,
        13 => Move::Play { card: y % 40, target: if x > 100 { 255 } else { x % 6 } },
        14 => Move::EndPhase2,
        15 => Move::DropInfluence(y),
        16 => Move::PickArea(y),
        17 => Move::Discard(y),
        18 => Move::MoveBuilding { from: y, to: x },
        _ => Move::Pass,
    }
}

#[test]
fn any_move_is_checked_without_panic_and_a_passed_one_is_listed() {
    let mut buf = Vec::new();
    let (mut passed, mut steps_all) = (0, 0);
    for (seed, mat, opts) in [
        (1, test_set(), Options::base(3)),
        (2, invented(), Options::strategic(4)),
        (3, invented(), Options::base(5)),
    ] {
        let mut r = rng(seed);
        let mut s = State::new(mat, opts).unwrap();
        let mut steps = 0;
        while s.turn() != Turn::Over && steps < 6000 {
            steps += 1;
            for _ in 0..40 {
                let mv = arbitrary(&mut r);
                if s.check(mv).is_ok() {
                    passed += 1;
                    Game::legal_moves(&s, &mut buf);
                    let listed = buf.contains(&mv) || buf.iter().any(|m| same_kind(&s, *m, mv));
                    assert!(listed, "{mv:?} passes the check but is not listed");
                }
                assert!(!s.force(u64::from(r.random::<u32>()) + 300), "no such outcome");
            }
            match s.turn() {
                Turn::Chance => {
                    s.resolve(&mut r);
                }
                Turn::Player(_) => {
                    Game::legal_moves(&s, &mut buf);
                    s.apply(buf[r.random_range(0..buf.len())]);
                }
                Turn::Over => {}
            }
            invariants(&s);
        }
        steps_all += steps;
    }
    assert!(passed > 1000 && steps_all > 5000, "{passed} arbitrary moves passed in {steps_all} steps");
}

/// Whether two moves differ only in which card of one kind they name (the list names the lowest).
fn same_kind(s: &State, a: Move, b: Move) -> bool {
    let kind = |c: u8| s.mat.deck[usize::from(c) % 83].kind;
    match (a, b) {
        (Move::Sell(x), Move::Sell(y))
        | (Move::BuyPawned(x), Move::BuyPawned(y))
        | (Move::SellMarket(x), Move::SellMarket(y))
        | (Move::BuyMarket(x), Move::BuyMarket(y))
        | (Move::Discard(x), Move::Discard(y)) => kind(x) == kind(y),
        (Move::Place { card: x, area: p }, Move::Place { card: y, area: q })
        | (Move::Rebuild { card: x, area: p }, Move::Rebuild { card: y, area: q }) => {
            p == q && kind(x) == kind(y)
        }
        _ => false,
    }
}
