//! Why a move or a chance outcome is illegal, naming the rule it breaks.

use std::fmt;

/// Why a move cannot be made now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game is over (C38, C39).
    GameOver,
    /// Chance acts now, not a player; or a player acts, not chance.
    NotChanceStep,
    /// This kind of move does not belong to the step the game stands at (C12, C14, C29, C30).
    WrongStep,
    /// An intersection, path, hex or player beyond the board or the table (C6).
    OutOfRange,
    /// The intersection or path holds a piece already (C17, C18).
    Occupied,
    /// A settlement next to another building (C17).
    TooClose,
    /// The set-up road must touch the settlement just placed (C12).
    NotBesideSettlement,
    /// The piece touches none of the player's roads (or buildings, for a road) (C18, C19).
    NotConnected,
    /// A city only replaces one's own settlement (C20).
    NoOwnSettlement,
    /// The player cannot pay for it (C18–C20, C23).
    CannotAfford,
    /// None of that piece is left in the player's supply (C21).
    NoPieceLeft,
    /// The development card deck is empty (C23).
    DeckEmpty,
    /// The player has no such card to play now: none held, one played this turn already, bought
    /// this turn, or not before the roll (C24).
    CardNotPlayable,
    /// Road building with no road to place (C26).
    NoRoadToPlace,
    /// The bank cannot pay what is asked (C27, C35).
    BankCannotPay,
    /// Year of plenty's single card while the bank can pay a pair with it (C27).
    PairPayable,
    /// Year of plenty names its pair in resource order (C27).
    Unordered,
    /// The robber must move to another hex (C30).
    RobberMustMove,
    /// The player named cannot be robbed there, or someone must be (C30).
    BadVictim,
    /// The player does not hold that card to discard (C29).
    NoSuchCard,
    /// A trade needs the rate's number of cards of one resource, for another (C35, C36).
    BadTrade,
    /// Trading between players is off (C37).
    NoPlayerTrade,
    /// Three proposals were made this turn already (C37).
    TooManyProposals,
    /// A proposal gives and asks one or two cards each, no resource on both sides (C37).
    BadProposal,
    /// Only a player who holds the cards asked may accept (C37).
    CannotAccept,
    /// The proposer picks one who accepted, or nobody (C37).
    NotAccepted,
    /// A move of the other game: development cards and player trade belong to the base game,
    /// the expansion's moves to Städte und Ritter (K1, K44).
    NotThisGame,
    /// A city on its side is raised before any other settlement (K42).
    SidewaysFirst,
    /// Not one of the player's cities without a wall, which may take one (K19).
    NotOwnCity,
    /// No knight of the player's stands there (K30–K35).
    NoOwnKnight,
    /// The knight cannot be promoted: mighty already, strong without the fortress, promoted this
    /// turn, or no stronger piece in supply (K23, K30).
    NoPromotion,
    /// The knight is active already (K31).
    KnightActive,
    /// The knight was not active when the turn began, or acted already (K32).
    KnightCannotAct,
    /// The player's roads do not lead there past only empty or own intersections, or the knight
    /// there is not weaker (K33, K34).
    NotReachable,
    /// The robber stays put until the first barbarian attack (K17).
    RobberInactive,
    /// The knight stands on no corner of the robber's hex (K35).
    NotBesideRobber,
    /// The track is at level 5, the player has no city (level 4 and 5: none without a
    /// metropolis), or too few commodities of its kind (K20, K26).
    CannotImprove,
    /// That progress deck is empty (K48).
    ProgressDeckEmpty,
    /// Under H5 the player on turn holds more than 4 progress cards: he puts one back or plays
    /// one first.
    OverLimit,
    /// The player named does not hold the card a step of Städte und Ritter names: the rule given
    /// (a 7's discard K16, a Commercial Harbor's commodity K67, a Master Merchant's take K68, a
    /// Spy's card K80, a Wedding's gift K82).
    CardNotHeld(&'static str),
    /// The player holds no such progress card to put back (K50).
    NotHeldToPutBack,
    /// The player holds no such progress card to play (K51).
    NotHeldToPlay,
    /// Not one of the player's cities without a metropolis, which the barbarians take (K41).
    NotLosableCity,
    /// Not one of the player's cities that may take the metropolis just won (K26, K27).
    NoMetropolisSite,
    /// Not one of the player's sabotaged cities, which alone are repaired (H9).
    NotSabotaged,
    /// Under H8 an Inventor's swap leaves two equal number tokens on neighbouring hexes.
    EqualTokensBeside,
    /// The progress card cannot work here, or not so (K53–K82; under H14 a card that cannot work
    /// is played with `play`, and lost).
    CardCannotWork,
    /// The chance outcome cannot happen here (dice 1–6, a card in the deck or the hand, the
    /// right number discarded).
    ImpossibleOutcome,
}

impl Illegal {
    /// The rule id the move breaks.
    pub fn rule(self) -> &'static str {
        match self {
            Illegal::GameOver => "C38",
            Illegal::NotChanceStep | Illegal::WrongStep => "C14",
            Illegal::OutOfRange => "C6",
            Illegal::Occupied | Illegal::TooClose => "C17",
            Illegal::NotBesideSettlement => "C12",
            Illegal::NotConnected => "C18",
            Illegal::NoOwnSettlement => "C20",
            Illegal::CannotAfford => "C18",
            Illegal::NoPieceLeft => "C21",
            Illegal::DeckEmpty => "C23",
            Illegal::CardNotPlayable => "C24",
            Illegal::NoRoadToPlace => "C26",
            Illegal::BankCannotPay | Illegal::PairPayable | Illegal::Unordered => "C27",
            Illegal::RobberMustMove | Illegal::BadVictim => "C30",
            Illegal::NoSuchCard => "C29",
            Illegal::BadTrade => "C36",
            Illegal::ImpossibleOutcome => "C14",
            Illegal::NotThisGame => "K1",
            Illegal::SidewaysFirst => "K42",
            Illegal::NotOwnCity => "K19",
            Illegal::NoOwnKnight | Illegal::NoPromotion => "K30",
            Illegal::KnightActive => "K31",
            Illegal::KnightCannotAct => "K32",
            Illegal::NotReachable => "K33",
            Illegal::RobberInactive => "K17",
            Illegal::NotBesideRobber => "K35",
            Illegal::CannotImprove => "K20",
            Illegal::ProgressDeckEmpty => "K48",
            Illegal::OverLimit => "H5",
            Illegal::CardCannotWork => "K53",
            Illegal::CardNotHeld(rule) => rule,
            Illegal::NotHeldToPutBack => "K50",
            Illegal::NotHeldToPlay => "K51",
            Illegal::NotLosableCity => "K41",
            Illegal::NoMetropolisSite => "K27",
            Illegal::NotSabotaged => "H9",
            Illegal::EqualTokensBeside => "H8",
            Illegal::NoPlayerTrade
            | Illegal::TooManyProposals
            | Illegal::BadProposal
            | Illegal::CannotAccept
            | Illegal::NotAccepted => "C37",
        }
    }

    fn reason(self) -> &'static str {
        match self {
            Illegal::GameOver => "the game is over",
            Illegal::NotChanceStep => "chance and players act at different steps",
            Illegal::WrongStep => "this move does not belong to this step of the turn",
            Illegal::OutOfRange => "no such intersection, path, hex or player",
            Illegal::Occupied => "a piece stands there already",
            Illegal::TooClose => "a building stands one path away (distance rule)",
            Illegal::NotBesideSettlement => "the set-up road must touch the settlement just placed",
            Illegal::NotConnected => "it touches none of the player's roads",
            Illegal::NoOwnSettlement => "a city replaces one of the player's own settlements",
            Illegal::CannotAfford => "the player cannot pay for it",
            Illegal::NoPieceLeft => "no such piece is left in the player's supply",
            Illegal::DeckEmpty => "the development deck is empty",
            Illegal::CardNotPlayable => "the player cannot play such a card now",
            Illegal::NoRoadToPlace => "no road can be placed",
            Illegal::BankCannotPay => "the bank cannot pay it",
            Illegal::PairPayable => "the bank can pay a pair with that card",
            Illegal::Unordered => "year of plenty names its pair in resource order",
            Illegal::RobberMustMove => "the robber must move to another hex",
            Illegal::BadVictim => "that player cannot be robbed there (or someone must be)",
            Illegal::NoSuchCard => "the player holds no such card",
            Illegal::BadTrade => "a trade gives the rate's number of one resource for another",
            Illegal::ImpossibleOutcome => "that outcome cannot happen here",
            Illegal::NoPlayerTrade => "trading between players is off",
            Illegal::TooManyProposals => "three proposals were made this turn already",
            Illegal::BadProposal => {
                "a proposal gives and asks one or two cards each, no resource on both sides"
            }
            Illegal::CannotAccept => "the player does not hold the cards asked",
            Illegal::NotAccepted => "that player did not accept",
            Illegal::NotThisGame => "that move belongs to the other game (base or Städte und Ritter)",
            Illegal::SidewaysFirst => "a city on its side is raised before any other settlement",
            Illegal::NotOwnCity => "not one of the player's cities that may take this",
            Illegal::NoOwnKnight => "no knight of the player's stands there",
            Illegal::NoPromotion => "that knight cannot be promoted now",
            Illegal::KnightActive => "that knight is active already",
            Illegal::KnightCannotAct => "that knight was not active when the turn began, or acted already",
            Illegal::NotReachable => "the knight cannot reach that intersection",
            Illegal::RobberInactive => "the robber stays put until the first barbarian attack",
            Illegal::NotBesideRobber => "that knight stands on no corner of the robber's hex",
            Illegal::CannotImprove => "that level cannot be bought now",
            Illegal::ProgressDeckEmpty => "that progress deck is empty",
            Illegal::OverLimit => {
                "the player holds more than 4 progress cards: put one back or play one first"
            }
            Illegal::CardCannotWork => "that progress card cannot work so here",
            Illegal::CardNotHeld(_) => "that player holds no such card",
            Illegal::NotHeldToPutBack => "the player holds no such progress card to put back",
            Illegal::NotHeldToPlay => "the player holds no such progress card to play",
            Illegal::NotLosableCity => "not one of the player's cities without a metropolis",
            Illegal::NoMetropolisSite => "not one of the player's cities that may take the metropolis",
            Illegal::NotSabotaged => "not one of the player's sabotaged cities",
            Illegal::EqualTokensBeside => "the swap leaves two equal number tokens on neighbouring hexes",
        }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.reason(), self.rule())
    }
}

impl std::error::Error for Illegal {}
