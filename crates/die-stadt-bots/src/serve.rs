//! The bot side of `stadt-bot 1` (`stadt serve-bot`): one of stadt's bots answering a host over
//! lines of JSON. Each decision's position is rebuilt from the public record the host sends, and
//! the bot's generator is seeded with the seed of the new game, so it plays the same game again
//! when told the same seed. What the host sends is checked as the protocol writes it: the version,
//! the seat and players of a new game, and the listed moves against the record's own (so the
//! answer is always one of them); a line longer than the limit is refused unread.

use crate::protocol;
use die_stadt::kind::DieStadt;
use die_stadt::observation::Observation;
use die_stadt::public_record::replay_public;
use die_stadt::record::decision_text;
use die_stadt::table::{PLAYERS, Table};
use die_stadt::tiles::TileSet;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde_json::{Map, Value};
use stadt_core::bots::def::BotSpec;
use std::io::{BufRead, Write};

/// The longest line a host may send, in bytes: far above any record of a game.
pub const MAX_HOST_LINE: usize = 16 * 1024 * 1024;

/// Why serving stopped: the host broke the protocol (the message names the line), or a pipe failed.
#[derive(Debug)]
pub struct ServeError(pub String);

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The game being played: the bot, its generator, the tile set, and its seat (1-based) and players.
type Playing =
    (Box<dyn stadt_core::agent::Agent<die_stadt::kind::DieStadt>>, Pcg64Mcg, &'static TileSet, u64, u64);

/// Serves `spec` on `input` and `output` until a `quit` or the end of the input. `tiles` gives the
/// tile set a new game names (its name and SHA-256, empty when not sent), or says why it is not at
/// hand.
pub fn serve(
    spec: &BotSpec<DieStadt>,
    tiles: &dyn Fn(&str, &str) -> Result<&'static TileSet, String>,
    mut input: impl BufRead,
    mut output: impl Write,
) -> Result<(), ServeError> {
    let mut game: Option<Playing> = None;
    let mut buffer = Vec::new();
    let mut number = 0;
    while read_line(&mut input, &mut buffer, MAX_HOST_LINE)
        .map_err(|e| ServeError(format!("host line {}: {e}", number + 1)))?
    {
        number += 1;
        let at = |m: String| ServeError(format!("host line {number}: {m}"));
        let line = std::str::from_utf8(&buffer).map_err(|_| at("not UTF-8".into()))?;
        // A byte order mark before a line is ignored, as the host ignores a bot's.
        let line = line.strip_prefix('\u{feff}').unwrap_or(line);
        if line.trim().is_empty() {
            continue;
        }
        let message: Map<String, Value> = match serde_json::from_str(line) {
            Ok(Value::Object(m)) => m,
            _ => return Err(at("not a JSON object".into())),
        };
        let text = |key: &str| message.get(key).and_then(Value::as_str).unwrap_or("").to_string();
        let reply = match protocol::kind(&message) {
            "hello" => {
                check_hello(&message).map_err(at)?;
                protocol::ready(&spec.label)
            }
            "new_game" => {
                let (seed, seat, players) = check_new_game(&message).map_err(at)?;
                let set = tiles(&text("tiles"), &text("tiles_sha256")).map_err(at)?;
                game = Some((spec.build(), Pcg64Mcg::seed_from_u64(seed), set, seat, players));
                continue;
            }
            "decide" => {
                let (agent, rng, set, seat, players) =
                    game.as_mut().ok_or_else(|| at("a decision before any new_game".into()))?;
                let record = text("record");
                let table = replay_public(&record, set).map_err(|e| at(format!("its record: {e}")))?;
                check_position(&message, &table, *seat, *players).map_err(at)?;
                let obs = Observation::of_table(&table).with_history(&record);
                check_moves(&message, &obs).map_err(at)?;
                let mv = agent.act(&obs, rng);
                protocol::answer(&decision_text(&table, mv))
            }
            "quit" => return Ok(()),
            _ => continue, // room for later versions
        };
        writeln!(output, "{reply}")
            .and_then(|()| output.flush())
            .map_err(|e| ServeError(format!("cannot write to the host: {e}")))?;
    }
    Ok(())
}

/// Reads one line (without its `\n`) into `line`; false at the end of the input. A line longer
/// than `max` bytes is refused as soon as it is, without reading the rest of it.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>, max: usize) -> Result<bool, String> {
    line.clear();
    loop {
        let chunk = input.fill_buf().map_err(|e| format!("cannot read from the host: {e}"))?;
        if chunk.is_empty() {
            return Ok(!line.is_empty());
        }
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], i + 1),
            None => (chunk, chunk.len()),
        };
        if line.len() + part.len() > max {
            return Err(format!("a line longer than {max} bytes"));
        }
        line.extend_from_slice(part);
        let ended = done > part.len();
        input.consume(done);
        if ended {
            return Ok(true);
        }
    }
}

/// The hello's protocol (and game, when named) must be this bot's.
fn check_hello(message: &Map<String, Value>) -> Result<(), String> {
    match message.get("protocol").and_then(Value::as_str) {
        Some(protocol::VERSION) => {}
        Some(other) => return Err(format!("protocol `{other}`: this bot speaks {}", protocol::VERSION)),
        None => return Err(format!("a hello without `protocol` (this bot speaks {})", protocol::VERSION)),
    }
    match message.get("game").and_then(Value::as_str) {
        None | Some(die_stadt::kind::NAME) => Ok(()),
        Some(other) => Err(format!("game `{other}`: this bot plays {}", die_stadt::kind::NAME)),
    }
}

/// A new game's seed, its seat (1-based) checked against its players, and its players.
fn check_new_game(message: &Map<String, Value>) -> Result<(u64, u64, u64), String> {
    let seed = message
        .get("seed")
        .ok_or("no `seed`")?
        .as_u64()
        .ok_or("`seed` is not a whole number from 0 to 18446744073709551615")?;
    let players = message.get("players").and_then(Value::as_u64).ok_or("no `players`")?;
    if !PLAYERS.contains(&(players as usize)) {
        return Err(format!(
            "`players` {players}: Die Stadt has {} to {} players",
            PLAYERS.start(),
            PLAYERS.end()
        ));
    }
    let seat = message.get("seat").and_then(Value::as_u64).ok_or("no `seat`")?;
    if !(1..=players).contains(&seat) {
        return Err(format!("`seat` {seat}: seats are 1 to {players}"));
    }
    Ok((seed, seat, players))
}

/// The decision's position must be one of this game (its players), not over, and the bot's seat
/// must be the one to decide, as the decision's `seat` says.
fn check_position(
    message: &Map<String, Value>,
    table: &Table,
    seat: u64,
    players: u64,
) -> Result<(), String> {
    if table.players() as u64 != players {
        return Err(format!("its record is of {} players, the game of {players}", table.players()));
    }
    if table.is_over() {
        return Err("its record is of a finished game: there is no decision to make".into());
    }
    let asked = message.get("seat").and_then(Value::as_u64).ok_or("no `seat`")?;
    let actor = table.actor().index() as u64 + 1;
    if asked != seat || actor != seat {
        return Err(format!(
            "a decision for seat {asked} where p{actor} is to decide, and this bot has seat {seat}"
        ));
    }
    Ok(())
}

/// The listed moves must be the legal moves of the record's position (in any order): then the
/// bot's answer, one of those, is one of the listed.
fn check_moves(message: &Map<String, Value>, obs: &Observation) -> Result<(), String> {
    let listed = message.get("moves").and_then(Value::as_array).ok_or("no `moves` list")?;
    let mut listed: Vec<&str> = listed
        .iter()
        .map(|m| m.as_str().ok_or("`moves` holds a value that is not text"))
        .collect::<Result<_, _>>()?;
    let mut moves = Vec::new();
    obs.legal_moves(&mut moves);
    let mut legal = protocol::move_texts(obs.table(), &moves);
    listed.sort_unstable();
    legal.sort_unstable();
    if listed != legal {
        let missing = legal.iter().find(|m| !listed.contains(&m.as_str()));
        let extra = listed.iter().find(|m| !legal.contains(&m.to_string()));
        return Err(match (extra, missing) {
            (Some(e), _) => {
                format!("`moves` lists `{e}`, which is not a legal move of the record's position")
            }
            (None, Some(m)) => format!("`moves` leaves out `{m}`, a legal move of the record's position"),
            (None, None) => "`moves` lists a move twice".to_string(),
        });
    }
    Ok(())
}
