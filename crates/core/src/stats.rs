//! Statistics for tournaments: Wilson intervals, means with standard errors, and a Bradley-Terry
//! rating (on the Elo scale) with an interval from the likelihood's observed information.

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval for `successes` out of `n` (successes may be fractional: shared wins).
pub fn wilson(successes: f64, n: f64, z: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let p = successes / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Mean and standard error of the mean (0 when fewer than two values).
pub fn mean_se(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let mean = values.iter().sum::<f64>() / n;
    if n < 2.0 {
        return (mean, 0.0);
    }
    let var = values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

/// A sum over one cluster of observations (a deck unit: every seat rotation of one deck for one
/// combination of bots) and how many observations it holds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Cluster {
    /// Sum of the values.
    pub sum: f64,
    /// Number of values.
    pub n: f64,
}

/// The mean over all observations and its standard error computed over clusters (the
/// cluster-robust estimate for a ratio of sums): observations in one cluster are not taken as
/// independent, clusters are. Zero error with fewer than two clusters.
pub fn cluster_mean_se(clusters: &[Cluster]) -> (f64, f64) {
    let n: f64 = clusters.iter().map(|c| c.n).sum();
    if n <= 0.0 {
        return (0.0, 0.0);
    }
    let mean = clusters.iter().map(|c| c.sum).sum::<f64>() / n;
    let k = clusters.iter().filter(|c| c.n > 0.0).count() as f64;
    if k < 2.0 {
        return (mean, 0.0);
    }
    let ss: f64 = clusters.iter().map(|c| (c.sum - mean * c.n).powi(2)).sum();
    (mean, (k / (k - 1.0) * ss).sqrt() / n)
}

/// A share (wins, ties counted half) with a 95% interval that respects clusters: the Wilson score
/// interval with the effective number of observations p(1 - p) / SE^2, SE from
/// `cluster_mean_se`. When every observation is a win (or every one a loss) each cluster counts as
/// one trial; when the clusters agree exactly (SE = 0), the plain Wilson interval over all
/// observations is used. Returns (share, low, high).
pub fn share_interval(clusters: &[Cluster]) -> (f64, f64, f64) {
    let (p, se) = cluster_mean_se(clusters);
    let n: f64 = clusters.iter().map(|c| c.n).sum();
    let k = clusters.iter().filter(|c| c.n > 0.0).count() as f64;
    let n_eff = if n <= 0.0 {
        0.0
    } else if p <= 0.0 || p >= 1.0 {
        k
    } else if se > 0.0 {
        p * (1.0 - p) / (se * se)
    } else {
        n
    };
    let (lo, hi) = wilson(p * n_eff, n_eff, Z95);
    (p, lo, hi)
}

/// One pairwise result: `a` against `b`, with `score` 1 for a win of `a`, 0.5 for a tie, 0 for a
/// loss, in duplicate-deck group `group`.
#[derive(Clone, Copy, Debug)]
pub struct Duel {
    /// First player (index).
    pub a: usize,
    /// Second player (index).
    pub b: usize,
    /// Result for `a`.
    pub score: f64,
    /// The group it belongs to (resampled together).
    pub group: usize,
}

/// Bradley-Terry strengths by the MM algorithm (Hunter 2004), as Elo-scale ratings with mean 0.
/// A small prior (one draw against an average opponent each) keeps unbeaten players finite.
pub fn bradley_terry(duels: &[Duel], players: usize) -> Vec<f64> {
    let mut wins = vec![0.5; players]; // the prior's half point
    let mut games = vec![vec![0.0; players]; players];
    for d in duels {
        wins[d.a] += d.score;
        wins[d.b] += 1.0 - d.score;
        games[d.a][d.b] += 1.0;
        games[d.b][d.a] += 1.0;
    }
    let mut gamma = vec![1.0; players];
    for _ in 0..500 {
        let mut next = vec![0.0; players];
        let mut change: f64 = 0.0;
        for i in 0..players {
            // Prior: one game against a virtual opponent of strength 1.
            let mut denom = 1.0 / (gamma[i] + 1.0);
            for j in 0..players {
                if i != j && games[i][j] > 0.0 {
                    denom += games[i][j] / (gamma[i] + gamma[j]);
                }
            }
            next[i] = wins[i] / denom;
        }
        // Normalise to geometric mean 1.
        let log_mean = next.iter().map(|g: &f64| g.ln()).sum::<f64>() / players as f64;
        for (g, n) in gamma.iter_mut().zip(&next) {
            let v = n / log_mean.exp();
            change = change.max((v / *g).ln().abs());
            *g = v;
        }
        if change < 1e-10 {
            break;
        }
    }
    gamma.iter().map(|g| 400.0 * g.log10()).collect()
}

/// Ratings with 95% intervals, for ratings centred on mean 0: (rating, lo, hi). The variance is
/// the cluster-robust (sandwich) estimate: the observed information of the Bradley-Terry
/// likelihood (with the prior of `bradley_terry`) around the per-group sums of the score, so that
/// duels from one deck unit (`Duel::group`) are not taken as independent. Where that comes out
/// smaller than the model's own variance (the inverse information), the model's is used: a bot
/// that won every game keeps an interval as wide as its record warrants.
pub fn ratings_with_intervals(duels: &[Duel], players: usize) -> Vec<(f64, f64, f64)> {
    let elo = bradley_terry(duels, players);
    let scale = 400.0 / std::f64::consts::LN_10;
    let theta: Vec<f64> = elo.iter().map(|r| r / scale).collect();
    let sigma = |x: f64| 1.0 / (1.0 + (-x).exp());
    // Information matrix (minus the Hessian of the log-likelihood in log-strengths), and the
    // score (gradient) of each group.
    let mut info = vec![vec![0.0; players]; players];
    let mut scores: std::collections::BTreeMap<usize, Vec<f64>> = std::collections::BTreeMap::new();
    for d in duels {
        let p = sigma(theta[d.a] - theta[d.b]);
        let w = p * (1.0 - p);
        info[d.a][d.a] += w;
        info[d.b][d.b] += w;
        info[d.a][d.b] -= w;
        info[d.b][d.a] -= w;
        let g = scores.entry(d.group).or_insert_with(|| vec![0.0; players]);
        g[d.a] += d.score - p;
        g[d.b] -= d.score - p;
    }
    for (i, row) in info.iter_mut().enumerate() {
        let p = sigma(theta[i]);
        row[i] += p * (1.0 - p); // the prior's game against an average opponent
    }
    let bread = invert(&info);
    let mut meat = vec![vec![0.0; players]; players];
    let groups = scores.len() as f64;
    let small = if groups > 1.0 { groups / (groups - 1.0) } else { 1.0 };
    for g in scores.values() {
        for i in 0..players {
            for j in 0..players {
                meat[i][j] += small * g[i] * g[j];
            }
        }
    }
    let sandwich = multiply(&multiply(&bread, &meat), &bread);
    // Variance of theta_i - mean(theta) under a covariance matrix.
    let n = players as f64;
    let centred = |cov: &[Vec<f64>], i: usize| {
        let row_mean: f64 = cov[i].iter().sum::<f64>() / n;
        let all_mean: f64 = cov.iter().map(|r| r.iter().sum::<f64>()).sum::<f64>() / (n * n);
        cov[i][i] - 2.0 * row_mean + all_mean
    };
    (0..players)
        .map(|i| {
            let v = centred(&sandwich, i).max(centred(&bread, i));
            let half = Z95 * scale * v.max(0.0).sqrt();
            (elo[i], elo[i] - half, elo[i] + half)
        })
        .collect()
}

/// The product of two square matrices.
fn multiply(a: &[Vec<f64>], b: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = a.len();
    (0..n).map(|i| (0..n).map(|j| (0..n).map(|k| a[i][k] * b[k][j]).sum()).collect()).collect()
}

/// The inverse of a small positive definite matrix (Gauss-Jordan with partial pivoting).
fn invert(m: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = m.len();
    let mut a: Vec<Vec<f64>> = m.to_vec();
    let mut inv: Vec<Vec<f64>> =
        (0..n).map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect()).collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs())).unwrap_or(col);
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        if d.abs() < 1e-300 {
            continue;
        }
        for j in 0..n {
            a[col][j] /= d;
            inv[col][j] /= d;
        }
        for r in 0..n {
            if r != col {
                let f = a[r][col];
                if f != 0.0 {
                    for j in 0..n {
                        a[r][j] -= f * a[col][j];
                        inv[r][j] -= f * inv[col][j];
                    }
                }
            }
        }
    }
    inv
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        // 8 of 10: the textbook Wilson interval is about (0.490, 0.943).
        let (lo, hi) = wilson(8.0, 10.0, Z95);
        assert!((lo - 0.4902).abs() < 1e-3 && (hi - 0.9433).abs() < 1e-3, "{lo} {hi}");
        let (lo, hi) = wilson(0.0, 20.0, Z95);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.1611).abs() < 1e-3, "{hi}");
        assert_eq!(wilson(0.0, 0.0, Z95), (0.0, 1.0));
    }

    #[test]
    fn mean_and_standard_error() {
        let (m, se) = mean_se(&[1.0, 2.0, 3.0, 4.0]);
        assert_eq!(m, 2.5);
        assert!((se - (1.6666666666666667f64 / 4.0).sqrt()).abs() < 1e-12);
        assert_eq!(mean_se(&[]), (0.0, 0.0));
    }

    #[test]
    fn bradley_terry_orders_players_and_recovers_odds() {
        // a beats b 75% of the time: the Elo gap is 400 log10(3) = 191, less a little prior.
        let mut duels = Vec::new();
        for g in 0..400 {
            duels.push(Duel { a: 0, b: 1, score: if g % 4 == 3 { 0.0 } else { 1.0 }, group: g });
        }
        let r = bradley_terry(&duels, 2);
        assert!((r[0] - r[1] - 190.8).abs() < 3.0, "{r:?}");
        assert!((r[0] + r[1]).abs() < 1e-9, "mean 0");
        let ci = ratings_with_intervals(&duels, 2);
        assert!(ci[0].1 < ci[0].0 && ci[0].0 < ci[0].2);
        assert!(ci[0].1 > 0.0, "a's interval lies above the average: {ci:?}");
        // The half-width of the difference is 1.96 / sqrt(n p (1-p)) in logits: about 0.226,
        // shared equally by the two centred ratings.
        let half_gap = (ci[0].2 - ci[0].1) / 2.0;
        let expected = Z95 / (400.0f64 * 0.75 * 0.25).sqrt() * 400.0 / std::f64::consts::LN_10 / 2.0;
        assert!((half_gap - expected).abs() < 3.0, "{half_gap} vs {expected}");
        // A perfect record still gets an interval of honest width.
        let sweep: Vec<Duel> = (0..100).map(|g| Duel { a: 0, b: 1, score: 1.0, group: g }).collect();
        let ci = ratings_with_intervals(&sweep, 2);
        assert!(ci[0].2 - ci[0].1 > 100.0, "{ci:?}");
    }
}
