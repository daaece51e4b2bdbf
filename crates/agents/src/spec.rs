//! Bots by name: `NAME`, `NAME:key=value,...`, the name of a bot file (`steerer-tuned` for
//! `steerer-tuned.bot` in a bot folder) or its path. A spec is checked against the bot's
//! parameters; every refusal is a [`BotError`] that names the input and the valid choices.

use crate::bot_def::build_spec;
pub use crate::bot_def::{BotDef, BotSpec};
pub use crate::bot_error::BotError;
use crate::botfile::{BotDirs, parse_bot_file};
use crate::params::paths_from;
use crate::registry::{find, names};

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
            bots: names(),
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
