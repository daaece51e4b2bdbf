//! A bot's entry in its game's list (its name, parameters and how to build it) and a bot chosen
//! with all its parameters, checked against their ranges.

use crate::agent::Agent;
use crate::bots::error::BotError;
use crate::bots::params::{ParamDef, Params, Value};
use crate::kind::GameKind;
use std::fmt;
use std::fmt::Write as _;

/// A bot's entry in its game's list (`Roster`): its name, what it does, its parameters and how to
/// build it.
pub struct BotDef<K: GameKind> {
    /// Its name.
    pub name: &'static str,
    /// One line on what it does.
    pub summary: &'static str,
    /// Its parameters.
    pub params: &'static [ParamDef],
    /// Which parameters its full spec names.
    pub full: Full,
    /// Builds the agent from checked parameters (each read as its typed value).
    pub build: fn(&Params) -> Box<dyn Agent<K>>,
}

/// Which parameters a bot's full spec (`BotSpec::full`, what manifests record) names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Full {
    /// Every parameter.
    Every,
    /// The first `after` parameters always, the others only when changed from their defaults (a
    /// parameter added after results were recorded leaves the specs they record as they were).
    Changed {
        /// How many parameters are always named.
        after: usize,
    },
}

impl<K: GameKind> BotDef<K> {
    /// Whether the bot searches with an iteration budget (`iters`), as every MCTS variant does.
    pub fn searches(&self) -> bool {
        self.params.iter().any(|p| p.key == "iters")
    }
}

impl<K: GameKind> fmt::Debug for BotDef<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BotDef({})", self.name)
    }
}

/// A bot chosen by name with all its parameters: the unit tournaments and tuning work with.
pub struct BotSpec<K: GameKind> {
    /// The bot's entry.
    pub def: &'static BotDef<K>,
    /// Every parameter (defaults filled in).
    pub params: Params,
    /// What the user wrote (a name, a spec or a file's name): the short label in results.
    pub label: String,
}

impl<K: GameKind> Clone for BotSpec<K> {
    fn clone(&self) -> Self {
        BotSpec { def: self.def, params: self.params.clone(), label: self.label.clone() }
    }
}

impl<K: GameKind> fmt::Debug for BotSpec<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BotSpec")
            .field("def", &self.def)
            .field("params", &self.params)
            .field("label", &self.label)
            .finish()
    }
}

impl<K: GameKind> PartialEq for BotSpec<K> {
    fn eq(&self, other: &Self) -> bool {
        self.def.name == other.def.name && self.params == other.params
    }
}

impl<K: GameKind> BotSpec<K> {
    /// A bot from its entry (listed or not) and `key = value` pairs on top of its defaults, each
    /// checked against its range; `label` names it in results.
    pub fn new(
        def: &'static BotDef<K>,
        pairs: &[(String, String)],
        label: &str,
    ) -> Result<BotSpec<K>, BotError> {
        build_spec(def, pairs, label)
    }

    /// The full spec: `NAME:key=value,...`, with every parameter its entry's `full` names.
    pub fn full(&self) -> String {
        let mut s = self.def.name.to_string();
        let named = self.params.written().into_iter().enumerate().filter(|(i, (k, _))| match self.def.full {
            Full::Every => true,
            Full::Changed { after } => *i < after || self.params.changed(k),
        });
        for (i, (_, (k, v))) in named.enumerate() {
            let _ = write!(s, "{}{k}={v}", if i == 0 { ':' } else { ',' });
        }
        s
    }

    /// A new agent.
    pub fn build(&self) -> Box<dyn Agent<K>> {
        (self.def.build)(&self.params)
    }

    /// Whether the runner should reveal the real tile order to it.
    pub fn clairvoyant(&self) -> bool {
        matches!(self.params.find("clairvoyant"), Some(Value::Bool(true)))
    }

    /// The same bot with one parameter changed (checked).
    pub fn with(&self, key: &str, value: &str) -> Result<BotSpec<K>, BotError> {
        let def = self.param(key)?;
        let value = def.check(self.def.name, value)?;
        Ok(self.with_value(def, value))
    }

    /// The same bot with one real-valued parameter changed (checked against its range).
    pub fn with_real(&self, key: &str, value: f64) -> Result<BotSpec<K>, BotError> {
        let def = self.param(key)?;
        let value = def.check_real(self.def.name, value)?;
        Ok(self.with_value(def, value))
    }

    /// The definition of parameter `key`.
    fn param(&self, key: &str) -> Result<&'static ParamDef, BotError> {
        self.def.params.iter().find(|d| d.key == key).ok_or_else(|| unknown_key(self.def, key))
    }

    /// The same bot with parameter `def` set to a checked value.
    fn with_value(&self, def: &ParamDef, value: Value) -> BotSpec<K> {
        let mut p = self.clone();
        p.params.set(def.key, value);
        p
    }
}

/// A spec from `key = value` pairs on top of the defaults, each value parsed once into its typed
/// value.
pub(crate) fn build_spec<K: GameKind>(
    def: &'static BotDef<K>,
    pairs: &[(String, String)],
    label: &str,
) -> Result<BotSpec<K>, BotError> {
    let mut params = Params::defaults(def.name, def.params);
    for (i, (k, v)) in pairs.iter().enumerate() {
        let p = def.params.iter().find(|p| p.key == k).ok_or_else(|| unknown_key(def, k))?;
        if pairs[..i].iter().any(|(other, _)| other == k) {
            return Err(BotError::Duplicate { bot: def.name, key: k.clone() });
        }
        params.set(p.key, p.check(def.name, v)?);
    }
    Ok(BotSpec { def, params, label: label.to_string() })
}

/// The error for a parameter `key` that bot `def` does not have, listing those it has.
fn unknown_key<K: GameKind>(def: &'static BotDef<K>, key: &str) -> BotError {
    let keys: Vec<&str> = def.params.iter().map(|p| p.key).collect();
    BotError::UnknownKey { bot: def.name, key: key.to_string(), keys: keys.join(", ") }
}
