//! The engine as the core plays it: random games end for every set-up, a clone is its source,
//! the legal moves are the legal ones, and the move values order the moves as T3 scores them.

mod common;

use common::{random_states, setups};
use stadt_core::game::{Game, Turn};
use stadt_testgame::moves::Move;
use stadt_testgame::state::State;

#[test]
fn random_games_end_for_every_setup() {
    for (players, hand) in setups() {
        for seed in 0..200 {
            let states = random_states(players, hand, seed);
            assert_eq!(
                states.last().unwrap().turn(),
                Turn::Over,
                "{players} players, hand {hand}, seed {seed}"
            );
            let total: u32 = (0..players).map(|p| states.last().unwrap().score(p)).sum();
            assert!(total <= 90, "no more than the deck's points");
        }
    }
}

#[test]
fn progress_grows_by_one_per_card_played() {
    let states = random_states(3, 4, 9);
    for w in states.windows(2) {
        assert!(w[1].progress() >= w[0].progress());
        assert!(w[1].progress() <= w[0].progress() + 1);
    }
    assert_eq!(states.last().unwrap().progress(), 18);
}

#[test]
// The state is `Copy`; what is tested here is its `Clone`, which the core's search calls.
#[allow(clippy::clone_on_copy)]
fn clone_equals_source() {
    for (players, hand) in setups() {
        for s in random_states(players, hand, 3) {
            let c = s.clone();
            assert_eq!(c, s);
            let mut into = State::deal(2, Default::default(), 0).unwrap();
            into.clone_from(&s);
            assert_eq!(into, s);
        }
    }
}

#[test]
fn legal_moves_are_the_cards_in_hand_and_only_they() {
    let mut buf = Vec::new();
    for s in random_states(4, 3, 21) {
        s.legal_moves(&mut buf);
        let legal: Vec<Move> = (0..=10).map(Move).filter(|&m| s.is_legal(m)).collect();
        assert_eq!(buf, legal);
        if let Turn::Player(p) = s.turn() {
            let mut values: Vec<u8> = s.hand(p).values().collect();
            values.dedup();
            assert_eq!(buf, values.into_iter().map(Move).collect::<Vec<_>>());
        } else {
            assert!(buf.is_empty(), "no moves at a draw or at the end");
        }
    }
}

#[test]
fn move_values_score_what_t3_scores() {
    let (mut moves, mut values) = (Vec::new(), Vec::new());
    for s in random_states(3, 3, 8).into_iter().filter(|s| matches!(s.turn(), Turn::Player(_))) {
        s.legal_moves(&mut moves);
        assert!(s.move_values(&moves, &mut values));
        for (&mv, &v) in moves.iter().zip(&values) {
            let mut after = s;
            let p = s.actor();
            after.apply(mv);
            let gained = (after.score(p) - s.score(p)) as f64;
            // A card that scores is worth its points; one that scores nothing costs its value.
            assert_eq!(v, if gained > 0.0 { gained } else { -(mv.card() as f64) });
        }
    }
}

#[test]
fn a_draw_is_forced_to_any_card_left_in_the_pile() {
    let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(4);
    for s in random_states(2, 3, 30).into_iter().filter(|s| s.turn() == Turn::Chance) {
        let drawer = s.actor();
        let mut top = s;
        let drawn = top.resolve_chance(&mut rng) as u8;
        assert_eq!(top.hand(drawer).count(drawn), s.hand(drawer).count(drawn) + 1);
        for card in 1..=9u8 {
            // In the pile unless the deck's two are in the hands or played.
            let elsewhere = (0..2).map(|p| s.hand(p).count(card)).sum::<u8>()
                + s.played().iter().filter(|&&c| c == card).count() as u8;
            let in_pile = elsewhere < 2;
            let (mut forced, mut resolved) = (s, s);
            assert_eq!(forced.force_chance(card as u64), in_pile, "card {card}");
            assert_eq!(resolved.resolve_chance_as(card as u64, &mut rng), in_pile.then_some(card as u64));
            if in_pile {
                assert_eq!(forced.hand(drawer).count(card), s.hand(drawer).count(card) + 1);
                assert_eq!(resolved.hand(drawer), forced.hand(drawer));
            } else {
                assert_eq!(resolved, s, "a refused outcome leaves the game as it was");
            }
        }
    }
}
