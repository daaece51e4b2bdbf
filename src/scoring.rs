//! Points (R12, R21, R26, R27): what a completed road or market is worth, and the final scoring of
//! residential areas and watchmen.

use crate::features::{Features, RESIDENTIAL, ROAD, majority};
use crate::geom::{SIDES, Side, facing_port};
use crate::table::{MAX_PLAYERS, Table};
use crate::tiles::SegKind;
use crate::wall;

/// A player's points by source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Points {
    /// Completed roads (R12, R22, R24).
    pub roads: i32,
    /// Completed markets (R12, R22, R24).
    pub markets: i32,
    /// Towers (R21).
    pub towers: i32,
    /// Residential areas at the end (R26).
    pub residential: i32,
    /// Watchmen at the end (R27).
    pub watchmen: i32,
}

impl Points {
    /// The sum of the five sources.
    #[inline]
    pub fn total(&self) -> i32 {
        self.roads + self.markets + self.towers + self.residential + self.watchmen
    }
}

/// A completed road of `len` tiles: 1 point per tile up to 3 tiles, 2 per tile from 4 (R12).
#[inline]
pub fn road_points(len: u32) -> i32 {
    if len <= 3 { len as i32 } else { 2 * len as i32 }
}

/// A completed market: tiles times different kinds (R12).
#[inline]
pub fn market_points(len: u32, kinds: u32) -> i32 {
    (len * kinds) as i32
}

/// What the road or market rooted at `root` gives when complete.
#[inline]
pub fn feature_points(features: &Features, root: u16) -> i32 {
    match features.category(root) {
        ROAD => road_points(features.length(root)),
        RESIDENTIAL => 0,
        _ => market_points(features.length(root), features.kind_count(root)),
    }
}

/// Every (residential root, market root) pair that borders (R9), sorted and without repeats.
/// Returns the number of pairs written to `out`.
pub fn border_pairs(table: &Table, out: &mut [(u16, u16); 2 * 18 * 75]) -> usize {
    let board = table.board();
    let f = table.features();
    let mut n = 0;
    for (slot, t) in board.tiles().iter().enumerate() {
        let ty = table.tile_type(slot);
        // (a) on the tile: neighbouring ports in the port cycle.
        for &(m, h) in &ty.borders {
            out[n] = (
                f.root(t.node_base + h as u16),
                f.root(t.node_base + m as u16),
            );
            n += 1;
        }
        // (b) across an edge: a market port facing a residential port. East and south sides
        // only, so each edge is looked at once.
        for side in [Side::E, Side::S] {
            let Some(ns) = board.slot_at(t.cell().step(side)) else {
                continue;
            };
            for k in 0..3 {
                let b = 3 * side.index() + k;
                let mine = table.seg_at_port(slot, b);
                let theirs = table.seg_at_port(ns, facing_port(b));
                let (km, kt) = (table.seg_kind(slot, mine), table.seg_kind(ns, theirs));
                let (res, mkt) = match (km, kt) {
                    (SegKind::Residential, SegKind::Market(_)) => {
                        (table.node(slot, mine), table.node(ns, theirs))
                    }
                    (SegKind::Market(_), SegKind::Residential) => {
                        (table.node(ns, theirs), table.node(slot, mine))
                    }
                    _ => continue,
                };
                out[n] = (f.root(res), f.root(mkt));
                n += 1;
            }
        }
    }
    let pairs = &mut out[..n];
    pairs.sort_unstable();
    let mut w = 0;
    for i in 0..n {
        if i == 0 || pairs[i] != pairs[w - 1] {
            pairs[w] = pairs[i];
            w += 1;
        }
    }
    w
}

/// R26: for each residential area, its majority of bailiffs gets 2 points per distinct market
/// bordering it, complete or not.
pub fn residential_points(table: &Table) -> [i32; MAX_PLAYERS] {
    let mut out = [0; MAX_PLAYERS];
    let mut pairs = [(0u16, 0u16); 2 * 18 * 75];
    let n = border_pairs(table, &mut pairs);
    let f = table.features();
    let mut i = 0;
    while i < n {
        let res = pairs[i].0;
        let mut markets = 0;
        while i < n && pairs[i].0 == res {
            markets += 1;
            i += 1;
        }
        let winners = majority(f.followers_packed(res), table.players());
        for (p, o) in out.iter_mut().enumerate().take(table.players()) {
            if winners & (1 << p) != 0 {
                *o += 2 * markets;
            }
        }
    }
    out
}

/// R27: each watchman scores its row as the city stands now: 2 per public building, 3 per historic.
pub fn watchman_points(table: &Table) -> [i32; MAX_PLAYERS] {
    let mut out = [0; MAX_PLAYERS];
    let board = table.board();
    for (slot, t) in board.tiles().iter().enumerate() {
        if t.watch == 0 {
            continue;
        }
        for side in SIDES {
            if let Some(p) = t.watchman(side) {
                out[p] += row_points(table, slot, side);
            }
        }
    }
    out
}

/// Building points in the row guarded from side `side` of the tile in `slot` (R19, R27).
pub fn row_points(table: &Table, slot: usize, side: Side) -> i32 {
    let mut points = 0;
    wall::row(table.board(), slot, side, |s| {
        points += table.tile_type(s).building_points()
    });
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r12_road_of_three_gives_three_and_of_four_gives_eight() {
        assert_eq!(road_points(3), 3);
        assert_eq!(road_points(4), 8);
        assert_eq!(road_points(1), 1);
    }

    #[test]
    fn r12_market_points_are_tiles_times_kinds() {
        assert_eq!(market_points(3, 3), 9);
        assert_eq!(market_points(4, 2), 8);
        assert_eq!(market_points(6, 3), 18);
    }
}
