//! stadt's Catan bots in Catanatron's own game loop (issue 41, item 5; issue 59;
//! docs/catan/README.md): `stadt serve-catanatron --bot SPEC` is a seat that Catanatron's
//! `Player.decide` asks (`bots/catanatron/stadt_player.py`). It follows the game from Catanatron's
//! log, action by action with its chance outcomes, in stadt's engine under the readings of the
//! Catanatron that plays (`catanatron` for 3.2.1, `catanatron3_3` for 3.3.0), checks at every
//! decision that its legal moves are Catanatron's playable actions and its state Catanatron's, and
//! answers with the index of the bot's move among the playable actions. The bot decides from its seat's `Observation` (C41), as in
//! stadt's own runs: the log's hidden parts (the cards the others drew, a steal it did not take
//! part in) stay in the host's state and never reach it.
//!
//! One JSON object a line on stdin and stdout:
//! - `{"type": "new_game", "seat": S, "players": N, "seed": X, "board": {...}, "options": O}`,
//!   answered by `{"type": "ready"}`: seat 0-based in Catanatron's seating, the bot's seed, the
//!   board as `stadt_catan::catanatron::board` reads it, and stadt's options for the Catanatron
//!   that plays (`catanatron` when absent: 3.2.1's readings; `catanatron3_3`: 3.3.0's);
//! - `{"type": "decide", "actions": [...], "playable": [...], "state": {...}}`, answered by
//!   `{"type": "move", "index": I, "ms": T}`: the actions logged since the last message (`[seat,
//!   type, value]`, as `stadt_catan::catanatron::translate` reads them), the playable actions in
//!   Catanatron's order, optionally Catanatron's state (as `stadt_catan::catanatron::snapshot`
//!   writes stadt's), the index of the chosen one and the bot's time in milliseconds;
//! - `{"type": "quit"}`, or the end of input, ends the program.
//!
//! Anything wrong (a malformed line, an action illegal in stadt, a decision that is not the
//! seat's, legal moves other than the playable actions, a state other than Catanatron's, a move
//! Catanatron does not list) is answered by `{"type": "error", "message": ...}`,
//! and the program stops with the error.

use crate::catan::Catan;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde_json::{Value, json};
use stadt_catan::catanatron::{action, board, legal_difference, snapshot, snapshot_diff, translate};
use stadt_catan::deal::unshuffled_deck;
use stadt_catan::ids::Player;
use stadt_catan::moves::Phase;
use stadt_catan::observation::Observation;
use stadt_catan::options::Options;
use stadt_catan::state::State;
use stadt_core::agent::Agent;
use stadt_core::bots::def::BotSpec;
use stadt_core::error::Error;
use stadt_core::kind::GameKind;
use stadt_core::seat::{Seat, SeatAgent};
use std::io::{BufRead, Write};
use std::time::Instant;

/// One game followed from Catanatron's log.
struct Followed {
    state: State,
    options: Options,
    seat: Player,
    agent: Box<dyn Agent<Catan>>,
    rng: Pcg64Mcg,
    actions: usize,
}

impl Followed {
    fn start(entrant: &BotSpec<Catan>, msg: &Value) -> Result<Followed, String> {
        let players = msg["players"]
            .as_u64()
            .filter(|n| (2..=4).contains(n))
            .ok_or("new_game: `players` is not 2, 3 or 4")? as usize;
        let seat = msg["seat"]
            .as_u64()
            .filter(|&s| s < players as u64)
            .ok_or(format!("new_game: `seat` is not a seat of {players} players (0-based)"))?
            as usize;
        let seed = msg["seed"].as_u64().ok_or("new_game: `seed` is not a whole number")?;
        let board = board(&msg["board"]).map_err(|e| format!("new_game: {e}"))?;
        let options = match &msg["options"] {
            Value::Null => Options::CATANATRON,
            Value::String(text) => Options::parse(text).map_err(|e| format!("new_game: `options`: {e}"))?,
            other => return Err(format!("new_game: `options` is not text: {other}")),
        };
        // The deck's order is Catanatron's secret: every card drawn comes from its log.
        let state = State::with_deck(board, players, options, unshuffled_deck(), 0)
            .map_err(|e| format!("new_game: {e}"))?;
        let mut agent = match entrant.agent(seed, seat).map_err(|e| e.to_string())? {
            SeatAgent::Bot(agent) => agent,
            SeatAgent::Outside(_) => return Err("an outside agent cannot sit in Catanatron's loop".into()),
        };
        let kind = Catan::new(options);
        agent.new_game(&kind.info(players, seat, seed));
        Ok(Followed {
            state,
            options,
            seat: Player(seat as u8),
            agent,
            rng: Pcg64Mcg::seed_from_u64(seed),
            actions: 0,
        })
    }

    /// Plays the logged actions on stadt's state, each with its chance outcomes.
    fn follow(&mut self, actions: &Value) -> Result<(), String> {
        let list = actions.as_array().ok_or("decide: `actions` is not a list")?;
        for a in list {
            self.actions += 1;
            let at = |e: String| format!("logged action {} ({a}): {e}", self.actions);
            let (seat, mv, chances) = translate(a).map_err(at)?;
            let s = &mut self.state;
            if s.actor() != seat {
                return Err(at(format!("stadt has p{} to act ({:?})", s.actor().0 + 1, s.phase())));
            }
            match mv {
                Some(mv) => s.play(mv).map_err(|e| at(e.to_string()))?,
                None if s.phase() == Phase::RandomDiscard => {}
                None => return Err(at(format!("a discard at {:?}", s.phase()))),
            }
            for c in chances {
                s.chance(c).map_err(|e| at(format!("the outcome {c:?}: {e}")))?;
            }
        }
        Ok(())
    }

    /// Compares stadt's state with Catanatron's `state` (when sent).
    fn check_state(&self, state: &Value) -> Result<(), String> {
        if state.is_null() {
            return Ok(());
        }
        let ours = snapshot(&self.state);
        let differ = snapshot_diff(&ours, state);
        if differ.is_empty() {
            return Ok(());
        }
        Err(format!(
            "decide: after {} logged actions stadt's state differs from Catanatron's in {} (Catanatron {state}, stadt {ours})",
            self.actions,
            differ.join(", ")
        ))
    }

    /// The index of the bot's move among `playable`, and the bot's time in milliseconds.
    fn decide(&mut self, playable: &Value) -> Result<(usize, f64), String> {
        let playable = playable
            .as_array()
            .filter(|p| !p.is_empty())
            .ok_or("decide: `playable` is not a list of actions")?;
        let s = &self.state;
        if s.is_over()
            || s.actor() != self.seat
            || (s.phase().is_chance() && s.phase() != Phase::RandomDiscard)
        {
            return Err(format!(
                "decide: after {} logged actions stadt has p{} to act ({:?}), not this seat, p{}",
                self.actions,
                s.actor().0 + 1,
                s.phase(),
                self.seat.0 + 1
            ));
        }
        // Catanatron asks for its random discard: the one playable action, which stadt draws.
        if s.phase() == Phase::RandomDiscard {
            return match playable[..] {
                [ref only] if only[1] == "DISCARD" => Ok((0, 0.0)),
                _ => Err(format!(
                    "decide: stadt has a random discard, Catanatron lists {}",
                    Value::from(playable.clone())
                )),
            };
        }
        if let Some((extra, missing)) = legal_difference(s, playable)? {
            return Err(format!(
                "decide: after {} logged actions ({:?}, options {}) stadt's legal moves differ from Catanatron's playable actions: stadt only {extra:?}, Catanatron only {missing:?}",
                self.actions,
                s.phase(),
                stadt_catan::record::options_text(&self.options)
            ));
        }
        let start = Instant::now();
        let mv = self.agent.act(&Observation::new(s), &mut self.rng);
        let ms = start.elapsed().as_secs_f64() * 1e3;
        let chosen = action(s, mv, None)?;
        let index = playable.iter().position(|p| *p == chosen).ok_or_else(|| {
            format!(
                "decide: the bot's move {chosen} is not among Catanatron's {} playable actions",
                playable.len()
            )
        })?;
        Ok((index, ms))
    }
}

/// Serves `entrant` to Catanatron's loop: reads `input` until `quit` or its end, answering on
/// `output` (see the module's header).
pub fn serve(entrant: &BotSpec<Catan>, input: impl BufRead, mut output: impl Write) -> Result<(), Error> {
    let mut game: Option<Followed> = None;
    let mut answer = |msg: Value| -> Result<(), Error> {
        writeln!(output, "{msg}")
            .and_then(|_| output.flush())
            .map_err(|e| Error::Setting(format!("stdout: {e}")))
    };
    for (n, line) in input.lines().enumerate() {
        let line = line.map_err(|e| Error::Setting(format!("stdin: {e}")))?;
        if line.trim().is_empty() {
            continue;
        }
        let reply = serde_json::from_str::<Value>(&line)
            .map_err(|e| format!("not a JSON object: {e}"))
            .and_then(|msg| match msg["type"].as_str() {
                Some("new_game") => {
                    game = Some(Followed::start(entrant, &msg)?);
                    Ok(Some(json!({"type": "ready"})))
                }
                Some("decide") => {
                    let g = game.as_mut().ok_or("decide before new_game")?;
                    g.follow(&msg["actions"])?;
                    g.check_state(&msg["state"])?;
                    let (index, ms) = g.decide(&msg["playable"])?;
                    Ok(Some(json!({"type": "move", "index": index, "ms": ms})))
                }
                Some("quit") => Ok(None),
                _ => Err(format!("`{}` is not a message (new_game, decide, quit)", msg["type"])),
            });
        match reply {
            Ok(Some(msg)) => answer(msg)?,
            Ok(None) => return Ok(()),
            Err(e) => {
                let message = format!("line {}: {e}", n + 1);
                answer(json!({"type": "error", "message": message}))?;
                return Err(Error::Setting(format!("serve-catanatron: {message}")));
            }
        }
    }
    Ok(())
}
