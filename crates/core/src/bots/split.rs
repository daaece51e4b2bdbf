//! Splitting written bots: a comma-separated list into its bots, each into its name and its
//! `key=value` items. The one place bot specs are split on commas, whatever the game.

use crate::bots::error::BotError;

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

/// The one bot `text` names, split as `split_bots` splits a list; a list of several is refused
/// (naming the item that is not `key=value` after a `NAME:`).
pub(crate) fn split_one(text: &str) -> Result<Written<'_>, BotError> {
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
pub(crate) fn pairs(items: &[&str]) -> Result<Vec<(String, String)>, String> {
    items
        .iter()
        .map(|item| {
            item.split_once('=')
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                .ok_or(item.to_string())
        })
        .collect()
}
