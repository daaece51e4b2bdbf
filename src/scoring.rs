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

/// R26: for each residential area, its majority of bailiffs gets 2 points per distinct market
/// bordering it (R9), complete or not. One pass over the city marks, for each area holding
/// bailiffs, the markets it borders in a bit set over union-find roots.
pub fn residential_points(table: &Table) -> [i32; MAX_PLAYERS] {
    const WORDS: usize = crate::features::MAX_NODES.div_ceil(64);
    let board = table.board();
    let f = table.features();
    // Areas holding bailiffs: at most one per follower.
    let mut areas = [u16::MAX; 4 * crate::table::FOLLOWERS as usize];
    let mut markets = [[0u64; WORDS]; 4 * crate::table::FOLLOWERS as usize];
    let mut n = 0;
    for (slot, t) in board.tiles().iter().enumerate() {
        if let Some((_, seg)) = t.follower()
            && table.seg_kind(slot, seg) == SegKind::Residential
        {
            let r = f.root(table.node(slot, seg));
            if !areas[..n].contains(&r) {
                areas[n] = r;
                n += 1;
            }
        }
    }
    if n == 0 {
        return [0; MAX_PLAYERS];
    }
    let mut mark = |res: u16, mkt: u16| {
        if !f.occupied(res) {
            return;
        }
        if let Some(i) = areas[..n].iter().position(|&a| a == res) {
            markets[i][mkt as usize / 64] |= 1 << (mkt % 64);
        }
    };
    let tileset = table.tileset();
    for t in board.tiles() {
        let ty = tileset.get(t.ty);
        let rot = &ty.rotated[t.rot as usize];
        for &(m, h) in &ty.borders {
            mark(f.root(t.node_base + h as u16), f.root(t.node_base + m as u16));
        }
        // Across an edge; east and south only, so each edge is looked at once.
        for side in [Side::E, Side::S] {
            let Some(ns) = board.slot_at(t.cell().step(side)) else { continue };
            let nt = board.tile(ns);
            let nty = tileset.get(nt.ty);
            let nrot = &nty.rotated[nt.rot as usize];
            if rot.market_sides & (1 << side.index()) == 0
                && nrot.market_sides & (1 << side.opposite().index()) == 0
            {
                continue;
            }
            for k in 0..3 {
                let b = 3 * side.index() + k;
                let (mine, theirs) = (rot.port_seg[b] as u16, nrot.port_seg[facing_port(b)] as u16);
                match (ty.seg_kind[mine as usize], nty.seg_kind[theirs as usize]) {
                    (SegKind::Residential, SegKind::Market(_)) => {
                        mark(f.root(t.node_base + mine), f.root(nt.node_base + theirs))
                    }
                    (SegKind::Market(_), SegKind::Residential) => {
                        mark(f.root(nt.node_base + theirs), f.root(t.node_base + mine))
                    }
                    _ => {}
                }
            }
        }
    }
    let mut out = [0; MAX_PLAYERS];
    for (i, &res) in areas[..n].iter().enumerate() {
        let count: i32 = markets[i].iter().map(|w| w.count_ones() as i32).sum();
        let winners = majority(f.followers_packed(res), table.players());
        for (p, o) in out.iter_mut().enumerate().take(table.players()) {
            if winners & (1 << p) != 0 {
                *o += 2 * count;
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
    wall::row(table.board(), slot, side, |s| points += table.tile_type(s).building_points());
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
