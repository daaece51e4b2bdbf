//! Kartenspitze in `stadt-bot 1` (docs/bot-protocol.md): what a new game tells a bot (its
//! options) and a decision's moves as records write them (`play 7`).

use crate::kind::{GameInfo, Kartenspitze, NAME};
use crate::moves::Move;
use crate::observation::Observation;
use crate::options::Options;
use crate::state::State;
use serde_json::{Map, Value};
use stadt_core::game::Determinize;
use stadt_core::protocol::Spoken;

impl Spoken for Kartenspitze {
    const NAME: &'static str = NAME;

    fn info_seat(info: &GameInfo) -> (usize, usize) {
        (info.seat, info.players)
    }

    fn game_fields(info: &GameInfo) -> Map<String, Value> {
        Map::from_iter([("options".to_string(), Value::from(info.options.as_str()))])
    }

    fn info_seed(info: &GameInfo) -> u64 {
        info.seed
    }

    fn info_of(obs: &Observation<'_>, seed: u64) -> GameInfo {
        GameInfo { seat: obs.me(), players: obs.players(), seed, options: obs.view().options().text() }
    }

    fn decision(
        obs: &Observation<'_>,
        moves: &mut Vec<Move>,
        texts: &mut Vec<String>,
    ) -> (usize, Option<String>) {
        Determinize::legal_moves(obs, moves);
        texts.clear();
        texts.extend(moves.iter().map(|mv| mv.to_string()));
        (obs.me() + 1, obs.history())
    }

    fn announced(&self, fields: &Map<String, Value>) -> Result<Kartenspitze, String> {
        let text = fields.get("options").and_then(Value::as_str).ok_or("no `options`")?;
        let options = Options::parse(text).map_err(|e| format!("`options`: {e}"))?;
        Ok(Kartenspitze { options })
    }

    fn seat_state(&self, record: &str, seat: usize) -> Result<State, String> {
        let s = crate::seat_record::seat_state(record, seat).map_err(|e| e.to_string())?;
        if s.options() != self.options {
            return Err(format!(
                "its options `{}` are not the game's, `{}`",
                s.options().text(),
                self.options.text()
            ));
        }
        Ok(s)
    }
}
