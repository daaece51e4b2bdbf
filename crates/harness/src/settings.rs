//! The settings of a run of games: players, games, seed, tile set and threads (and a sequential
//! test's most games and error rates), each defined once here with its default and its range. The
//! command line's flags, experiment files and Python's keyword arguments (`stadt.tournament`,
//! `stadt.sprt`) all take their defaults from here and are checked against the same ranges.

use crate::limits;
use stadt_core::error::Error;
use std::fmt::Display;
use std::ops::RangeInclusive;

/// A setting: its name (an experiment file's key, a Python keyword argument; the flag is `--`
/// and the name with `-` for `_`), its default and its valid values.
#[derive(Clone, Debug, PartialEq)]
pub struct Setting<T> {
    /// The name.
    pub name: &'static str,
    /// The value when none is given.
    pub default: T,
    /// The valid values.
    pub range: RangeInclusive<T>,
}

impl<T: PartialOrd + Display + Copy> Setting<T> {
    /// `value`, checked against the range; the error names it `what`.
    pub fn check(&self, what: &str, value: T) -> Result<T, Error> {
        limits::check(what, value, &self.range)
    }

    /// The value given, or the default.
    pub fn or_default(&self, given: Option<T>) -> T {
        given.unwrap_or(self.default)
    }

    /// The range and the default as help texts give them: `1 to 1000000 (default 100)`.
    pub fn help(&self) -> String {
        format!("{} to {} (default {})", self.range.start(), self.range.end(), self.default)
    }
}

/// Players per game.
pub const PLAYERS: Setting<usize> = Setting { name: "players", default: 2, range: 2..=4 };
/// Games per combination of bots in a tournament.
pub const GAMES: Setting<u64> = Setting { name: "games", default: 100, range: 1..=1_000_000 };
/// The most games of a sequential test (SPRT).
pub const MAX_GAMES: Setting<u64> = Setting { name: "max_games", default: 20_000, range: GAMES.range };
/// The run seed: what a TOML manifest can hold as an integer.
pub const SEED: Setting<u64> = Setting { name: "seed", default: 1, range: 0..=i64::MAX as u64 };
/// Worker threads; by default, every core (`threads`).
pub const THREADS: RangeInclusive<u64> = 1..=256;
/// The default error rates of a sequential test, alpha and beta (each checked by
/// `sprt::model::Settings::new`: strictly between 0 and 0.5).
pub const ERROR_RATE: f64 = 0.05;
/// The default tile set: the built-in one.
pub const TILES: &str = "default";

/// Checks a Die Stadt player count; the error names it `what`.
pub fn players(what: &str, players: usize) -> Result<usize, Error> {
    crate::hosted::check_players(what, players, PLAYERS.range, die_stadt::kind::PLAYERS_RULE)
}

/// The player count a game of `counts` players is played with when none is given: `PLAYERS`'s
/// default where the game allows it, else its smallest (Städte und Ritter's 3).
pub fn default_players(counts: &RangeInclusive<usize>) -> usize {
    if counts.contains(&PLAYERS.default) { PLAYERS.default } else { *counts.start() }
}

/// Worker threads: `given`, checked against its range (the error names it `what`), or every core.
pub fn threads(what: &str, given: Option<u64>) -> Result<usize, Error> {
    match given {
        Some(t) => Ok(limits::check(what, t, &THREADS)? as usize),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// The settings that decide a tournament's games (or a test's): players, games per combination of
/// bots (a test's most games), seed, tile set (`default` or a file) and the game's options, as
/// the command line, experiment files and Python give them.
#[derive(Clone, Debug, PartialEq)]
pub struct RunSettings {
    /// Players per game.
    pub players: usize,
    /// Games per combination of bots (a test: the most games to play).
    pub games: u64,
    /// Run seed.
    pub seed: u64,
    /// Tile set: `default` or a file.
    pub tiles: String,
    /// The game's options, `name=value` words (`stadt games` lists them; empty: the defaults).
    pub options: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_check_their_ranges_and_name_the_setting() {
        assert_eq!(players("players", 4).unwrap(), 4);
        assert_eq!(
            players("--players", 5).unwrap_err().to_string(),
            "--players must be 2, 3 or 4, not 5 (R1)"
        );
        assert_eq!(GAMES.check("games", 7).unwrap(), 7);
        assert_eq!(
            GAMES.check("games", 0).unwrap_err().to_string(),
            "games must be from 1 to 1000000, not 0"
        );
        let seed = i64::MAX as u64 + 1;
        assert!(SEED.check("--seed", seed).unwrap_err().to_string().starts_with("--seed must be from 0 to"));
        assert_eq!(threads("threads", Some(3)).unwrap(), 3);
        assert!(threads("threads", None).unwrap() >= 1);
        assert_eq!(
            threads("threads", Some(0)).unwrap_err().to_string(),
            "threads must be from 1 to 256, not 0"
        );
        assert_eq!((GAMES.or_default(None), GAMES.or_default(Some(6))), (100, 6));
        assert_eq!(MAX_GAMES.help(), "1 to 1000000 (default 20000)");
    }
}
