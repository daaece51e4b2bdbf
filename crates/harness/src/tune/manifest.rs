//! The manifest of a tuning folder: everything that decides its results, so that a run with other
//! settings or another build is refused there instead of mixing with it.

use super::TuneSpec;
use crate::hosted::Hosted;
use crate::tournament::manifest::{game_line, game_name};
use serde::{Deserialize, Serialize};
use stadt_core::folder::{Differences, Header, RunManifest};
use stadt_core::seat::Seat;

/// The manifest of a tuning folder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// The format, the command and the build.
    #[serde(flatten)]
    pub(crate) header: Header,
    /// The game, when it is not Die Stadt (`stadt games`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) game: Option<String>,
    pub(crate) bot: String,
    pub(crate) pool: Vec<String>,
    pub(crate) name: String,
    pub(crate) iterations: usize,
    pub(crate) games_per_eval: usize,
    pub(crate) verify_games: usize,
    /// `sprt:ELO0,ELO1` when the held-out check is a sequential test (absent: a fixed number of
    /// games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) verify: Option<String>,
    pub(crate) seed: u64,
    pub(crate) objective: String,
    pub(crate) a: f64,
    pub(crate) c: f64,
    pub(crate) tiles_sha256: String,
    /// The game's options as given, when any were.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub(crate) options: String,
    /// Every rule option of the game as set up, defaults included (Catan: `record::options_text`),
    /// for games that have options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) rules: Option<String>,
}

impl Manifest {
    /// The manifest of the run `spec` describes.
    pub fn new<K: Hosted>(spec: &TuneSpec<K>) -> Manifest {
        Manifest {
            header: crate::provenance::header(Self::FORMAT, &spec.command, None),
            game: game_line(&spec.kind),
            bot: spec.bot.full(),
            pool: spec.pool.iter().map(|b| b.full()).collect(),
            name: spec.name.clone(),
            iterations: spec.iterations,
            games_per_eval: spec.games_per_eval,
            verify_games: spec.verify_games,
            verify: spec.verify_sprt.map(|(elo0, elo1)| format!("sprt:{elo0},{elo1}")),
            seed: spec.seed,
            objective: spec.objective.name().into(),
            a: spec.a,
            c: spec.c,
            tiles_sha256: spec.kind.setup_sha256(),
            options: spec.options.clone(),
            rules: spec.kind.rules_text(),
        }
    }
}

/// How the held-out check is made, in words for a difference.
fn verify(m: &Manifest) -> String {
    m.verify.clone().unwrap_or_else(|| "games (a fixed number)".into())
}

impl RunManifest for Manifest {
    const RUN: &'static str = "tuning run";
    const FORMAT: &'static str = "stadt-tune 1";
    const COMMENT: &'static str = "# stadt tuning manifest: what produced the files beside it (TOML).\n";

    fn header(&self) -> &Header {
        &self.header
    }

    fn differences(&self, folder: &Manifest) -> Vec<String> {
        Differences::default()
            .build(&folder.header, &self.header)
            .field("game", game_name(&folder.game), game_name(&self.game))
            .field("bot", &folder.bot, &self.bot)
            .field("pool", folder.pool.join(" | "), self.pool.join(" | "))
            .field("name", &folder.name, &self.name)
            .field("iterations", folder.iterations, self.iterations)
            .field("games per evaluation", folder.games_per_eval, self.games_per_eval)
            .field("verify games", folder.verify_games, self.verify_games)
            .field("verify", verify(folder), verify(self))
            .field("seed", folder.seed, self.seed)
            .field("objective", &folder.objective, &self.objective)
            .field("a", folder.a, self.a)
            .field("c", folder.c, self.c)
            .field("options", &folder.options, &self.options)
            .field("tile set (sha256)", &folder.tiles_sha256, &self.tiles_sha256)
            .lines()
    }
}
