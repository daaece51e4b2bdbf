//! Position analysis for agents: what a player's open features are worth, what a wall piece would
//! guard. Works on the public `Table` only.

use die_stadt::features::{RESIDENTIAL, for_majority};
use die_stadt::geom::Side;
use die_stadt::ids::{NodeId, Player, Slot};
use die_stadt::scoring;
use die_stadt::table::{AREAS, MAX_PLAYERS, Table};

/// What each player's open features would be worth if scored as they stand: incomplete roads and
/// markets it leads (R12 points), residential areas it leads (R26), and its watchmen's rows (R27).
pub fn open_values(table: &Table) -> [f64; MAX_PLAYERS] {
    let kinds = open_values_by_kind(table);
    let mut out = [0.0; MAX_PLAYERS];
    for (o, k) in out.iter_mut().zip(&kinds) {
        *o = k.roads_markets + k.residential + k.watchmen;
    }
    out
}

/// A player's open values by kind (see `open_values`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OpenValues {
    /// Incomplete roads and markets it leads, at R12 points.
    pub roads_markets: f64,
    /// The part of `roads_markets` in features one port short of complete (R8).
    pub roads_markets_one_port: f64,
    /// Residential areas it leads, at R26 points as they stand.
    pub residential: f64,
    /// Its watchmen's rows, at R27 points as they stand.
    pub watchmen: f64,
}

/// Each player's open values by kind.
pub fn open_values_by_kind(table: &Table) -> [OpenValues; MAX_PLAYERS] {
    let mut out = [OpenValues::default(); MAX_PLAYERS];
    let f = table.features();
    let players = table.players();
    let mut seen = [NodeId::default(); 32];
    let mut ns = 0;
    for (slot, t) in table.board().slots() {
        if let Some((_, seg)) = t.follower() {
            let r = f.root(table.node(slot, seg));
            if f.category(r) == RESIDENTIAL || seen[..ns].contains(&r) || ns == seen.len() {
                continue;
            }
            seen[ns] = r;
            ns += 1;
            let points = scoring::feature_points(f, r) as f64;
            let one_port = if f.open(r) == 1 { points } else { 0.0 };
            for_majority(f.followers_packed(r), players, |p| {
                let o = &mut out[p.index()];
                o.roads_markets += points;
                o.roads_markets_one_port += one_port;
            });
        }
    }
    let mut areas = [(NodeId::default(), 0u32); AREAS];
    let n = table.bailiff_areas(&mut areas);
    for &(r, markets) in &areas[..n] {
        for_majority(f.followers_packed(r), players, |p| out[p.index()].residential += 2.0 * markets as f64);
    }
    let watch = table.watchman_points();
    for p in 0..players {
        out[p].watchmen = watch[p] as f64;
    }
    out
}

/// Building points in the row a watchman on side `side` of the tile in `slot` would guard (R19).
pub fn row_value(table: &Table, slot: Slot, side: Side) -> i32 {
    table.row_points(slot, side)
}

/// The scores a game would end with if it ended now, roughly: points so far plus open values.
pub fn projected(table: &Table, open_weight: f64) -> [f64; MAX_PLAYERS] {
    let open = open_values(table);
    let mut out = [0.0; MAX_PLAYERS];
    for p in Player::all(table.players()) {
        out[p.index()] = table.player(p).points.total() as f64 + open_weight * open[p.index()];
    }
    out
}
