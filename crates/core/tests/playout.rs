//! Informed playouts (`stadt_core::search::playout`): each policy picks moves by their values with
//! the frequencies it documents, the text of a policy is parsed back to it and bad text is
//! refused, and a playout plays by the game's move values, uniformly where it has none.

mod common;

use common::Countdown;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use stadt_core::game::{Game, Turn};
use stadt_core::search::mcts::Rollout;
use stadt_core::search::playout::{InformedRollout, Policy};

/// How often `policy` picks each of the moves of `values`, over `n` draws of a fixed generator.
fn shares(policy: Policy, values: &[f64], n: usize) -> Vec<f64> {
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let mut counts = vec![0usize; values.len()];
    for _ in 0..n {
        counts[policy.pick(values, &mut rng)] += 1;
    }
    counts.iter().map(|&c| c as f64 / n as f64).collect()
}

fn close(got: &[f64], want: &[f64]) {
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() < 0.01, "shares {got:?}, expected {want:?}");
    }
}

#[test]
fn each_policy_picks_with_the_frequencies_it_documents() {
    let n = 40_000;
    close(&shares(Policy::Random, &[0.0, 5.0, 1.0, 2.0], n), &[0.25; 4]);
    // The best moves only, ties halved.
    close(&shares(Policy::Greedy, &[1.0, 3.0, 3.0, 0.0], n), &[0.0, 0.5, 0.5, 0.0]);
    // A fifth of the moves uniform: the best gets 0.8 + 0.2 / 4.
    close(&shares(Policy::EpsilonGreedy(0.2), &[0.0, 5.0, 1.0, 2.0], n), &[0.05, 0.85, 0.05, 0.05]);
    // exp(v / T) normalised; large values do not overflow.
    let values = [1000.0, 1001.0, 1002.0];
    let z: f64 = [0.0f64, 0.5, 1.0].iter().map(|x| x.exp()).sum();
    let want: Vec<f64> = [0.0f64, 0.5, 1.0].iter().map(|x| x.exp() / z).collect();
    close(&shares(Policy::Softmax(2.0), &values, n), &want);
}

#[test]
fn a_policy_is_read_from_its_text_and_bad_text_is_refused() {
    for p in [
        Policy::Random,
        Policy::Greedy,
        Policy::EpsilonGreedy(0.1),
        Policy::Softmax(0.5),
        Policy::BestOf(4),
        Policy::SampleOf(2),
    ] {
        assert_eq!(Policy::parse(&p.text()), Ok(p));
    }
    for bad in [
        "best",
        "greedy:1",
        "eps:1.5",
        "eps:-0.1",
        "eps:x",
        "softmax:0",
        "softmax:-1",
        "softmax:inf",
        "best:0",
        "best:1001",
        "best:2.5",
        "best:x",
        "sample:0",
        "sample:1001",
        "sample",
    ] {
        let e = Policy::parse(bad).unwrap_err();
        assert!(e.contains(&format!("`{bad}`")), "{e}");
    }
}

/// Plays `game` to its end with `rollout` choosing every move; the winner.
fn play_out(mut game: Countdown, rollout: &mut InformedRollout<Countdown>, rng: &mut Pcg64Mcg) -> usize {
    while game.turn() != Turn::Over {
        let mv = rollout.choose(&game, rng);
        game.apply(mv);
    }
    game.winner.expect("a winner")
}

#[test]
fn a_playout_plays_by_the_move_values_and_uniformly_without_them() {
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    // From 10 the first player wins by always leaving a multiple of 4, which the values reward.
    let mut greedy = InformedRollout::new(Policy::Greedy);
    assert!((0..200).all(|_| play_out(Countdown::new(true), &mut greedy, &mut rng) == 0));
    // The same policy in the game without values plays uniformly: both players win sometimes.
    let wins = (0..400).filter(|_| play_out(Countdown::new(false), &mut greedy, &mut rng) == 0).count();
    assert!((100..300).contains(&wins), "{wins} of 400");
    let mut random = InformedRollout::new(Policy::Random);
    let wins = (0..400).filter(|_| play_out(Countdown::new(true), &mut random, &mut rng) == 0).count();
    assert!((100..300).contains(&wins), "{wins} of 400");
}

#[test]
fn best_of_k_values_k_uniform_draws_and_plays_the_best_of_them() {
    // From 10 the one move leaving a multiple of 4 (take 2) is among k of the three moves drawn
    // without replacement with probability k / 3, and then it is played.
    let game = Countdown::new(true);
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    for (k, want) in [(1u32, 1.0 / 3.0), (2, 2.0 / 3.0), (3, 1.0), (8, 1.0)] {
        let mut rollout = InformedRollout::new(Policy::BestOf(k));
        let n = 30_000;
        let hits = (0..n).filter(|_| rollout.choose(&game, &mut rng) == 2).count();
        let got = hits as f64 / n as f64;
        assert!((got - want).abs() < 0.015, "best:{k} took 2 in {got}, expected {want}");
    }
}
