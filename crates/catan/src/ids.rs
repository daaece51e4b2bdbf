//! Small typed indices (players, hexes, intersections, paths, harbours) and the card kinds, so a
//! bare integer never stands for two things.

use std::fmt;

/// A seat, 0-based in seat order (C1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Player(pub u8);

/// A land hex, 0–18 in Catanatron's order (C6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hex(pub u8);

/// An intersection, 0–53 in Catanatron's numbering (C6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Node(pub u8);

/// A path between two intersections, 0–71 (C6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edge(pub u8);

/// A harbour position, 0–8 (C7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HarbourId(pub u8);

macro_rules! index {
    ($t:ty) => {
        impl $t {
            /// The index as a usize, for arrays.
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}
index!(Player);
index!(Hex);
index!(Node);
index!(Edge);
index!(HarbourId);

/// The five resources, in Catanatron's order (wood, brick, sheep, wheat, ore).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Resource {
    /// From forest.
    Lumber = 0,
    /// From hills.
    Brick = 1,
    /// From pasture.
    Wool = 2,
    /// From fields.
    Grain = 3,
    /// From mountains.
    Ore = 4,
}

impl Resource {
    /// All five, in index order.
    pub const ALL: [Resource; 5] =
        [Resource::Lumber, Resource::Brick, Resource::Wool, Resource::Grain, Resource::Ore];

    /// The index 0–4.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The resource of index `i` (0–4).
    pub fn from_index(i: usize) -> Option<Resource> {
        Resource::ALL.get(i).copied()
    }

    /// The name in records and board files.
    pub fn name(self) -> &'static str {
        ["lumber", "brick", "wool", "grain", "ore"][self.index()]
    }

    /// The resource of a name (`lumber` or `wood`, `wool` or `sheep`, `grain` or `wheat`).
    pub fn parse(s: &str) -> Option<Resource> {
        Some(match s {
            "lumber" | "wood" => Resource::Lumber,
            "brick" => Resource::Brick,
            "wool" | "sheep" => Resource::Wool,
            "grain" | "wheat" => Resource::Grain,
            "ore" => Resource::Ore,
            _ => return None,
        })
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The five kinds of development card (C22), in Catanatron's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DevCard {
    /// Moves the robber (C25).
    Knight = 0,
    /// Two resources from the bank (C27).
    YearOfPlenty = 1,
    /// Every other player's cards of one resource (C28).
    Monopoly = 2,
    /// Two free roads (C26).
    RoadBuilding = 3,
    /// One hidden point (C24).
    VictoryPoint = 4,
}

impl DevCard {
    /// All five, in index order.
    pub const ALL: [DevCard; 5] = [
        DevCard::Knight,
        DevCard::YearOfPlenty,
        DevCard::Monopoly,
        DevCard::RoadBuilding,
        DevCard::VictoryPoint,
    ];

    /// How many of each kind the deck holds (C22).
    pub const COUNTS: [u8; 5] = [14, 2, 2, 2, 5];

    /// The index 0–4.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The card of index `i` (0–4).
    pub fn from_index(i: usize) -> Option<DevCard> {
        DevCard::ALL.get(i).copied()
    }

    /// The name in records.
    pub fn name(self) -> &'static str {
        ["knight", "year-of-plenty", "monopoly", "road-building", "victory-point"][self.index()]
    }
}

/// A resource count per kind, indexed by `Resource::index`.
pub type Cards = [u8; 5];

/// The sum of a card count.
#[inline]
pub fn total(c: &Cards) -> u32 {
    c.iter().map(|&n| n as u32).sum()
}
