//! The manifest of a learning folder: everything that decides its results, so that a run with
//! other settings or another build is refused there instead of mixing with it.

use super::{LearnSpec, Learnable};
use crate::tournament::manifest::{game_line, game_name};
use serde::{Deserialize, Serialize};
use stadt_core::folder::{Differences, Header, RunManifest};
use stadt_core::seat::Seat;

/// The manifest of a learning folder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// The format, the command and the build.
    #[serde(flatten)]
    pub(crate) header: Header,
    /// The game, when it is not Die Stadt (`stadt games`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) game: Option<String>,
    /// The game's options as given, when any were.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub(crate) options: String,
    /// Every rule option of the game as set up, defaults included (Catan: `record::options_text`),
    /// for games that have options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) rules: Option<String>,
    pub(crate) bot: String,
    pub(crate) players: usize,
    pub(crate) games: usize,
    pub(crate) generations: usize,
    pub(crate) match_games: u64,
    pub(crate) seed: u64,
    pub(crate) ridge: f64,
    /// The feature set; absent in folders made before the extended set existed (base).
    #[serde(default = "base_features", skip_serializing_if = "is_base")]
    pub(crate) features: String,
    /// SHA-256 of the tile set's text (of another game: of its options and fixed board).
    pub(crate) tiles_sha256: String,
}

fn base_features() -> String {
    "base".into()
}

fn is_base(name: &str) -> bool {
    name == "base"
}

impl Manifest {
    /// The manifest of the run `spec` describes.
    pub fn new<G: Learnable>(spec: &LearnSpec<G>, command: &str) -> Manifest {
        Manifest {
            header: crate::provenance::header(Self::FORMAT, command, None),
            game: game_line(&spec.kind),
            options: spec.options.clone(),
            rules: spec.kind.rules_text(),
            bot: spec.bot.full(),
            players: spec.players,
            games: spec.games,
            generations: spec.generations,
            match_games: spec.match_games,
            seed: spec.seed,
            ridge: spec.ridge,
            features: G::FEATURES.sets[spec.features].0.into(),
            tiles_sha256: spec.kind.setup_sha256(),
        }
    }
}

impl RunManifest for Manifest {
    const RUN: &'static str = "learning run";
    const FORMAT: &'static str = "stadt-learn 1";
    const COMMENT: &'static str = "# stadt learn manifest: what produced the files beside it (TOML).\n\
        # A run with a different build, game, options, bot, players, games, generations, match games, seed, ridge or feature set is refused here.\n";

    fn header(&self) -> &Header {
        &self.header
    }

    fn differences(&self, folder: &Self) -> Vec<String> {
        Differences::default()
            .build(&folder.header, &self.header)
            .field("game", game_name(&folder.game), game_name(&self.game))
            .field("options", &folder.options, &self.options)
            .field("bot", &folder.bot, &self.bot)
            .field("players", folder.players, self.players)
            .field("games", folder.games, self.games)
            .field("generations", folder.generations, self.generations)
            .field("match games", folder.match_games, self.match_games)
            .field("seed", folder.seed, self.seed)
            .field("ridge", folder.ridge, self.ridge)
            .field("features", &folder.features, &self.features)
            .field("tile set (sha256)", &folder.tiles_sha256, &self.tiles_sha256)
            .lines()
    }
}
