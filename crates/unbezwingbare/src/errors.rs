//! What can go wrong: a set-up the rules refuse, or a move they forbid, each naming its rule.

use std::fmt;

/// A game that cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// A player count outside 2–5 (U1, U5).
    Players(u8),
    /// An unknown option or value (rules.md section 13).
    Option {
        /// The option's name.
        name: String,
        /// The value given.
        value: String,
    },
    /// `two_player` given with other than 2 players (section 13).
    TwoPlayerOnly(u8),
    /// Under `periods` the A building cards cannot fill the starting hands (section 17, U66).
    PeriodDeal {
        /// Cards the deal needs.
        needed: usize,
        /// A building cards in the data.
        have: usize,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Players(n) => write!(f, "players must be 2 to 5, not {n} (U1, U5)"),
            SetupError::Option { name, value } => {
                write!(f, "unknown option or value: {name}={value} (section 13)")
            }
            SetupError::TwoPlayerOnly(n) => {
                write!(f, "two_player is an option of the two-player game, not of {n} players (section 13)")
            }
            SetupError::PeriodDeal { needed, have } => {
                write!(f, "the deal needs {needed} A building cards, the data has {have} (U66)")
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// Why a move may not be made now: the rule it breaks (an id of rules.md) and what is wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Illegal {
    /// The rule, `U43` and the like.
    pub rule: &'static str,
    /// What is wrong.
    pub why: &'static str,
}

impl Illegal {
    /// An illegal move under `rule`.
    pub const fn new(rule: &'static str, why: &'static str) -> Illegal {
        Illegal { rule, why }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.why, self.rule)
    }
}

impl std::error::Error for Illegal {}

/// A check's answer: `Ok` or the rule broken.
pub type Check = Result<(), Illegal>;

/// Fails with `rule` unless `ok`.
pub fn need(ok: bool, rule: &'static str, why: &'static str) -> Check {
    if ok { Ok(()) } else { Err(Illegal::new(rule, why)) }
}
