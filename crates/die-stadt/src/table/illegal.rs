//! Why a move is not legal now: one variant per reason, each naming the rule it breaks
//! (`Illegal::rule`); `Display` gives the message a user reads. And why a game cannot be set up.

use crate::geom::{Cell, Edge, Point, Side};
use crate::ids::Player;
use std::fmt;

/// Why a move (or a draw) is not legal now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game is over.
    GameOver,
    /// The next step is a draw, not a decision.
    DrawFirst,
    /// A decision of another kind than the step asks for.
    WrongStep {
        /// The decision the step asks for (`tile`, `follower`, ...).
        expected: &'static str,
        /// The decision given.
        given: &'static str,
    },
    /// A draw (or a tile set aside) when no tile is to be drawn.
    NotDrawing,
    /// No unseen tile of this type is left to draw.
    NoUnseenTile(u8),
    /// A rotation other than 0, 90, 180 or 270.
    Rotation,
    /// The first tile goes to (0,0) unrotated (R10).
    FirstTile,
    /// The cell already holds a tile.
    Occupied(Cell),
    /// The cell touches no placed tile edge to edge (R10).
    NotTouching(Cell),
    /// The cell is the outside of a wall piece or the gate (R20).
    Blocked(Cell),
    /// A side shows a road where its neighbour shows none, or the other way round (R10).
    RoadMismatch {
        /// The tile's name.
        tile: String,
        /// Its rotation in degrees.
        degrees: u32,
        /// The cell.
        cell: Cell,
        /// The side that does not fit.
        side: Side,
        /// Whether the tile shows a road there (and the neighbour none).
        ours: bool,
    },
    /// A follower on a segment the tile does not have.
    NoSegment(u8),
    /// The player has no follower in supply (for a follower or a watchman).
    NoFollower {
        /// The player.
        player: Player,
        /// For a watchman (R18) rather than a follower on the tile (R11).
        watchman: bool,
    },
    /// The feature already holds a follower (R11).
    FeatureOccupied,
    /// The tile completes the road or market the follower would join (R11).
    CompletesFeature,
    /// The gate's edge does not lie between a tile and an outside cell (R15); `pocket` is the
    /// enclosed cell it faces, if that is why.
    GateNotOutside {
        /// The edge.
        edge: Edge,
        /// The enclosed empty cell it faces, if any.
        pocket: Option<Cell>,
    },
    /// The edge does not extend a free end of the wall (R17).
    NotAtEnd {
        /// The edge.
        edge: Edge,
        /// The free ends.
        ends: [Point; 2],
    },
    /// The edge touches a free end but faces an empty cell inside the city (R15, R17).
    IntoPocket {
        /// The edge.
        edge: Edge,
        /// The cell inside the city.
        cell: Cell,
    },
    /// The row runs without a gap to a wall piece that already holds a watchman (R18).
    RowGuarded,
    /// A tower on a wall end other than the two.
    NoSuchEnd,
    /// The scorer has no tower left (R2, R21).
    NoTower(Player),
    /// A tower already stands on that end (R21).
    TowerStands,
}

impl Illegal {
    /// The rule the move breaks (docs/die-stadt/rules.md ids), when there is one.
    pub fn rule(&self) -> Option<&'static str> {
        Some(match self {
            Illegal::FirstTile
            | Illegal::NotTouching(_)
            | Illegal::RoadMismatch { .. }
            | Illegal::Occupied(_)
            | Illegal::Rotation => "R10",
            Illegal::Blocked(_) => "R20",
            Illegal::NoSegment(_)
            | Illegal::FeatureOccupied
            | Illegal::CompletesFeature
            | Illegal::NoFollower { watchman: false, .. } => "R11",
            Illegal::NoFollower { watchman: true, .. } | Illegal::RowGuarded => "R18",
            Illegal::GateNotOutside { .. } => "R15",
            Illegal::NotAtEnd { .. } | Illegal::IntoPocket { .. } => "R17",
            Illegal::NoSuchEnd | Illegal::NoTower(_) | Illegal::TowerStands => "R21",
            Illegal::NoUnseenTile(_) | Illegal::NotDrawing => "R4",
            Illegal::GameOver | Illegal::DrawFirst | Illegal::WrongStep { .. } => return None,
        })
    }
}

/// What the message says of an empty cell inside the city.
const INSIDE: &str =
    "an empty cell inside the city (no chain of empty cells sharing edges leads from it to the outside)";

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver => write!(f, "the game is over"),
            Illegal::DrawFirst => write!(f, "a tile must be drawn first"),
            Illegal::WrongStep { expected, given } => {
                write!(f, "expected a `{expected}` decision, not a `{given}` decision")
            }
            Illegal::NotDrawing => write!(f, "no tile is to be drawn now"),
            Illegal::NoUnseenTile(ty) => write!(f, "no unseen tile of type {ty} is left"),
            Illegal::Rotation => write!(f, "rotation must be 0, 90, 180 or 270"),
            Illegal::FirstTile => write!(f, "the first tile goes to cell (0,0), unrotated: `tile 0 0 0`"),
            Illegal::Occupied(cell) => write!(f, "cell {cell} already holds a tile"),
            Illegal::NotTouching(cell) => {
                write!(f, "cell {cell} does not touch any placed tile edge to edge (R10)")
            }
            Illegal::Blocked(cell) => write!(f, "cell {cell} is blocked by the wall (R20)"),
            Illegal::RoadMismatch { tile, degrees, cell, side, ours } => {
                let (theirs, ours) = if *ours { ("no road", "a road") } else { ("a road", "no road") };
                write!(
                    f,
                    "{tile} rotated {degrees} does not fit at {cell}: its {} side has {ours} but the neighbour shows {theirs} (R10)",
                    side.letter()
                )
            }
            Illegal::NoSegment(seg) => write!(f, "the tile has no segment {seg}"),
            Illegal::NoFollower { player, watchman: false } => {
                write!(f, "{player} has no follower in supply")
            }
            Illegal::NoFollower { player, watchman: true } => {
                write!(f, "{player} has no follower in supply for a watchman")
            }
            Illegal::FeatureOccupied => write!(f, "the feature already holds a follower (R11)"),
            Illegal::CompletesFeature => {
                write!(f, "this tile completes that road or market, so no follower may join it (R11)")
            }
            Illegal::GateNotOutside { edge, pocket } => {
                write!(f, "the gate must go between a placed tile and an empty cell outside the city; ")?;
                match pocket {
                    Some(cell) => write!(f, "edge {edge} faces {cell}, {INSIDE} (R15)"),
                    None => write!(f, "edge {edge} is not such an edge (R15)"),
                }
            }
            Illegal::NotAtEnd { edge, ends } => {
                write!(
                    f,
                    "edge {edge} does not extend a free end of the wall (ends at {} and {}; R17)",
                    ends[0], ends[1]
                )
            }
            Illegal::IntoPocket { edge, cell } => {
                write!(f, "edge {edge} would face {cell}, {INSIDE}: the wall never turns into it (R15, R17)")
            }
            Illegal::RowGuarded => {
                write!(f, "the row runs without a gap to a wall piece that already holds a watchman (R18)")
            }
            Illegal::NoSuchEnd => write!(f, "no such wall end"),
            Illegal::NoTower(player) => write!(f, "{player} has no tower left"),
            Illegal::TowerStands => write!(f, "a tower already stands on that end of the wall (R21)"),
        }
    }
}

impl std::error::Error for Illegal {}

/// Why a table or a game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// Not 2 to 4 players (R1).
    Players(usize),
    /// Piles that are not exactly the tile set's 75 tiles (R4).
    Deck,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Players(n) => write!(f, "Die Stadt is for 2 to 4 players, not {n} (R1)"),
            SetupError::Deck => write!(
                f,
                "the piles must hold exactly the {} tiles of the tile set, each once (R4)",
                crate::tiles::TILE_COUNT
            ),
        }
    }
}

impl std::error::Error for SetupError {}

impl From<SetupError> for stadt_core::error::Error {
    fn from(e: SetupError) -> stadt_core::error::Error {
        stadt_core::error::Error::Setup(Box::new(e))
    }
}
