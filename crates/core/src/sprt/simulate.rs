//! Error rates by simulation, not games: many SPRTs on units drawn from distributions of known
//! Elo, to see how often each hypothesis is accepted and how many units a test takes. The
//! generalised SPRTs estimate nuisance parameters from the data, so Wald's alpha and beta hold only
//! approximately; this is how we check them.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::model::{
    PAIR_SCORES, Pentanomial, Settings, UnitScores, Verdict, logistic_score, pentanomial_t, verdict,
};

/// Result of `runs` simulated tests: how often H1 was accepted, mean units used, how often
/// max_units was hit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SimResult {
    /// Tests simulated.
    pub runs: u64,
    /// Tests that accepted H1.
    pub accept_h1: u64,
    /// Tests that accepted H0.
    pub accept_h0: u64,
    /// Tests stopped at `max_units` without a verdict.
    pub truncated: u64,
    /// Mean number of units a test used (truncated ones count `max_units`).
    pub mean_units: f64,
}

impl SimResult {
    /// The share of tests that accepted H1.
    pub fn h1_rate(&self) -> f64 {
        self.accept_h1 as f64 / self.runs as f64
    }

    /// The share of tests that accepted H0.
    pub fn h0_rate(&self) -> f64 {
        self.accept_h0 as f64 / self.runs as f64
    }
}

/// Runs `runs` tests, one after another on one generator: `step` adds one unit to the test's state
/// and returns its LLR.
fn simulate<S: Default>(
    s: &Settings,
    runs: u64,
    max_units: u64,
    seed: u64,
    mut step: impl FnMut(&mut S, &mut Pcg64Mcg) -> f64,
) -> SimResult {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut result = SimResult { runs, accept_h1: 0, accept_h0: 0, truncated: 0, mean_units: 0.0 };
    let mut units_total = 0u64;
    for _ in 0..runs {
        let mut state = S::default();
        let mut units = 0;
        let mut outcome = Verdict::Continue;
        while units < max_units && outcome == Verdict::Continue {
            units += 1;
            outcome = verdict(step(&mut state, &mut rng), s);
        }
        units_total += units;
        match outcome {
            Verdict::AcceptH1 => result.accept_h1 += 1,
            Verdict::AcceptH0 => result.accept_h0 += 1,
            Verdict::Continue => result.truncated += 1,
        }
    }
    result.mean_units = if runs == 0 { 0.0 } else { units_total as f64 / runs as f64 };
    result
}

/// Simulates `runs` SPRTs (seeded, rand_pcg::Pcg64Mcg::seed_from_u64(seed), reproducible), each
/// drawing pentanomial units i.i.d. from `probs` (five probabilities summing to 1) until a bound or
/// `max_units`. Panics if `probs` is not a distribution.
pub fn simulate_pentanomial(
    s: &Settings,
    probs: [f64; 5],
    runs: u64,
    max_units: u64,
    seed: u64,
) -> SimResult {
    check_distribution(&probs);
    let mut cumulative = [0.0; 5];
    let mut acc = 0.0;
    for (c, p) in cumulative.iter_mut().zip(probs) {
        acc += p;
        *c = acc;
    }
    cumulative[4] = f64::INFINITY; // rounding must not let a draw fall past the last bucket
    simulate(s, runs, max_units, seed, |counts: &mut Pentanomial, rng| {
        let u: f64 = rng.random();
        let bucket = cumulative.iter().position(|&c| u < c).unwrap_or(4);
        counts.0[bucket] += 1;
        counts.llr(s)
    })
}

/// The same with unit scores drawn from `draw(rng)` (the GSPRT).
pub fn simulate_units(
    s: &Settings,
    draw: &mut dyn FnMut(&mut Pcg64Mcg) -> f64,
    runs: u64,
    max_units: u64,
    seed: u64,
) -> SimResult {
    simulate(s, runs, max_units, seed, |scores: &mut UnitScores, rng| {
        scores.add(draw(rng));
        scores.llr(s)
    })
}

/// Panics unless `probs` are five non-negative finite numbers summing to 1 (within 1e-9).
fn check_distribution(probs: &[f64; 5]) {
    assert!(
        probs.iter().all(|p| p.is_finite() && *p >= 0.0) && (probs.iter().sum::<f64>() - 1.0).abs() <= 1e-9,
        "pentanomial probabilities must be non-negative and sum to 1, not {probs:?}"
    );
}

/// A pentanomial distribution whose normalized Elo is exactly `nelo`, from a base shape (for
/// example the one measured in real games) by exponential tilting: p_i ∝ base_i · exp(λ a_i), λ
/// found by root finding so that (mu − 1/2)/sigma matches the normalized score of `nelo`. The base
/// needs non-negative weights (any positive sum) on at least two buckets, with some weight above
/// the middle for a positive `nelo` and below it for a negative one; panics otherwise.
pub fn tilt_pentanomial(base: [f64; 5], nelo: f64) -> [f64; 5] {
    assert!(
        nelo.is_finite()
            && base.iter().all(|b| b.is_finite() && *b >= 0.0)
            && base.iter().filter(|b| **b > 0.0).count() >= 2,
        "cannot tilt {base:?} to nElo {nelo}: need a finite nElo and weights >= 0 on two buckets or more"
    );
    let t = pentanomial_t(nelo);
    // Logs of the weights, shifted by their maximum, so that exp never overflows.
    let tilted = |lambda: f64| {
        let logs = std::array::from_fn::<f64, 5, _>(|i| base[i].ln() + lambda * PAIR_SCORES[i]);
        let top = logs.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let w = logs.map(|l| (l - top).exp());
        let total: f64 = w.iter().sum();
        w.map(|x| x / total)
    };
    // (mu - 1/2) / sigma - t; sigma > 0 for finite lambda since two buckets have weight.
    let gap = |lambda: f64| {
        let p = tilted(lambda);
        let mu: f64 = (0..5).map(|i| p[i] * PAIR_SCORES[i]).sum();
        let var: f64 = (0..5).map(|i| p[i] * (PAIR_SCORES[i] - mu).powi(2)).sum();
        (mu - 0.5) / var.sqrt() - t
    };
    // As lambda grows the weight piles onto the top bucket (sigma -> 0): the normalized score
    // runs to +inf if that bucket is above the middle; mirrored for lambda -> -inf. Once all
    // weight sits in one bucket numerically the gap is NaN, which counts as not there yet.
    let below = |lambda: f64| gap(lambda) <= 0.0;
    let above = |lambda: f64| gap(lambda) >= 0.0;
    let (mut lo, mut hi) = (-1.0, 1.0);
    while !below(lo) {
        lo *= 2.0;
        assert!(lo > -1e12, "no tilt of {base:?} has nElo {nelo}");
    }
    while !above(hi) {
        hi *= 2.0;
        assert!(hi < 1e12, "no tilt of {base:?} has nElo {nelo}");
    }
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if !(mid > lo && mid < hi) {
            break;
        }
        if gap(mid) > 0.0 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    tilted(0.5 * (lo + hi))
}

/// One 4-player unit of known logistic Elo: the tested bot B against three copies of A in the four
/// seat rotations of a deck, i.e. 4 games x 3 opponents = 12 pairwise results, each independently
/// a tie with probability `tie`, else a win for B with probability w; returns their mean score.
/// w = (logistic_score(elo) - tie / 2) / (1 - tie), so that the expected unit score is exactly
/// logistic_score(elo) whatever the tie rate (panics if no w in [0, 1] does that, or tie is not
/// in [0, 1)). Real games correlate the three results of one game, which this model leaves out;
/// the GSPRT estimates the variance from the data either way.
pub fn four_player_unit(elo: f64, tie: f64, rng: &mut Pcg64Mcg) -> f64 {
    let score = logistic_score(elo);
    let win = (score - tie / 2.0) / (1.0 - tie);
    assert!(
        (0.0..1.0).contains(&tie) && (0.0..=1.0).contains(&win),
        "no 4-player unit has Elo {elo} with tie rate {tie}"
    );
    let mut total = 0.0;
    for _ in 0..12 {
        let u: f64 = rng.random();
        total += if u < tie {
            0.5
        } else if u < tie + (1.0 - tie) * win {
            1.0
        } else {
            0.0
        };
    }
    total / 12.0
}

#[cfg(test)]
mod tests {
    use super::super::model::pentanomial_nelo;
    use super::*;

    #[test]
    fn tilting_hits_the_normalized_elo() {
        let base = [0.05, 0.2, 0.5, 0.2, 0.05];
        for nelo in [-200.0, -5.0, 0.0, 0.3, 20.0, 400.0] {
            let p = tilt_pentanomial(base, nelo);
            assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
            assert!((pentanomial_nelo(p).unwrap() - nelo).abs() < 1e-9, "{nelo}: {p:?}");
        }
        let p = tilt_pentanomial([0.0, 1.0, 3.0, 0.0, 0.0], -30.0);
        assert!((pentanomial_nelo(p).unwrap() + 30.0).abs() < 1e-9 && p[0] == 0.0 && p[3] == 0.0);
        let p = tilt_pentanomial(base, 0.0);
        assert!((0..5).all(|i| (p[i] - base[i]).abs() < 1e-12), "a symmetric base is already at 0: {p:?}");
    }

    #[test]
    #[should_panic(expected = "no tilt")]
    fn tilting_cannot_go_where_the_base_has_no_weight() {
        tilt_pentanomial([1.0, 1.0, 1.0, 0.0, 0.0], 10.0);
    }

    #[test]
    fn four_player_units_have_the_right_mean() {
        let mut rng = Pcg64Mcg::seed_from_u64(3);
        let n = 20_000;
        let mean = (0..n).map(|_| four_player_unit(50.0, 0.2, &mut rng)).sum::<f64>() / n as f64;
        // sd of a unit <= 0.5 / sqrt(12), of the mean <= 0.001.
        assert!((mean - logistic_score(50.0)).abs() < 0.004, "{mean}");
    }

    #[test]
    fn simulations_are_reproducible_and_count_every_run() {
        let s = Settings::new(0.0, 30.0, 0.05, 0.05).unwrap();
        let probs = tilt_pentanomial([0.05, 0.2, 0.5, 0.2, 0.05], 30.0);
        let a = simulate_pentanomial(&s, probs, 40, 100_000, 9);
        assert_eq!(a, simulate_pentanomial(&s, probs, 40, 100_000, 9));
        assert_eq!(a.accept_h1 + a.accept_h0 + a.truncated, 40);
        let short = simulate_pentanomial(&s, probs, 10, 3, 9);
        assert_eq!((short.truncated, short.mean_units), (10, 3.0));
        let mut draw = |rng: &mut Pcg64Mcg| four_player_unit(0.0, 0.1, rng);
        let u = simulate_units(&s, &mut draw, 30, 100_000, 1);
        assert_eq!(u.accept_h1 + u.accept_h0 + u.truncated, 30);
    }
}
