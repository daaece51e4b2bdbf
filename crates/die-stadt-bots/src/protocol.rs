//! The content of the messages of `stadt-bot 1` (docs/bot-protocol.md) for Die Stadt: what the host
//! tells a bot (hello, new game, a decision with the public record and the legal moves in record
//! notation) and what the bot answers. The framing (lines of JSON over a process's pipes) is
//! `child`'s; `process_bot` is the host side and `stadt serve-bot` the bot side.

use die_stadt::kind::GameInfo;
use die_stadt::moves::Move;
use die_stadt::record::decision_text;
use die_stadt::table::Table;
use serde_json::{Map, Value, json};
use std::time::Duration;

/// The protocol's name and version, sent in the hello.
pub const VERSION: &str = "stadt-bot 1";

/// The host's first message.
pub fn hello(decision: Duration, start: Duration, max_line: usize) -> Value {
    json!({
        "type": "hello",
        "protocol": VERSION,
        "game": "die-stadt",
        "time_per_decision_ms": decision.as_millis() as u64,
        "time_to_start_ms": start.as_millis() as u64,
        "max_line_bytes": max_line,
    })
}

/// The bot's answer to the hello.
pub fn ready(name: &str) -> Value {
    json!({"type": "ready", "protocol": VERSION, "name": name})
}

/// A new game begins: the bot's seat (1 = p1, the start player), the players, a seed for its own
/// randomness and the tile set.
pub fn new_game(info: &GameInfo) -> Value {
    json!({
        "type": "new_game",
        "seat": info.seat.index() + 1,
        "players": info.players,
        "seed": info.seed,
        "tiles": info.tiles,
        "tiles_sha256": info.tiles_sha256,
    })
}

/// A decision: the public record so far, the legal moves in record notation, the time allowed.
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

/// The legal moves in record notation, in the engine's order.
pub fn move_texts(table: &Table, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|&mv| decision_text(table, mv)).collect()
}

/// A message's `type`, or "" when it has none.
pub fn kind(message: &Map<String, Value>) -> &str {
    message.get("type").and_then(Value::as_str).unwrap_or("")
}

pub use die_stadt::kind::{sha256_hex, tiles_sha256};
