//! Die Stadt in `stadt-bot 1` (docs/bot-protocol.md): what a new game tells a bot (its tile set)
//! and a decision's moves in record notation.

use crate::kind::{DieStadt, GameInfo, NAME};
use crate::moves::Move;
use crate::observation::Observation;
use crate::record::decision_text;
use crate::table::Table;
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
}

/// The legal moves in record notation, in the engine's order.
pub fn move_texts(table: &Table, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|&mv| decision_text(table, mv)).collect()
}
