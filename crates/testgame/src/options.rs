//! The game's options, parsed once from `name=value` words into a typed struct. There is one,
//! `hand` (T2); an unknown option or a bad value is an error naming it and what it takes.

use crate::rules::{DEFAULT_HAND, HAND};
use stadt_core::kind::GameOption;
use std::fmt;

/// The options as `stadt games` lists them.
pub const OPTIONS: [GameOption; 1] = [GameOption {
    name: "hand",
    about: "T2: cards dealt to each player, 2 to 5 (4 players take at most 4)",
    default: "3",
}];

/// The options a game is dealt with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// Cards dealt to each player (T2).
    pub hand: u8,
}

impl Default for Options {
    fn default() -> Options {
        Options { hand: DEFAULT_HAND }
    }
}

/// Options that could not be read: the option and what it takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionsError {
    /// A word that is not `name=value`.
    NotNameValue {
        /// The word.
        word: String,
    },
    /// An option the game does not have.
    Unknown {
        /// Its name.
        name: String,
    },
    /// A value the option does not take.
    BadValue {
        /// The option.
        name: &'static str,
        /// The value given.
        value: String,
        /// What it takes.
        valid: &'static str,
    },
    /// An option given twice with different values.
    Repeated {
        /// The option.
        name: &'static str,
    },
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionsError::NotNameValue { word } => write!(f, "`{word}` is not name=value (the option: hand)"),
            OptionsError::Unknown { name } => {
                write!(f, "`{name}` is no option of kartenspitze (it has: hand)")
            }
            OptionsError::BadValue { name, value, valid } => {
                write!(f, "option {name}: `{value}` is not valid; it takes {valid}")
            }
            OptionsError::Repeated { name } => {
                write!(f, "option {name} is given twice with different values")
            }
        }
    }
}

impl std::error::Error for OptionsError {}

impl Options {
    /// The options `text` names as `name=value` words (empty: the defaults).
    pub fn parse(text: &str) -> Result<Options, OptionsError> {
        let mut hand: Option<u8> = None;
        for word in text.split_whitespace() {
            let (name, value) =
                word.split_once('=').ok_or_else(|| OptionsError::NotNameValue { word: word.to_string() })?;
            match name {
                "hand" => {
                    let v = value.parse::<u8>().ok().filter(|v| HAND.contains(v)).ok_or_else(|| {
                        OptionsError::BadValue {
                            name: "hand",
                            value: value.to_string(),
                            valid: "a whole number from 2 to 5 (T2)",
                        }
                    })?;
                    if hand.is_some_and(|h| h != v) {
                        return Err(OptionsError::Repeated { name: "hand" });
                    }
                    hand = Some(v);
                }
                _ => return Err(OptionsError::Unknown { name: name.to_string() }),
            }
        }
        Ok(Options { hand: hand.unwrap_or(DEFAULT_HAND) })
    }

    /// The options as `parse` reads them, every option named.
    pub fn text(&self) -> String {
        format!("hand={}", self.hand)
    }
}
