//! The table: everything on and around the board that every player can see (docs/die-stadt/rules.md section 7),
//! and the turn state machine that changes it (R10-R28). The hidden order of the unseen tiles is
//! not here: the `Draw` step is resolved from outside, by the game's deck (`Game`) or by a search
//! agent's own sample, so an agent holding a `Table` can simulate but never peek.

use crate::board::{BLOCKED, Board, NO_FOLLOWER};
use crate::features::{Features, MARKET, RESIDENTIAL, ROAD, for_majority, holds};
use crate::geom::{Cell, SIDES, Side, side_port_mask};
use crate::ids::{NodeId, Player, Slot};
use crate::moves::{HEAD, Move, Step, TAIL, WallEdge, WallEnd};
use crate::scoring::{self, Points};
use crate::tiles::{Rotated, SegKind, TILE_COUNT, TileSet, TileType};
use crate::wall::{self, End, MAX_PATH, NO_PIECE, Piece, Wall};

mod building;
mod end;
mod illegal;
mod legal;
mod move_value;
mod score;
#[cfg(test)]
mod tests;
mod turn;

pub use illegal::{Illegal, SetupError};
pub use legal::MAX_LEGAL_MOVES;
pub use move_value::{OPEN_WEIGHT, Standing};
pub use score::AREAS;

/// Fewest players (R1).
pub const MIN_PLAYERS: usize = 2;
/// Most players (R1).
pub const MAX_PLAYERS: usize = 4;
/// The player counts (R1).
pub const PLAYERS: std::ops::RangeInclusive<usize> = MIN_PLAYERS..=MAX_PLAYERS;
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

/// Which condition of R23 ended the game (the first that held, in the order a, b, c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndRule {
    /// R23(a): the last wall piece was built.
    LastPiece,
    /// R23(b): the last tile was placed (or set aside).
    LastTile,
    /// R23(c): the free ends could be joined by 5 or fewer legal pieces.
    EndsClose,
}

impl EndRule {
    /// The rule id: `R23a`, `R23b` or `R23c`.
    pub fn id(self) -> &'static str {
        match self {
            EndRule::LastPiece => "R23a",
            EndRule::LastTile => "R23b",
            EndRule::EndsClose => "R23c",
        }
    }
}

/// A wall building in progress (R16).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Building {
    /// Builders, one entry per piece, in order (the scorer first, then clockwise, lap by lap).
    seq: [Player; 16],
    len: u8,
    pos: u8,
    /// The player whose tile triggered the building.
    scorer: Player,
    /// The first entry is the gate (the first building of the game, R15).
    gate_first: bool,
}

/// The public game position and its rules. Two tables are equal when they hold the same position:
/// every field, and of the fixed buffers the part in use (the tests that prove no agent sees the
/// hidden order compare what agents are shown).
pub struct Table {
    tileset: &'static TileSet,
    players: u8,
    board: Board,
    features: Features,
    wall: Wall,
    player: [PlayerState; MAX_PLAYERS],
    step: Step,
    current: Player,
    actor: Player,
    in_hand: u8,
    drawn: u8,
    unseen: [u8; TILE_COUNT],
    set_aside: [u8; TILE_COUNT],
    set_aside_len: u8,
    last_slot: Slot,
    completed: [NodeId; 24],
    completed_len: u8,
    /// Every border between a market and a residential area (R9) as (market node, residential
    /// node), recorded as tiles are placed, so the final R26 scoring need not scan the city.
    /// Past `MAX_BORDERS` the count goes on but the list is incomplete and unused.
    borders: [(NodeId, NodeId); MAX_BORDERS],
    border_count: u8,
    building: Building,
    /// What ended the game, once it is over.
    ended_by: Option<EndRule>,
    /// At the Wall step: the pieces R17 allows, worked out once when the step begins.
    pieces: [Piece; 6],
    piece_count: u8,
}

impl Clone for Table {
    fn clone(&self) -> Table {
        Table {
            tileset: self.tileset,
            players: self.players,
            board: self.board.clone(),
            features: self.features.clone(),
            wall: self.wall,
            player: self.player,
            step: self.step,
            current: self.current,
            actor: self.actor,
            in_hand: self.in_hand,
            drawn: self.drawn,
            unseen: self.unseen,
            set_aside: self.set_aside,
            set_aside_len: self.set_aside_len,
            last_slot: self.last_slot,
            completed: self.completed,
            completed_len: self.completed_len,
            borders: self.borders,
            border_count: self.border_count,
            building: self.building,
            ended_by: self.ended_by,
            pieces: self.pieces,
            piece_count: self.piece_count,
        }
    }

    /// Copies only what the position uses of the board and the features (a search resets its
    /// game from the root's table every iteration).
    #[inline]
    fn clone_from(&mut self, source: &Table) {
        self.board.clone_from(&source.board);
        self.features.clone_from(&source.features);
        // Every other field is plain data: listed without `..`, so a new field must be added here.
        let Table {
            tileset,
            players,
            board: _,
            features: _,
            wall,
            player,
            step,
            current,
            actor,
            in_hand,
            drawn,
            unseen,
            set_aside,
            set_aside_len,
            last_slot,
            completed,
            completed_len,
            borders,
            border_count,
            building,
            ended_by,
            pieces,
            piece_count,
        } = source;
        self.tileset = tileset;
        self.players = *players;
        self.wall = *wall;
        self.player = *player;
        self.step = *step;
        self.current = *current;
        self.actor = *actor;
        self.in_hand = *in_hand;
        self.drawn = *drawn;
        self.unseen = *unseen;
        self.set_aside = *set_aside;
        self.set_aside_len = *set_aside_len;
        self.last_slot = *last_slot;
        self.completed = *completed;
        self.completed_len = *completed_len;
        self.borders = *borders;
        self.border_count = *border_count;
        self.building = *building;
        self.ended_by = *ended_by;
        self.pieces = *pieces;
        self.piece_count = *piece_count;
    }
}

impl PartialEq for Table {
    fn eq(&self, other: &Table) -> bool {
        // Listed without `..`, so a new field must be added here.
        let Table {
            tileset,
            players,
            board,
            features,
            wall,
            player,
            step,
            current,
            actor,
            in_hand,
            drawn,
            unseen,
            set_aside: _,
            set_aside_len: _,
            last_slot,
            completed: _,
            completed_len: _,
            borders: _,
            border_count,
            building,
            ended_by,
            pieces: _,
            piece_count,
        } = self;
        (std::ptr::eq(*tileset, other.tileset) || **tileset == *other.tileset)
            && *players == other.players
            && *board == other.board
            && *features == other.features
            && *wall == other.wall
            && *player == other.player
            && *step == other.step
            && *current == other.current
            && *actor == other.actor
            && *in_hand == other.in_hand
            && *drawn == other.drawn
            && *unseen == other.unseen
            && self.set_aside() == other.set_aside()
            && *last_slot == other.last_slot
            && self.completed[..self.completed_len as usize]
                == other.completed[..other.completed_len as usize]
            && *border_count == other.border_count
            && self.borders() == other.borders()
            && *building == other.building
            && *ended_by == other.ended_by
            && *piece_count == other.piece_count
            && self.pieces[..self.piece_count as usize] == other.pieces[..other.piece_count as usize]
    }
}

impl Table {
    /// A new game of `players` (2..=4) with every tile unseen; the first step is the first draw.
    pub fn new(tileset: &'static TileSet, players: usize) -> Result<Table, SetupError> {
        let mut table = Table {
            tileset,
            players: 0,
            board: Board::new(),
            features: Features::new(),
            wall: Wall::default(),
            player: [PlayerState::default(); MAX_PLAYERS],
            step: Step::Draw,
            current: Player::new(0),
            actor: Player::new(0),
            in_hand: 0,
            drawn: 0,
            unseen: [0; TILE_COUNT],
            set_aside: [0; TILE_COUNT],
            set_aside_len: 0,
            last_slot: Slot::new(0),
            completed: [NodeId::new(0); 24],
            completed_len: 0,
            borders: [(NodeId::new(0), NodeId::new(0)); MAX_BORDERS],
            border_count: 0,
            building: Building::default(),
            ended_by: None,
            pieces: [NO_PIECE; 6],
            piece_count: 0,
        };
        table.reset(players)?;
        Ok(table)
    }

    /// Starts a new game of `players` on this table, reusing its memory (only the cells the last
    /// game used are cleared), so a playout loop does not copy or clear whole boards.
    pub fn reset(&mut self, players: usize) -> Result<(), SetupError> {
        if !PLAYERS.contains(&players) {
            return Err(SetupError::Players(players));
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
        self.current = Player::new(0);
        self.actor = Player::new(0);
        self.in_hand = 0;
        self.drawn = 0;
        for (i, t) in self.tileset.types.iter().enumerate() {
            self.unseen[i] = t.count;
        }
        self.set_aside_len = 0;
        self.last_slot = Slot::new(0);
        self.completed_len = 0;
        self.border_count = 0;
        self.building = Building::default();
        self.ended_by = None;
        self.piece_count = 0;
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

    /// Which condition of R23 ended the game (None while it goes on).
    #[inline]
    pub fn ended_by(&self) -> Option<EndRule> {
        self.ended_by
    }

    /// The player whose turn it is.
    #[inline]
    pub fn current(&self) -> Player {
        self.current
    }

    /// The player who decides the current step (the builder during a wall building).
    #[inline]
    pub fn actor(&self) -> Player {
        self.actor
    }

    /// The type of the tile in hand (meaningful at the PlaceTile step).
    #[inline]
    pub fn in_hand(&self) -> u8 {
        self.in_hand
    }

    /// The slot of the tile placed this turn (meaningful from the Follower step on).
    #[inline]
    pub fn last_slot(&self) -> Slot {
        self.last_slot
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
    pub fn player(&self, p: Player) -> &PlayerState {
        &self.player[p.index()]
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
    pub fn tile_type(&self, slot: Slot) -> &'static TileType {
        self.tileset.get(self.board.tile(slot).ty)
    }

    /// The union-find node of a segment of a placed tile.
    #[inline]
    pub fn node(&self, slot: Slot, seg: usize) -> NodeId {
        self.board.tile(slot).node_base.offset(seg)
    }

    /// The kind of a segment of a placed tile.
    #[inline]
    pub fn seg_kind(&self, slot: Slot, seg: usize) -> SegKind {
        self.tile_type(slot).seg_kind[seg]
    }

    /// The segment of a placed tile that owns board port `port`.
    #[inline]
    pub fn seg_at_port(&self, slot: Slot, port: usize) -> usize {
        let t = self.board.tile(slot);
        self.tileset.get(t.ty).rotated[t.rot as usize].port_seg[port] as usize
    }

    /// The board ports of a segment of a placed tile (12-bit mask).
    #[inline]
    pub fn seg_ports(&self, slot: Slot, seg: usize) -> u16 {
        let t = self.board.tile(slot);
        self.tileset.get(t.ty).rotated[t.rot as usize].seg_ports[seg]
    }

    /// Whether a road or market (by any node) is complete: it has no open port (R8).
    #[inline]
    pub fn is_complete(&self, node: NodeId) -> bool {
        self.features.is_complete(self.features.root(node))
    }

    /// Points a completed road or market would give now (R12).
    pub fn feature_points(&self, node: NodeId) -> i32 {
        let r = self.features.root(node);
        scoring::feature_points(&self.features, r)
    }

    /// The wall building's remaining builders, including the current one.
    pub fn builders_left(&self) -> &[Player] {
        match self.step {
            Step::Gate | Step::Wall => {
                &self.building.seq[self.building.pos as usize..self.building.len as usize]
            }
            _ => &[],
        }
    }

    /// Every border between a market and a residential area (R9) as (market node, residential
    /// node), one entry per tile or edge where they meet; None if too many were recorded.
    pub(crate) fn borders(&self) -> Option<&[(NodeId, NodeId)]> {
        self.borders.get(..self.border_count as usize)
    }

    /// The wall pieces that may be built now (empty outside the Wall step).
    pub fn pieces(&self) -> &[Piece] {
        if self.step == Step::Wall { &self.pieces[..self.piece_count as usize] } else { &[] }
    }

    /// The piece that may be built now on edge `e`, if any (R17).
    pub fn piece_on(&self, e: WallEdge) -> Option<&Piece> {
        self.pieces().iter().find(|p| WallEdge::from(p.edge) == e)
    }

    /// The player whose scoring triggered the current wall building.
    pub fn scorer(&self) -> Player {
        self.building.scorer
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
}

impl Table {
    /// The wall ends (HEAD, TAIL).
    pub fn wall_ends(&self) -> [End; 2] {
        self.wall.ends
    }
}

/// The runs of facing ports that join the same two segments, as (first port, length), by where
/// the segments change: bit 0 between ports 0 and 1, bit 1 between ports 1 and 2.
const PORT_RUNS: [&[(usize, u16)]; 4] =
    [&[(0, 3)], &[(0, 1), (1, 2)], &[(0, 2), (2, 1)], &[(0, 1), (1, 1), (2, 1)]];

/// Copies `table` into a reused box (allocated on first use only): where moves are tried on a
/// copy, by the engine's move values and by the bots.
pub fn copy_into<'a>(slot: &'a mut Option<Box<Table>>, table: &Table) -> &'a mut Table {
    match slot {
        Some(t) => {
            (**t).clone_from(table);
            t
        }
        None => slot.insert(Box::new(table.clone())),
    }
}

/// The runs of ports facing each other across side `side` of a tile lying as `mine`, whose
/// neighbour lies as `theirs`: each run joins the same two segments. The runs end wherever either
/// side changes segment; the neighbour's ports run the other way, so its two break bits swap.
#[inline]
fn facing_runs(mine: &Rotated, theirs: &Rotated, side: Side) -> &'static [(usize, u16)] {
    let their_breaks = (theirs.side_breaks >> (2 * side.opposite().index())) & 0b11;
    let breaks =
        (mine.side_breaks >> (2 * side.index())) & 0b11 | (their_breaks & 1) << 1 | their_breaks >> 1;
    PORT_RUNS[breaks as usize]
}

/// The index of a frontier cell in `TileType::fits`.
#[inline]
fn fit_key(f: &crate::board::FrontierCell) -> usize {
    ((f.present as usize) << 4) | f.road as usize
}

/// The record word of a move's kind, for messages.
fn move_word(mv: Move) -> &'static str {
    match mv {
        Move::Tile { .. } => "tile",
        Move::Follower(_) => "follower",
        Move::Gate { .. } => "gate",
        Move::Wall { .. } => "wall",
        Move::Tower(_) => "tower",
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
