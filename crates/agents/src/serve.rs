//! The bot side of `stadt-bot 1` (`stadt serve-bot`): one of stadt's bots answering a host over
//! lines of JSON. Each decision's position is rebuilt from the public record the host sends, and
//! the bot's generator is seeded with the seed of the new game, so it plays the same game again
//! when told the same seed.

use crate::bot_def::BotSpec;
use crate::protocol;
use die_stadt::observation::Observation;
use die_stadt::public_record::replay_public;
use die_stadt::record::decision_text;
use die_stadt::tiles::TileSet;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde_json::{Map, Value};
use std::io::{BufRead, Write};

/// Why serving stopped: the host broke the protocol (the message names the line), or a pipe failed.
#[derive(Debug)]
pub struct ServeError(pub String);

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Serves `spec` on `input` and `output` until a `quit` or the end of the input. `tiles` gives the
/// tile set a new game names (its name and SHA-256), or says why it is not at hand.
pub fn serve(
    spec: &BotSpec,
    tiles: &dyn Fn(&str, &str) -> Result<&'static TileSet, String>,
    input: impl BufRead,
    mut output: impl Write,
) -> Result<(), ServeError> {
    let mut game: Option<(
        Box<dyn stadt_core::agent::Agent<die_stadt::kind::DieStadt>>,
        Pcg64Mcg,
        &'static TileSet,
    )> = None;
    for (i, line) in input.lines().enumerate() {
        let at = |m: String| ServeError(format!("host line {}: {m}", i + 1));
        let line = line.map_err(|e| ServeError(format!("cannot read from the host: {e}")))?;
        if line.trim().is_empty() {
            continue;
        }
        let message: Map<String, Value> = match serde_json::from_str(&line) {
            Ok(Value::Object(m)) => m,
            _ => return Err(at("not a JSON object".into())),
        };
        let text = |key: &str| message.get(key).and_then(Value::as_str).unwrap_or("").to_string();
        let reply = match protocol::kind(&message) {
            "hello" => protocol::ready(&spec.label),
            "new_game" => {
                let seed =
                    message.get("seed").and_then(Value::as_u64).ok_or_else(|| at("no `seed`".into()))?;
                let set = tiles(&text("tiles"), &text("tiles_sha256")).map_err(at)?;
                game = Some((spec.build(), Pcg64Mcg::seed_from_u64(seed), set));
                continue;
            }
            "decide" => {
                let (agent, rng, set) =
                    game.as_mut().ok_or_else(|| at("a decision before any new_game".into()))?;
                let record = text("record");
                let table = replay_public(&record, set).map_err(|e| at(format!("its record: {e}")))?;
                let mv = agent.act(&Observation::of_table(&table).with_history(&record), rng);
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
