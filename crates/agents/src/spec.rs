//! Bots by name: `NAME`, `NAME:key=value,...`, the name of a bot file (`steerer-tuned` for
//! `steerer-tuned.bot` in a bot folder) or its path. A spec is checked against the bot's
//! parameters; every refusal is a [`BotError`] that names the input and the valid choices.

use crate::agent::Agent;
use crate::botfile::{BotDirs, parse_bot_file};
use crate::params::{ParamDef, Params, paths_from};
use crate::registry::{find, registry};
use std::fmt;
use std::fmt::Write as _;

/// A bot's entry in the registry (`registry.rs`): its name, what it does, its parameters and how
/// to build it.
pub struct BotDef {
    /// Its name.
    pub name: &'static str,
    /// One line on what it does.
    pub summary: &'static str,
    /// Its parameters.
    pub params: &'static [ParamDef],
    /// Builds the agent from checked parameters.
    pub build: fn(&Params) -> Box<dyn Agent>,
}

impl BotDef {
    /// Whether the bot searches with an iteration budget (`iters`), as every MCTS variant does.
    pub fn searches(&self) -> bool {
        self.params.iter().any(|p| p.key == "iters")
    }
}

impl fmt::Debug for BotDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BotDef({})", self.name)
    }
}

/// Why a bot spec or bot file is refused.
#[derive(Clone, Debug, PartialEq)]
pub enum BotError {
    /// An empty name.
    Empty,
    /// No bot and no bot file of that name: the bots, the folders looked in and the files found.
    Unknown {
        /// The name given.
        name: String,
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
    /// A bot file without `bot = NAME`.
    NoName(String),
    /// A bot file naming an unknown bot.
    FileBot {
        /// The file.
        path: String,
        /// The name it gives.
        name: String,
    },
    /// Any other error, in a bot file.
    InFile {
        /// The file.
        path: String,
        /// The error.
        error: Box<BotError>,
    },
}

fn names() -> String {
    registry().iter().map(|d| d.name).collect::<Vec<_>>().join(", ")
}

impl fmt::Display for BotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotError::Empty => write!(f, "empty bot name"),
            BotError::Unknown { name, dirs, files } => write!(
                f,
                "unknown bot `{name}`; the bots are: {}; bot files ({dirs}): {}",
                names(),
                if files.is_empty() { "none".to_string() } else { files.join(", ") }
            ),
            BotError::UnknownKey { bot, key } => {
                let keys: Vec<&str> =
                    find(bot).map(|d| d.params.iter().map(|p| p.key).collect()).unwrap_or_default();
                if keys.is_empty() {
                    write!(f, "bot `{bot}` takes no parameters, but `{key}` was given")
                } else {
                    write!(f, "bot `{bot}` has no parameter `{key}`; its parameters are: {}", keys.join(", "))
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
            BotError::NoName(path) => write!(f, "bot file {path} has no `bot = NAME` line"),
            BotError::FileBot { path, name } => {
                write!(f, "bot file {path}: unknown bot `{name}`; the bots are: {}", names())
            }
            BotError::InFile { path, error } => write!(f, "bot file {path}: {error}"),
        }
    }
}

impl std::error::Error for BotError {}

/// A bot chosen by name with all its parameters: the unit tournaments and tuning work with.
#[derive(Clone, Debug)]
pub struct BotSpec {
    /// The registry entry.
    pub def: &'static BotDef,
    /// Every parameter (defaults filled in).
    pub params: Params,
    /// What the user wrote (a name, a spec or a file's name): the short label in results.
    pub label: String,
}

impl PartialEq for BotSpec {
    fn eq(&self, other: &Self) -> bool {
        self.def.name == other.def.name && self.params == other.params
    }
}

impl BotSpec {
    /// A bot from its entry (registered or not) and `key = value` pairs on top of its defaults,
    /// each checked against its range; `label` names it in results.
    pub fn new(def: &'static BotDef, pairs: &[(String, String)], label: &str) -> Result<BotSpec, BotError> {
        build_spec(def, pairs, label)
    }

    /// The full spec with every parameter: `NAME:key=value,...`.
    pub fn full(&self) -> String {
        let mut s = self.def.name.to_string();
        for (i, (k, v)) in self.params.entries().iter().enumerate() {
            let _ = write!(s, "{}{k}={v}", if i == 0 { ':' } else { ',' });
        }
        s
    }

    /// A new agent.
    pub fn build(&self) -> Box<dyn Agent> {
        (self.def.build)(&self.params)
    }

    /// Whether the runner should reveal the real tile order to it.
    pub fn clairvoyant(&self) -> bool {
        self.params.entries().iter().any(|(k, v)| *k == "clairvoyant" && v == "true")
    }

    /// The same bot with one parameter changed (checked).
    pub fn with(&self, key: &str, value: &str) -> Result<BotSpec, BotError> {
        let mut p = self.clone();
        let def = self
            .def
            .params
            .iter()
            .find(|d| d.key == key)
            .ok_or_else(|| BotError::UnknownKey { bot: self.def.name, key: key.to_string() })?;
        let v = def.check(self.def.name, value)?;
        for e in p.params.values.iter_mut() {
            if e.0 == key {
                e.1 = v.clone();
            }
        }
        Ok(p)
    }
}

/// Whether `text` is `NAME:key=value,...` for a registered bot: a spec even when a value is a
/// path with a slash in it.
pub fn is_spec(text: &str) -> bool {
    text.trim().split_once(':').is_some_and(|(n, _)| find(n).is_some())
}

/// A spec written in a file (`NAME:key=value,...` for a registered bot) with the relative paths
/// of its file parameters rewritten by `place` (see `params::paths_from`), or `text` itself when
/// it has none; None when `text` is not a spec. A malformed item is kept as written, for
/// `parse_bot` to report.
pub fn spec_paths_from(text: &str, place: impl Fn(&str) -> String) -> Option<String> {
    let (name, rest) = text.trim().split_once(':')?;
    let def = find(name)?;
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut kept = Vec::new();
    for item in rest.split(',').filter(|s| !s.trim().is_empty()) {
        match item.split_once('=') {
            Some((k, v)) => pairs.push((k.trim().to_string(), v.trim().to_string())),
            None => kept.push(item.to_string()),
        }
    }
    let written = pairs.clone();
    paths_from(def.params, &mut pairs, place);
    if pairs == written {
        // Written as it was: a spec's label is its text.
        return Some(text.to_string());
    }
    let items: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).chain(kept).collect();
    Some(format!("{name}:{}", items.join(",")))
}

/// Parses `NAME`, `NAME:key=value,...`, the name of a bot file in one of `dirs` (`steerer-tuned`
/// for `steerer-tuned.bot`), or the path of a bot file (a file holding `bot = NAME` and
/// `key = value` lines).
pub fn parse_bot(text: &str, dirs: &BotDirs) -> Result<BotSpec, BotError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(BotError::Empty);
    }
    if !is_spec(text) && (text.ends_with(".bot") || text.contains('/')) {
        return if std::path::Path::new(text).is_file() {
            parse_bot_file(text)
        } else {
            Err(BotError::NoFile(text.to_string()))
        };
    }
    let (name, rest) = match text.split_once(':') {
        Some((n, r)) => (n, Some(r)),
        None => (text, None),
    };
    let Some(def) = find(name) else {
        if let (None, Some(path)) = (rest, dirs.find(text)) {
            let mut spec = parse_bot_file(&path.to_string_lossy())?;
            spec.label = text.to_string();
            return Ok(spec);
        }
        return Err(BotError::Unknown {
            name: name.to_string(),
            dirs: dirs.describe(),
            files: dirs.files().into_iter().map(|(n, _, _)| n).collect(),
        });
    };
    let mut pairs = Vec::new();
    if let Some(rest) = rest {
        for item in rest.split(',').filter(|s| !s.trim().is_empty()) {
            let (k, v) = item
                .split_once('=')
                .ok_or_else(|| BotError::NotKeyValue { bot: name.to_string(), item: item.to_string() })?;
            pairs.push((k.trim().to_string(), v.trim().to_string()));
        }
    }
    build_spec(def, &pairs, text)
}

/// A spec from `key = value` pairs on top of the defaults.
pub(crate) fn build_spec(
    def: &'static BotDef,
    pairs: &[(String, String)],
    label: &str,
) -> Result<BotSpec, BotError> {
    let mut values: Vec<(&'static str, String)> =
        def.params.iter().map(|p| (p.key, p.default.to_string())).collect();
    for (i, (k, v)) in pairs.iter().enumerate() {
        let p = def
            .params
            .iter()
            .find(|p| p.key == k)
            .ok_or_else(|| BotError::UnknownKey { bot: def.name, key: k.clone() })?;
        if pairs[..i].iter().any(|(other, _)| other == k) {
            return Err(BotError::Duplicate { bot: def.name, key: k.clone() });
        }
        let checked = p.check(def.name, v)?;
        values.iter_mut().find(|e| e.0 == p.key).expect("a defined parameter").1 = checked;
    }
    Ok(BotSpec { def, params: Params { values }, label: label.to_string() })
}
