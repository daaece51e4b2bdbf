//! The scoring that reads the whole table: residential areas by the markets that border them (R9,
//! R26) and watchmen by their rows (R19, R27), at the end of the game; agents read the same values
//! to judge an open position.

use super::*;
use crate::geom::SIDES;
use crate::tiles::SegKind;

/// Residential areas that can hold bailiffs at once: at most one per follower.
pub const AREAS: usize = MAX_PLAYERS * FOLLOWERS as usize;

impl Table {
    /// R26: for each residential area, its majority of bailiffs gets 2 points per distinct market
    /// bordering it (R9), complete or not.
    pub fn residential_points(&self) -> [i32; MAX_PLAYERS] {
        let mut areas = [(NodeId::new(0), 0u32); AREAS];
        let n = self.bailiff_areas(&mut areas);
        let mut out = [0; MAX_PLAYERS];
        for &(res, markets) in &areas[..n] {
            for_majority(self.features.followers_packed(res), self.players(), |p| {
                out[p.index()] += 2 * markets as i32
            });
        }
        out
    }

    /// The residential areas holding bailiffs, each with how many distinct markets border it (R9):
    /// (area root, markets) written to `out`; returns how many. One pass over the borders the
    /// table recorded as tiles were placed (or, past its list's capacity, a scan of the city).
    pub fn bailiff_areas(&self, out: &mut [(NodeId, u32); AREAS]) -> usize {
        self.bailiff_areas_from(self.borders(), out)
    }

    /// `bailiff_areas` from these borders, or from a scan of the city when there are none.
    fn bailiff_areas_from(
        &self,
        borders: Option<&[(NodeId, NodeId)]>,
        out: &mut [(NodeId, u32); AREAS],
    ) -> usize {
        const WORDS: usize = crate::features::MAX_NODES.div_ceil(64);
        const NONE: u8 = u8::MAX;
        let f = &self.features;
        // Each area's index among them, by root.
        let mut index = [NONE; crate::features::MAX_NODES];
        let mut n = 0;
        for (slot, t) in self.board.slots() {
            if let Some((_, seg)) = t.follower()
                && self.seg_kind(slot, seg) == SegKind::Residential
            {
                let r = f.root(self.node(slot, seg));
                if index[r.index()] == NONE {
                    index[r.index()] = n as u8;
                    out[n] = (r, 0);
                    n += 1;
                }
            }
        }
        if n == 0 {
            return 0;
        }
        // Per area: the markets it borders as a bit set over roots; the count grows with each new
        // bit.
        let mut markets = [[0u64; WORDS]; AREAS];
        let mut mark = |res: NodeId, mkt: NodeId| {
            let i = index[f.root(res).index()];
            if i != NONE {
                let mkt = f.root(mkt).index();
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
            None => self.scan_borders(&mut mark),
        }
        n
    }

    /// Calls `mark(residential node, market node)` for every border (R9) on the board: what the
    /// table records as tiles are placed, found again by looking at the city.
    fn scan_borders(&self, mut mark: impl FnMut(NodeId, NodeId)) {
        let board = &self.board;
        // Every border has a market on one side, so only tiles with a market need a look, and
        // each border across an edge is seen once, from its market side.
        for t in board.tiles() {
            let ty = self.tileset.get(t.ty);
            let rot = &ty.rotated[t.rot as usize];
            if rot.market_ports == 0 {
                continue;
            }
            for &(m, h) in &ty.borders {
                mark(t.node_base.offset(h as usize), t.node_base.offset(m as usize));
            }
            for side in SIDES {
                let mine = (rot.market_ports >> (3 * side.index())) & 0b111;
                if mine == 0 {
                    continue;
                }
                let Some(ns) = board.slot_at(t.cell().step(side)) else { continue };
                let nt = board.tile(ns);
                let nrot = &self.tileset.get(nt.ty).rotated[nt.rot as usize];
                let opposite = 3 * side.opposite().index();
                // Port k of this side faces port 2 - k of the opposite side.
                let theirs = (nrot.residential_ports >> opposite) & 0b111;
                let mut both = mine & (((theirs & 1) << 2) | (theirs & 2) | (theirs >> 2));
                while both != 0 {
                    let k = both.trailing_zeros() as usize;
                    both &= both - 1;
                    let m = t.node_base.offset(rot.port_seg[3 * side.index() + k] as usize);
                    mark(nt.node_base.offset(nrot.port_seg[opposite + 2 - k] as usize), m);
                }
            }
        }
    }

    /// R27: each watchman scores its row as the city stands now: 2 per public building, 3 per
    /// historic.
    pub fn watchman_points(&self) -> [i32; MAX_PLAYERS] {
        let mut out = [0; MAX_PLAYERS];
        for (slot, t) in self.board.slots() {
            if t.watch == 0 {
                continue;
            }
            for side in SIDES {
                if let Some(p) = t.watchman(side) {
                    out[p.index()] += self.row_points(slot, side);
                }
            }
        }
        out
    }

    /// Building points in the row guarded from side `side` of the tile in `slot` (R19, R27).
    pub fn row_points(&self, slot: Slot, side: Side) -> i32 {
        let mut points = 0;
        wall::row(&self.board, slot, side, |s| points += self.tile_type(s).building_points());
        points
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use rand::SeedableRng;

    #[test]
    fn r26_recorded_borders_score_as_a_scan_of_the_city() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
        let mut moves = Vec::new();
        let both = |t: &Table| {
            let none = (NodeId::new(0), 0);
            let (mut recorded, mut scanned) = ([none; AREAS], [none; AREAS]);
            let n = t.bailiff_areas(&mut recorded);
            assert_eq!(n, t.bailiff_areas_from(None, &mut scanned));
            assert_eq!(recorded[..n], scanned[..n]);
        };
        for _ in 0..200 {
            let mut game = Game::shuffled(TileSet::default_set(), 4, &mut rng).unwrap();
            while !game.is_over() {
                both(game.table());
                let t = game.table();
                let mv = if t.step() == Step::PlaceTile {
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
}
