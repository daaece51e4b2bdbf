//! A slow, independent reference for the rules of docs/die-stadt/rules.md, for tests.
//!
//! Every fact is recomputed from the raw board by brute force, without the engine's incremental
//! structures. The raw board is what lies on the table: the placed tiles (cell, type, rotation,
//! walled sides, follower, watchmen), the gate and the towers. Features are found by a
//! breadth-first search through facing ports, holes by a flood fill of the empty cells, legal moves
//! by trying every cell, rotation and edge. Only the tile set's unrotated port table and segment
//! kinds come from [`die_stadt::tiles`]; rotations, facing ports and the lattice geometry are derived
//! here afresh from docs/die-stadt/rules.md section 2.
//!
//! [`Checker`] follows one game step by step and compares these facts with the engine's
//! [`Table`]: features, frontier, legal moves, piece counts, points, the wall chain and the turn
//! order. Each disagreement is a [`Mismatch`] that names the rule it concerns.

use die_stadt::board::{BLOCKED, HOLE};
use die_stadt::features::{RESIDENTIAL, ROAD};
use die_stadt::ids::{NodeId, Player, Slot};
use die_stadt::moves::{HEAD, Move, Step, TAIL, WallEdge};
use die_stadt::table::Table;
use die_stadt::tiles::{SegKind, TileSet, TileType};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

// ----- the box (docs/die-stadt/rules.md section 1) ------------------------------------------------------------

/// Followers each player owns, the score marker included (R1).
pub const FOLLOWERS: usize = 8;
/// Wall pieces in the box (R3).
pub const WALL_PIECES: usize = 70;
/// Towers in the box, split equally among the players (R2).
pub const TOWERS: usize = 12;
/// City tiles in the box (R4).
pub const TILES: usize = 75;
/// Sizes of piles 1, 2 and 3 (R4).
pub const PILES: [usize; 3] = [30, 25, 20];
/// R23(c): the game ends once the free ends can be joined by this many pieces or fewer.
pub const JOIN_LIMIT: usize = 5;
/// Most players (R1).
const MAX_PLAYERS: usize = 4;

// ----- geometry (docs/die-stadt/rules.md section 2) -----------------------------------------------------------

/// A cell (x, y); y grows to the south.
pub type Cell = (i32, i32);
/// A lattice point (x, y): the north-west corner of cell (x, y).
pub type Point = (i32, i32);
/// A side of a cell: the cell and the side index N 0, E 1, S 2, W 3. Walls lie on tile sides.
pub type TileSide = (Cell, usize);

/// Cell offsets across the sides N, E, S, W (y grows to the south).
const DELTA: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// The cell across side `side` of cell `c`.
pub fn across(c: Cell, side: usize) -> Cell {
    (c.0 + DELTA[side].0, c.1 + DELTA[side].1)
}

/// The neighbour's port facing board port `port`: port k of a side faces port 2 - k of the
/// opposite side of the neighbour.
pub fn facing(port: usize) -> usize {
    ((port / 3 + 2) % 4) * 3 + (2 - port % 3)
}

/// Corner `i` of cell `c`, clockwise from the north-west: NW, NE, SE, SW.
pub fn corner(c: Cell, i: usize) -> Point {
    match i % 4 {
        0 => (c.0, c.1),
        1 => (c.0 + 1, c.1),
        2 => (c.0 + 1, c.1 + 1),
        _ => (c.0, c.1 + 1),
    }
}

/// Side `side` of cell `c` walked clockwise around the cell, so the cell is on the right hand:
/// (from, to).
pub fn clockwise(c: Cell, side: usize) -> (Point, Point) {
    (corner(c, side), corner(c, side + 1))
}

/// The lattice edge of a cell side, in the engine's compact form (west or north end point).
pub fn wall_edge(c: Cell, side: usize) -> WallEdge {
    let (a, b) = clockwise(c, side);
    WallEdge { x: a.0.min(b.0) as i8, y: a.1.min(b.1) as i8, horizontal: a.1 == b.1 }
}

/// The two end points of a lattice edge in the compact form: west or north first.
pub fn edge_points(e: WallEdge) -> (Point, Point) {
    let (x, y) = (e.x as i32, e.y as i32);
    if e.horizontal { ((x, y), (x + 1, y)) } else { ((x, y), (x, y + 1)) }
}

/// The two cell sides that make up a lattice edge, one on each side of it.
pub fn edge_sides(e: WallEdge) -> Vec<TileSide> {
    let (x, y) = (e.x as i32, e.y as i32);
    let mut out = Vec::new();
    for cx in x - 1..=x {
        for cy in y - 1..=y {
            for side in 0..4 {
                if wall_edge((cx, cy), side) == e {
                    out.push(((cx, cy), side));
                }
            }
        }
    }
    out
}

/// Every cell side that has `p` as one of its end points.
fn sides_at(p: Point) -> Vec<TileSide> {
    let mut out = Vec::new();
    for cx in p.0 - 1..=p.0 {
        for cy in p.1 - 1..=p.1 {
            for side in 0..4 {
                let (a, b) = clockwise((cx, cy), side);
                if a == p || b == p {
                    out.push(((cx, cy), side));
                }
            }
        }
    }
    out
}

/// The segment of tile type `tt` on board port `port` when turned `rot` quarter turns clockwise
/// (a quarter turn moves port i to i + 3).
pub fn rotated_seg(tt: &TileType, rot: u8, port: usize) -> usize {
    tt.rotated[0].port_seg[(port + 12 - 3 * rot as usize) % 12] as usize
}

/// Whether rotations `a` and `b` of a tile lie identically: every board port shows the same kind
/// and the ports group into segments the same way.
pub fn same_placement(tt: &TileType, a: u8, b: u8) -> bool {
    (0..12).all(|p| {
        let (sa, sb) = (rotated_seg(tt, a, p), rotated_seg(tt, b, p));
        tt.seg_kind[sa] == tt.seg_kind[sb]
            && (0..12).all(|q| (rotated_seg(tt, a, q) == sa) == (rotated_seg(tt, b, q) == sb))
    })
}

/// The smallest rotation that lies exactly like `rot` (one move per class of identical placements).
pub fn canonical_rotation(tt: &TileType, rot: u8) -> u8 {
    (0..=rot).find(|&q| same_placement(tt, q, rot)).unwrap_or(rot)
}

/// The pile (1, 2 or 3) of the tile drawn as number `index`, counting from 0 (R4).
pub fn pile_of(index: usize) -> usize {
    if index < PILES[0] {
        1
    } else if index < PILES[0] + PILES[1] {
        2
    } else {
        3
    }
}

// ----- the raw board ---------------------------------------------------------------------------

/// A placed tile as it lies on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawTile {
    /// The cell.
    pub cell: Cell,
    /// Tile type index in the tile set.
    pub ty: u8,
    /// Quarter turns clockwise.
    pub rot: u8,
    /// Bit s: side s is walled (a wall piece, the gate or the final closing).
    pub walls: u8,
    /// Bit s: side s was walled by the final closing without a piece (R24).
    pub virtual_walls: u8,
    /// The watchman's owner on each side, if any.
    pub watchmen: [Option<usize>; 4],
    /// The follower on the tile: (player, segment).
    pub follower: Option<(usize, usize)>,
}

/// Cells around the placed tiles, with the slot of the tile in each (a lookup, nothing more).
#[derive(Clone, Debug)]
struct Grid {
    x0: i32,
    y0: i32,
    w: i32,
    h: i32,
    slots: Vec<Option<usize>>,
}

impl Grid {
    /// The bounding box of `cells` grown by one cell on every side, so its rim is empty.
    fn new(cells: &[Cell]) -> Grid {
        if cells.is_empty() {
            return Grid { x0: 0, y0: 0, w: 0, h: 0, slots: Vec::new() };
        }
        let x0 = cells.iter().map(|c| c.0).min().unwrap() - 1;
        let y0 = cells.iter().map(|c| c.1).min().unwrap() - 1;
        let w = cells.iter().map(|c| c.0).max().unwrap() + 2 - x0;
        let h = cells.iter().map(|c| c.1).max().unwrap() + 2 - y0;
        let mut grid = Grid { x0, y0, w, h, slots: vec![None; (w * h) as usize] };
        for (slot, &c) in cells.iter().enumerate() {
            let i = grid.index(c).expect("tiles lie inside their bounding box");
            grid.slots[i] = Some(slot);
        }
        grid
    }

    fn index(&self, c: Cell) -> Option<usize> {
        let (x, y) = (c.0 - self.x0, c.1 - self.y0);
        ((0..self.w).contains(&x) && (0..self.h).contains(&y)).then(|| (y * self.w + x) as usize)
    }

    fn get(&self, c: Cell) -> Option<usize> {
        self.index(c).and_then(|i| self.slots[i])
    }

    fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.h).flat_map(move |y| (0..self.w).map(move |x| (self.x0 + x, self.y0 + y)))
    }

    fn on_rim(&self, c: Cell) -> bool {
        c.0 == self.x0 || c.1 == self.y0 || c.0 == self.x0 + self.w - 1 || c.1 == self.y0 + self.h - 1
    }
}

/// Everything on the table that the rules look at, in plain form.
#[derive(Clone, Debug)]
pub struct RawBoard {
    /// The tile set.
    pub tileset: &'static TileSet,
    /// Number of players.
    pub players: usize,
    /// The placed tiles in placement order (index = slot).
    pub tiles: Vec<RawTile>,
    /// The gate: (slot of its inside tile, side of that tile).
    pub gate: Option<(usize, usize)>,
    /// Towers: lattice point and owner.
    pub towers: Vec<(Point, usize)>,
    grid: Grid,
    /// The segment on each board port of each tile, its rotation applied.
    port_seg: Vec<[usize; 12]>,
}

impl RawBoard {
    /// A raw board from its parts.
    pub fn new(
        tileset: &'static TileSet,
        players: usize,
        tiles: Vec<RawTile>,
        gate: Option<(usize, usize)>,
        towers: Vec<(Point, usize)>,
    ) -> RawBoard {
        let cells: Vec<Cell> = tiles.iter().map(|t| t.cell).collect();
        let port_seg = tiles
            .iter()
            .map(|t| {
                let tt = &tileset.types[t.ty as usize];
                std::array::from_fn(|port| rotated_seg(tt, t.rot, port))
            })
            .collect();
        RawBoard { tileset, players, tiles, gate, towers, grid: Grid::new(&cells), port_seg }
    }

    /// Reads the raw board off an engine table (placed tiles, gate, towers), nothing derived.
    pub fn from_table(t: &Table) -> RawBoard {
        let tiles = t
            .board()
            .tiles()
            .iter()
            .map(|p| RawTile {
                cell: (p.x as i32, p.y as i32),
                ty: p.ty,
                rot: p.rot,
                walls: p.walls,
                virtual_walls: p.virtual_walls,
                watchmen: std::array::from_fn(|s| {
                    let v = (p.watch >> (4 * s)) & 0xF;
                    (v != 0).then(|| v as usize - 1)
                }),
                follower: (p.follower != 0xFF)
                    .then_some(((p.follower >> 4) as usize, (p.follower & 0xF) as usize)),
            })
            .collect();
        let w = t.wall();
        let gate = w.gate.map(|(slot, side)| (slot.index(), side as usize));
        let towers = w.towers[..w.tower_count as usize]
            .iter()
            .map(|&(x, y, p)| ((x as i32, y as i32), p.index()))
            .collect();
        RawBoard::new(t.tileset(), t.players(), tiles, gate, towers)
    }

    /// The slot of the tile on a cell, if any.
    pub fn slot_at(&self, c: Cell) -> Option<usize> {
        self.grid.get(c)
    }

    /// The type of the tile in a slot.
    pub fn tile_type(&self, slot: usize) -> &'static TileType {
        &self.tileset.types[self.tiles[slot].ty as usize]
    }

    /// The segment owning board port `port` of the tile in `slot`.
    pub fn seg_at(&self, slot: usize, port: usize) -> usize {
        self.port_seg[slot][port]
    }

    /// The kind of the segment owning board port `port` of the tile in `slot`.
    pub fn kind_at(&self, slot: usize, port: usize) -> SegKind {
        self.tile_type(slot).seg_kind[self.seg_at(slot, port)]
    }

    /// Whether side `side` of the tile in `slot` is walled (wall piece, gate or closing).
    pub fn walled(&self, slot: usize, side: usize) -> bool {
        self.tiles[slot].walls & (1 << side) != 0 || self.gate == Some((slot, side))
    }

    /// Every walled tile side.
    pub fn walled_sides(&self) -> BTreeSet<TileSide> {
        let mut out = BTreeSet::new();
        for (slot, t) in self.tiles.iter().enumerate() {
            for side in 0..4 {
                if self.walled(slot, side) {
                    out.insert((t.cell, side));
                }
            }
        }
        out
    }

    /// Wall pieces on the board: walled sides that are neither the gate nor virtual (R3, R24).
    pub fn real_pieces(&self) -> usize {
        let mut n = 0;
        for (slot, t) in self.tiles.iter().enumerate() {
            for side in 0..4 {
                let piece = t.walls & (1 << side) != 0 && t.virtual_walls & (1 << side) == 0;
                if piece && self.gate != Some((slot, side)) {
                    n += 1;
                }
            }
        }
        n
    }

    /// Followers on tiles: (slot, segment, player).
    pub fn followers(&self) -> BTreeSet<(usize, usize, usize)> {
        self.tiles
            .iter()
            .enumerate()
            .filter_map(|(slot, t)| t.follower.map(|(p, seg)| (slot, seg, p)))
            .collect()
    }

    /// Watchmen on wall pieces: (slot, side, player).
    pub fn watchmen(&self) -> BTreeSet<(usize, usize, usize)> {
        let mut out = BTreeSet::new();
        for (slot, t) in self.tiles.iter().enumerate() {
            for (side, w) in t.watchmen.iter().enumerate() {
                if let Some(p) = w {
                    out.insert((slot, side, *p));
                }
            }
        }
        out
    }

    /// Followers of player `p` on the board: on tiles and on the wall (R1, R14).
    pub fn on_board(&self, p: usize) -> usize {
        self.followers().iter().filter(|f| f.2 == p).count()
            + self.watchmen().iter().filter(|w| w.2 == p).count()
    }

    /// Whether a tower stands on a point.
    pub fn tower_at(&self, p: Point) -> bool {
        self.towers.iter().any(|t| t.0 == p)
    }

    /// Empty cells next to at least one tile (edge to edge).
    pub fn empty_neighbours(&self) -> BTreeSet<Cell> {
        let mut out = BTreeSet::new();
        for t in &self.tiles {
            for side in 0..4 {
                let n = across(t.cell, side);
                if self.slot_at(n).is_none() {
                    out.insert(n);
                }
            }
        }
        out
    }

    /// Empty cells not connected to the outside of the city through empty cells that share an
    /// edge (R15: cells that meet only at a corner are not connected).
    pub fn enclosed(&self) -> BTreeSet<Cell> {
        let g = &self.grid;
        let mut outside = vec![false; g.slots.len()];
        let mut queue = VecDeque::new();
        for c in g.cells() {
            if g.on_rim(c) {
                outside[g.index(c).unwrap()] = true;
                queue.push_back(c);
            }
        }
        while let Some(c) = queue.pop_front() {
            for (dx, dy) in DELTA {
                let n = (c.0 + dx, c.1 + dy);
                if let Some(i) = g.index(n)
                    && !outside[i]
                    && g.slots[i].is_none()
                {
                    outside[i] = true;
                    queue.push_back(n);
                }
            }
        }
        g.cells()
            .filter(|&c| {
                let i = g.index(c).unwrap();
                g.slots[i].is_none() && !outside[i]
            })
            .collect()
    }

    /// Whether an enclosed cell meets an outside cell at a corner where two tiles touch
    /// diagonally (R15: such a pocket is inside the city all the same).
    pub fn has_corner_pocket(&self) -> bool {
        let enclosed = self.enclosed();
        enclosed.iter().any(|&(x, y)| {
            [(1, 1), (1, -1), (-1, 1), (-1, -1)].iter().any(|&(dx, dy)| {
                let diagonal = (x + dx, y + dy);
                self.slot_at(diagonal).is_none()
                    && !enclosed.contains(&diagonal)
                    && self.slot_at((x + dx, y)).is_some()
                    && self.slot_at((x, y + dy)).is_some()
            })
        })
    }

    /// Cells outside a walled side: no tile may go there (R20).
    pub fn blocked(&self) -> BTreeSet<Cell> {
        self.walled_sides().into_iter().map(|(c, side)| across(c, side)).collect()
    }
}

// ----- features (R5-R8) ------------------------------------------------------------------------

/// What a feature is: road, residential area or market (any kinds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// A road (citizens).
    Road,
    /// A residential area (bailiffs).
    Residential,
    /// A market of any kinds (market women).
    Market,
}

impl Category {
    /// The category of a segment kind: markets of all kinds are one category (R6).
    pub fn of(kind: SegKind) -> Category {
        match kind {
            SegKind::Road => Category::Road,
            SegKind::Residential => Category::Residential,
            SegKind::Market(_) => Category::Market,
        }
    }
}

/// One road, market or residential area.
#[derive(Clone, Debug)]
pub struct Feature {
    /// Road, residential or market.
    pub category: Category,
    /// Its segments: (slot, segment).
    pub segments: Vec<(usize, usize)>,
    /// Distinct tiles it covers (R7).
    pub tiles: BTreeSet<usize>,
    /// Open road or market ports: facing cell empty, side not walled (R8). 0 for residential.
    pub open_ports: u32,
    /// Market kinds: bit k for kind k (fish 0, grain 1, livestock 2).
    pub kinds: u8,
    /// Followers per player on its segments.
    pub followers: [u32; MAX_PLAYERS],
}

impl Feature {
    /// A road or market with no open port (R8).
    pub fn is_complete(&self) -> bool {
        self.category != Category::Residential && self.open_ports == 0
    }

    /// Points when complete (R12): roads 1 per tile up to 3 tiles, else 2 per tile; markets tiles
    /// times kinds; residential areas nothing.
    pub fn points(&self) -> i32 {
        let len = self.tiles.len() as i32;
        match self.category {
            Category::Road if len <= 3 => len,
            Category::Road => 2 * len,
            Category::Market => len * self.kinds.count_ones() as i32,
            Category::Residential => 0,
        }
    }

    /// Whether anyone has a follower on it.
    pub fn occupied(&self) -> bool {
        self.followers.iter().any(|&n| n > 0)
    }

    /// A short description for messages.
    pub fn describe(&self, board: &RawBoard) -> String {
        let cells: Vec<String> = self
            .segments
            .iter()
            .map(|&(slot, seg)| {
                let c = board.tiles[slot].cell;
                format!("({},{})#{seg}", c.0, c.1)
            })
            .collect();
        format!(
            "{:?} [{}] tiles {} open {} kinds {:03b} followers {:?}",
            self.category,
            cells.join(" "),
            self.tiles.len(),
            self.open_ports,
            self.kinds,
            &self.followers[..board.players]
        )
    }
}

/// All features of a board, found by breadth-first search through facing ports.
#[derive(Clone, Debug)]
pub struct Features {
    /// The features.
    pub list: Vec<Feature>,
    /// Feature index of each segment, by slot then segment.
    of: Vec<Vec<usize>>,
}

impl Features {
    /// Groups every segment of every placed tile into features (R5, R6) and counts their tiles,
    /// open ports, kinds and followers (R7, R8).
    pub fn new(board: &RawBoard) -> Features {
        let mut of: Vec<Vec<usize>> = board
            .tiles
            .iter()
            .enumerate()
            .map(|(slot, _)| vec![usize::MAX; board.tile_type(slot).seg_count as usize])
            .collect();
        let mut list = Vec::new();
        for slot in 0..board.tiles.len() {
            for seg in 0..of[slot].len() {
                if of[slot][seg] == usize::MAX {
                    let f = search(board, &mut of, (slot, seg), list.len());
                    list.push(f);
                }
            }
        }
        for (slot, t) in board.tiles.iter().enumerate() {
            if let Some((p, seg)) = t.follower {
                list[of[slot][seg]].followers[p] += 1;
            }
        }
        Features { list, of }
    }

    /// The feature index of a segment.
    pub fn of(&self, slot: usize, seg: usize) -> usize {
        self.of[slot][seg]
    }
}

/// One feature: every segment reachable from `start` through facing ports of the same category.
fn search(board: &RawBoard, of: &mut [Vec<usize>], start: (usize, usize), id: usize) -> Feature {
    let kind = board.tile_type(start.0).seg_kind[start.1];
    let category = Category::of(kind);
    let mut f = Feature {
        category,
        segments: Vec::new(),
        tiles: BTreeSet::new(),
        open_ports: 0,
        kinds: 0,
        followers: [0; MAX_PLAYERS],
    };
    of[start.0][start.1] = id;
    let mut queue = VecDeque::from([start]);
    while let Some((slot, seg)) = queue.pop_front() {
        f.segments.push((slot, seg));
        f.tiles.insert(slot);
        if let SegKind::Market(k) = board.tile_type(slot).seg_kind[seg] {
            f.kinds |= 1 << (k as u8);
        }
        for port in (0..12).filter(|&p| board.seg_at(slot, p) == seg) {
            let side = port / 3;
            match board.slot_at(across(board.tiles[slot].cell, side)) {
                Some(n) => {
                    let theirs = board.seg_at(n, facing(port));
                    let same = Category::of(board.tile_type(n).seg_kind[theirs]) == category;
                    if same && of[n][theirs] == usize::MAX {
                        of[n][theirs] = id;
                        queue.push_back((n, theirs));
                    }
                }
                None => {
                    if category != Category::Residential && !board.walled(slot, side) {
                        f.open_ports += 1;
                    }
                }
            }
        }
    }
    f
}

// ----- frontier (R10, R15, R20) ----------------------------------------------------------------

/// What the rules ask of an empty cell next to the city.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrontierFacts {
    /// Bit s: the neighbour across side s holds a tile.
    pub present: u8,
    /// Bit s: that neighbour shows a road port on the side facing this cell.
    pub road: u8,
    /// The outside cell of a wall piece or the gate (R20).
    pub blocked: bool,
    /// Not connected to the outside of the city through empty cells.
    pub hole: bool,
}

/// Every empty cell next to a tile, with its facts. Before the first tile: the start cell (0,0).
pub fn frontier(board: &RawBoard) -> BTreeMap<Cell, FrontierFacts> {
    if board.tiles.is_empty() {
        return BTreeMap::from([((0, 0), FrontierFacts::default())]);
    }
    let enclosed = board.enclosed();
    let blocked = board.blocked();
    let mut out = BTreeMap::new();
    for c in board.empty_neighbours() {
        let mut facts = FrontierFacts {
            blocked: blocked.contains(&c),
            hole: enclosed.contains(&c),
            ..FrontierFacts::default()
        };
        for side in 0..4 {
            if let Some(n) = board.slot_at(across(c, side)) {
                facts.present |= 1 << side;
                let their_middle = 3 * ((side + 2) % 4) + 1;
                if board.kind_at(n, their_middle) == SegKind::Road {
                    facts.road |= 1 << side;
                }
            }
        }
        out.insert(c, facts);
    }
    out
}

// ----- moves (R10, R11, R15, R17, R18, R21) ----------------------------------------------------

/// Whether a tile of type `tt` turned `rot` fits on the empty cell `c` (R10): on every side that
/// touches a tile, each port faces a port of the same road-ness.
pub fn fits(board: &RawBoard, tt: &TileType, rot: u8, c: Cell) -> bool {
    (0..4).all(|side| match board.slot_at(across(c, side)) {
        None => true,
        Some(n) => (3 * side..3 * side + 3).all(|port| {
            let mine = tt.seg_kind[rotated_seg(tt, rot, port)] == SegKind::Road;
            let theirs = board.kind_at(n, facing(port)) == SegKind::Road;
            mine == theirs
        }),
    })
}

/// R10: every legal placement (x, y, rot) of a tile of type `ty`, one rotation per class of
/// identical placements. The first tile goes to (0,0) unrotated.
pub fn tile_placements(board: &RawBoard, ty: u8) -> BTreeSet<(i32, i32, u8)> {
    if board.tiles.is_empty() {
        return BTreeSet::from([(0, 0, 0)]);
    }
    let tt = &board.tileset.types[ty as usize];
    let rotations: Vec<u8> = (0..4).filter(|&r| canonical_rotation(tt, r) == r).collect();
    let blocked = board.blocked();
    let mut out = BTreeSet::new();
    for c in board.empty_neighbours() {
        if blocked.contains(&c) {
            continue;
        }
        for &rot in &rotations {
            if fits(board, tt, rot, c) {
                out.insert((c.0, c.1, rot));
            }
        }
    }
    out
}

/// R11: the features of the tile in `slot` that may take a follower: holding none, and not a
/// road or market this tile completes.
pub fn follower_features(board: &RawBoard, features: &Features, slot: usize) -> BTreeSet<usize> {
    (0..board.tile_type(slot).seg_count as usize)
        .map(|seg| features.of(slot, seg))
        .filter(|&f| !features.list[f].occupied() && !features.list[f].is_complete())
        .collect()
}

/// R15: tile sides between a placed tile and an empty cell outside the city.
pub fn gate_sides(board: &RawBoard) -> BTreeSet<TileSide> {
    let enclosed = board.enclosed();
    let mut out = BTreeSet::new();
    for t in &board.tiles {
        for side in 0..4 {
            let n = across(t.cell, side);
            if board.slot_at(n).is_none() && !enclosed.contains(&n) {
                out.insert((t.cell, side));
            }
        }
    }
    out
}

/// The geometric part of R17 for one tile side: a placed tile inside, not walled yet, an empty
/// cell outside that is outside the city (R15). Whether that cell is already blocked does not
/// matter: a blocked cell outside the city is still outside, and one the city has since enclosed
/// is inside, where the wall never grows (R15's decision).
fn piece_fits(board: &RawBoard, enclosed: &BTreeSet<Cell>, (c, side): TileSide) -> bool {
    let Some(slot) = board.slot_at(c) else {
        return false;
    };
    let out = across(c, side);
    !board.walled(slot, side) && board.slot_at(out).is_none() && !enclosed.contains(&out)
}

/// The free ends of the chain of the gate and the wall pieces, from the walled edges alone:
/// every walled side walked clockwise (inside on the right) runs from the tail towards the head,
/// so the tail is where more edges leave than arrive and the head the other way round.
/// None before the gate and once the ends have met. Closing walls (virtual) are not counted.
pub fn chain_ends(board: &RawBoard) -> Option<(Point, Point)> {
    board.gate?;
    let mut balance: BTreeMap<Point, i32> = BTreeMap::new();
    for (slot, t) in board.tiles.iter().enumerate() {
        for side in 0..4 {
            if board.walled(slot, side) && t.virtual_walls & (1 << side) == 0 {
                let (a, b) = clockwise(t.cell, side);
                *balance.entry(a).or_default() += 1;
                *balance.entry(b).or_default() -= 1;
            }
        }
    }
    let head = balance.iter().find(|e| *e.1 == -1).map(|e| *e.0)?;
    let tail = balance.iter().find(|e| *e.1 == 1).map(|e| *e.0)?;
    Some((head, tail))
}

/// The pieces that extend the head: tile sides that start at `head` walked clockwise.
fn head_pieces(board: &RawBoard, enclosed: &BTreeSet<Cell>, head: Point) -> Vec<TileSide> {
    sides_at(head)
        .into_iter()
        .filter(|&(c, s)| clockwise(c, s).0 == head && piece_fits(board, enclosed, (c, s)))
        .collect()
}

/// R17: the tile sides a wall piece may go on, at the head (walked outward, the inside is on the
/// right, as along the gate) or at the tail (inside on the left). None once the ends have met.
pub fn wall_pieces(board: &RawBoard, head: Point, tail: Point) -> BTreeSet<TileSide> {
    if head == tail {
        return BTreeSet::new();
    }
    let enclosed = board.enclosed();
    let mut out: BTreeSet<TileSide> = head_pieces(board, &enclosed, head).into_iter().collect();
    for (c, s) in sides_at(tail) {
        if clockwise(c, s).1 == tail && piece_fits(board, &enclosed, (c, s)) {
            out.insert((c, s));
        }
    }
    out
}

/// R19: the row guarded from side `side` of the tile in `slot`: the tiles stepping away from that
/// side until an empty cell or a walled edge, and the walled (slot, side) it ends at, if any.
pub fn row(board: &RawBoard, slot: usize, side: usize) -> (Vec<usize>, Option<(usize, usize)>) {
    let dir = (side + 2) % 4;
    let mut slots = vec![slot];
    let mut cur = slot;
    loop {
        if board.walled(cur, dir) {
            return (slots, Some((cur, dir)));
        }
        match board.slot_at(across(board.tiles[cur].cell, dir)) {
            Some(n) => {
                cur = n;
                slots.push(n);
            }
            None => return (slots, None),
        }
    }
}

/// R18: a watchman may go on a new piece on side `side` of the tile in `slot` unless its row runs
/// without a gap to a wall piece that already holds a watchman.
pub fn watchman_allowed(board: &RawBoard, slot: usize, side: usize) -> bool {
    match row(board, slot, side).1 {
        Some((s, d)) => board.tiles[s].watchmen[d].is_none(),
        None => true,
    }
}

/// R23(c), R24: the fewest legal pieces (R17 steps from the head) that join `head` to `tail`, or
/// None if they cannot be joined. Breadth-first over lattice points: a shortest chain never comes
/// back to a point, and the pieces it lays never change which later pieces are legal.
pub fn join_distance(board: &RawBoard, head: Point, tail: Point) -> Option<usize> {
    if head == tail {
        return Some(0);
    }
    let enclosed = board.enclosed();
    let mut dist: BTreeMap<Point, usize> = BTreeMap::from([(head, 0)]);
    let mut queue = VecDeque::from([head]);
    while let Some(p) = queue.pop_front() {
        let d = dist[&p];
        for (c, s) in head_pieces(board, &enclosed, p) {
            let next = clockwise(c, s).1;
            if next == tail {
                return Some(d + 1);
            }
            if let std::collections::btree_map::Entry::Vacant(e) = dist.entry(next) {
                e.insert(d + 1);
                queue.push_back(next);
            }
        }
    }
    None
}

/// R24 [decision]: the outer boundary of the city: tile sides facing an empty cell outside the
/// city, not walled yet.
pub fn outer_boundary(board: &RawBoard) -> BTreeSet<TileSide> {
    let enclosed = board.enclosed();
    let mut out = BTreeSet::new();
    for (slot, t) in board.tiles.iter().enumerate() {
        for side in 0..4 {
            let n = across(t.cell, side);
            if board.slot_at(n).is_none() && !enclosed.contains(&n) && !board.walled(slot, side) {
                out.insert((t.cell, side));
            }
        }
    }
    out
}

// ----- points (R12, R21, R26, R27) -------------------------------------------------------------

/// The players with the most followers (R12, R26; ties all win); nobody when nobody has any.
pub fn majority(counts: &[u32]) -> Vec<usize> {
    let best = counts.iter().copied().max().unwrap_or(0);
    if best == 0 {
        return Vec::new();
    }
    (0..counts.len()).filter(|&p| counts[p] == best).collect()
}

/// R9: (residential feature, market feature) pairs that border: (a) neighbouring ports in a
/// tile's port cycle, or (b) facing ports across a tile edge.
pub fn borders(board: &RawBoard, features: &Features) -> BTreeSet<(usize, usize)> {
    let mut out = BTreeSet::new();
    let mut pair = |a: (usize, usize), b: (usize, usize)| {
        let ka = board.tile_type(a.0).seg_kind[a.1];
        let kb = board.tile_type(b.0).seg_kind[b.1];
        match (Category::of(ka), Category::of(kb)) {
            (Category::Residential, Category::Market) => {
                out.insert((features.of(a.0, a.1), features.of(b.0, b.1)));
            }
            (Category::Market, Category::Residential) => {
                out.insert((features.of(b.0, b.1), features.of(a.0, a.1)));
            }
            _ => {}
        }
    };
    for (slot, t) in board.tiles.iter().enumerate() {
        for port in 0..12 {
            let here = (slot, board.seg_at(slot, port));
            pair(here, (slot, board.seg_at(slot, (port + 1) % 12)));
            if let Some(n) = board.slot_at(across(t.cell, port / 3)) {
                pair(here, (n, board.seg_at(n, facing(port))));
            }
        }
    }
    out
}

/// R26: for each residential area, its majority of bailiffs gets 2 points per distinct market
/// bordering it.
pub fn residential_points(board: &RawBoard, features: &Features) -> [i32; MAX_PLAYERS] {
    let mut markets: BTreeMap<usize, usize> = BTreeMap::new();
    for (res, _) in borders(board, features) {
        *markets.entry(res).or_default() += 1;
    }
    let mut out = [0; MAX_PLAYERS];
    for (res, n) in markets {
        let f = &features.list[res];
        for p in majority(&f.followers[..board.players]) {
            out[p] += 2 * n as i32;
        }
    }
    out
}

/// R27: each watchman scores its row: 2 per public building, 3 per historic building.
pub fn watchman_points(board: &RawBoard) -> [i32; MAX_PLAYERS] {
    let mut out = [0; MAX_PLAYERS];
    for (slot, side, p) in board.watchmen() {
        for s in row(board, slot, side).0 {
            let tt = board.tile_type(s);
            out[p] += 2 * tt.public as i32 + if tt.historic.is_some() { 3 } else { 0 };
        }
    }
    out
}

/// R21: pieces along one end of the chain (`list`: its points from the gate outward) from the end
/// back to the first point met that holds a tower, or to the gate. Second, when the chain has
/// passed that tower's point before (a loop around a blocked pocket), the count back to its first
/// visit instead: docs/die-stadt/rules.md does not say which of the two is meant.
pub fn stretch(board: &RawBoard, list: &[Point]) -> (usize, Option<usize>) {
    let end = list.len() - 1;
    for i in (0..end).rev() {
        if board.tower_at(list[i]) {
            let first = list.iter().position(|&p| p == list[i]).unwrap();
            return (end - i, (first < i).then_some(end - first));
        }
    }
    (end, None)
}

// ----- comparing with the engine ---------------------------------------------------------------

/// Which group of facts a mismatch concerns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Check {
    /// Roads, markets and residential areas: partition, length, open ports, kinds, followers (R5-R8).
    Features,
    /// Empty cells next to the city: touching sides, roads, blocked, holes (R10, R15, R20).
    Frontier,
    /// The legal moves of the current step (R10, R11, R15, R17, R18, R21).
    Moves,
    /// Followers, wall pieces, towers and tiles add up (R1-R4, R12, R14).
    Pieces,
    /// Points of roads, markets, residential areas and watchmen, followers going home (R12, R22,
    /// R24-R27).
    Points,
    /// Tower points (R21).
    Towers,
    /// The wall chain: gate, free ends and the final closing (R15, R17, R23, R24).
    Wall,
    /// Whose decision comes next and when the game ends (R10, R13, R16, R21, R23).
    Turn,
}

/// One disagreement between the engine and the reference.
#[derive(Clone, Debug)]
pub struct Mismatch {
    /// What kind of fact differs.
    pub check: Check,
    /// What differs, with the rule id.
    pub message: String,
}

/// A legal move in a form both sides can be compared in: followers by feature, towers by point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Tile(i32, i32, u8),
    Follower(Option<usize>),
    Gate(WallEdge),
    Wall(WallEdge, bool),
    Tower(Option<Point>),
}

/// The wall as built so far, end by end: the points from the gate outward, and the gate's second
/// point as written.
#[derive(Clone, Debug)]
struct Chain {
    head: Vec<Point>,
    tail: Vec<Point>,
    second: Point,
}

impl Chain {
    fn head(&self) -> Point {
        *self.head.last().unwrap()
    }

    fn tail(&self) -> Point {
        *self.tail.last().unwrap()
    }

    fn closed(&self) -> bool {
        self.head() == self.tail()
    }
}

/// A wall building in progress (R16): builders in order, one entry per piece.
#[derive(Clone, Debug)]
struct Building {
    builders: Vec<usize>,
    pos: usize,
    scorer: usize,
    gate_first: bool,
}

impl Building {
    /// R15, R16: the scorer first, then clockwise, one piece per player per lap, 1 (pile 2) or 2
    /// (pile 3) each, doubled with 2 players; the scorer's first piece is the gate if there is none
    /// yet; with a short supply the pieces run out in that order.
    fn new(scorer: usize, players: usize, pile: usize, gate_first: bool, supply: usize) -> Building {
        let each = if pile == 2 { 1 } else { 2 } * if players == 2 { 2 } else { 1 };
        let mut builders = Vec::new();
        let mut left = supply;
        'laps: for _ in 0..each {
            for k in 0..players {
                let is_gate = gate_first && builders.is_empty();
                if !is_gate {
                    if left == 0 {
                        break 'laps;
                    }
                    left -= 1;
                }
                builders.push((scorer + k) % players);
            }
        }
        Building { builders, pos: 0, scorer, gate_first }
    }
}

/// What the table should wait for after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Expect {
    step: Step,
    actor: Option<usize>,
    current: Option<usize>,
}

/// Follows one game and compares the engine with the reference after every step.
#[derive(Clone, Debug)]
pub struct Checker {
    players: usize,
    /// Followers returned this turn, usable from the next turn on (R12).
    returning: [usize; MAX_PLAYERS],
    /// The chain as built; None before the gate.
    chain: Option<Chain>,
    /// The wall building in progress.
    building: Option<Building>,
    /// How often the game reached each rarer situation: what the comparison covered.
    pub stats: BTreeMap<&'static str, usize>,
    /// The board and features after the last step, reused when the next step starts from it.
    last: Option<(RawBoard, Features)>,
}

fn mismatch(out: &mut Vec<Mismatch>, check: Check, message: String) {
    out.push(Mismatch { check, message });
}

fn cell_name(c: Cell) -> String {
    format!("({},{})", c.0, c.1)
}

fn side_name((c, s): TileSide) -> String {
    format!("{} {}", cell_name(c), ['N', 'E', 'S', 'W'][s])
}

impl Checker {
    /// A checker for a game at its first step (nothing placed yet).
    pub fn new(t: &Table) -> Checker {
        Checker {
            players: t.players(),
            returning: [0; MAX_PLAYERS],
            chain: None,
            building: None,
            stats: BTreeMap::new(),
            last: None,
        }
    }

    fn count(&mut self, situation: &'static str) {
        *self.stats.entry(situation).or_default() += 1;
    }

    /// Counts the situations of a decision step that the rules treat specially.
    fn count_situations(&mut self, t: &Table, board: &RawBoard, features: &Features) {
        match t.step() {
            Step::Follower if !board.tiles.is_empty() => {
                let slot = board.tiles.len() - 1;
                for seg in 0..board.tile_type(slot).seg_count as usize {
                    let f = &features.list[features.of(slot, seg)];
                    if f.occupied() {
                        self.count("R11 follower refused: feature occupied");
                    } else if f.is_complete() {
                        self.count("R11 follower refused: feature completed by the tile");
                    }
                }
            }
            Step::Gate if board.has_corner_pocket() => {
                self.count("R15 gate step beside a pocket that meets the outside at a corner");
            }
            Step::Wall => {
                let Some(chain) = &self.chain else { return };
                let pieces = wall_pieces(board, chain.head(), chain.tail());
                let (head, tail) = (chain.head(), chain.tail());
                // Sides at an end that only R15 rules out: a tile inside, an enclosed cell
                // outside, free or already blocked by an earlier piece.
                let enclosed = board.enclosed();
                let blocked = board.blocked();
                let (mut free, mut walled_in) = (false, false);
                for (c, s) in [head, tail].iter().flat_map(|&p| sides_at(p)) {
                    let out = across(c, s);
                    if board.slot_at(c).is_some_and(|slot| !board.walled(slot, s))
                        && board.slot_at(out).is_none()
                        && enclosed.contains(&out)
                    {
                        if blocked.contains(&out) {
                            walled_in = true;
                        } else {
                            free = true;
                        }
                    }
                }
                if free {
                    self.count("R17 an end beside a pocket: no piece faces into it");
                }
                if walled_in {
                    self.count("R17 an end beside a blocked cell the city enclosed: no piece faces it");
                }
                let at_head = pieces.iter().filter(|&&(c, s)| clockwise(c, s).0 == head).count();
                let at_tail = pieces.iter().filter(|&&(c, s)| clockwise(c, s).1 == tail).count();
                if at_head > 1 || at_tail > 1 {
                    self.count("R17 two pieces at one end");
                }
                if pieces.iter().any(|&(c, s)| !watchman_allowed(board, board.slot_at(c).unwrap(), s)) {
                    self.count("R18 watchman refused");
                }
            }
            _ => {}
        }
    }

    /// Compares every fact of the current state with the engine.
    pub fn check(&self, t: &Table) -> Vec<Mismatch> {
        let board = self.raw(t);
        let features = Features::new(&board);
        let mut out = Vec::new();
        self.check_state(t, &board, &features, &mut out);
        out
    }

    fn check_state(&self, t: &Table, board: &RawBoard, features: &Features, out: &mut Vec<Mismatch>) {
        check_features(t, board, features, out);
        check_frontier(t, board, out);
        self.check_moves(t, board, features, out);
        self.check_pieces(t, board, out);
        self.check_chain(t, board, out);
        check_unscored(t, board, features, out);
    }

    /// Follows a move from `before` to `after`: checks its points, the next decision and the
    /// closing, then every fact of `after` (as [`Checker::check`]).
    pub fn step(&mut self, before: &Table, mv: Move, after: &Table) -> Vec<Mismatch> {
        let b0 = self.raw(before);
        let f0 = match self.last.take() {
            Some((b, f)) if b.tiles == b0.tiles && b.gate == b0.gate => f,
            _ => Features::new(&b0),
        };
        let b1 = self.raw(after);
        let f1 = Features::new(&b1);
        let s = Transition { before, after, mv, b0: &b0, b1: &b1, f0: &f0, f1: &f1 };
        let mut out = Vec::new();
        self.check_towers(&s, &mut out);
        self.follow_chain(&b0, mv, &mut out);
        let returned = self.check_points(&s, &mut out);
        self.check_turn(&s, &mut out);
        self.check_set_aside(&s, &mut out);
        if s.ends_game() {
            self.check_closing(&b0, &b1, &mut out);
        }
        if matches!(after.step(), Step::PlaceTile | Step::GameOver) {
            self.returning = [0; MAX_PLAYERS];
        } else {
            for (r, n) in self.returning.iter_mut().zip(returned) {
                *r += n;
            }
        }
        self.check_state(after, &b1, &f1, &mut out);
        self.count_situations(after, &b1, &f1);
        self.count_move(mv);
        self.last = Some((b1, f1));
        out
    }

    /// Counts the wall moves.
    fn count_move(&mut self, mv: Move) {
        match mv {
            Move::Gate { .. } => self.count("R15 gate"),
            Move::Wall { watchman, .. } => {
                self.count("R17 wall piece");
                if watchman {
                    self.count("R18 watchman");
                }
            }
            Move::Tower(Some(_)) => self.count("R21 tower"),
            _ => {}
        }
    }

    /// The raw board of a table.
    fn raw(&self, t: &Table) -> RawBoard {
        RawBoard::from_table(t)
    }

    /// Followers player `p` may place now: those not on the board and not returned this turn.
    fn supply(&self, board: &RawBoard, p: usize) -> usize {
        (FOLLOWERS - 1).saturating_sub(board.on_board(p) + self.returning[p])
    }

    /// Towers player `p` has left (R2).
    fn towers_left(&self, board: &RawBoard, p: usize) -> usize {
        let placed = board.towers.iter().filter(|t| t.1 == p).count();
        (TOWERS / self.players).saturating_sub(placed)
    }

    // ----- legal moves ---------------------------------------------------------------------

    fn my_moves(&self, t: &Table, board: &RawBoard, features: &Features) -> BTreeSet<Key> {
        let mut out = BTreeSet::new();
        match t.step() {
            Step::Draw | Step::GameOver => {}
            Step::PlaceTile => {
                for (x, y, rot) in tile_placements(board, t.in_hand()) {
                    out.insert(Key::Tile(x, y, rot));
                }
            }
            Step::Follower => {
                out.insert(Key::Follower(None));
                if self.supply(board, t.actor().index()) > 0 && !board.tiles.is_empty() {
                    for f in follower_features(board, features, board.tiles.len() - 1) {
                        out.insert(Key::Follower(Some(f)));
                    }
                }
            }
            Step::Gate => {
                for (c, s) in gate_sides(board) {
                    out.insert(Key::Gate(wall_edge(c, s)));
                }
            }
            Step::Wall => {
                let Some(chain) = &self.chain else {
                    return out;
                };
                let supply = self.supply(board, t.actor().index());
                for (c, s) in wall_pieces(board, chain.head(), chain.tail()) {
                    out.insert(Key::Wall(wall_edge(c, s), false));
                    let slot = board.slot_at(c).unwrap();
                    if supply > 0 && watchman_allowed(board, slot, s) {
                        out.insert(Key::Wall(wall_edge(c, s), true));
                    }
                }
            }
            Step::Tower => {
                out.insert(Key::Tower(None));
                let scorer = self.building.as_ref().map_or(t.actor().index(), |b| b.scorer);
                if let Some(chain) = &self.chain
                    && self.towers_left(board, scorer) > 0
                {
                    for p in [chain.head(), chain.tail()] {
                        if !board.tower_at(p) {
                            out.insert(Key::Tower(Some(p)));
                        }
                    }
                }
            }
        }
        out
    }

    fn engine_key(&self, board: &RawBoard, features: &Features, mv: Move) -> Result<Key, String> {
        Ok(match mv {
            Move::Tile { x, y, rot } => Key::Tile(x as i32, y as i32, rot),
            Move::Follower(None) => Key::Follower(None),
            Move::Follower(Some(seg)) => {
                let slot = board.tiles.len().checked_sub(1).ok_or("no tile placed")?;
                if seg as usize >= board.tile_type(slot).seg_count as usize {
                    return Err(format!("{mv:?}: the tile has no segment {seg}"));
                }
                Key::Follower(Some(features.of(slot, seg as usize)))
            }
            Move::Gate { edge, .. } => Key::Gate(edge),
            Move::Wall { edge, watchman } => Key::Wall(edge, watchman),
            Move::Tower(None) => Key::Tower(None),
            Move::Tower(Some(e)) => {
                let chain = self.chain.as_ref().ok_or("a tower before the gate")?;
                match e {
                    HEAD => Key::Tower(Some(chain.head())),
                    TAIL => Key::Tower(Some(chain.tail())),
                }
            }
        })
    }

    fn describe_key(&self, board: &RawBoard, features: &Features, k: &Key) -> String {
        match k {
            Key::Follower(Some(f)) => format!("follower on {}", features.list[*f].describe(board)),
            Key::Gate(e) | Key::Wall(e, _) => {
                let sides: Vec<String> = edge_sides(*e)
                    .into_iter()
                    .filter(|s| board.slot_at(s.0).is_some())
                    .map(side_name)
                    .collect();
                format!("{k:?} = side {}", sides.join("/"))
            }
            _ => format!("{k:?}"),
        }
    }

    fn check_moves(&self, t: &Table, board: &RawBoard, features: &Features, out: &mut Vec<Mismatch>) {
        let mut moves = Vec::new();
        t.legal_moves(&mut moves);
        let mut engine = BTreeSet::new();
        for &mv in &moves {
            match self.engine_key(board, features, mv) {
                Ok(k) => {
                    if !engine.insert(k) {
                        let d = self.describe_key(board, features, &k);
                        mismatch(
                            out,
                            Check::Moves,
                            format!(
                                "{:?} step: the engine lists one choice twice ({mv:?}: {d}); one move per choice",
                                t.step()
                            ),
                        );
                    }
                }
                Err(e) => mismatch(out, Check::Moves, format!("{:?} step: {e}", t.step())),
            }
        }
        let mine = self.my_moves(t, board, features);
        if mine != engine {
            let missing: Vec<String> =
                mine.difference(&engine).map(|k| self.describe_key(board, features, k)).collect();
            let extra: Vec<String> =
                engine.difference(&mine).map(|k| self.describe_key(board, features, k)).collect();
            let rule = match t.step() {
                Step::PlaceTile => "R10",
                Step::Follower => "R11",
                Step::Gate => "R15",
                Step::Wall => "R17/R18",
                Step::Tower => "R21",
                _ => "R23",
            };
            mismatch(
                out,
                Check::Moves,
                format!(
                    "{rule}: {:?} step of p{} (in hand {}): engine lacks {} legal move(s) {:?}; engine offers {} illegal move(s) {:?}",
                    t.step(),
                    t.actor(),
                    board.tileset.types[t.in_hand() as usize].name,
                    missing.len(),
                    missing,
                    extra.len(),
                    extra
                ),
            );
        }
    }

    // ----- piece counts --------------------------------------------------------------------

    /// R1, R2, R12, R14: followers and towers of every player add up.
    fn check_pieces(&self, t: &Table, board: &RawBoard, out: &mut Vec<Mismatch>) {
        let n = self.players;
        for p in 0..n {
            let ps = t.player(Player::new(p));
            let on = board.on_board(p);
            let total = ps.supply as usize + ps.returning as usize + on + 1;
            if total != FOLLOWERS {
                mismatch(
                    out,
                    Check::Pieces,
                    format!(
                        "R1/R14: p{p} has supply {} + returning {} + {on} on the board + 1 score marker = {total} followers, not {FOLLOWERS}",
                        ps.supply, ps.returning
                    ),
                );
            }
            if ps.returning as usize != self.returning[p] {
                mismatch(
                    out,
                    Check::Pieces,
                    format!(
                        "R12: p{p} has {} followers returning (usable next turn), the reference counts {} returned this turn",
                        ps.returning, self.returning[p]
                    ),
                );
            }
            let left = self.towers_left(board, p);
            if ps.towers as usize != left {
                mismatch(
                    out,
                    Check::Pieces,
                    format!(
                        "R2: p{p} has {} towers left; {} each minus {} placed = {left}",
                        ps.towers,
                        TOWERS / n,
                        TOWERS / n - left
                    ),
                );
            }
        }
        check_box(t, board, out);
    }

    // ----- the wall chain ------------------------------------------------------------------

    /// Extends the chain with the gate or a wall piece (R15, R17).
    fn follow_chain(&mut self, b0: &RawBoard, mv: Move, out: &mut Vec<Mismatch>) {
        let edge = match mv {
            Move::Gate { edge: e, .. } | Move::Wall { edge: e, .. } => e,
            _ => return,
        };
        let Some((c, s)) = edge_sides(edge)
            .into_iter()
            .find(|&(c, s)| b0.slot_at(c).is_some() && b0.slot_at(across(c, s)).is_none())
        else {
            mismatch(out, Check::Wall, format!("R15/R17: {mv:?} is not between a tile and an empty cell"));
            return;
        };
        let (a, b) = clockwise(c, s);
        match (&mut self.chain, mv) {
            (None, Move::Gate { reversed, .. }) => {
                // The gate's second point as the move gives it (a record may write either order).
                let e = edge_points(edge);
                let second = if reversed { e.0 } else { e.1 };
                self.chain = Some(Chain { head: vec![b], tail: vec![a], second })
            }
            (Some(chain), Move::Wall { .. }) => {
                // R21: a piece that touches both free ends extends the end grown from the gate's
                // second point.
                let last_gap = a == chain.head() && b == chain.tail();
                if last_gap {
                    *self
                        .stats
                        .entry(if chain.tail[0] == chain.second {
                            "R21 last gap: extends the tail (grown from the gate's second point)"
                        } else {
                            "R21 last gap: extends the head (grown from the gate's second point)"
                        })
                        .or_default() += 1;
                }
                if last_gap && chain.tail[0] == chain.second {
                    chain.tail.push(a);
                } else if a == chain.head() {
                    chain.head.push(b);
                } else if b == chain.tail() {
                    chain.tail.push(a);
                } else {
                    mismatch(
                        out,
                        Check::Wall,
                        format!(
                            "R17: piece {} extends neither free end ({:?}, {:?})",
                            side_name((c, s)),
                            chain.head(),
                            chain.tail()
                        ),
                    );
                }
            }
            _ => mismatch(out, Check::Wall, format!("R15: {mv:?} out of order")),
        }
    }

    /// The gate, the free ends and the closed flag against the chain as built and as read off the
    /// walled edges.
    fn check_chain(&self, t: &Table, board: &RawBoard, out: &mut Vec<Mismatch>) {
        let w = t.wall();
        let Some(chain) = &self.chain else {
            if w.gate.is_some() {
                mismatch(out, Check::Wall, "R15: the engine has a gate that was never placed".into());
            }
            return;
        };
        if let Some((slot, side)) = board.gate {
            let gate_side = (board.tiles[slot].cell, side);
            let (a, b) = clockwise(gate_side.0, gate_side.1);
            if (chain.tail[0], chain.head[0]) != (a, b) {
                mismatch(out, Check::Wall, format!("R15: the engine's gate is {}", side_name(gate_side)));
            }
        } else {
            mismatch(out, Check::Wall, "R15: the gate was placed but the engine has none".into());
        }
        if t.is_over() {
            return; // closing walls have joined the ends (checked by check_closing)
        }
        let from_edges = chain_ends(board);
        let built = (!chain.closed()).then(|| (chain.head(), chain.tail()));
        if from_edges != built {
            mismatch(
                out,
                Check::Wall,
                format!(
                    "R17: the walled edges leave free ends {from_edges:?} but the pieces built leave (head, tail) {built:?}"
                ),
            );
        }
        let engine = (w.ends[HEAD.index()].point(), w.ends[TAIL.index()].point());
        let engine = ((engine.0.x, engine.0.y), (engine.1.x, engine.1.y));
        if engine != (chain.head(), chain.tail()) || w.closed != chain.closed() {
            mismatch(
                out,
                Check::Wall,
                format!(
                    "R17: engine ends (head, tail) {engine:?} closed {}; reference {:?} closed {}",
                    w.closed,
                    (chain.head(), chain.tail()),
                    chain.closed()
                ),
            );
        }
    }

    /// R24: the closing at the end of the game: a shortest legal path between the ends (pieces
    /// while the supply lasts), or without a gate the whole outer boundary, all without pieces.
    fn check_closing(&mut self, b0: &RawBoard, b1: &RawBoard, out: &mut Vec<Mismatch>) {
        let added: BTreeSet<TileSide> = b1.walled_sides().difference(&b0.walled_sides()).copied().collect();
        let without = b1.tiles.iter().map(|t| t.virtual_walls.count_ones() as usize).sum::<usize>();
        let pieces = b1.real_pieces().saturating_sub(b0.real_pieces());
        let engine = format!("the engine walled {} sides ({pieces} pieces, {without} without)", added.len());
        let ends = self.chain.as_ref().map(|c| (c.head(), c.tail()));
        let path = ends.and_then(|(h, t)| join_distance(b0, h, t).map(|d| (h, t, d)));
        self.count(match (ends, path) {
            (_, Some(_)) => "R24 closing along a path",
            (Some(_), None) => "R24 closing: no path joins the ends",
            (None, None) => "R24 closing without a gate",
        });
        if let Some((head, tail, d)) = path {
            let real = d.min(WALL_PIECES.saturating_sub(b0.real_pieces()));
            let problem = path_problem(b0, &added, head, tail, d);
            if problem.is_some() || (pieces, without) != (real, d - real) {
                let problem = problem.unwrap_or_default();
                let sides: Vec<String> = added.iter().map(|&x| side_name(x)).collect();
                mismatch(
                    out,
                    Check::Wall,
                    format!(
                        "R24: closing from head {head:?} to tail {tail:?} should be a legal path of {d} sides, {real} of them pieces from supply; {engine}: {sides:?} {problem}"
                    ),
                );
            }
        } else {
            let want = outer_boundary(b0);
            let rule = if ends.is_some() {
                "R24 (no legal path joins the ends; docs/die-stadt/rules.md is silent, the reference walls the outer boundary)"
            } else {
                "R24 (no gate)"
            };
            if added != want || pieces != 0 || without != want.len() {
                mismatch(
                    out,
                    Check::Wall,
                    format!(
                        "{rule}: the whole outer boundary ({} sides) counts as walled without pieces; {engine}",
                        want.len()
                    ),
                );
            }
        }
    }

    // ----- points --------------------------------------------------------------------------

    /// R21: the tower points a move gives the scorer.
    fn check_towers(&mut self, s: &Transition, out: &mut Vec<Mismatch>) {
        let mut want = [0; MAX_PLAYERS];
        let mut note = String::new();
        if let Move::Tower(Some(e)) = s.mv {
            let Some(chain) = self.chain.clone() else {
                mismatch(out, Check::Towers, "R21: a tower before the gate".into());
                return;
            };
            let head = stretch(s.b0, &chain.head);
            let tail = stretch(s.b0, &chain.tail);
            // Where the ends have met, the tower closes both stretches [docs/die-stadt/rules.md silent: the
            // reference counts the longer one, as the engine does].
            let (points, other) = if chain.closed() {
                self.count("R21 tower where the ends have met");
                (head.0.max(tail.0), None)
            } else if e == HEAD {
                head
            } else {
                tail
            };
            if let Some(other) = other {
                self.count("R21 tower past a revisited tower point");
                note = format!(
                    " [docs/die-stadt/rules.md ambiguous: the chain passes the previous tower's point twice; walking back it meets that tower after {points} pieces, {other} counting from the tower's first visit]"
                );
            }
            let scorer = self.building.as_ref().map_or(s.before.actor().index(), |b| b.scorer);
            want[scorer] = points as i32;
        }
        for (p, &w) in want.iter().enumerate().take(self.players) {
            let p = Player::new(p);
            let got = s.after.player(p).points.towers - s.before.player(p).points.towers;
            if got != w {
                let mv = s.mv;
                mismatch(
                    out,
                    Check::Towers,
                    format!("R21 after {mv:?}: p{p} gained {got} tower points, the reference says {w}{note}"),
                );
            }
        }
    }

    /// Points and followers of one step (R12, R22, R24-R27). Returns the followers each player
    /// got back by scoring (to supply from the next turn on).
    fn check_points(&mut self, s: &Transition, out: &mut Vec<Mismatch>) -> [usize; MAX_PLAYERS] {
        let mv = s.mv;
        // A tile's features are scored after the follower decision (R11, R12), so not in the Tile step.
        let scoring = if matches!(mv, Move::Tile { .. }) {
            Scoring { left: s.followers(), ..Scoring::default() }
        } else {
            score(s.b1, s.f1, s.followers(), s.ends_game())
        };
        let scored = &scoring.scored;
        if matches!(mv, Move::Gate { .. } | Move::Wall { .. }) && !scored.is_empty() {
            self.count("R22 feature completed by a wall and scored");
        }
        if s.ends_game() && !scored.is_empty() {
            self.count("R24 feature completed by the closing and scored");
        }
        let on_board = s.b1.followers();
        if on_board != scoring.left {
            let left = &scoring.left;
            mismatch(
                out,
                Check::Points,
                format!(
                    "R12/R22/R25 after {mv:?}: followers on the board {on_board:?}, expected {left:?} (scored: {scored:?})"
                ),
            );
        }
        check_watchmen(s, out);
        let (residential, watch) = if s.ends_game() {
            (residential_points(s.b1, s.f1), watchman_points(s.b1))
        } else {
            ([0; MAX_PLAYERS], [0; MAX_PLAYERS])
        };
        for p in 0..self.players {
            let (p0, p1) = (s.before.player(Player::new(p)).points, s.after.player(Player::new(p)).points);
            let got = [
                p1.roads - p0.roads,
                p1.markets - p0.markets,
                p1.residential - p0.residential,
                p1.watchmen - p0.watchmen,
            ];
            let want = [scoring.roads[p], scoring.markets[p], residential[p], watch[p]];
            if got != want {
                mismatch(
                    out,
                    Check::Points,
                    format!(
                        "R12/R22/R26/R27 after {mv:?}: p{p} gained (roads, markets, residential, watchmen) {got:?}, the reference says {want:?} (scored: {scored:?})"
                    ),
                );
            }
        }
        scoring.returned
    }

    // ----- turn order ----------------------------------------------------------------------

    /// Whose decision comes next (R11-R13, R16, R21, R23).
    fn check_turn(&mut self, s: &Transition, out: &mut Vec<Mismatch>) {
        let expect = self.expect_next(s);
        let after = s.after;
        let got = Expect {
            step: after.step(),
            actor: expect.actor.map(|_| after.actor().index()),
            current: expect.current.map(|_| after.current().index()),
        };
        if got != expect {
            let mv = s.mv;
            mismatch(
                out,
                Check::Turn,
                format!(
                    "R12/R13/R16/R21/R23 after {mv:?}: the engine waits for {got:?}, the reference for {expect:?}"
                ),
            );
        }
    }

    /// The decision that should follow a move.
    fn expect_next(&mut self, s: &Transition) -> Expect {
        let cur = s.before.current().index();
        match s.mv {
            Move::Tile { .. } => Expect { step: Step::Follower, actor: Some(cur), current: Some(cur) },
            Move::Follower(_) => {
                // R12, R13: a scoring event by a tile from pile 2 or 3 starts a wall building.
                let event =
                    s.followers().iter().any(|&(slot, seg, _)| s.f0.list[s.f0.of(slot, seg)].is_complete());
                let pile = pile_of((s.b0.tiles.len() + s.before.set_aside().len()).saturating_sub(1));
                if event {
                    self.count("R12 scoring event of a tile");
                }
                if event && pile >= 2 {
                    self.count("R13 wall building");
                    let supply = WALL_PIECES.saturating_sub(s.b0.real_pieces());
                    self.building = Some(Building::new(cur, self.players, pile, s.b0.gate.is_none(), supply));
                    self.next_builder(s.b1, cur)
                } else {
                    self.end_turn(s)
                }
            }
            Move::Gate { .. } | Move::Wall { .. } => {
                if let Some(b) = &mut self.building {
                    b.pos += 1;
                }
                self.next_builder(s.b1, cur)
            }
            Move::Tower(_) => {
                self.building = None;
                self.end_turn(s)
            }
        }
    }

    /// R10: tiles set aside stay aside, and each new one fits nowhere.
    fn check_set_aside(&mut self, s: &Transition, out: &mut Vec<Mismatch>) {
        let aside = s.after.set_aside();
        let old = s.before.set_aside();
        if aside.len() < old.len() || aside[..old.len()] != *old {
            mismatch(out, Check::Turn, format!("R10: set-aside tiles changed from {old:?} to {aside:?}"));
            return;
        }
        for &ty in &aside[old.len()..] {
            self.count("R10 tile set aside");
            let fits = tile_placements(s.b1, ty);
            if !fits.is_empty() {
                mismatch(
                    out,
                    Check::Turn,
                    format!(
                        "R10: {} was set aside but fits at {fits:?}",
                        s.b1.tileset.types[ty as usize].name
                    ),
                );
            }
        }
    }

    /// The next piece of the building that can be placed, or the tower (R16, R21).
    fn next_builder(&mut self, b1: &RawBoard, cur: usize) -> Expect {
        let Some(b) = &mut self.building else {
            return Expect { step: Step::PlaceTile, actor: None, current: None };
        };
        loop {
            if b.pos >= b.builders.len() {
                return Expect { step: Step::Tower, actor: Some(b.scorer), current: Some(cur) };
            }
            if b.pos == 0 && b.gate_first {
                return Expect { step: Step::Gate, actor: Some(b.builders[0]), current: Some(cur) };
            }
            let can = self.chain.as_ref().is_some_and(|c| !wall_pieces(b1, c.head(), c.tail()).is_empty());
            if can {
                return Expect { step: Step::Wall, actor: Some(b.builders[b.pos]), current: Some(cur) };
            }
            b.pos += 1; // neither end can take it: it stays in supply
        }
    }

    /// R23: the end of a turn: the game ends, or the next player draws.
    fn end_turn(&mut self, s: &Transition) -> Expect {
        let b0 = s.b0;
        let last_piece = b0.gate.is_some() && b0.real_pieces() == WALL_PIECES;
        let last_tile = b0.tiles.len() + s.before.set_aside().len() == TILES;
        let joinable = self
            .chain
            .as_ref()
            .is_some_and(|c| join_distance(b0, c.head(), c.tail()).is_some_and(|d| d <= JOIN_LIMIT));
        let over = Expect { step: Step::GameOver, actor: None, current: None };
        if last_piece || last_tile || joinable {
            self.count(if last_piece {
                "R23a end: last wall piece"
            } else if last_tile {
                "R23b end: last tile"
            } else {
                "R23c end: ends joinable"
            });
            return over;
        }
        if s.b1.tiles.len() + s.after.set_aside().len() == TILES && s.after.is_over() {
            self.count("R23b end: the last tiles set aside");
            return over;
        }
        let next = (s.before.current().index() + 1) % self.players;
        Expect { step: Step::PlaceTile, actor: Some(next), current: Some(next) }
    }
}

/// R24: what keeps the walled sides `added` from being a legal chain of `d` pieces from `head`
/// to `tail` on the board before the closing, if anything.
fn path_problem(
    b0: &RawBoard,
    added: &BTreeSet<TileSide>,
    head: Point,
    tail: Point,
    d: usize,
) -> Option<String> {
    let enclosed = b0.enclosed();
    // A chain from head to tail, walked clockwise, leaves the head once more than it arrives and
    // arrives at the tail once more than it leaves; with exactly d (the fewest) sides it has no
    // room for anything else.
    let mut balance: BTreeMap<Point, i32> = BTreeMap::new();
    for &(c, side) in added {
        let (a, b) = clockwise(c, side);
        *balance.entry(a).or_default() += 1;
        *balance.entry(b).or_default() -= 1;
    }
    balance.retain(|_, v| *v != 0);
    let want = if d == 0 { BTreeMap::new() } else { BTreeMap::from([(head, 1), (tail, -1)]) };
    let illegal: Vec<String> =
        added.iter().filter(|&&x| !piece_fits(b0, &enclosed, x)).map(|&x| side_name(x)).collect();
    (added.len() != d || balance != want || !illegal.is_empty())
        .then(|| format!("(unmatched chain ends {balance:?}, sides that are no legal piece {illegal:?})"))
}

/// R3, R4: wall pieces and tiles add up.
fn check_box(t: &Table, board: &RawBoard, out: &mut Vec<Mismatch>) {
    let pieces = board.real_pieces();
    if t.wall().supply as usize + pieces != WALL_PIECES {
        mismatch(
            out,
            Check::Pieces,
            format!(
                "R3: wall supply {} + {pieces} pieces on the board (gate and closing walls without pieces not counted) != {WALL_PIECES}",
                t.wall().supply
            ),
        );
    }
    let in_hand = usize::from(t.step() == Step::PlaceTile);
    let unseen: usize = t.unseen().iter().map(|&u| u as usize).sum();
    let placed = board.tiles.len();
    let aside = t.set_aside().len();
    if placed + aside + unseen + in_hand != TILES || t.drawn() != placed + aside + in_hand {
        mismatch(
            out,
            Check::Pieces,
            format!(
                "R4: {placed} placed + {aside} set aside + {unseen} unseen + {in_hand} in hand != {TILES}, or drawn {} != {}",
                t.drawn(),
                placed + aside + in_hand
            ),
        );
    }
    for (ty, tt) in board.tileset.types.iter().enumerate() {
        let count = board.tiles.iter().filter(|x| x.ty as usize == ty).count()
            + t.set_aside().iter().filter(|&&x| x as usize == ty).count()
            + t.unseen()[ty] as usize
            + usize::from(in_hand == 1 && t.in_hand() as usize == ty);
        if count != tt.count as usize {
            mismatch(
                out,
                Check::Pieces,
                format!(
                    "R4: {} tiles of type {} are placed, set aside, unseen or in hand; the set has {}",
                    count, tt.name, tt.count
                ),
            );
        }
    }
}

/// One move with the states around it, read off the tables once.
struct Transition<'a> {
    before: &'a Table,
    after: &'a Table,
    mv: Move,
    b0: &'a RawBoard,
    b1: &'a RawBoard,
    f0: &'a Features,
    f1: &'a Features,
}

impl Transition<'_> {
    /// Whether the game ended with this move.
    fn ends_game(&self) -> bool {
        self.after.is_over() && !self.before.is_over()
    }

    /// Followers on tiles before the move, with the one it places: (slot, segment, player).
    fn followers(&self) -> BTreeSet<(usize, usize, usize)> {
        let mut followers = self.b0.followers();
        if let Move::Follower(Some(seg)) = self.mv {
            followers.insert((
                self.b0.tiles.len().saturating_sub(1),
                seg as usize,
                self.before.actor().index(),
            ));
        }
        followers
    }
}

/// What one step scores.
#[derive(Clone, Debug, Default)]
struct Scoring {
    roads: [i32; MAX_PLAYERS],
    markets: [i32; MAX_PLAYERS],
    /// Followers each player gets back.
    returned: [usize; MAX_PLAYERS],
    /// Followers left on tiles: (slot, segment, player).
    left: BTreeSet<(usize, usize, usize)>,
    /// The scored features, for messages.
    scored: Vec<String>,
}

/// R12, R22, R25: every completed road or market holding followers scores for the majority and
/// its followers go home; when the game ends, followers on unfinished ones leave without points.
fn score(
    board: &RawBoard,
    features: &Features,
    followers: BTreeSet<(usize, usize, usize)>,
    game_ends: bool,
) -> Scoring {
    let n = board.players;
    let mut counts: BTreeMap<usize, [u32; MAX_PLAYERS]> = BTreeMap::new();
    for &(slot, seg, p) in &followers {
        counts.entry(features.of(slot, seg)).or_default()[p] += 1;
    }
    let mut out = Scoring::default();
    for (&id, c) in &counts {
        let f = &features.list[id];
        if f.is_complete() {
            let winners = majority(&c[..n]);
            for &p in &winners {
                match f.category {
                    Category::Road => out.roads[p] += f.points(),
                    _ => out.markets[p] += f.points(),
                }
            }
            for (r, &k) in out.returned.iter_mut().zip(&c[..n]) {
                *r += k as usize;
            }
            out.scored.push(format!("{} -> {} points to {winners:?}", f.describe(board), f.points()));
        } else if !(game_ends && f.category != Category::Residential) {
            out.left.extend(followers.iter().filter(|x| features.of(x.0, x.1) == id));
        }
    }
    out
}

/// R14, R18: watchmen stay, and a wall move with a watchman adds the builder's.
fn check_watchmen(s: &Transition, out: &mut Vec<Mismatch>) {
    let mut want = s.b0.watchmen();
    if let Move::Wall { edge, watchman: true } = s.mv
        && let Some((c, side)) = edge_sides(edge).into_iter().find(|x| s.b0.slot_at(x.0).is_some())
    {
        want.insert((s.b0.slot_at(c).unwrap(), side, s.before.actor().index()));
    }
    let got = s.b1.watchmen();
    if got != want {
        let mv = s.mv;
        mismatch(out, Check::Points, format!("R14/R18 after {mv:?}: watchmen {got:?}, expected {want:?}"));
    }
}

// ----- state comparisons -----------------------------------------------------------------------

/// R5-R8: the engine's union-find has the same partition and the same numbers per feature.
fn check_features(t: &Table, board: &RawBoard, features: &Features, out: &mut Vec<Mismatch>) {
    let uf = t.features();
    let mut seen: BTreeMap<NodeId, usize> = BTreeMap::new();
    for (id, f) in features.list.iter().enumerate() {
        let roots: BTreeSet<NodeId> =
            f.segments.iter().map(|&(s, g)| uf.root(t.node(Slot::new(s), g))).collect();
        if roots.len() != 1 {
            mismatch(
                out,
                Check::Features,
                format!("R5/R6: the engine splits {} into {} features", f.describe(board), roots.len()),
            );
            continue;
        }
        let root = *roots.first().unwrap();
        if let Some(&other) = seen.get(&root) {
            mismatch(
                out,
                Check::Features,
                format!(
                    "R5/R6: the engine joins {} and {}",
                    features.list[other].describe(board),
                    f.describe(board)
                ),
            );
            continue;
        }
        seen.insert(root, id);
        let category = match uf.category(root) {
            ROAD => Category::Road,
            RESIDENTIAL => Category::Residential,
            _ => Category::Market,
        };
        // The engine tracks open ports and length (R7, R8) for roads and markets only: residential
        // areas are never completed or scored by size.
        let residential = f.category == Category::Residential;
        let open = if residential { f.open_ports } else { uf.open(root) as u32 };
        let length = if residential { f.tiles.len() } else { uf.length(root) as usize };
        let followers: Vec<u32> = Player::all(board.players).map(|p| uf.followers_of(root, p)).collect();
        let engine = (category, length, open, uf.kinds(root), followers);
        let mine = (f.category, f.tiles.len(), f.open_ports, f.kinds, f.followers[..board.players].to_vec());
        if engine != mine {
            mismatch(
                out,
                Check::Features,
                format!(
                    "R5-R8: {}: engine (category, length, open ports, kinds, followers) {engine:?}, reference {mine:?}",
                    f.describe(board)
                ),
            );
        }
    }
}

/// R10, R15, R20: the engine's frontier is the set of empty cells next to the city, with the
/// same facts.
fn check_frontier(t: &Table, board: &RawBoard, out: &mut Vec<Mismatch>) {
    let mine = frontier(board);
    let mut engine = BTreeMap::new();
    for f in t.board().frontier() {
        let facts = FrontierFacts {
            present: f.present,
            road: f.road,
            blocked: f.flags & BLOCKED != 0,
            hole: f.flags & HOLE != 0,
        };
        if engine.insert((f.x as i32, f.y as i32), facts).is_some() {
            mismatch(out, Check::Frontier, format!("the engine lists frontier cell ({},{}) twice", f.x, f.y));
        }
    }
    if engine != mine {
        let mut diffs = Vec::new();
        for (c, m) in &mine {
            match engine.get(c) {
                None => diffs.push(format!("{} missing ({m:?})", cell_name(*c))),
                Some(e) if e != m => diffs.push(format!("{}: engine {e:?}, reference {m:?}", cell_name(*c))),
                _ => {}
            }
        }
        for (c, e) in &engine {
            if !mine.contains_key(c) {
                diffs.push(format!("{} is not next to the city ({e:?})", cell_name(*c)));
            }
        }
        mismatch(out, Check::Frontier, format!("R10/R15/R20 frontier: {}", diffs.join("; ")));
    }
}

/// R12, R22, R25: completed roads and markets hold no followers, except in the Follower step
/// (the tile's features are scored after the follower decision); at the end none do.
fn check_unscored(t: &Table, board: &RawBoard, features: &Features, out: &mut Vec<Mismatch>) {
    for f in &features.list {
        let stale = match t.step() {
            Step::Follower => false,
            Step::GameOver => f.category != Category::Residential && f.occupied(),
            _ => f.is_complete() && f.occupied(),
        };
        if stale {
            mismatch(
                out,
                Check::Points,
                format!("R12/R22/R25: {:?} step: {} still holds followers", t.step(), f.describe(board)),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set() -> &'static TileSet {
        TileSet::default_set()
    }

    fn tile(cell: Cell, name: &str, rot: u8) -> RawTile {
        RawTile {
            cell,
            ty: set().find(name).unwrap(),
            rot,
            walls: 0,
            virtual_walls: 0,
            watchmen: [None; 4],
            follower: None,
        }
    }

    #[test]
    fn facing_ports_and_corners_follow_section_2() {
        assert_eq!(facing(0), 8); // N0 faces S2 of the north neighbour
        assert_eq!(facing(4), 10); // E1 faces W1
        for p in 0..12 {
            assert_eq!(facing(facing(p)), p);
        }
        // The north side of (0,0) runs from point (0,0) to (1,0), east, with the cell on the right.
        assert_eq!(clockwise((0, 0), 0), ((0, 0), (1, 0)));
        assert_eq!(wall_edge((0, 0), 0), WallEdge { x: 0, y: 0, horizontal: true });
        assert_eq!(wall_edge((0, 0), 1), WallEdge { x: 1, y: 0, horizontal: false });
        assert_eq!(edge_sides(wall_edge((0, 0), 0)), vec![((0, -1), 2), ((0, 0), 0)]);
    }

    #[test]
    fn identical_rotations_agree_with_the_tile_set() {
        for tt in &set().types {
            for rot in 0..4u8 {
                assert_eq!(canonical_rotation(tt, rot), tt.canonical[rot as usize], "{}", tt.name);
                for port in 0..12 {
                    assert_eq!(
                        rotated_seg(tt, rot, port),
                        tt.rotated[rot as usize].port_seg[port] as usize,
                        "{}",
                        tt.name
                    );
                }
            }
        }
    }

    /// docs/die-stadt/rules.md section 9: tiles on (0,0) and (1,0), the gate on the north side of (0,0).
    #[test]
    fn section_9_worked_wall_example() {
        let mut tiles = vec![tile((0, 0), "quarter-pub", 0), tile((1, 0), "quarter-pub", 0)];
        tiles[0].walls = 1;
        let board = RawBoard::new(set(), 2, tiles, Some((0, 0)), Vec::new());
        let (head, tail) = chain_ends(&board).unwrap();
        assert_eq!((head, tail), ((1, 0), (0, 0)));
        let pieces = wall_pieces(&board, head, tail);
        assert_eq!(pieces, BTreeSet::from([((1, 0), 0), ((0, 0), 3)]));
        assert!(board.blocked().contains(&(0, -1)));
        assert_eq!(join_distance(&board, head, tail), Some(5));
        assert_eq!(row(&board, 1, 0), (vec![1], None));
    }

    #[test]
    fn r9_borders_and_r26_residential_points() {
        // A market corner (market N and E, residential S and W) with a residential quarter on its
        // east: the quarter faces the market, so there are two residential areas, one bordering the
        // market on the corner tile (a), the other across the edge (b).
        let mut tiles = vec![tile((0, 0), "market-corner/F", 0), tile((1, 0), "quarter-pub", 0)];
        tiles[1].follower = Some((1, 0));
        let board = RawBoard::new(set(), 2, tiles, None, Vec::new());
        let f = Features::new(&board);
        assert_eq!(f.list.len(), 3);
        assert_eq!(borders(&board, &f).len(), 2);
        assert_eq!(residential_points(&board, &f), [0, 2, 0, 0]);
    }

    /// The cell (1,0) has tiles on all four sides; tiles (0,0) and (1,-1) touch diagonally at
    /// point (1,0), beyond which (0,-1) is empty and outside. R15: (1,0) meets the outside only at
    /// that corner, so it lies inside the city.
    #[test]
    fn r15_a_pocket_that_meets_the_outside_at_a_corner_is_inside() {
        let cells = [(0, 0), (0, 1), (1, 1), (2, 1), (2, 0), (2, -1), (1, -1)];
        let tiles: Vec<RawTile> = cells.iter().map(|&c| tile(c, "quarter-pub", 0)).collect();
        let board = RawBoard::new(set(), 2, tiles, None, Vec::new());
        assert!(board.enclosed().contains(&(1, 0)));
        assert!(frontier(&board)[&(1, 0)].hole);
        assert!(!gate_sides(&board).contains(&((0, 0), 1)), "the gate may not face the pocket");
        assert!(gate_sides(&board).contains(&((0, 0), 0)), "the outside begins just north of (0,0)");
    }

    /// R21: walking back from the end, the first tower met; and the count from that tower's first
    /// visit when the chain passed its point twice.
    #[test]
    fn r21_stretch_stops_at_the_first_tower_met() {
        let tower = (5, 5);
        let board = RawBoard::new(set(), 2, Vec::new(), None, vec![(tower, 0)]);
        let list = [(0, 0), (1, 0), tower, (6, 5), (6, 6), tower, (4, 5)];
        assert_eq!(stretch(&board, &list), (1, Some(4)));
        assert_eq!(stretch(&board, &list[..4]), (1, None));
        assert_eq!(stretch(&board, &[(0, 0), (1, 0), (2, 0)]), (2, None));
    }
}
