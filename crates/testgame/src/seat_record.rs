//! A game rebuilt from the record one seat is shown (`record::seat_record`: its own hand and
//! draws, everyone's plays), for a bot that reads its position from it (`stadt serve-bot`). What
//! the seat did not see is filled in so that every play stays legal: each other seat's cards, in
//! the order it received them (its hand, then its draws), are the cards it went on to play, in
//! that order; the cards still unseen follow in ascending order. The seat sees such a game
//! exactly as the real one (T6).

use crate::moves::{Chance, Move};
use crate::options::Options;
use crate::record::{CHANCE, HEADER, RecordError};
use crate::rules::{COPIES, DECK, VALUES};
use crate::state::{Phase, State, check_players};
use crate::text::parse_seat;

/// What the seat's record says, line by line: its own hand and draws, everyone's plays.
struct Seen {
    players: usize,
    options: Options,
    hand: Vec<u8>,
    /// The seat's draws, in order.
    draws: Vec<u8>,
    /// Every play: its line, seat and card, in order.
    plays: Vec<(usize, usize, u8)>,
    /// Every line after the header that is not blank: its number and text.
    steps: Vec<(usize, String)>,
}

/// The game the record `text` of seat `seat` (0-based) shows, its unseen cards filled in.
pub fn seat_state(text: &str, seat: usize) -> Result<State, RecordError> {
    let seen = read(text, seat)?;
    let deck = deck(&seen, seat)?;
    let at = |line: usize, reason: String| RecordError { line, reason };
    let mut s = State::with_deck(seen.players, seen.options, &deck).map_err(|e| at(2, e.to_string()))?;
    // The seat's last draw, not yet confirmed by its `chance: draw` line.
    let mut unconfirmed: Option<u8> = None;
    for (n, line) in &seen.steps {
        let n = *n;
        if let Some(rest) = line.strip_prefix(CHANCE) {
            match rest.parse::<Chance>().map_err(|e| at(n, e.to_string()))? {
                Chance::Draw(v) if unconfirmed == Some(v) => unconfirmed = None,
                Chance::Draw(v) => {
                    return Err(at(n, format!("`{rest}`: p{} drew no card {v} here (T4)", seat + 1)));
                }
                Chance::Deal { .. } => {}
            }
            continue;
        }
        if let Some(v) = unconfirmed {
            return Err(at(
                n,
                format!("the record lacks the card p{} drew, `chance: draw {v}` (T4)", seat + 1),
            ));
        }
        let (who, rest) = line.split_once(": ").unwrap_or(("", line));
        let mv = rest.parse::<Move>().map_err(|e| at(n, e.to_string()))?;
        if s.phase() == Phase::Play && parse_seat(line, who).ok() != Some(s.actor()) {
            return Err(at(n, format!("{who} moved, but it is p{}'s turn (T3)", s.actor() + 1)));
        }
        let actor = s.actor();
        s.play(mv).map_err(|e| at(n, format!("`{rest}`: {e}")))?;
        if s.phase() == Phase::Draw {
            let v = s.draw_top().map_err(|e| at(n, e.to_string()))?;
            if actor == seat {
                unconfirmed = Some(v);
            }
        }
    }
    match unconfirmed {
        Some(v) => Err(at(
            seen.steps.last().map_or(1, |s| s.0),
            format!("the record ends before the card p{} drew, `chance: draw {v}` (T4)", seat + 1),
        )),
        None => Ok(s),
    }
}

/// Reads the header and the lines of the record, checking what can be checked line by line.
fn read(text: &str, seat: usize) -> Result<Seen, RecordError> {
    let at = |line: usize, reason: String| RecordError { line, reason };
    let lines: Vec<&str> = text.lines().collect();
    let field = |i: usize, key: &str| -> Result<&str, RecordError> {
        let l = lines.get(i).copied().unwrap_or("").trim();
        l.strip_prefix(key)
            .filter(|r| r.starts_with(' '))
            .map(str::trim)
            .ok_or_else(|| at(i + 1, format!("expected `{key} ...`, found `{l}`")))
    };
    if lines.first().map(|l| l.trim()) != Some(HEADER) {
        return Err(at(1, format!("the first line is not `{HEADER}`")));
    }
    let players: usize =
        field(1, "players")?.parse().map_err(|_| at(2, "players is not a whole number".to_string()))?;
    let options = Options::parse(field(2, "options")?).map_err(|e| at(3, e.to_string()))?;
    check_players(players, options).map_err(|e| at(2, e.to_string()))?;
    if seat >= players {
        return Err(at(2, format!("the record is of {players} players, and the bot has seat {}", seat + 1)));
    }
    let mut seen =
        Seen { players, options, hand: Vec::new(), draws: Vec::new(), plays: Vec::new(), steps: Vec::new() };
    let mut dealt = false;
    for (k, raw) in lines.iter().enumerate().skip(3) {
        let (n, line) = (k + 1, raw.trim());
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix(CHANCE) {
            match rest.parse::<Chance>().map_err(|e| at(n, e.to_string()))? {
                Chance::Deal { seat: s, hand } if s == seat && !dealt && seen.plays.is_empty() => {
                    if hand.len() != options.hand as usize {
                        return Err(at(
                            n,
                            format!(
                                "p{} is dealt {} card(s), but hand={} (T2)",
                                seat + 1,
                                hand.len(),
                                options.hand
                            ),
                        ));
                    }
                    seen.hand = hand.values().collect();
                    dealt = true;
                }
                Chance::Deal { .. } => {
                    return Err(at(
                        n,
                        format!(
                            "`{rest}`: p{} is shown its own hand alone, once, before play (T2, T6)",
                            seat + 1
                        ),
                    ));
                }
                Chance::Draw(v) => seen.draws.push(v),
            }
        } else if let Some((who, rest)) = line.split_once(": ") {
            let q = parse_seat(line, who).map_err(|e| at(n, e.to_string()))?;
            let mv = rest.parse::<Move>().map_err(|e| at(n, e.to_string()))?;
            if !dealt {
                return Err(at(
                    n,
                    format!("a play before p{}'s hand, `chance: deal p{} ...` (T2)", seat + 1, seat + 1),
                ));
            }
            seen.plays.push((n, q, mv.card()));
        } else {
            return Err(at(n, format!("`{line}` is neither a move (`pN: play V`) nor a chance outcome")));
        }
        seen.steps.push((n, line.to_string()));
    }
    if !dealt {
        return Err(at(lines.len().max(3), format!("the record lacks p{}'s hand (T2)", seat + 1)));
    }
    Ok(seen)
}

/// A deck (top first: the hands in seat order, then the draw pile) that deals `seat` what it saw
/// and every other seat the cards it played, in the order it played them.
fn deck(seen: &Seen, seat: usize) -> Result<[u8; DECK], RecordError> {
    let (n, h) = (seen.players, seen.options.hand as usize);
    // The card a seat receives `r`-th (0-based: its hand, then its draws), when known.
    let received = |q: usize, r: usize| -> Option<u8> {
        if q == seat {
            return if r < h { seen.hand.get(r).copied() } else { seen.draws.get(r - h).copied() };
        }
        seen.plays.iter().filter(|p| p.1 == q).nth(r).map(|p| p.2)
    };
    let mut deck: [Option<u8>; DECK] = [None; DECK];
    for (i, slot) in deck.iter_mut().enumerate() {
        // Draw `j` is made after play `j`, by that play's seat (T4).
        let (q, r) = if i < n * h { (i / h, i % h) } else { ((i - n * h) % n, h + (i - n * h) / n) };
        *slot = received(q, r);
    }
    let mut left = [COPIES; VALUES as usize];
    for v in deck.iter().flatten() {
        let l = &mut left[*v as usize - 1];
        *l = l.checked_sub(1).ok_or_else(|| RecordError {
            line: seen.plays.last().map_or(1, |p| p.0),
            reason: format!(
                "p{}'s cards and the cards played hold more than the deck's {COPIES} cards of value {v} (T2)",
                seat + 1
            ),
        })?;
    }
    let mut unseen = (1..=VALUES).flat_map(|v| std::iter::repeat_n(v, left[v as usize - 1] as usize));
    Ok(deck.map(|slot| slot.or_else(|| unseen.next()).unwrap_or(0)))
}
