//! `bot = process`: a bot in another program that speaks `stadt-bot 1` (docs/bot-protocol.md),
//! in any game that speaks it, its settings read from a bot file's parameters. The host side is
//! `process_agent`; after a failure a bot of the game (its `fallback`) plays the seat to the end.

use crate::agent::Agent;
use crate::bots::def::{BotDef, BotSpec, Full};
use crate::bots::error::BotError;
use crate::bots::params::{ParamDef, ParamKind, Params};
use crate::child::{Launch, Limits};
use crate::kind::GameKind;
use crate::process_agent::{ProcessAgent, Settings as ProcessSettings};
use crate::protocol::Spoken;
use crate::sandbox::limits::TABLE as LIMITS;
use std::path::{Path, PathBuf};
use std::time::Duration;

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
    limit(0),
    limit(1),
    limit(2),
    limit(3),
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

/// The parameter of the sandbox's limit `LIMITS[i]` (its key, default, bounds and help are
/// the sandbox's own).
const fn limit(i: usize) -> ParamDef {
    let d = LIMITS[i];
    ParamDef { key: d.key, default: d.default, help: d.help, kind: ParamKind::Int { min: d.min, max: d.max } }
}

/// The process bot's name (`bot = process` in a bot file).
pub const NAME: &str = "process";

/// A game's process bot, `build` making its agent (`agent` with the game's fallback). Not in the
/// game's list of named bots: it is chosen by a bot file (`bot = process`) or a spec
/// `process:command=...`.
pub const fn bot<K: GameKind>(build: fn(&Params) -> Box<dyn Agent<K>>) -> BotDef<K> {
    BotDef {
        name: NAME,
        summary: "a bot in another program speaking the stadt-bot 1 protocol (docs/bot-protocol.md)",
        params: PARAMS,
        full: Full::Every,
        build,
    }
}

/// The agent of a process bot with these parameters, `fallback` playing its seat after a failure.
pub fn agent<K: Spoken>(params: &Params, fallback: Box<dyn Agent<K>>) -> Box<dyn Agent<K>> {
    Box::new(ProcessAgent::<K>::new(Settings::of(params), fallback))
}

/// A process bot's settings, read from its parameters.
pub struct Settings;

impl Settings {
    /// The settings of a spec of the process bot, or why they are unusable.
    pub fn of(params: &Params) -> Result<ProcessSettings, String> {
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
        dir_within(params)?;
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
        Ok(ProcessSettings {
            launch: Launch {
                command,
                dir,
                env,
                max_line: params.int("max_line") as usize,
                limits: limits(params)?,
            },
            time: Duration::from_secs_f64(params.real("time")),
            start: Duration::from_secs_f64(params.real("start_time")),
        })
    }
}

/// The limits a spec sets (under `--sandbox`).
fn limits(params: &Params) -> Result<Limits, String> {
    Limits::from_values(LIMITS.map(|d| params.int(d.key)))
}

/// Checks that the `dir` of a bot file's spec is its file's folder or one below it (a bot's
/// author cannot widen its sandbox to `/`); specs without a file run where they are told.
pub fn dir_within(params: &Params) -> Result<(), String> {
    let file = params.text("bot_file");
    if file.is_empty() {
        return Ok(());
    }
    let home = Path::new(file).parent().unwrap_or(Path::new("/"));
    let home = home.canonicalize().map_err(|e| format!("{}: {e}", home.display()))?;
    let dir = params.text("dir");
    let target = home.join(dir);
    let target = target.canonicalize().map_err(|e| format!("`dir = {dir}`: {}: {e}", target.display()))?;
    if target.starts_with(&home) {
        Ok(())
    } else {
        Err(format!(
            "`dir = {dir}` leads to {}, outside the bot file's folder {}: a bot's folder is its file's folder or one below it",
            target.display(),
            home.display()
        ))
    }
}

/// Checks that a spec of the process bot can be started (its command reads), naming the spec.
pub fn check<K: GameKind>(spec: &BotSpec<K>) -> Result<(), BotError> {
    Settings::of(&spec.params).map(|_| ()).map_err(|message| BotError::BadValue {
        bot: NAME,
        key: "command",
        value: spec.params.text("command").to_string(),
        expected: format!("a program and its arguments ({message})"),
    })
}
