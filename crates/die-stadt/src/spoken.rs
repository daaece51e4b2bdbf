//! Die Stadt in `stadt-bot 1` (docs/bot-protocol.md): what a new game tells a bot (its tile set)
//! and a decision's moves in record notation.

use crate::game::Game;
use crate::kind::{DieStadt, GameInfo, NAME};
use crate::moves::Move;
use crate::observation::Observation;
use crate::public_record::replay_public;
use crate::record::decision_text;
use crate::table::Table;
use crate::tiles::TileSet;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde_json::{Map, Value};
use stadt_core::protocol::Spoken;

impl Spoken for DieStadt {
    const NAME: &'static str = NAME;

    fn info_seat(info: &GameInfo) -> (usize, usize) {
        (info.seat.index(), info.players)
    }

    fn game_fields(info: &GameInfo) -> Map<String, Value> {
        Map::from_iter([
            ("tiles".to_string(), Value::from(info.tiles.as_str())),
            ("tiles_sha256".to_string(), Value::from(info.tiles_sha256.as_str())),
        ])
    }

    fn info_seed(info: &GameInfo) -> u64 {
        info.seed
    }

    fn info_of(obs: &Observation<'_>, seed: u64) -> GameInfo {
        let table = obs.table();
        GameInfo {
            seat: obs.me(),
            players: table.players(),
            seed,
            tiles: crate::kind::tiles_name(table.tileset()),
            tiles_sha256: crate::kind::tiles_sha256(table.tileset()),
        }
    }

    fn decision(
        obs: &Observation<'_>,
        moves: &mut Vec<Move>,
        texts: &mut Vec<String>,
    ) -> (usize, Option<String>) {
        obs.legal_moves(moves);
        texts.clear();
        texts.extend(moves.iter().map(|&mv| decision_text(obs.table(), mv)));
        (obs.me().index() + 1, obs.history().map(str::to_string))
    }

    /// The tile set the host names by its SHA-256: the bot's own set (`--tiles`) or the default
    /// one. Without a hash only `default` names a set.
    fn announced(&self, fields: &Map<String, Value>) -> Result<DieStadt, String> {
        let text = |key: &str| fields.get(key).and_then(Value::as_str).unwrap_or("");
        let (name, sha) = (text("tiles"), text("tiles_sha256"));
        if sha.is_empty() {
            return match name {
                "default" => Ok(DieStadt::new(TileSet::default_set())),
                _ => {
                    Err(format!("the game's tile set `{name}` comes without `tiles_sha256`, which names it"))
                }
            };
        }
        [self.tileset, TileSet::default_set()]
            .into_iter()
            .find(|set| crate::kind::tiles_sha256(set) == sha)
            .map(DieStadt::new)
            .ok_or_else(|| {
                format!(
                    "the game's tile set `{name}` (sha256 {sha}) is not at hand: give its file with --tiles"
                )
            })
    }

    /// The public record's table (every tile drawn is in it), the unseen tiles after it in a
    /// fixed order: a seat sees only the table.
    fn seat_state(&self, record: &str, _seat: usize) -> Result<Game, String> {
        let table = replay_public(record, self.tileset).map_err(|e| e.to_string())?;
        Ok(Game::sampled(&table, &mut Pcg64Mcg::seed_from_u64(0)))
    }
}

/// The legal moves in record notation, in the engine's order.
pub fn move_texts(table: &Table, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|&mv| decision_text(table, mv)).collect()
}
