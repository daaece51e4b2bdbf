//! Records: a game written as text from which it is rebuilt without its seed, every chance step
//! on a `chance:` line (U77) and every reshuffle on a line of its own; and the public record a
//! seat is shown.
//!
//! ```text
//! stadt-unbezwingbare-record 1
//! players 3
//! options last_round=immediate variant=base periods=off ... turns=1000 target=30
//! data board=SHA-256 cards=SHA-256   (each data file by its bytes' SHA-256)
//! seed 7                             (optional; replay does not need it)
//! chance: deal Pferdestall#2 to p1   (the starting hands, a card a line, U23)
//! ...
//! p3: start area 12
//! ...
//! chance: turn Gute Ernte            (phase 1, U32)
//! p2: buy drawn
//! reshuffle draw pile                (U38: the discards became the draw pile)
//! chance: draw Kontor#1 for p2
//! ```
//!
//! The engine draws each card uniformly from the pile when it is turned, so a reshuffle carries
//! no information; its line stands where the engine made it (after the step that led to it), and
//! a record whose reshuffle line is missing or misplaced is refused naming the line.

use crate::chosen::{self, Data};
use crate::logged::{Logged, Step, reshuffles};
use crate::moves::Move;
use crate::state::State;
use crate::text::{move_text, parse_move, parse_seat, parse_step, step_text};
use stadt_core::game::Game;
use std::fmt;
use std::path::Path;

/// The first line of a record.
pub const HEADER: &str = "stadt-unbezwingbare-record 1";

/// What starts a chance step's line.
pub const CHANCE: &str = "chance: ";

/// The header of a record of a game with the options and data of `s`, with a `seed` line when
/// `seed` is given.
pub fn header(s: &State, data: &Data, seed: Option<u64>) -> String {
    let mut out = format!(
        "{HEADER}\nplayers {}\noptions {}\ndata board={} cards={}\n",
        s.opts.players,
        chosen::text(&s.opts, data, true),
        data.board_sha256(),
        data.cards_sha256()
    );
    if let Some(seed) = seed {
        out.push_str(&format!("seed {seed}\n"));
    }
    out
}

/// A chance step's line (a reshuffle's without `chance: `), the card `?` when `hidden`.
pub fn step_line(s: &State, step: Step, hidden: bool) -> String {
    match step {
        Step::ReshuffleDraw | Step::ReshuffleInfluence => step_text(s.mat, step, false),
        _ => format!("{CHANCE}{}", step_text(s.mat, step, hidden)),
    }
}

/// The line of `mv`, about to be made in `s` by the seat deciding.
pub fn move_line(s: &State, mv: Move) -> String {
    format!("p{}: {}", s.decider().unwrap_or(s.actor) + 1, move_text(s, mv))
}

/// The chance steps since the last move, a line each.
pub fn end_lines(g: &Logged) -> String {
    let mut out = String::new();
    for &step in g.since_move() {
        out.push_str(&step_line(&g.state, step, false));
        out.push('\n');
    }
    out
}

/// A record's lines for `mv`, about to be made in `g`: the chance steps since the last move,
/// then the move's line.
pub fn record_lines(g: &Logged, mv: Move) -> String {
    let mut out = end_lines(g);
    out.push_str(&move_line(&g.state, mv));
    out.push('\n');
    out
}

/// A record's fault: its 1-based line and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for RecordError {}

/// A step of a replayed record, shown once it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown<'a> {
    /// Its 1-based line; None for the start.
    pub line: Option<usize>,
    /// Its line as written; empty at the start.
    pub text: &'a str,
    /// The move made, for a move's line.
    pub mv: Option<Move>,
}

/// A replayed record.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The data set it names.
    pub data: Data,
    /// The game at the record's end.
    pub game: Logged,
    /// The seed the header names, if any (not used).
    pub seed: Option<u64>,
    /// How many moves it holds.
    pub moves: usize,
}

/// The header's `key value` field at 0-based line `i`.
fn field<'t>(lines: &[&'t str], i: usize, key: &str) -> Result<&'t str, RecordError> {
    let l = lines.get(i).copied().unwrap_or("").trim();
    l.strip_prefix(key)
        .filter(|r| r.is_empty() || r.starts_with(' '))
        .map(str::trim)
        .ok_or_else(|| RecordError { line: i + 1, reason: format!("expected `{key} ...`, found `{l}`") })
}

/// A data file a record's options name: as given, else beside the record (`dir`).
fn beside(path: &str, dir: Option<&Path>) -> String {
    let p = Path::new(path);
    match dir {
        Some(d) if p.is_relative() && !p.exists() && d.join(p).exists() => d.join(p).display().to_string(),
        _ => path.to_string(),
    }
}

/// The game a record's header sets up: its options and data checked (the data's SHA-256 against
/// the `data` line), the index of the first line after the header, and the seed.
pub fn read_header(text: &str, dir: Option<&Path>) -> Result<(State, Data, usize, Option<u64>), RecordError> {
    let lines: Vec<&str> = text.lines().collect();
    let at = |line: usize, reason: String| RecordError { line, reason };
    if lines.first().map(|l| l.trim()) != Some(HEADER) {
        return Err(at(1, format!("the first line is not `{HEADER}`")));
    }
    let players: u8 = field(&lines, 1, "players")?
        .parse()
        .map_err(|_| at(2, "players is not a whole number".to_string()))?;
    let (mut o, board, cards) = chosen::read(field(&lines, 2, "options")?).map_err(|e| at(3, e))?;
    o.players = players;
    let o = chosen::normal(o);
    let board = board.map(|b| beside(&b, dir));
    let cards = cards.map(|c| beside(&c, dir));
    let data = Data::load(board.as_deref(), cards.as_deref()).map_err(|e| at(3, e.to_string()))?;
    let hashes = field(&lines, 3, "data")?;
    let want = format!("board={} cards={}", data.board_sha256(), data.cards_sha256());
    if hashes != want {
        return Err(at(4, format!("the data files are not the record's: they are `{want}` (section 17)")));
    }
    let state = State::new(data.mat, o).map_err(|e| at(2, e.to_string()))?;
    let mut i = 4;
    let mut seed = None;
    if lines.get(i).is_some_and(|l| l.trim_start().starts_with("seed")) {
        let v = field(&lines, i, "seed")?;
        seed = Some(v.parse::<u64>().map_err(|_| at(i + 1, format!("seed `{v}` is not a whole number")))?);
        i += 1;
    }
    Ok((state, data, i, seed))
}

/// The reshuffle lines a step from `before` to `after` must be followed by, in order.
fn due(before: &State, after: &State) -> Vec<&'static str> {
    let (draw, influence) = reshuffles(before, after);
    let mut out = Vec::new();
    if draw {
        out.push("reshuffle draw pile");
    }
    if influence {
        out.push("reshuffle influence pile");
    }
    out
}

/// Replays a record, every line checked, showing `shown` the game after the start and after
/// every move and chance step. A record may end at any point (the game then not over). `dir` is
/// the record's folder, where data files it names are also looked for.
pub fn replay_steps(
    text: &str,
    dir: Option<&Path>,
    shown: &mut dyn FnMut(&Logged, Shown<'_>),
) -> Result<Replayed, RecordError> {
    let (state, data, first, seed) = read_header(text, dir)?;
    let at = |line: usize, reason: String| RecordError { line, reason };
    let mut g = Logged::new(state);
    shown(&g, Shown { line: None, text: "", mv: None });
    let mut pending: Vec<&'static str> = Vec::new();
    let mut moves = 0;
    let lines: Vec<&str> = text.lines().collect();
    for (k, raw) in lines.iter().enumerate().skip(first) {
        let (n, line) = (k + 1, raw.trim());
        if line.is_empty() {
            continue;
        }
        if !pending.is_empty() {
            let want = pending.remove(0);
            if line != want {
                return Err(at(
                    n,
                    format!("`{line}`: the step before made a reshuffle, so `{want}` stands here (U38, U57)"),
                ));
            }
            continue;
        }
        if line.starts_with("reshuffle ") {
            return Err(at(n, format!("`{line}`: no reshuffle happens here (U38, U57)")));
        }
        let before = g.state;
        let mut mv = None;
        if let Some(rest) = line.strip_prefix(CHANCE) {
            let step = parse_step(&g.state, rest).map_err(|e| at(n, e))?.ok_or_else(|| {
                at(n, format!("`{rest}`: a record names every card (only a seat's record has `?`)"))
            })?;
            let id = step.outcome().unwrap_or(u64::MAX);
            if !g.force(id) {
                return Err(at(n, format!("`{rest}`: that card is not where this step takes it from (U77)")));
            }
        } else if let Some((who, rest)) = line.split_once(": ") {
            let seat = parse_seat(who).map_err(|e| at(n, e))?;
            if g.state.is_over() {
                return Err(at(n, "the game is over (U2)".to_string()));
            }
            let Some(decider) = g.state.decider() else {
                let want =
                    crate::logged::due(&g.state).map(|s| step_line(&g.state, s, true)).unwrap_or_default();
                return Err(at(n, format!("the record lacks the chance step due here, `{want}` (U77)")));
            };
            if seat != decider {
                return Err(at(n, format!("{who} moved, but p{} decides now", decider + 1)));
            }
            let m = parse_move(&g.state, rest).map_err(|e| at(n, e))?;
            g.state.check(m).map_err(|e| at(n, format!("`{rest}`: {e}")))?;
            g.apply(m);
            mv = Some(m);
            moves += 1;
        } else {
            return Err(at(
                n,
                format!(
                    "`{line}` is neither a move (`pN: ...`), a chance step (`chance: ...`) nor a reshuffle"
                ),
            ));
        }
        pending = due(&before, &g.state);
        shown(&g, Shown { line: Some(n), text: line, mv });
    }
    if let Some(want) = pending.first() {
        return Err(at(lines.len() + 1, format!("the record ends before `{want}` (U38, U57)")));
    }
    Ok(Replayed { data, game: g, seed, moves })
}

/// The seats (bit set) that see the card of a chance step: the drawer's (or dealt seat's), both
/// hands of a card taken, every seat for a card turned face up.
pub fn witnesses(s: &State, step: Step) -> u8 {
    let all = (1u8 << s.n) - 1;
    let seeing = |q: u8| (0..s.n).filter(|&v| s.sees_hand(v, q)).fold(0u8, |m, v| m | 1 << v);
    match step {
        Step::Deal { to, .. } | Step::Influence { to, .. } => seeing(to),
        Step::Draw { to, card } if !s.card(card).event => seeing(to),
        Step::Take { from, to, open: false, .. } => seeing(from) | seeing(to),
        _ => all,
    }
}

/// A tag naming seats: `p1,p3`.
fn tag(seats: u8, n: u8) -> String {
    (0..n).filter(|&v| seats & (1 << v) != 0).map(|v| format!("p{}", v + 1)).collect::<Vec<_>>().join(",")
}

/// A line shown to some seats only: `[p1] LINE`, and `[~p1] HIDDEN` for the others.
fn tagged(out: &mut String, seats: u8, n: u8, line: &str, hidden: &str) {
    let t = tag(seats, n);
    out.push_str(&format!("[{t}] {line}\n[~{t}] {hidden}\n"));
}

/// What `seat` (0-based) is shown of a public record (`PublicLog`): the lines for all, the lines
/// tagged with it (`[p2] ...`) and those tagged for all but others (`[~p1] ...`), without tags.
pub fn seat_record(text: &str, seat: usize) -> String {
    let me = format!("p{}", seat + 1);
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let shown = match line.strip_prefix('[').and_then(|l| l.split_once("] ")) {
            None => Some(line),
            Some((seats, rest)) => match seats.strip_prefix('~') {
                Some(others) => (!others.split(',').any(|q| q == me)).then_some(rest),
                None => seats.split(',').any(|q| q == me).then_some(rest),
            },
        };
        if let Some(l) = shown {
            out.push_str(l);
            out.push('\n');
        }
    }
    out
}

/// The public record of a game so far, for bots that read the position from it: the record's
/// lines, a card only some seats see written twice, tagged for them and, as `?`, for the others
/// (`[p2] chance: deal Kontor#1 to p2` and `[~p2] chance: deal ? to p2`); an influence card
/// dropped face down likewise (N15). A seat is shown its part (`seat_record`).
#[derive(Clone, Debug, Default)]
pub struct PublicLog {
    text: String,
    started: bool,
    /// The steps of the log since the last move written so far.
    written: usize,
}

impl PublicLog {
    /// An empty log.
    pub fn new() -> PublicLog {
        PublicLog::default()
    }

    /// Writes what happened since the log last looked: the header at first, then the chance
    /// steps since the last move.
    pub fn catch_up(&mut self, g: &Logged, data: &Data) {
        let s = &g.state;
        if !self.started {
            self.text.push_str(&header(s, data, None));
            self.started = true;
        }
        let steps = g.since_move();
        for &step in steps.iter().skip(self.written) {
            let w = witnesses(s, step);
            let line = step_line(s, step, false);
            if w == (1u8 << s.n) - 1 {
                self.text.push_str(&line);
                self.text.push('\n');
            } else {
                tagged(&mut self.text, w, s.n, &line, &step_line(s, step, true));
            }
        }
        self.written = steps.len();
    }

    /// Adds `mv`, about to be made in `g`.
    pub fn push(&mut self, g: &Logged, data: &Data, mv: Move) {
        self.catch_up(g, data);
        let s = &g.state;
        let line = move_line(s, mv);
        match (mv, s.decider()) {
            (Move::DropInfluence(_), Some(p)) => {
                let seeing = (0..s.n).filter(|&v| s.sees_hand(v, p)).fold(0u8, |m, v| m | 1 << v);
                tagged(&mut self.text, seeing, s.n, &line, &format!("p{}: drop ?", p + 1));
            }
            _ => {
                self.text.push_str(&line);
                self.text.push('\n');
            }
        }
        self.written = 0;
    }

    /// The log's text.
    pub fn text(&self) -> &str {
        &self.text
    }
}
