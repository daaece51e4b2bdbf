//! The feature vector of a player in a public position, the input of a learned evaluation. Each
//! feature is named; evaluation files name the features they weigh, so a file made for another
//! feature list is refused rather than misread.

use crate::eval::open_values_by_kind;
use die_stadt::ids::Player;
use die_stadt::table::{MAX_PLAYERS, Table};
use die_stadt::wall::WALL_PIECES;

/// How many features a player has in the extended set (every feature this build knows).
pub const COUNT: usize = 20;

/// How many of them the base set weighs: the first 14, every evaluation file made before the
/// extended features existed.
pub const BASE: usize = 14;

/// The features' names, in vector order. `tiles_left` is the share of the deck still to be
/// drawn (1 at the start, 0 at the end); `X*tiles_left` lets a feature's worth change as the
/// game goes on. The extended features follow the base ones: the part of the open roads and
/// markets one port short of complete (R8; the rest may die unfinished, R25) and the share of
/// the 70 wall pieces still in supply (the wall's end ends the game, R23), with their terms.
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
    "open_one_port",
    "open_one_port*tiles_left",
    "wall_left",
    "open_roads_markets*wall_left",
    "followers*wall_left",
    "towers*wall_left",
];

/// Die Stadt's features and their sets, as the core's learned evaluations and evaluation files
/// take them (the sets in `FeatureSet::ALL` order).
pub const LIST: stadt_core::learned::FeatureList =
    stadt_core::learned::FeatureList { names: &NAMES, sets: &[("base", BASE), ("extended", COUNT)] };

/// Which features an evaluation weighs (as a number, its index in `ALL` and in `LIST.sets`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FeatureSet {
    /// The first `BASE` features.
    #[default]
    Base,
    /// All `COUNT` features.
    Extended,
}

impl FeatureSet {
    /// Every set, smallest first.
    pub const ALL: [FeatureSet; 2] = [FeatureSet::Base, FeatureSet::Extended];

    /// How many features the set weighs (the first that many of `NAMES`).
    pub const fn count(self) -> usize {
        match self {
            FeatureSet::Base => BASE,
            FeatureSet::Extended => COUNT,
        }
    }

    /// The names of its features, in vector order.
    pub fn names(self) -> &'static [&'static str] {
        &NAMES[..self.count()]
    }

    /// Its name on the command line and in manifests.
    pub fn name(self) -> &'static str {
        match self {
            FeatureSet::Base => "base",
            FeatureSet::Extended => "extended",
        }
    }

    /// The set called `name`, if one is.
    pub fn parse(name: &str) -> Option<FeatureSet> {
        Self::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// One player's features (those past the set's length are 0).
pub type Features = [f64; COUNT];

/// Every player's features of `set` in `table` (public information only).
pub fn features(table: &Table, set: FeatureSet) -> [Features; MAX_PLAYERS] {
    let open = open_values_by_kind(table);
    let left: usize = table.pile_sizes().iter().sum();
    let total = left + table.drawn();
    let tiles_left = if total == 0 { 0.0 } else { left as f64 / total as f64 };
    let wall_left = table.wall().supply as f64 / WALL_PIECES as f64;
    let mut out = [[0.0; COUNT]; MAX_PLAYERS];
    for p in Player::all(table.players()) {
        let st = table.player(p);
        let o = &open[p.index()];
        let followers = (st.supply + st.returning) as f64;
        let towers = st.towers as f64;
        let base = [o.roads_markets, o.residential, o.watchmen, followers, towers, st.walls_built as f64];
        let f = &mut out[p.index()];
        f[0] = 1.0;
        f[1] = tiles_left;
        for (i, b) in base.iter().enumerate() {
            f[2 + i] = *b;
            f[8 + i] = *b * tiles_left;
        }
        if set == FeatureSet::Extended {
            f[14] = o.roads_markets_one_port;
            f[15] = o.roads_markets_one_port * tiles_left;
            f[16] = wall_left;
            f[17] = o.roads_markets * wall_left;
            f[18] = followers * wall_left;
            f[19] = towers * wall_left;
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
