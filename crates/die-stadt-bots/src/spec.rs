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

/// One bot of a written list, as `split_bots` reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written<'a> {
    /// The bot as written, its pieces trimmed and joined: `mcts:iters=200,c=0.5` (its label).
    pub text: String,
    /// What comes before its first `:`: a bot's name; or, without a `:`, a bot's name, a bot
    /// file's name or a bot file's path.
    pub name: &'a str,
    /// Its items after the `:`, trimmed: `key=value` (and a first one that may be malformed, for
    /// the parser to name).
    pub items: Vec<&'a str>,
}

/// Splits a comma-separated list of bots, where each bot may carry its own `key=value` items
/// (`mcts:iters=200,c=0.5,steerer,greedy` is `mcts:iters=200,c=0.5`, `steerer` and `greedy`): a
/// piece `key=value` whose key has no `:` continues the bot before it (the value may have one: a
/// file's recorded hash, `eval=FILE@sha256:HASH`); any other piece starts a bot. The one place
/// bot specs are split on commas: lists on the command line, and each single spec.
pub fn split_bots(text: &str) -> Result<Vec<Written<'_>>, BotError> {
    let mut bots: Vec<Written> = Vec::new();
    for piece in text.split(',').map(str::trim) {
        if piece.is_empty() {
            return Err(BotError::EmptyItem(text.trim().to_string()));
        }
        match bots.last_mut() {
            Some(last) if piece.split_once('=').is_some_and(|(key, _)| !key.contains(':')) => {
                last.text.push(if last.text.contains(':') { ',' } else { ':' });
                last.text.push_str(piece);
                last.items.push(piece);
            }
            _ => {
                let (name, first) = match piece.split_once(':') {
                    Some((name, first)) => (name, Some(first.trim()).filter(|f| !f.is_empty())),
                    None => (piece, None),
                };
                bots.push(Written { text: piece.to_string(), name, items: first.into_iter().collect() });
            }
        }
    }
    Ok(bots)
}

/// Parses a comma-separated list of bots (see `split_bots`), each as `parse_bot` does.
pub fn parse_bots(text: &str, dirs: &BotDirs) -> Result<Vec<BotSpec>, BotError> {
    split_bots(text)?.iter().map(|w| parse_bot(&w.text, dirs)).collect()
}

/// The one bot `text` names, split as `split_bots` splits a list; a list of several is refused
/// (naming the item that is not `key=value` after a `NAME:`).
fn split_one(text: &str) -> Result<Written<'_>, BotError> {
    let mut bots = split_bots(text)?;
    if bots.len() > 1 {
        return Err(if bots[0].text.contains(':') {
            BotError::NotKeyValue { bot: bots[0].name.to_string(), item: bots[1].text.clone() }
        } else {
            BotError::List { text: text.to_string(), count: bots.len() }
        });
    }
    Ok(bots.pop().expect("a non-empty text has a piece"))
}

/// The `key = value` pairs of a bot's items, trimmed, or the first item that is not `key=value`.
fn pairs(items: &[&str]) -> Result<Vec<(String, String)>, String> {
    items
        .iter()
        .map(|item| {
            item.split_once('=')
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                .ok_or(item.to_string())
        })
        .collect()
}

/// A spec written in a file (`NAME:key=value,...` for a registered bot) with the relative paths
/// of its file parameters rewritten by `place` (see `params::paths_from`), or `text` itself when
/// it has none; None when `text` is not a spec. A malformed spec is kept as written, for
/// `parse_bot` to report.
pub fn spec_paths_from(text: &str, place: impl Fn(&str) -> String) -> Option<String> {
    if !is_spec(text) {
        return None;
    }
    let Ok(Written { name, items, .. }) = split_one(text) else { return Some(text.to_string()) };
    let (def, Ok(mut pairs)) = (find(name)?, pairs(&items)) else { return Some(text.to_string()) };
    let written = pairs.clone();
    paths_from(def.params, &mut pairs, place);
    if pairs == written {
        // Written as it was: a spec's label is its text.
        return Some(text.to_string());
    }
    let items: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
    Some(format!("{name}:{}", items.join(",")))
}

/// Parses `NAME`, `NAME:key=value,...`, the name of a bot file in one of `dirs` (`steerer-tuned`
/// for `steerer-tuned.bot`), or the path of a bot file (a file holding `bot = NAME` and
/// `key = value` lines). Each value is parsed into its typed value here, once.
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
    let Written { name, items, .. } = split_one(text)?;
    let Some(def) = find(name) else {
        if let (false, Some(path)) = (text.contains(':'), dirs.find(text)) {
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
    let pairs = pairs(&items).map_err(|item| BotError::NotKeyValue { bot: name.to_string(), item })?;
    build_spec(def, &pairs, text)
}
