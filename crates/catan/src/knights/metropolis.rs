//! Who holds each track's metropolis (K26, K27): the first at level 4 takes it, the first at level
//! 5 keeps it for good, taking it from a holder who has only level 4.

use crate::ids::Player;

/// A track's metropolis: nobody's yet, held at level 4 (another may take it at 5), or held for
/// good at level 5.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Metropolis {
    /// Nobody has reached level 4.
    #[default]
    Free,
    /// Held by a player at level 4.
    Held(Player),
    /// Held by the first player at level 5, for the rest of the game.
    Kept(Player),
}

/// What a purchase does to a track's metropolis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Nothing.
    None,
    /// The buyer takes it and sets it on one of his cities without one.
    Taken,
    /// The buyer takes it from `from`, whose city carrying it becomes a plain city.
    TakenFrom(Player),
    /// The buyer keeps the one he holds, now for good.
    Kept,
}

impl Metropolis {
    /// The metropolis after `buyer` bought level `level` (1 to 5) of its track, and the change.
    pub fn after(self, buyer: Player, level: u8) -> (Metropolis, Change) {
        match (self, level) {
            (Metropolis::Free, 4) => (Metropolis::Held(buyer), Change::Taken),
            // Level 5 without anyone at 4 first cannot happen (levels are bought in order, and
            // the first at 4 takes it); a first at 5 with it free takes it for good.
            (Metropolis::Free, 5) => (Metropolis::Kept(buyer), Change::Taken),
            (Metropolis::Held(h), 5) if h == buyer => (Metropolis::Kept(buyer), Change::Kept),
            (Metropolis::Held(h), 5) => (Metropolis::Kept(buyer), Change::TakenFrom(h)),
            (m, _) => (m, Change::None),
        }
    }

    /// Who holds it.
    pub fn holder(self) -> Option<Player> {
        match self {
            Metropolis::Free => None,
            Metropolis::Held(p) | Metropolis::Kept(p) => Some(p),
        }
    }
}
