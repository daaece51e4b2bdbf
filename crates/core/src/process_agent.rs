//! The host side of `stadt-bot 1` for any game (`Spoken`): a bot in another program. One program
//! per seat per thread, kept across games in an idle pool of the thread and started anew after a
//! failure. A failure (start, timeout, crash, closed pipe, malformed or too long line, illegal
//! move) forfeits the bot's game: a fallback bot plays its seat to the end so the others' game
//! stays a whole game, and the runner reports the forfeit.

use crate::agent::{Agent, Forfeit};
use crate::child::{Fault, Launch, LineChild};
use crate::protocol::{self, Spoken};
use crate::secret;
use rand::Rng;
use rand_pcg::Pcg64Mcg;
use serde_json::{Map, Value};
use std::cell::RefCell;
use std::time::{Duration, Instant};

/// How a program is run and timed.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// How to start it.
    pub launch: Launch,
    /// Time per decision.
    pub time: Duration,
    /// Time to start and answer the hello.
    pub start: Duration,
}

/// A bot in another program playing one game of `K`.
pub struct ProcessAgent<K: Spoken> {
    settings: Result<Settings, String>,
    conn: Option<LineChild>,
    game: Option<K::Info>,
    /// Whether the program was told of this game.
    told: bool,
    /// Whether the bot lost this game (the fallback plays on).
    lost: bool,
    pending: Option<Forfeit>,
    /// Why the program could not start or hear of the game, told at its first decision.
    startup: Option<Fault>,
    fallback: Box<dyn Agent<K>>,
    moves: Vec<K::Move>,
    texts: Vec<String>,
}

impl<K: Spoken> ProcessAgent<K> {
    /// An agent that runs the program `settings` describe (or, when they are unusable, forfeits
    /// at its first decision saying why), `fallback` playing its seat after a failure.
    pub fn new(settings: Result<Settings, String>, fallback: Box<dyn Agent<K>>) -> ProcessAgent<K> {
        ProcessAgent {
            settings,
            conn: None,
            game: None,
            told: false,
            lost: false,
            pending: None,
            startup: None,
            fallback,
            moves: Vec::new(),
            texts: Vec::new(),
        }
    }
}

impl<K: Spoken> Agent<K> for ProcessAgent<K> {
    fn act(&mut self, obs: &K::Observation<'_>, rng: &mut Pcg64Mcg) -> K::Move {
        if !self.lost {
            match self.ask(obs, rng) {
                Ok(mv) => return mv,
                Err(fault) => {
                    // A limit crossed names the failure it caused (a crash, a timeout, ...).
                    let fault = self.conn.as_mut().and_then(LineChild::crossed).unwrap_or(fault);
                    let stderr_tail = self.conn.take().map(|c| c.stderr_tail()).unwrap_or_default();
                    self.lost = true;
                    self.pending =
                        Some(Forfeit { kind: fault.kind(), message: fault.to_string(), stderr_tail });
                }
            }
        }
        self.fallback.act(obs, rng)
    }

    fn new_game(&mut self, game: &K::Info) {
        self.game = Some(game.clone());
        // The program starts (or an idle one is taken) and hears of the game here, before the
        // first decision's clock runs: its start-up is not its thinking.
        if let Ok(settings) = self.settings.clone()
            && let Err(fault) = self.tell(&settings, game)
        {
            self.startup = Some(fault);
        }
    }

    fn wants_history(&self) -> bool {
        true
    }

    fn forfeit(&mut self) -> Option<Forfeit> {
        self.pending.take()
    }
}

impl<K: Spoken> ProcessAgent<K> {
    /// Asks the program for this decision.
    fn ask(&mut self, obs: &K::Observation<'_>, rng: &mut Pcg64Mcg) -> Result<K::Move, Fault> {
        if let Some(fault) = self.startup.take() {
            return Err(fault);
        }
        let settings = self.settings.clone().map_err(Fault::Start)?;
        if !self.told {
            // Asked without a new game (one decision, from Python): the game is the one shown.
            let info = self.game.clone().unwrap_or_else(|| K::info_of(obs, rng.next_u64()));
            self.tell(&settings, &info)?;
        }
        let (seat, record) = K::decision(obs, &mut self.moves, &mut self.texts);
        let record = record.ok_or_else(|| {
            Fault::Start("the host keeps no record of this game to show the bot (a host error)".into())
        })?;
        let conn = self.conn.as_mut().expect("connected");
        refuse_unasked(conn)?;
        conn.send(&protocol::decide(seat, &record, &self.texts, settings.time))?;
        let reply = await_reply(conn, "move", settings.time)?;
        // A limit crossed ends the game even when the program goes on.
        if let Some(fault) = conn.crossed() {
            return Err(fault);
        }
        let chosen = reply
            .get("move")
            .and_then(|m| m.as_str())
            .ok_or_else(|| Fault::Malformed("a move reply without a `move` text".into()))?;
        match self.texts.iter().position(|t| t == chosen.trim()) {
            Some(i) => Ok(self.moves[i]),
            None => Err(Fault::Illegal(format!(
                "`{}` is not one of the {} legal moves",
                cut(chosen),
                self.texts.len()
            ))),
        }
    }

    /// Starts the program (or takes an idle one) and tells it of the game `info`.
    fn tell(&mut self, settings: &Settings, info: &K::Info) -> Result<(), Fault> {
        if self.conn.is_none() {
            self.conn = Some(connect::<K>(settings)?);
        }
        let conn = self.conn.as_mut().expect("connected");
        // Not the seed of the bot's generator here, which a bot could trace back to the run seed
        // and so to the deal: a keyed hash of it (issue trust, 3).
        let seed = secret::run_secret().map_err(Fault::Start)?.bot_seed(K::info_seed(info));
        conn.send(&crate::protocol::new_game_message::<K>(info, seed))?;
        self.told = true;
        Ok(())
    }
}

/// Whether a bot's message of type `kind` is an answer (or has no type): what it may send only
/// when asked, and only the kind asked for. Other types are room for later versions.
fn is_answer(kind: &str) -> bool {
    matches!(kind, "" | "ready" | "move")
}

/// Lines the program sent while no answer was asked for: messages of types this version does not
/// know are skipped, but a `move` or `ready` not asked for would be taken as the answer to the next
/// question, so it is a violation.
fn refuse_unasked(conn: &mut LineChild) -> Result<(), Fault> {
    while let Some(message) = conn.unread() {
        let message = message?;
        let k = protocol::kind(&message);
        if is_answer(k) {
            return Err(Fault::Malformed(format!(
                "a message of type `{k}` sent when no answer was asked for"
            )));
        }
    }
    Ok(())
}

impl<K: Spoken> Drop for ProcessAgent<K> {
    fn drop(&mut self) {
        // In the sandbox a program plays one game: what it saw there it cannot carry into the
        // next (a replay of the same deal in another seat).
        if crate::sandbox::enabled()
            && let Some(conn) = self.conn.take()
        {
            conn.stop(&protocol::quit(), Duration::from_millis(100));
            return;
        }
        if let (Some(conn), Ok(settings)) = (self.conn.take(), &self.settings) {
            IDLE.with(|idle| {
                idle.borrow_mut().push(Idle { launch: settings.launch.clone(), conn: Some(conn) })
            });
        }
    }
}

/// A program waiting for its next game on this thread.
struct Idle {
    launch: Launch,
    conn: Option<LineChild>,
}

impl Drop for Idle {
    fn drop(&mut self) {
        if let Some(conn) = self.conn.take() {
            conn.stop(&protocol::quit(), Duration::from_millis(100));
        }
    }
}

thread_local! {
    /// The programs of this thread between games.
    static IDLE: RefCell<Vec<Idle>> = const { RefCell::new(Vec::new()) };
}

/// A program for these settings: an idle one of this thread, or a new one that answered the hello.
fn connect<K: Spoken>(settings: &Settings) -> Result<LineChild, Fault> {
    let idle = IDLE.with(|idle| {
        let mut idle = idle.borrow_mut();
        let i = idle.iter().position(|p| p.launch == settings.launch)?;
        idle.swap_remove(i).conn.take()
    });
    if let Some(conn) = idle {
        return Ok(conn);
    }
    let mut conn = LineChild::start(&settings.launch)?;
    let hello = protocol::hello(K::NAME, settings.time, settings.start, settings.launch.max_line);
    let answered = conn.send(&hello).and_then(|()| await_reply(&mut conn, "ready", settings.start));
    conn.watch_limits();
    if let Some(fault) = conn.crossed() {
        return Err(fault);
    }
    answered?;
    Ok(conn)
}

/// The program's answer of type `want` within `time`. Messages of a type this version does not
/// know are skipped (room for later versions); one without a type, or of the other known type, is
/// malformed.
fn await_reply(conn: &mut LineChild, want: &str, time: Duration) -> Result<Map<String, Value>, Fault> {
    let deadline = Instant::now() + time;
    loop {
        let reply =
            conn.receive(deadline.saturating_duration_since(Instant::now())).map_err(|f| match f {
                Fault::Timeout(_) => Fault::Timeout(time),
                f => f,
            })?;
        match protocol::kind(&reply) {
            k if k == want => return Ok(reply),
            k if is_answer(k) => {
                return Err(Fault::Malformed(format!("expected a message of type `{want}`, got type `{k}`")));
            }
            _ => continue,
        }
    }
}

/// Ends every idle program of this thread (the end of a run).
pub fn release_idle() {
    let idle = IDLE.with(|idle| std::mem::take(&mut *idle.borrow_mut()));
    drop(idle);
}

fn cut(text: &str) -> String {
    text.chars().take(80).collect()
}
