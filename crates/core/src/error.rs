//! What can go wrong around games: each error names the file, folder, setting or bot at fault, in
//! words a user can act on.

use std::fmt;
use std::path::{Path, PathBuf};

/// An error of a harness run.
#[derive(Debug)]
pub enum Error {
    /// Reading, writing or creating a file or folder failed: what was tried, on which path.
    Io {
        /// What was tried: `read`, `write`, `create`, `lock`, ...
        doing: &'static str,
        /// What the path is, when that helps (`experiment file `), or empty.
        what: &'static str,
        /// The path.
        path: PathBuf,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// A file holds something this version cannot use (a manifest, a CSV log, an experiment, a
    /// game's data file): the file and what is wrong, with the line when known.
    File {
        /// What the file is (`experiment`, a game's data file), or empty.
        what: &'static str,
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The output folder cannot take this run: in use, holding foreign files or another run's
    /// results, or read-only.
    Folder(String),
    /// A setting is missing, out of range or inconsistent with another.
    Setting(String),
    /// A bot could not be set up (the game's bot error, which names the bot and parameter).
    Bot(Box<dyn std::error::Error + Send + Sync>),
    /// A game could not be set up with these players and options (the game's own error).
    Setup(Box<dyn std::error::Error + Send + Sync>),
    /// A bot chose a move the rules forbid.
    IllegalMove(String),
    /// A bot in another program failed, and the run was to stop then (`--on-bot-failure stop`).
    BotFailed(String),
    /// An agent from outside the project failed (its code raised an error).
    Agent {
        /// The agent's label.
        label: String,
        /// What went wrong, in its words.
        message: String,
    },
    /// A plot of a report could not be drawn (the plotting library's reason).
    Plot(String),
}

impl Error {
    /// An I/O error on `path`.
    pub fn io(doing: &'static str, path: &Path, source: std::io::Error) -> Error {
        Error::Io { doing, what: "", path: path.to_path_buf(), source }
    }

    /// An I/O error on `path`, saying what the path is (`experiment file`).
    pub fn io_on(doing: &'static str, what: &'static str, path: &Path, source: std::io::Error) -> Error {
        Error::Io { doing, what, path: path.to_path_buf(), source }
    }

    /// A problem in the content of the file at `path`.
    pub fn file(path: &Path, message: impl Into<String>) -> Error {
        Error::File { what: "", path: path.to_path_buf(), message: message.into() }
    }

    /// A problem in the content of the file at `path`, saying what the file is (`experiment`).
    pub fn file_of(what: &'static str, path: &Path, message: impl Into<String>) -> Error {
        Error::File { what, path: path.to_path_buf(), message: message.into() }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io { doing, what, path, source } => {
                write!(f, "cannot {doing} {}{}: {source}", prefix(what), path.display())
            }
            Error::File { what, path, message } => write!(f, "{}{}: {message}", prefix(what), path.display()),
            Error::Folder(m) | Error::Setting(m) | Error::IllegalMove(m) => f.write_str(m),
            Error::BotFailed(m) => write!(f, "stopped (--on-bot-failure stop): {m}"),
            Error::Bot(e) => e.fmt(f),
            Error::Setup(e) => e.fmt(f),
            Error::Agent { label, message } => write!(f, "agent {label} failed: {message}"),
            Error::Plot(m) => write!(f, "a plot of the report could not be drawn: {m}"),
        }
    }
}

/// `what` and a space, or nothing.
fn prefix(what: &str) -> String {
    if what.is_empty() { String::new() } else { format!("{what} ") }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            Error::Bot(e) | Error::Setup(e) => Some(e.as_ref()),
            _ => None,
        }
    }
}
