//! The bot side of `stadt-bot 1` (`stadt serve-bot`, docs/bot-protocol.md): one of stadt's bots
//! of any game answering a host over lines of JSON. Each decision's position is rebuilt from the
//! record the host sends (`Spoken::seat_state`), and the bot's generator is seeded with the seed
//! of the new game, so it plays the same game again when told the same seed. What the host sends
//! is checked as the protocol writes it: the version and game, the seat and players of a new game
//! and its own fields, and the listed moves against the record's own (so the answer is always one
//! of them); a line longer than the limit is refused unread.

use crate::agent::Agent;
use crate::bots::def::BotSpec;
use crate::game::{Game, Turn};
use crate::kind::GameKind;
use crate::protocol::{self, Spoken};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde_json::{Map, Value};
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

impl std::error::Error for ServeError {}

/// The game being played: the game as announced, the bot, its generator, and its seat (0-based)
/// and players.
struct Playing<K: GameKind> {
    game: K,
    agent: Box<dyn Agent<K>>,
    rng: Pcg64Mcg,
    seat: usize,
    players: usize,
}

/// Serves `spec` on `input` and `output` until a `quit` or the end of the input; `setup` is the
/// game the bot was started with, which each `new_game` may refine (`Spoken::announced`).
pub fn serve<K: Spoken>(
    setup: &K,
    spec: &BotSpec<K>,
    mut input: impl BufRead,
    mut output: impl Write,
) -> Result<(), ServeError> {
    let mut game: Option<Playing<K>> = None;
    let mut buffer = Vec::new();
    let mut moves = Vec::new();
    let mut texts = Vec::new();
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
        let reply = match protocol::kind(&message) {
            "hello" => {
                check_hello::<K>(&message).map_err(at)?;
                protocol::ready(&spec.label)
            }
            "new_game" => {
                let (seed, seat, players) = check_new_game(&message).map_err(at)?;
                let announced = setup.announced(&message).map_err(at)?;
                check_players(&announced, players).map_err(at)?;
                let mut agent = spec.build();
                agent.new_game(&announced.info(players, seat, seed));
                game = Some(Playing {
                    game: announced,
                    agent,
                    rng: Pcg64Mcg::seed_from_u64(seed),
                    seat,
                    players,
                });
                continue;
            }
            "decide" => {
                let playing = game.as_mut().ok_or_else(|| at("a decision before any new_game".into()))?;
                let record = message.get("record").and_then(Value::as_str).unwrap_or("");
                let state = playing
                    .game
                    .seat_state(record, playing.seat)
                    .map_err(|e| at(format!("its record: {e}")))?;
                check_position(&message, &state, playing.seat, playing.players).map_err(at)?;
                let obs = playing.game.observe(&state, false, Some(record));
                K::decision(&obs, &mut moves, &mut texts);
                check_moves(&message, &texts).map_err(at)?;
                let mv = playing.agent.act(&obs, &mut playing.rng);
                let chosen = moves.iter().position(|&m| m == mv).ok_or_else(|| {
                    at(format!("the bot chose {mv:?}, which is not a legal move: a bug in the bot"))
                })?;
                protocol::answer(&texts[chosen])
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
fn check_hello<K: Spoken>(message: &Map<String, Value>) -> Result<(), String> {
    match message.get("protocol").and_then(Value::as_str) {
        Some(protocol::VERSION) => {}
        Some(other) => return Err(format!("protocol `{other}`: this bot speaks {}", protocol::VERSION)),
        None => return Err(format!("a hello without `protocol` (this bot speaks {})", protocol::VERSION)),
    }
    match message.get("game").and_then(Value::as_str) {
        None => Ok(()),
        Some(g) if g == K::NAME => Ok(()),
        Some(other) => Err(format!("game `{other}`: this bot plays {}", K::NAME)),
    }
}

/// A new game's seed, its seat (0-based) checked against its players, and its players.
fn check_new_game(message: &Map<String, Value>) -> Result<(u64, usize, usize), String> {
    let seed = message
        .get("seed")
        .ok_or("no `seed`")?
        .as_u64()
        .ok_or("`seed` is not a whole number from 0 to 18446744073709551615")?;
    let players = message.get("players").and_then(Value::as_u64).ok_or("no `players`")?;
    let seat = message.get("seat").and_then(Value::as_u64).ok_or("no `seat`")?;
    if !(1..=players).contains(&seat) {
        return Err(format!("`seat` {seat}: seats are 1 to {players}"));
    }
    let players = usize::try_from(players).map_err(|_| format!("`players` {players}: far too many"))?;
    Ok((seed, seat as usize - 1, players))
}

/// The announced game must be played by `players`, and a game of them dealt.
fn check_players<K: GameKind>(game: &K, players: usize) -> Result<(), String> {
    let range = game.players();
    if !range.contains(&players) {
        return Err(format!(
            "`players` {players}: {} is played by {} to {} players ({})",
            game.name(),
            range.start(),
            range.end(),
            game.players_rule()
        ));
    }
    game.deal(players, 0).map(drop).map_err(|e| format!("`players` {players}: {e}"))
}

/// The decision's position must be one of this game (its players), not over, and the bot's seat
/// (0-based) must be the one to decide, as the decision's `seat` says.
fn check_position<S: Game>(
    message: &Map<String, Value>,
    state: &S,
    seat: usize,
    players: usize,
) -> Result<(), String> {
    if state.players() != players {
        return Err(format!("its record is of {} players, the game of {players}", state.players()));
    }
    let actor = match state.turn() {
        Turn::Over => return Err("its record is of a finished game: there is no decision to make".into()),
        Turn::Chance => return Err("its record ends before a chance outcome, not a decision".into()),
        Turn::Player(p) => p + 1,
    };
    let asked = message.get("seat").and_then(Value::as_u64).ok_or("no `seat`")?;
    if asked != seat as u64 + 1 || actor != seat + 1 {
        return Err(format!(
            "a decision for seat {asked} where p{actor} is to decide, and this bot has seat {}",
            seat + 1
        ));
    }
    Ok(())
}

/// The listed moves must be the legal moves of the record's position, `legal` as text (in any
/// order): then the bot's answer, one of those, is one of the listed.
fn check_moves(message: &Map<String, Value>, legal: &[String]) -> Result<(), String> {
    let listed = message.get("moves").and_then(Value::as_array).ok_or("no `moves` list")?;
    let mut listed: Vec<&str> = listed
        .iter()
        .map(|m| m.as_str().ok_or("`moves` holds a value that is not text"))
        .collect::<Result<_, _>>()?;
    let mut legal: Vec<&str> = legal.iter().map(String::as_str).collect();
    listed.sort_unstable();
    legal.sort_unstable();
    if listed != legal {
        let missing = legal.iter().find(|m| !listed.contains(m));
        let extra = listed.iter().find(|m| !legal.contains(m));
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
