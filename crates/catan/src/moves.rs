//! Decisions and chance outcomes, and the steps of a turn they belong to.

use crate::ids::{Cards, DevCard, Edge, Hex, Node, Player, Resource};
use crate::knights::card_kind::CardKind;
use crate::knights::cards::{Colour, ProgressCard};
use crate::knights::tracks::{Commodity, Track};

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
    /// Städte und Ritter: a city wall under one's city (K19).
    Wall(Node),
    /// Recruit a basic knight on an intersection (K29).
    Recruit(Node),
    /// Promote one's knight (K30).
    Promote(Node),
    /// Activate one's knight for grain (K31).
    Activate(Node),
    /// One's knight moves, or displaces a weaker knight of another (K33, K34).
    MoveKnight(Node, Node),
    /// One's knight chases the robber away; the robber's move follows (K35).
    Chase(Node),
    /// The owner of a displaced knight moves it on (K34).
    Relocate(Node),
    /// Buy the next level of a track (K20).
    Improve(Track),
    /// The city that takes a metropolis just won (K26, K27).
    Metropolis(Node),
    /// Trade with the bank at the best rate, resources and commodities: give, get (K44).
    Exchange(CardKind, CardKind),
    /// The city lost to the barbarians (K41).
    LoseCity(Node),
    /// The deck a tied defender draws from (K39).
    DefenderDeck(Colour),
    /// A progress card put back under its deck for the hand limit (K50).
    PutBack(ProgressCard),
    /// The resource the aqueduct gives (K24).
    Aqueduct(Resource),
    /// Discard one commodity on a 7 (K16).
    DiscardCommodity(Commodity),
    /// Play a progress card that names nothing (Irrigation, Mining, Road Building, Commercial
    /// Harbor, Saboteur, Warlord, Wedding), or under H14 any card that cannot work (lost).
    Play(ProgressCard),
    /// Alchemist: the red and yellow dice's values, before the roll (K56).
    Alchemist(u8, u8),
    /// Crane: buy the next level of a track one commodity cheaper (K57).
    Crane(Track),
    /// Engineer: a free city wall (K58).
    Engineer(Node),
    /// Inventor: swap the number tokens of two hexes (K59).
    Inventor(Hex, Hex),
    /// Medicine: a city for 2 ore and 1 grain (K61).
    Medicine(Node),
    /// Smith: promote one or two knights free (K65).
    Smith(Node, Option<Node>),
    /// Merchant: the merchant to a hex (K69).
    Merchant(Hex),
    /// Merchant Fleet: 2:1 for one kind this turn (K70).
    Fleet(CardKind),
    /// Resource Monopoly (K71).
    ResourceMonopoly(Resource),
    /// Trade Monopoly (K72).
    TradeMonopoly(Commodity),
    /// Bishop: the robber to a hex, a card from each player there (K74).
    Bishop(Hex),
    /// Deserter: name a player who loses a knight (K76).
    Deserter(Player),
    /// Diplomat: remove an open road (K77).
    Diplomat(Edge),
    /// Intrigue: displace another's knight on one's road (K78).
    Intrigue(Node),
    /// Spy: look at a player's progress cards (K80).
    Spy(Player),
    /// Master Merchant: take 2 cards from a player with more points (K68).
    MasterMerchant(Player),
    /// Commercial Harbor: offer a player a resource for a commodity of his choice (K67).
    HarbourOffer(Player, Resource),
    /// The knight a Deserter's victim removes (K76).
    Desert(Node),
    /// Where the Deserter's player places his knight (K76).
    Place(Node),
    /// The card a Spy takes (K80).
    SpyTake(ProgressCard),
    /// A card taken by a Master Merchant (K68).
    Take(CardKind),
    /// A card given: for a Wedding (K82) or a Commercial Harbor's commodity (K67).
    Give(CardKind),
    /// Decline an optional step: a Spy's card, a Deserter's or Diplomat's free piece.
    Skip,
    /// Saboteur under H9: sabotage another player's city (K79, H9).
    Sabotage(Node),
    /// Repair one's sabotaged city for a city's cost (H9).
    Repair(Node),
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
    /// Städte und Ritter's three dice: red, yellow, and the event die's face 1–6 (K6).
    Roll(u8, u8, u8),
    /// The progress card the player to draw takes from the top of the deck (K12, K39).
    Progress(ProgressCard),
    /// A commodity stolen (K17).
    StealCommodity(Commodity),
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
    /// Chance: a progress card drawn (K12, K39).
    Progress,
    /// A player hit by the barbarians chooses the city he loses (K41).
    LoseCity,
    /// A tied defender chooses the deck he draws from (K39).
    DefenderDeck,
    /// A player puts a progress card back (K50).
    PutBack,
    /// A player takes the aqueduct's resource (K24).
    Aqueduct,
    /// The owner of a displaced knight moves it on (K34).
    Relocate,
    /// The player who won a metropolis sets it on a city (K26, K27).
    Metropolis,
    /// A player gives a commodity for a Commercial Harbor's resource (K67).
    HarbourGive,
    /// A Master Merchant's player takes a card (K68).
    Take,
    /// A Deserter's victim removes a knight (K76).
    Desert,
    /// The Deserter's player places a knight, or not (K76).
    DeserterPlace,
    /// The Diplomat's player builds his removed road again, or not (K77).
    DiplomatRoad,
    /// The Spy's player takes a card, or not (K80).
    Spy,
    /// A player gives a card for a Wedding (K82).
    Give,
    /// The game is over.
    Over,
}

impl Phase {
    /// Whether chance acts at this step.
    pub fn is_chance(self) -> bool {
        matches!(self, Phase::Dice | Phase::RandomDiscard | Phase::Steal | Phase::Draw | Phase::Progress)
    }
}
