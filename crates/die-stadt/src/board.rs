//! The board: a fixed grid of cells with the start tile in the middle, the placed tiles, and the
//! frontier (empty cells next to the city) kept incrementally with the facts placement needs:
//! which sides touch a tile, which of those need a road, whether a wall blocks the cell (R20) and
//! whether the cell is enclosed by the city (a hole) rather than outside it (R15, R17).

use crate::geom::{Cell, Point, SIDES, Side};
use crate::ids::{NodeId, Player, Slot};
use crate::tiles::TILE_COUNT;

/// Side length of the grid window. The window is not the whole plane: it follows the city. A
/// connected city of 75 tiles has a bounding box with width + height <= 76, so the box and the ring
/// of empty cells around it (at most 77 wide) always fit in 80 cells once the window is centred on
/// it; when a tile would land too near an edge, the window is recentred. Cells outside the window
/// are empty and not next to the city: no wrap, no panic, and the state stays small to clone.
pub const WINDOW: usize = 80;
/// Most frontier cells: a connected set of n cells has at most 2n + 2 empty neighbours.
pub const MAX_FRONTIER: usize = 2 * TILE_COUNT + 2;

// Grid byte: 0..75 a tile slot, FRONTIER_BASE.. a frontier index, EMPTY nothing.
const FRONTIER_BASE: u8 = TILE_COUNT as u8;
const EMPTY: u8 = 255;
const _: () = assert!(FRONTIER_BASE as usize + MAX_FRONTIER < EMPTY as usize);

/// Frontier flag: the cell is the outside of a wall piece or the gate (R20).
pub const BLOCKED: u8 = 1;
/// Frontier flag: the cell is enclosed by the city: no chain of empty cells that share an edge
/// leads from it to the outside (R15). A pocket that meets the outside only at a corner, where two
/// tiles touch diagonally, is enclosed.
pub const HOLE: u8 = 2;

/// An empty cell next to at least one tile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrontierCell {
    /// Column.
    pub x: i8,
    /// Row.
    pub y: i8,
    /// Bit s set when the neighbour across side s holds a tile.
    pub present: u8,
    /// Bit s set when the neighbour across side s shows a road port on the facing side.
    pub road: u8,
    /// BLOCKED and HOLE flags.
    pub flags: u8,
}

impl FrontierCell {
    /// The cell.
    #[inline]
    pub fn cell(&self) -> Cell {
        Cell::new(self.x as i32, self.y as i32)
    }
}

/// A tile on the board, with what lies on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedTile {
    /// Column.
    pub x: i8,
    /// Row.
    pub y: i8,
    /// Tile type index.
    pub ty: u8,
    /// Rotation in quarter turns clockwise.
    pub rot: u8,
    /// First union-find node of its segments (node = node_base + segment).
    pub node_base: NodeId,
    /// Bit s: side s is walled (a wall piece, the gate, or the final closing).
    pub walls: u8,
    /// Bit s: side s was walled by the final closing without a piece (R24).
    pub virtual_walls: u8,
    /// Watchman owner per side, 4 bits each: 0 none, p + 1 for player p.
    pub watch: u16,
    /// The follower placed with the tile: NO_FOLLOWER, or player << 4 | segment.
    pub follower: u8,
}

/// What `Board::place` reports: the new tile's slot and the slot across each side (N, E, S, W).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Placed {
    /// The new tile's slot.
    pub slot: Slot,
    /// The slot of the tile across each side, if any.
    pub neighbours: [Option<Slot>; 4],
}

/// `PlacedTile::follower` when the tile holds no follower.
pub const NO_FOLLOWER: u8 = 0xFF;

impl PlacedTile {
    /// The cell.
    #[inline]
    pub fn cell(&self) -> Cell {
        Cell::new(self.x as i32, self.y as i32)
    }

    /// Whether side s is walled.
    #[inline]
    pub fn walled(&self, side: Side) -> bool {
        self.walls & (1 << side.index()) != 0
    }

    /// The player whose watchman stands on side s, if any.
    #[inline]
    pub fn watchman(&self, side: Side) -> Option<Player> {
        let v = (self.watch >> (4 * side.index())) & 0xF;
        (v != 0).then(|| Player::new(v as usize - 1))
    }

    /// The follower on this tile: (player, segment).
    #[inline]
    pub fn follower(&self) -> Option<(Player, usize)> {
        (self.follower != NO_FOLLOWER)
            .then_some((Player::new((self.follower >> 4) as usize), (self.follower & 0xF) as usize))
    }
}

/// The grid, the placed tiles and the frontier. Only the rows of the grid around the city hold
/// anything (see `used_rows`): cloning and comparing look at those, so copying a position costs
/// what the city covers, not the whole window.
pub struct Board {
    grid: [u8; WINDOW * WINDOW],
    /// World coordinates of window cell (0, 0).
    origin: (i8, i8),
    tiles: [PlacedTile; TILE_COUNT],
    count: u8,
    frontier: [FrontierCell; MAX_FRONTIER],
    frontier_len: u8,
    min: (i8, i8),
    max: (i8, i8),
}

impl Clone for Board {
    fn clone(&self) -> Board {
        // A fresh copy: one block copy is cheaper than clearing a new grid and copying rows.
        Board {
            grid: self.grid,
            origin: self.origin,
            tiles: self.tiles,
            count: self.count,
            frontier: self.frontier,
            frontier_len: self.frontier_len,
            min: self.min,
            max: self.max,
        }
    }

    #[inline]
    fn clone_from(&mut self, source: &Board) {
        // Empty this board's rows in use, then copy the source's: every other cell of both grids
        // is EMPTY, and the origin is copied with them, so the grids end up equal.
        self.clear_used_rows();
        let (start, width, rows) = source.used_rows();
        for r in 0..rows {
            let row = start + r * WINDOW;
            self.grid[row..row + width].copy_from_slice(&source.grid[row..row + width]);
        }
        self.origin = source.origin;
        let (n, f) = (source.count as usize, source.frontier_len as usize);
        self.tiles[..n].copy_from_slice(&source.tiles[..n]);
        self.count = source.count;
        self.frontier[..f].copy_from_slice(&source.frontier[..f]);
        self.frontier_len = source.frontier_len;
        self.min = source.min;
        self.max = source.max;
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        let (n, f) = (self.count as usize, self.frontier_len as usize);
        let (start, width, rows) = self.used_rows();
        self.origin == other.origin
            && self.count == other.count
            && self.frontier_len == other.frontier_len
            && self.min == other.min
            && self.max == other.max
            && self.tiles[..n] == other.tiles[..n]
            && self.frontier[..f] == other.frontier[..f]
            // Equal boxes and origins: the same rows are in use, and the rest is EMPTY in both.
            && (0..rows).all(|r| {
                let row = start + r * WINDOW;
                self.grid[row..row + width] == other.grid[row..row + width]
            })
    }
}

impl Eq for Board {}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

const RING: [(i32, i32); 8] = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)];

/// Steps between empty cells that share an edge: the only way they connect (R15).
const EDGE_STEPS: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

const ROW: isize = WINDOW as isize;
/// RING as window grid offsets.
const RING_OFFSETS: [isize; 8] = [-ROW, -ROW + 1, 1, ROW + 1, ROW, ROW - 1, -1, -ROW - 1];
/// The neighbour across each side (N, E, S, W) as a window grid offset.
const SIDE_OFFSETS: [isize; 4] = [-ROW, 1, ROW, -1];

/// Whether ring cells i and j (indices into RING) share an edge: only neighbours around the ring
/// do. (The edge neighbours of the centre two steps apart, N and E, meet only at a corner, which
/// does not connect empty cells: R15.)
const fn ring_touch(i: usize, j: usize) -> bool {
    let d = (j + 8 - i) % 8;
    d == 1 || d == 7
}

/// For a mask of empty ring cells, the group leaders: the smallest index of each group.
const fn ring_leaders(empty: u8) -> u8 {
    let mut group = [0usize; 8];
    let mut i = 0;
    while i < 8 {
        group[i] = i;
        i += 1;
    }
    // Relax to a fixed point: each cell takes the smallest label among touching empty cells.
    let mut changed = true;
    while changed {
        changed = false;
        let mut i = 0;
        while i < 8 {
            let mut j = 0;
            while j < 8 {
                if empty & (1 << i) != 0 && empty & (1 << j) != 0 && ring_touch(i, j) && group[j] < group[i] {
                    group[i] = group[j];
                    changed = true;
                }
                j += 1;
            }
            i += 1;
        }
    }
    let mut leaders = 0u8;
    let mut i = 0;
    while i < 8 {
        if empty & (1 << i) != 0 && group[i] == i {
            leaders |= 1 << i;
        }
        i += 1;
    }
    leaders
}

const fn ring_table() -> ([u8; 256], [u8; 256]) {
    let mut groups = [0u8; 256];
    let mut leaders = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        leaders[m] = ring_leaders(m as u8);
        groups[m] = leaders[m].count_ones() as u8;
        m += 1;
    }
    (groups, leaders)
}

/// How many separate groups the empty cells around a new tile form, by mask of empty ring cells.
const RING_GROUPS: [u8; 256] = ring_table().0;
const RING_LEADERS: [u8; 256] = ring_table().1;

#[inline]
fn ring_group_leader(empty: u8, i: usize) -> bool {
    RING_LEADERS[empty as usize] & (1 << i) != 0
}

impl Board {
    /// An empty board whose only frontier cell is (0,0), where the first tile goes.
    pub fn new() -> Board {
        let mut b = Board {
            grid: [EMPTY; WINDOW * WINDOW],
            origin: (-(WINDOW as i8) / 2, -(WINDOW as i8) / 2),
            tiles: [PlacedTile {
                x: 0,
                y: 0,
                ty: 0,
                rot: 0,
                node_base: NodeId::new(0),
                walls: 0,
                virtual_walls: 0,
                watch: 0,
                follower: NO_FOLLOWER,
            }; TILE_COUNT],
            count: 0,
            frontier: [FrontierCell::default(); MAX_FRONTIER],
            frontier_len: 0,
            min: (0, 0),
            max: (0, 0),
        };
        b.push_frontier(Cell::new(0, 0), 0, 0, 0);
        b
    }

    /// The part of the grid that can hold anything but EMPTY: tiles and frontier cells lie in the
    /// tiles' box and the ring around it (before the first tile, the box is the start cell). As
    /// (grid index of its first cell, width, rows); its rows are `WINDOW` apart.
    #[inline]
    fn used_rows(&self) -> (usize, usize, usize) {
        let (x0, y0) = (self.min.0 as i32 - 1, self.min.1 as i32 - 1);
        let start = self.index(Cell::new(x0, y0)).expect("the city's ring lies on the grid");
        let width = (self.max.0 as i32 - self.min.0 as i32 + 3) as usize;
        let rows = (self.max.1 as i32 - self.min.1 as i32 + 3) as usize;
        (start, width, rows)
    }

    /// Sets every cell of `used_rows` to EMPTY: then the whole grid is.
    fn clear_used_rows(&mut self) {
        let (start, width, rows) = self.used_rows();
        for r in 0..rows {
            self.grid[start + r * WINDOW..][..width].fill(EMPTY);
        }
    }

    /// Empties the board, clearing only the cells in use.
    pub(crate) fn reset(&mut self) {
        self.clear_used_rows();
        self.count = 0;
        self.frontier_len = 0;
        self.origin = (-(WINDOW as i8) / 2, -(WINDOW as i8) / 2);
        self.min = (0, 0);
        self.max = (0, 0);
        self.push_frontier(Cell::new(0, 0), 0, 0, 0);
    }

    #[inline]
    fn index(&self, cell: Cell) -> Option<usize> {
        let x = (cell.x - self.origin.0 as i32) as u32;
        let y = (cell.y - self.origin.1 as i32) as u32;
        if x < WINDOW as u32 && y < WINDOW as u32 { Some(y as usize * WINDOW + x as usize) } else { None }
    }

    /// The window grid index of a cell, if it lies in the window. Lattice point (x, y) shares the
    /// index of cell (x, y), so searches along the wall can step by fixed offsets (`WINDOW` is one
    /// row) instead of converting coordinates at every step.
    #[inline]
    pub(crate) fn grid_index(&self, cell: Cell) -> Option<usize> {
        self.index(cell)
    }

    /// The window grid index of a lattice point (that of the cell it is the north-west corner of).
    #[inline]
    pub(crate) fn point_index(&self, p: Point) -> Option<usize> {
        self.index(Cell::new(p.x, p.y))
    }

    /// The cell (or lattice point) at a window grid index.
    #[inline]
    pub(crate) fn cell_at_index(&self, i: usize) -> Cell {
        Cell::new((i % WINDOW) as i32 + self.origin.0 as i32, (i / WINDOW) as i32 + self.origin.1 as i32)
    }

    /// The slot of the tile at a window grid index, if any.
    #[inline]
    pub(crate) fn slot_at_index(&self, i: usize) -> Option<Slot> {
        let v = self.grid[i];
        (v < FRONTIER_BASE).then_some(Slot::new(v as usize))
    }

    /// The frontier entry at a window grid index, if it is one.
    #[inline]
    pub(crate) fn frontier_at_index(&self, i: usize) -> Option<&FrontierCell> {
        let v = self.grid[i];
        (FRONTIER_BASE..EMPTY).contains(&v).then(|| &self.frontier[(v - FRONTIER_BASE) as usize])
    }

    /// Whether a cell and its four neighbours lie inside the window.
    #[inline]
    fn inside_window(&self, cell: Cell) -> bool {
        let x = cell.x - self.origin.0 as i32;
        let y = cell.y - self.origin.1 as i32;
        x >= 1 && y >= 1 && x < WINDOW as i32 - 1 && y < WINDOW as i32 - 1
    }

    /// Moves the window so that the city, with `cell` added, sits in its middle, and redraws it.
    fn recentre(&mut self, cell: Cell) {
        let (min_x, max_x) = (self.min.0.min(cell.x as i8) as i32, self.max.0.max(cell.x as i8) as i32);
        let (min_y, max_y) = (self.min.1.min(cell.y as i8) as i32, self.max.1.max(cell.y as i8) as i32);
        let half = WINDOW as i32 / 2;
        self.origin = (((min_x + max_x) / 2 - half) as i8, ((min_y + max_y) / 2 - half) as i8);
        self.grid = [EMPTY; WINDOW * WINDOW];
        for i in 0..self.count as usize {
            let idx = self.index(self.tiles[i].cell()).expect("the city fits in the window");
            self.grid[idx] = i as u8;
        }
        for i in 0..self.frontier_len as usize {
            let idx = self.index(self.frontier[i].cell()).expect("the city's ring fits in the window");
            self.grid[idx] = FRONTIER_BASE + i as u8;
        }
    }

    /// Number of placed tiles.
    #[inline]
    pub fn tile_count(&self) -> usize {
        self.count as usize
    }

    /// The placed tiles, in placement order (slot order).
    #[inline]
    pub fn tiles(&self) -> &[PlacedTile] {
        &self.tiles[..self.count as usize]
    }

    /// The tile in a slot.
    #[inline]
    pub fn tile(&self, slot: Slot) -> &PlacedTile {
        &self.tiles[slot.index()]
    }

    #[inline]
    pub(crate) fn tile_mut(&mut self, slot: Slot) -> &mut PlacedTile {
        &mut self.tiles[slot.index()]
    }

    /// The placed tiles with their slots, in placement order.
    pub fn slots(&self) -> impl Iterator<Item = (Slot, &PlacedTile)> + '_ {
        self.tiles().iter().enumerate().map(|(i, t)| (Slot::new(i), t))
    }

    /// The slot of the tile at a cell, if any.
    #[inline]
    pub fn slot_at(&self, cell: Cell) -> Option<Slot> {
        let v = self.grid[self.index(cell)?];
        (v < FRONTIER_BASE).then_some(Slot::new(v as usize))
    }

    /// The frontier cells (empty cells next to the city).
    #[inline]
    pub fn frontier(&self) -> &[FrontierCell] {
        &self.frontier[..self.frontier_len as usize]
    }

    /// The frontier entry of a cell, if it is one.
    #[inline]
    pub fn frontier_at(&self, cell: Cell) -> Option<&FrontierCell> {
        let v = self.grid[self.index(cell)?];
        (FRONTIER_BASE..EMPTY).contains(&v).then(|| &self.frontier[(v - FRONTIER_BASE) as usize])
    }

    /// Whether an empty cell is the outside of a wall piece or the gate (R20).
    #[inline]
    pub fn is_blocked(&self, cell: Cell) -> bool {
        self.frontier_at(cell).is_some_and(|f| f.flags & BLOCKED != 0)
    }

    /// Whether an empty cell next to the city is connected to the outside through empty cells.
    /// (Cells not next to the city are not asked about by the rules.)
    #[inline]
    pub fn is_outside(&self, cell: Cell) -> bool {
        match self.frontier_at(cell) {
            Some(f) => f.flags & HOLE == 0,
            None => self.slot_at(cell).is_none(),
        }
    }

    /// The sides of the tile in `slot` that face an empty cell outside the city (bit s for side s).
    pub fn outside_sides(&self, slot: Slot) -> u8 {
        let i = self.index(self.tiles[slot.index()].cell()).expect("tiles lie on the grid");
        let mut sides = 0;
        for (s, &offset) in SIDE_OFFSETS.iter().enumerate() {
            if let Some(f) = self.frontier_at_index(i.wrapping_add_signed(offset))
                && f.flags & HOLE == 0
            {
                sides |= 1 << s;
            }
        }
        sides
    }

    /// `outside_sides` of every tile at once, by slot: one pass over the frontier rather than four
    /// lookups per tile (the gate's moves and the closing of a wall without a gate ask for all).
    pub fn all_outside_sides(&self, out: &mut [u8; TILE_COUNT]) {
        out[..self.count as usize].fill(0);
        for f in self.frontier() {
            if f.flags & HOLE != 0 {
                continue;
            }
            let i = self.index(f.cell()).expect("frontier cells lie on the grid");
            let mut present = f.present;
            while present != 0 {
                let s = present.trailing_zeros() as usize;
                present &= present - 1;
                let slot = self.grid[i.wrapping_add_signed(SIDE_OFFSETS[s])] as usize;
                // The tile across side s of the empty cell faces it with its opposite side.
                out[slot] |= 1 << ((s + 2) & 3);
            }
        }
    }

    /// The bounding box of the placed tiles: (min x, min y), (max x, max y).
    pub fn bounds(&self) -> ((i32, i32), (i32, i32)) {
        ((self.min.0 as i32, self.min.1 as i32), (self.max.0 as i32, self.max.1 as i32))
    }

    /// Marks the empty cell next to the city at window grid index `i` as blocked by a wall (R20).
    pub(crate) fn block(&mut self, i: usize) {
        let v = self.grid[i];
        debug_assert!((FRONTIER_BASE..EMPTY).contains(&v), "blocked cells are frontier cells");
        self.frontier[(v - FRONTIER_BASE) as usize].flags |= BLOCKED;
    }

    fn push_frontier(&mut self, cell: Cell, present: u8, road: u8, flags: u8) {
        let i = self.index(cell).expect("frontier cells lie on the grid");
        self.push_frontier_at(i, cell, present, road, flags);
    }

    /// `push_frontier` for a cell whose window grid index `i` is known.
    fn push_frontier_at(&mut self, i: usize, cell: Cell, present: u8, road: u8, flags: u8) {
        let f = self.frontier_len as usize;
        self.frontier[f] = FrontierCell { x: cell.x as i8, y: cell.y as i8, present, road, flags };
        self.grid[i] = FRONTIER_BASE + f as u8;
        self.frontier_len += 1;
    }

    fn remove_frontier(&mut self, f: usize) {
        let last = self.frontier_len as usize - 1;
        if f != last {
            self.frontier[f] = self.frontier[last];
            let moved = self.frontier[f].cell();
            self.grid[self.index(moved).unwrap()] = FRONTIER_BASE + f as u8;
        }
        self.frontier_len -= 1;
    }

    /// Places a tile on a frontier cell that is not blocked and returns its slot and the slots of
    /// the tiles it touches, by side. `road_sides` has bit s set when the tile shows a road on
    /// side s. The caller has checked legality.
    pub(crate) fn place(&mut self, cell: Cell, ty: u8, rot: u8, node_base: NodeId, road_sides: u8) -> Placed {
        if !self.inside_window(cell) {
            self.recentre(cell);
        }
        let i = self.index(cell).expect("placements lie on the grid");
        let v = self.grid[i];
        assert!((FRONTIER_BASE..EMPTY).contains(&v), "tiles go on frontier cells");
        let was_hole = self.frontier[(v - FRONTIER_BASE) as usize].flags & HOLE != 0;
        self.remove_frontier((v - FRONTIER_BASE) as usize);
        let slot = self.count as usize;
        self.tiles[slot] = PlacedTile {
            x: cell.x as i8,
            y: cell.y as i8,
            ty,
            rot,
            node_base,
            walls: 0,
            virtual_walls: 0,
            watch: 0,
            follower: NO_FOLLOWER,
        };
        self.grid[i] = slot as u8;
        self.count += 1;
        if slot == 0 {
            self.min = (cell.x as i8, cell.y as i8);
            self.max = self.min;
        } else {
            self.min = (self.min.0.min(cell.x as i8), self.min.1.min(cell.y as i8));
            self.max = (self.max.0.max(cell.x as i8), self.max.1.max(cell.y as i8));
        }
        let mut neighbours = [None; 4];
        for side in SIDES {
            let back = 1u8 << side.opposite().index();
            let road = if road_sides & (1 << side.index()) != 0 { back } else { 0 };
            // The window keeps a ring of cells around every tile, so neighbours lie on the grid.
            let j = i.wrapping_add_signed(SIDE_OFFSETS[side.index()]);
            let w = self.grid[j];
            if w < FRONTIER_BASE {
                neighbours[side.index()] = Some(Slot::new(w as usize));
            } else if w == EMPTY {
                // A new frontier cell lies in the same empty region as the cell just filled.
                self.push_frontier_at(j, cell.step(side), back, road, if was_hole { HOLE } else { 0 });
            } else {
                let f = &mut self.frontier[(w - FRONTIER_BASE) as usize];
                f.present |= back;
                f.road |= road;
            }
        }
        if !was_hole {
            self.find_new_holes(cell, i);
        }
        Placed { slot: Slot::new(slot), neighbours }
    }

    /// Whether a tile placed on the frontier cell `cell` may cut empty cells off from the outside
    /// (the case in which placing it looks for new holes): it fills an outside cell whose ring of
    /// eight neighbours holds more than one group of empty cells.
    pub fn may_enclose(&self, cell: Cell) -> bool {
        if !self.inside_window(cell) {
            return true; // the ring may leave the window: say maybe
        }
        let Some(i) = self.index(cell) else { return true };
        if self.frontier_at_index(i).is_none_or(|f| f.flags & HOLE != 0) {
            return false;
        }
        let mut empty = 0u8;
        for (k, &offset) in RING_OFFSETS.iter().enumerate() {
            if self.grid[i.wrapping_add_signed(offset)] >= FRONTIER_BASE {
                empty |= 1 << k;
            }
        }
        RING_GROUPS[empty as usize] > 1
    }

    /// After a tile fills an outside cell, the empty cells around it may have lost their way out.
    /// Empty cells connect only through shared edges (R15), and the eight cells around the new
    /// tile are checked: if their empty ones still hang together around the ring, nothing can be
    /// cut off. Otherwise a flood fill from each group, in lockstep, finds which groups are now
    /// enclosed.
    fn find_new_holes(&mut self, c: Cell, at: usize) {
        let mut empty = 0u8;
        for (i, &offset) in RING_OFFSETS.iter().enumerate() {
            if self.grid[at.wrapping_add_signed(offset)] >= FRONTIER_BASE {
                empty |= 1 << i;
            }
        }
        if RING_GROUPS[empty as usize] <= 1 {
            return;
        }
        // One start cell per group: an empty ring cell whose ring predecessor does not join it.
        let mut starts: [Cell; 4] = [c; 4];
        let mut runs = 0;
        for (i, &(dx, dy)) in RING.iter().enumerate() {
            if empty & (1 << i) != 0 && ring_group_leader(empty, i) {
                starts[runs] = Cell::new(c.x + dx, c.y + dy);
                runs += 1;
            }
        }
        self.flood_holes(&starts[..runs]);
    }

    fn flood_holes(&mut self, starts: &[Cell]) {
        const MAX_WINDOW: usize = 1700; // (w + 2)(h + 2) with w + h <= 76
        let x0 = self.min.0 as i32 - 1;
        let y0 = self.min.1 as i32 - 1;
        let w = (self.max.0 as i32 - self.min.0 as i32 + 3) as usize;
        let h = (self.max.1 as i32 - self.min.1 as i32 + 3) as usize;
        debug_assert!(w * h <= MAX_WINDOW);
        crate::scratch::with_scratch(|sc| self.flood_window(starts, x0, y0, w, h, sc));
    }

    fn flood_window(
        &mut self,
        starts: &[Cell],
        x0: i32,
        y0: i32,
        w: usize,
        h: usize,
        sc: &mut crate::scratch::Scratch,
    ) {
        sc.label.clear();
        sc.label.resize(w * h, 0);
        sc.queue.clear();
        sc.queue.resize(w * h, 0);
        let (label, queue) = (&mut sc.label[..], &mut sc.queue[..]);
        let (mut head, mut tail) = (0usize, 0usize);
        // The flood window is the city's box and the ring around it, which lie on the grid: flood
        // cell p is grid cell grid0 + (p / w) * WINDOW + p % w.
        let grid0 = self.index(Cell::new(x0, y0)).expect("the city's ring lies on the grid");
        // Per group (1-based): union-find parent, cells waiting in the queue, status.
        const OPEN: u8 = 0;
        const OUT: u8 = 1;
        const ENCLOSED: u8 = 2;
        let mut parent = [0u8; 5];
        let mut pending = [0u16; 5];
        let mut status = [OPEN; 5];
        let find = |parent: &[u8; 5], mut g: u8| {
            while parent[g as usize] != g {
                g = parent[g as usize];
            }
            g
        };
        let on_border = |p: usize| {
            let (x, y) = (p % w, p / w);
            x == 0 || y == 0 || x == w - 1 || y == h - 1
        };
        for (k, s) in starts.iter().enumerate() {
            let g = k as u8 + 1;
            parent[g as usize] = g;
            let p = (s.y - y0) as usize * w + (s.x - x0) as usize;
            if label[p] != 0 {
                // Two runs can share a start only through the ring; merge them.
                let r = find(&parent, label[p]);
                parent[g as usize] = r;
                continue;
            }
            label[p] = g;
            queue[tail] = p as u16;
            tail += 1;
            pending[g as usize] = 1;
            if on_border(p) {
                status[g as usize] = OUT;
            }
        }
        let groups = starts.len() as u8;
        let settled = |parent: &[u8; 5], status: &[u8; 5]| {
            let (mut open, mut out) = (0, 0);
            for g in 1..=groups {
                if find(parent, g) == g {
                    match status[g as usize] {
                        OPEN => open += 1,
                        OUT => out += 1,
                        _ => {}
                    }
                }
            }
            // The filled cell was outside, so some side still is: the last open group is it.
            open == 0 || (open == 1 && out == 0)
        };
        while !settled(&parent, &status) && head < tail {
            let p = queue[head] as usize;
            head += 1;
            let mut g = find(&parent, label[p]);
            pending[g as usize] -= 1;
            if status[g as usize] == OPEN {
                let (px, py) = ((p % w) as i32, (p / w) as i32);
                for (dx, dy) in EDGE_STEPS {
                    let (nx, ny) = (px + dx, py + dy);
                    if nx < 0 || ny < 0 || nx >= w as i32 || ny >= h as i32 {
                        continue;
                    }
                    let q = ny as usize * w + nx as usize;
                    if self.grid[grid0 + ny as usize * WINDOW + nx as usize] < FRONTIER_BASE {
                        continue; // a tile
                    }
                    if label[q] == 0 {
                        label[q] = g;
                        queue[tail] = q as u16;
                        tail += 1;
                        pending[g as usize] += 1;
                        if on_border(q) {
                            status[g as usize] = OUT;
                        }
                    } else {
                        let o = find(&parent, label[q]);
                        if o != g {
                            // Two sides meet: one region. Keep the outside status if either has it;
                            // the rest of p's neighbours are still queued, now for the merged group.
                            let merged = if status[o as usize] == OUT { OUT } else { status[g as usize] };
                            parent[g as usize] = o;
                            pending[o as usize] += pending[g as usize];
                            status[o as usize] = merged;
                            g = o;
                        }
                    }
                }
            }
            let g = find(&parent, g);
            if status[g as usize] == OPEN && pending[g as usize] == 0 {
                status[g as usize] = ENCLOSED;
            }
        }
        for &p in &queue[..tail] {
            let p = p as usize;
            if status[find(&parent, label[p]) as usize] == ENCLOSED {
                let v = self.grid[grid0 + (p / w) * WINDOW + p % w];
                if (FRONTIER_BASE..EMPTY).contains(&v) {
                    self.frontier[(v - FRONTIER_BASE) as usize].flags |= HOLE;
                }
            }
        }
    }
}
