//! The city wall (docs/die-stadt/rules.md section 5): the gate, the chain with its two free ends, which pieces may
//! extend it (R17), the rows watchmen guard (R19), how far apart the free ends are (R23c) and the
//! path that closes the wall at the end (R24).
//!
//! The chain is walked clockwise on screen (y grows south), so the city is on the right hand. The
//! *head* end extends forward with the inside on its right; the *tail* end extends backward, which
//! walking outward from the gate puts the inside on its left.

use crate::board::{Board, HOLE, WINDOW};
use crate::features::holds;
use crate::geom::{Cell, Edge, Point, Side, walk};
use crate::ids::{Player, Slot};
use crate::moves::{HEAD, TAIL, WallEnd};

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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wall {
    /// Pieces left in supply.
    pub supply: u8,
    /// The gate: (slot of its inside tile, side of that tile), once placed.
    pub gate: Option<(Slot, Side)>,
    /// The free ends, HEAD and TAIL (meaningful once the gate stands).
    pub ends: [End; 2],
    /// Pieces built at each end since the last tower there or the gate (R21).
    pub since_tower: [u8; 2],
    /// Towers placed: point and owner.
    pub towers: [(i8, i8, Player); TOWERS],
    /// Number of towers placed.
    pub tower_count: u8,
    /// The two free ends have met: no piece can be added.
    pub closed: bool,
    /// The end (HEAD or TAIL) that grew from the gate's second point: a piece that touches both
    /// free ends extends this one (R21).
    pub meet_end: WallEnd,
}

impl Default for Wall {
    fn default() -> Self {
        Wall {
            supply: WALL_PIECES,
            gate: None,
            ends: [End { x: 0, y: 0, dir: 0 }; 2],
            since_tower: [0; 2],
            towers: [(0, 0, Player::new(0)); TOWERS],
            tower_count: 0,
            closed: false,
            meet_end: HEAD,
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
    pub slot: Slot,
    /// Side of the inside tile the piece lies on.
    pub side: Side,
    /// The cell outside the piece (blocked once built).
    pub outside: Cell,
    /// Which end it extends.
    pub end: WallEnd,
    /// The end after the piece.
    pub next: End,
}

/// A placeholder piece, to fill fixed buffers of pieces before they are written.
pub const NO_PIECE: Piece = Piece {
    edge: Edge::horizontal(0, 0),
    slot: Slot::new(0),
    side: Side::N,
    outside: Cell::new(0, 0),
    end: HEAD,
    next: End { x: 0, y: 0, dir: 0 },
};

/// The pieces that may extend one end (R17): up to three (straight on, or a turn either way).
/// `hand` is the head (inside on the right) or the tail (inside on the left).
#[inline]
pub fn end_pieces(board: &Board, end: End, hand: WallEnd, out: &mut [Piece; 3]) -> usize {
    let Some(p) = board.point_index(end.point()) else {
        return 0;
    };
    let mut n = 0;
    let d = end.dir as usize;
    for nd in [d, d + 3, d + 1] {
        let dir = nd & 3;
        if let Some(slot) = allowed_at(board, p, hand, dir) {
            out[n] = piece(end.point(), hand, Side::from_index(dir), slot);
            n += 1;
        }
    }
    n
}

/// Stepping from point `p` in direction `dir` at an end of the given hand: the edge, the inside
/// cell, the outside cell and the side of the inside cell the edge is.
#[inline]
fn step_cells(p: Point, hand: WallEnd, dir: Side) -> (Edge, Cell, Cell, Side) {
    let (edge, right, left) = walk(p, dir);
    if hand == HEAD {
        (edge, right, left, Side::from_index(dir.index() + 3))
    } else {
        (edge, left, right, Side::from_index(dir.index() + 1))
    }
}

// A step from a lattice point in direction N, E, S, W, in window grid offsets (see `geom::walk`):
// the cell on the walker's right hand, the cell on the left hand, the next point, and the west
// or north end of the edge walked along.
const ROW: isize = WINDOW as isize;
const RIGHT: [isize; 4] = [-ROW, 0, -1, -ROW - 1];
const LEFT: [isize; 4] = [-ROW - 1, -ROW, 0, -1];
const AHEAD: [isize; 4] = [-ROW, 1, ROW, -1];
const EDGE_FROM: [isize; 4] = [-ROW, 0, 0, -1];

/// R17 for one step from the point at window grid index `p` in direction `dir` (a Side index) at
/// an end of the given hand: the inside is a tile not yet walled on that side, and the outside is
/// an empty cell outside the city (R15). It may already be blocked by an earlier piece; a blocked
/// cell the city has since enclosed lies inside the city, and the wall never grows into the city
/// (R15). Returns the inside tile's slot. Every point a search reaches is a corner of a tile, so
/// the cells around it lie in the window.
#[inline]
fn allowed_at(board: &Board, p: usize, hand: WallEnd, dir: usize) -> Option<Slot> {
    let (inside, outside, side) = if hand == HEAD {
        (RIGHT[dir], LEFT[dir], (dir + 3) & 3)
    } else {
        (LEFT[dir], RIGHT[dir], (dir + 1) & 3)
    };
    let slot = board.slot_at_index(p.wrapping_add_signed(inside))?;
    if board.tile(slot).walls & (1 << side) != 0 {
        return None;
    }
    // The outside cell touches the inside tile, so if empty it is a frontier cell.
    let f = board.frontier_at_index(p.wrapping_add_signed(outside))?;
    (f.flags & HOLE == 0).then_some(slot)
}

/// `allowed_at` for the head, with a tile added on the cell at grid index `added.0` (NO_CELL:
/// none) that lay in a pocket if `added.1`: that tile has no walls, and an empty cell beside it
/// that was no frontier cell becomes one, in the same region (outside unless the tile's cell was
/// a hole).
#[inline]
fn allowed_with(board: &Board, added: (usize, bool), p: usize, dir: usize) -> bool {
    let (inside, outside) = (p.wrapping_add_signed(RIGHT[dir]), p.wrapping_add_signed(LEFT[dir]));
    if inside == added.0 {
        return board.slot_at_index(outside).is_none()
            && board.frontier_at_index(outside).map_or(!added.1, |f| f.flags & HOLE == 0);
    }
    outside != added.0 && allowed_at(board, p, HEAD, dir).is_some()
}

/// The piece from point `p` in direction `dir` at an end of the given hand, on the tile in `slot`.
#[inline]
fn piece(p: Point, hand: WallEnd, dir: Side, slot: Slot) -> Piece {
    let (edge, _, outside, side) = step_cells(p, hand, dir);
    let next = p.step(dir);
    Piece {
        edge,
        slot,
        side,
        outside,
        end: hand,
        next: End { x: next.x as i8, y: next.y as i8, dir: dir.index() as u8 },
    }
}

/// Every piece that may be built now, at either end; none once the wall is closed or before the gate.
pub fn legal_pieces(board: &Board, wall: &Wall, out: &mut [Piece; 6]) -> usize {
    if wall.gate.is_none() || wall.closed {
        return 0;
    }
    let mut buf = [out[0]; 3];
    let mut n = 0;
    for hand in [HEAD, TAIL] {
        let k = end_pieces(board, wall.ends[hand.index()], hand, &mut buf);
        for p in &buf[..k] {
            // One edge touching both ends (the last gap) is one piece, listed once: it extends the
            // end that grew from the gate's second point (R21).
            match out[..n].iter().position(|q| q.edge == p.edge) {
                None => {
                    out[n] = *p;
                    n += 1;
                }
                Some(i) if hand == wall.meet_end => out[i] = *p,
                Some(_) => {}
            }
        }
    }
    n
}

/// Whether the free ends can be joined by at most `limit` legal pieces (R23c).
pub fn ends_within(board: &Board, wall: &Wall, limit: usize) -> bool {
    ends_within_after(board, wall, limit, NO_CELL)
}

/// No cell: the window grid index `ends_within_after` is given for "no tile added".
const NO_CELL: usize = usize::MAX;

/// `ends_within` as it would answer once a tile stands on the frontier cell at window grid index
/// `added` (NO_CELL: none), for a cell inside the window that closes no pocket
/// (`Board::may_enclose` false), so that every other empty cell keeps whether it lies outside.
pub(crate) fn ends_within_after(board: &Board, wall: &Wall, limit: usize, added: usize) -> bool {
    if wall.gate.is_none() {
        return false;
    }
    let (head, tail) = (wall.ends[HEAD.index()], wall.ends[TAIL.index()]);
    if wall.closed || head.point() == tail.point() {
        return true;
    }
    // Each piece moves the end one lattice step, so ends farther apart than that cannot meet.
    if (head.x as i32 - tail.x as i32).abs() + (head.y as i32 - tail.y as i32).abs() > limit as i32 {
        return false;
    }
    let Some(from) = board.point_index(head.point()) else {
        return false;
    };
    let mut path = [0u16; 8];
    if limit > path.len() {
        assert_eq!(added, NO_CELL, "an added tile is only checked against a short limit");
        // Beyond the depth-first search's reach: measure the shortest chain instead.
        let mut pieces = [NO_PIECE; MAX_PATH];
        return closing_path(board, wall, &mut pieces).is_some_and(|n| n <= limit);
    }
    let apart = (head.x as i32 - tail.x as i32, head.y as i32 - tail.y as i32);
    let hole = added != NO_CELL && board.frontier_at_index(added).is_some_and(|f| f.flags & HOLE != 0);
    reach(board, (added, hole), from, head.dir as usize, apart, limit, &mut path, 0)
}

/// A lattice step in direction N, E, S, W as (dx, dy).
const DELTA: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// Depth-first search for a chain of at most `budget` more pieces from point `p` (reached moving
/// in direction `d`, `apart` = its offset from the target) to the target, not using any edge in
/// `path[..depth]` twice. Each piece is one lattice step, so a step that leaves the target
/// farther than the remaining budget is not tried at all.
#[allow(clippy::too_many_arguments)]
fn reach(
    board: &Board,
    added: (usize, bool),
    p: usize,
    d: usize,
    apart: (i32, i32),
    budget: usize,
    path: &mut [u16; 8],
    depth: usize,
) -> bool {
    for nd in [d, d + 3, d + 1] {
        let dir = nd & 3;
        let next = (apart.0 + DELTA[dir].0, apart.1 + DELTA[dir].1);
        let distance = next.0.unsigned_abs() as usize + next.1.unsigned_abs() as usize;
        if distance + 1 > budget {
            continue;
        }
        // The edge as the west or north end point's index, twice, plus one when vertical.
        let edge = (2 * p.wrapping_add_signed(EDGE_FROM[dir]) + (dir & 1 ^ 1)) as u16;
        if holds(&path[..depth], edge) || !allowed_with(board, added, p, dir) {
            continue;
        }
        if distance == 0 {
            return true;
        }
        path[depth] = edge;
        if reach(board, added, p.wrapping_add_signed(AHEAD[dir]), dir, next, budget - 1, path, depth + 1) {
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
    let mut steps = [0u16; MAX_PATH];
    let len = closing_steps(board, wall, &mut steps)?;
    for (piece_out, &step) in out.iter_mut().zip(&steps[..len]) {
        let from = board.cell_at_index(step as usize / 4);
        let (slot, _, _) = step_piece(board, step);
        *piece_out = piece(Point::new(from.x, from.y), HEAD, Side::from_index(step as usize % 4), slot);
    }
    Some(len)
}

/// `closing_path` in the search's own terms, for the engine's closing: each piece as its step,
/// `4 * window grid index of the point it starts from + direction`.
pub(crate) fn closing_steps(board: &Board, wall: &Wall, out: &mut [u16; MAX_PATH]) -> Option<usize> {
    let head = wall.ends[HEAD.index()];
    let target = wall.ends[TAIL.index()].point();
    if wall.closed || head.point() == target {
        return Some(0);
    }
    // Breadth-first over states (point, direction), numbered 4 * grid index + direction.
    let (from, to) = (board.point_index(head.point())?, board.point_index(target)?);
    // The search can only arrive at the tail along an edge that a piece there could take,
    // walked the other way. When the city has closed in on the tail, no edge can, and the
    // search would visit every state it reaches before saying so.
    if !(0..4).any(|dir| allowed_at(board, to, TAIL, dir).is_some()) {
        return None;
    }
    let start = 4 * from + head.dir as usize;
    crate::scratch::with_scratch(|sc| {
        const STATES: usize = 4 * WINDOW * WINDOW;
        // `seen` is all clear between searches (each search clears the words it marked), so the
        // buffers are cleared only when first made. Only states marked in `seen` are ever read,
        // so `parent` needs no clearing at all.
        if sc.seen.len() != STATES / 64 {
            sc.seen = vec![0; STATES / 64];
            sc.parent = vec![0; STATES];
        }
        sc.states.clear();
        let last = search_closing(board, start, to, &mut sc.seen, &mut sc.parent, &mut sc.states);
        for &s in &sc.states {
            sc.seen[s as usize / 64] = 0;
        }
        let last = last?;
        sc.seen[last / 64] = 0;
        Some(write_steps(start, last, &sc.parent, out))
    })
}

/// A step of `closing_steps` as the piece it builds: the slot of its inside tile, the side of
/// that tile, and the window grid index of its outside cell.
#[inline]
pub(crate) fn step_piece(board: &Board, step: u16) -> (Slot, Side, usize) {
    let (p, dir) = (step as usize / 4, step as usize % 4);
    let slot = board.slot_at_index(p.wrapping_add_signed(RIGHT[dir])).expect("the search steps along tiles");
    (slot, Side::from_index(dir + 3), p.wrapping_add_signed(LEFT[dir]))
}

/// The breadth-first search of `closing_path` from state `start` to any state at point `to`:
/// marks states in `seen`, records `parent`s, queues states in `queue`; returns the state reached.
fn search_closing(
    board: &Board,
    start: usize,
    to: usize,
    seen: &mut [u64],
    parent: &mut [u16],
    queue: &mut Vec<u16>,
) -> Option<usize> {
    seen[start / 64] |= 1 << (start % 64);
    parent[start] = start as u16;
    queue.push(start as u16);
    let mut qh = 0;
    while qh < queue.len() {
        let s = queue[qh] as usize;
        qh += 1;
        let (p, d) = (s / 4, s % 4);
        for nd in [d, d + 3, d + 1] {
            let dir = nd & 3;
            if allowed_at(board, p, HEAD, dir).is_none() {
                continue;
            }
            let next = p.wrapping_add_signed(AHEAD[dir]);
            let t = 4 * next + dir;
            if seen[t / 64] & (1 << (t % 64)) != 0 {
                continue;
            }
            seen[t / 64] |= 1 << (t % 64);
            parent[t] = s as u16;
            if next == to {
                return Some(t);
            }
            queue.push(t as u16);
        }
    }
    None
}

/// Follows `parent` back from state `last` to `start` and writes the steps in order.
fn write_steps(start: usize, last: usize, parent: &[u16], out: &mut [u16; MAX_PATH]) -> usize {
    let mut len = 0;
    let mut cur = last;
    while cur != start {
        len += 1;
        cur = parent[cur] as usize;
    }
    let mut cur = last;
    for i in (0..len).rev() {
        let prev = parent[cur] as usize;
        // The step from the point of `prev` in the direction `cur` arrived with.
        out[i] = (prev & !3 | cur & 3) as u16;
        cur = prev;
    }
    len
}

/// Where the row of a watchman on side `side` of the tile in `slot` (R19) stops at a gap: the
/// empty cell, and the tile beyond it if there is one. None when the row stops at a walled edge.
/// A tile placed in that cell lengthens the row by itself and the row on from the tile beyond.
pub fn row_gap(board: &Board, slot: Slot, side: Side) -> Option<(Cell, Option<Slot>)> {
    let dir = side.opposite();
    let mut cell = board.tile(slot).cell();
    loop {
        let cur = board.slot_at(cell)?;
        if board.tile(cur).walled(dir) {
            return None;
        }
        cell = cell.step(dir);
        if board.slot_at(cell).is_none() {
            return Some((cell, board.slot_at(cell.step(dir))));
        }
    }
}

/// The row a watchman on side `side` of the tile in `slot` guards (R19): the slots from the
/// inside tile away from the wall, until a gap or a walled edge. Returns the number of tiles and,
/// when it ends at a walled edge, the (slot, side) of that edge.
pub fn row(board: &Board, slot: Slot, side: Side, mut visit: impl FnMut(Slot)) -> Option<(Slot, Side)> {
    let dir = side.opposite();
    let mut cur = slot;
    let mut i = board.grid_index(board.tile(slot).cell()).expect("tiles lie on the grid");
    loop {
        visit(cur);
        if board.tile(cur).walled(dir) {
            return Some((cur, dir));
        }
        // The cell one step on (cell and lattice point steps share their offsets).
        i = i.wrapping_add_signed(AHEAD[dir.index()]);
        cur = board.slot_at_index(i)?;
    }
}
