//! Kartenspitze's learned evaluation: a player's final score estimated as its score now plus a
//! weighted sum of its features, the weights fitted by `stadt --game kartenspitze learn` and read
//! from an evaluation file (`stadt_core::learned::file`).

use crate::state::State;
use stadt_core::bots::params::FileValue;
use stadt_core::learned::{FeatureList, Weights};
use std::sync::Arc;

/// How many features a player has.
pub const COUNT: usize = 6;

/// The features' names, in vector order.
pub const NAMES: [&str; COUNT] = ["one", "hand_sum", "hand_size", "top", "draw_left", "best_other_score"];

/// Kartenspitze's features as the core's learned evaluations take them: one set, `base`.
pub const LIST: FeatureList = FeatureList { names: &NAMES, sets: &[("base", COUNT)] };

/// Player `p`'s features in `s`: what it holds (its own hand: a seat's view holds it truly), the
/// pile's top, the cards left to draw, and the best other score.
pub fn features(s: &State, p: usize) -> [f64; COUNT] {
    let hand = s.hand(p);
    let best_other = (0..s.players()).filter(|&q| q != p).map(|q| s.score(q)).max().unwrap_or(0);
    [
        1.0,
        hand.values().map(f64::from).sum(),
        hand.len() as f64,
        s.top().map_or(0.0, f64::from),
        s.draw_left() as f64,
        best_other as f64,
    ]
}

/// The points `p` has banked in `s`: what the learned part is added to.
pub fn banked(s: &State, p: usize) -> f64 {
    s.score(p) as f64
}

/// Every player's estimated final score in `s`, into `out` (one per player).
pub fn evaluate(weights: &Weights, s: &State, out: &mut [f64]) {
    for (p, o) in out.iter_mut().enumerate().take(s.players()) {
        *o = banked(s, p) + weights.weigh(&features(s, p));
    }
}

/// Reads an evaluation file of these features (`PATH` or `PATH@sha256:HASH`) for a bot's `eval`
/// parameter, or says why it cannot be used.
pub fn check(value: &str) -> Result<FileValue, String> {
    let (recorded, weights) = stadt_core::learned::file::read(value, &LIST)?;
    Ok(FileValue { recorded, content: Arc::new(weights) })
}
