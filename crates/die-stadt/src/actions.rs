//! The fixed action space: every move of the game as one integer, the same in every position, for
//! tools that want actions as numbers (OpenSpiel, PettingZoo, neural networks). Documented in
//! docs/python.md ("The action space"); the layout never depends on the position, only the meaning of a follower's or
//! tower's number needs the tile just placed or the wall's ends to become a `Move`.
//!
//! A connected city of 75 tiles around the start tile at (0, 0) reaches no cell with |x| or |y|
//! above 74, so cells and edges are numbered in a square around the start tile.

use crate::geom::{Edge, PORTS, Point};
use crate::moves::{Move, WallEdge, WallEnd};
use crate::table::Table;
use std::fmt;

/// Cells reach at most this far from the start tile in x and in y.
pub const REACH: i32 = 74;
/// Cells per row of the numbered square.
pub const SIDE: usize = 2 * REACH as usize + 1;
/// Lattice points per row (a cell's corners reach one further east and south).
pub const POINT_SIDE: usize = SIDE + 1;
/// Numbered lattice edges: two (horizontal, vertical) per point of the square.
pub const EDGES: usize = POINT_SIDE * POINT_SIDE * 2;

/// First tile action: `TILE + (cell * 4 + quarter turns)`, cell = (y + 74) * 149 + (x + 74).
pub const TILE: u32 = 0;
/// First follower action: `FOLLOWER` is no follower, `FOLLOWER + 1 + port` a follower on the
/// feature owning board port 0..11 (N0..W2).
pub const FOLLOWER: u32 = TILE + (SIDE * SIDE * 4) as u32;
/// First gate action: `GATE + edge * 2 + reversed` (see [`edge_index`]).
pub const GATE: u32 = FOLLOWER + 1 + PORTS as u32;
/// First wall action: `WALL + edge * 2 + watchman`.
pub const WALL: u32 = GATE + (EDGES * 2) as u32;
/// Tower actions: `TOWER` no tower, `TOWER + 1` on the head end, `TOWER + 2` on the tail end.
pub const TOWER: u32 = WALL + (EDGES * 2) as u32;
/// The number of actions.
pub const ACTIONS: u32 = TOWER + 3;

/// Why a number is no move here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// Not below [`ACTIONS`].
    OutOfRange(i64),
    /// A follower action when no tile has been placed.
    NoTilePlaced(u32),
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::OutOfRange(a) => write!(f, "action {a} is outside the action space 0..{ACTIONS}"),
            ActionError::NoTilePlaced(a) => {
                write!(f, "action {a} puts a follower on the tile just placed, but no tile has been placed")
            }
        }
    }
}

impl std::error::Error for ActionError {}

/// The index of a lattice edge: `((y + 74) * 150 + (x + 74)) * 2 + horizontal` for the edge's west
/// or north end point (x, y); None for an edge no city reaches.
pub fn edge_index(e: Edge) -> Option<usize> {
    let (x, y) = (e.from.x + REACH, e.from.y + REACH);
    let n = POINT_SIDE as i32;
    ((0..n).contains(&x) && (0..n).contains(&y)).then(|| ((y * n + x) as usize) * 2 + e.horizontal as usize)
}

fn edge_at(index: usize) -> WallEdge {
    let point = index / 2;
    let x = (point % POINT_SIDE) as i32 - REACH;
    let y = (point / POINT_SIDE) as i32 - REACH;
    WallEdge::from(Edge { from: Point::new(x, y), horizontal: index % 2 == 1 })
}

fn cell_index(x: i8, y: i8) -> Option<u32> {
    let (x, y) = (x as i32 + REACH, y as i32 + REACH);
    let n = SIDE as i32;
    ((0..n).contains(&x) && (0..n).contains(&y)).then_some((y * n + x) as u32)
}

/// The action of a move in `table` (the position it is about to be made in). A follower is
/// numbered by the lowest board port of its feature, so each move has one number. None for a
/// move that lies outside the numbered square or names no feature of the tile (never a legal one).
pub fn encode(table: &Table, mv: Move) -> Option<u32> {
    match mv {
        Move::Tile { x, y, rot } if rot < 4 => cell_index(x, y).map(|c| TILE + c * 4 + rot as u32),
        Move::Tile { .. } => None,
        Move::Follower(None) => Some(FOLLOWER),
        Move::Follower(Some(seg)) => {
            if table.board().tile_count() == 0 || seg >= table.tile_type(table.last_slot()).seg_count {
                return None;
            }
            let ports = table.seg_ports(table.last_slot(), seg as usize);
            Some(FOLLOWER + 1 + ports.trailing_zeros())
        }
        Move::Gate { edge, reversed } => {
            edge_index(edge.edge()).map(|e| GATE + e as u32 * 2 + reversed as u32)
        }
        Move::Wall { edge, watchman } => {
            edge_index(edge.edge()).map(|e| WALL + e as u32 * 2 + watchman as u32)
        }
        Move::Tower(None) => Some(TOWER),
        Move::Tower(Some(end)) => Some(TOWER + 1 + end.index() as u32),
    }
}

/// The move an action names in `table`. Any number in range names a move; whether it is legal is
/// `Table::check`'s question. A follower action names the feature that owns its port on the tile
/// just placed, so two ports of one feature name the same move.
pub fn decode(table: &Table, action: i64) -> Result<Move, ActionError> {
    if !(0..ACTIONS as i64).contains(&action) {
        return Err(ActionError::OutOfRange(action));
    }
    let a = action as u32;
    Ok(if a < FOLLOWER {
        let cell = (a - TILE) / 4;
        let x = (cell as usize % SIDE) as i32 - REACH;
        let y = (cell as usize / SIDE) as i32 - REACH;
        Move::Tile { x: x as i8, y: y as i8, rot: (a % 4) as u8 }
    } else if a < GATE {
        match a - FOLLOWER {
            0 => Move::Follower(None),
            p => {
                if table.board().tile_count() == 0 {
                    return Err(ActionError::NoTilePlaced(a));
                }
                Move::Follower(Some(table.seg_at_port(table.last_slot(), p as usize - 1) as u8))
            }
        }
    } else if a < WALL {
        let i = (a - GATE) as usize;
        Move::Gate { edge: edge_at(i / 2), reversed: i % 2 == 1 }
    } else if a < TOWER {
        let i = (a - WALL) as usize;
        Move::Wall { edge: edge_at(i / 2), watchman: i % 2 == 1 }
    } else {
        match a - TOWER {
            0 => Move::Tower(None),
            1 => Move::Tower(Some(WallEnd::Head)),
            _ => Move::Tower(Some(WallEnd::Tail)),
        }
    })
}

/// The legal actions of the current step, ascending (`moves` is scratch space).
pub fn legal_actions(table: &Table, moves: &mut Vec<Move>, out: &mut Vec<u32>) {
    moves.clear();
    table.legal_moves(moves);
    out.clear();
    out.extend(moves.iter().map(|&m| encode(table, m).expect("legal moves lie in the numbered square")));
    out.sort_unstable();
}
