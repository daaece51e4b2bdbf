//! Grid geometry: cells, sides, ports, lattice points and lattice edges (docs/die-stadt/rules.md section 2).
//!
//! Cells are (x, y) with y growing to the south. Point (x, y) is the north-west corner of cell
//! (x, y). A lattice edge is a cell side; walls lie on lattice edges.

use std::fmt;

/// A side of a cell, in clockwise order starting north.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Side {
    /// North, towards smaller y.
    N = 0,
    /// East, towards larger x.
    E = 1,
    /// South, towards larger y.
    S = 2,
    /// West, towards smaller x.
    W = 3,
}

/// All four sides in clockwise order.
pub const SIDES: [Side; 4] = [Side::N, Side::E, Side::S, Side::W];

impl Side {
    /// The side with this index (taken modulo 4).
    #[inline]
    pub fn from_index(i: usize) -> Side {
        SIDES[i & 3]
    }

    /// The index 0..4 (N, E, S, W).
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side facing this one across an edge.
    #[inline]
    pub fn opposite(self) -> Side {
        Side::from_index(self.index() + 2)
    }

    /// The cell offset one step towards this side.
    #[inline]
    pub fn delta(self) -> (i32, i32) {
        match self {
            Side::N => (0, -1),
            Side::E => (1, 0),
            Side::S => (0, 1),
            Side::W => (-1, 0),
        }
    }

    /// The letter used in port names.
    pub fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self.index()]
    }
}

/// Number of ports on a tile: three per side.
pub const PORTS: usize = 12;

/// The side a port index 0..12 lies on.
#[inline]
pub fn port_side(port: usize) -> Side {
    Side::from_index(port / 3)
}

/// The port of the neighbouring cell that faces `port` (N0 faces the north neighbour's S2).
#[inline]
pub fn facing_port(port: usize) -> usize {
    let side = port / 3;
    let k = port % 3;
    ((side + 2) % 4) * 3 + (2 - k)
}

/// Whether a port is the middle port of its side (the only place a road may leave a tile).
#[inline]
pub fn is_middle_port(port: usize) -> bool {
    port % 3 == 1
}

/// The board port a tile's own port `port` becomes when the tile is rotated `quarter` quarter turns
/// clockwise.
#[inline]
pub fn rotate_port(port: usize, quarter: usize) -> usize {
    (port + 3 * quarter) % PORTS
}

/// The name of a port index: N0..W2.
pub fn port_name(port: usize) -> String {
    format!("{}{}", port_side(port).letter(), port % 3)
}

/// Parses a port name N0..W2 into its index.
pub fn parse_port(text: &str) -> Option<usize> {
    let mut chars = text.chars();
    let side = match chars.next()? {
        'N' => 0,
        'E' => 1,
        'S' => 2,
        'W' => 3,
        _ => return None,
    };
    let k = match chars.next()? {
        '0' => 0,
        '1' => 1,
        '2' => 2,
        _ => return None,
    };
    if chars.next().is_some() {
        return None;
    }
    Some(side * 3 + k)
}

/// The mask of the three ports on a side.
#[inline]
pub fn side_port_mask(side: Side) -> u16 {
    0b111 << (3 * side.index())
}

/// Defines a pair of grid coordinates (column growing east, row growing south) with `new`, `step`
/// to the neighbour in a direction, and the `(x,y)` form errors and records print. Cells and
/// lattice points share this form but are different things, so each gets a type of its own.
macro_rules! grid_coordinates {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name {
            /// Column, growing east.
            pub x: i32,
            /// Row, growing south.
            pub y: i32,
        }

        impl $name {
            /// From its coordinates.
            #[inline]
            pub const fn new(x: i32, y: i32) -> $name {
                $name { x, y }
            }

            /// The neighbour one step in direction `dir`.
            #[inline]
            pub fn step(self, dir: Side) -> $name {
                let (dx, dy) = dir.delta();
                $name::new(self.x + dx, self.y + dy)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "({},{})", self.x, self.y)
            }
        }
    };
}

grid_coordinates!(
    /// A cell of the grid.
    Cell
);

grid_coordinates!(
    /// A lattice point: point (x, y) is the north-west corner of cell (x, y).
    Point
);

impl Cell {
    /// The lattice edge on `side` of this cell.
    #[inline]
    pub fn edge(self, side: Side) -> Edge {
        match side {
            Side::N => Edge::horizontal(self.x, self.y),
            Side::S => Edge::horizontal(self.x, self.y + 1),
            Side::W => Edge::vertical(self.x, self.y),
            Side::E => Edge::vertical(self.x + 1, self.y),
        }
    }
}

/// A lattice edge: the side of a cell, between two lattice points.
///
/// Stored by its west or north end point and its orientation, so every edge has one form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge {
    /// The west (horizontal edge) or north (vertical edge) end point.
    pub from: Point,
    /// True for an edge from (x, y) to (x+1, y); false for (x, y) to (x, y+1).
    pub horizontal: bool,
}

impl Edge {
    /// The edge from point (x, y) to point (x+1, y).
    #[inline]
    pub const fn horizontal(x: i32, y: i32) -> Edge {
        Edge { from: Point::new(x, y), horizontal: true }
    }

    /// The edge from point (x, y) to point (x, y+1).
    #[inline]
    pub const fn vertical(x: i32, y: i32) -> Edge {
        Edge { from: Point::new(x, y), horizontal: false }
    }

    /// The edge between two points, if they are one lattice step apart.
    pub fn between(a: Point, b: Point) -> Option<Edge> {
        let (p, q) = if (a.x, a.y) <= (b.x, b.y) { (a, b) } else { (b, a) };
        if p.y == q.y && q.x == p.x + 1 {
            Some(Edge::horizontal(p.x, p.y))
        } else if p.x == q.x && q.y == p.y + 1 {
            Some(Edge::vertical(p.x, p.y))
        } else {
            None
        }
    }

    /// The end point other than `from`.
    #[inline]
    pub fn to(self) -> Point {
        if self.horizontal {
            Point::new(self.from.x + 1, self.from.y)
        } else {
            Point::new(self.from.x, self.from.y + 1)
        }
    }

    /// The two cells this edge separates, with the side of each that the edge is.
    /// Horizontal: (north cell, its S side), (south cell, its N side).
    /// Vertical: (west cell, its E side), (east cell, its W side).
    #[inline]
    pub fn cells(self) -> [(Cell, Side); 2] {
        let Point { x, y } = self.from;
        if self.horizontal {
            [(Cell::new(x, y - 1), Side::S), (Cell::new(x, y), Side::N)]
        } else {
            [(Cell::new(x - 1, y), Side::E), (Cell::new(x, y), Side::W)]
        }
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let to = self.to();
        write!(f, "{} {} {} {}", self.from.x, self.from.y, to.x, to.y)
    }
}

/// Walking from `p` one step in direction `dir`: the edge walked along and the cells on the
/// right hand and on the left hand (y grows to the south, so the right hand of east is south).
#[inline]
pub fn walk(p: Point, dir: Side) -> (Edge, Cell, Cell) {
    let Point { x, y } = p;
    match dir {
        Side::E => (Edge::horizontal(x, y), Cell::new(x, y), Cell::new(x, y - 1)),
        Side::S => (Edge::vertical(x, y), Cell::new(x - 1, y), Cell::new(x, y)),
        Side::W => (Edge::horizontal(x - 1, y), Cell::new(x - 1, y - 1), Cell::new(x - 1, y)),
        Side::N => (Edge::vertical(x, y - 1), Cell::new(x, y - 1), Cell::new(x - 1, y - 1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facing_ports_pair_up() {
        assert_eq!(facing_port(0), 8); // N0 faces S2
        assert_eq!(facing_port(1), 7);
        assert_eq!(facing_port(3), 11); // E0 faces W2
        for p in 0..PORTS {
            assert_eq!(facing_port(facing_port(p)), p);
            assert_eq!(port_side(facing_port(p)), port_side(p).opposite());
        }
    }

    #[test]
    fn port_names_round_trip() {
        for p in 0..PORTS {
            assert_eq!(parse_port(&port_name(p)), Some(p));
        }
        assert_eq!(parse_port("N3"), None);
        assert_eq!(parse_port("X1"), None);
        assert_eq!(parse_port("N11"), None);
    }

    #[test]
    fn walking_puts_cells_on_the_right_hand() {
        // Along the north side of cell (0,0) going east: the cell is on the right.
        let (e, right, left) = walk(Point::new(0, 0), Side::E);
        assert_eq!(e, Cell::new(0, 0).edge(Side::N));
        assert_eq!(right, Cell::new(0, 0));
        assert_eq!(left, Cell::new(0, -1));
        // Down the west side of cell (0,0) going north: cell (0,0) is on the right.
        let (e, right, left) = walk(Point::new(0, 1), Side::N);
        assert_eq!(e, Cell::new(0, 0).edge(Side::W));
        assert_eq!(right, Cell::new(0, 0));
        assert_eq!(left, Cell::new(-1, 0));
        // Every walk's edge separates its two cells.
        for dir in SIDES {
            let (e, r, l) = walk(Point::new(3, -2), dir);
            let cells: Vec<Cell> = e.cells().iter().map(|c| c.0).collect();
            assert!(cells.contains(&r) && cells.contains(&l));
        }
    }

    #[test]
    fn edges_between_points_are_canonical() {
        let a = Point::new(1, 0);
        let b = Point::new(0, 0);
        assert_eq!(Edge::between(a, b), Some(Edge::horizontal(0, 0)));
        assert_eq!(Edge::between(b, a), Some(Edge::horizontal(0, 0)));
        assert_eq!(Edge::between(Point::new(0, 1), Point::new(0, 0)), Some(Edge::vertical(0, 0)));
        assert_eq!(Edge::between(Point::new(0, 0), Point::new(1, 1)), None);
        assert_eq!(Edge::horizontal(0, 0).to(), Point::new(1, 0));
        assert_eq!(Cell::new(2, 3).edge(Side::E), Edge::vertical(3, 3));
    }
}
