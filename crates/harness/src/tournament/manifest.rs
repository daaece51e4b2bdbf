//! `manifest.toml`: what a tournament folder holds and what produced it, in TOML. Its identity
//! (the build, the tile set's contents, players, games, seed and every bot with all parameters)
//! decides the results: a run whose identity differs in any of these is refused in the folder.

use crate::hosted::Hosted;
use crate::tournament::spec::TournamentSpec;
use serde::{Deserialize, Serialize};
use stadt_core::folder::{Differences, Header, RunManifest};
use stadt_core::seat::Seat;

/// The `format` line of this version's manifests.
pub const FORMAT: &str = "stadt-tournament 1";

/// A bot as the manifest lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManifestBot {
    /// The label the CSV files use.
    pub label: String,
    /// The full spec, every parameter written out.
    pub spec: String,
}

/// The manifest of a tournament folder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Format `stadt-tournament 1`, the command, what the tournament is for (from an experiment
    /// file) and the build.
    #[serde(flatten)]
    pub header: Header,
    /// The game, when it is not Die Stadt (`stadt games`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// Players per game.
    pub players: usize,
    /// Games per combination of bots, as asked (rounded up to whole seat rotations).
    pub games: u64,
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
    /// The part of the schedule this folder holds, `K/N`, when the run was split into shards
    /// (`stadt merge` joins them); absent for a whole run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    /// The bots, in order.
    pub bot: Vec<ManifestBot>,
    /// The run's bot secret, from which bots in other programs get their seeds
    /// (`stadt_core::secret`; `--bot-secret` repeats it); only in runs that have such bots.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_secret: Option<String>,
}

impl RunManifest for Manifest {
    const RUN: &'static str = "tournament";
    const FORMAT: &'static str = FORMAT;
    const COMMENT: &'static str = "# stadt tournament manifest: what produced the CSV files beside it (TOML).\n\
         # A run with a different build, tile set, players, games, seed or bots is refused here.\n\
         # Deck d's seed is derive(seed, [1, d]); the agents' seed of game g is derive(seed, [2, g]).\n";

    fn header(&self) -> &Header {
        &self.header
    }

    fn differences(&self, folder: &Manifest) -> Vec<String> {
        differences(self, folder)
    }
}

impl Manifest {
    /// The manifest of a tournament started by `command`.
    pub fn new<K: Hosted>(
        spec: &TournamentSpec<K>,
        command: &str,
        about: &str,
        bot_secret: Option<String>,
    ) -> Manifest {
        Manifest {
            header: crate::provenance::header(FORMAT, command, Some(about)),
            game: game_line(&spec.kind),
            players: spec.players,
            games: spec.games,
            seed: spec.seed,
            tiles: spec.tiles.clone(),
            tiles_sha256: spec.kind.setup_sha256(),
            options: spec.options.clone(),
            rules: spec.kind.rules_text(),
            shard: spec.shard.map(|s| s.to_string()),
            bot: ManifestBot::of(spec),
            bot_secret,
        }
    }
}

impl ManifestBot {
    /// The bots of a tournament, in order.
    pub fn of<K: Hosted>(spec: &TournamentSpec<K>) -> Vec<ManifestBot> {
        spec.labels
            .iter()
            .zip(&spec.bots)
            .map(|(label, b)| ManifestBot { label: label.clone(), spec: b.full() })
            .collect()
    }

    /// Bots as one line (`label = spec; ...`), for the differences between two manifests.
    pub fn line(bots: &[ManifestBot]) -> String {
        bots.iter().map(|b| format!("{} = {}", b.label, b.spec)).collect::<Vec<_>>().join("; ")
    }
}

/// What differs between this run's identity (`ours`) and `folder`'s, one line each.
fn differences(ours: &Manifest, folder: &Manifest) -> Vec<String> {
    let shard = |m: &Manifest| m.shard.clone().unwrap_or_else(|| "none (the whole schedule)".into());
    let mut lines = tournament_differences(ours, folder);
    lines.extend(Differences::default().field("shard", shard(folder), shard(ours)).lines());
    lines
}

/// What differs between two manifests apart from the shard: whether two folders hold parts of one
/// tournament.
pub fn tournament_differences(ours: &Manifest, folder: &Manifest) -> Vec<String> {
    Differences::default()
        .build(&folder.header, &ours.header)
        .field("tile set (sha256)", &folder.tiles_sha256, &ours.tiles_sha256)
        .field("options", &folder.options, &ours.options)
        .field("game", game_name(&folder.game), game_name(&ours.game))
        .field("players", folder.players, ours.players)
        .field("games", folder.games, ours.games)
        .field("seed", folder.seed, ours.seed)
        .field("bots", ManifestBot::line(&folder.bot), ManifestBot::line(&ours.bot))
        .field("bot secret", secret_line(&folder.bot_secret), secret_line(&ours.bot_secret))
        .lines()
}

/// A bot secret as the differences between two manifests name it.
pub fn secret_line(secret: &Option<String>) -> String {
    secret.clone().unwrap_or_else(|| "none (no bot in another program)".into())
}

/// The `game` a manifest records: None for a game whose manifests predate games
/// (`Hosted::UNNAMED_IN_MANIFESTS`), so that they read as before.
pub fn game_line<K: Hosted>(kind: &K) -> Option<String> {
    (!K::UNNAMED_IN_MANIFESTS).then(|| kind.name().to_string())
}

/// A manifest's game by name, for the differences between two manifests.
pub fn game_name(game: &Option<String>) -> String {
    game.clone().unwrap_or_else(|| crate::unnamed::name().to_string())
}
