//! Bots by name, for any game: `NAME`, `NAME:key=value,...`, the name of a bot file
//! (`steerer-tuned` for `steerer-tuned.bot` in a bot folder) or its path. A spec is checked
//! against the bot's parameters; every refusal is a [`BotError`] that names the input and the
//! valid choices.

use crate::bots::def::{BotSpec, build_spec};
use crate::bots::dirs::BotDirs;
use crate::bots::error::BotError;
use crate::bots::params::paths_from;
use crate::bots::roster::Roster;
use crate::bots::split::{Written, pairs, split_bots, split_one};
use crate::kind::GameKind;

impl<K: GameKind> Roster<K> {
    /// Parses a comma-separated list of bots (see `split_bots`), each as `parse_bot` does.
    pub fn parse_bots(&self, text: &str, dirs: &BotDirs) -> Result<Vec<BotSpec<K>>, BotError> {
        split_bots(text)?.iter().map(|w| self.parse_bot(&w.text, dirs)).collect()
    }

    /// Parses `NAME`, `NAME:key=value,...`, the name of a bot file in one of `dirs`
    /// (`steerer-tuned` for `steerer-tuned.bot`), or the path of a bot file (a file holding
    /// `bot = NAME` and `key = value` lines). Each value is parsed into its typed value here, once.
    pub fn parse_bot(&self, text: &str, dirs: &BotDirs) -> Result<BotSpec<K>, BotError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(BotError::Empty);
        }
        if self.is_file_path(text) {
            return if std::path::Path::new(text).is_file() {
                self.parse_file(text)
            } else {
                Err(BotError::NoFile(text.to_string()))
            };
        }
        let Written { name, items, .. } = split_one(text)?;
        let Some(def) = self.find(name) else {
            if let (false, Some(path)) = (text.contains(':'), dirs.find(text)) {
                let mut spec = self.parse_file(&path.to_string_lossy())?;
                spec.label = text.to_string();
                return Ok(spec);
            }
            return Err(BotError::Unknown {
                name: name.to_string(),
                game: self.game,
                bots: self.names(),
                dirs: dirs.describe(),
                files: dirs
                    .files()
                    .into_iter()
                    .filter(|(_, p, _)| self.owns_file(p))
                    .map(|(n, _, _)| n)
                    .collect(),
            });
        };
        let pairs = pairs(&items).map_err(|item| BotError::NotKeyValue { bot: name.to_string(), item })?;
        build_spec(def, &pairs, text)
    }

    /// A spec written in a file (`NAME:key=value,...` for one of these bots) with the relative
    /// paths of its file parameters rewritten by `place` (see `params::paths_from`), or `text`
    /// itself when it has none; None when `text` is not a spec. A malformed spec is kept as
    /// written, for `parse_bot` to report.
    pub fn spec_paths_from(&self, text: &str, place: impl Fn(&str) -> String) -> Option<String> {
        if !self.is_spec(text) {
            return None;
        }
        let Ok(Written { name, items, .. }) = split_one(text) else { return Some(text.to_string()) };
        let (def, Ok(mut pairs)) = (self.find(name)?, pairs(&items)) else { return Some(text.to_string()) };
        let written = pairs.clone();
        paths_from(def.params, &mut pairs, place);
        if pairs == written {
            // Written as it was: a spec's label is its text.
            return Some(text.to_string());
        }
        let items: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        Some(format!("{name}:{}", items.join(",")))
    }
}
