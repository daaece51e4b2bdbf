//! What may be done now: the legal moves of each step, and why a move is not legal (R10, R11,
//! R15, R17, R18, R21).

use super::*;
use crate::board::{FrontierCell, MAX_FRONTIER};

/// The most legal moves a position can have: a tile's four rotations on every frontier cell (a
/// gate may go on any of the at most four outside sides of each tile, fewer; the other steps
/// have a handful). A buffer of this many moves never grows.
pub const MAX_LEGAL_MOVES: usize = 4 * MAX_FRONTIER;

impl Table {
    /// Appends every legal move of the current step to `out` (cleared first). At Draw and
    /// GameOver there are none.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        match self.step {
            Step::Draw | Step::GameOver => {}
            Step::PlaceTile => self.tile_moves(out),
            Step::Follower => {
                out.push(Move::Follower(None));
                if self.player[self.actor.index()].supply > 0 {
                    let mut choices = self.follower_choices();
                    while choices != 0 {
                        let seg = choices.trailing_zeros() as u8;
                        choices &= choices - 1;
                        out.push(Move::Follower(Some(seg)));
                    }
                }
            }
            Step::Gate => {
                let mut outside = [0u8; TILE_COUNT];
                self.board.all_outside_sides(&mut outside);
                for (slot, t) in self.board.slots() {
                    let sides = outside[slot.index()] & !t.walls;
                    for side in SIDES {
                        if sides & (1 << side.index()) != 0 {
                            out.push(Move::Gate { edge: t.cell().edge(side).into(), reversed: false });
                        }
                    }
                }
            }
            Step::Wall => {
                let supply = self.player[self.actor.index()].supply;
                for piece in self.pieces() {
                    out.push(Move::Wall { edge: piece.edge.into(), watchman: false });
                    if supply > 0 && self.watchman_allowed(piece) {
                        out.push(Move::Wall { edge: piece.edge.into(), watchman: true });
                    }
                }
            }
            Step::Tower => {
                out.push(Move::Tower(None));
                for end in self.tower_ends() {
                    out.push(Move::Tower(Some(end)));
                }
            }
        }
        debug_assert!(out.len() <= MAX_LEGAL_MOVES, "{} legal moves", out.len());
    }

    pub(super) fn tile_moves(&self, out: &mut Vec<Move>) {
        self.for_each_placement(|mv| {
            out.push(mv);
            true
        });
    }

    /// Calls `visit` with each legal placement of the tile in hand, one per class of identical
    /// rotations, frontier cell by cell (the first tile: only (0,0) unrotated, R10), until it
    /// returns false. (A plain loop: this is the hot path of move generation.)
    fn for_each_placement(&self, mut visit: impl FnMut(Move) -> bool) {
        if self.board.tile_count() == 0 {
            visit(Move::Tile { x: 0, y: 0, rot: 0 });
            return;
        }
        let t = self.tileset.get(self.in_hand);
        for f in self.board.frontier() {
            if f.present == 0 || f.flags & BLOCKED != 0 {
                continue;
            }
            let mut fit = t.fits[fit_key(f)];
            while fit != 0 {
                let q = fit.trailing_zeros() as u8;
                fit &= fit - 1;
                if !visit(Move::Tile { x: f.x, y: f.y, rot: q }) {
                    return;
                }
            }
        }
    }

    /// A placement of the tile in hand drawn uniformly from the legal ones, without listing them:
    /// draws (frontier cell, rotation) pairs until one is legal, which is exactly uniform; after 16
    /// misses it counts the legal ones and picks one, also uniformly.
    pub fn sample_tile_move<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Move {
        use rand::RngExt;
        debug_assert_eq!(self.step, Step::PlaceTile);
        let frontier = self.board.frontier();
        if self.board.tile_count() == 0 {
            return Move::Tile { x: 0, y: 0, rot: 0 };
        }
        let t = self.tileset.get(self.in_hand);
        for _ in 0..16 {
            if let Some(mv) = probe(t, frontier, rng) {
                return mv;
            }
        }
        let mut k = rng.random_range(0..self.count_tile_moves());
        let mut chosen = None;
        self.for_each_placement(|mv| {
            if k == 0 {
                chosen = Some(mv);
                return false;
            }
            k -= 1;
            true
        });
        chosen.expect("the tile in hand fits somewhere")
    }

    /// `k` distinct placements of the tile in hand drawn uniformly (every ordered choice of `k`
    /// equally likely; all of them where there are no more), into `out` (cleared first): frontier
    /// cells and rotations drawn until one is legal, as `sample_tile_move` draws, a repeat drawn
    /// again, without listing the placements (which costs more than drawing a few). After 16
    /// draws in a row that add nothing, illegal or repeated (the tile fits few places, or there
    /// are fewer than `k` placements), the rest are drawn from the list of the placements not yet
    /// drawn, also uniformly: when that happens does not depend on which placements were drawn.
    pub fn sampled_tile_moves(&self, k: usize, rng: &mut rand_pcg::Pcg64Mcg, out: &mut Vec<Move>) {
        debug_assert_eq!(self.step, Step::PlaceTile);
        out.clear();
        if self.board.tile_count() == 0 {
            out.push(Move::Tile { x: 0, y: 0, rot: 0 });
            return;
        }
        let (t, frontier) = (self.tileset.get(self.in_hand), self.board.frontier());
        // Draws that add nothing (an illegal or a repeated placement) in a row.
        let mut idle = 0;
        while out.len() < k && idle < 16 {
            match probe(t, frontier, rng) {
                Some(mv) if !out.contains(&mv) => {
                    idle = 0;
                    out.push(mv);
                }
                _ => idle += 1,
            }
        }
        if out.len() < k {
            // The list after the ones drawn, less those; the rest drawn from it.
            let drawn = out.len();
            self.tile_moves(out);
            let mut kept = drawn;
            for i in drawn..out.len() {
                if !out[..drawn].contains(&out[i]) {
                    out[kept] = out[i];
                    kept += 1;
                }
            }
            out.truncate(kept);
            stadt_core::search::playout::keep_drawn_after(out, drawn, k - drawn, rng);
        }
    }

    /// Number of legal placements of the tile in hand, without building the list.
    pub fn count_tile_moves(&self) -> usize {
        // Set bits of a 4-bit rotation mask (a table: the target has no popcount instruction).
        const ROTATIONS: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
        let t = self.tileset.get(self.in_hand);
        if self.board.tile_count() == 0 {
            return 1;
        }
        self.board
            .frontier()
            .iter()
            .filter(|f| f.present != 0 && f.flags & BLOCKED == 0)
            .map(|f| ROTATIONS[t.fits[fit_key(f)] as usize & 0xF] as usize)
            .sum()
    }

    /// The segments of the tile just placed that may take a follower (R11), as a bit mask: one
    /// segment per feature (two segments of one feature are the same choice: the first is
    /// offered), on a feature without followers that this tile does not complete. Worked out
    /// without a branch per segment, which a random game mispredicts.
    pub(super) fn follower_choices(&self) -> u8 {
        let tile = self.board.tile(self.last_slot);
        let n = self.tileset.get(tile.ty).seg_count as usize;
        let mut roots = [0u16; 8];
        let mut mask = 0u8;
        for (seg, root) in roots.iter_mut().enumerate().take(n) {
            let r = self.features.root(tile.node_base.offset(seg));
            *root = r.index() as u16;
            let allowed = !self.features.occupied(r) & !self.features.is_complete(r);
            mask |= (allowed as u8) << seg;
        }
        // Drop a segment whose feature an earlier segment already offers.
        for seg in 1..n {
            let first = roots[..seg].iter().fold(false, |seen, &r| seen | (r == roots[seg]));
            mask &= !((first as u8) << seg);
        }
        mask
    }

    pub(super) fn gate_allowed(&self, slot: Slot, side: Side) -> bool {
        self.gate_sides(slot) & (1 << side.index()) != 0
    }

    /// R15: the tile and side a gate on edge `e` would stand on, if the gate may go there.
    pub(super) fn gate_side(&self, e: WallEdge) -> Option<(Slot, Side)> {
        e.edge().cells().into_iter().find_map(|(cell, side)| {
            let slot = self.board.slot_at(cell)?;
            self.gate_allowed(slot, side).then_some((slot, side))
        })
    }

    /// R15: the sides of the tile in `slot` where the gate may go (bit s for side s): not walled,
    /// facing an empty cell outside the city.
    pub(super) fn gate_sides(&self, slot: Slot) -> u8 {
        self.board.outside_sides(slot) & !self.board.tile(slot).walls
    }

    /// The empty cell inside the city (a pocket, R15) that edge `e` separates from a placed tile,
    /// if it does: for messages that say why a gate or piece may not go there.
    fn pocket_beside(&self, e: WallEdge) -> Option<Cell> {
        let cells = e.edge().cells().map(|(c, _)| c);
        let [a, b] = cells.map(|c| self.board.slot_at(c).is_some());
        let empty = match (a, b) {
            (true, false) => cells[1],
            (false, true) => cells[0],
            _ => return None,
        };
        (!self.board.is_outside(empty) && !self.board.is_blocked(empty)).then_some(empty)
    }

    pub(super) fn watchman_allowed(&self, piece: &Piece) -> bool {
        // R18: the row runs without a gap to a wall piece that already holds a watchman.
        let end = wall::row(&self.board, piece.slot, piece.side, |_| {});
        match end {
            Some((slot, side)) => self.board.tile(slot).watchman(side).is_none(),
            None => true,
        }
    }

    /// The free ends a tower may go on now (R21): HEAD and/or TAIL, one if they coincide.
    pub(super) fn tower_ends(&self) -> impl Iterator<Item = WallEnd> + '_ {
        let has_tower = self.player[self.building.scorer.index()].towers > 0;
        let same = self.wall.ends[0].point() == self.wall.ends[1].point();
        [HEAD, TAIL].into_iter().filter(move |&e| {
            has_tower
                && self.wall.gate.is_some()
                && !(same && e == TAIL)
                && !self.wall.tower_at(self.wall.ends[e.index()].point())
        })
    }

    /// Checks a move against the rules, saying why it is illegal.
    pub fn check(&self, mv: Move) -> Result<(), Illegal> {
        match (self.step, mv) {
            (Step::GameOver, _) => Err(Illegal::GameOver),
            (Step::Draw, _) => Err(Illegal::DrawFirst),
            (Step::PlaceTile, Move::Tile { x, y, rot }) => self.check_tile(x as i32, y as i32, rot),
            (Step::Follower, Move::Follower(opt)) => {
                let Some(seg) = opt else { return Ok(()) };
                let t = self.tile_type(self.last_slot);
                if seg as usize >= t.seg_count as usize {
                    return Err(Illegal::NoSegment(seg));
                }
                if self.player[self.actor.index()].supply == 0 {
                    return Err(Illegal::NoFollower { player: self.actor, watchman: false });
                }
                let r = self.features.root(self.node(self.last_slot, seg as usize));
                if self.features.occupied(r) {
                    return Err(Illegal::FeatureOccupied);
                }
                if self.features.is_complete(r) {
                    return Err(Illegal::CompletesFeature);
                }
                Ok(())
            }
            (Step::Gate, Move::Gate { edge: e, .. }) => {
                if self.gate_side(e).is_some() {
                    return Ok(());
                }
                Err(Illegal::GateNotOutside { edge: e.edge(), pocket: self.pocket_beside(e) })
            }
            (Step::Wall, Move::Wall { edge, watchman }) => {
                let Some(piece) = self.piece_on(edge) else {
                    let ends = WallEnd::BOTH.map(|e| self.wall.ends[e.index()].point());
                    let e = edge.edge();
                    let at_end = ends.iter().any(|&p| p == e.from || p == e.to());
                    return Err(match self.pocket_beside(edge) {
                        Some(cell) if at_end => Illegal::IntoPocket { edge: e, cell },
                        _ => Illegal::NotAtEnd { edge: e, ends },
                    });
                };
                if watchman {
                    if self.player[self.actor.index()].supply == 0 {
                        return Err(Illegal::NoFollower { player: self.actor, watchman: true });
                    }
                    if !self.watchman_allowed(piece) {
                        return Err(Illegal::RowGuarded);
                    }
                }
                Ok(())
            }
            (Step::Tower, Move::Tower(opt)) => match opt {
                None => Ok(()),
                Some(e) => {
                    if self.player[self.building.scorer.index()].towers == 0 {
                        Err(Illegal::NoTower(self.building.scorer))
                    } else if self.tower_ends().any(|x| x == e) {
                        Ok(())
                    } else {
                        Err(Illegal::TowerStands)
                    }
                }
            },
            (step, mv) => Err(Illegal::WrongStep { expected: step.name(), given: move_word(mv) }),
        }
    }

    pub(super) fn check_tile(&self, x: i32, y: i32, rot: u8) -> Result<(), Illegal> {
        if rot > 3 {
            return Err(Illegal::Rotation);
        }
        let cell = Cell::new(x, y);
        if self.board.tile_count() == 0 {
            return if (x, y, rot) == (0, 0, 0) { Ok(()) } else { Err(Illegal::FirstTile) };
        }
        if self.board.slot_at(cell).is_some() {
            return Err(Illegal::Occupied(cell));
        }
        let Some(f) = self.board.frontier_at(cell) else {
            return Err(Illegal::NotTouching(cell));
        };
        if f.flags & BLOCKED != 0 {
            return Err(Illegal::Blocked(cell));
        }
        let t = self.tileset.get(self.in_hand);
        let mine = t.rotated[rot as usize].road_sides;
        for side in SIDES {
            let bit = 1 << side.index();
            if f.present & bit != 0 && (mine & bit) != (f.road & bit) {
                return Err(Illegal::RoadMismatch {
                    tile: t.name.clone(),
                    degrees: rot as u32 * 90,
                    cell,
                    side,
                    ours: mine & bit != 0,
                });
            }
        }
        Ok(())
    }
}

/// One draw of a placement of `t` without the list: a frontier cell and a rotation, uniformly,
/// and the placement if it is legal (as `for_each_placement` lists it), so that repeated draws
/// give each legal placement equally often.
#[inline]
fn probe<R: rand::Rng + ?Sized>(t: &TileType, frontier: &[FrontierCell], rng: &mut R) -> Option<Move> {
    use rand::RngExt;
    let i = rng.random_range(0..frontier.len() * 4);
    let (f, rot) = (&frontier[i / 4], (i % 4) as u8);
    let legal = f.present != 0 && f.flags & BLOCKED == 0 && t.fits[fit_key(f)] & (1 << rot) != 0;
    legal.then_some(Move::Tile { x: f.x, y: f.y, rot })
}
