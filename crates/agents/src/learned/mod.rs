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

/// The built-in weights (`eval=learned`): the last generation of the learning run in
/// `results/learn` (experiments/learn.sh), copied here.
pub const BUILTIN: &str = include_str!("builtin.eval");

/// The built-in weights, parsed once.
pub fn builtin() -> std::sync::Arc<Weights> {
    static W: std::sync::OnceLock<std::sync::Arc<Weights>> = std::sync::OnceLock::new();
    W.get_or_init(|| {
        std::sync::Arc::new(
            file::parse(BUILTIN, "builtin.eval").expect("the built-in evaluation file is valid"),
        )
    })
    .clone()
}
