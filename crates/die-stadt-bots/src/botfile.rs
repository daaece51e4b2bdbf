//! Bot files: named settings of a bot (`bot = steerer` and `key = value` lines, an optional
//! `game = die-stadt` line, `#` comments),
//! written by tuning and used by name. Named files are looked up in `--bot-dir`, then in
//! `$STADT_BOTS`, then in `./bots`.

use crate::bot_def::{BotSpec, build_spec};
use crate::bot_error::BotError;
use crate::params::paths_from;
use crate::registry::{find, names};
use crate::{process_bot, protocol};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Where named bot files (`NAME.bot`) are looked up, in order: `--bot-dir`, then `$STADT_BOTS`,
/// then `./bots` (the folder the command runs in). Each entry says how it was named, for messages.
#[derive(Clone, Debug, Default)]
pub struct BotDirs {
    dirs: Vec<(PathBuf, String)>,
}

impl BotDirs {
    /// The standard lookup: `bot_dir` (the `--bot-dir` flag) if given, `$STADT_BOTS` if set, `./bots`.
    pub fn standard(bot_dir: Option<&Path>) -> BotDirs {
        let mut dirs = Vec::new();
        if let Some(d) = bot_dir {
            dirs.push((d.to_path_buf(), format!("--bot-dir {}", d.display())));
        }
        if let Some(d) = std::env::var_os("STADT_BOTS").filter(|d| !d.is_empty()) {
            let d = PathBuf::from(d);
            dirs.push((d.clone(), format!("$STADT_BOTS {}", d.display())));
        }
        dirs.push((PathBuf::from("bots"), "./bots".to_string()));
        BotDirs { dirs }
    }

    /// No folders: only built-in bots and explicit bot file paths.
    pub fn none() -> BotDirs {
        BotDirs::default()
    }

    /// Exactly these folders, in order.
    pub fn only(dirs: &[&Path]) -> BotDirs {
        BotDirs { dirs: dirs.iter().map(|d| (d.to_path_buf(), d.display().to_string())).collect() }
    }

    /// The first folder: where a bot file is installed.
    pub fn first(&self) -> Option<&Path> {
        self.dirs.first().map(|(d, _)| d.as_path())
    }

    /// The bot file `NAME.bot` in the first folder that has one.
    pub fn find(&self, name: &str) -> Option<PathBuf> {
        self.dirs.iter().map(|(d, _)| d.join(format!("{name}.bot"))).find(|p| p.is_file())
    }

    /// Every bot file these folders offer, by name (a name found in an earlier folder hides later
    /// ones): (name, path, the folder as named).
    pub fn files(&self) -> Vec<(String, PathBuf, String)> {
        let mut out: Vec<(String, PathBuf, String)> = Vec::new();
        for (dir, how) in &self.dirs {
            let Ok(rd) = std::fs::read_dir(dir) else { continue };
            let mut names: Vec<String> = rd
                .filter_map(|e| e.ok())
                .filter_map(|e| e.file_name().to_str().and_then(|n| n.strip_suffix(".bot")).map(String::from))
                .collect();
            names.sort();
            for n in names {
                if !out.iter().any(|(m, _, _)| *m == n) {
                    out.push((n.clone(), dir.join(format!("{n}.bot")), how.clone()));
                }
            }
        }
        out
    }

    /// The folders, as named: `--bot-dir x, $STADT_BOTS y, ./bots`.
    pub fn describe(&self) -> String {
        if self.dirs.is_empty() {
            return "no bot folders".to_string();
        }
        self.dirs.iter().map(|(_, how)| how.as_str()).collect::<Vec<_>>().join(", ")
    }
}

/// Parses a bot file: `bot = NAME` then `key = value` lines; `#` comments. Its label is the file
/// name without `.bot`.
pub fn parse_bot_file(path: &str) -> Result<BotSpec, BotError> {
    parse_file(path, die_stadt::kind::NAME)
}

/// Parses a bot file of the game `game` other than Die Stadt: only a bot in another program
/// plays every game, so the file must say `game = GAME` and `bot = process`; the spec holds the
/// process bot's parameters (`process_bot::Settings::of` reads them).
pub fn parse_process_file(path: &str, game: &str) -> Result<BotSpec, BotError> {
    parse_file(path, game)
}

/// Parses a bot file for the game `game`.
fn parse_file(path: &str, game: &str) -> Result<BotSpec, BotError> {
    let foreign = game != die_stadt::kind::NAME;
    let mut named_game = false;
    let text = std::fs::read_to_string(path)
        .map_err(|e| BotError::Read { path: path.to_string(), error: e.to_string() })?;
    let mut name = None;
    let mut pairs = Vec::new();
    let mut dir_line = None;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (k, v) =
            line.split_once('=').ok_or_else(|| BotError::FileLine { path: path.to_string(), line: i + 1 })?;
        let (k, v) = (k.trim(), v.trim());
        if k == "bot" {
            name = Some(v.to_string());
        } else if k == "game" {
            // A bot file may say which game it is for; Die Stadt's name none.
            if v != game {
                return Err(if foreign {
                    BotError::NotProcess { path: path.to_string(), game: game.to_string() }
                } else {
                    BotError::Game { path: path.to_string(), game: v.to_string() }
                });
            }
            named_game = true;
        } else {
            if k == "dir" {
                dir_line = Some(i + 1);
            }
            pairs.push((k.to_string(), v.to_string()));
        }
    }
    let name = name.ok_or_else(|| BotError::NoName(path.to_string()))?;
    if foreign && (!named_game || name != process_bot::BOT.name) {
        return Err(BotError::NotProcess { path: path.to_string(), game: game.to_string() });
    }
    let def = find(&name).ok_or_else(|| BotError::FileBot {
        path: path.to_string(),
        name: name.clone(),
        bots: names(),
    })?;
    // Files the bot file names are found beside it, whatever folder the command runs in.
    if let Some(dir) = Path::new(path).parent().filter(|d| !d.as_os_str().is_empty()) {
        paths_from(def.params, &mut pairs, |v| dir.join(v).to_string_lossy().into_owned());
    }
    let label = Path::new(path).file_stem().and_then(|s| s.to_str()).unwrap_or(path).to_string();
    if def.name == process_bot::BOT.name {
        // A process bot runs from its file's folder, and manifests tell which file it was.
        // Its absolute path, so the same file reads the same however it is named.
        let file = std::fs::canonicalize(path).map_or_else(|_| path.to_string(), |p| p.display().to_string());
        pairs.push(("bot_file".into(), file));
        pairs.push(("bot_file_sha256".into(), protocol::sha256_hex(text.as_bytes())));
    }
    let in_file = |e| BotError::InFile { path: path.to_string(), error: Box::new(e) };
    let spec = build_spec(def, &pairs, &label).map_err(in_file)?;
    if def.name == process_bot::BOT.name {
        if let Some(line) = dir_line {
            process_bot::dir_within(&spec.params).map_err(|why| BotError::DirOutside {
                path: path.to_string(),
                line,
                why,
            })?;
        }
        process_bot::check(&spec).map_err(in_file)?;
    }
    Ok(spec)
}

/// The text of a bot file for a spec, with `comment` as its first lines.
pub fn bot_file_text(spec: &BotSpec, comment: &str) -> String {
    let mut s = String::new();
    for line in comment.lines() {
        let _ = writeln!(s, "# {line}");
    }
    let _ = writeln!(s, "bot = {}", spec.def.name);
    for (k, v) in spec.params.written() {
        let _ = writeln!(s, "{k} = {v}");
    }
    s
}
