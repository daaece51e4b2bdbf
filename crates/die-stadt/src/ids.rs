//! Newtypes for the small integers that name things in a game: a player, the slot of a placed
//! tile (its place in the order tiles were placed), a union-find node of a feature. Each is a
//! plain copy of its integer: no cost to a clone or the hot path.

use std::fmt;

/// A player: 0 for p1 (the start player), then clockwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(u8);

impl Player {
    /// The player with this index (0-based).
    #[inline]
    pub const fn new(index: usize) -> Player {
        Player(index as u8)
    }

    /// The index, 0-based (to index per-player arrays).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The first `n` players, in seat order.
    pub fn all(n: usize) -> impl Iterator<Item = Player> {
        (0..n).map(Player::new)
    }

    /// The next player clockwise among `n`.
    #[inline]
    pub fn next(self, n: usize) -> Player {
        Player::new((self.index() + 1) % n)
    }
}

/// Written as in records: `p1` for index 0.
impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "p{}", self.0 + 1)
    }
}

/// A placed tile's slot: 0 for the first tile placed, then in placement order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot(u8);

impl Slot {
    /// The slot with this index.
    #[inline]
    pub const fn new(index: usize) -> Slot {
        Slot(index as u8)
    }

    /// The index (to index per-tile arrays and bit sets).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A union-find node: one segment (road, market area, residential area) of a placed tile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u16);

impl NodeId {
    /// The node with this index.
    #[inline]
    pub const fn new(index: usize) -> NodeId {
        NodeId(index as u16)
    }

    /// The index (to index per-node arrays).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The node `k` segments further on the same tile (a tile's segments have consecutive nodes).
    #[inline]
    pub const fn offset(self, k: usize) -> NodeId {
        NodeId(self.0 + k as u16)
    }
}
