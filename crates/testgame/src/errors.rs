//! What can go wrong with a game: a set-up the rules refuse, a move they forbid, a draw that
//! cannot happen. Each names the rule of docs/kartenspitze/rules.md it breaks.

use crate::rules::{COPIES, DECK, MAX_PLAYERS, max_players};
use std::fmt;

/// A game that cannot be set up: the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// Too few or too many players for the hand size (T1, T2).
    Players {
        /// The players asked for.
        players: usize,
        /// The hand size.
        hand: u8,
    },
    /// A deck that is not the 18 cards (T2).
    NotTheDeck,
    /// A dealt hand of the wrong size (T2).
    HandSize {
        /// The seat (0-based).
        seat: usize,
        /// The cards it holds.
        len: usize,
        /// The cards it should hold.
        hand: u8,
    },
    /// Not one dealt hand per player (T2).
    Seats {
        /// The hands dealt.
        dealt: usize,
        /// The players.
        players: usize,
    },
    /// Hands that together hold more than the deck's two cards of a value (T2).
    TooMany {
        /// The value.
        card: u8,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Players { players, hand } if (2..=MAX_PLAYERS).contains(players) => write!(
                f,
                "players must be 2 to {} with hand={hand}, not {players} (T2: {players} hands of {hand} are more than the deck's {DECK} cards)",
                max_players(*hand)
            ),
            SetupError::Players { players, hand } => {
                write!(f, "players must be 2 to {}, not {players} (T1)", max_players(*hand))
            }
            SetupError::NotTheDeck => write!(f, "the deck must be the values 1 to 9, two of each (T2)"),
            SetupError::HandSize { seat, len, hand } => {
                write!(f, "p{} is dealt {len} card(s), but hand={hand} (T2)", seat + 1)
            }
            SetupError::Seats { dealt, players } => {
                write!(f, "{dealt} hand(s) dealt to {players} players: one each (T2)")
            }
            SetupError::TooMany { card } => {
                write!(f, "the hands hold more than the deck's {COPIES} cards of value {card} (T2)")
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// Why a move may not be made now: the rule it breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game is over (T5).
    Over,
    /// The player who just played must draw first (T4).
    MustDraw,
    /// No card has this value (T2).
    NoSuchCard {
        /// The value.
        card: u8,
    },
    /// The player to act holds no card of this value (T3).
    NotInHand {
        /// The player to act (0-based).
        seat: usize,
        /// The value.
        card: u8,
    },
}

impl Illegal {
    /// The id of the rule broken.
    pub fn rule(&self) -> &'static str {
        match self {
            Illegal::Over => "T5",
            Illegal::MustDraw => "T4",
            Illegal::NoSuchCard { .. } => "T2",
            Illegal::NotInHand { .. } => "T3",
        }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::Over => write!(f, "the game is over ({})", self.rule()),
            Illegal::MustDraw => write!(f, "a card is to be drawn first ({})", self.rule()),
            Illegal::NoSuchCard { card } => write!(f, "no card has value {card} ({})", self.rule()),
            Illegal::NotInHand { seat, card } => {
                write!(f, "p{} holds no card of value {card} ({})", seat + 1, self.rule())
            }
        }
    }
}

impl std::error::Error for Illegal {}

/// Why a draw cannot have this outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImpossibleDraw {
    /// Nobody is to draw now (T4).
    NoDraw,
    /// No card of this value is left in the draw pile (T2, T4).
    NotInPile {
        /// The value.
        card: u8,
    },
}

impl fmt::Display for ImpossibleDraw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImpossibleDraw::NoDraw => write!(f, "nobody draws now (T4)"),
            ImpossibleDraw::NotInPile { card } => {
                write!(f, "no card of value {card} is left in the draw pile (T2, T4)")
            }
        }
    }
}

impl std::error::Error for ImpossibleDraw {}
