//! Moves and chance outcomes as text, and read back: `play 7`; `draw 7` and `deal p1 2 5 9`.
//! What cannot be read is an error naming the input.

use crate::moves::{Chance, Hand, Move};
use crate::rules::{MAX_PLAYERS, VALUES};
use std::fmt;
use std::str::FromStr;

/// Text that is not what it should be: the input and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Not a move.
    Move {
        /// The text.
        input: String,
    },
    /// Not a chance outcome.
    Chance {
        /// The text.
        input: String,
    },
    /// A word that should be a card's value.
    Card {
        /// The text.
        input: String,
        /// The word.
        word: String,
    },
    /// A word that should be a seat (`p1` to `p4`).
    Seat {
        /// The text.
        input: String,
        /// The word.
        word: String,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Move { input } => {
                write!(f, "`{input}` is not a move: `play N`, N a card from 1 to 9")
            }
            ParseError::Chance { input } => write!(
                f,
                "`{input}` is not a chance outcome: `draw N` or `deal pK N N ...`, N a card from 1 to 9"
            ),
            ParseError::Card { input, word } => {
                write!(f, "`{input}`: `{word}` is not a card; cards are 1 to {VALUES}")
            }
            ParseError::Seat { input, word } => {
                write!(f, "`{input}`: `{word}` is not a seat; seats are p1 to p{MAX_PLAYERS}")
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// A card's value from `word`, for an error about `input`.
fn card(input: &str, word: &str) -> Result<u8, ParseError> {
    word.parse::<u8>()
        .ok()
        .filter(|v| (1..=VALUES).contains(v))
        .ok_or_else(|| ParseError::Card { input: input.to_string(), word: word.to_string() })
}

/// A seat (0-based) from `word` (`p1` ...), for an error about `input`.
pub fn parse_seat(input: &str, word: &str) -> Result<usize, ParseError> {
    word.strip_prefix('p')
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|n| (1..=MAX_PLAYERS).contains(n))
        .map(|n| n - 1)
        .ok_or_else(|| ParseError::Seat { input: input.to_string(), word: word.to_string() })
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "play {}", self.card())
    }
}

impl FromStr for Move {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Move, ParseError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words[..] {
            ["play", v] => Ok(Move(card(text, v)?)),
            _ => Err(ParseError::Move { input: text.to_string() }),
        }
    }
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Chance::Draw(v) => write!(f, "draw {v}"),
            Chance::Deal { seat, hand } => {
                write!(f, "deal p{}", seat + 1)?;
                for v in hand.values() {
                    write!(f, " {v}")?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for Chance {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Chance, ParseError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words[..] {
            ["draw", v] => Ok(Chance::Draw(card(text, v)?)),
            ["deal", seat, ref cards @ ..] if !cards.is_empty() => {
                let seat = parse_seat(text, seat)?;
                let mut hand = Hand::EMPTY;
                for w in cards {
                    hand.add(card(text, w)?);
                }
                Ok(Chance::Deal { seat, hand })
            }
            _ => Err(ParseError::Chance { input: text.to_string() }),
        }
    }
}
