//! The game's options, read once by the core's checker (`stadt_core::options::check`) into a
//! typed struct. There is one, `hand` (T2); an unknown option or a bad value is an error naming
//! it, its rule and what it takes.

use crate::rules::{DEFAULT_HAND, HAND};
use stadt_core::options::{GameOption, OptionsError, Values, check};

/// The options as `stadt games` lists them.
pub const OPTIONS: [GameOption; 1] = [GameOption {
    name: "hand",
    rule: "T2",
    about: "cards dealt to each player (4 players take at most 4)",
    values: Values::Whole { min: *HAND.start() as u64, max: *HAND.end() as u64 },
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

impl Options {
    /// The options `text` names as `name=value` words (empty: the defaults).
    pub fn parse(text: &str) -> Result<Options, OptionsError> {
        let given = check(crate::NAME, &OPTIONS, text)?;
        // The checker held the value to HAND's range, which fits a u8.
        let hand = given.whole("hand").map_or(DEFAULT_HAND, |h| h as u8);
        Ok(Options { hand })
    }

    /// The options as `parse` reads them, every option named.
    pub fn text(&self) -> String {
        format!("hand={}", self.hand)
    }
}
