//! The `Agent` trait, what an agent may see (`Observation`), and bots by name: `NAME`,
//! `NAME:key=value,...`, or the path of a bot file (`bots/*.bot`).

use rand_pcg::Pcg64Mcg;
use stadt_core::game::Game;
use stadt_core::moves::Move;
use stadt_core::table::Table;
use std::fmt::Write as _;

/// A player. Agents are seeded by the runner from the game seed and seat, so games reproduce.
pub trait Agent: Send {
    /// Chooses one of the legal moves of the current step for `obs.me()`.
    fn act(&mut self, obs: &Observation, rng: &mut Pcg64Mcg) -> Move;
}

/// What an agent sees: the public table (never the hidden tile order), unless the runner made it
/// clairvoyant for an experiment.
pub struct Observation<'a> {
    table: &'a Table,
    revealed: Option<&'a Game>,
}

impl<'a> Observation<'a> {
    /// An honest observation of a game.
    pub fn new(game: &'a Game) -> Observation<'a> {
        Observation { table: game.table(), revealed: None }
    }

    /// An observation of a bare table (no hidden order exists or is known).
    pub fn of_table(table: &'a Table) -> Observation<'a> {
        Observation { table, revealed: None }
    }

    /// A clairvoyant observation that reveals the real tile order (experiments only).
    pub fn clairvoyant(game: &'a Game) -> Observation<'a> {
        Observation { table: game.table(), revealed: Some(game) }
    }

    /// The public table.
    #[inline]
    pub fn table(&self) -> &'a Table {
        self.table
    }

    /// The player to decide.
    #[inline]
    pub fn me(&self) -> usize {
        self.table.actor()
    }

    /// The legal moves.
    #[inline]
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        self.table.legal_moves(out);
    }

    /// Whether this observation reveals the real tile order.
    pub fn is_clairvoyant(&self) -> bool {
        self.revealed.is_some()
    }

    /// The real tile order, when this observation reveals it (clairvoyant experiments only).
    pub fn revealed_order(&self) -> Option<&[u8]> {
        self.revealed.map(|g| &g.order()[..])
    }

    /// A game to simulate from: the unseen tiles shuffled by `rng` into the remaining piles, or the
    /// real order when clairvoyant.
    pub fn determinize(&self, rng: &mut Pcg64Mcg) -> Game {
        match self.revealed {
            Some(g) => g.clone(),
            None => Game::determinize(self.table, rng),
        }
    }

    /// Like `determinize`, into an existing game (no allocation).
    pub fn determinize_into(&self, game: &mut Game, rng: &mut Pcg64Mcg) {
        match self.revealed {
            Some(g) => game.clone_from(g),
            None => game.reset_from(self.table, rng),
        }
    }
}

/// Two observations are equal when they show the same table and reveal the same order, if any:
/// what an agent could possibly learn from them.
impl PartialEq for Observation<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.table == other.table && self.revealed_order() == other.revealed_order()
    }
}

/// The kind of value a bot parameter takes, with its valid range.
#[derive(Clone, Copy, Debug)]
pub enum ParamKind {
    /// A real number from `min` to `max` (tunable weights are of this kind).
    Real {
        /// Smallest value.
        min: f64,
        /// Largest value.
        max: f64,
    },
    /// A whole number from `min` to `max`.
    Int {
        /// Smallest value.
        min: u64,
        /// Largest value.
        max: u64,
    },
    /// A switch: true or false.
    Bool,
    /// One of a fixed set of words.
    Choice(&'static [&'static str]),
}

/// A bot parameter.
#[derive(Clone, Copy, Debug)]
pub struct ParamDef {
    /// The key in `NAME:key=value`.
    pub key: &'static str,
    /// The default value, as written.
    pub default: &'static str,
    /// What it does.
    pub help: &'static str,
    /// Its kind.
    pub kind: ParamKind,
}

/// A bot's entry in the registry: `bots/NAME.rs` exports one as `pub static BOT`.
pub struct BotDef {
    /// Its name.
    pub name: &'static str,
    /// One line on what it does.
    pub summary: &'static str,
    /// Its parameters.
    pub params: &'static [ParamDef],
    /// Builds the agent from checked parameters.
    pub build: fn(&Params) -> Box<dyn Agent>,
}

/// Checked parameter values of one bot, in the order of its definition.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    values: Vec<(&'static str, String)>,
}

impl Params {
    /// A real-valued parameter.
    pub fn real(&self, key: &str) -> f64 {
        self.get(key).parse().expect("checked when parsed")
    }

    /// A whole-number parameter.
    pub fn int(&self, key: &str) -> u64 {
        self.get(key).parse().expect("checked when parsed")
    }

    /// A switch.
    pub fn flag(&self, key: &str) -> bool {
        self.get(key) == "true"
    }

    /// A parameter as written.
    pub fn get(&self, key: &str) -> &str {
        &self.values.iter().find(|(k, _)| *k == key).expect("a defined parameter").1
    }

    /// All (key, value) pairs in definition order.
    pub fn entries(&self) -> &[(&'static str, String)] {
        &self.values
    }
}

/// A bot chosen by name with all its parameters: the unit tournaments and tuning work with.
#[derive(Clone, Debug)]
pub struct BotSpec {
    /// The registry entry.
    pub def: &'static BotDef,
    /// Every parameter (defaults filled in).
    pub params: Params,
    /// What the user wrote (a name, a spec or a file path): the short label in results.
    pub label: String,
}

impl PartialEq for BotSpec {
    fn eq(&self, other: &Self) -> bool {
        self.def.name == other.def.name && self.params == other.params
    }
}

impl BotSpec {
    /// The full spec with every parameter: `NAME:key=value,...`.
    pub fn full(&self) -> String {
        let mut s = self.def.name.to_string();
        for (i, (k, v)) in self.params.values.iter().enumerate() {
            let _ = write!(s, "{}{k}={v}", if i == 0 { ':' } else { ',' });
        }
        s
    }

    /// A new agent.
    pub fn build(&self) -> Box<dyn Agent> {
        (self.def.build)(&self.params)
    }

    /// Whether the runner should reveal the real tile order to it.
    pub fn clairvoyant(&self) -> bool {
        self.params.values.iter().any(|(k, v)| *k == "clairvoyant" && v == "true")
    }

    /// The same bot with one parameter changed (checked).
    pub fn with(&self, key: &str, value: &str) -> Result<BotSpec, String> {
        let mut p = self.clone();
        let def = self.def.params.iter().find(|d| d.key == key).ok_or_else(|| unknown_key(self.def, key))?;
        let v = check_value(self.def, def, value)?;
        for e in p.params.values.iter_mut() {
            if e.0 == key {
                e.1 = v.clone();
            }
        }
        Ok(p)
    }
}

impl std::fmt::Debug for BotDef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "BotDef({})", self.name)
    }
}

/// Every bot, from `bots/*.rs`.
pub fn registry() -> &'static [&'static BotDef] {
    crate::bots::REGISTRY
}

fn unknown_key(def: &BotDef, key: &str) -> String {
    let keys: Vec<&str> = def.params.iter().map(|p| p.key).collect();
    if keys.is_empty() {
        format!("bot `{}` takes no parameters, but `{key}` was given", def.name)
    } else {
        format!("bot `{}` has no parameter `{key}`; its parameters are: {}", def.name, keys.join(", "))
    }
}

fn check_value(def: &BotDef, p: &ParamDef, value: &str) -> Result<String, String> {
    let bad = |what: &str| format!("bot `{}`: {}={value} is not {what}", def.name, p.key);
    match p.kind {
        ParamKind::Real { min, max } => value
            .parse::<f64>()
            .ok()
            .filter(|v| (min..=max).contains(v))
            .map(format_real)
            .ok_or_else(|| bad(&format!("a number from {min} to {max}"))),
        ParamKind::Int { min, max } => value
            .parse::<u64>()
            .ok()
            .filter(|v| (min..=max).contains(v))
            .map(|v| v.to_string())
            .ok_or_else(|| bad(&format!("a whole number from {min} to {max}"))),
        ParamKind::Bool => match value {
            "true" | "1" | "yes" => Ok("true".into()),
            "false" | "0" | "no" => Ok("false".into()),
            _ => Err(bad("true or false")),
        },
        ParamKind::Choice(words) => {
            if words.contains(&value) {
                Ok(value.to_string())
            } else {
                Err(bad(&format!("one of {}", words.join(", "))))
            }
        }
    }
}

/// A real number written shortly but exactly enough to read back the same value.
pub fn format_real(v: f64) -> String {
    let s = format!("{v}");
    if s.contains('e') { format!("{v:.6}") } else { s }
}

/// Where named bot files (`NAME.bot`) are looked up, in order: `--bot-dir`, then `$STADT_BOTS`,
/// then `./bots` (the folder the command runs in). Each entry says how it was named, for messages.
#[derive(Clone, Debug, Default)]
pub struct BotDirs {
    dirs: Vec<(std::path::PathBuf, String)>,
}

impl BotDirs {
    /// The standard lookup: `bot_dir` (the `--bot-dir` flag) if given, `$STADT_BOTS` if set, `./bots`.
    pub fn standard(bot_dir: Option<&std::path::Path>) -> BotDirs {
        let mut dirs = Vec::new();
        if let Some(d) = bot_dir {
            dirs.push((d.to_path_buf(), format!("--bot-dir {}", d.display())));
        }
        if let Some(d) = std::env::var_os("STADT_BOTS").filter(|d| !d.is_empty()) {
            let d = std::path::PathBuf::from(d);
            dirs.push((d.clone(), format!("$STADT_BOTS {}", d.display())));
        }
        dirs.push((std::path::PathBuf::from("bots"), "./bots".to_string()));
        BotDirs { dirs }
    }

    /// No folders: only built-in bots and explicit bot file paths.
    pub fn none() -> BotDirs {
        BotDirs::default()
    }

    /// Exactly these folders, in order.
    pub fn only(dirs: &[&std::path::Path]) -> BotDirs {
        BotDirs { dirs: dirs.iter().map(|d| (d.to_path_buf(), d.display().to_string())).collect() }
    }

    /// The bot file `NAME.bot` in the first folder that has one.
    pub fn find(&self, name: &str) -> Option<std::path::PathBuf> {
        self.dirs.iter().map(|(d, _)| d.join(format!("{name}.bot"))).find(|p| p.is_file())
    }

    /// Every bot file these folders offer, by name (a name found in an earlier folder hides later
    /// ones), with the folder's description.
    pub fn files(&self) -> Vec<(String, std::path::PathBuf, String)> {
        let mut out: Vec<(String, std::path::PathBuf, String)> = Vec::new();
        for (dir, how) in &self.dirs {
            let Ok(rd) = std::fs::read_dir(dir) else { continue };
            let mut names: Vec<String> = rd
                .filter_map(|e| e.ok())
                .filter_map(|e| e.file_name().to_str().and_then(|n| n.strip_suffix(".bot")).map(String::from))
                .collect();
            names.sort();
            for n in names {
                if !out.iter().any(|(m, _, _)| *m == n) {
                    out.push((n.clone(), dir.join(format!("{n}.bot")), how.clone()));
                }
            }
        }
        out
    }

    /// The folders, as named: `--bot-dir x, $STADT_BOTS y, ./bots`.
    pub fn describe(&self) -> String {
        if self.dirs.is_empty() {
            return "no bot folders".to_string();
        }
        self.dirs.iter().map(|(_, how)| how.as_str()).collect::<Vec<_>>().join(", ")
    }
}

/// Parses `NAME`, `NAME:key=value,...`, the name of a bot file in one of `dirs` (`steerer-tuned`
/// for `steerer-tuned.bot`), or the path of a bot file (a file holding `bot = NAME` and
/// `key = value` lines). Unknown names or keys are errors that list the valid ones.
pub fn parse_bot(text: &str, dirs: &BotDirs) -> Result<BotSpec, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("empty bot name".into());
    }
    let is_path = text.ends_with(".bot") || text.contains('/');
    if is_path {
        return if std::path::Path::new(text).is_file() {
            parse_bot_file(text)
        } else {
            Err(format!("bot file {text} does not exist"))
        };
    }
    let (name, rest) = match text.split_once(':') {
        Some((n, r)) => (n, Some(r)),
        None => (text, None),
    };
    let Some(def) = registry().iter().copied().find(|d| d.name == name) else {
        if let (None, Some(path)) = (rest, dirs.find(text)) {
            let mut spec = parse_bot_file(&path.to_string_lossy())?;
            spec.label = text.to_string();
            return Ok(spec);
        }
        let files: Vec<String> = dirs.files().into_iter().map(|(n, _, _)| n).collect();
        return Err(format!(
            "unknown bot `{name}`; the bots are: {}; bot files ({}): {}",
            bot_names().join(", "),
            dirs.describe(),
            if files.is_empty() { "none".to_string() } else { files.join(", ") }
        ));
    };
    let mut pairs = Vec::new();
    if let Some(rest) = rest {
        for item in rest.split(',').filter(|s| !s.trim().is_empty()) {
            let (k, v) =
                item.split_once('=').ok_or_else(|| format!("bot `{name}`: `{item}` is not key=value"))?;
            pairs.push((k.trim().to_string(), v.trim().to_string()));
        }
    }
    build_spec(def, &pairs, text)
}

fn bot_names() -> Vec<&'static str> {
    registry().iter().map(|d| d.name).collect()
}

fn build_spec(def: &'static BotDef, pairs: &[(String, String)], label: &str) -> Result<BotSpec, String> {
    let mut values: Vec<(&'static str, String)> =
        def.params.iter().map(|p| (p.key, p.default.to_string())).collect();
    for (i, (k, v)) in pairs.iter().enumerate() {
        let p = def.params.iter().find(|p| p.key == k).ok_or_else(|| unknown_key(def, k))?;
        if pairs[..i].iter().any(|(other, _)| other == k) {
            return Err(format!("bot `{}`: parameter `{k}` is given twice", def.name));
        }
        let checked = check_value(def, p, v)?;
        values.iter_mut().find(|e| e.0 == p.key).unwrap().1 = checked;
    }
    Ok(BotSpec { def, params: Params { values }, label: label.to_string() })
}

/// Parses a bot file: `bot = NAME` then `key = value` lines; `#` comments.
pub fn parse_bot_file(path: &str) -> Result<BotSpec, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read bot file {path}: {e}"))?;
    let mut name = None;
    let mut pairs = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (k, v) = line
            .split_once('=')
            .ok_or_else(|| format!("bot file {path} line {}: expected `key = value`", i + 1))?;
        let (k, v) = (k.trim(), v.trim());
        if k == "bot" {
            name = Some(v.to_string());
        } else {
            pairs.push((k.to_string(), v.to_string()));
        }
    }
    let name = name.ok_or_else(|| format!("bot file {path} has no `bot = NAME` line"))?;
    let def = registry().iter().copied().find(|d| d.name == name).ok_or_else(|| {
        format!("bot file {path}: unknown bot `{name}`; the bots are: {}", bot_names().join(", "))
    })?;
    let label = std::path::Path::new(path).file_stem().and_then(|s| s.to_str()).unwrap_or(path).to_string();
    build_spec(def, &pairs, &label).map_err(|e| format!("bot file {path}: {e}"))
}

/// Writes a bot file for a spec.
pub fn bot_file_text(spec: &BotSpec, comment: &str) -> String {
    let mut s = String::new();
    for line in comment.lines() {
        let _ = writeln!(s, "# {line}");
    }
    let _ = writeln!(s, "bot = {}", spec.def.name);
    for (k, v) in spec.params.entries() {
        let _ = writeln!(s, "{k} = {v}");
    }
    s
}

/// The `stadt bots` listing: every bot, its parameters with defaults and ranges, and the bot files
/// in `dirs`, saying where each was found.
pub fn describe_bots(dirs: &BotDirs) -> String {
    let mut s = String::new();
    for def in registry() {
        let _ = writeln!(s, "{}: {}", def.name, def.summary);
        for p in def.params {
            let kind = match p.kind {
                ParamKind::Real { min, max } => format!("number, {min} to {max}"),
                ParamKind::Int { min, max } => format!("whole number, {min} to {max}"),
                ParamKind::Bool => "true|false".to_string(),
                ParamKind::Choice(w) => w.join("|"),
            };
            let _ = writeln!(s, "    {:<14} = {:<8} {} ({kind})", p.key, p.default, p.help);
        }
    }
    let _ = writeln!(s, "\nbot files, looked up by name in {}:", dirs.describe());
    let files = dirs.files();
    if files.is_empty() {
        let _ = writeln!(s, "  (none)");
    }
    for (name, path, _) in files {
        match parse_bot_file(&path.to_string_lossy()) {
            Ok(spec) => {
                let _ = writeln!(s, "  {name} ({}): {}", path.display(), spec.full());
            }
            Err(e) => {
                let _ = writeln!(s, "  {name} ({}): INVALID: {e}", path.display());
            }
        }
    }
    s
}
