//! Catan in `stadt-bot 1` (docs/bot-protocol.md): what a new game tells a bot (its options) and a
//! decision's moves as `record::move_text` writes them.

use crate::kind::{Catan, GameInfo, NAME};
use crate::moves::Move;
use crate::observation::Observation;
use crate::record::move_text;
use serde_json::{Map, Value};
use stadt_core::game::Determinize;
use stadt_core::protocol::Spoken;

impl Spoken for Catan {
    const NAME: &'static str = NAME;

    fn info_seat(info: &GameInfo) -> (usize, usize) {
        (info.seat.index(), info.players)
    }

    fn game_fields(info: &GameInfo) -> Map<String, Value> {
        Map::from_iter([("options".to_string(), Value::from(info.options.as_str()))])
    }

    fn info_seed(info: &GameInfo) -> u64 {
        info.seed
    }

    fn info_of(obs: &Observation<'_>, seed: u64) -> GameInfo {
        let view = Determinize::public(obs);
        GameInfo {
            seat: crate::ids::Player(obs.actor() as u8),
            players: view.players(),
            seed,
            options: crate::record::options_text(view.options()),
        }
    }

    fn decision(
        obs: &Observation<'_>,
        moves: &mut Vec<Move>,
        texts: &mut Vec<String>,
    ) -> (usize, Option<String>) {
        Determinize::legal_moves(obs, moves);
        texts.clear();
        texts.extend(moves.iter().map(|&mv| move_text(mv)));
        (obs.actor() + 1, obs.history())
    }

    fn announced(&self, fields: &Map<String, Value>) -> Result<Catan, String> {
        let text = fields.get("options").and_then(Value::as_str).ok_or("no `options`")?;
        let options = crate::options::Options::parse(text).map_err(|e| format!("`options`: {e}"))?;
        Ok(Catan::new(options))
    }

    fn seat_state(&self, record: &str, seat: usize) -> Result<crate::state::State, String> {
        crate::seat_record::seat_state(record, seat).map_err(|e| e.to_string())
    }
}
