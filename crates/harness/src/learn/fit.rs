//! Fitting the learned evaluation's weights: ridge regression of points still to come on the
//! features, solved with nalgebra's Cholesky decomposition of the (small, fixed-size) normal
//! equations; and the error of an evaluation on samples.

use crate::learn::positions::Sample;
use die_stadt_bots::learned::features::{BASE, COUNT, FeatureSet};
use die_stadt_bots::learned::file::Weights;
use nalgebra::{SMatrix, SVector};

/// Weights of `set`'s features minimising squared error plus `ridge` times the squared weights
/// (the constant feature, `one`, is not shrunk), or None when the samples do not determine them.
pub fn ridge(samples: &[&Sample], ridge: f64, set: FeatureSet) -> Option<Weights> {
    let w = match set {
        FeatureSet::Base => solve::<BASE>(samples, ridge)?,
        FeatureSet::Extended => solve::<COUNT>(samples, ridge)?,
    };
    Some(Weights { set, w })
}

/// The normal equations of the first `N` features, solved (fixed size: the base set's weights
/// come out bit for bit as they did before the extended set existed).
fn solve<const N: usize>(samples: &[&Sample], ridge: f64) -> Option<[f64; COUNT]> {
    let mut xtx = SMatrix::<f64, N, N>::zeros();
    let mut xty = SVector::<f64, N>::zeros();
    for s in samples {
        let x = SVector::<f64, N>::from_row_slice(&s.features[..N]);
        xtx += x * x.transpose();
        xty += x * s.target();
    }
    for k in 1..N {
        xtx[(k, k)] += ridge;
    }
    let w = xtx.cholesky()?.solve(&xty);
    w.iter().all(|v| v.is_finite()).then(|| std::array::from_fn(|k| if k < N { w[k] } else { 0.0 }))
}

/// Root mean squared error of predicting the final score as banked points plus `predict(sample)`.
pub fn rmse(samples: &[&Sample], predict: impl Fn(&Sample) -> f64) -> f64 {
    if samples.is_empty() {
        return f64::NAN;
    }
    let sum: f64 = samples.iter().map(|s| (s.target() - predict(s)).powi(2)).sum();
    (sum / samples.len() as f64).sqrt()
}

/// What the learned evaluation adds to the banked points of a sample.
pub fn learned(weights: &Weights, s: &Sample) -> f64 {
    s.features.iter().zip(weights.of_set()).map(|(x, w)| x * w).sum()
}
