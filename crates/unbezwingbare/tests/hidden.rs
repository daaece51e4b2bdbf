//! What each seat sees (U61, U76, N25): games equal in all a seat can see give it the same view,
//! samples keep all it sees, and its legal moves depend on nothing else.

mod common;

use common::{invariants, invented, rng, test_set};
use rand::RngExt;
use stadt_core::game::{Determinize, Game, Turn};
use stadt_unbezwingbare::observation::Observation;
use stadt_unbezwingbare::{Move, Options, State};

/// Random play for `steps` steps.
fn played(mat: &'static stadt_unbezwingbare::Material, opts: Options, seed: u64, steps: usize) -> State {
    let mut r = rng(seed);
    let mut s = State::new(mat, opts).unwrap();
    let mut buf = Vec::new();
    for _ in 0..steps {
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
    }
    s
}

#[test]
fn u76_games_equal_in_all_a_seat_sees_give_it_the_same_view() {
    let mut pairs = 0;
    for seed in 0..120 {
        let a = played(invented(), Options::base(4), seed, 100 + (seed as usize % 40) * 23);
        let viewer = 0u8;
        // Swap an unknown card of seat 1's hand with a card of the draw pile's first part.
        let hidden = a.hand[1] & !a.known[1];
        let part = a.pile.iter().position(|&p| p != 0);
        if let (true, Some(k)) = (hidden != 0, part) {
            let h = hidden.trailing_zeros();
            let p = a.pile[k].trailing_zeros();
            let mut b = a;
            b.hand[1] = (b.hand[1] & !(1u128 << h)) | 1u128 << p;
            b.pile[k] = (b.pile[k] & !(1u128 << p)) | 1u128 << h;
            assert_ne!(a, b);
            assert_eq!(a.view(viewer), b.view(viewer), "seed {seed}");
            assert_ne!(a.view(1), b.view(1), "seat 1 sees its own hand");
            pairs += 1;
        }
        // Swap an influence card of seat 2 with one of the influence pile.
        if a.influence[2] != 0 && a.influence_pile != 0 {
            let h = a.influence[2].trailing_zeros();
            let p = a.influence_pile.trailing_zeros();
            let mut b = a;
            b.influence[2] = (b.influence[2] & !(1 << h)) | 1 << p;
            b.influence_pile = (b.influence_pile & !(1 << p)) | 1 << h;
            assert_eq!(a.view(viewer), b.view(viewer));
            pairs += 1;
        }
    }
    assert!(pairs > 40, "enough pairs compared: {pairs}");
}

#[test]
fn u76_samples_keep_what_the_seat_sees_and_the_invariants() {
    for (seed, opts) in
        [(1, Options::base(3)), (2, Options::base(5)), (3, Options::strategic(4)), (4, Options::strategic(3))]
    {
        for steps in [50, 400, 2000] {
            let s = played(test_set(), opts, seed, steps);
            let mut r = rng(seed + 100);
            for viewer in 0..s.n {
                for _ in 0..5 {
                    let t = s.sample(viewer, &mut r);
                    invariants(&t);
                    let v = usize::from(viewer);
                    assert_eq!(t.hand[v], s.hand[v], "its own hand");
                    assert_eq!(t.influence[v], s.influence[v]);
                    assert_eq!(t.view(viewer), s.view(viewer), "the same game to it");
                    for q in 0..s.seats() {
                        assert_eq!(t.hand[q].count_ones(), s.hand[q].count_ones(), "hand sizes public");
                        assert_eq!(t.known[q] & t.hand[q], s.known[q], "known cards stay");
                        assert_eq!(t.influence[q].count_ones(), s.influence[q].count_ones());
                    }
                    assert_eq!(t.pile.map(|p| p.count_ones()), s.pile.map(|p| p.count_ones()));
                    assert_eq!((t.discard, t.pawnshop, t.building), (s.discard, s.pawnshop, s.building));
                }
            }
        }
    }
}

#[test]
fn u76_the_seat_to_decide_has_the_same_moves_in_its_view() {
    let mut buf = Vec::new();
    let mut seen = Vec::new();
    for seed in 0..6 {
        let mut r = rng(seed);
        let mut s = State::new(invented(), Options::strategic(4)).unwrap();
        for _ in 0..3000 {
            match s.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    s.resolve(&mut r);
                }
                Turn::Player(_) => {
                    Game::legal_moves(&s, &mut buf);
                    let o = Observation::new(&s);
                    Determinize::legal_moves(&o, &mut seen);
                    assert_eq!(buf, seen);
                    let m: Move = buf[r.random_range(0..buf.len())];
                    s.apply(m);
                }
            }
        }
    }
}

#[test]
fn u59_n19_under_two_orders_a_person_sees_both_his_orders_hands() {
    let mut o = Options::base(2);
    o.set("two_player", "two_orders").unwrap();
    let s = played(test_set(), o, 5, 200);
    let mut r = rng(9);
    for _ in 0..5 {
        let t = s.sample(0, &mut r);
        assert_eq!(t.hand[2], s.hand[2], "seat 2 is the same person's other order");
        assert_eq!(t.influence[2], s.influence[2]);
        invariants(&t);
    }
    assert!(s.sees_hand(1, 3) && !s.sees_hand(1, 2));
}

#[test]
fn u23_u66_u76_a_view_during_the_deal_keeps_the_cards_set_apart_for_the_draw_pile() {
    // Found by the picture's tests: under `periods` a view during the deal dealt the B and C cards
    // waiting apart as if they were A cards, and lost some; without it a sample could deal an
    // event into a hand.
    for opts in [Options::base(4), Options::strategic(4), Options::base(3), Options::strategic(5)] {
        for mat in [invented(), test_set()] {
            let mut s = State::new(mat, opts).unwrap();
            let mut r = rng(7);
            let mut dealt = 0;
            while s.stage == stadt_unbezwingbare::state::Stage::Deal {
                for viewer in 0..s.n {
                    let mut views = vec![s.view(viewer)];
                    views.extend((0..3).map(|_| s.sample(viewer, &mut r)));
                    for t in views {
                        invariants(&t);
                        assert_eq!(t.pile[1..], s.pile[1..], "the cards set apart stay apart");
                        assert_eq!(t.pile.map(|p| p.count_ones()), s.pile.map(|p| p.count_ones()));
                        for q in 0..s.seats() {
                            assert_eq!(t.hand[q] & s.pile[1], 0, "no card set apart in a hand");
                            assert_eq!(t.hand[q].count_ones(), s.hand[q].count_ones());
                        }
                        assert_eq!(t.hand[usize::from(viewer)], s.hand[usize::from(viewer)]);
                    }
                }
                s.resolve(&mut r);
                dealt += 1;
            }
            assert!(dealt >= 9, "the deal was walked through: {dealt} cards");
        }
    }
}
