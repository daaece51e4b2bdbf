//! Decisions: the steps of a turn and the small `Copy` moves taken at each.

use crate::geom::{Edge, Point};

/// What the game waits for next. Each decision step has its own player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Chance: the next tile must be drawn (resolved by the game's hidden deck, or by a search
    /// agent's own sample).
    Draw,
    /// Place the tile in hand (R10).
    PlaceTile,
    /// Put a follower on the tile just placed, or not (R11).
    Follower,
    /// Place the city gate (R15).
    Gate,
    /// Place one wall piece, with or without a watchman (R17, R18).
    Wall,
    /// Place a tower on a free end, or not (R21).
    Tower,
    /// The game is over and scored.
    GameOver,
}

impl Step {
    /// The step's word in messages and in Python: `draw`, `tile`, `follower`, `gate`, `wall`,
    /// `tower` or `game-over`.
    pub fn name(self) -> &'static str {
        match self {
            Step::Draw => "draw",
            Step::PlaceTile => "tile",
            Step::Follower => "follower",
            Step::Gate => "gate",
            Step::Wall => "wall",
            Step::Tower => "tower",
            Step::GameOver => "game-over",
        }
    }
}

/// A lattice edge in the compact form moves use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WallEdge {
    /// West or north end point, x.
    pub x: i8,
    /// West or north end point, y.
    pub y: i8,
    /// True for an edge from (x, y) to (x+1, y); false for (x, y) to (x, y+1).
    pub horizontal: bool,
}

impl WallEdge {
    /// The full edge.
    #[inline]
    pub fn edge(self) -> Edge {
        Edge { from: Point::new(self.x as i32, self.y as i32), horizontal: self.horizontal }
    }
}

impl From<Edge> for WallEdge {
    #[inline]
    fn from(e: Edge) -> WallEdge {
        WallEdge { x: e.from.x as i8, y: e.from.y as i8, horizontal: e.horizontal }
    }
}

impl WallEdge {
    /// The gate's two points in the order a `Move::Gate` gives them: (first, second).
    #[inline]
    pub fn points(self, reversed: bool) -> (Point, Point) {
        let e = self.edge();
        if reversed { (e.to(), e.from) } else { (e.from, e.to()) }
    }
}

/// A free end of the wall. The head grew from the gate going clockwise (the city on its right hand
/// as it extends), the tail the other way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum WallEnd {
    /// The end that extends with the city on its right hand.
    Head = 0,
    /// The end that extends with the city on its left hand.
    Tail = 1,
}

impl WallEnd {
    /// Both ends, head first.
    pub const BOTH: [WallEnd; 2] = [WallEnd::Head, WallEnd::Tail];

    /// 0 for the head, 1 for the tail (to index per-end arrays).
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The head end (short for `WallEnd::Head`).
pub const HEAD: WallEnd = WallEnd::Head;
/// The tail end (short for `WallEnd::Tail`).
pub const TAIL: WallEnd = WallEnd::Tail;

/// One decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Put the drawn tile on cell (x, y), turned `rot` quarter turns clockwise.
    Tile {
        /// Column.
        x: i8,
        /// Row.
        y: i8,
        /// Quarter turns clockwise, 0..4.
        rot: u8,
    },
    /// A follower on a segment of the tile just placed, or none.
    Follower(Option<u8>),
    /// The city gate on an edge.
    Gate {
        /// The lattice edge.
        edge: WallEdge,
        /// The points were given east or south point first (`gate 1 0 0 0` rather than
        /// `gate 0 0 1 0`). R21: the piece that joins the two free ends extends the end grown from
        /// the gate's second point, so the order is part of the move. Legal move lists give each
        /// gate edge once, west or north point first; a record may write either order.
        reversed: bool,
    },
    /// A wall piece on an edge at one of the free ends, with or without a watchman.
    Wall {
        /// The lattice edge.
        edge: WallEdge,
        /// Whether the builder puts a follower on it as a watchman.
        watchman: bool,
    },
    /// A tower on a free end, or none.
    Tower(Option<WallEnd>),
}
