//! The bots' building blocks (docs/unbezwingbare/bots.md): the documented value, the greedy
//! choice on the seat's view only (U76), the greedy above random in 4-player games on the same
//! deals, and the core's search over the observation with the value at its leaves.
//! The long runs are `examples/duel.rs`.

mod common;
#[path = "common/duel.rs"]
mod duel;

use common::{invented, rng, test_set};
use duel::{Bot, rotate, search_spec};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use stadt_core::game::{Game, Turn};
use stadt_unbezwingbare::greedy::{Greedy, greedy_move};
use stadt_unbezwingbare::state::bits64;
use stadt_unbezwingbare::value::{WEIGHTS, Weights, leaf_scores, position_value, raw_value};
use stadt_unbezwingbare::{Move, NOBODY, Options, State};

/// Plays greedy against greedy from deal `deal` until `stop` says so; the state there.
fn greedy_until(
    mat: &'static stadt_unbezwingbare::Material,
    deal: u64,
    stop: impl Fn(&State) -> bool,
) -> State {
    let mut chance = rng(deal);
    let mut r = Pcg64Mcg::seed_from_u64(deal);
    let mut g = Greedy::default();
    let mut s = State::new(mat, Options::base(4)).unwrap();
    loop {
        match s.turn() {
            Turn::Over => return s,
            Turn::Chance => {
                s.resolve(&mut chance);
            }
            Turn::Player(p) => {
                if stop(&s) {
                    return s;
                }
                let m = g.choose(&s.view(p as u8), p as u8, &mut r);
                s.apply(m);
            }
        }
    }
}

#[test]
fn u76_the_greedy_decides_alike_in_games_that_look_alike_to_its_seat() {
    // Pairs of games equal in all the seat sees and different in the rest (samples of the
    // seat's view): the same move, the same values, for every decision of a few games.
    let mut pairs = 0;
    for deal in 0..4 {
        for mat in [invented(), test_set()] {
            let mut chance = rng(deal);
            let mut r = Pcg64Mcg::seed_from_u64(deal);
            let mut g = Greedy::default();
            let mut s = State::new(mat, Options::base(4)).unwrap();
            while !s.is_over() {
                match s.turn() {
                    Turn::Chance => {
                        s.resolve(&mut chance);
                    }
                    _ => {
                        let p = s.decider().unwrap();
                        let other = s.sample(p, &mut r);
                        let (mut a, mut b) = (Pcg64Mcg::seed_from_u64(9), Pcg64Mcg::seed_from_u64(9));
                        let w = Weights::default();
                        let (mut m1, mut m2, mut v1, mut v2) =
                            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
                        let x = greedy_move(&s.view(p), p, &w, &mut m1, &mut v1, &mut a);
                        let y = greedy_move(&other.view(p), p, &w, &mut m2, &mut v2, &mut b);
                        assert_eq!(x, y, "deal {deal}: the same move in games that look alike");
                        assert_eq!(v1, v2, "deal {deal}: the same values");
                        assert_eq!(raw_value(&s.view(p), p, &w), raw_value(&other.view(p), p, &w));
                        pairs += 1;
                        let m = g.choose(&s.view(p), p, &mut r);
                        s.apply(m);
                    }
                }
            }
        }
    }
    assert!(pairs > 500, "{pairs} decisions compared");
}

#[test]
fn u1_greedy_above_random_in_4_player_games_on_the_same_deals() {
    // 10 deals, greedy in each seat in turn, random in the three others: 40 games. The big
    // figure (4,000 games) is docs/unbezwingbare/bots.md's.
    let t = rotate(invented(), Options::base(4), 0..10, Bot::greedy, || Bot::Random, |_, _| {});
    assert_eq!(t.games, 40);
    assert!(t.rate() >= 0.8, "greedy won {:.3} of 40 games against random", t.rate());
}

#[test]
fn u1_greedy_above_random_on_the_test_data_set_too() {
    let t = rotate(test_set(), Options::base(4), 100..105, Bot::greedy, || Bot::Random, |_, _| {});
    assert!(t.rate() >= 0.8, "greedy won {:.3} of 20 games against random", t.rate());
}

#[test]
fn u51_u47_placing_a_building_adds_its_points_and_the_best_placement_raises_the_value() {
    // The first placement of the greedy in a game: its value rises with the points.
    let s = greedy_until(invented(), 3, |s| {
        let mut m = Vec::new();
        s.legal_moves(&mut m);
        m.iter().any(|m| matches!(m, Move::Place { .. }))
    });
    let p = s.decider().unwrap();
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    let w = Weights::default();
    let before = raw_value(&s, p, &w);
    let mut best = f64::NEG_INFINITY;
    for &m in &moves {
        if let Move::Place { card, .. } = m {
            let mut t = s;
            t.apply(m);
            assert_eq!(t.points(p), s.points(p) + u16::from(s.card(card).price));
            best = best.max(raw_value(&t, p, &w));
        }
    }
    // Some placement is worth it (not every one: a cheap card may take the area a dearer card
    // the stones can pay was ready for, `w_ready`).
    assert!(best > before, "the best placement {best} against {before}");
}

#[test]
fn u34_stones_above_five_count_less_than_stones_up_to_five() {
    let s = greedy_until(invented(), 5, |s| s.stage == stadt_unbezwingbare::state::Stage::Phase2);
    let p = s.decider().unwrap();
    // The stones also pay for the cards ready to place (`w_ready`): that term aside.
    let w = Weights { ready: 0.0, ..Weights::default() };
    let at = |k: u16| {
        let mut t = s;
        t.stones[usize::from(p)] = k;
        raw_value(&t, p, &w)
    };
    let low = at(4) - at(3);
    let high = at(9) - at(8);
    assert!((low - w.stones).abs() < 1e-9, "a stone up to 5: {low}");
    assert!((high - w.excess).abs() < 1e-9, "a stone above 5 (taxed, U34): {high}");
}

#[test]
fn u2_a_game_won_is_worth_the_win_and_values_stay_in_bounds() {
    let s = greedy_until(invented(), 7, |_| false);
    assert!(s.is_over());
    let w = Weights::default();
    let mut scores = vec![0.0; 4];
    leaf_scores(&s, &w, &mut scores);
    for p in 0..4u8 {
        let v = position_value(&s, p, &w);
        assert!((0.0..=1.0).contains(&v));
        let won = s.winners & (1 << p) != 0;
        assert_eq!(won, v > 0.5, "seat {p}: won {won}, value {v}");
    }
}

#[test]
fn the_weights_are_set_by_name_within_their_bounds() {
    let mut w = Weights::default();
    assert_eq!(w.pairs().len(), WEIGHTS.len());
    for &(name, default, lo, hi, help) in WEIGHTS {
        assert!(lo <= default && default <= hi && !help.is_empty(), "{name}");
        assert_eq!(w.field(name).copied(), Some(default));
    }
    assert!(w.set("w_points", 12.0).is_ok());
    assert_eq!(w.points, 12.0);
    assert!(w.set("w_points", -1.0).unwrap_err().contains("w_points"));
    assert!(w.set("w_nothing", 1.0).unwrap_err().contains("w_income"));
    assert_eq!(Weights::from_pairs([("w_income", 3.0)]).unwrap().income, 3.0);
}

#[test]
fn u28_the_greedy_takes_start_areas_within_the_limits() {
    // Every seat ends the choosing with 2 or 3 areas worth at most 10 dots, none bordering.
    let s =
        greedy_until(invented(), 11, |s| s.stage != stadt_unbezwingbare::state::Stage::Start && s.turns > 0);
    for p in 0..4 {
        let own = s.owned[p];
        let dots: u32 = bits64(own).map(|a| u32::from(s.mat.price[usize::from(a)])).sum();
        assert!(own.count_ones() >= 2, "seat {p}: {} start areas", own.count_ones());
        assert!(dots <= 10 || s.turns > 1, "seat {p}: {dots} dots");
    }
    assert!(s.building.iter().any(|&b| b != NOBODY) || s.turns <= 1);
}

#[test]
fn the_search_plays_legal_moves_against_the_greedy_over_its_observation() {
    // A small budget: a whole game, the search in seat 0 (its leaves judged by the value, its
    // playouts greedy), three greedy seats; every move it chooses is legal in the real game.
    let spec = search_spec(40, 0, 30, Some(0.1));
    let mut bots = vec![Bot::search(spec), Bot::greedy(), Bot::greedy(), Bot::greedy()];
    let o = duel::play(invented(), Options::base(4), 2, &mut bots);
    assert!(o.decisions[0] > 10);
    assert!((o.shares.iter().sum::<f64>() - 1.0).abs() < 1e-9);
}

#[test]
fn u76_the_standard_search_plays_a_game_on_its_observation_only() {
    // `search::Search::standard`, as the plug-in wraps it, at a small budget in seat 1; the
    // greedy in the others. Every move it returns is legal in the real game.
    use stadt_unbezwingbare::observation::Observation;
    use stadt_unbezwingbare::search::Search;
    let mut search = Search::standard(30, 0);
    let mut g = Greedy::default();
    let mut chance = rng(4);
    let mut r = Pcg64Mcg::seed_from_u64(4);
    let mut s = State::new(invented(), Options::base(4)).unwrap();
    let mut decisions = 0;
    while !s.is_over() {
        match s.turn() {
            Turn::Chance => {
                s.resolve(&mut chance);
            }
            _ => {
                let p = s.decider().unwrap();
                let m = if p == 1 {
                    decisions += 1;
                    search.choose(&Observation::new(&s), &mut r)
                } else {
                    g.choose(&s.view(p), p, &mut r)
                };
                assert_eq!(s.check(m), Ok(()), "{m:?}");
                s.apply(m);
            }
        }
    }
    assert!(decisions > 10);
}
