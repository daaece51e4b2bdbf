//! What an SPRT run is: the bot under test, its baseline, the hypotheses and error rates, players,
//! the most games to play, the seed, the tile set and the output folder; from the command line or
//! an experiment file, every value checked before anything is written.

use super::model::{Model, Settings};
use crate::hosted::Hosted;
use crate::settings::{ERROR_RATE, MAX_GAMES, RunSettings};
use crate::tournament::spec::{
    TournamentSpec, default_tiles, read_experiment, resolve, resolve_bot, resolve_options, resolve_tiles,
};
use die_stadt::kind::DieStadt;
use serde::Deserialize;
use stadt_core::bots::dirs::BotDirs;
use stadt_core::error::Error;
use std::path::{Path, PathBuf};

/// An SPRT run of a game `K` (Die Stadt unless named) to play.
#[derive(Clone, Debug)]
pub struct SprtSpec<K: Hosted = DieStadt> {
    /// The games, as a tournament of one combination: entrant 0 is the bot under test, entrants
    /// 1 to players - 1 are copies of its baseline; `games` is the most games to play (rounded up
    /// to whole units).
    pub games: TournamentSpec<K>,
    /// The hypotheses and error rates.
    pub settings: Settings,
}

/// The hypotheses and error rates as given, before they are checked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hypotheses {
    /// Elo of the null hypothesis (H0: the bot is no stronger than this).
    pub elo0: f64,
    /// Elo of the alternative (H1: the bot is at least this much stronger).
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

/// The model that players decide: the pentanomial model for 2 players (a unit is a pair of games
/// with the seats swapped), the generalised SPRT on the unit's mean score for 3 and 4.
pub fn model_for(players: usize) -> Model {
    if players == 2 { Model::Pentanomial } else { Model::Gsprt }
}

/// The unit the hypotheses and the Elo estimate are in, for a model.
pub fn elo_unit(model: &Model) -> &'static str {
    match model {
        Model::Pentanomial => "normalized Elo",
        Model::Gsprt => "logistic Elo of the pairwise score",
    }
}

impl<K: Hosted> SprtSpec<K> {
    /// Checks and builds a run of `bot` against copies of `against` in `run.players`-player games,
    /// at most `run.games` games. The same bot on both sides is allowed (a bot against itself is
    /// a real run).
    pub fn new(
        bot: K::Entrant,
        against: K::Entrant,
        h: Hypotheses,
        run: &RunSettings,
        out: &Path,
    ) -> Result<SprtSpec<K>, Error> {
        let settings = Settings::new(h.elo0, h.elo1, h.alpha, h.beta).map_err(Error::Setting)?;
        MAX_GAMES.check("--max-games", run.games)?;
        // One bot under test, one copy of the baseline per other seat; a player count outside
        // the game's is refused by the tournament below.
        let mut bots = vec![bot];
        bots.extend(std::iter::repeat_n(against, run.players.saturating_sub(1).max(1)));
        let games = TournamentSpec::of_entrants(bots, run, out)?;
        Ok(SprtSpec { games, settings })
    }

    /// As `new`, for bots given as specs or bot files.
    pub fn of_bots(
        bot: &str,
        against: &str,
        h: Hypotheses,
        run: &RunSettings,
        out: &Path,
        dirs: &BotDirs,
    ) -> Result<SprtSpec<K>, Error> {
        let (b, a) = (K::entrant(bot, dirs)?, K::entrant(against, dirs)?);
        SprtSpec::new(b, a, h, run, out)
    }

    /// The model of this run.
    pub fn model(&self) -> Model {
        model_for(self.games.players)
    }
}

/// An SPRT experiment file (TOML), the flags of `stadt sprt` as keys. Paths in it (bot files, the
/// tile set, the output folder) are relative to the file's own folder.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct SprtExperiment {
    /// The bot under test.
    pub bot: String,
    /// Its baseline.
    pub against: String,
    /// Elo of H0.
    pub elo0: f64,
    /// Elo of H1.
    pub elo1: f64,
    /// Error rate alpha (default 0.05).
    #[serde(default = "default_alpha")]
    pub alpha: f64,
    /// Error rate beta (default 0.05).
    #[serde(default = "default_alpha")]
    pub beta: f64,
    /// Players per game (default 2).
    #[serde(default)]
    pub players: Option<usize>,
    /// Run seed.
    pub seed: u64,
    /// The most games to play (default 20000).
    #[serde(default = "default_max_games")]
    pub max_games: u64,
    /// Output folder, relative to the file.
    pub out: String,
    /// Tile set (default: the built-in one), relative to the file.
    #[serde(default = "default_tiles")]
    pub tiles: String,
    /// The game's options (`name=value` words; a board file relative to the experiment file).
    #[serde(default)]
    pub options: String,
    /// What the run is for (one line, shown in the manifest and the report).
    #[serde(default)]
    pub about: String,
    /// The game (`stadt games` lists them; the registry's first when not given).
    #[serde(default)]
    pub game: Option<String>,
    /// The folder the file is in (not read from the file).
    #[serde(skip)]
    pub dir: PathBuf,
}

fn default_alpha() -> f64 {
    ERROR_RATE
}

fn default_max_games() -> u64 {
    MAX_GAMES.default
}

impl SprtExperiment {
    /// Reads an SPRT experiment file.
    pub fn load(path: &Path) -> Result<SprtExperiment, Error> {
        let (mut e, dir) = read_experiment(path, |e: &SprtExperiment| &e.out)?;
        e.dir = dir;
        Ok(e)
    }

    /// The run it describes; `out` replaces the file's output folder when given.
    pub fn spec<K: Hosted>(&self, dirs: &BotDirs, out: Option<&Path>) -> Result<SprtSpec<K>, Error> {
        let h = Hypotheses { elo0: self.elo0, elo1: self.elo1, alpha: self.alpha, beta: self.beta };
        let out = out.map_or_else(|| resolve(&self.dir, &self.out), Path::to_path_buf);
        let (tiles, options) =
            (resolve_tiles(&self.dir, &self.tiles), resolve_options::<K>(&self.dir, &self.options)?);
        let players = match self.players {
            Some(p) => p,
            None => crate::settings::default_players(&K::set_up(&tiles, &options)?.players()),
        };
        let run = RunSettings { players, games: self.max_games, seed: self.seed, tiles, options };
        SprtSpec::of_bots(
            &resolve_bot::<K>(&self.dir, &self.bot),
            &resolve_bot::<K>(&self.dir, &self.against),
            h,
            &run,
            &out,
            dirs,
        )
    }
}
