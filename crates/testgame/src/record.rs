//! Records: a game written as text from which it is rebuilt without its seed, every chance
//! outcome on a `chance:` line; and the public record a seat is shown.
//!
//! ```text
//! stadt-kartenspitze-record 1
//! players 2
//! options hand=3
//! seed 7                   (optional; replay does not need it)
//! chance: deal p1 2 5 9    (one line per seat, in seat order)
//! chance: deal p2 1 1 8
//! p1: play 9
//! chance: draw 4           (the card p1 drew)
//! p2: play 8
//! ...
//! ```

use crate::moves::{Chance, Hand, Move};
use crate::options::Options;
use crate::rules::{COPIES, VALUES};
use crate::state::{Phase, State, check_players};
use crate::text::parse_seat;
use std::fmt;

/// The first line of a record.
pub const HEADER: &str = "stadt-kartenspitze-record 1";

/// What starts a chance outcome's line.
pub const CHANCE: &str = "chance: ";

/// The header of a record of the real game `s` (its seats' dealt hands, whatever it has come
/// to), with a `seed` line when `seed` is given.
pub fn header(s: &State, seed: Option<u64>) -> String {
    let mut out = format!("{HEADER}\nplayers {}\noptions {}\n", s.players(), s.options().text());
    if let Some(seed) = seed {
        out.push_str(&format!("seed {seed}\n"));
    }
    for seat in 0..s.players() {
        out.push_str(&format!("{CHANCE}{}\n", Chance::Deal { seat, hand: dealt(s, seat) }));
    }
    out
}

/// The hand `seat` was dealt in the real game `s` (records are written of real games, which
/// hold every draw; a seat's view does not).
fn dealt(s: &State, seat: usize) -> Hand {
    s.dealt_hand(seat).expect("a record is written of the real game, which holds every draw")
}

/// The line of `mv`, about to be made by the player to act in `s`.
pub fn move_line(s: &State, mv: Move) -> String {
    format!("p{}: {mv}", s.actor() + 1)
}

/// A record's lines for `mv`, about to be made in `s`: the card drawn since the last move, then
/// the move's line, each ending in a newline.
pub fn record_lines(s: &State, mv: Move) -> String {
    let mut out = end_lines(s);
    out.push_str(&move_line(s, mv));
    out.push('\n');
    out
}

/// The chance outcome since the last move, as a line (empty when there is none).
pub fn end_lines(s: &State) -> String {
    match s.drawn_since_move() {
        Some(v) => format!("{CHANCE}{}\n", Chance::Draw(v)),
        None => String::new(),
    }
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
pub struct Step<'a> {
    /// Its 1-based line; None for the start (the deal).
    pub line: Option<usize>,
    /// Its line as written; empty at the start.
    pub text: &'a str,
}

/// A replayed record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The game at the record's end.
    pub state: State,
    /// The seed the header names, if any (not used).
    pub seed: Option<u64>,
    /// How many moves it holds.
    pub moves: usize,
}

/// Replays a record: the game it ends in, every line checked.
pub fn replay(text: &str) -> Result<State, RecordError> {
    replay_steps(text, &mut |_, _| {}).map(|r| r.state)
}

/// The header's `key value` field at 0-based line `i`.
fn field<'t>(lines: &[&'t str], i: usize, key: &str) -> Result<&'t str, RecordError> {
    let l = lines.get(i).copied().unwrap_or("").trim();
    l.strip_prefix(key)
        .filter(|r| r.is_empty() || r.starts_with(' '))
        .map(str::trim)
        .ok_or_else(|| RecordError { line: i + 1, reason: format!("expected `{key} ...`, found `{l}`") })
}

/// Replays a record, showing `step` the game after the deal and after every move and draw. A
/// record may end at any point (the game then not over); the undrawn cards, whose order it does
/// not hold, lie in ascending order until a `chance: draw` line names each draw.
pub fn replay_steps(text: &str, step: &mut dyn FnMut(&State, Step<'_>)) -> Result<Replayed, RecordError> {
    let lines: Vec<&str> = text.lines().collect();
    let at = |line: usize, reason: String| RecordError { line, reason };
    if lines.first().map(|l| l.trim()) != Some(HEADER) {
        return Err(at(1, format!("the first line is not `{HEADER}`")));
    }
    let players: usize = field(&lines, 1, "players")?
        .parse()
        .map_err(|_| at(2, "players is not a whole number".to_string()))?;
    let options = Options::parse(field(&lines, 2, "options")?).map_err(|e| at(3, e.to_string()))?;
    check_players(players, options).map_err(|e| at(2, e.to_string()))?;
    let mut i = 3;
    let mut seed = None;
    if lines.get(i).is_some_and(|l| l.trim_start().starts_with("seed")) {
        let v = field(&lines, i, "seed")?;
        seed = Some(v.parse::<u64>().map_err(|_| at(i + 1, format!("seed `{v}` is not a whole number")))?);
        i += 1;
    }
    // The deal: one hand per seat in seat order, together within the deck (T2), checked line by
    // line (`State::from_hands` checks the same) so that an error names the deal line at fault.
    let mut hands = Vec::with_capacity(players);
    let mut left = [COPIES; VALUES as usize];
    for seat in 0..players {
        let line = lines.get(i).copied().unwrap_or("").trim();
        let dealt = line
            .strip_prefix(CHANCE)
            .map(|rest| rest.parse::<Chance>().map_err(|e| at(i + 1, e.to_string())))
            .transpose()?;
        let hand = match dealt {
            Some(Chance::Deal { seat: s, hand }) if s == seat => hand,
            _ => {
                return Err(at(
                    i + 1,
                    format!("expected p{}'s hand, `chance: deal p{} ...` (T2)", seat + 1, seat + 1),
                ));
            }
        };
        if hand.len() != options.hand as usize {
            return Err(at(
                i + 1,
                format!("p{} is dealt {} card(s), but hand={} (T2)", seat + 1, hand.len(), options.hand),
            ));
        }
        for v in 1..=VALUES {
            let l = &mut left[v as usize - 1];
            *l = l.checked_sub(hand.count(v)).ok_or_else(|| {
                at(i + 1, format!("the hands hold more than the deck's {COPIES} cards of value {v} (T2)"))
            })?;
        }
        hands.push(hand);
        i += 1;
    }
    let mut s = State::from_hands(players, options, &hands).map_err(|e| at(i, e.to_string()))?;
    step(&s, Step { line: None, text: "" });
    let mut moves = 0;
    for (k, raw) in lines.iter().enumerate().skip(i) {
        let (n, line) = (k + 1, raw.trim());
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix(CHANCE) {
            match rest.parse::<Chance>().map_err(|e| at(n, e.to_string()))? {
                Chance::Draw(v) => s.draw_card(v).map_err(|e| at(n, format!("`{rest}`: {e}")))?,
                Chance::Deal { .. } => {
                    return Err(at(n, format!("`{rest}`: the hands are dealt before play begins (T2)")));
                }
            }
        } else if let Some((who, rest)) = line.split_once(": ") {
            let seat = parse_seat(line, who).map_err(|e| at(n, e.to_string()))?;
            let mv = rest.parse::<Move>().map_err(|e| at(n, e.to_string()))?;
            if s.phase() == Phase::Draw {
                return Err(at(
                    n,
                    "the record lacks the card drawn (`chance: draw N`) before this move (T4)".into(),
                ));
            }
            if s.phase() == Phase::Play && seat != s.actor() {
                return Err(at(n, format!("{who} moved, but it is p{}'s turn (T3)", s.actor() + 1)));
            }
            s.play(mv).map_err(|e| at(n, format!("`{rest}`: {e}")))?;
            moves += 1;
        } else {
            return Err(at(n, format!("`{line}` is neither a move (`pN: play V`) nor `chance: draw V`")));
        }
        step(&s, Step { line: Some(n), text: line });
    }
    Ok(Replayed { state: s, seed, moves })
}

/// What `seat` (0-based) is shown of a public record (`PublicLog`): every line for all, and the
/// lines only it saw, without their tag.
pub fn seat_record(text: &str, seat: usize) -> String {
    let me = format!("p{}", seat + 1);
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let shown = match line.strip_prefix('[').and_then(|l| l.split_once("] ")) {
            None => Some(line),
            Some((seats, rest)) => seats.split(',').any(|q| q == me).then_some(rest),
        };
        if let Some(l) = shown {
            out.push_str(l);
            out.push('\n');
        }
    }
    out
}

/// The public record of a game so far, for bots that read the position from it: the record's
/// lines, a hand dealt or a card drawn tagged with the one seat that saw it (`[p2] chance: draw
/// 4`). A seat is shown only its own tagged lines (`seat_record`).
#[derive(Clone, Debug, Default)]
pub struct PublicLog {
    text: String,
    started: bool,
    /// The draws written so far.
    draws: usize,
}

impl PublicLog {
    /// An empty log.
    pub fn new() -> PublicLog {
        PublicLog::default()
    }

    /// Writes what happened since the log last looked: the header and the deal at first, then
    /// the cards drawn (draw `i` was made by the seat of play `i`, T4).
    pub fn catch_up(&mut self, s: &State) {
        let n = s.players();
        if !self.started {
            self.text.push_str(&format!("{HEADER}\nplayers {n}\noptions {}\n", s.options().text()));
            for seat in 0..n {
                let deal = Chance::Deal { seat, hand: dealt(s, seat) };
                self.text.push_str(&format!("[p{}] {CHANCE}{deal}\n", seat + 1));
            }
            self.started = true;
        }
        let drawn = s.drawn as usize;
        for i in self.draws..drawn {
            self.text.push_str(&format!("[p{}] {CHANCE}{}\n", i % n + 1, Chance::Draw(s.draw[i])));
        }
        self.draws = self.draws.max(drawn);
    }

    /// Adds `mv`, about to be made in `s`.
    pub fn push(&mut self, s: &State, mv: Move) {
        self.catch_up(s);
        self.text.push_str(&move_line(s, mv));
        self.text.push('\n');
    }

    /// The log's text.
    pub fn text(&self) -> &str {
        &self.text
    }
}
