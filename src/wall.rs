//! The city wall (RULES.md section 5): the gate, the chain with its two free ends, which pieces may
//! extend it (R17), the rows watchmen guard (R19), how far apart the free ends are (R23c) and the
//! path that closes the wall at the end (R24).
//!
//! The chain is walked clockwise on screen (y grows south), so the city is on the right hand. The
//! *head* end extends forward with the inside on its right; the *tail* end extends backward, which
//! walking outward from the gate puts the inside on its left.

use crate::board::{BLOCKED, Board, HOLE};
use crate::geom::{Cell, Edge, Point, Side, walk};
use crate::moves::{HEAD, TAIL};

/// Wall pieces in the box (R3).
pub const WALL_PIECES: u8 = 70;
/// Towers in the box (R2).
pub const TOWERS: usize = 12;

/// A free end of the wall: its lattice point and the direction the wall last moved outward there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct End {
    /// Point x.
    pub x: i8,
    /// Point y.
    pub y: i8,
    /// Outward direction (a Side index: N, E, S, W).
    pub dir: u8,
}

impl End {
    /// The lattice point of this end.
    #[inline]
    pub fn point(&self) -> Point {
        Point::new(self.x as i32, self.y as i32)
    }
}

/// The wall's state.
#[derive(Clone, Debug)]
pub struct Wall {
    /// Pieces left in supply.
    pub supply: u8,
    /// The gate: (slot of its inside tile, side of that tile), once placed.
    pub gate: Option<(u8, u8)>,
    /// The free ends, HEAD and TAIL (meaningful once the gate stands).
    pub ends: [End; 2],
    /// Pieces built at each end since the last tower there or the gate (R21).
    pub since_tower: [u8; 2],
    /// Towers placed: point and owner.
    pub towers: [(i8, i8, u8); TOWERS],
    /// Number of towers placed.
    pub tower_count: u8,
    /// The two free ends have met: no piece can be added.
    pub closed: bool,
}

impl Default for Wall {
    fn default() -> Self {
        Wall {
            supply: WALL_PIECES,
            gate: None,
            ends: [End { x: 0, y: 0, dir: 0 }; 2],
            since_tower: [0; 2],
            towers: [(0, 0, 0); TOWERS],
            tower_count: 0,
            closed: false,
        }
    }
}

impl Wall {
    /// Whether a tower stands on a point.
    pub fn tower_at(&self, p: Point) -> bool {
        self.towers[..self.tower_count as usize].iter().any(|&(x, y, _)| x as i32 == p.x && y as i32 == p.y)
    }

    /// The ends a gate on side `side` of `cell` creates: (head, tail).
    pub fn ends_for_gate(cell: Cell, side: Side) -> (End, End) {
        // The side's clockwise start corner; walking clockwise from it keeps the cell on the right.
        let start = match side {
            Side::N => Point::new(cell.x, cell.y),
            Side::E => Point::new(cell.x + 1, cell.y),
            Side::S => Point::new(cell.x + 1, cell.y + 1),
            Side::W => Point::new(cell.x, cell.y + 1),
        };
        let head_dir = Side::from_index(side.index() + 1);
        let head = start.step(head_dir);
        (
            End { x: head.x as i8, y: head.y as i8, dir: head_dir.index() as u8 },
            End { x: start.x as i8, y: start.y as i8, dir: head_dir.opposite().index() as u8 },
        )
    }
}

/// A wall piece that may extend an end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The lattice edge.
    pub edge: Edge,
    /// Slot of the inside tile.
    pub slot: u8,
    /// Side of the inside tile the piece lies on.
    pub side: Side,
    /// The cell outside the piece (blocked once built).
    pub outside: Cell,
    /// Which end it extends (HEAD or TAIL).
    pub end: u8,
    /// The end after the piece.
    pub next: End,
}

/// The pieces that may extend one end (R17): up to three (straight on, or a turn either way).
/// `hand` is HEAD (inside on the right) or TAIL (inside on the left).
#[inline]
pub fn end_pieces(board: &Board, end: End, hand: u8, out: &mut [Piece; 3]) -> usize {
    let mut n = 0;
    let d = end.dir as usize;
    for nd in [d, d + 3, d + 1] {
        let dir = Side::from_index(nd);
        if let Some(piece) = piece_toward(board, end, hand, dir) {
            out[n] = piece;
            n += 1;
        }
    }
    n
}

/// Stepping from point `p` in direction `dir` at an end of the given hand: the edge, the inside
/// cell, the outside cell and the side of the inside cell the edge is.
#[inline]
fn step_cells(p: Point, hand: u8, dir: Side) -> (Edge, Cell, Cell, Side) {
    let (edge, right, left) = walk(p, dir);
    if hand == HEAD {
        (edge, right, left, Side::from_index(dir.index() + 3))
    } else {
        (edge, left, right, Side::from_index(dir.index() + 1))
    }
}

/// R17 for one step: the inside is a tile not yet walled on that side, and the outside is an empty
/// cell outside the city or already blocked. Returns the inside tile's slot.
#[inline]
fn allowed(board: &Board, inside: Cell, outside: Cell, side: Side) -> Option<usize> {
    let slot = board.slot_at(inside)?;
    if board.tile(slot).walled(side) {
        return None;
    }
    // The outside cell touches the inside tile, so if empty it is a frontier cell.
    let f = board.frontier_at(outside)?;
    (f.flags & BLOCKED != 0 || f.flags & HOLE == 0).then_some(slot)
}

/// The piece from `end` in direction `dir`, if R17 allows it.
#[inline]
fn piece_toward(board: &Board, end: End, hand: u8, dir: Side) -> Option<Piece> {
    let (edge, inside, outside, side) = step_cells(end.point(), hand, dir);
    let slot = allowed(board, inside, outside, side)?;
    let next = end.point().step(dir);
    Some(Piece {
        edge,
        slot: slot as u8,
        side,
        outside,
        end: hand,
        next: End { x: next.x as i8, y: next.y as i8, dir: dir.index() as u8 },
    })
}

/// Every piece that may be built now, at either end; none once the wall is closed or before the gate.
pub fn legal_pieces(board: &Board, wall: &Wall, out: &mut [Piece; 6]) -> usize {
    if wall.gate.is_none() || wall.closed {
        return 0;
    }
    let mut buf = [out[0]; 3];
    let mut n = 0;
    for hand in [HEAD, TAIL] {
        let k = end_pieces(board, wall.ends[hand as usize], hand, &mut buf);
        for p in &buf[..k] {
            // One edge touching both ends (the last gap) is one piece: list it once.
            if !out[..n].iter().any(|q| q.edge == p.edge) {
                out[n] = *p;
                n += 1;
            }
        }
    }
    n
}

/// Whether the free ends can be joined by at most `limit` legal pieces (R23c).
pub fn ends_within(board: &Board, wall: &Wall, limit: usize) -> bool {
    if wall.gate.is_none() {
        return false;
    }
    if wall.closed || wall.ends[0].point() == wall.ends[1].point() {
        return true;
    }
    let mut path = [Edge::horizontal(0, 0); 8];
    reach(board, wall.ends[HEAD as usize], wall.ends[TAIL as usize].point(), limit, &mut path, 0)
}

fn reach(board: &Board, end: End, target: Point, limit: usize, path: &mut [Edge; 8], depth: usize) -> bool {
    // Each piece moves the end one lattice step, so an end farther than that cannot make it.
    let p = end.point();
    if depth + ((p.x - target.x).abs() + (p.y - target.y).abs()) as usize > limit {
        return false;
    }
    let d = end.dir as usize;
    for nd in [d, d + 3, d + 1] {
        let dir = Side::from_index(nd);
        let (edge, inside, outside, side) = step_cells(p, HEAD, dir);
        if path[..depth].contains(&edge) || allowed(board, inside, outside, side).is_none() {
            continue;
        }
        let next = p.step(dir);
        if next == target {
            return true;
        }
        path[depth] = edge;
        let next = End { x: next.x as i8, y: next.y as i8, dir: dir.index() as u8 };
        if reach(board, next, target, limit, path, depth + 1) {
            return true;
        }
    }
    false
}

/// Most pieces on a closing path: every piece lies on a side of one of the 75 tiles.
pub const MAX_PATH: usize = 4 * crate::tiles::TILE_COUNT;

/// The shortest chain of legal pieces from the head to the tail (R24), written to `out`;
/// returns its length, or None when the ends cannot be joined.
pub fn closing_path(board: &Board, wall: &Wall, out: &mut [Piece; MAX_PATH]) -> Option<usize> {
    let head = wall.ends[HEAD as usize];
    let target = wall.ends[TAIL as usize].point();
    if wall.closed || head.point() == target {
        return Some(0);
    }
    // States are (point, direction). Pieces lie on sides of tiles, so every point on a path is a
    // corner of a tile: the states fit in the tiles' bounding box plus one row and column.
    let ((x0, y0), (x1, y1)) = board.bounds();
    let w = (x1 - x0 + 2) as usize;
    let h = (y1 - y0 + 2) as usize;
    let index = |p: Point, dir: usize| ((p.y - y0) as usize * w + (p.x - x0) as usize) * 4 + dir;
    crate::scratch::with_scratch(|sc| {
        // Only states marked in `seen` are ever read, so `parent` needs no clearing.
        sc.seen.clear();
        sc.seen.resize(4 * w * h / 64 + 1, 0);
        if sc.parent.len() < 4 * w * h {
            sc.parent.resize(4 * w * h, 0);
        }
        sc.states.clear();
        let (seen, parent, queue) = (&mut sc.seen[..], &mut sc.parent[..], &mut sc.states);
        let start = index(head.point(), head.dir as usize);
        seen[start / 64] |= 1 << (start % 64);
        parent[start] = start as u16;
        queue.push((head.point(), head.dir, start as u16));
        let mut qh = 0;
        while qh < queue.len() {
            let (p, d, s) = queue[qh];
            qh += 1;
            let d = d as usize;
            for nd in [d, d + 3, d + 1] {
                let dir = Side::from_index(nd);
                let (_, inside, outside, side) = step_cells(p, HEAD, dir);
                if allowed(board, inside, outside, side).is_none() {
                    continue;
                }
                let next = p.step(dir);
                let t = index(next, dir.index());
                if seen[t / 64] & (1 << (t % 64)) != 0 {
                    continue;
                }
                seen[t / 64] |= 1 << (t % 64);
                parent[t] = s;
                if next == target {
                    return Some(write_path(board, head, start, t, parent, w, (x0, y0), out));
                }
                queue.push((next, dir.index() as u8, t as u16));
            }
        }
        None
    })
}

/// Follows `parent` back from state `last` to `start` and writes the pieces in order.
#[allow(clippy::too_many_arguments)]
fn write_path(
    board: &Board,
    head: End,
    start: usize,
    last: usize,
    parent: &[u16],
    w: usize,
    (x0, y0): (i32, i32),
    out: &mut [Piece; MAX_PATH],
) -> usize {
    let end_of = |i: usize| -> End {
        if i == start {
            return head;
        }
        let cell = i / 4;
        End { x: (x0 + (cell % w) as i32) as i8, y: (y0 + (cell / w) as i32) as i8, dir: (i % 4) as u8 }
    };
    let mut len = 0;
    let mut cur = last;
    while cur != start {
        len += 1;
        cur = parent[cur] as usize;
    }
    let mut cur = last;
    let mut i = len;
    while cur != start {
        let prev = parent[cur] as usize;
        i -= 1;
        let (from, dir) = (end_of(prev), Side::from_index(cur % 4));
        let (edge, inside, outside, side) = step_cells(from.point(), HEAD, dir);
        let next = from.point().step(dir);
        out[i] = Piece {
            edge,
            slot: board.slot_at(inside).expect("the search steps along tiles") as u8,
            side,
            outside,
            end: HEAD,
            next: End { x: next.x as i8, y: next.y as i8, dir: dir.index() as u8 },
        };
        cur = prev;
    }
    len
}

/// The row a watchman on side `side` of the tile in `slot` guards (R19): the slots from the
/// inside tile away from the wall, until a gap or a walled edge. Returns the number of tiles and,
/// when it ends at a walled edge, the (slot, side) of that edge.
pub fn row(board: &Board, slot: usize, side: Side, mut visit: impl FnMut(usize)) -> Option<(usize, Side)> {
    let dir = side.opposite();
    let mut cur = slot;
    loop {
        visit(cur);
        let t = board.tile(cur);
        if t.walled(dir) {
            return Some((cur, dir));
        }
        match board.slot_at(t.cell().step(dir)) {
            Some(next) => cur = next,
            None => return None,
        }
    }
}
