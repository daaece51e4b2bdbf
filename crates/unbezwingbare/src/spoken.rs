//! Die Unbezwingbare Stadt in `stadt-bot 1` (docs/bot-protocol.md): what a new game tells a bot
//! (its options, every one named, and the data files' SHA-256), a decision's moves as records
//! write them (`buy area 12`, `place Kontor#1 area 7`), and for `stadt serve-bot` the game a
//! `new_game` announces and a seat's position rebuilt from the record it is shown.

use crate::chosen;
use crate::kind::{GameInfo, NAME, Unbezwingbare};
use crate::logged::Logged;
use crate::moves::Move;
use crate::shown::Shown;
use serde_json::{Map, Value};
use stadt_core::game::Determinize;
use stadt_core::protocol::Spoken;

impl Spoken for Unbezwingbare {
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

    fn info_of(obs: &Shown<'_>, seed: u64) -> GameInfo {
        let v = obs.view();
        let data = chosen::Data { mat: v.mat, board: None, cards: None };
        GameInfo {
            seat: usize::from(obs.me()),
            players: obs.players(),
            seed,
            options: chosen::text(&v.opts, &data, true),
        }
    }

    fn decision(obs: &Shown<'_>, moves: &mut Vec<Move>, texts: &mut Vec<String>) -> (usize, Option<String>) {
        Determinize::legal_moves(obs, moves);
        texts.clear();
        texts.extend(moves.iter().map(|&mv| crate::text::move_text(obs.view(), mv)));
        (usize::from(obs.me()) + 1, obs.history())
    }

    /// The options announced; data files named there are read as the bot finds them.
    fn announced(&self, fields: &Map<String, Value>) -> Result<Unbezwingbare, String> {
        let text = fields.get("options").and_then(Value::as_str).ok_or("no `options`")?;
        Unbezwingbare::from_options(text).map_err(|e| format!("`options`: {e}"))
    }

    fn seat_state(&self, record: &str, seat: usize) -> Result<Logged, String> {
        let s = crate::seat_record::seat_state(record, seat).map_err(|e| e.to_string())?;
        if chosen::normal(crate::options::Options { players: s.opts.players, ..self.options }) != s.opts {
            return Err(format!(
                "its options `{}` are not the game's, `{}`",
                chosen::text(&s.opts, &self.data, true),
                self.options_text()
            ));
        }
        if s.mat != self.data.mat {
            return Err("its data files (the `data` line's SHA-256) are not the game's".to_string());
        }
        Ok(Logged::new(s))
    }
}
