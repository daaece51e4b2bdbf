//! Bot folders: where named bot files (`NAME.bot`) are looked up, in order: `--bot-dir`, then
//! `$STADT_BOTS`, then `./bots`.

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
