//! The manifest of a learning folder: everything that decides its results, so that a run with
//! other settings or another build is refused there instead of mixing with it.

use super::spec::LearnSpec;
use die_stadt::tiles::TileSet;
use die_stadt_bots::learned::features::FeatureSet;
use serde::{Deserialize, Serialize};
use stadt_core::folder::{Differences, Header, RunManifest};

/// The manifest of a learning folder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// The format, the command and the build.
    #[serde(flatten)]
    pub(crate) header: Header,
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
    pub(crate) tiles_sha256: String,
}

fn base_features() -> String {
    FeatureSet::Base.name().into()
}

fn is_base(name: &str) -> bool {
    name == FeatureSet::Base.name()
}

impl Manifest {
    /// The manifest of the run `spec` describes.
    pub fn new(spec: &LearnSpec, command: &str) -> Manifest {
        Manifest {
            header: crate::provenance::header(Self::FORMAT, command, None),
            bot: spec.bot.full(),
            players: spec.players,
            games: spec.games,
            generations: spec.generations,
            match_games: spec.match_games,
            seed: spec.seed,
            ridge: spec.ridge,
            features: spec.features.name().into(),
            tiles_sha256: crate::tileset::sha256(TileSet::default_set()),
        }
    }
}

impl RunManifest for Manifest {
    const RUN: &'static str = "learning run";
    const FORMAT: &'static str = "stadt-learn 1";
    const COMMENT: &'static str = "# stadt learn manifest: what produced the files beside it (TOML).\n\
        # A run with a different build, bot, players, games, generations, match games, seed, ridge or feature set is refused here.\n";

    fn header(&self) -> &Header {
        &self.header
    }

    fn differences(&self, folder: &Self) -> Vec<String> {
        Differences::default()
            .build(&folder.header, &self.header)
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
