//! Bot files: named settings of a bot of a game (`bot = steerer` and `key = value` lines, a
//! `game = NAME` line, `#` comments), written by tuning and used by name (`dirs`) or path. A file
//! without a `game` line is the game's whose files need none (`Roster::bare_files`).

use crate::bots::def::{BotSpec, build_spec};
use crate::bots::error::BotError;
use crate::bots::params::paths_from;
use crate::bots::process;
use crate::bots::roster::Roster;
use crate::digest::sha256_hex;
use crate::kind::GameKind;
use std::fmt::Write as _;
use std::path::Path;

impl<K: GameKind> Roster<K> {
    /// Parses a bot file of this game: `bot = NAME` then `key = value` lines, a `game = NAME`
    /// line (needed unless `bare_files`), `#` comments. Its label is the file name without
    /// `.bot`.
    pub fn parse_file(&self, path: &str) -> Result<BotSpec<K>, BotError> {
        let mut named_game = false;
        let text = std::fs::read_to_string(path)
            .map_err(|e| BotError::Read { path: path.to_string(), error: e.to_string() })?;
        let mut name = None;
        let mut pairs = Vec::new();
        let mut dir_line = None;
        for entry in entries(&text) {
            let (i, k, v) = entry.map_err(|line| BotError::FileLine { path: path.to_string(), line })?;
            if k == "bot" {
                name = Some(v.to_string());
            } else if k == "game" {
                if v != self.game {
                    return Err(BotError::Game {
                        path: path.to_string(),
                        game: v.to_string(),
                        plays: self.game,
                    });
                }
                named_game = true;
            } else {
                if k == "dir" {
                    dir_line = Some(i);
                }
                pairs.push((k.to_string(), v.to_string()));
            }
        }
        let name = name.ok_or_else(|| BotError::NoName(path.to_string()))?;
        if !named_game && !self.bare_files {
            return Err(BotError::NoGame { path: path.to_string(), game: self.game });
        }
        let def = self.find(&name).ok_or_else(|| BotError::FileBot {
            path: path.to_string(),
            name: name.clone(),
            bots: self.names(),
        })?;
        // Files the bot file names are found beside it, whatever folder the command runs in.
        if let Some(dir) = Path::new(path).parent().filter(|d| !d.as_os_str().is_empty()) {
            paths_from(def.params, &mut pairs, |v| dir.join(v).to_string_lossy().into_owned());
        }
        let label = Path::new(path).file_stem().and_then(|s| s.to_str()).unwrap_or(path).to_string();
        if def.name == process::NAME {
            // A process bot runs from its file's folder, and manifests tell which file it was.
            // Its absolute path, so the same file reads the same however it is named.
            let file =
                std::fs::canonicalize(path).map_or_else(|_| path.to_string(), |p| p.display().to_string());
            pairs.push(("bot_file".into(), file));
            pairs.push(("bot_file_sha256".into(), sha256_hex(text.as_bytes())));
        }
        let in_file = |e| BotError::InFile { path: path.to_string(), error: Box::new(e) };
        let spec = build_spec(def, &pairs, &label).map_err(in_file)?;
        if def.name == process::NAME {
            if let Some(line) = dir_line {
                process::dir_within(&spec.params).map_err(|why| BotError::DirOutside {
                    path: path.to_string(),
                    line,
                    why,
                })?;
            }
            process::check(&spec).map_err(in_file)?;
        }
        Ok(spec)
    }

    /// Whether the bot file at `path` is for this game: its `game` line names it, or it has none
    /// and the game's files need none. A file that cannot be read counts as the game's (reading it
    /// says what is wrong).
    pub fn owns_file(&self, path: &Path) -> bool {
        let Ok(text) = std::fs::read_to_string(path) else { return true };
        match entries(&text).flatten().find(|(_, k, _)| *k == "game") {
            Some((_, _, game)) => game == self.game,
            None => self.bare_files,
        }
    }

    /// The text of a bot file for a spec, with `comment` as its first lines (and a `game` line
    /// unless the game's files need none).
    pub fn file_text(&self, spec: &BotSpec<K>, comment: &str) -> String {
        let mut s = String::new();
        for line in comment.lines() {
            let _ = writeln!(s, "# {line}");
        }
        if !self.bare_files {
            let _ = writeln!(s, "game = {}", self.game);
        }
        let _ = writeln!(s, "bot = {}", spec.def.name);
        for (k, v) in spec.params.written() {
            let _ = writeln!(s, "{k} = {v}");
        }
        s
    }
}

/// The `key = value` lines of a bot file's text, blank lines and `#` comments left out, trimmed:
/// (line number from 1, key, value), or the number of a line that is not `key = value`.
fn entries(text: &str) -> impl Iterator<Item = Result<(usize, &str, &str), usize>> {
    text.lines().enumerate().filter_map(|(i, raw)| {
        let line = raw.split('#').next().unwrap_or("").trim();
        (!line.is_empty())
            .then(|| line.split_once('=').map(|(k, v)| (i + 1, k.trim(), v.trim())).ok_or(i + 1))
    })
}
