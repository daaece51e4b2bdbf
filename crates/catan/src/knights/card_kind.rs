//! A card kind of Städte und Ritter's hands (K4): one of the five resources or one of the three
//! commodities, in the lane order of the packed hands (resources 0–4, cloth, coin, paper 5–7).

use super::tracks::Commodity;
use crate::ids::Resource;
use std::fmt;

/// A resource or a commodity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CardKind {
    /// One of the five resources.
    Resource(Resource),
    /// One of the three commodities.
    Commodity(Commodity),
}

impl CardKind {
    /// All eight, in lane order.
    pub const ALL: [CardKind; 8] = [
        CardKind::Resource(Resource::Lumber),
        CardKind::Resource(Resource::Brick),
        CardKind::Resource(Resource::Wool),
        CardKind::Resource(Resource::Grain),
        CardKind::Resource(Resource::Ore),
        CardKind::Commodity(Commodity::Cloth),
        CardKind::Commodity(Commodity::Coin),
        CardKind::Commodity(Commodity::Paper),
    ];

    /// Its lane, 0–7.
    #[inline]
    pub fn index(self) -> usize {
        match self {
            CardKind::Resource(r) => r.index(),
            CardKind::Commodity(c) => 5 + c as usize,
        }
    }

    /// The kind of lane `i` (0–7).
    pub fn from_index(i: usize) -> Option<CardKind> {
        CardKind::ALL.get(i).copied()
    }

    /// Its name in records.
    pub fn name(self) -> &'static str {
        match self {
            CardKind::Resource(r) => r.name(),
            CardKind::Commodity(c) => c.name(),
        }
    }

    /// The kind a record names.
    pub fn parse(s: &str) -> Option<CardKind> {
        Resource::parse(s).map(CardKind::Resource).or_else(|| Commodity::parse(s).map(CardKind::Commodity))
    }
}

impl fmt::Display for CardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
