//! The messages of `stadt-bot 1` (docs/bot-protocol.md) every game shares: the hello, the
//! decision (the public record and the legal moves as text), the answers and the goodbye. What is
//! a game's own (what a new game tells the bot, a move's text) it gives through `Spoken`. The
//! framing (lines of JSON over a process's pipes) is `child`'s; `process_agent` is the host side.

use crate::kind::GameKind;
use serde_json::{Map, Value, json};
use std::time::Duration;

/// The protocol's name and version, sent in the hello.
pub const VERSION: &str = "stadt-bot 1";

/// What the protocol needs of a game beyond the core's adapter.
pub trait Spoken: GameKind {
    /// The game's name in the hello (what `--game` takes).
    const NAME: &'static str;

    /// The seat (0-based) of the agent `info` describes, and the number of players.
    fn info_seat(info: &Self::Info) -> (usize, usize);

    /// The game's own fields of the `new_game` message for the agent `info` describes (its tile
    /// set, its options: what a bot needs to know of this game); `new_game_message` adds the
    /// shared ones.
    fn game_fields(info: &Self::Info) -> Map<String, Value>;

    /// The seed in `info` (of the agent's own generator).
    fn info_seed(info: &Self::Info) -> u64;

    /// What the bot is told of the game `obs` shows when no host said which game it is (a bot
    /// asked for one decision, as the Python package does), its generator seeded with `seed`.
    fn info_of(obs: &Self::Observation<'_>, seed: u64) -> Self::Info;

    /// For the decision `obs` shows: the seat to decide (1-based), the public record so far, and
    /// the legal moves with their texts (into `moves` and `texts`, cleared first), in the order the
    /// bot is shown them.
    fn decision(
        obs: &Self::Observation<'_>,
        moves: &mut Vec<Self::Move>,
        texts: &mut Vec<String>,
    ) -> (usize, Option<String>);

    /// The bot side (`stadt serve-bot`): the game a host's `new_game` announces by the game's own
    /// fields (those `game_fields` writes), `self` being the set-up the bot was started with (a
    /// tile set file at hand, say). Err says which field is wrong and why.
    fn announced(&self, fields: &Map<String, Value>) -> Result<Self, String>
    where
        Self: Sized;

    /// The bot side: a game that the seat `seat` (0-based) cannot tell from the one shown by its
    /// record (a `decide`'s `record`, what `decision` sends): the moves and the outcomes the seat
    /// saw replayed, what it did not see filled in so that every move stays legal. Err names the
    /// record's line at fault.
    fn seat_state(&self, record: &str, seat: usize) -> Result<Self::State, String>;
}

/// The `new_game` message for the agent `info` describes: its seat (1 = p1), the players and its
/// generator's seed given as `seed` (the keyed hash a bot in another program is told), then the
/// game's own fields.
pub fn new_game_message<K: Spoken>(info: &K::Info, seed: u64) -> Value {
    let (seat, players) = K::info_seat(info);
    let mut message = Map::new();
    message.insert("type".into(), "new_game".into());
    message.insert("seat".into(), (seat + 1).into());
    message.insert("players".into(), players.into());
    message.insert("seed".into(), seed.into());
    message.extend(K::game_fields(info));
    Value::Object(message)
}

/// The host's first message.
pub fn hello(game: &str, decision: Duration, start: Duration, max_line: usize) -> Value {
    json!({
        "type": "hello",
        "protocol": VERSION,
        "game": game,
        "time_per_decision_ms": decision.as_millis() as u64,
        "time_to_start_ms": start.as_millis() as u64,
        "max_line_bytes": max_line,
    })
}

/// The bot's answer to the hello.
pub fn ready(name: &str) -> Value {
    json!({"type": "ready", "protocol": VERSION, "name": name})
}

/// A decision: the public record so far, the legal moves as text, the time allowed.
pub fn decide(seat: usize, record: &str, moves: &[String], time: Duration) -> Value {
    json!({
        "type": "decide",
        "seat": seat,
        "record": record,
        "moves": moves,
        "time_ms": time.as_millis() as u64,
    })
}

/// The bot's answer to a decision: one of the moves, as listed.
pub fn answer(text: &str) -> Value {
    json!({"type": "move", "move": text})
}

/// The host is done with the bot.
pub fn quit() -> Value {
    json!({"type": "quit"})
}

/// A message's `type`, or "" when it has none.
pub fn kind(message: &Map<String, Value>) -> &str {
    message.get("type").and_then(Value::as_str).unwrap_or("")
}
