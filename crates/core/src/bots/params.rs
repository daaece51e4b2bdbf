//! Bot parameters: each has a key, a default, a help line and a kind with its valid range; a value
//! is checked against it and parsed into its typed value ([`Value`]) once, when a spec is read.

use crate::bots::error::BotError;
use crate::search::playout::Policy;
use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// The kind of value a bot parameter takes, with its valid range.
#[derive(Clone, Copy, Debug)]
pub enum ParamKind {
    /// A real number from `min` to `max` (`stadt tune` tunes the parameters of this kind).
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
    /// value to record with what it read, or why the file is refused). A relative path written in a file (a bot
    /// file, an experiment file) is read relative to that file's folder (`paths_from`).
    File {
        /// The words that name no file.
        words: &'static [&'static str],
        /// What kind of file, for messages: `an evaluation file`.
        what: &'static str,
        /// Reads and checks the file named by a value.
        check: fn(&str) -> Result<FileValue, String>,
    },
    /// Any text on one line (a process bot's command or folder).
    Text,
    /// A playout policy (`stadt_core::search::playout::Policy`): `random`, `greedy`, `eps:E`,
    /// `softmax:T`, `best:K` or `sample:K`.
    Policy,
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
            ParamKind::Policy => {
                "random, greedy, eps:E (E from 0 to 1), softmax:T (T above 0), best:K or sample:K (K from 1 to 1000)"
                    .to_string()
            }
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
    /// Checks `value` (as written) against the kind and range and parses it into its typed value.
    pub fn check(&self, bot: &'static str, value: &str) -> Result<Value, BotError> {
        let ok = match self.kind {
            ParamKind::Real { min, max } => {
                value.parse::<f64>().ok().filter(|v| (min..=max).contains(v)).map(Value::Real)
            }
            ParamKind::Int { min, max } => {
                value.parse::<u64>().ok().filter(|v| (min..=max).contains(v)).map(Value::Int)
            }
            ParamKind::Bool => match value {
                "true" | "1" | "yes" => Some(Value::Bool(true)),
                "false" | "0" | "no" => Some(Value::Bool(false)),
                _ => None,
            },
            ParamKind::Choice(words) => words.iter().find(|w| **w == value).map(|w| Value::Word(w)),
            ParamKind::File { words, check, .. } => {
                if let Some(w) = words.iter().find(|w| **w == value) {
                    return Ok(Value::Word(w));
                }
                return check(value).map(Value::File).map_err(|error| BotError::ParamFile {
                    bot,
                    key: self.key,
                    error,
                });
            }
            ParamKind::Text => (!value.contains(['\n', '\r'])).then(|| Value::Text(value.to_string())),
            ParamKind::Policy => Policy::parse(value).ok().map(|p| Value::Text(p.text())),
        };
        ok.ok_or_else(|| self.bad_value(bot, value.to_string()))
    }

    /// Checks a real number against a `Real` parameter's range.
    pub fn check_real(&self, bot: &'static str, value: f64) -> Result<Value, BotError> {
        match self.kind {
            ParamKind::Real { min, max } if (min..=max).contains(&value) => Ok(Value::Real(value)),
            _ => Err(self.bad_value(bot, format_real(value))),
        }
    }

    /// The error for a value outside the kind or range.
    fn bad_value(&self, bot: &'static str, value: String) -> BotError {
        BotError::BadValue { bot, key: self.key, value, expected: self.kind.describe() }
    }
}

/// The parameters of `a` followed by those of `b`, for a bot that takes its own parameters and
/// another's (a search that takes its value's weights): `N` must be their sum, else compiling fails.
pub const fn joined<const N: usize>(a: &[ParamDef], b: &[ParamDef]) -> [ParamDef; N] {
    assert!(N == a.len() + b.len(), "joined: N must be the sum of the two lengths");
    assert!(N > 0, "joined: no parameters to join");
    let mut out = [if a.is_empty() { b[0] } else { a[0] }; N];
    let mut i = 0;
    while i < a.len() {
        out[i] = a[i];
        i += 1;
    }
    let mut j = 0;
    while j < b.len() {
        out[a.len() + j] = b[j];
        j += 1;
    }
    out
}

/// `params` with the default of parameter `key` set to `default` (a bot that takes another's
/// parameters with defaults of its own); compiling fails when no parameter is `key`.
pub const fn defaulted<const N: usize>(
    mut params: [ParamDef; N],
    key: &str,
    default: &'static str,
) -> [ParamDef; N] {
    let mut i = 0;
    while i < N {
        if same(params[i].key, key) {
            params[i].default = default;
            return params;
        }
        i += 1;
    }
    panic!("defaulted: no parameter of that key");
}

/// Whether two strings are equal, in a const context.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// A parameter's value, parsed once when its spec is read: what the bot reads.
#[derive(Clone, Debug)]
pub enum Value {
    /// A `Real` parameter's number.
    Real(f64),
    /// An `Int` parameter's number.
    Int(u64),
    /// A `Bool` parameter's switch.
    Bool(bool),
    /// One of a `Choice` parameter's words, or of a `File` parameter's.
    Word(&'static str),
    /// The file a `File` parameter names, as its check read it.
    File(FileValue),
    /// A `Text` parameter's text.
    Text(String),
}

impl fmt::Display for Value {
    /// The value as a spec writes it: `0.5`, `4000`, `true`, `learned`, `PATH@sha256:HASH`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Real(v) => f.write_str(&format_real(*v)),
            Value::Int(v) => write!(f, "{v}"),
            Value::Bool(v) => write!(f, "{v}"),
            Value::Word(w) => f.write_str(w),
            Value::File(file) => f.write_str(&file.recorded),
            Value::Text(t) => f.write_str(t),
        }
    }
}

/// A file named by a `File` parameter, read and accepted by the parameter's check: the value to
/// record (the path with what identifies its contents, `PATH@sha256:HASH`) and what was read.
#[derive(Clone)]
pub struct FileValue {
    /// The value as the spec records it.
    pub recorded: String,
    /// What the check read from the file (an evaluation file's weights).
    pub content: Arc<dyn Any + Send + Sync>,
}

impl FileValue {
    /// What the check read, as the type it read (None for another type).
    pub fn content<T: Any + Send + Sync>(&self) -> Option<Arc<T>> {
        self.content.clone().downcast().ok()
    }
}

impl fmt::Debug for FileValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FileValue({})", self.recorded)
    }
}

/// One parameter of a bot with its value.
#[derive(Clone, Debug)]
struct Entry {
    key: &'static str,
    value: Value,
    /// The definition's default as written, while the value is that default (a spec writes a
    /// default as its definition does: `gain=1.0`, where a value given writes `gain=1`).
    default: Option<&'static str>,
    /// The default's value, to tell whether a value given differs from it.
    default_value: Value,
}

/// Checked parameter values of one bot, in the order of its definition, each parsed once into its
/// typed value.
#[derive(Clone, Debug)]
pub struct Params {
    entries: Vec<Entry>,
}

impl PartialEq for Params {
    /// The same parameters written the same way (as `BotSpec::full` writes them).
    fn eq(&self, other: &Self) -> bool {
        self.written() == other.written()
    }
}

impl Params {
    /// Every parameter of `defs` at its default.
    pub(crate) fn defaults(bot: &'static str, defs: &'static [ParamDef]) -> Params {
        let entries = defs
            .iter()
            .map(|d| {
                let value = d
                    .check(bot, d.default)
                    .unwrap_or_else(|e| panic!("the default of {bot}'s {}: {e}", d.key));
                Entry { key: d.key, value: value.clone(), default: Some(d.default), default_value: value }
            })
            .collect();
        Params { entries }
    }

    /// Sets parameter `key` (one of the definition's) to a checked value.
    pub(crate) fn set(&mut self, key: &str, value: Value) {
        let e = self.entries.iter_mut().find(|e| e.key == key).expect("a defined parameter");
        e.value = value;
        e.default = None;
    }

    /// A parameter's value.
    pub fn value(&self, key: &str) -> &Value {
        self.find(key).unwrap_or_else(|| panic!("no parameter `{key}`"))
    }

    /// A parameter's value, if the bot has that parameter.
    pub fn find(&self, key: &str) -> Option<&Value> {
        self.entries.iter().find(|e| e.key == key).map(|e| &e.value)
    }

    /// A real-valued parameter.
    pub fn real(&self, key: &str) -> f64 {
        match self.value(key) {
            Value::Real(v) => *v,
            v => panic!("`{key}` is not a real parameter: {v:?}"),
        }
    }

    /// A whole-number parameter.
    pub fn int(&self, key: &str) -> u64 {
        match self.value(key) {
            Value::Int(v) => *v,
            v => panic!("`{key}` is not a whole-number parameter: {v:?}"),
        }
    }

    /// A switch.
    pub fn flag(&self, key: &str) -> bool {
        match self.value(key) {
            Value::Bool(v) => *v,
            v => panic!("`{key}` is not a switch: {v:?}"),
        }
    }

    /// A choice's word (or a `File` parameter's word; None when it names a file).
    pub fn word(&self, key: &str) -> Option<&'static str> {
        match self.value(key) {
            Value::Word(w) => Some(w),
            _ => None,
        }
    }

    /// A playout-policy parameter.
    pub fn policy(&self, key: &str) -> Policy {
        Policy::parse(self.text(key)).unwrap_or_else(|e| panic!("`{key}` is not a checked policy: {e}"))
    }

    /// A text parameter.
    pub fn text(&self, key: &str) -> &str {
        match self.value(key) {
            Value::Text(t) => t,
            v => panic!("`{key}` is not a text parameter: {v:?}"),
        }
    }

    /// Whether parameter `key` holds another value than its default (a number compared as a
    /// number: `10` and `10.0` are the same).
    pub fn changed(&self, key: &str) -> bool {
        let e = self.entries.iter().find(|e| e.key == key).unwrap_or_else(|| panic!("no parameter `{key}`"));
        match (&e.value, &e.default_value) {
            (Value::Real(a), Value::Real(b)) => a != b,
            (a, b) => a.to_string() != b.to_string(),
        }
    }

    /// Every (key, value as a spec writes it) in definition order.
    pub fn written(&self) -> Vec<(&'static str, String)> {
        self.entries
            .iter()
            .map(|e| (e.key, e.default.map_or_else(|| e.value.to_string(), String::from)))
            .collect()
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
