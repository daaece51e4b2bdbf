//! T6, what a seat sees: games that differ only in what a seat cannot see give it equal
//! observations, pictures and decisions; samples of its view keep everything it sees and spread
//! the unseen cards uniformly.

mod common;

use common::{random_states, setups};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use stadt_core::agent::Agent;
use stadt_core::game::{Determinize, Game, Turn};
use stadt_core::kind::GameKind;
use stadt_core::search::playout::Policy;
use stadt_testgame::bots::{self, MctsBot};
use stadt_testgame::kind::Kartenspitze;
use stadt_testgame::observation::Observation;
use stadt_testgame::state::State;

/// Every decision of some random games with a twin that differs from it only in what the player
/// to act cannot see (the others' hands, the draw pile's order, who drew what).
fn twins() -> Vec<(State, State)> {
    let mut rng = Pcg64Mcg::seed_from_u64(6);
    let mut out = Vec::new();
    for (players, hand) in setups() {
        for seed in 0..5 {
            for s in random_states(players, hand, seed) {
                if let Turn::Player(p) = s.turn() {
                    out.push((s, s.sample(p, &mut rng)));
                }
            }
        }
    }
    out
}

#[test]
fn t6_hidden_parts_changed_leave_the_observation_the_same() {
    let pairs = twins();
    let differ = pairs.iter().filter(|(a, b)| a != b).count();
    assert!(differ * 2 > pairs.len(), "most twins differ: {differ} of {}", pairs.len());
    for (a, b) in &pairs {
        assert_eq!(Observation::new(a), Observation::new(b));
        let kind = Kartenspitze::new(a.options());
        assert_eq!(kind.observe(a, false, None), kind.observe(b, false, None));
    }
}

#[test]
fn t6_what_differs_in_sight_changes_the_observation() {
    // p1's own hand is its to see: dealt differently, the observation differs.
    let a = common::game(2, 3, &[1, 2, 3, 4, 5, 6]);
    let b = common::game(2, 3, &[1, 2, 4, 3, 5, 6]);
    assert_ne!(Observation::new(&a), Observation::new(&b));
    // p2's hand is not: p1 cannot tell these apart.
    let c = common::game(2, 3, &[1, 2, 3, 4, 5, 7]);
    assert_eq!(Observation::new(&a), Observation::new(&c));
}

#[test]
fn t6_an_observation_holds_the_own_hand_and_the_public_facts() {
    for (s, _) in twins() {
        let obs = Observation::new(&s);
        let me = s.actor();
        assert_eq!(obs.me(), me);
        assert_eq!(obs.players(), s.players());
        assert_eq!(obs.hand(), s.hand(me));
        assert_eq!(obs.top(), s.top());
        assert_eq!(obs.draw_left(), s.draw_left());
        assert!(obs.plays().eq(s.plays()));
        for p in 0..s.players() {
            assert_eq!(obs.score(p), s.score(p));
            assert_eq!(obs.hand_size(p), s.hand_size(p));
        }
        assert!(!obs.is_clairvoyant());
        assert_eq!(obs.history(), None);
    }
}

#[test]
fn t6_samples_keep_what_the_seat_sees() {
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    for (s, _) in twins().into_iter().step_by(7) {
        let obs = Observation::new(&s);
        for _ in 0..5 {
            let sample = obs.determinize(&mut rng);
            assert_eq!(Observation::new(&sample), obs);
            assert_eq!(sample.view(obs.me()), *obs.view());
            let mut into = s;
            obs.determinize_into(&mut into, &mut rng);
            assert_eq!(Observation::new(&into), obs);
        }
        assert_eq!(obs.public(), *obs.view());
        assert!(obs.is_public(obs.view()));
    }
}

#[test]
fn t6_samples_spread_the_unseen_cards_uniformly() {
    // p1 holds 1 2 3 (p2: 4 5 6); unseen by p1: 4 to 9 twice and p2's 4 5 6 once each: 15
    // cards, 3 of them in p2's hand. A value with k unseen copies lies in p2's hand k*3/15 times.
    let s = common::game(2, 3, &[1, 2, 3, 4, 5, 6]);
    let obs = Observation::new(&s);
    let mut rng = Pcg64Mcg::seed_from_u64(9);
    let n = 30_000;
    let mut held = [0u32; 10];
    let mut on_top = [0u32; 10];
    for _ in 0..n {
        let sample = obs.determinize(&mut rng);
        for v in 1..=9u8 {
            held[v as usize] += sample.hand(1).count(v) as u32;
        }
        let mut t = sample;
        t.apply(stadt_testgame::moves::Move(1));
        on_top[t.resolve_chance(&mut rng) as usize] += 1;
    }
    for v in 1..=9usize {
        let unseen = if v <= 3 { 1.0 } else { 2.0 };
        let mean = held[v] as f64 / n as f64;
        assert!((mean - unseen * 3.0 / 15.0).abs() < 0.015, "value {v}: {mean}");
        let top = on_top[v] as f64 / n as f64;
        assert!((top - unseen / 15.0).abs() < 0.01, "value {v} drawn first: {top}");
    }
}

#[test]
fn t6_a_clairvoyant_seat_samples_the_real_game() {
    let s = random_states(3, 3, 2)[5];
    let obs = Observation::clairvoyant(&s);
    assert!(obs.is_clairvoyant());
    assert_eq!(obs.determinize(&mut Pcg64Mcg::seed_from_u64(1)), s);
}

#[test]
fn t6_the_seat_picture_shows_no_hidden_card() {
    let kind = Kartenspitze::default();
    let seats = vec!["alice".to_string(), "bob".to_string()];
    let a = common::game(2, 3, &[1, 2, 3, 4, 5, 6]);
    let b = common::game(2, 3, &[1, 2, 3, 7, 8, 9]);
    let (pa, pb) = (
        kind.seat_picture(&kind.observe(&a, false, None), &seats),
        kind.seat_picture(&kind.observe(&b, false, None), &seats),
    );
    assert_eq!(pa, pb, "the seat cannot tell the games apart, nor can its picture");
    assert_ne!(kind.picture(&a, &seats), kind.picture(&b, &seats), "the full picture shows every hand");
    for (pic, hidden) in [(&pa, ">4<"), (&pa, ">5<"), (&pa, ">6<")] {
        assert!(!pic.contains(hidden), "p2's card {hidden} is shown");
    }
    for own in [">1<", ">2<", ">3<"] {
        assert!(pa.contains(own), "p1's own card {own} is shown");
    }
    assert!(pa.starts_with("<svg") && pa.trim_end().ends_with("</svg>"));
    assert!(pa.contains("alice") && pa.contains("bob"));
}

#[test]
fn t6_bots_decide_the_same_when_only_hidden_parts_differ() {
    for (a, b) in twins().into_iter().step_by(5) {
        let (oa, ob) = (Observation::new(&a), Observation::new(&b));
        for name in bots::NAMES {
            // The search with a small budget, so that the test stays quick.
            let make = || -> Box<dyn Agent<Kartenspitze>> {
                match name {
                    "mcts" => Box::new(MctsBot::new(60, bots::mcts::MCTS_C, Policy::Random)),
                    _ => bots::by_name(name).unwrap(),
                }
            };
            let (mut x, mut y) = (make(), make());
            let ma = x.act(&oa, &mut Pcg64Mcg::seed_from_u64(11));
            let mb = y.act(&ob, &mut Pcg64Mcg::seed_from_u64(11));
            assert_eq!(ma, mb, "{name}");
            assert!(a.is_legal(ma));
        }
    }
}

#[test]
fn t6_earlier_views_may_lead_to_later_ones_of_the_same_game() {
    let states = random_states(3, 3, 13);
    let views: Vec<Observation> = states
        .iter()
        .filter(|s| s.phase() == stadt_testgame::state::Phase::Play)
        .map(Observation::new)
        .collect();
    for (i, later) in views.iter().enumerate() {
        for earlier in &views[..=i] {
            assert!(later.may_lead_here(earlier.view()));
        }
        for after in &views[i + 1..] {
            assert!(!later.may_lead_here(after.view()), "a later position is not on the way");
        }
    }
    let other = random_states(3, 3, 14);
    let late = Observation::new(&other[other.len() - 2]);
    assert!(
        !views.last().unwrap().may_lead_here(late.view()),
        "another game's plays are not a beginning of this one's"
    );
}

#[test]
fn t6_a_view_forgets_who_drew_what() {
    for (players, hand) in setups() {
        let states = random_states(players, hand, 17);
        let dealt: Vec<_> = (0..players).map(|p| states[0].hand(p)).collect();
        for s in &states {
            for (p, &hand) in dealt.iter().enumerate() {
                assert_eq!(s.dealt_hand(p), Some(hand), "the real game knows every deal");
            }
            let view = s.view(s.actor());
            if s.draw_left() < states[0].draw_left() && s.phase() == stadt_testgame::state::Phase::Play {
                assert_eq!(view.drawn_since_move(), None, "the last draw was another seat's");
                let drew = (0..players).filter(|&p| view.dealt_hand(p).is_none()).count();
                assert!(drew >= 1, "a seat that drew has no dealt hand in a view");
            }
        }
    }
}
