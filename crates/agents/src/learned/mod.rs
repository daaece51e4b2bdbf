//! A learned evaluation: a player's final score estimated as the points it has banked plus a
//! weighted sum of its features (`features`), the weights fitted by `stadt learn` from self-play
//! and read from an evaluation file (`file`). Reads the public table only.

pub mod features;
pub mod file;

use file::Weights;
use stadt_core::table::Table;

/// Every player's estimated final score in `table`, into `out` (one per player).
pub fn evaluate(weights: &Weights, table: &Table, out: &mut [f64]) {
    let f = features::features(table);
    let banked = features::banked(table);
    for (p, o) in out.iter_mut().enumerate() {
        *o = banked[p] + f[p].iter().zip(&weights.0).map(|(x, w)| x * w).sum::<f64>();
    }
}
