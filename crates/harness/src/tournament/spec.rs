//! What a tournament is: bots, players, games, seed, tile set, output folder; from the command line
//! or an experiment file, every value checked against its documented range before anything is
//! written.

use crate::hosted::{Hosted, check_players};
use crate::limits;
use crate::settings::{GAMES, RunSettings, SEED, TILES};
use die_stadt::kind::DieStadt;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use stadt_core::bots::dirs::BotDirs;
use stadt_core::error::Error;
use stadt_core::options::Values;
use stadt_core::seat::Seat;
use stadt_core::tournament::schedule::{Shard, schedule_len};
use std::path::{Path, PathBuf};

/// A tournament of a game `K` (Die Stadt unless named) to run.
#[derive(Clone, Debug)]
pub struct TournamentSpec<K: Hosted = DieStadt> {
    /// The game, set up.
    pub kind: K,
    /// The bots (and outside agents), in order.
    pub bots: Vec<K::Entrant>,
    /// Unique labels of the bots (what the CSV files call them).
    pub labels: Vec<String>,
    /// Players per game.
    pub players: usize,
    /// Games per combination of bots (rounded up to whole seat rotations).
    pub games: u64,
    /// Run seed.
    pub seed: u64,
    /// The set-up (Die Stadt's tile set): `default` or a file.
    pub tiles: String,
    /// The game's options as given (`name=value` words; empty: the defaults).
    pub options: String,
    /// Output folder.
    pub out: PathBuf,
    /// The shard this run plays (`--shard K/N`; 0/1 is the whole schedule as a shard), or None
    /// for an ordinary run.
    pub shard: Option<Shard>,
}

/// An experiment file (TOML). Paths in it (bot files, the tile set, the output folder) are
/// relative to the file's own folder.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Experiment {
    /// Bots, as on the command line (`NAME`, `NAME:key=value,...`, or a bot file).
    pub bots: Vec<String>,
    /// Players per game.
    pub players: usize,
    /// Games per combination.
    pub games: u64,
    /// Run seed.
    pub seed: u64,
    /// Output folder, relative to the experiment file.
    pub out: String,
    /// Tile set (default: the built-in one), relative to the experiment file.
    #[serde(default = "default_tiles")]
    pub tiles: String,
    /// The game's options (`name=value` words; a board file relative to the experiment file).
    #[serde(default)]
    pub options: String,
    /// What the experiment is for (one line, shown in the manifest).
    #[serde(default)]
    pub about: String,
    /// The game (`stadt games` lists them; the registry's first when not given).
    #[serde(default)]
    pub game: Option<String>,
    /// Keep every game's record (`records = true`, as `--records`).
    #[serde(default)]
    pub records: bool,
    /// The folder the file is in (not read from the file).
    #[serde(skip)]
    pub dir: PathBuf,
}

pub(crate) fn default_tiles() -> String {
    TILES.into()
}

impl Experiment {
    /// Reads an experiment file.
    pub fn load(path: &Path) -> Result<Experiment, Error> {
        let (mut e, dir) = read_experiment(path, |e: &Experiment| &e.out)?;
        e.dir = dir;
        Ok(e)
    }

    /// The tournament it describes; `out` replaces the file's output folder when given.
    pub fn spec<K: Hosted>(&self, dirs: &BotDirs, out: Option<&Path>) -> Result<TournamentSpec<K>, Error> {
        let bots: Vec<String> = self.bots.iter().map(|b| resolve_bot::<K>(&self.dir, b)).collect();
        let settings = RunSettings {
            players: self.players,
            games: self.games,
            seed: self.seed,
            tiles: resolve_tiles(&self.dir, &self.tiles),
            options: resolve_options::<K>(&self.dir, &self.options)?,
        };
        let out = out.map_or_else(|| resolve(&self.dir, &self.out), Path::to_path_buf);
        TournamentSpec::new(&bots, &settings, &out, dirs)
    }
}

/// Reads the experiment file at `path` as a `T` whose output folder is `out(&T)` (refused when
/// empty), and the folder the file is in (which the paths written in it are relative to).
pub(crate) fn read_experiment<T: DeserializeOwned>(
    path: &Path,
    out: impl Fn(&T) -> &String,
) -> Result<(T, PathBuf), Error> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::io_on("read", "experiment", path, e))?;
    let e: T = toml::from_str(&text).map_err(|e| Error::file_of("experiment", path, e.to_string()))?;
    if out(&e).trim().is_empty() {
        return Err(Error::file_of("experiment", path, "`out` is empty; name the output folder"));
    }
    Ok((e, path.parent().map(Path::to_path_buf).unwrap_or_default()))
}

/// A path written in an experiment file in folder `dir`, as seen from where the command runs
/// (`experiments/../results/x` reads `results/x`).
pub(crate) fn resolve(dir: &Path, p: &str) -> PathBuf {
    let mut out = PathBuf::new();
    for c in dir.join(p).components() {
        match c {
            std::path::Component::ParentDir
                if matches!(out.components().next_back(), Some(std::path::Component::Normal(_))) =>
            {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out
}

/// A bot written in an experiment file in folder `dir`: a bot file's path, and the file paths in
/// a spec's parameters, are relative to the file; a name stays as it is.
pub(crate) fn resolve_bot<K: Hosted>(dir: &Path, b: &str) -> String {
    let bots = K::bots();
    if let Some(spec) = bots.spec_paths_from(b, |p| resolve(dir, p).to_string_lossy().into_owned()) {
        spec
    } else if bots.is_file_path(b) {
        resolve(dir, b).to_string_lossy().into_owned()
    } else {
        b.to_string()
    }
}

/// Options of the game `K` written in an experiment file in folder `dir`, with a file they name
/// (an option whose values are `Values::File`, Catan's `board=FILE`) as seen from where the
/// command runs: the words one blank apart, a value quoted only when it needs it.
pub(crate) fn resolve_options<K: Hosted>(dir: &Path, options: &str) -> Result<String, Error> {
    let kind = K::set_up(TILES, "")?;
    let mut words =
        stadt_core::options::words(options).map_err(|e| crate::hosted::options_error(kind.name(), e))?;
    for w in &mut words {
        let file = kind.options().iter().any(|o| o.name == w.name && o.values == Values::File);
        if let Some(v) = w.value.as_mut().filter(|_| file) {
            *v = resolve(dir, v).to_string_lossy().into_owned();
        }
    }
    Ok(stadt_core::options::text(&words))
}

/// A tile set written in an experiment file in folder `dir`: `default`, or a file relative to it.
pub(crate) fn resolve_tiles(dir: &Path, tiles: &str) -> String {
    if tiles == TILES { tiles.to_string() } else { resolve(dir, tiles).to_string_lossy().into_owned() }
}

impl<K: Hosted> TournamentSpec<K> {
    /// Checks and builds a tournament: players (the game's counts), games per combination and
    /// the seed within their ranges (`settings`), 2 to 12 bots (at least one per seat), the whole
    /// schedule within `limits`.
    pub fn new(
        bots: &[String],
        settings: &RunSettings,
        out: &Path,
        dirs: &BotDirs,
    ) -> Result<TournamentSpec<K>, Error> {
        let entrants: Vec<K::Entrant> = bots.iter().map(|b| K::entrant(b, dirs)).collect::<Result<_, _>>()?;
        TournamentSpec::of_entrants(entrants, settings, out)
    }

    /// As `new`, for entrants already built (bots and outside agents side by side).
    pub fn of_entrants(
        bots: Vec<K::Entrant>,
        settings: &RunSettings,
        out: &Path,
    ) -> Result<TournamentSpec<K>, Error> {
        let RunSettings { players, games, seed, ref tiles, ref options } = *settings;
        let kind = K::set_up(tiles, options)?;
        let players = check_players("players", players, kind.players(), kind.players_rule())?;
        if bots.len() < players {
            return Err(Error::Setting(format!(
                "{} bot(s) for {players}-player games: name at least {players} (the same bot may appear twice)",
                bots.len()
            )));
        }
        limits::check("the number of bots", bots.len() as u64, &limits::BOTS)?;
        GAMES.check("games (per combination of bots)", games)?;
        SEED.check("seed", seed)?;
        let total = schedule_len(bots.len(), players, games);
        if total > limits::SCHEDULE {
            return Err(Error::Setting(format!(
                "{} bots in {players}-player games, {games} games per combination, make {total} games; at most {} fit one tournament",
                bots.len(),
                limits::SCHEDULE
            )));
        }
        if out.as_os_str().is_empty() {
            return Err(Error::Setting("the output folder is empty: name a folder".into()));
        }
        let mut labels: Vec<String> = Vec::new();
        for s in &bots {
            let mut label = s.label().to_string();
            let mut k = 2;
            while labels.contains(&label) {
                label = format!("{}#{k}", s.label());
                k += 1;
            }
            labels.push(label);
        }
        Ok(TournamentSpec {
            kind,
            bots,
            labels,
            players,
            games,
            seed,
            tiles: tiles.to_string(),
            options: options.to_string(),
            out: out.to_path_buf(),
            shard: None,
        })
    }

    /// The same tournament, of which this run plays only `shard`; refused when there are more
    /// shards than games.
    pub fn with_shard(mut self, shard: Shard) -> Result<TournamentSpec<K>, Error> {
        let total = schedule_len(self.bots.len(), self.players, self.games);
        if shard.n as u64 > total {
            return Err(Error::Setting(format!(
                "--shard {shard}: the tournament has {total} games, fewer than {} shards; use at most {total}",
                shard.n
            )));
        }
        self.shard = Some(shard);
        Ok(self)
    }

    /// The part of the schedule this run plays.
    pub fn part(&self) -> Shard {
        self.shard.unwrap_or(Shard::WHOLE)
    }
}
