//! Building positions by hand: draw a named tile, place it, add followers and walls, by the rules.
//! Used by the rule tests and handy for exploring a rule from code.

use die_stadt::geom::{Edge, Point, parse_port};
use die_stadt::moves::{HEAD, Move, Step, TAIL, WallEdge};
use die_stadt::table::{Illegal, PILES, Table};
use die_stadt::tiles::TileSet;

/// A table driven by hand.
pub struct Scenario {
    /// The position.
    pub table: Table,
}

impl Scenario {
    /// An empty table for `players` with the default tile set.
    pub fn new(players: usize) -> Scenario {
        Scenario { table: Table::new(TileSet::default_set(), players).expect("2 to 4 players") }
    }

    /// The type index of a tile name (`curve`, `market-corner/F`); panics on an unknown name.
    pub fn ty(&self, name: &str) -> u8 {
        self.table.tileset().find(name).unwrap_or_else(|| panic!("unknown tile {name}"))
    }

    /// Sets unseen tiles aside until pile `pile` (2 or 3) is next, never taking those in `keep`.
    pub fn skip_to_pile(&mut self, pile: u8, keep: &[&str]) {
        let target: usize = PILES[..(pile - 1) as usize].iter().sum();
        let mut needed: Vec<u8> = keep.iter().map(|n| self.ty(n)).collect();
        while self.table.drawn() < target {
            let unseen = self.table.unseen().to_vec();
            let ty = (0..unseen.len())
                .rev()
                .find(|&t| {
                    let kept = needed.iter().filter(|&&k| k as usize == t).count();
                    unseen[t] as usize > kept
                })
                .expect("enough tiles to skip") as u8;
            self.table.set_aside_unseen(ty).unwrap();
        }
        needed.clear();
    }

    /// Draws the named tile and places it at (x, y) turned `degrees` clockwise.
    pub fn tile(&mut self, name: &str, x: i32, y: i32, degrees: u32) -> Result<(), Illegal> {
        let ty = self.ty(name);
        self.table.draw(ty)?;
        assert_eq!(self.table.step(), Step::PlaceTile, "{name} fits nowhere and was set aside");
        let q = (degrees / 90) as usize;
        let rot = self.table.tileset().get(ty).canonical[q];
        self.table.play(Move::Tile { x: x as i8, y: y as i8, rot })
    }

    /// Puts a follower on the feature owning board port `port` (N0..W2) of the tile just placed,
    /// or none.
    pub fn follower(&mut self, port: Option<&str>) -> Result<(), Illegal> {
        let mv = match port {
            None => Move::Follower(None),
            Some(p) => {
                let port = parse_port(p).unwrap_or_else(|| panic!("bad port {p}"));
                Move::Follower(Some(self.table.seg_at_port(self.table.last_slot(), port) as u8))
            }
        };
        self.table.play(mv)
    }

    /// A tile and then its follower (or none) in one call; panics if either is illegal.
    pub fn put(&mut self, name: &str, x: i32, y: i32, degrees: u32, port: Option<&str>) {
        self.tile(name, x, y, degrees).unwrap_or_else(|e| panic!("{name} at ({x},{y}) {degrees}: {e}"));
        self.follower(port).unwrap_or_else(|e| panic!("follower {port:?} on {name}: {e}"));
    }

    /// Places the tiles `names` unturned at `cells` (one each, in order) without followers, one
    /// turn each.
    pub fn put_unturned(&mut self, names: &[&str], cells: &[(i32, i32)]) {
        assert!(names.len() >= cells.len(), "a tile name for every cell");
        for (name, &(x, y)) in names.iter().zip(cells) {
            self.put(name, x, y, 0, None);
        }
    }

    /// Places the gate on the edge between two points.
    pub fn gate(&mut self, a: (i32, i32), b: (i32, i32)) -> Result<(), Illegal> {
        let e = Edge::between(Point::new(a.0, a.1), Point::new(b.0, b.1)).expect("adjacent points");
        // As a record writes it: the points in the order given (R21).
        self.table.play(Move::Gate { edge: WallEdge::from(e), reversed: e.from != Point::new(a.0, a.1) })
    }

    /// Builds a wall piece on the edge between two points.
    pub fn wall(&mut self, a: (i32, i32), b: (i32, i32), watchman: bool) -> Result<(), Illegal> {
        let e = Edge::between(Point::new(a.0, a.1), Point::new(b.0, b.1)).expect("adjacent points");
        self.table.play(Move::Wall { edge: WallEdge::from(e), watchman })
    }

    /// Places a tower on the free end at a point, or none.
    pub fn tower(&mut self, at: Option<(i32, i32)>) -> Result<(), Illegal> {
        let mv = match at {
            None => Move::Tower(None),
            Some((x, y)) => {
                let ends = self.table.wall_ends();
                let p = Point::new(x, y);
                let e = if ends[HEAD.index()].point() == p { HEAD } else { TAIL };
                Move::Tower(Some(e))
            }
        };
        self.table.play(mv)
    }

    /// The legal moves now.
    pub fn moves(&self) -> Vec<Move> {
        let mut v = Vec::new();
        self.table.legal_moves(&mut v);
        v
    }
}
