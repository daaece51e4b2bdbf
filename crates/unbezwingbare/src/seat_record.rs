//! A game rebuilt from the record one seat is shown (`record::seat_record`: its own cards, the
//! public steps, the others' hidden cards as `?`), for a bot that reads its position from it
//! (`stadt serve-bot`). A hidden card is filled in with the lowest card it may be; when a later
//! line shows a card in a place the seat cannot see into (an opponent places `Kontor#1`, plays
//! `Verrat#2`, or turns a card the fill gave to a hand), that card is swapped there with a card
//! of that place the seat cannot see either. Every place then holds as many cards as in the real
//! game and the seat's cards are the real ones, so the seat sees the rebuilt game exactly as the
//! real one (U76): its view deals what it cannot see afresh from the same cards.

use crate::logged::{Logged, Step, due};
use crate::moves::Move;
use crate::record::{CHANCE, RecordError, read_header, step_line};
use crate::state::{State, bits32};
use crate::text::{parse_move, parse_seat, parse_step};
use stadt_core::game::Game;

/// A place that hides building and event cards from the seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// A part of the draw pile.
    Pile(usize),
    /// The cards of a hand the seat does not know of.
    Hand(u8),
}

/// A place that hides influence cards from the seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hidden {
    /// The influence pile.
    Pile,
    /// Another seat's influence hand.
    Hand(u8),
    /// The influence discards dropped face down by another seat (N15).
    Down(u8),
}

/// The cards of `place` that `v` cannot see.
fn cards_in(s: &State, place: Place) -> u128 {
    match place {
        Place::Pile(k) => s.pile[k],
        Place::Hand(q) => s.hand[usize::from(q)] & !s.known[usize::from(q)],
    }
}

/// Where deck card `x` lies hidden from `v`, if it does.
fn place_of(s: &State, v: u8, x: u8) -> Option<Place> {
    let bit = 1u128 << x;
    (0..3)
        .map(Place::Pile)
        .chain((0..s.n).filter(|&q| !s.sees_hand(v, q)).map(Place::Hand))
        .find(|&p| cards_in(s, p) & bit != 0)
}

/// Moves the bits of `x` out of and `y` into `place` (a swap's half).
fn swap_in(s: &mut State, place: Place, out: u8, inn: u8) {
    let (o, i) = (1u128 << out, 1u128 << inn);
    match place {
        Place::Pile(k) => s.pile[k] = (s.pile[k] & !o) | i,
        Place::Hand(q) => {
            let h = &mut s.hand[usize::from(q)];
            *h = (*h & !o) | i;
        }
    }
}

/// Puts deck card `x` into `to`, swapping it with a card of `to` hidden from `v` that may lie
/// where `x` was (a building card where it was in a hand).
fn bring(s: &mut State, v: u8, x: u8, to: Place) -> Result<(), String> {
    let there = match to {
        Place::Pile(k) => s.pile[k],
        Place::Hand(q) => s.hand[usize::from(q)],
    };
    if there & (1u128 << x) != 0 {
        return Ok(());
    }
    let name = crate::text::card(s.mat, x);
    let from = place_of(s, v, x)
        .ok_or_else(|| format!("{name} is where p{} sees it, so it cannot have come here (U76)", v + 1))?;
    let mut pool = cards_in(s, to);
    if matches!(from, Place::Hand(_)) {
        pool &= (0..crate::material::DECK as u8).filter(|&c| !s.card(c).event).fold(0, |m, c| m | 1u128 << c);
    }
    if pool == 0 {
        return Err(format!("no card p{} cannot see can make room for {name} here", v + 1));
    }
    let y = pool.trailing_zeros() as u8;
    swap_in(s, from, x, y);
    swap_in(s, to, y, x);
    Ok(())
}

/// The influence cards of `place`.
fn influence_in(s: &State, place: Hidden) -> u32 {
    match place {
        Hidden::Pile => s.influence_pile,
        Hidden::Hand(q) => s.influence[usize::from(q)],
        Hidden::Down(q) => s.dropped[usize::from(q)] & s.influence_discard & !s.played_influence,
    }
}

/// Where influence card `x` lies hidden from `v`, if it does.
fn influence_place(s: &State, v: u8, x: u8) -> Option<Hidden> {
    let others: Vec<u8> = (0..s.n).filter(|&q| !s.sees_hand(v, q)).collect();
    std::iter::once(Hidden::Pile)
        .chain(others.iter().map(|&q| Hidden::Hand(q)))
        .chain(others.iter().map(|&q| Hidden::Down(q)))
        .find(|&p| influence_in(s, p) & (1u32 << x) != 0)
}

/// Moves influence card `out` out of `place` and `inn` into it.
fn influence_swap(s: &mut State, place: Hidden, out: u8, inn: u8) {
    let (o, i) = (1u32 << out, 1u32 << inn);
    match place {
        Hidden::Pile => s.influence_pile = (s.influence_pile & !o) | i,
        Hidden::Hand(q) => {
            let h = &mut s.influence[usize::from(q)];
            *h = (*h & !o) | i;
        }
        Hidden::Down(q) => {
            let d = &mut s.dropped[usize::from(q)];
            *d = (*d & !o) | i;
        }
    }
}

/// Puts influence card `x` into `to`, swapping it with a card of `to` hidden from `v`.
fn bring_influence(s: &mut State, v: u8, x: u8, to: Hidden) -> Result<(), String> {
    if influence_in(s, to) & (1u32 << x) != 0 {
        return Ok(());
    }
    let name = crate::text::influence(s.mat, x);
    let from = influence_place(s, v, x)
        .ok_or_else(|| format!("{name} is where p{} sees it, so it cannot have come here (U76)", v + 1))?;
    let pool = influence_in(s, to);
    if pool == 0 {
        return Err(format!("no influence card p{} cannot see can make room for {name} here", v + 1));
    }
    let y = pool.trailing_zeros() as u8;
    influence_swap(s, from, x, y);
    influence_swap(s, to, y, x);
    Ok(())
}

/// The first part of the draw pile holding a card (the one a card is turned from, U66).
fn top(s: &State) -> usize {
    (0..3).find(|&k| s.pile[k] != 0).unwrap_or(0)
}

/// Makes the chance step `step`, which `v` sees, possible: its card where the step takes it from.
fn make_room(s: &mut State, v: u8, step: Step) -> Result<(), String> {
    match step {
        Step::Deal { card, .. } => bring(s, v, card, Place::Pile(0)),
        Step::Turn { card } | Step::Draw { card, .. } => bring(s, v, card, Place::Pile(top(s))),
        Step::Influence { card, .. } => bring_influence(s, v, card, Hidden::Pile),
        Step::Take { from, card, .. }
            if !s.sees_hand(v, from) && s.hand[usize::from(from)] & (1u128 << card) == 0 =>
        {
            bring(s, v, card, Place::Hand(from))
        }
        _ => Ok(()),
    }
}

/// The card a chance step `v` does not see is filled with: the lowest it may be.
fn fill(s: &mut State, v: u8, step: Step) -> Result<u64, String> {
    let buildings =
        (0..crate::material::DECK as u8).filter(|&c| !s.card(c).event).fold(0u128, |m, c| m | 1u128 << c);
    let lowest = |m: u128| (m != 0).then(|| u64::from(m.trailing_zeros()));
    let none = || format!("no card p{} cannot see is left for this step", v + 1);
    match step {
        Step::Deal { .. } => lowest(s.pile[0] & buildings).ok_or_else(none),
        Step::Draw { .. } => {
            // A card the seat does not see is a building card (an event is turned face up).
            let k = top(s);
            if s.pile[k] & buildings == 0 {
                let other = (k + 1..3).find(|&j| s.pile[j] & buildings != 0).ok_or_else(none)?;
                let x = (s.pile[other] & buildings).trailing_zeros() as u8;
                bring(s, v, x, Place::Pile(k))?;
            }
            lowest(s.pile[k] & buildings).ok_or_else(none)
        }
        Step::Influence { .. } => {
            lowest(u128::from(s.influence_pile)).map(|c| crate::flow::INFLUENCE_OUTCOME + c).ok_or_else(none)
        }
        Step::Take { from, .. } => {
            let f = usize::from(from);
            lowest(s.hand[f] & !s.known[f]).map(|c| crate::flow::TAKE_OUTCOME + c).ok_or_else(none)
        }
        _ => Err(none()),
    }
}

/// Puts the card `mv` shows in the mover's hand, where `v` cannot see into it.
fn reveal(s: &mut State, v: u8, mover: u8, mv: Move) -> Result<(), String> {
    if s.sees_hand(v, mover) {
        return Ok(());
    }
    match mv {
        Move::Sell(c)
        | Move::SellMarket(c)
        | Move::Place { card: c, .. }
        | Move::Rebuild { card: c, .. }
        | Move::Discard(c) => bring(s, v, c, Place::Hand(mover)),
        Move::Play { card, .. } | Move::DropInfluence(card) => {
            bring_influence(s, v, card, Hidden::Hand(mover))
        }
        _ => Ok(()),
    }
}

/// A step of the record: a chance outcome or a move.
#[derive(Clone, Copy)]
enum Made {
    /// A chance outcome's id.
    Outcome(u64),
    /// A move.
    Move(Move),
}

/// Whether `s` is where `line` may stand: at a chance step for a chance line, at the decision of
/// the seat a move line names.
fn fits(s: &State, line: &str) -> bool {
    if line.starts_with(CHANCE) {
        return s.decider().is_none() && !s.is_over();
    }
    match line.split_once(": ").map(|(who, _)| parse_seat(who)) {
        Some(Ok(q)) => s.decider() == Some(q),
        _ => true,
    }
}

/// Gives seat `q` the influence cards `want` (as many as it holds), each swapped with one of its
/// cards not wanted from where it lay hidden from `v`.
fn hand_to(s: &mut State, v: u8, q: u8, want: &[u8]) -> bool {
    let wanted = want.iter().fold(0u32, |m, &c| m | 1 << c);
    for &x in want {
        let hand = s.influence[usize::from(q)];
        if hand & (1 << x) != 0 {
            continue;
        }
        let spare = hand & !wanted;
        let Some(from) = influence_place(s, v, x) else { return false };
        if spare == 0 {
            return false;
        }
        let y = spare.trailing_zeros() as u8;
        influence_swap(s, from, x, y);
        influence_swap(s, Hidden::Hand(q), y, x);
    }
    true
}

/// Whether a seat decides or not can show what influence cards it holds (one it may play before
/// phase 1, U56; one that answers, S9). When the next line does not fit the game after the step
/// `made` from `prev`, tries the influence hands of one seat `v` cannot see into, among the cards
/// hidden from `v`, until the step leads to a game `ok` accepts (given the game before the step,
/// the cards swapped, and after it); both games are returned.
fn refit(prev: &State, made: Made, v: u8, ok: &dyn Fn(&State, &State) -> bool) -> Option<(State, State)> {
    for q in (0..prev.n).filter(|&q| !prev.sees_hand(v, q)) {
        let h = prev.influence[usize::from(q)].count_ones() as usize;
        if h == 0 {
            continue;
        }
        // Up to `h` cards of each name, among the cards hidden from `v` and `q`'s own.
        let mut pool = prev.influence_pile | prev.influence[usize::from(q)];
        for r in (0..prev.n).filter(|&r| !prev.sees_hand(v, r)) {
            pool |= prev.influence[usize::from(r)] | influence_in(prev, Hidden::Down(r));
        }
        let mut cands: Vec<u8> = Vec::new();
        for c in bits32(pool) {
            let kind = prev.mat.influence_kind[usize::from(c)];
            if cands.iter().filter(|&&d| prev.mat.influence_kind[usize::from(d)] == kind).count() < h {
                cands.push(c);
            }
        }
        let mut pick = vec![0usize; h];
        let mut combos = Vec::new();
        choose(cands.len(), h, 0, 0, &mut pick, &mut combos);
        for combo in combos {
            let want: Vec<u8> = combo.iter().map(|&i| cands[i]).collect();
            let mut s = *prev;
            if !hand_to(&mut s, v, q, &want) {
                continue;
            }
            let swapped = s;
            let made_it = match made {
                Made::Outcome(id) => s.force(id),
                Made::Move(mv) => {
                    s.check(mv).is_ok() && {
                        s.apply(mv);
                        true
                    }
                }
            };
            if made_it && ok(&swapped, &s) {
                return Some((swapped, s));
            }
        }
    }
    None
}

/// Every choice of `k` of `n` indices (ascending), into `out`.
fn choose(n: usize, k: usize, from: usize, depth: usize, pick: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    if depth == k {
        out.push(pick.clone());
        return;
    }
    for i in from..n {
        pick[depth] = i;
        choose(n, k, i + 1, depth + 1, pick, out);
    }
}

/// The reshuffle lines the step from `before` to `after` is followed by (U38, U57).
fn reshuffle_lines(before: &State, after: &State) -> Vec<String> {
    let (draw, influence) = crate::logged::reshuffles(before, after);
    let mut out = Vec::new();
    if draw {
        out.push("reshuffle draw pile".to_string());
    }
    if influence {
        out.push("reshuffle influence pile".to_string());
    }
    out
}

/// The game the record `text` of seat `seat` (0-based) shows, its unseen cards filled in.
pub fn seat_state(text: &str, seat: usize) -> Result<State, RecordError> {
    let (state, _data, first, _seed) = read_header(text, None)?;
    let at = |line: usize, reason: String| RecordError { line, reason };
    if seat >= state.seats() {
        return Err(at(
            2,
            format!("the record is of {} seats, and the bot has seat {}", state.seats(), seat + 1),
        ));
    }
    let v = seat as u8;
    let mut g = Logged::new(state);
    let mut pending: Vec<String> = Vec::new();
    let mut last: Option<(State, Made)> = None;
    let lines: Vec<&str> = text.lines().collect();
    for (k, raw) in lines.iter().enumerate().skip(first) {
        let (n, line) = (k + 1, raw.trim());
        if line.is_empty() {
            continue;
        }
        let reshuffle = line.starts_with("reshuffle ");
        let expected = match pending.first() {
            Some(want) => line == want,
            None => !reshuffle && fits(&g.state, line),
        };
        if !expected && let Some((prev, made)) = last {
            let ok = |from: &State, s: &State| match reshuffle_lines(from, s).first() {
                Some(want) => line == want,
                None => !reshuffle && fits(s, line),
            };
            if let Some((from, s)) = refit(&prev, made, v, &ok) {
                pending = reshuffle_lines(&from, &s);
                g = Logged::new(s);
            }
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
        // The game after any swap of hidden cards, before the step: what the step changes.
        let before;
        if let Some(rest) = line.strip_prefix(CHANCE) {
            let id = match parse_step(&g.state, rest).map_err(|e| at(n, e))? {
                Some(step) => {
                    make_room(&mut g.state, v, step).map_err(|e| at(n, format!("`{rest}`: {e}")))?;
                    step.outcome().unwrap_or(u64::MAX)
                }
                None => {
                    let step =
                        due(&g.state).ok_or_else(|| at(n, format!("`{rest}`: no chance step is due")))?;
                    fill(&mut g.state, v, step).map_err(|e| at(n, format!("`{rest}`: {e}")))?
                }
            };
            before = g.state;
            if !g.force(id) {
                return Err(at(n, format!("`{rest}`: that card is not where this step takes it from (U77)")));
            }
            last = Some((before, Made::Outcome(id)));
        } else if let Some((who, rest)) = line.split_once(": ") {
            let mover = parse_seat(who).map_err(|e| at(n, e))?;
            let Some(decider) = g.state.decider() else {
                let want = due(&g.state).map(|s| step_line(&g.state, s, true)).unwrap_or_default();
                return Err(at(n, format!("the record lacks the chance step due here, `{want}` (U77)")));
            };
            if mover != decider {
                return Err(at(n, format!("{who} moved, but p{} decides now", decider + 1)));
            }
            let mv = if rest == "drop ?" {
                let hand = g.state.influence[usize::from(mover)];
                Move::DropInfluence(if hand == 0 { 0 } else { hand.trailing_zeros() as u8 })
            } else {
                let mv = parse_move(&g.state, rest).map_err(|e| at(n, e))?;
                reveal(&mut g.state, v, mover, mv).map_err(|e| at(n, format!("`{rest}`: {e}")))?;
                mv
            };
            g.state.check(mv).map_err(|e| at(n, format!("`{rest}`: {e}")))?;
            before = g.state;
            g.apply(mv);
            last = Some((before, Made::Move(mv)));
        } else if line.starts_with("reshuffle ") {
            return Err(at(n, format!("`{line}`: no reshuffle happens here (U38, U57)")));
        } else {
            return Err(at(n, format!("`{line}` is neither a move, a chance step nor a reshuffle")));
        }
        pending = reshuffle_lines(&before, &g.state);
    }
    Ok(g.state)
}
