//! The feature vector of a player in a public position, the input of a learned evaluation. Each
//! feature is named; evaluation files name the features they weigh, so a file made for another
//! feature list is refused rather than misread.

use crate::eval::open_values_by_kind;
use stadt_core::ids::Player;
use stadt_core::table::{MAX_PLAYERS, Table};

/// How many features a player has.
pub const COUNT: usize = 14;

/// The features' names, in vector order. `tiles_left` is the share of the deck still to be
/// drawn (1 at the start, 0 at the end); `X*tiles_left` lets a feature's worth change as the
/// game goes on.
pub const NAMES: [&str; COUNT] = [
    "one",
    "tiles_left",
    "open_roads_markets",
    "open_residential",
    "open_watchmen",
    "followers",
    "towers",
    "walls_built",
    "open_roads_markets*tiles_left",
    "open_residential*tiles_left",
    "open_watchmen*tiles_left",
    "followers*tiles_left",
    "towers*tiles_left",
    "walls_built*tiles_left",
];

/// One player's features.
pub type Features = [f64; COUNT];

/// Every player's features in `table` (public information only).
pub fn features(table: &Table) -> [Features; MAX_PLAYERS] {
    let open = open_values_by_kind(table);
    let left: usize = table.pile_sizes().iter().sum();
    let total = left + table.drawn();
    let tiles_left = if total == 0 { 0.0 } else { left as f64 / total as f64 };
    let mut out = [[0.0; COUNT]; MAX_PLAYERS];
    for p in Player::all(table.players()) {
        let st = table.player(p);
        let o = &open[p.index()];
        let base = [
            o.roads_markets,
            o.residential,
            o.watchmen,
            (st.supply + st.returning) as f64,
            st.towers as f64,
            st.walls_built as f64,
        ];
        let f = &mut out[p.index()];
        f[0] = 1.0;
        f[1] = tiles_left;
        for (i, b) in base.iter().enumerate() {
            f[2 + i] = *b;
            f[8 + i] = *b * tiles_left;
        }
    }
    out
}

/// What projected scores weigh by `open` (`eval::open_values`): the three open-value features.
pub fn open_total(f: &Features) -> f64 {
    f[2] + f[3] + f[4]
}

/// Points banked by each player so far (what the learned part is added to).
pub fn banked(table: &Table) -> [f64; MAX_PLAYERS] {
    let mut out = [0.0; MAX_PLAYERS];
    for p in Player::all(table.players()) {
        out[p.index()] = table.player(p).points.total() as f64;
    }
    out
}
