//! What a tournament is: bots, players, games, seed, tile set, output folder. From the command line
//! or an experiment file, and written as a manifest so that a rerun can resume and a different
//! tournament aimed at the same folder is refused.

use crate::agent::{BotSpec, parse_bot};
use crate::tiles::TileSet;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// A tournament to run.
#[derive(Clone, Debug)]
pub struct TournamentSpec {
    /// The bots, in order.
    pub bots: Vec<BotSpec>,
    /// Unique labels of the bots (what the CSV files call them).
    pub labels: Vec<String>,
    /// Players per game.
    pub players: usize,
    /// Games per combination of bots (rounded up to whole seat rotations).
    pub games: usize,
    /// Run seed.
    pub seed: u64,
    /// Tile set: `default` or a file.
    pub tiles: String,
    /// The loaded tile set.
    pub tileset: &'static TileSet,
    /// Output folder.
    pub out: PathBuf,
}

/// An experiment file (TOML).
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Experiment {
    /// Bots, as on the command line (`NAME`, `NAME:key=value,...`, or a bot file).
    pub bots: Vec<String>,
    /// Players per game.
    pub players: usize,
    /// Games per combination.
    pub games: usize,
    /// Run seed.
    pub seed: u64,
    /// Output folder, relative to where `stadt` runs.
    pub out: String,
    /// Tile set (default: the built-in one).
    #[serde(default = "default_tiles")]
    pub tiles: String,
    /// What the experiment is for (one line, shown in the manifest).
    #[serde(default)]
    pub about: String,
}

fn default_tiles() -> String {
    "default".into()
}

impl Experiment {
    /// Reads an experiment file.
    pub fn load(path: &Path) -> Result<Experiment, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read experiment {}: {e}", path.display()))?;
        toml::from_str(&text).map_err(|e| format!("experiment {}: {e}", path.display()))
    }
}

impl TournamentSpec {
    /// Checks and builds a tournament.
    pub fn new(
        bots: &[String],
        players: usize,
        games: usize,
        seed: u64,
        tiles: &str,
        out: &Path,
    ) -> Result<TournamentSpec, String> {
        if !(2..=4).contains(&players) {
            return Err(format!("players must be 2, 3 or 4, not {players}"));
        }
        if bots.len() < players {
            return Err(format!(
                "{} bot(s) for {players}-player games: name at least {players} (the same bot may appear twice)",
                bots.len()
            ));
        }
        if bots.len() > 12 {
            return Err(format!("{} bots: at most 12 per tournament", bots.len()));
        }
        if games == 0 {
            return Err("games must be at least 1".into());
        }
        let specs: Vec<BotSpec> = bots.iter().map(|b| parse_bot(b)).collect::<Result<_, _>>()?;
        let mut labels: Vec<String> = Vec::new();
        for s in &specs {
            let mut label = s.label.clone();
            let mut k = 2;
            while labels.contains(&label) {
                label = format!("{}#{k}", s.label);
                k += 1;
            }
            labels.push(label);
        }
        let tileset = TileSet::load(tiles)?;
        Ok(TournamentSpec {
            bots: specs,
            labels,
            players,
            games,
            seed,
            tiles: tiles.to_string(),
            tileset,
            out: out.to_path_buf(),
        })
    }

    /// From an experiment file.
    pub fn from_experiment(e: &Experiment) -> Result<TournamentSpec, String> {
        TournamentSpec::new(&e.bots, e.players, e.games, e.seed, &e.tiles, Path::new(&e.out))
    }

    /// The lines that make two runs the same tournament (everything that changes results).
    pub fn identity(&self) -> Vec<String> {
        let mut v = vec![
            format!("players = {}", self.players),
            format!("games = {}", self.games),
            format!("seed = {}", self.seed),
            format!("tiles = {:?}", self.tiles),
        ];
        for (label, b) in self.labels.iter().zip(&self.bots) {
            v.push(format!("bot = {:?}  # {label}", b.full()));
        }
        v
    }

    /// The manifest: how to rerun it, the version, every bot with all parameters, seeds.
    pub fn manifest(&self, command: &str, about: &str) -> String {
        let mut s = String::from("# stadt tournament manifest: what produced the CSV files beside it.\n");
        s.push_str(&format!("command = {command:?}\n"));
        s.push_str(&format!("version = {:?}\n", env!("CARGO_PKG_VERSION")));
        if !about.is_empty() {
            s.push_str(&format!("about = {about:?}\n"));
        }
        s.push_str("# Identity: a run with different values here is refused in this folder.\n");
        for line in self.identity() {
            s.push_str(&line);
            s.push('\n');
        }
        s.push_str(
            "# Deck seed of deck d: derive(seed, [1, d]); agents' seed of game g: derive(seed, [2, g]).\n",
        );
        s
    }

    /// Checks a folder's existing manifest against this tournament.
    pub fn check_manifest(&self, text: &str) -> Result<(), String> {
        let theirs: Vec<&str> = text
            .lines()
            .filter(|l| {
                ["players =", "games =", "seed =", "tiles =", "bot ="].iter().any(|k| l.starts_with(k))
            })
            .collect();
        let ours = self.identity();
        if theirs.len() == ours.len() && theirs.iter().zip(&ours).all(|(a, b)| *a == b.as_str()) {
            return Ok(());
        }
        let mut diff = Vec::new();
        for line in &ours {
            if !theirs.contains(&line.as_str()) {
                diff.push(format!("this run: {line}"));
            }
        }
        for line in &theirs {
            if !ours.iter().any(|o| o == line) {
                diff.push(format!("folder:   {line}"));
            }
        }
        Err(format!(
            "{} already holds a different tournament; refusing to mix results (choose another --out, or remove the folder).\n  {}",
            self.out.display(),
            diff.join("\n  ")
        ))
    }
}
