//! A game's bots seen without the game's type, so one listing serves every game.

use crate::bots::error::BotError;
use crate::bots::params::ParamDef;
use crate::bots::roster::Roster;
use crate::kind::GameKind;
use std::path::Path;

/// A game's bots seen without the game's type: what a listing of every game's bots needs
/// (`stadt bots`, Python's `bot_names`).
pub trait Listing: Sync {
    /// The game's name.
    fn game(&self) -> &'static str;

    /// The named bots' names, in order (not the process bot, which bot files choose).
    fn bot_names(&self) -> Vec<&'static str>;

    /// Each bot's name, summary and parameters: the named bots in order, the process bot last.
    fn entries(&self) -> Vec<(&'static str, &'static str, &'static [ParamDef])>;

    /// Whether the bot file at `path` is for this game (`Roster::owns_file`).
    fn owns_file(&self, path: &Path) -> bool;

    /// The full spec of the bot file at `path`, read as one of this game's, or why it is refused.
    fn file_full(&self, path: &str) -> Result<String, BotError>;
}

impl<K: GameKind> Listing for Roster<K> {
    fn game(&self) -> &'static str {
        self.game
    }

    fn bot_names(&self) -> Vec<&'static str> {
        self.bots.iter().map(|d| d.name).collect()
    }

    fn entries(&self) -> Vec<(&'static str, &'static str, &'static [ParamDef])> {
        self.every().map(|d| (d.name, d.summary, d.params)).collect()
    }

    fn owns_file(&self, path: &Path) -> bool {
        Roster::owns_file(self, path)
    }

    fn file_full(&self, path: &str) -> Result<String, BotError> {
        self.parse_file(path).map(|spec| spec.full())
    }
}
