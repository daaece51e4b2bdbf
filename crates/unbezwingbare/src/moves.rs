//! A decision of a player: every step that is no chance outcome is one of these (U77).
//! Areas are indices 0..48 (id − 1), deck cards ids 0..83, influence cards ids 0..30.

/// One decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Take this free area as a start area (U27, U28).
    StartArea(u8),
    /// Stop choosing start areas (U28, S2).
    StopStart,
    /// Begin phase 1: turn cards (U30, U32); the point where influence cards may be played first.
    TurnCards,
    /// Take income for the building on this own area (U35).
    Income(u8),
    /// Sell this hand card to the Pfandhaus (U40).
    Sell(u8),
    /// Buy this card lying at the Pfandhaus for 5 (U41).
    BuyPawned(u8),
    /// Buy a building card from the draw pile for 5 (U42).
    BuyDrawn,
    /// Sell this hand card on the free market for its value (U73).
    SellMarket(u8),
    /// Buy this card lying on the free market for its value (U73).
    BuyMarket(u8),
    /// Buy this neutral area (U43, U45).
    BuyArea(u8),
    /// Place this hand card on this own empty area (U47).
    Place {
        /// The hand card.
        card: u8,
        /// The area.
        area: u8,
    },
    /// Demolish the building on this own area for 5 and place this hand card there (U48, N12).
    Rebuild {
        /// The hand card.
        card: u8,
        /// The area.
        area: u8,
    },
    /// Buy the top influence card for 5 (U50).
    BuyInfluence,
    /// Play this influence card, against `target` where the card names an opponent (else 255).
    Play {
        /// The influence card.
        card: u8,
        /// The opponent, or [`NOBODY`].
        target: u8,
    },
    /// End phase 2 (U39).
    EndPhase2,
    /// Discard this influence card, the hand holding three (U55).
    DropInfluence(u8),
    /// Answer nothing: let the card, event or tax stand (S9).
    Pass,
    /// The area an effect asks for (remove_knight, remove_building, free_area).
    PickArea(u8),
    /// Discard this building card from the hand (effect `discard`).
    Discard(u8),
    /// Move the building from one own area to another (effect `move_building`).
    MoveBuilding {
        /// Where it stands.
        from: u8,
        /// Where it goes.
        to: u8,
    },
}

/// No player, no area owner, no building: 255.
pub const NOBODY: u8 = u8::MAX;
