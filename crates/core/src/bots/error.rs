//! Why a bot spec or bot file is refused: each error names the input at fault and the valid
//! choices.

use std::fmt;

/// Why a bot spec or bot file is refused.
#[derive(Clone, Debug, PartialEq)]
pub enum BotError {
    /// An empty name.
    Empty,
    /// An empty piece in a comma-separated list (the list as written).
    EmptyItem(String),
    /// A list of several bots where one is expected.
    List {
        /// The list as written.
        text: String,
        /// How many bots it names.
        count: usize,
    },
    /// No bot and no bot file of that name: the game, its bots, the folders looked in and the
    /// files found.
    Unknown {
        /// The name given.
        name: String,
        /// The game whose bots were looked in.
        game: &'static str,
        /// The bots there are, comma-separated.
        bots: String,
        /// The folders looked in, as named.
        dirs: String,
        /// The bot files found there.
        files: Vec<String>,
    },
    /// A parameter the bot does not have.
    UnknownKey {
        /// The bot.
        bot: &'static str,
        /// The key given.
        key: String,
        /// The parameters it has, comma-separated (empty when it has none).
        keys: String,
    },
    /// A `key=value` item without `=`.
    NotKeyValue {
        /// The bot.
        bot: String,
        /// The item.
        item: String,
    },
    /// A value outside the parameter's kind or range.
    BadValue {
        /// The bot.
        bot: &'static str,
        /// The parameter.
        key: &'static str,
        /// The value given.
        value: String,
        /// What it must be: `a number from 0 to 10`.
        expected: String,
    },
    /// A parameter naming a file that cannot be used.
    ParamFile {
        /// The bot.
        bot: &'static str,
        /// The parameter.
        key: &'static str,
        /// Why the file is refused (naming it, and the line at fault).
        error: String,
    },
    /// A parameter given twice.
    Duplicate {
        /// The bot.
        bot: &'static str,
        /// The parameter.
        key: String,
    },
    /// A bot file path that is no file.
    NoFile(String),
    /// A bot file that cannot be read.
    Read {
        /// The file.
        path: String,
        /// Why not.
        error: String,
    },
    /// A bot file line that is not `key = value`.
    FileLine {
        /// The file.
        path: String,
        /// The line (1-based).
        line: usize,
    },
    /// A process bot's `dir` that leads outside its bot file's folder.
    DirOutside {
        /// The file.
        path: String,
        /// The `dir` line (1-based).
        line: usize,
        /// Why it is refused.
        why: String,
    },
    /// A bot file without `bot = NAME`.
    NoName(String),
    /// A bot file for another game than the one it was read for.
    Game {
        /// The file.
        path: String,
        /// The game it names.
        game: String,
        /// The game it was read for.
        plays: &'static str,
    },
    /// A bot file without a `game` line, read for a game whose files need one.
    NoGame {
        /// The file.
        path: String,
        /// The game it was read for.
        game: &'static str,
    },
    /// A bot file naming an unknown bot.
    FileBot {
        /// The file.
        path: String,
        /// The name it gives.
        name: String,
        /// The bots there are, comma-separated.
        bots: String,
    },
    /// Any other error, in a bot file.
    InFile {
        /// The file.
        path: String,
        /// The error.
        error: Box<BotError>,
    },
}

impl fmt::Display for BotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotError::Empty => write!(f, "empty bot name"),
            BotError::EmptyItem(text) => {
                write!(
                    f,
                    "empty bot name or parameter in `{text}` (two commas in a row, or a comma at an end)"
                )
            }
            BotError::List { text, count } => write!(f, "`{text}` names {count} bots where one is expected"),
            BotError::Unknown { name, game, bots, dirs, files } => write!(
                f,
                "unknown bot `{name}`; the bots are: {bots} ({game}'s); bot files ({dirs}): {}",
                if files.is_empty() { "none".to_string() } else { files.join(", ") }
            ),
            BotError::UnknownKey { bot, key, keys } => {
                if keys.is_empty() {
                    write!(f, "bot `{bot}` takes no parameters, but `{key}` was given")
                } else {
                    write!(f, "bot `{bot}` has no parameter `{key}`; its parameters are: {keys}")
                }
            }
            BotError::NotKeyValue { bot, item } => write!(f, "bot `{bot}`: `{item}` is not key=value"),
            BotError::BadValue { bot, key, value, expected } => {
                write!(f, "bot `{bot}`: {key}={value} is not {expected}")
            }
            BotError::ParamFile { bot, key, error } => write!(f, "bot `{bot}`, parameter `{key}`: {error}"),
            BotError::Duplicate { bot, key } => write!(f, "bot `{bot}`: parameter `{key}` is given twice"),
            BotError::NoFile(path) => write!(f, "bot file {path} does not exist"),
            BotError::Read { path, error } => write!(f, "cannot read bot file {path}: {error}"),
            BotError::FileLine { path, line } => {
                write!(f, "bot file {path} line {line}: expected `key = value`")
            }
            BotError::DirOutside { path, line, why } => write!(f, "bot file {path} line {line}: {why}"),
            BotError::NoName(path) => write!(f, "bot file {path} has no `bot = NAME` line"),
            BotError::Game { path, game, plays } => write!(
                f,
                "bot file {path} is for the game `{game}` (its `game` line), but its bots play {plays}"
            ),
            BotError::NoGame { path, game } => {
                write!(f, "bot file {path}: a bot file of {game} needs the line `game = {game}`")
            }
            BotError::FileBot { path, name, bots } => {
                write!(f, "bot file {path}: unknown bot `{name}`; the bots are: {bots}")
            }
            BotError::InFile { path, error } => write!(f, "bot file {path}: {error}"),
        }
    }
}

impl std::error::Error for BotError {}

impl From<BotError> for crate::error::Error {
    fn from(e: BotError) -> crate::error::Error {
        crate::error::Error::Bot(Box::new(e))
    }
}
