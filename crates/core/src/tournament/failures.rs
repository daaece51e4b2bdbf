//! `failures.txt`: for every game a bot forfeited (docs/bot-protocol.md), which bot, why, and the
//! last lines it wrote to its stderr, in game order. The file is the host's own text: the bot's
//! words only appear in it cut short, with control characters replaced, under a name the host chose.

use crate::agent::Forfeit;
use crate::error::Error;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;

/// The file's name in a tournament folder.
pub const FILE: &str = "failures.txt";

/// A bot's forfeit in a game.
#[derive(Clone, Debug)]
pub struct Note {
    /// The game.
    pub game: usize,
    /// The seat (1 = p1).
    pub seat: usize,
    /// The bot's label.
    pub bot: String,
    /// Why.
    pub forfeit: Forfeit,
}

impl Note {
    /// One line: `bot X (p2) forfeited: timeout: no reply within 5000 ms`.
    pub fn describe(&self) -> String {
        format!("bot {} (p{}) forfeited: {}", self.bot, self.seat, self.forfeit.message)
    }

    /// Its block in `failures.txt`.
    fn text(&self) -> String {
        let mut s = format!("game {}: {} [{}]\n", self.game, self.describe(), self.forfeit.kind);
        if self.forfeit.stderr_tail.is_empty() {
            s.push_str("  (nothing on its stderr)\n");
        } else {
            s.push_str("  its stderr, last lines:\n");
            for line in self.forfeit.stderr_tail.lines() {
                let _ = writeln!(s, "  | {line}");
            }
        }
        s
    }
}

/// The folder's `failures.txt`, created at the first forfeit.
pub struct FailureLog {
    path: PathBuf,
}

impl FailureLog {
    /// The log at `path`.
    pub fn new(path: PathBuf) -> FailureLog {
        FailureLog { path }
    }

    /// Appends the forfeits of one game.
    pub fn append(&self, notes: &[Note]) -> Result<(), Error> {
        if notes.is_empty() {
            return Ok(());
        }
        let text: String = notes.iter().map(Note::text).collect();
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)
            .map_err(|e| Error::io("write", &self.path, e))?;
        file.write_all(text.as_bytes()).map_err(|e| Error::io("write", &self.path, e))
    }
}
