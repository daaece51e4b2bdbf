//! The statistics of a test: settings and bounds, the pentanomial normalized-Elo LLR, the GSPRT
//! on unit scores, estimates with intervals, and the verdict. The formulas are in the module doc
//! of the harness's `sprt` module.

use crate::stats::Z95;

/// Which statistic a test uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Model {
    /// Pentanomial counts of 2-player pairs, hypotheses in normalized Elo (fastchess's default).
    #[default]
    Pentanomial,
    /// Unit scores in [0, 1], GSPRT of a normal model, hypotheses in logistic Elo.
    Gsprt,
}

impl Model {
    /// The model's name on the command line and in files: "pentanomial" or "gsprt".
    pub fn name(self) -> &'static str {
        match self {
            Model::Pentanomial => "pentanomial",
            Model::Gsprt => "gsprt",
        }
    }

    /// The model of a name from [`Model::name`].
    pub fn parse(name: &str) -> Result<Model, String> {
        match name {
            "pentanomial" => Ok(Model::Pentanomial),
            "gsprt" => Ok(Model::Gsprt),
            other => Err(format!("--model {other}: must be pentanomial or gsprt")),
        }
    }
}

/// The test's settings: hypotheses in Elo and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Elo under H0 (normalized Elo for the pentanomial model, logistic for the GSPRT).
    pub elo0: f64,
    /// Elo under H1, above `elo0`.
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

/// The largest |Elo| a hypothesis may have; more means nothing in practice (1000 logistic Elo is
/// an expected score of 0.997).
pub const MAX_ELO: f64 = 1000.0;

impl Settings {
    /// Checks elo0 < elo1 (both finite, within [-1000, 1000]), 0 < alpha < 0.5, 0 < beta < 0.5;
    /// Err(message naming the flag, e.g. "--elo0 5 must be below --elo1 2", "--alpha 0.7: must
    /// lie strictly between 0 and 0.5").
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Settings, String> {
        for (flag, elo) in [("--elo0", elo0), ("--elo1", elo1)] {
            // The negated form also catches NaN.
            if !(elo.is_finite() && elo.abs() <= MAX_ELO) {
                return Err(format!("{flag} {elo}: must be a finite number within [-1000, 1000]"));
            }
        }
        if elo0 >= elo1 {
            return Err(format!("--elo0 {elo0} must be below --elo1 {elo1}"));
        }
        for (flag, rate) in [("--alpha", alpha), ("--beta", beta)] {
            if !(rate > 0.0 && rate < 0.5) {
                return Err(format!("{flag} {rate}: must lie strictly between 0 and 0.5"));
            }
        }
        Ok(Settings { elo0, elo1, alpha, beta })
    }

    /// (lower, upper) = (ln(beta / (1 - alpha)), ln((1 - beta) / alpha)).
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }
}

/// The pair scores of the pentanomial buckets as fractions of the pair's 2 points.
pub const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// What an empty pentanomial bucket counts in the LLR (fastchess's `regularize`): a little, so
/// that no bucket has probability 0 and the maximum-likelihood distributions stay inside the
/// simplex.
pub const EMPTY_BUCKET: f64 = 1e-3;

/// Normalized Elo per unit of `(mu - 1/2) / sigma` of a game score: 800 / ln 10.
pub const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// The pair-level normalized score `t = (mu - 1/2) / sigma` of a pentanomial distribution with
/// normalized Elo `nelo`: `sqrt(2) * nelo / (800 / ln 10)`, as fastchess (the sqrt 2 carries the
/// game-level definition over to pairs, whose sigma is the game's / sqrt 2 for independent games).
pub fn pentanomial_t(nelo: f64) -> f64 {
    std::f64::consts::SQRT_2 * nelo / NELO_PER_T
}

/// The normalized Elo of a pentanomial distribution (probabilities of 0..2 points), or `None`
/// when it has no variance.
pub fn pentanomial_nelo(probs: [f64; 5]) -> Option<f64> {
    let (mu, var) = mean_var(&PAIR_SCORES, &probs);
    (var > 0.0).then(|| (mu - 0.5) / (2.0 * var).sqrt() * NELO_PER_T)
}

/// Mean and variance of `x` under the weights `p` (which sum to 1).
fn mean_var(x: &[f64; 5], p: &[f64; 5]) -> (f64, f64) {
    let mu: f64 = x.iter().zip(p).map(|(x, p)| x * p).sum();
    let var: f64 = x.iter().zip(p).map(|(x, p)| p * (x - mu) * (x - mu)).sum();
    (mu, var)
}

/// Counts of game-pair scores for the tested bot, 0, 0.5, 1, 1.5, 2 points out of 2 (2 players: a
/// unit is one deck played in both seatings).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// Adds one pair by its score in points (0.0, 0.5, ..., 2.0); panics on anything else.
    pub fn add(&mut self, pair_score: f64) {
        let twice = pair_score * 2.0;
        let bucket = twice as usize;
        assert!(
            (0.0..=4.0).contains(&twice) && bucket as f64 == twice,
            "a pair score is 0, 0.5, 1, 1.5 or 2 points, not {pair_score}"
        );
        self.0[bucket] += 1;
    }

    /// The number of pairs counted.
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// LLR of the normalized-Elo pentanomial SPRT (the default model of fastchess): 0 with no
    /// pairs; see the module doc of the harness's `sprt` for the formula.
    pub fn llr(&self, s: &Settings) -> f64 {
        if self.pairs() == 0 {
            return 0.0;
        }
        let counts = self.0.map(|c| if c == 0 { EMPTY_BUCKET } else { c as f64 });
        let total: f64 = counts.iter().sum();
        let q = counts.map(|c| c / total);
        match (normalized_mle(q, pentanomial_t(s.elo0)), normalized_mle(q, pentanomial_t(s.elo1))) {
            (Some(p0), Some(p1)) => total * (0..5).map(|i| q[i] * (p1[i].ln() - p0[i].ln())).sum::<f64>(),
            // Not reached on regularised counts (a solution always exists); no evidence either way.
            _ => 0.0,
        }
    }

    /// Estimated normalized Elo with a 95% interval: (estimate, low, high); None with no pairs.
    /// Normalized Elo divides by the pairs' spread: when every pair scored the same there is none,
    /// and the estimate is unbounded (infinite, on the side of the score; an interval from -inf
    /// to +inf around 0 when every pair scored 1). The regularised counts the LLR uses would give
    /// a finite number, but one made by the floor of an empty bucket, not by the games.
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        let pairs = self.pairs();
        if pairs == 0 {
            return None;
        }
        let raw = self.0.map(|c| c as f64 / pairs as f64);
        let (mu, var) = mean_var(&PAIR_SCORES, &raw);
        let n = pairs as f64;
        if var <= 0.0 {
            let side = (mu - 0.5).signum() * f64::INFINITY;
            return Some(if mu == 0.5 {
                (0.0, f64::NEG_INFINITY, f64::INFINITY)
            } else {
                (side, side, side)
            });
        }
        let nelo = |score: f64| (score - 0.5) / (2.0 * var).sqrt() * NELO_PER_T;
        let half = Z95 * (var / n).sqrt();
        Some((nelo(mu), nelo(mu - half), nelo(mu + half)))
    }
}

/// The centred pair scores `b = a - 1/2`.
const CENTRED: [f64; 5] = [-0.5, -0.25, 0.0, 0.25, 0.5];

/// The points in `s = m / sqrt(k)` at which F is evaluated to find its sign changes, increasing:
/// a hair above `s_lo` (where p piles onto b = 1/4 and F = 1/4 - m > 0), 4 steps up to the switch
/// `0.375 sqrt(k)`, where the largest psi passes from b = 1/4 to b = 1/2 (psi_3 = psi_4 at
/// m = k (1/4 + 1/2) / 2), points at 1/4 to 1/32 from it on both sides, and steps of 1.5x from
/// 1.5 times it to 1/2. Two or three roots can crowd around the switch when the buckets above the
/// middle are (nearly) empty: the likely pole moves from one to the other there, and F swings
/// steeply. Elsewhere the geometric steps follow the data's spread whatever its size (all pairs
/// drawn puts the root at s ~ 0.01, a typical shape near 0.2).
fn grid(s_lo: f64, root_k: f64) -> impl Iterator<Item = f64> {
    let switch = 0.375 * root_k;
    let below = (0..=4).map(move |j| {
        if j == 0 { s_lo + 1e-9 * (switch - s_lo) } else { s_lo + (switch - s_lo) * j as f64 / 4.0 }
    });
    let near = [-4.0, -8.0, -16.0, -32.0, 32.0, 16.0, 8.0, 4.0].map(|d: f64| switch * (1.0 + 1.0 / d));
    let above = std::iter::successors(Some(1.5 * switch), |s| Some(s * 1.5)).take_while(|&s| s < 0.5);
    let mut points = below
        .chain(near)
        .chain(above)
        .chain([0.5])
        .filter(move |&s| s > s_lo && s <= 0.5)
        .collect::<Vec<_>>();
    points.sort_by(f64::total_cmp);
    points.into_iter()
}

/// The distribution `p` that maximises `sum q_i ln p_i` subject to `(mu_p - 1/2) / sigma_p = t`
/// on the pentanomial buckets, for frequencies `q` that are all positive and sum to 1. `None`
/// only if no root was found (not seen on regularised counts).
pub(crate) fn normalized_mle(q: [f64; 5], t: f64) -> Option<[f64; 5]> {
    if t == 0.0 {
        // E_p[b] = 0: a single linear constraint.
        let theta = multiplier(&q, &CENTRED, 0.0)?;
        return Some(distribution(&q, &CENTRED, theta));
    }
    if t < 0.0 {
        let mut mirrored = q;
        mirrored.reverse();
        let mut p = normalized_mle(mirrored, -t)?;
        p.reverse();
        return Some(p);
    }
    let k = t * t / (1.0 + t * t);
    let root_k = k.sqrt();
    let r = (1.0 - k).sqrt();
    // psi_3 (b = 1/4) is positive for m in (b (1 - r), b (1 + r)); below, no positive psi is left
    // (psi_4 turns positive only above 1/2 (1 - r)), so the smallest feasible s is
    // 1/4 (1 - r) / sqrt(k) = 1/4 sqrt(k) / (1 + r), written so that small t loses no digits.
    let s_lo = 0.25 * root_k / (1.0 + r);
    // Each multiplier starts from the last one found, at a nearby m.
    let guess = std::cell::Cell::new(0.0);
    let at = |s: f64| branch(&q, s * root_k, k, &guess);
    let mut best: Option<(f64, [f64; 5])> = None;
    let mut consider = |p: [f64; 5]| {
        let ll: f64 = (0..5).map(|i| q[i] * p[i].ln()).sum();
        if best.is_none_or(|(b, _)| ll > b) {
            best = Some((ll, p));
        }
    };
    let mut prev: Option<(f64, f64)> = None; // (s, F) at the previous feasible grid point
    for s in grid(s_lo, root_k) {
        let Some((f, p)) = at(s) else {
            prev = None;
            continue;
        };
        if f == 0.0 {
            consider(p);
        } else if let Some((s0, f0)) = prev
            && (f0 > 0.0) != (f > 0.0)
            && f0 != 0.0
            && let Some(p) = refine(&at, (s0, f0), (s, f))
        {
            consider(p);
        }
        prev = Some((s, f));
    }
    best.map(|(_, p)| p)
}

/// F(m) = E_{p(m)}[b] - m and p(m) = q / (1 + theta psi(m)), the maximum-likelihood distribution
/// on the hyperplane sum p psi(m) = 0; None where psi(m) has one sign only (no such p).
fn branch(q: &[f64; 5], m: f64, k: f64, guess: &std::cell::Cell<f64>) -> Option<(f64, [f64; 5])> {
    let psi = CENTRED.map(|b| 2.0 * m * b - m * m - k * b * b);
    let theta = multiplier(q, &psi, guess.get())?;
    guess.set(theta);
    let p = distribution(q, &psi, theta);
    let mean: f64 = (0..5).map(|i| p[i] * CENTRED[i]).sum();
    Some((mean - m, p))
}

/// A root of F between two grid points where it changes sign: Illinois (regula falsi that halves
/// the weight of an end kept twice) with a bisection every third step, to 1e-13 in s. None if a
/// point inside is infeasible (a gap in the domain, only for |t| beyond about 2.8).
fn refine(
    at: &impl Fn(f64) -> Option<(f64, [f64; 5])>,
    (mut a, mut fa): (f64, f64),
    (mut b, mut fb): (f64, f64),
) -> Option<[f64; 5]> {
    let mut p = None;
    let mut side = 0i8;
    for round in 0..200 {
        let x = if round % 3 == 2 { 0.5 * (a + b) } else { (a * fb - b * fa) / (fb - fa) };
        let x = if x > a.min(b) && x < a.max(b) { x } else { 0.5 * (a + b) };
        let (fx, px) = at(x)?;
        p = Some(px);
        if fx == 0.0 || (b - a).abs() <= 1e-13 {
            break;
        }
        if (fx > 0.0) == (fa > 0.0) {
            a = x;
            fa = fx;
            if side == -1 {
                fb *= 0.5;
            }
            side = -1;
        } else {
            b = x;
            fb = fx;
            if side == 1 {
                fa *= 0.5;
            }
            side = 1;
        }
    }
    p
}

/// The root theta of `sum_i q_i c_i / (1 + theta c_i) = 0` between the poles `-1 / max c` and
/// `-1 / min c` (where every `1 + theta c_i` stays positive): the multiplier that makes
/// `q_i / (1 + theta c_i)` sum to 1. The left side falls from +inf to -inf there, so the root is
/// unique; safeguarded Newton (bisection when a step leaves the bracket) from `guess` if that lies
/// between the poles, else from 0 (which always does), to 1e-14 relative. None unless c has both
/// signs.
fn multiplier(q: &[f64; 5], c: &[f64; 5], guess: f64) -> Option<f64> {
    let (lo_c, hi_c) = c.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &x| (l.min(x), h.max(x)));
    if !(lo_c < 0.0 && hi_c > 0.0) {
        return None;
    }
    let (mut lo, mut hi) = (-1.0 / hi_c, -1.0 / lo_c);
    let mut theta: f64 = if guess > lo && guess < hi { guess } else { 0.0 };
    for _ in 0..200 {
        let (mut f, mut df) = (0.0, 0.0);
        for i in 0..5 {
            let u = c[i] / (1.0 + theta * c[i]);
            f += q[i] * u;
            df -= q[i] * u * u;
        }
        if f == 0.0 {
            break;
        }
        if f > 0.0 {
            lo = theta;
        } else {
            hi = theta;
        }
        let newton = theta - f / df;
        let next = if newton > lo && newton < hi { newton } else { 0.5 * (lo + hi) };
        let done = (next - theta).abs() <= 1e-14 * theta.abs().max(1e-300) || !(next > lo && next < hi);
        theta = next;
        if done {
            break;
        }
    }
    Some(theta)
}

/// `p_i = q_i / (1 + theta c_i)`, except for the bucket with the smallest denominator, whose
/// probability is 1 minus the others'. Near a pole that denominator is a difference of numbers
/// close to 1 and 1 + theta c (an empty bucket's q = 1e-3 / N may carry half the mass of p, with a
/// denominator of 1e-8), so dividing by it would lose half the digits; the others are well
/// conditioned, and their complement is not.
fn distribution(q: &[f64; 5], c: &[f64; 5], theta: f64) -> [f64; 5] {
    let d = c.map(|c| 1.0 + theta * c);
    let mut p: [f64; 5] = std::array::from_fn(|i| q[i] / d[i]);
    let j = (0..5).fold(0, |j, i| if d[i] < d[j] { i } else { j });
    let rest: f64 = (0..5).filter(|&i| i != j).map(|i| p[i]).sum();
    if rest < 1.0 {
        p[j] = 1.0 - rest;
        p
    } else {
        // The multiplier was off by rounding: scale instead.
        let total: f64 = p.iter().sum();
        p.map(|x| x / total)
    }
}

/// Running sums of unit scores for 3-4 players (or any game): each unit's score x in [0, 1].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct UnitScores {
    /// Units counted.
    pub n: u64,
    /// Sum of the unit scores.
    pub sum: f64,
    /// Sum of their squares.
    pub sum_sq: f64,
}

/// Below this the variance of the unit scores counts as zero: the sums' rounding, not data.
const ZERO_VARIANCE: f64 = 1e-12;

impl UnitScores {
    /// Adds one unit's score (in [0, 1]).
    pub fn add(&mut self, x: f64) {
        self.n += 1;
        self.sum += x;
        self.sum_sq += x * x;
    }

    /// Mean and variance with divisor n (the empirical distribution's, as fishtest's GSPRT).
    fn mean_var(&self) -> (f64, f64) {
        let n = self.n as f64;
        let mean = self.sum / n;
        (mean, (self.sum_sq / n - mean * mean).max(0.0))
    }

    /// GSPRT LLR with the variance estimated from the data; 0 while fewer than 2 units, or with
    /// no variance and the mean exactly on a hypothesis. The generalised likelihood ratio of a normal model of the unit score with unknown
    /// variance: `n/2 ln(r0 / r1)`, `r_k = var + (xbar - mu_k)^2` the mean squared deviation from
    /// `mu_k` (fishtest's `LLR_alt`); [`UnitScores::llr_linear`] is its first-order expansion.
    pub fn llr(&self, s: &Settings) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        // Unlike the linear form, the logarithm needs no variance: units that all score the same
        // (a bot winning every comparison) still give each hypothesis its distance from the mean,
        // and the test decides. Only data sitting exactly on a hypothesis with no spread says
        // nothing to scale by.
        let (mean, var) = self.mean_var();
        let var = if var > ZERO_VARIANCE { var } else { 0.0 };
        let (mu0, mu1) = (logistic_score(s.elo0), logistic_score(s.elo1));
        let r0 = var + (mean - mu0) * (mean - mu0);
        let r1 = var + (mean - mu1) * (mean - mu1);
        if r0 <= ZERO_VARIANCE || r1 <= ZERO_VARIANCE {
            return 0.0;
        }
        0.5 * self.n as f64 * (r0 / r1).ln()
    }

    /// The linearised GSPRT LLR, `n (mu1 - mu0) (2 xbar - mu0 - mu1) / (2 var)` (fishtest's
    /// `LLR_alt2`), with the same zero rules as [`UnitScores::llr`]. Kept for comparison: with
    /// few units the sample variance is often far too small, and this form, unlike the
    /// logarithm, then grows without bound (simulated 4-player tests stopped within 5 units in
    /// 16% of runs, with error rates of 0.12-0.17 instead of 0.05).
    pub fn llr_linear(&self, s: &Settings) -> f64 {
        let Some((mean, var)) = self.spread() else {
            return 0.0;
        };
        let (mu0, mu1) = (logistic_score(s.elo0), logistic_score(s.elo1));
        self.n as f64 * (mu1 - mu0) * (2.0 * mean - mu0 - mu1) / (2.0 * var)
    }

    /// Mean and variance as for the LLRs, None while fewer than 2 units or zero variance.
    fn spread(&self) -> Option<(f64, f64)> {
        if self.n < 2 {
            return None;
        }
        let (mean, var) = self.mean_var();
        (var > ZERO_VARIANCE).then_some((mean, var))
    }

    /// Estimated logistic Elo of the mean unit score with a 95% interval; None with < 2 units.
    /// Infinite where the mean or a bound reaches 0 or 1. When every unit scored the same there is
    /// no spread to give an interval: it is unbounded on both sides (not of width 0), or the
    /// estimate itself is infinite at a score of 0 or 1.
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        if self.n < 2 {
            return None;
        }
        let n = self.n as f64;
        let (mean, var) = self.mean_var();
        if var <= ZERO_VARIANCE {
            let e = logistic_elo(mean.clamp(0.0, 1.0));
            return Some(if e.is_infinite() { (e, e, e) } else { (e, f64::NEG_INFINITY, f64::INFINITY) });
        }
        let half = Z95 * (var * n / (n - 1.0) / n).sqrt();
        let clamp = |x: f64| x.clamp(0.0, 1.0);
        Some((logistic_elo(clamp(mean)), logistic_elo(clamp(mean - half)), logistic_elo(clamp(mean + half))))
    }
}

/// Where a test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The LLR reached the upper bound: B is better by elo1 (up to beta).
    AcceptH1,
    /// The LLR reached the lower bound: B is better by no more than elo0 (up to alpha).
    AcceptH0,
    /// Neither bound yet: play more units.
    Continue,
}

impl Verdict {
    /// "H1", "H0" or "continue".
    pub fn word(self) -> &'static str {
        match self {
            Verdict::AcceptH1 => "H1",
            Verdict::AcceptH0 => "H0",
            Verdict::Continue => "continue",
        }
    }
}

/// The verdict of an LLR against the bounds: >= upper -> AcceptH1, <= lower -> AcceptH0.
pub fn verdict(llr: f64, s: &Settings) -> Verdict {
    let (lower, upper) = s.bounds();
    if llr >= upper {
        Verdict::AcceptH1
    } else if llr <= lower {
        Verdict::AcceptH0
    } else {
        Verdict::Continue
    }
}

/// Logistic Elo -> expected score: 1 / (1 + 10^(-elo/400)).
pub fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Expected score -> logistic Elo, the inverse of [`logistic_score`]: 400 log10(score / (1 - score)).
pub fn logistic_elo(score: f64) -> f64 {
    400.0 * (score / (1.0 - score)).log10()
}

/// An Elo estimate with its 95% interval in words, as the summary prints it: the numbers, and where
/// an end is infinite (every unit won or lost, or a bound past a score of 0 or 1), that it is
/// unbounded, not `inf`.
pub fn elo_text(e: f64, lo: f64, hi: f64) -> String {
    if e.is_infinite() {
        let side = if e > 0.0 { "above" } else { "below" };
        return format!("unbounded {side} (every unit scored the same: no spread to measure it by)");
    }
    match (lo.is_finite(), hi.is_finite()) {
        (true, true) => format!("{e:+.1} [95% CI {lo:+.1}, {hi:+.1}]"),
        (true, false) => format!("{e:+.1} [95% CI from {lo:+.1}, unbounded above]"),
        (false, true) => format!("{e:+.1} [95% CI up to {hi:+.1}, unbounded below]"),
        (false, false) => format!("{e:+.1} [95% CI unbounded on both sides]"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(elo0: f64, elo1: f64) -> Settings {
        Settings::new(elo0, elo1, 0.05, 0.05).unwrap()
    }

    #[test]
    fn matches_fastchess_published_values() {
        // app/tests/sprt_test.cpp, "normalized pentanomial 1-3": Stats(LL, LD, WL, DD, WD, WW) with
        // WL and DD in our middle bucket; fastchess checks them to 1% (doctest epsilon 0.01).
        let cases = [
            ([365, 16618, 36029 + 200, 16974, 390], 0.0, 2.0, 2.25),
            ([127, 4883, 10311 + 401, 5150, 104], -1.75, 0.25, 3.01),
            ([0, 0, 0, 0, 5550], 0.0, 5.0, 111.82),
        ];
        for (counts, elo0, elo1, want) in cases {
            let got = Pentanomial(counts).llr(&settings(elo0, elo1));
            assert!((got - want).abs() <= 0.01 * want, "{counts:?}: {got} vs fastchess {want}");
        }
    }

    #[test]
    fn the_maximum_satisfies_the_constraint_and_beats_neighbours_on_it() {
        let qs = [[0.05, 0.2, 0.5, 0.2, 0.05], [0.3, 0.1, 0.2, 0.1, 0.3], [0.01, 0.02, 0.9, 0.05, 0.02]];
        for q in qs {
            for nelo in [-300.0, -20.0, -1.0, 0.0, 0.5, 7.0, 80.0] {
                let t = pentanomial_t(nelo);
                let p = normalized_mle(q, t).unwrap();
                let (mu, var) = mean_var(&PAIR_SCORES, &p);
                assert!(((mu - 0.5) / var.sqrt() - t).abs() < 1e-9, "{q:?} {nelo}: {p:?}");
                assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
                // Tilting p within the constraint set must not raise the likelihood.
                let ll = |p: &[f64; 5]| (0..5).map(|i| q[i] * p[i].ln()).sum::<f64>();
                for dir in 0..5 {
                    for eps in [1e-4, -1e-4] {
                        let mut r = p;
                        r[dir] *= 1.0 + eps;
                        let total: f64 = r.iter().sum();
                        let r = crate::sprt::simulate::tilt_pentanomial(r.map(|x| x / total), nelo);
                        assert!(ll(&r) <= ll(&p) + 1e-12, "{q:?} {nelo}: {r:?} beats {p:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn degenerate_counts_give_finite_llrs() {
        let s = settings(-1000.0, 1000.0);
        for counts in [[0, 0, 0, 0, 1], [1, 0, 0, 0, 0], [0, 0, 7, 0, 0], [0, 0, 0, 0, 0], [3, 0, 0, 0, 9]] {
            for s in [s, settings(0.0, 5.0), settings(-5.0, 0.0), settings(-400.0, -300.0)] {
                let llr = Pentanomial(counts).llr(&s);
                assert!(llr.is_finite(), "{counts:?} {s:?}: {llr}");
            }
        }
        assert_eq!(Pentanomial::default().llr(&settings(0.0, 5.0)), 0.0);
    }

    #[test]
    fn llr_sign_follows_the_data() {
        let s = settings(0.0, 5.0);
        assert!(Pentanomial([0, 0, 0, 0, 100]).llr(&s) > 0.0);
        assert!(Pentanomial([100, 0, 0, 0, 0]).llr(&s) < 0.0);
        assert!(Pentanomial([50, 200, 500, 200, 50]).llr(&s) < 0.0);
        assert!(Pentanomial([50, 150, 500, 250, 50]).llr(&s) > 0.0);
    }

    #[test]
    fn add_buckets_pair_scores() {
        let mut p = Pentanomial::default();
        for x in [0.0, 0.5, 1.0, 1.5, 2.0, 2.0] {
            p.add(x);
        }
        assert_eq!(p, Pentanomial([1, 1, 1, 1, 2]));
        assert_eq!(p.pairs(), 6);
    }

    #[test]
    #[should_panic(expected = "not 0.75")]
    fn add_rejects_other_scores() {
        Pentanomial::default().add(0.75);
    }

    #[test]
    fn elo_estimates() {
        assert_eq!(Pentanomial::default().elo(), None);
        let (e, lo, hi) = Pentanomial([5, 20, 50, 20, 5]).elo().unwrap();
        assert!(e.abs() < 1e-9 && lo < 0.0 && hi > 0.0 && (hi + lo).abs() < 1e-9);
        // Every pair won: no spread, so no finite normalized Elo (it printed +24402.6 from the
        // floor of the empty buckets).
        let inf = f64::INFINITY;
        assert_eq!(Pentanomial([0, 0, 0, 0, 10]).elo(), Some((inf, inf, inf)));
        assert_eq!(Pentanomial([10, 0, 0, 0, 0]).elo(), Some((-inf, -inf, -inf)));
        assert_eq!(Pentanomial([0, 0, 7, 0, 0]).elo(), Some((0.0, -inf, inf)));
        assert!(elo_text(inf, inf, inf).starts_with("unbounded above"));
        assert_eq!(elo_text(747.7, 609.5, inf), "+747.7 [95% CI from +609.5, unbounded above]");
        assert_eq!(elo_text(-5.0, -9.25, 1.0), "-5.0 [95% CI -9.2, +1.0]");
        let mut u = UnitScores::default();
        u.add(0.5);
        assert_eq!(u.elo(), None);
        u.add(0.6);
        let (e, lo, hi) = u.elo().unwrap();
        assert!((e - logistic_elo(0.55)).abs() < 1e-9 && lo < e && e < hi);
        // Units that all scored the same: no interval of width 0, but none at all; a sweep is
        // unbounded.
        let mut even = UnitScores::default();
        (0..3).for_each(|_| even.add(0.75));
        assert_eq!(even.elo(), Some((logistic_elo(0.75), -inf, inf)));
        let mut sweep = UnitScores::default();
        (0..3).for_each(|_| sweep.add(1.0));
        assert_eq!(sweep.elo(), Some((inf, inf, inf)));
    }

    #[test]
    fn gsprt_llr_formulas() {
        let s = settings(0.0, 10.0);
        let mut u = UnitScores::default();
        u.add(0.9);
        assert_eq!((u.llr(&s), u.llr_linear(&s)), (0.0, 0.0), "one unit");
        // No variance: the linear form has nothing to scale by, the logarithm still measures
        // each hypothesis' distance from the mean, n/2 ln((x - mu0)^2 / (x - mu1)^2).
        let (mu0, mu1) = (logistic_score(0.0), logistic_score(10.0));
        for x in [0.7, 1.0, 0.3] {
            let mut u = UnitScores::default();
            (0..3).for_each(|_| u.add(x));
            let want = 1.5 * ((x - mu0).powi(2) / (x - mu1).powi(2)).ln();
            assert!((u.llr(&s) - want).abs() < 1e-12, "no variance at {x}: {}", u.llr(&s));
            assert_eq!(u.llr_linear(&s), 0.0, "no variance");
        }
        let mut on_h0 = UnitScores::default();
        (0..3).for_each(|_| on_h0.add(0.5));
        assert_eq!(on_h0.llr(&s), 0.0, "every unit exactly on a hypothesis");
        let xs = [0.25, 0.75, 0.5, 1.0];
        let mut u = UnitScores::default();
        xs.iter().for_each(|&x| u.add(x));
        let (mu0, mu1) = (logistic_score(0.0), logistic_score(10.0));
        let mean = 0.625;
        let msd = |mu: f64| xs.iter().map(|x| (x - mu) * (x - mu)).sum::<f64>() / 4.0;
        let want = 2.0 * (msd(mu0) / msd(mu1)).ln();
        assert!((u.llr(&s) - want).abs() < 1e-12);
        let want = 4.0 * (mu1 - mu0) * (2.0 * mean - mu0 - mu1) / (2.0 * msd(mean));
        assert!((u.llr_linear(&s) - want).abs() < 1e-12);
        // Many units, a small Elo gap: the two agree to first order.
        let mut u = UnitScores::default();
        (0..10_000).for_each(|i| u.add(0.3 + 0.4 * ((i % 7) as f64 / 6.0)));
        let s = settings(-1.0, 1.0);
        assert!((u.llr(&s) - u.llr_linear(&s)).abs() < 1e-3 * u.llr(&s).abs(), "{u:?}");
    }

    #[test]
    fn logistic_round_trip() {
        for elo in [-800.0, -50.0, 0.0, 3.5, 400.0] {
            assert!((logistic_elo(logistic_score(elo)) - elo).abs() < 1e-9);
        }
        assert_eq!(logistic_score(0.0), 0.5);
        assert!((logistic_score(400.0) - 10.0 / 11.0).abs() < 1e-15);
    }

    #[test]
    fn bounds_and_verdicts() {
        let s = settings(0.0, 5.0);
        let (lo, hi) = s.bounds();
        assert!((lo - (0.05f64 / 0.95).ln()).abs() < 1e-15 && (hi - (0.95f64 / 0.05).ln()).abs() < 1e-15);
        assert_eq!(verdict(hi, &s), Verdict::AcceptH1);
        assert_eq!(verdict(lo, &s), Verdict::AcceptH0);
        assert_eq!(verdict(0.0, &s), Verdict::Continue);
        assert_eq!(verdict(f64::NAN, &s), Verdict::Continue);
        assert_eq!(
            [Verdict::AcceptH1, Verdict::AcceptH0, Verdict::Continue].map(Verdict::word),
            ["H1", "H0", "continue"]
        );
    }

    #[test]
    fn model_names_round_trip() {
        for m in [Model::Pentanomial, Model::Gsprt] {
            assert_eq!(Model::parse(m.name()), Ok(m));
        }
        assert!(Model::parse("trinomial").unwrap_err().contains("--model trinomial"));
        assert_eq!(Model::default(), Model::Pentanomial);
    }
}
