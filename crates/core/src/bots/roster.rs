//! A game's bots, as the bot layer finds them by name: the game's list of entries (one line each
//! in its bots crate's `registry.rs`) and its process bot, which bot files choose.

use crate::bots::def::BotDef;
use crate::kind::GameKind;

/// A game's bots: what spec parsing, bot files and listings need of a game.
pub struct Roster<K: GameKind> {
    /// The game's name, as `--game` and bot files' `game` line give it.
    pub game: &'static str,
    /// Its named bots, in the order listings give them.
    pub bots: &'static [&'static BotDef<K>],
    /// Its bot in another program (`process::bot`): chosen by a bot file (`bot = process`) or a
    /// spec `process:command=...`, never listed among the named bots.
    pub process: &'static BotDef<K>,
    /// Whether a bot file without a `game` line is this game's: the files of the first game were
    /// written before there were others; any other game's files name it.
    pub bare_files: bool,
}

impl<K: GameKind> Roster<K> {
    /// The bot of this name, or the process bot (`process`).
    pub fn find(&self, name: &str) -> Option<&'static BotDef<K>> {
        self.bots
            .iter()
            .copied()
            .find(|d| d.name == name)
            .or_else(|| (name == self.process.name).then_some(self.process))
    }

    /// The named bots' names, comma-separated (for messages).
    pub fn names(&self) -> String {
        self.bots.iter().map(|d| d.name).collect::<Vec<_>>().join(", ")
    }

    /// Every bot's entry, the process bot last (what `stadt bots` lists).
    pub fn every(&self) -> impl Iterator<Item = &'static BotDef<K>> + use<K> {
        self.bots.iter().copied().chain([self.process])
    }

    /// Whether `text` is `NAME:key=value,...` for one of these bots: a spec even when a value is a
    /// path with a slash in it.
    pub fn is_spec(&self, text: &str) -> bool {
        text.trim().split_once(':').is_some_and(|(n, _)| self.find(n).is_some())
    }

    /// Whether `text` names a bot file by its path: it is no spec, and it ends in `.bot` or holds
    /// a `/`. The one place a path is told from a name.
    pub fn is_file_path(&self, text: &str) -> bool {
        !self.is_spec(text) && (text.ends_with(".bot") || text.contains('/'))
    }
}
