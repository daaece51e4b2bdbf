//! Decisions and chance outcomes, and the steps of a turn they belong to.

use crate::ids::{Cards, DevCard, Edge, Hex, Node, Player, Resource};

/// A player's decision: small and `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A settlement, in the set-up round (C12) or built (C19).
    Settle(Node),
    /// A road: set-up (C12), built (C18) or free (C26).
    Road(Edge),
    /// A city on one's settlement (C20).
    City(Node),
    /// Buy a development card (C23); the card drawn is a chance event.
    Buy,
    /// Roll the dice (C14); the roll is a chance event.
    Roll,
    /// End the turn (C14).
    End,
    /// Play a knight (C25).
    Knight,
    /// Play road building (C26).
    RoadBuilding,
    /// Play year of plenty for one or two cards (C27).
    YearOfPlenty(Resource, Option<Resource>),
    /// Play monopoly (C28).
    Monopoly(Resource),
    /// Move the robber, robbing a player or nobody (C30); the card stolen is a chance event.
    Robber(Hex, Option<Player>),
    /// Discard one card on a 7 (C29, option `discard=choose`).
    Discard(Resource),
    /// Trade with the bank at the best rate: give, get (C35, C36).
    Trade(Resource, Resource),
    /// Propose an exchange to all other players: cards given, cards asked (C37, option).
    Propose(Cards, Cards),
    /// Accept the proposal on the table (C37).
    Accept,
    /// Decline it (C37).
    Decline,
    /// The proposer exchanges with one who accepted, or with nobody (C37).
    Pick(Option<Player>),
}

/// What chance decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chance {
    /// The two dice (1–6 each).
    Dice(u8, u8),
    /// The development card bought.
    Draw(DevCard),
    /// The card stolen.
    Steal(Resource),
    /// The cards one player discards (option `discard=random`).
    Discard(Cards),
}

/// The step the game stands at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// A set-up settlement is due (C12).
    SetupSettlement,
    /// The road beside it is due (C12).
    SetupRoad,
    /// The turn's start: roll, or play a card first (C14, C24).
    PreRoll,
    /// Chance: the dice.
    Dice,
    /// A player discards one card (C29).
    Discard,
    /// Chance: a player's random discard (C29).
    RandomDiscard,
    /// The robber must move (C30).
    Robber,
    /// Chance: the card stolen from the victim.
    Steal,
    /// Chance: the development card bought.
    Draw,
    /// After the roll: build, trade, play, end (C14).
    Main,
    /// Placing road building's free roads (C26).
    FreeRoads,
    /// A player answers the proposal on the table (C37).
    Answer,
    /// The proposer picks a partner among those who accepted (C37).
    Pick,
    /// The game is over.
    Over,
}

impl Phase {
    /// Whether chance acts at this step.
    pub fn is_chance(self) -> bool {
        matches!(self, Phase::Dice | Phase::RandomDiscard | Phase::Steal | Phase::Draw)
    }
}
