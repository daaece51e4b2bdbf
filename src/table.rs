//! The table: everything on and around the board that every player can see (RULES.md section 7),
//! and the turn state machine that changes it (R10-R28). The hidden order of the unseen tiles is
//! not here: the `Draw` step is resolved from outside, by the game's deck (`Game`) or by a search
//! agent's own sample, so an agent holding a `Table` can simulate but never peek.

use crate::board::{BLOCKED, Board, NO_FOLLOWER};
use crate::features::{Features, MARKET, RESIDENTIAL, ROAD, holds, majority};
use crate::geom::{Cell, SIDES, Side, side_port_mask};
use crate::moves::{HEAD, Move, Step, TAIL, WallEdge};
use crate::scoring::{self, Points};
use crate::tiles::{SegKind, TILE_COUNT, TileSet, TileType};
use crate::wall::{self, End, MAX_PATH, Piece, Wall};

/// Most players (R1).
pub const MAX_PLAYERS: usize = 4;
/// Followers per player, not counting the score marker (R1).
pub const FOLLOWERS: u8 = 7;
/// Pile sizes (R4).
pub const PILES: [usize; 3] = [30, 25, 20];
/// R23(c): the game ends once the free ends can be joined by this many pieces or fewer.
pub const CLOSE_DISTANCE: usize = 5;
/// Market-residential borders a table records (random games have about 50, at most about 75).
const MAX_BORDERS: usize = 128;

/// One player's supplies and points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerState {
    /// Points by source.
    pub points: Points,
    /// Followers in supply that may be placed now.
    pub supply: u8,
    /// Followers returned this turn: back in supply, usable from the next turn (R12).
    pub returning: u8,
    /// Towers left (R2).
    pub towers: u8,
    /// Wall pieces this player built.
    pub walls_built: u8,
    /// Followers this player placed (citizens, market women, bailiffs, watchmen).
    pub followers_placed: u8,
}

/// A wall building in progress (R16).
#[derive(Clone, Copy, Debug, Default)]
struct Building {
    /// Builders, one entry per piece, in order (the scorer first, then clockwise, lap by lap).
    seq: [u8; 16],
    len: u8,
    pos: u8,
    /// The player whose tile triggered the building.
    scorer: u8,
    /// The first entry is the gate (the first building of the game, R15).
    gate_first: bool,
}

/// The public game position and its rules.
#[derive(Clone)]
pub struct Table {
    tileset: &'static TileSet,
    players: u8,
    board: Board,
    features: Features,
    wall: Wall,
    player: [PlayerState; MAX_PLAYERS],
    step: Step,
    current: u8,
    actor: u8,
    in_hand: u8,
    drawn: u8,
    unseen: [u8; TILE_COUNT],
    set_aside: [u8; TILE_COUNT],
    set_aside_len: u8,
    last_slot: u8,
    completed: [u16; 24],
    completed_len: u8,
    /// Every border between a market and a residential area (R9) as (market node, residential
    /// node), recorded as tiles are placed, so the final R26 scoring need not scan the city.
    /// Past `MAX_BORDERS` the count goes on but the list is incomplete and unused.
    borders: [(u16, u16); MAX_BORDERS],
    border_count: u8,
    building: Building,
    /// At the Wall step: the pieces R17 allows, worked out once when the step begins.
    pieces: [Piece; 6],
    piece_count: u8,
}

/// Why a move is not legal now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal(pub String);

impl std::fmt::Display for Illegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Illegal {}

fn illegal<T>(msg: impl Into<String>) -> Result<T, Illegal> {
    Err(Illegal(msg.into()))
}

impl Table {
    /// A new game of `players` (2..=4) with every tile unseen; the first step is the first draw.
    pub fn new(tileset: &'static TileSet, players: usize) -> Result<Table, String> {
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(format!("Die Stadt is for 2 to 4 players, not {players}"));
        }
        let mut unseen = [0u8; TILE_COUNT];
        for (i, t) in tileset.types.iter().enumerate() {
            unseen[i] = t.count;
        }
        let towers = (wall::TOWERS / players) as u8;
        let mut player = [PlayerState::default(); MAX_PLAYERS];
        for p in player.iter_mut().take(players) {
            p.supply = FOLLOWERS;
            p.towers = towers;
        }
        Ok(Table {
            tileset,
            players: players as u8,
            board: Board::new(),
            features: Features::new(),
            wall: Wall::default(),
            player,
            step: Step::Draw,
            current: 0,
            actor: 0,
            in_hand: 0,
            drawn: 0,
            unseen,
            set_aside: [0; TILE_COUNT],
            set_aside_len: 0,
            last_slot: 0,
            completed: [0; 24],
            completed_len: 0,
            borders: [(0, 0); MAX_BORDERS],
            border_count: 0,
            building: Building::default(),
            pieces: [NO_PIECE; 6],
            piece_count: 0,
        })
    }

    /// Starts a new game of `players` on this table, reusing its memory (only the cells the last
    /// game used are cleared), so a playout loop does not copy or clear whole boards.
    pub fn reset(&mut self, players: usize) -> Result<(), String> {
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(format!("Die Stadt is for 2 to 4 players, not {players}"));
        }
        self.players = players as u8;
        self.board.reset();
        self.features.reset();
        self.wall = Wall::default();
        let towers = (wall::TOWERS / players) as u8;
        self.player = [PlayerState::default(); MAX_PLAYERS];
        for p in self.player.iter_mut().take(players) {
            p.supply = FOLLOWERS;
            p.towers = towers;
        }
        self.step = Step::Draw;
        self.current = 0;
        self.actor = 0;
        self.in_hand = 0;
        self.drawn = 0;
        for (i, t) in self.tileset.types.iter().enumerate() {
            self.unseen[i] = t.count;
        }
        self.set_aside_len = 0;
        self.last_slot = 0;
        self.completed_len = 0;
        self.border_count = 0;
        self.building = Building::default();
        Ok(())
    }

    // ----- public queries -------------------------------------------------------------------

    /// The tile set.
    #[inline]
    pub fn tileset(&self) -> &'static TileSet {
        self.tileset
    }

    /// Number of players.
    #[inline]
    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// What the game waits for.
    #[inline]
    pub fn step(&self) -> Step {
        self.step
    }

    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.step == Step::GameOver
    }

    /// The player whose turn it is.
    #[inline]
    pub fn current(&self) -> usize {
        self.current as usize
    }

    /// The player who decides the current step (the builder during a wall building).
    #[inline]
    pub fn actor(&self) -> usize {
        self.actor as usize
    }

    /// The type of the tile in hand (meaningful at the PlaceTile step).
    #[inline]
    pub fn in_hand(&self) -> u8 {
        self.in_hand
    }

    /// The slot of the tile placed this turn (meaningful from the Follower step on).
    #[inline]
    pub fn last_slot(&self) -> usize {
        self.last_slot as usize
    }

    /// Tiles drawn so far (placed or set aside, and the one in hand).
    #[inline]
    pub fn drawn(&self) -> usize {
        self.drawn as usize
    }

    /// The pile (1, 2 or 3) of the tile drawn as number `index` (0-based).
    #[inline]
    pub fn pile_of(index: usize) -> u8 {
        if index < PILES[0] {
            1
        } else if index < PILES[0] + PILES[1] {
            2
        } else {
            3
        }
    }

    /// Tiles left in each pile (public: only the counts).
    pub fn pile_sizes(&self) -> [usize; 3] {
        let d = self.drawn as usize;
        let mut out = [0; 3];
        let mut start = 0;
        for (i, &size) in PILES.iter().enumerate() {
            out[i] = (start + size).saturating_sub(d.max(start)).min(size);
            start += size;
        }
        out
    }

    /// How many tiles of each type are still unseen (drawn by nobody yet).
    #[inline]
    pub fn unseen(&self) -> &[u8] {
        &self.unseen[..self.tileset.types.len()]
    }

    /// Tiles set aside because they fit nowhere (R10), in order.
    #[inline]
    pub fn set_aside(&self) -> &[u8] {
        &self.set_aside[..self.set_aside_len as usize]
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The features (union-find).
    #[inline]
    pub fn features(&self) -> &Features {
        &self.features
    }

    /// The wall.
    #[inline]
    pub fn wall(&self) -> &Wall {
        &self.wall
    }

    /// A player's supplies and points.
    #[inline]
    pub fn player(&self, p: usize) -> &PlayerState {
        &self.player[p]
    }

    /// Every player's total score.
    pub fn scores(&self) -> [i32; MAX_PLAYERS] {
        let mut s = [0; MAX_PLAYERS];
        for (p, out) in s.iter_mut().enumerate().take(self.players()) {
            *out = self.player[p].points.total();
        }
        s
    }

    /// The tile type placed in a slot.
    #[inline]
    pub fn tile_type(&self, slot: usize) -> &'static TileType {
        self.tileset.get(self.board.tile(slot).ty)
    }

    /// The union-find node of a segment of a placed tile.
    #[inline]
    pub fn node(&self, slot: usize, seg: usize) -> u16 {
        self.board.tile(slot).node_base + seg as u16
    }

    /// The kind of a segment of a placed tile.
    #[inline]
    pub fn seg_kind(&self, slot: usize, seg: usize) -> SegKind {
        self.tile_type(slot).seg_kind[seg]
    }

    /// The segment of a placed tile that owns board port `port`.
    #[inline]
    pub fn seg_at_port(&self, slot: usize, port: usize) -> usize {
        let t = self.board.tile(slot);
        self.tileset.get(t.ty).rotated[t.rot as usize].port_seg[port] as usize
    }

    /// The board ports of a segment of a placed tile (12-bit mask).
    #[inline]
    pub fn seg_ports(&self, slot: usize, seg: usize) -> u16 {
        let t = self.board.tile(slot);
        self.tileset.get(t.ty).rotated[t.rot as usize].seg_ports[seg]
    }

    /// Whether a road or market (by any node) is complete: it has no open port (R8).
    #[inline]
    pub fn is_complete(&self, node: u16) -> bool {
        let r = self.features.root(node);
        self.features.category(r) != RESIDENTIAL && self.features.open(r) == 0
    }

    /// Points a completed road or market would give now (R12).
    pub fn feature_points(&self, node: u16) -> i32 {
        let r = self.features.root(node);
        scoring::feature_points(&self.features, r)
    }

    /// The wall building's remaining builders, including the current one.
    pub fn builders_left(&self) -> &[u8] {
        match self.step {
            Step::Gate | Step::Wall => {
                &self.building.seq[self.building.pos as usize..self.building.len as usize]
            }
            _ => &[],
        }
    }

    /// Every border between a market and a residential area (R9) as (market node, residential
    /// node), one entry per tile or edge where they meet; None if too many were recorded.
    pub(crate) fn borders(&self) -> Option<&[(u16, u16)]> {
        self.borders.get(..self.border_count as usize)
    }

    /// The wall pieces that may be built now (empty outside the Wall step).
    pub fn pieces(&self) -> &[Piece] {
        if self.step == Step::Wall { &self.pieces[..self.piece_count as usize] } else { &[] }
    }

    /// The player whose scoring triggered the current wall building.
    pub fn scorer(&self) -> usize {
        self.building.scorer as usize
    }

    /// Whether a tile type fits anywhere (R10).
    pub fn fits_somewhere(&self, ty: u8) -> bool {
        if self.board.tile_count() == 0 {
            return true;
        }
        let fits = &self.tileset.get(ty).fits;
        self.board
            .frontier()
            .iter()
            .any(|f| f.present != 0 && f.flags & BLOCKED == 0 && fits[fit_key(f)] != 0)
    }

    // ----- legal moves ----------------------------------------------------------------------

    /// Appends every legal move of the current step to `out` (cleared first). At Draw and
    /// GameOver there are none.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        match self.step {
            Step::Draw | Step::GameOver => {}
            Step::PlaceTile => self.tile_moves(out),
            Step::Follower => {
                out.push(Move::Follower(None));
                let p = self.actor as usize;
                if self.player[p].supply > 0 {
                    // Two segments of one feature are the same choice: offer the first.
                    let slot = self.last_slot as usize;
                    let t = self.tile_type(slot);
                    let mut seen = [u16::MAX; 8];
                    for seg in 0..t.seg_count as usize {
                        let r = self.features.root(self.node(slot, seg));
                        seen[seg] = r;
                        if !holds(&seen[..seg], r) && self.follower_allowed(r) {
                            out.push(Move::Follower(Some(seg as u8)));
                        }
                    }
                }
            }
            Step::Gate => {
                for (slot, t) in self.board.tiles().iter().enumerate() {
                    let sides = self.gate_sides(slot);
                    for side in SIDES {
                        if sides & (1 << side.index()) != 0 {
                            out.push(Move::Gate(t.cell().edge(side).into()));
                        }
                    }
                }
            }
            Step::Wall => {
                let p = self.actor as usize;
                for piece in self.pieces() {
                    out.push(Move::Wall { edge: piece.edge.into(), watchman: false });
                    if self.player[p].supply > 0 && self.watchman_allowed(piece) {
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
    }

    fn tile_moves(&self, out: &mut Vec<Move>) {
        let t = self.tileset.get(self.in_hand);
        if self.board.tile_count() == 0 {
            out.push(Move::Tile { x: 0, y: 0, rot: 0 });
            return;
        }
        for f in self.board.frontier() {
            if f.present == 0 || f.flags & BLOCKED != 0 {
                continue;
            }
            let mut fit = t.fits[fit_key(f)];
            while fit != 0 {
                let q = fit.trailing_zeros() as u8;
                fit &= fit - 1;
                out.push(Move::Tile { x: f.x, y: f.y, rot: q });
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
            let i = rng.random_range(0..frontier.len() * 4);
            let f = &frontier[i / 4];
            if f.flags & BLOCKED == 0 && t.fits[fit_key(f)] & (1 << (i % 4)) != 0 {
                return Move::Tile { x: f.x, y: f.y, rot: (i % 4) as u8 };
            }
        }
        let mut k = rng.random_range(0..self.count_tile_moves());
        for f in frontier {
            if f.present == 0 || f.flags & BLOCKED != 0 {
                continue;
            }
            let mut fit = t.fits[fit_key(f)];
            while fit != 0 {
                let q = fit.trailing_zeros() as u8;
                fit &= fit - 1;
                if k == 0 {
                    return Move::Tile { x: f.x, y: f.y, rot: q };
                }
                k -= 1;
            }
        }
        unreachable!("the tile in hand fits somewhere")
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

    /// R11 for a follower on the feature rooted at `r`.
    fn follower_allowed(&self, r: u16) -> bool {
        if self.features.occupied(r) {
            return false;
        }
        // A road or market this very tile completes takes no follower (R11).
        !(self.features.category(r) != RESIDENTIAL && self.features.open(r) == 0)
    }

    fn gate_allowed(&self, slot: usize, side: Side) -> bool {
        self.gate_sides(slot) & (1 << side.index()) != 0
    }

    /// R15: the sides of the tile in `slot` where the gate may go (bit s for side s): not walled,
    /// facing an empty cell outside the city.
    fn gate_sides(&self, slot: usize) -> u8 {
        self.board.outside_sides(slot) & !self.board.tile(slot).walls
    }

    fn watchman_allowed(&self, piece: &Piece) -> bool {
        // R18: the row runs without a gap to a wall piece that already holds a watchman.
        let end = wall::row(&self.board, piece.slot as usize, piece.side, |_| {});
        match end {
            Some((slot, side)) => self.board.tile(slot).watchman(side).is_none(),
            None => true,
        }
    }

    /// The free ends a tower may go on now (R21): HEAD and/or TAIL, one if they coincide.
    fn tower_ends(&self) -> impl Iterator<Item = u8> + '_ {
        let has_tower = self.player[self.building.scorer as usize].towers > 0;
        let same = self.wall.ends[0].point() == self.wall.ends[1].point();
        [HEAD, TAIL].into_iter().filter(move |&e| {
            has_tower
                && self.wall.gate.is_some()
                && !(same && e == TAIL)
                && !self.wall.tower_at(self.wall.ends[e as usize].point())
        })
    }

    /// Checks a move against the rules, saying why it is illegal.
    pub fn check(&self, mv: Move) -> Result<(), Illegal> {
        match (self.step, mv) {
            (Step::GameOver, _) => illegal("the game is over"),
            (Step::Draw, _) => illegal("a tile must be drawn first"),
            (Step::PlaceTile, Move::Tile { x, y, rot }) => self.check_tile(x as i32, y as i32, rot),
            (Step::Follower, Move::Follower(opt)) => {
                let Some(seg) = opt else { return Ok(()) };
                let t = self.tile_type(self.last_slot as usize);
                if seg as usize >= t.seg_count as usize {
                    return illegal(format!("the tile has no segment {seg}"));
                }
                if self.player[self.actor as usize].supply == 0 {
                    return illegal(format!("p{} has no follower in supply", self.actor + 1));
                }
                let r = self.features.root(self.node(self.last_slot as usize, seg as usize));
                if self.features.occupied(r) {
                    return illegal("the feature already holds a follower (R11)");
                }
                if self.features.category(r) != RESIDENTIAL && self.features.open(r) == 0 {
                    return illegal(
                        "this tile completes that road or market, so no follower may join it (R11)",
                    );
                }
                Ok(())
            }
            (Step::Gate, Move::Gate(e)) => {
                for (cell, side) in e.edge().cells() {
                    if let Some(slot) = self.board.slot_at(cell)
                        && self.gate_allowed(slot, side)
                    {
                        return Ok(());
                    }
                }
                illegal(format!(
                    "the gate must go between a placed tile and an empty cell outside the city; edge {} is not such an edge (R15)",
                    e.edge()
                ))
            }
            (Step::Wall, Move::Wall { edge, watchman }) => {
                let Some(piece) = self.pieces().iter().find(|p| WallEdge::from(p.edge) == edge) else {
                    let ends: Vec<String> = [HEAD, TAIL]
                        .iter()
                        .map(|&e| self.wall.ends[e as usize].point().to_string())
                        .collect();
                    return illegal(format!(
                        "edge {} does not extend a free end of the wall (ends at {}; R17)",
                        edge.edge(),
                        ends.join(" and ")
                    ));
                };
                if watchman {
                    if self.player[self.actor as usize].supply == 0 {
                        return illegal(format!(
                            "p{} has no follower in supply for a watchman",
                            self.actor + 1
                        ));
                    }
                    if !self.watchman_allowed(piece) {
                        return illegal(
                            "the row runs without a gap to a wall piece that already holds a watchman (R18)",
                        );
                    }
                }
                Ok(())
            }
            (Step::Tower, Move::Tower(opt)) => match opt {
                None => Ok(()),
                Some(e) if e > TAIL => illegal("no such wall end"),
                Some(e) => {
                    if self.player[self.building.scorer as usize].towers == 0 {
                        illegal(format!("p{} has no tower left", self.building.scorer + 1))
                    } else if self.tower_ends().any(|x| x == e) {
                        Ok(())
                    } else {
                        illegal("a tower already stands on that end of the wall (R21)")
                    }
                }
            },
            (step, mv) => illegal(format!("expected a {} decision, not {:?}", step_word(step), mv)),
        }
    }

    fn check_tile(&self, x: i32, y: i32, rot: u8) -> Result<(), Illegal> {
        if rot > 3 {
            return illegal("rotation must be 0, 90, 180 or 270");
        }
        let cell = Cell::new(x, y);
        if self.board.tile_count() == 0 {
            return if (x, y, rot) == (0, 0, 0) {
                Ok(())
            } else {
                illegal("the first tile goes to cell (0,0), unrotated: `tile 0 0 0`")
            };
        }
        if self.board.slot_at(cell).is_some() {
            return illegal(format!("cell {cell} already holds a tile"));
        }
        let Some(f) = self.board.frontier_at(cell) else {
            return illegal(format!("cell {cell} does not touch any placed tile edge to edge (R10)"));
        };
        if f.flags & BLOCKED != 0 {
            return illegal(format!("cell {cell} is blocked by the wall (R20)"));
        }
        let t = self.tileset.get(self.in_hand);
        let mine = t.rotated[rot as usize].road_sides;
        for side in SIDES {
            let bit = 1 << side.index();
            if f.present & bit != 0 && (mine & bit) != (f.road & bit) {
                let (theirs, ours) =
                    if f.road & bit != 0 { ("a road", "no road") } else { ("no road", "a road") };
                return illegal(format!(
                    "{} rotated {} does not fit at {cell}: its {} side has {ours} but the neighbour shows {theirs} (R10)",
                    t.name,
                    rot as u32 * 90,
                    side.letter()
                ));
            }
        }
        Ok(())
    }

    // ----- applying moves -------------------------------------------------------------------

    /// Resolves the Draw step with a tile of type `ty`: in hand if it fits somewhere, otherwise set
    /// aside (R10; the same player draws again). Ends the game if no tile is left.
    pub fn draw(&mut self, ty: u8) -> Result<(), Illegal> {
        if self.step != Step::Draw {
            return illegal("no tile is to be drawn now");
        }
        if self.unseen.get(ty as usize).copied().unwrap_or(0) == 0 {
            return illegal(format!("no unseen tile of type {ty} is left"));
        }
        self.unseen[ty as usize] -= 1;
        self.drawn += 1;
        if self.fits_somewhere(ty) {
            self.in_hand = ty;
            self.step = Step::PlaceTile;
            self.actor = self.current;
        } else {
            self.set_aside[self.set_aside_len as usize] = ty;
            self.set_aside_len += 1;
            if self.drawn as usize == TILE_COUNT {
                self.finish_game();
            }
        }
        Ok(())
    }

    /// Takes an unseen tile of type `ty` out of the game as if drawn and set aside, whether it fits
    /// or not. Not a move of the game: a tool for building test positions (for example to reach
    /// pile 2 without placing 30 tiles).
    pub fn set_aside_unseen(&mut self, ty: u8) -> Result<(), Illegal> {
        if self.step != Step::Draw {
            return illegal("tiles can only be set aside when a tile is to be drawn");
        }
        if self.unseen.get(ty as usize).copied().unwrap_or(0) == 0 {
            return illegal(format!("no unseen tile of type {ty} is left"));
        }
        self.unseen[ty as usize] -= 1;
        self.drawn += 1;
        self.set_aside[self.set_aside_len as usize] = ty;
        self.set_aside_len += 1;
        if self.drawn as usize == TILE_COUNT {
            self.finish_game();
        }
        Ok(())
    }

    /// The players with the highest score (R28: tied players share the win), as a bit mask.
    pub fn winners(&self) -> u8 {
        let s = self.scores();
        let best = s[..self.players()].iter().copied().max().unwrap_or(0);
        (0..self.players()).filter(|&p| s[p] == best).fold(0, |m, p| m | (1 << p))
    }

    /// Checks and applies a move.
    pub fn play(&mut self, mv: Move) -> Result<(), Illegal> {
        self.check(mv)?;
        self.apply(mv);
        Ok(())
    }

    /// Applies a legal move (from `legal_moves`); illegal moves are a logic error.
    pub fn apply(&mut self, mv: Move) {
        debug_assert!(self.check(mv).is_ok(), "illegal move {mv:?}: {:?}", self.check(mv));
        match mv {
            Move::Tile { x, y, rot } => self.place_tile(Cell::new(x as i32, y as i32), rot),
            Move::Follower(opt) => self.place_follower(opt),
            Move::Gate(e) => self.place_gate(e),
            Move::Wall { edge, watchman } => self.place_wall(edge, watchman),
            Move::Tower(opt) => self.place_tower(opt),
        }
    }

    fn place_tile(&mut self, cell: Cell, rot: u8) {
        let ty = self.in_hand;
        let t = self.tileset.get(ty);
        let r = &t.rotated[rot as usize];
        let base = self.features.len() as u16;
        let placed = self.board.place(cell, ty, rot, base, r.road_sides);
        self.features.add_tile(placed.slot, t);
        for &(m, h) in &t.borders {
            self.record_border(base + m as u16, base + h as u16);
        }
        // Road and market ports facing empty cells are open (R8). Counted before any union, while
        // each new node is still its own root; unions add the counts up.
        let mut empty_sides = 0u16;
        for side in SIDES {
            if placed.neighbours[side.index()].is_none() {
                empty_sides |= side_port_mask(side);
            }
        }
        let mut open = r.scorable_ports & empty_sides;
        while open != 0 {
            let b = open.trailing_zeros() as usize;
            open &= open - 1;
            self.features.add_open(base + r.port_seg[b] as u16, 1);
        }
        // Nodes whose feature may have been completed: ours, and neighbours' closed ports.
        let mut touched = [0u16; 24];
        let mut nt = 0;
        let mut segs = t.scorable_segs;
        while segs != 0 {
            touched[nt] = base + segs.trailing_zeros() as u16;
            segs &= segs - 1;
            nt += 1;
        }
        for side in SIDES {
            let Some(ns) = placed.neighbours[side.index()] else { continue };
            let nb = self.board.tile(ns);
            let (their_base, nty) = (nb.node_base, self.tileset.get(nb.ty));
            let nrot = &nty.rotated[nb.rot as usize];
            // Port k of this side faces port 2 - k of the neighbour's opposite side. Neighbouring
            // ports often join the same two segments: such a run of ports is handled at once.
            let (mine, theirs) = (3 * side.index(), 3 * side.opposite().index());
            // The runs end wherever either side changes segment; the neighbour's ports run the
            // other way, so its two break bits swap.
            let their_breaks = (nrot.side_breaks >> (2 * side.opposite().index())) & 0b11;
            let breaks =
                (r.side_breaks >> (2 * side.index())) & 0b11 | (their_breaks & 1) << 1 | their_breaks >> 1;
            for &(k, run) in PORT_RUNS[breaks as usize] {
                let (my_seg, their_seg) = (r.port_seg[mine + k], nrot.port_seg[theirs + 2 - k]);
                let their_node = their_base + their_seg as u16;
                if nty.scorable_segs & (1 << their_seg) != 0 {
                    let root = self.features.find(their_node);
                    self.features.close_ports(root, run);
                    if !holds(&touched[..nt], their_node) {
                        touched[nt] = their_node;
                        nt += 1;
                    }
                }
                // Facing ports of one category join (R5, R6); a market and a residential area
                // border each other (R9b).
                let my_node = base + my_seg as u16;
                match (t.seg_meta[my_seg as usize] & 0b11, nty.seg_meta[their_seg as usize] & 0b11) {
                    (a, b) if a == b => {
                        self.features.union(my_node, their_node);
                    }
                    (MARKET, RESIDENTIAL) => self.record_border(my_node, their_node),
                    (RESIDENTIAL, MARKET) => self.record_border(their_node, my_node),
                    _ => {}
                }
            }
        }
        self.completed_len = 0;
        for &node in &touched[..nt] {
            let root = self.features.find(node);
            if self.features.open(root) == 0 && !holds(&self.completed[..self.completed_len as usize], root) {
                self.completed[self.completed_len as usize] = root;
                self.completed_len += 1;
            }
        }
        self.last_slot = placed.slot as u8;
        self.step = Step::Follower;
    }

    /// Records a border between a market node and a residential node (R9).
    #[inline]
    fn record_border(&mut self, market: u16, residential: u16) {
        if let Some(b) = self.borders.get_mut(self.border_count as usize) {
            *b = (market, residential);
        }
        self.border_count = self.border_count.saturating_add(1);
    }

    fn place_follower(&mut self, opt: Option<u8>) {
        let p = self.actor as usize;
        let slot = self.last_slot as usize;
        if let Some(seg) = opt {
            let root = self.features.find(self.node(slot, seg as usize));
            self.features.add_follower(root, p);
            self.board.tile_mut(slot).follower = ((p as u8) << 4) | seg;
            self.player[p].supply -= 1;
            self.player[p].followers_placed += 1;
        }
        // R12: score every road and market the tile completed.
        let mut event = false;
        for i in 0..self.completed_len as usize {
            let root = self.completed[i];
            event |= self.score_feature(root);
        }
        let pile = Table::pile_of(self.drawn as usize - 1);
        if event && pile >= 2 {
            self.begin_building(pile);
        } else {
            self.end_turn();
        }
    }

    /// Scores a completed road or market (R12): full points to the majority, followers return.
    /// Returns whether anyone scored. Most completed features hold no follower, so that check is
    /// inlined into the callers.
    #[inline]
    fn score_feature(&mut self, root: u16) -> bool {
        let packed = self.features.followers_packed(root);
        if packed == 0 {
            return false;
        }
        self.pay_feature(root, packed);
        true
    }

    /// `score_feature` for a feature holding followers (`packed`).
    fn pay_feature(&mut self, root: u16, packed: u16) {
        let points = scoring::feature_points(&self.features, root);
        let winners = majority(packed, self.players());
        let is_road = self.features.category(root) == ROAD;
        for p in 0..self.players() {
            if winners & (1 << p) != 0 {
                if is_road {
                    self.player[p].points.roads += points;
                } else {
                    self.player[p].points.markets += points;
                }
            }
            self.player[p].returning += self.features.followers_of(root, p) as u8;
        }
        self.features.clear_followers(root);
        let mut tiles = self.features.tile_set(root);
        while tiles != 0 {
            let slot = tiles.trailing_zeros() as usize;
            tiles &= tiles - 1;
            if let Some((_, seg)) = self.board.tile(slot).follower() {
                let node = self.node(slot, seg);
                if self.features.find(node) == root {
                    self.board.tile_mut(slot).follower = NO_FOLLOWER;
                }
            }
        }
    }

    fn begin_building(&mut self, pile: u8) {
        let players = self.players as usize;
        let each = if pile == 2 { 1 } else { 2 } * if players == 2 { 2 } else { 1 };
        let gate_first = self.wall.gate.is_none();
        let mut b = Building { scorer: self.current, gate_first, ..Building::default() };
        let mut from_supply = 0;
        'laps: for _ in 0..each {
            for k in 0..players {
                let is_gate = gate_first && b.len == 0;
                if !is_gate {
                    if from_supply == self.wall.supply {
                        break 'laps; // R16: short supply, one at a time until none are left
                    }
                    from_supply += 1;
                }
                b.seq[b.len as usize] = ((self.current as usize + k) % players) as u8;
                b.len += 1;
            }
        }
        self.building = b;
        self.advance_building();
    }

    /// Moves to the next builder who can place a piece; then to the tower (R21).
    fn advance_building(&mut self) {
        loop {
            let b = &self.building;
            if b.pos >= b.len {
                self.step = Step::Tower;
                self.actor = b.scorer;
                return;
            }
            let builder = b.seq[b.pos as usize];
            if b.pos == 0 && b.gate_first {
                self.step = Step::Gate;
                self.actor = builder;
                return;
            }
            let mut buf = [NO_PIECE; 6];
            let n = wall::legal_pieces(&self.board, &self.wall, &mut buf);
            if n > 0 {
                self.pieces = buf;
                self.piece_count = n as u8;
                self.step = Step::Wall;
                self.actor = builder;
                return;
            }
            // Neither end can take a piece: it stays in supply (R16).
            self.building.pos += 1;
        }
    }

    fn place_gate(&mut self, e: WallEdge) {
        let (slot, side) = e
            .edge()
            .cells()
            .into_iter()
            .find_map(|(cell, side)| {
                let slot = self.board.slot_at(cell)?;
                self.gate_allowed(slot, side).then_some((slot, side))
            })
            .expect("a legal gate edge has its tile inside");
        let cell = self.board.tile(slot).cell();
        self.wall.gate = Some((slot as u8, side.index() as u8));
        let (head, tail) = Wall::ends_for_gate(cell, side);
        self.wall.ends = [head, tail];
        self.build_on_cell(slot, side, cell.step(side), false);
        self.building.pos += 1;
        self.advance_building();
    }

    fn place_wall(&mut self, e: WallEdge, watchman: bool) {
        let piece = *self.pieces().iter().find(|p| WallEdge::from(p.edge) == e).expect("a legal wall edge");
        let p = self.actor as usize;
        if watchman {
            let t = self.board.tile_mut(piece.slot as usize);
            t.watch |= ((p as u16) + 1) << (4 * piece.side.index());
            self.player[p].supply -= 1;
            self.player[p].followers_placed += 1;
        }
        self.wall.supply -= 1;
        self.player[p].walls_built += 1;
        self.wall.since_tower[piece.end as usize] += 1;
        self.wall.ends[piece.end as usize] = piece.next;
        // R21 counts back along the chain to the previous tower: if this end comes back to a point
        // that holds one (the wall looped around a pocket), the count starts again there.
        if self.wall.tower_at(piece.next.point()) {
            self.wall.since_tower[piece.end as usize] = 0;
        }
        if self.wall.ends[0].point() == self.wall.ends[1].point() {
            self.wall.closed = true;
        }
        self.build_on_cell(piece.slot as usize, piece.side, piece.outside, false);
        self.building.pos += 1;
        self.advance_building();
    }

    /// Walls one side of a tile: blocks the outside cell (R20), given by window grid index, closes
    /// the tile's ports there and scores what that completes (R22).
    fn build_on(&mut self, slot: usize, side: Side, outside: usize, virtual_piece: bool) {
        let t = self.board.tile_mut(slot);
        t.walls |= 1 << side.index();
        if virtual_piece {
            t.virtual_walls |= 1 << side.index();
        }
        let t = *t;
        self.board.block(outside);
        let ty = self.tileset.get(t.ty);
        let r = &ty.rotated[t.rot as usize];
        let mut roots = [0u16; 3];
        let mut n = 0;
        // Only road and market ports count open ports (R8).
        let mut ports = (r.scorable_ports >> (3 * side.index())) & 0b111;
        while ports != 0 {
            let k = ports.trailing_zeros() as usize;
            ports &= ports - 1;
            let seg = r.port_seg[3 * side.index() + k] as usize;
            let root = self.features.find(t.node_base + seg as u16);
            self.features.close_port(root);
            if !holds(&roots[..n], root) {
                roots[n] = root;
                n += 1;
            }
        }
        for &root in &roots[..n] {
            if self.features.open(root) == 0 {
                self.score_feature(root);
            }
        }
    }

    /// Walls one side of a tile whose outside is `outside` (see `build_on`).
    fn build_on_cell(&mut self, slot: usize, side: Side, outside: Cell, virtual_piece: bool) {
        let i = self.board.grid_index(outside).expect("a wall's outside cell lies on the grid");
        self.build_on(slot, side, i, virtual_piece);
    }

    fn place_tower(&mut self, opt: Option<u8>) {
        if let Some(e) = opt {
            let p = self.building.scorer as usize;
            let same = self.wall.ends[0].point() == self.wall.ends[1].point();
            // Where the ends meet, the tower closes both stretches; it counts the longer one.
            let points = if same {
                self.wall.since_tower[0].max(self.wall.since_tower[1])
            } else {
                self.wall.since_tower[e as usize]
            };
            self.player[p].points.towers += points as i32;
            self.player[p].towers -= 1;
            if same {
                self.wall.since_tower = [0, 0];
            } else {
                self.wall.since_tower[e as usize] = 0;
            }
            let pt = self.wall.ends[e as usize].point();
            self.wall.towers[self.wall.tower_count as usize] = (pt.x as i8, pt.y as i8, p as u8);
            self.wall.tower_count += 1;
        }
        self.end_turn();
    }

    fn end_turn(&mut self) {
        for p in self.player.iter_mut() {
            p.supply += p.returning;
            p.returning = 0;
        }
        let last_piece = self.wall.gate.is_some() && self.wall.supply == 0;
        let last_tile = self.drawn as usize == TILE_COUNT;
        if last_piece || last_tile || wall::ends_within(&self.board, &self.wall, CLOSE_DISTANCE) {
            self.finish_game();
            return;
        }
        self.current = (self.current + 1) % self.players;
        self.actor = self.current;
        self.step = Step::Draw;
    }

    /// R24-R27: close the wall, clear unfinished features, score residential areas and watchmen.
    fn finish_game(&mut self) {
        self.close_wall();
        // R25: followers on unfinished roads and markets leave without points.
        for slot in 0..self.board.tile_count() {
            let Some((p, seg)) = self.board.tile(slot).follower() else {
                continue;
            };
            let node = self.node(slot, seg);
            let root = self.features.find(node);
            if self.features.category(root) != RESIDENTIAL && self.features.open(root) > 0 {
                self.board.tile_mut(slot).follower = NO_FOLLOWER;
                self.features.clear_followers(root);
                self.player[p].supply += 1;
            }
        }
        let residential = scoring::residential_points(self);
        let watchmen = scoring::watchman_points(self);
        for p in 0..self.players() {
            self.player[p].points.residential += residential[p];
            self.player[p].points.watchmen += watchmen[p];
            self.player[p].supply += self.player[p].returning;
            self.player[p].returning = 0;
        }
        self.step = Step::GameOver;
    }

    /// R24: close the wall along the shortest legal path, with pieces while the supply lasts.
    /// Without a gate, or when no legal path joins the ends, the whole outer boundary of the city
    /// counts as walled.
    fn close_wall(&mut self) {
        if self.wall.gate.is_some() {
            let mut steps = [0u16; MAX_PATH];
            if let Some(len) = wall::closing_steps(&self.board, &self.wall, &mut steps) {
                for &step in &steps[..len] {
                    let real = self.wall.supply > 0;
                    if real {
                        self.wall.supply -= 1;
                    }
                    let (slot, side, outside) = wall::step_piece(&self.board, step);
                    self.build_on(slot, side, outside, !real);
                }
                self.wall.closed = true;
                return;
            }
        }
        for slot in 0..self.board.tile_count() {
            let cell = self.board.tile(slot).cell();
            for side in SIDES {
                if self.gate_allowed(slot, side) {
                    self.build_on_cell(slot, side, cell.step(side), true);
                }
            }
        }
        self.wall.closed = true;
    }

    /// The wall ends (HEAD, TAIL).
    pub fn wall_ends(&self) -> [End; 2] {
        self.wall.ends
    }
}

/// A placeholder piece for fixed buffers.
pub(crate) const NO_PIECE: Piece = Piece {
    edge: crate::geom::Edge::horizontal(0, 0),
    slot: 0,
    side: Side::N,
    outside: Cell::new(0, 0),
    end: HEAD,
    next: End { x: 0, y: 0, dir: 0 },
};

/// The runs of facing ports that join the same two segments, as (first port, length), by where
/// the segments change: bit 0 between ports 0 and 1, bit 1 between ports 1 and 2.
const PORT_RUNS: [&[(usize, u16)]; 4] =
    [&[(0, 3)], &[(0, 1), (1, 2)], &[(0, 2), (2, 1)], &[(0, 1), (1, 1), (2, 1)]];

/// The index of a frontier cell in `TileType::fits`.
#[inline]
fn fit_key(f: &crate::board::FrontierCell) -> usize {
    ((f.present as usize) << 4) | f.road as usize
}

fn step_word(step: Step) -> &'static str {
    match step {
        Step::Draw => "draw",
        Step::PlaceTile => "`tile`",
        Step::Follower => "`follower`",
        Step::Gate => "`gate`",
        Step::Wall => "`wall`",
        Step::Tower => "`tower`",
        Step::GameOver => "game-over",
    }
}

/// The category name of a feature kind for messages.
pub fn category_name(cat: u8) -> &'static str {
    match cat {
        ROAD => "road",
        MARKET => "market",
        _ => "residential area",
    }
}

#[cfg(test)]
mod tests {
    //! Rules whose positions are impractical to reach by play alone (a supply of exactly 3 wall
    //! pieces, watchmen on both sides of a gapped row): the position is built by play, then the
    //! supply or wall is set directly.
    use super::*;
    use crate::scenario::Scenario;

    fn wall_with_watchman(t: &mut Table, x: i32, y: i32, side: Side, player: usize) {
        let slot = t.board.slot_at(Cell::new(x, y)).unwrap();
        let tile = t.board.tile_mut(slot);
        tile.walls |= 1 << side.index();
        tile.watch |= ((player as u16) + 1) << (4 * side.index());
    }

    fn piece(t: &Table, x: i32, y: i32, side: Side) -> Piece {
        let cell = Cell::new(x, y);
        Piece { slot: t.board.slot_at(cell).unwrap() as u8, side, outside: cell.step(side), ..NO_PIECE }
    }

    /// Column x=0: quarter, (gap or quarter), quarter, saint-nazaire at y=0..3, joined through
    /// x=1 so the gap at (0,1) can stay empty.
    fn column(fill_gap: bool) -> Scenario {
        let mut s = Scenario::new(2);
        s.put("quarter-pub", 0, 0, 0, None);
        s.put("market-square/F", 1, 0, 0, None);
        s.put("market-square/G", 1, 1, 0, None);
        s.put("market-square/V", 1, 2, 0, None);
        s.put("quarter-pub", 0, 2, 0, None);
        s.put("saint-nazaire", 0, 3, 0, None);
        if fill_gap {
            s.put("quarter-pub", 0, 1, 0, None);
        }
        s
    }

    #[test]
    fn r18_no_watchman_facing_another_without_a_gap() {
        let mut s = column(true);
        wall_with_watchman(&mut s.table, 0, 0, Side::N, 0);
        let p = piece(&s.table, 0, 3, Side::S);
        assert!(!s.table.watchman_allowed(&p));
    }

    #[test]
    fn r18_the_ban_does_not_apply_across_a_gap() {
        let mut s = column(false);
        wall_with_watchman(&mut s.table, 0, 0, Side::N, 0);
        let p = piece(&s.table, 0, 3, Side::S);
        assert!(s.table.watchman_allowed(&p));
    }

    #[test]
    fn r19_rows_stop_at_a_gap() {
        let mut s = column(false);
        wall_with_watchman(&mut s.table, 0, 0, Side::N, 0); // red, guarding south
        wall_with_watchman(&mut s.table, 0, 3, Side::S, 1); // blue, guarding north
        // Red: the quarter at (0,0) only. Blue: saint-nazaire and the quarter at (0,2).
        assert_eq!(scoring::watchman_points(&s.table)[..2], [2, 5]);
    }

    #[test]
    fn r19_rows_stop_at_a_walled_edge() {
        let mut s = column(true);
        wall_with_watchman(&mut s.table, 0, 0, Side::N, 0);
        let slot = s.table.board.slot_at(Cell::new(0, 1)).unwrap();
        s.table.board.tile_mut(slot).walls |= 1 << Side::S.index();
        let mut seen = Vec::new();
        let end = wall::row(&s.table.board, 0, Side::N, |t| seen.push(t));
        assert_eq!(seen.len(), 2);
        assert_eq!(end, Some((slot, Side::S)));
    }

    #[test]
    fn r27_a_watchman_over_three_public_and_one_historic_scores_nine() {
        let mut s = column(true);
        wall_with_watchman(&mut s.table, 0, 0, Side::N, 0);
        assert_eq!(scoring::watchman_points(&s.table)[0], 9);
        // Once the gap is filled, red and blue on both ends each score the whole row.
        wall_with_watchman(&mut s.table, 0, 3, Side::S, 1);
        assert_eq!(scoring::watchman_points(&s.table)[..2], [9, 9]);
    }

    #[test]
    fn r16_short_supply_goes_one_at_a_time_from_the_scorer() {
        let mut s = Scenario::new(4);
        s.skip_to_pile(3, &["tee", "dead-end-pub"]);
        s.put("tee", 0, 0, 0, Some("E1"));
        s.table.wall.supply = 2;
        s.put("dead-end-pub", 1, 0, 90, None);
        // 2 pieces each were due (8 with the gate first); the gate and 2 pieces remain.
        assert_eq!(s.table.builders_left(), &[1, 2, 3]);
    }

    #[test]
    fn r23a_the_game_ends_after_the_last_wall_piece() {
        let mut s = Scenario::new(2);
        s.skip_to_pile(
            3,
            &["quarter-pub", "dead-end-pub", "dead-end-pub", "straight", "straight", "straight"],
        );
        s.put("quarter-pub", 0, 0, 0, None);
        s.put("dead-end-pub", 1, 0, 270, Some("E1"));
        s.put("straight", 2, 0, 90, None);
        s.put("straight", 3, 0, 90, None);
        s.put("straight", 4, 0, 90, None);
        s.table.wall.supply = 3;
        s.put("dead-end-pub", 5, 0, 90, None);
        assert_eq!(s.table.builders_left().len(), 4, "gate and 3 pieces");
        s.gate((0, 0), (1, 0)).unwrap();
        for _ in 0..3 {
            let m = s.moves()[0];
            s.table.play(m).unwrap();
        }
        assert_eq!(s.table.wall.supply, 0);
        assert!(!wall::ends_within(&s.table.board, &s.table.wall, CLOSE_DISTANCE), "not R23(c)");
        s.tower(None).unwrap();
        assert!(s.table.is_over());
        // The rest of the wall is closed without pieces (R24).
        assert!(s.table.wall.closed);
        assert!(s.table.board.tiles().iter().any(|t| t.virtual_walls != 0));
    }

    #[test]
    fn r11_no_follower_without_one_in_supply() {
        let mut s = Scenario::new(2);
        s.put("quarter-pub", 0, 0, 0, None);
        s.table.player[1].supply = 0;
        s.tile("quarter-pub", 1, 0, 0).unwrap();
        assert_eq!(s.moves(), vec![Move::Follower(None)]);
        assert!(s.table.check(Move::Follower(Some(0))).unwrap_err().0.contains("no follower in supply"));
    }

    #[test]
    fn r28_tied_players_share_the_win() {
        let mut s = Scenario::new(3);
        s.table.player[0].points.roads = 10;
        s.table.player[1].points.markets = 10;
        s.table.player[2].points.towers = 9;
        assert_eq!(s.table.winners(), 0b011);
        s.table.player[2].points.watchmen = 2;
        assert_eq!(s.table.winners(), 0b100);
    }
}
