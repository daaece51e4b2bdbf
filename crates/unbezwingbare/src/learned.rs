//! The learned evaluation of Die Unbezwingbare Stadt: a player's final points estimated as its
//! points now plus a weighted sum of its features, the weights fitted by `stadt --game
//! unbezwingbare learn` and read from an evaluation file (`stadt_core::learned::file`).

use crate::state::State;
use stadt_core::bots::params::FileValue;
use stadt_core::learned::{FeatureList, Weights};
use std::sync::Arc;

/// How many features a player has.
pub const COUNT: usize = 8;

/// The features' names, in vector order.
pub const NAMES: [&str; COUNT] =
    ["one", "stones", "areas", "empty_areas", "hand", "influence", "knights", "best_other_points"];

/// The features as the core's learned evaluations take them: one set, `base`.
pub const LIST: FeatureList = FeatureList { names: &NAMES, sets: &[("base", COUNT)] };

/// Player `p`'s features in `s`: what is public of it (N25: stones, areas, hand sizes) and the
/// best other player's points.
pub fn features(s: &State, p: usize) -> [f64; COUNT] {
    let q = p as u8;
    let areas = s.owned[p].count_ones();
    let built = s.areas_of(q).filter(|&a| s.building[usize::from(a)] != crate::moves::NOBODY).count() as u32;
    let best_other = (0..s.n).filter(|&o| o != q).map(|o| s.points(o)).max().unwrap_or(0);
    [
        1.0,
        f64::from(s.stones[p]),
        f64::from(areas),
        f64::from(areas - built.min(areas)),
        f64::from(s.hand[p].count_ones()),
        f64::from(s.influence[p].count_ones()),
        f64::from(s.knights[p]),
        f64::from(best_other),
    ]
}

/// The points `p` has banked in `s` (U51): what the learned part is added to.
pub fn banked(s: &State, p: usize) -> f64 {
    f64::from(s.points(p as u8))
}

/// Every player's estimated final points in `s`, into `out` (one per player).
pub fn evaluate(weights: &Weights, s: &State, out: &mut [f64]) {
    for (p, o) in out.iter_mut().enumerate().take(s.seats()) {
        *o = banked(s, p) + weights.weigh(&features(s, p));
    }
}

/// Reads an evaluation file of these features (`PATH` or `PATH@sha256:HASH`) for a bot's `eval`
/// parameter, or says why it cannot be used.
pub fn check(value: &str) -> Result<FileValue, String> {
    let (recorded, weights) = stadt_core::learned::file::read(value, &LIST)?;
    Ok(FileValue { recorded, content: Arc::new(weights) })
}
