//! Bot parameters: each has a key, a default, a help line and a kind with its valid range; values
//! are checked against it when a spec is read.

use crate::bot_error::BotError;

/// The kind of value a bot parameter takes, with its valid range.
#[derive(Clone, Copy, Debug)]
pub enum ParamKind {
    /// A real number from `min` to `max` (tunable weights are of this kind).
    Real {
        /// Smallest value.
        min: f64,
        /// Largest value.
        max: f64,
    },
    /// A whole number from `min` to `max`.
    Int {
        /// Smallest value.
        min: u64,
        /// Largest value.
        max: u64,
    },
    /// A switch: true or false.
    Bool,
    /// One of a fixed set of words.
    Choice(&'static [&'static str]),
    /// One of a few words, or the path of a file that `check` reads and accepts (returning the
    /// value to record, or why the file is refused). A relative path written in a file (a bot
    /// file, an experiment file) is read relative to that file's folder (`paths_from`).
    File {
        /// The words that name no file.
        words: &'static [&'static str],
        /// What kind of file, for messages: `an evaluation file`.
        what: &'static str,
        /// Reads and checks the file named by a value.
        check: fn(&str) -> Result<String, String>,
    },
    /// Any text on one line (a process bot's command or folder).
    Text,
}

impl ParamKind {
    /// What a value of this kind is, for messages and listings: `a number from 0 to 10`.
    pub fn describe(self) -> String {
        match self {
            ParamKind::Real { min, max } => format!("a number from {min} to {max}"),
            ParamKind::Int { min, max } => format!("a whole number from {min} to {max}"),
            ParamKind::Bool => "true or false".to_string(),
            ParamKind::Choice(words) => format!("one of {}", words.join(", ")),
            ParamKind::File { words, what, .. } => format!("{} or the path of {what}", words.join(", ")),
            ParamKind::Text => "text on one line".to_string(),
        }
    }
}

/// A bot parameter.
#[derive(Clone, Copy, Debug)]
pub struct ParamDef {
    /// The key in `NAME:key=value`.
    pub key: &'static str,
    /// The default value, as written.
    pub default: &'static str,
    /// What it does.
    pub help: &'static str,
    /// Its kind.
    pub kind: ParamKind,
}

impl ParamDef {
    /// Checks `value` against the kind and range; returns it as the spec writes it.
    pub fn check(&self, bot: &'static str, value: &str) -> Result<String, BotError> {
        let ok = match self.kind {
            ParamKind::Real { min, max } => {
                value.parse::<f64>().ok().filter(|v| (min..=max).contains(v)).map(format_real)
            }
            ParamKind::Int { min, max } => {
                value.parse::<u64>().ok().filter(|v| (min..=max).contains(v)).map(|v| v.to_string())
            }
            ParamKind::Bool => match value {
                "true" | "1" | "yes" => Some("true".into()),
                "false" | "0" | "no" => Some("false".into()),
                _ => None,
            },
            ParamKind::Choice(words) => words.contains(&value).then(|| value.to_string()),
            ParamKind::File { words, check, .. } => {
                if words.contains(&value) {
                    return Ok(value.to_string());
                }
                return check(value).map_err(|error| BotError::ParamFile { bot, key: self.key, error });
            }
            ParamKind::Text => (!value.contains(['\n', '\r'])).then(|| value.to_string()),
        };
        ok.ok_or_else(|| BotError::BadValue {
            bot,
            key: self.key,
            value: value.to_string(),
            expected: self.kind.describe(),
        })
    }
}

/// Checked parameter values of one bot, in the order of its definition.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    pub(crate) values: Vec<(&'static str, String)>,
}

impl Params {
    /// A real-valued parameter.
    pub fn real(&self, key: &str) -> f64 {
        self.get(key).parse().expect("checked when parsed")
    }

    /// A whole-number parameter.
    pub fn int(&self, key: &str) -> u64 {
        self.get(key).parse().expect("checked when parsed")
    }

    /// A switch.
    pub fn flag(&self, key: &str) -> bool {
        self.get(key) == "true"
    }

    /// A parameter as written.
    pub fn get(&self, key: &str) -> &str {
        &self.values.iter().find(|(k, _)| *k == key).expect("a defined parameter").1
    }

    /// All (key, value) pairs in definition order.
    pub fn entries(&self) -> &[(&'static str, String)] {
        &self.values
    }
}

/// A real number written shortly but exactly enough to read back the same value.
pub fn format_real(v: f64) -> String {
    let s = format!("{v}");
    if s.contains('e') { format!("{v:.6}") } else { s }
}

/// Rewrites, among `pairs` of a bot with parameters `defs`, each relative path that names a file
/// (a `File` parameter given a path, not one of its words) by `place`: a path written in a file
/// is read from that file's folder.
pub fn paths_from(defs: &[ParamDef], pairs: &mut [(String, String)], place: impl Fn(&str) -> String) {
    for (k, v) in pairs.iter_mut() {
        let names_file = defs.iter().any(|d| {
            d.key == k && matches!(d.kind, ParamKind::File { words, .. } if !words.contains(&v.as_str()))
        });
        if names_file && std::path::Path::new(v.as_str()).is_relative() {
            *v = place(v);
        }
    }
}
