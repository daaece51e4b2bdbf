//! `manifest.toml` of an SPRT folder: what the run is (the build, the tile set, players, the most
//! games, seed, the model, hypotheses and error rates, and the bots with all their parameters) and
//! what produced it. A run whose identity differs in any of these is refused in the folder.

use super::spec::SprtSpec;
use crate::hosted::Hosted;
use crate::tournament::manifest::{ManifestBot, game_line, game_name, secret_line};
use serde::{Deserialize, Serialize};
use stadt_core::folder::{Differences, Header, RunManifest};

/// The `format` line of this version's manifests.
pub const FORMAT: &str = "stadt-sprt 1";

/// The manifest of an SPRT folder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Format `stadt-sprt 1`, the command, what the run is for (from an experiment file) and the
    /// build.
    #[serde(flatten)]
    pub header: Header,
    /// `pentanomial` (2 players) or `gsprt` (3 and 4).
    pub model: String,
    /// Elo of H0, in the model's unit.
    pub elo0: f64,
    /// Elo of H1, in the model's unit.
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
    /// The game, when it is not Die Stadt (`stadt games`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// Players per game.
    pub players: usize,
    /// The most games to play, as asked (rounded up to whole units).
    pub max_games: u64,
    /// Run seed.
    pub seed: u64,
    /// The tile set: `default` or the file it was read from (for information).
    pub tiles: String,
    /// SHA-256 of the tile set's text (of another game: of its options and fixed board).
    pub tiles_sha256: String,
    /// The game's options as given, when any were (`stadt games`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub options: String,
    /// Every rule option of the game as set up, defaults included (Catan: `record::options_text`),
    /// for games that have options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// The bots by seat of rotation 0: the bot under test first, then the baseline's copies.
    pub bot: Vec<ManifestBot>,
    /// The run's bot secret, from which bots in other programs get their seeds
    /// (`stadt_core::secret`; `--bot-secret` repeats it); only in runs that have such bots.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_secret: Option<String>,
}

impl RunManifest for Manifest {
    const RUN: &'static str = "sprt run";
    const FORMAT: &'static str = FORMAT;
    const COMMENT: &'static str = "# stadt sprt manifest: what produced the files beside it (TOML).\n\
         # A run with a different build, tile set, players, max_games, seed, model, elo0, elo1, alpha, beta or bots is refused here.\n\
         # The first bot is the one under test. Unit u is deck u in every seat rotation: game u * players + r,\n\
         # deck seed derive(seed, [1, u]), agents' seed derive(seed, [2, game]).\n";

    fn header(&self) -> &Header {
        &self.header
    }

    fn differences(&self, folder: &Manifest) -> Vec<String> {
        Differences::default()
            .build(&folder.header, &self.header)
            .field("tile set (sha256)", &folder.tiles_sha256, &self.tiles_sha256)
            .field("options", &folder.options, &self.options)
            .field("game", game_name(&folder.game), game_name(&self.game))
            .field("players", folder.players, self.players)
            .field("max games", folder.max_games, self.max_games)
            .field("seed", folder.seed, self.seed)
            .field("model", &folder.model, &self.model)
            .field("elo0", folder.elo0, self.elo0)
            .field("elo1", folder.elo1, self.elo1)
            .field("alpha", folder.alpha, self.alpha)
            .field("beta", folder.beta, self.beta)
            .field("bots", ManifestBot::line(&folder.bot), ManifestBot::line(&self.bot))
            .field("bot secret", secret_line(&folder.bot_secret), secret_line(&self.bot_secret))
            .lines()
    }
}

impl Manifest {
    /// The manifest of the run `spec` describes, started by `command`.
    pub fn new<K: Hosted>(
        spec: &SprtSpec<K>,
        command: &str,
        about: &str,
        bot_secret: Option<String>,
    ) -> Manifest {
        let (t, s) = (&spec.games, &spec.settings);
        Manifest {
            header: crate::provenance::header(FORMAT, command, Some(about)),
            model: spec.model().name().to_string(),
            elo0: s.elo0,
            elo1: s.elo1,
            alpha: s.alpha,
            beta: s.beta,
            game: game_line(&t.kind),
            players: t.players,
            max_games: t.games,
            seed: t.seed,
            tiles: t.tiles.clone(),
            tiles_sha256: t.kind.setup_sha256(),
            options: t.options.clone(),
            rules: t.kind.rules_text(),
            bot: ManifestBot::of(t),
            bot_secret,
        }
    }
}
