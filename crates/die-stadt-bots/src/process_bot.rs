//! `bot = process`: a bot in another program that speaks `stadt-bot 1` (docs/bot-protocol.md).
//! One program per seat per thread, kept across games in an idle pool of the thread and started
//! anew after a failure. A failure (start, timeout, crash, closed pipe, malformed or too long line,
//! illegal move) forfeits the bot's game: `greedy` plays its seat to the end so the others' game
//! stays a whole game, and the runner reports the forfeit.

use crate::bot_def::{BotDef, BotSpec};
use crate::bot_error::BotError;
use crate::params::{ParamDef, ParamKind, Params};
use crate::protocol;
use die_stadt::kind::{DieStadt, GameInfo};
use die_stadt::moves::Move;
use die_stadt::observation::Observation;
use rand::Rng;
use rand_pcg::Pcg64Mcg;
use serde_json::{Map, Value};
use stadt_core::agent::{Agent, Forfeit};
use stadt_core::child::{Fault, Launch, LineChild};
use stadt_core::secret;
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The parameters a bot file of a process bot takes (`bot_file` and `bot_file_sha256` are filled
/// in by stadt when it reads the file).
const PARAMS: &[ParamDef] = &[
    ParamDef {
        key: "command",
        default: "",
        help: "the program and its arguments: a JSON list of strings, or words separated by blanks (no shell)",
        kind: ParamKind::Text,
    },
    ParamDef {
        key: "dir",
        default: "",
        help: "the folder it runs in, relative to the bot file's folder (default: that folder)",
        kind: ParamKind::Text,
    },
    ParamDef {
        key: "env",
        default: "",
        help: "variables added to its environment: NAME=VALUE words separated by blanks",
        kind: ParamKind::Text,
    },
    ParamDef {
        key: "time",
        default: "5",
        help: "seconds allowed per decision",
        kind: ParamKind::Real { min: 0.001, max: 3600.0 },
    },
    ParamDef {
        key: "start_time",
        default: "10",
        help: "seconds allowed to start and answer the hello",
        kind: ParamKind::Real { min: 0.001, max: 3600.0 },
    },
    ParamDef {
        key: "max_line",
        default: "1048576",
        help: "the longest line it may send, in bytes",
        kind: ParamKind::Int { min: 256, max: 64 << 20 },
    },
    ParamDef {
        key: "bot_file",
        default: "",
        help: "the bot file it was read from (filled in by stadt)",
        kind: ParamKind::Text,
    },
    ParamDef {
        key: "bot_file_sha256",
        default: "",
        help: "SHA-256 of that file (filled in by stadt)",
        kind: ParamKind::Text,
    },
];

/// The process bot's entry. Not in the list of named bots: it is chosen by a bot file
/// (`bot = process`) or a spec `process:command=...`.
pub static BOT: BotDef = BotDef {
    name: "process",
    summary: "a bot in another program speaking the stadt-bot 1 protocol (docs/bot-protocol.md)",
    params: PARAMS,
    build,
};

/// A process bot's settings, read from its parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// How to start it.
    pub launch: Launch,
    /// Time per decision.
    pub time: Duration,
    /// Time to start and answer the hello.
    pub start: Duration,
}

impl Settings {
    /// The settings of a spec of the process bot, or why they are unusable.
    pub fn of(params: &Params) -> Result<Settings, String> {
        let text = params.text("command");
        let command: Vec<String> = if text.trim_start().starts_with('[') {
            serde_json::from_str(text).map_err(|e| format!("`command` is not a JSON list of strings: {e}"))?
        } else {
            text.split_whitespace().map(String::from).collect()
        };
        if command.is_empty() || command[0].is_empty() {
            return Err("`command` is missing: name the program to run (`command = python3 mybot.py`)".into());
        }
        let home = Path::new(params.text("bot_file")).parent().unwrap_or(Path::new("")).to_path_buf();
        let dir = home.join(params.text("dir"));
        let dir = if dir.as_os_str().is_empty() { PathBuf::from(".") } else { dir };
        let env = params
            .text("env")
            .split_whitespace()
            .map(|w| {
                w.split_once('=')
                    .filter(|(k, _)| !k.is_empty())
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .ok_or_else(|| format!("`env`: `{w}` is not NAME=VALUE"))
            })
            .collect::<Result<_, _>>()?;
        Ok(Settings {
            launch: Launch { command, dir, env, max_line: params.int("max_line") as usize },
            time: Duration::from_secs_f64(params.real("time")),
            start: Duration::from_secs_f64(params.real("start_time")),
        })
    }
}

/// Checks that a spec of the process bot can be started (its command reads), naming the spec.
pub fn check(spec: &BotSpec) -> Result<(), BotError> {
    Settings::of(&spec.params).map(|_| ()).map_err(|message| BotError::BadValue {
        bot: BOT.name,
        key: "command",
        value: spec.params.text("command").to_string(),
        expected: format!("a program and its arguments ({message})"),
    })
}

fn build(params: &Params) -> Box<dyn Agent<DieStadt>> {
    Box::new(ProcessAgent {
        settings: Settings::of(params),
        conn: None,
        game: None,
        told: false,
        lost: false,
        pending: None,
        startup: None,
        fallback: fallback(),
        moves: Vec::new(),
    })
}

/// The agent that finishes a forfeited game: `greedy` with its defaults.
fn fallback() -> Box<dyn Agent<DieStadt>> {
    BotSpec::new(&crate::bots::greedy::BOT, &[], "greedy").expect("greedy's defaults").build()
}

/// A process bot playing one game.
struct ProcessAgent {
    settings: Result<Settings, String>,
    conn: Option<LineChild>,
    game: Option<GameInfo>,
    /// Whether the program was told of this game.
    told: bool,
    /// Whether the bot lost this game (the fallback plays on).
    lost: bool,
    pending: Option<Forfeit>,
    /// Why the program could not start or hear of the game, told at its first decision.
    startup: Option<Fault>,
    fallback: Box<dyn Agent<DieStadt>>,
    moves: Vec<Move>,
}

impl Agent<DieStadt> for ProcessAgent {
    fn act(&mut self, obs: &Observation, rng: &mut Pcg64Mcg) -> Move {
        if !self.lost {
            match self.ask(obs, rng) {
                Ok(mv) => return mv,
                Err(fault) => {
                    let stderr_tail = self.conn.take().map(|c| c.stderr_tail()).unwrap_or_default();
                    self.lost = true;
                    self.pending =
                        Some(Forfeit { kind: fault.kind(), message: fault.to_string(), stderr_tail });
                }
            }
        }
        self.fallback.act(obs, rng)
    }

    fn new_game(&mut self, game: &GameInfo) {
        self.game = Some(game.clone());
        // The program starts (or an idle one is taken) and hears of the game here, before the
        // first decision's clock runs: its start-up is not its thinking.
        if let Ok(settings) = self.settings.clone()
            && let Err(fault) = self.tell(&settings, game.clone())
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

impl ProcessAgent {
    /// Asks the program for this decision.
    fn ask(&mut self, obs: &Observation, rng: &mut Pcg64Mcg) -> Result<Move, Fault> {
        if let Some(fault) = self.startup.take() {
            return Err(fault);
        }
        let settings = self.settings.clone().map_err(Fault::Start)?;
        let record = obs.history().ok_or_else(|| {
            Fault::Start("the host keeps no record of this game to show the bot (a host error)".into())
        })?;
        let table = obs.table();
        if !self.told {
            let info = self.game.clone().unwrap_or_else(|| GameInfo {
                seat: obs.me(),
                players: table.players(),
                seed: rng.next_u64(),
                tiles: tiles_name(table.tileset()),
                tiles_sha256: protocol::tiles_sha256(table.tileset()),
            });
            self.tell(&settings, info)?;
        }
        let conn = self.conn.as_mut().expect("connected");
        refuse_unasked(conn)?;
        obs.legal_moves(&mut self.moves);
        let texts = protocol::move_texts(table, &self.moves);
        conn.send(&protocol::decide(obs.me().index() + 1, record, &texts, settings.time))?;
        let reply = await_reply(conn, "move", settings.time)?;
        let chosen = reply
            .get("move")
            .and_then(|m| m.as_str())
            .ok_or_else(|| Fault::Malformed("a move reply without a `move` text".into()))?;
        match texts.iter().position(|t| t == chosen.trim()) {
            Some(i) => Ok(self.moves[i]),
            None => Err(Fault::Illegal(format!(
                "`{}` is not one of the {} legal moves",
                cut(chosen),
                texts.len()
            ))),
        }
    }
}

impl ProcessAgent {
    /// Starts the program (or takes an idle one) and tells it of the game `info`.
    fn tell(&mut self, settings: &Settings, mut info: GameInfo) -> Result<(), Fault> {
        if self.conn.is_none() {
            self.conn = Some(connect(settings)?);
        }
        let conn = self.conn.as_mut().expect("connected");
        // Not the seed of the bot's generator here, which a bot could trace back to the run seed
        // and so to the deal: a keyed hash of it (issue trust, 3).
        info.seed = secret::run_secret().map_err(Fault::Start)?.bot_seed(info.seed);
        conn.send(&protocol::new_game(&info))?;
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

impl Drop for ProcessAgent {
    fn drop(&mut self) {
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
fn connect(settings: &Settings) -> Result<LineChild, Fault> {
    let idle = IDLE.with(|idle| {
        let mut idle = idle.borrow_mut();
        let i = idle.iter().position(|p| p.launch == settings.launch)?;
        idle.swap_remove(i).conn.take()
    });
    if let Some(conn) = idle {
        return Ok(conn);
    }
    let mut conn = LineChild::start(&settings.launch)?;
    conn.send(&protocol::hello(settings.time, settings.start, settings.launch.max_line))?;
    await_reply(&mut conn, "ready", settings.start)?;
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

/// A tile set's name in messages: `default`, or `custom` for any other (its hash tells which).
pub use die_stadt::kind::tiles_name;

fn cut(text: &str) -> String {
    text.chars().take(80).collect()
}
