//! Points (R12, R21, R26, R27): what a completed road or market is worth, and the final scoring of
//! residential areas and watchmen.

use crate::features::{Features, RESIDENTIAL, ROAD, majority};
use crate::geom::{SIDES, Side};
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

/// Residential areas that can hold bailiffs at once: at most one per follower.
pub const AREAS: usize = MAX_PLAYERS * crate::table::FOLLOWERS as usize;

/// R26: for each residential area, its majority of bailiffs gets 2 points per distinct market
/// bordering it (R9), complete or not.
pub fn residential_points(table: &Table) -> [i32; MAX_PLAYERS] {
    let mut areas = [(0u16, 0u32); AREAS];
    let n = bailiff_areas(table, &mut areas);
    let f = table.features();
    let mut out = [0; MAX_PLAYERS];
    for &(res, markets) in &areas[..n] {
        let winners = majority(f.followers_packed(res), table.players());
        for (p, o) in out.iter_mut().enumerate().take(table.players()) {
            if winners & (1 << p) != 0 {
                *o += 2 * markets as i32;
            }
        }
    }
    out
}

/// The residential areas holding bailiffs, each with how many distinct markets border it (R9):
/// (area root, markets) written to `out`; returns how many. One pass over the borders (as the
/// table recorded them, or found by a scan of the city) marks each area's markets in a bit set
/// over union-find roots.
pub fn bailiff_areas(table: &Table, out: &mut [(u16, u32); AREAS]) -> usize {
    bailiff_areas_from(table, table.borders(), out)
}

fn bailiff_areas_from(table: &Table, borders: Option<&[(u16, u16)]>, out: &mut [(u16, u32); AREAS]) -> usize {
    const WORDS: usize = crate::features::MAX_NODES.div_ceil(64);
    const NONE: u8 = u8::MAX;
    let board = table.board();
    let f = table.features();
    // Each area's index among them, by root.
    let mut index = [NONE; crate::features::MAX_NODES];
    let mut n = 0;
    for (slot, t) in board.tiles().iter().enumerate() {
        if let Some((_, seg)) = t.follower()
            && table.seg_kind(slot, seg) == SegKind::Residential
        {
            let r = f.root(table.node(slot, seg));
            if index[r as usize] == NONE {
                index[r as usize] = n as u8;
                out[n] = (r, 0);
                n += 1;
            }
        }
    }
    if n == 0 {
        return 0;
    }
    // Per area: the markets it borders as a bit set over roots; the count grows with each new bit.
    let mut markets = [[0u64; WORDS]; AREAS];
    let mut mark = |res: u16, mkt: u16| {
        let i = index[f.root(res) as usize];
        if i != NONE {
            let mkt = f.root(mkt) as usize;
            let word = &mut markets[i as usize][mkt / 64];
            if *word & (1 << (mkt % 64)) == 0 {
                *word |= 1 << (mkt % 64);
                out[i as usize].1 += 1;
            }
        }
    };
    match borders {
        Some(borders) => {
            for &(m, h) in borders {
                mark(h, m);
            }
        }
        None => scan_borders(table, &mut mark),
    }
    n
}

/// Calls `mark(residential node, market node)` for every border (R9) on the board: what the table
/// records as tiles are placed, found again by looking at the city.
fn scan_borders(table: &Table, mut mark: impl FnMut(u16, u16)) {
    let board = table.board();
    let tileset = table.tileset();
    // Every border has a market on one side, so only tiles with a market need a look, and each
    // border across an edge is seen once, from its market side.
    for t in board.tiles() {
        let ty = tileset.get(t.ty);
        let rot = &ty.rotated[t.rot as usize];
        if rot.market_ports == 0 {
            continue;
        }
        for &(m, h) in &ty.borders {
            mark(t.node_base + h as u16, t.node_base + m as u16);
        }
        for side in SIDES {
            let mine = (rot.market_ports >> (3 * side.index())) & 0b111;
            if mine == 0 {
                continue;
            }
            let Some(ns) = board.slot_at(t.cell().step(side)) else { continue };
            let nt = board.tile(ns);
            let nrot = &tileset.get(nt.ty).rotated[nt.rot as usize];
            let opposite = 3 * side.opposite().index();
            // Port k of this side faces port 2 - k of the opposite side.
            let theirs = (nrot.residential_ports >> opposite) & 0b111;
            let mut both = mine & (((theirs & 1) << 2) | (theirs & 2) | (theirs >> 2));
            while both != 0 {
                let k = both.trailing_zeros() as usize;
                both &= both - 1;
                let m = t.node_base + rot.port_seg[3 * side.index() + k] as u16;
                mark(nt.node_base + nrot.port_seg[opposite + 2 - k] as u16, m);
            }
        }
    }
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
    fn r26_recorded_borders_score_as_a_scan_of_the_city() {
        use crate::game::Game;
        use crate::tiles::TileSet;
        use rand::SeedableRng;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
        let mut moves = Vec::new();
        let both = |t: &Table| {
            let (mut recorded, mut scanned) = ([(0, 0); AREAS], [(0, 0); AREAS]);
            let n = bailiff_areas(t, &mut recorded);
            assert_eq!(n, bailiff_areas_from(t, None, &mut scanned));
            assert_eq!(recorded[..n], scanned[..n]);
        };
        for _ in 0..200 {
            let mut game = Game::shuffled(TileSet::default_set(), 4, &mut rng).unwrap();
            while !game.is_over() {
                both(game.table());
                let t = game.table();
                let mv = if t.step() == crate::moves::Step::PlaceTile {
                    t.sample_tile_move(&mut rng)
                } else {
                    t.legal_moves(&mut moves);
                    moves[rand::RngExt::random_range(&mut rng, 0..moves.len())]
                };
                game.apply(mv);
            }
            assert!(game.table().borders().is_some());
            both(game.table());
        }
    }

    #[test]
    fn r12_market_points_are_tiles_times_kinds() {
        assert_eq!(market_points(3, 3), 9);
        assert_eq!(market_points(4, 2), 8);
        assert_eq!(market_points(6, 3), 18);
    }
}
