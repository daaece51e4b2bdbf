//! A learned evaluation: a player's final score estimated as the points it has banked plus a
//! weighted sum of its features (`features`), the weights fitted by `stadt learn` from self-play
//! and read from an evaluation file (`file`). Reads the public table only.

pub mod features;
pub mod file;

use die_stadt::table::Table;
use file::Weights;

/// Every player's estimated final score in `table`, into `out` (one per player).
pub fn evaluate(weights: &Weights, table: &Table, out: &mut [f64]) {
    let f = features::features(table, features::FeatureSet::ALL[weights.set]);
    let banked = features::banked(table);
    for (p, o) in out.iter_mut().enumerate() {
        *o = banked[p] + weights.weigh(&f[p]);
    }
}

/// The built-in weights (`eval=learned`), one evaluation per player count, each fitted by
/// `stadt learn` on self-play games of that many players and copied here: 2 players from
/// `results/learn` (experiments/learn.sh), 3 and 4 from `results/learn-3p` and `results/learn-4p`
/// (experiments/learn-multi.sh). A 2-player fit misjudges 4-player games (a player there gets a
/// quarter of the tiles left, not half), so one set of weights cannot serve every count.
pub const BUILTIN: [(&str, &str); 3] = [
    ("builtin-2p.eval", include_str!("builtin-2p.eval")),
    ("builtin-3p.eval", include_str!("builtin-3p.eval")),
    ("builtin-4p.eval", include_str!("builtin-4p.eval")),
];

/// The built-in weights for games of `players` players (2 to 4), parsed once.
pub fn builtin(players: usize) -> &'static Weights {
    static W: std::sync::OnceLock<Vec<Weights>> = std::sync::OnceLock::new();
    let all = W.get_or_init(|| {
        BUILTIN
            .iter()
            .map(|(name, text)| file::parse(text, name).expect("the built-in evaluation files are valid"))
            .collect()
    });
    &all[players.clamp(2, 4) - 2]
}
