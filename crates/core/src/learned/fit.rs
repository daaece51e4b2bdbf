//! Fitting a learned evaluation's weights: ridge regression of the points still to come on the
//! features, solved with nalgebra's Cholesky decomposition of the (small) normal equations; and
//! the error of an evaluation on samples.

use nalgebra::{DMatrix, DVector};

/// One player in one position of a finished game.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The game's index among the games fitted on (a train/held-out split is by game).
    pub game: usize,
    /// The player's features (those of the widest set).
    pub features: Vec<f64>,
    /// Points banked then.
    pub banked: f64,
    /// What the game's hand-written evaluation expects still to come, for comparison.
    pub baseline: f64,
    /// Its final score.
    pub final_score: f64,
}

impl Sample {
    /// What the learned part of the evaluation is fitted to: points still to come.
    pub fn target(&self) -> f64 {
        self.final_score - self.banked
    }
}

/// The weights of the first `n` features minimising squared error plus `ridge` times the squared
/// weights (the first feature, a constant, is not shrunk), or None when the samples do not
/// determine them.
pub fn ridge(samples: &[&Sample], ridge: f64, n: usize) -> Option<Vec<f64>> {
    let mut xtx = DMatrix::<f64>::zeros(n, n);
    let mut xty = DVector::<f64>::zeros(n);
    for s in samples {
        let x = DVector::<f64>::from_row_slice(&s.features[..n]);
        xtx += &x * x.transpose();
        xty += x * s.target();
    }
    for k in 1..n {
        xtx[(k, k)] += ridge;
    }
    let w = xtx.cholesky()?.solve(&xty);
    w.iter().all(|v| v.is_finite()).then(|| w.iter().copied().collect())
}

/// Root mean squared error of predicting the final score as banked points plus `predict(sample)`.
pub fn rmse(samples: &[&Sample], predict: impl Fn(&Sample) -> f64) -> f64 {
    if samples.is_empty() {
        return f64::NAN;
    }
    let sum: f64 = samples.iter().map(|s| (s.target() - predict(s)).powi(2)).sum();
    (sum / samples.len() as f64).sqrt()
}
