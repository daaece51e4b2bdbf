//! Moves and chance outcomes as text, and read back. A card is its name (data.md), with `#K`, its
//! copy among the cards of that name, when there are several (`Pferdestall#2`); an area is its id
//! on the board, 1 to 48 (`area 12`); a seat is `p1` to `p5`. A card named without its copy is
//! read as the lowest copy where the move takes it from (a person typing a move).
//!
//! Moves: `start area 12`, `stop choosing`, `turn cards`, `income area 12`, `sell C`, `buy
//! pawned C`, `buy drawn`, `sell market C`, `buy market C`, `buy area 12`, `place C area 12`,
//! `rebuild C area 12`, `buy influence`, `play I` or `play I against p2`, `end phase 2`, `drop I`,
//! `pass`, `pick area 12`, `discard C`, `move building area 3 to area 7`. Chance steps: `deal C to
//! p1`, `turn C`, `draw C for p1`, `influence I for p1`, `take C from p2 to p1`; a card a seat
//! does not see is `?` in the record it is shown.

use crate::logged::Step;
use crate::material::{DECK, Material};
use crate::moves::{Move, NOBODY};
use crate::state::{AREAS, SEATS, State};

/// A deck card's kind: its name's entry in the card file, and its copies' ids.
fn deck_copies(mat: &Material, card: u8) -> (usize, usize) {
    let d = mat.deck[usize::from(card)];
    let same = |i: usize| mat.deck[i].event == d.event && mat.deck[i].kind == d.kind;
    let first = (0..DECK).find(|&i| same(i)).unwrap_or(0);
    let count = (first..DECK).take_while(|&i| same(i)).count();
    (usize::from(card) - first + 1, count)
}

/// A deck card as text: `Name` or `Name#K`.
pub fn card(mat: &Material, card: u8) -> String {
    let (k, count) = deck_copies(mat, card);
    let name = mat.name(card);
    if count > 1 { format!("{name}#{k}") } else { name.to_string() }
}

/// An influence card as text: `Name` or `Name#K`.
pub fn influence(mat: &Material, card: u8) -> String {
    let kind = mat.influence_kind[usize::from(card)];
    let first = mat.influence_kind.iter().position(|&k| k == kind).unwrap_or(0);
    let count = mat.influence_kind.iter().filter(|&&k| k == kind).count();
    let name = &mat.data.cards.influence[usize::from(kind)].name;
    if count > 1 { format!("{name}#{}", usize::from(card) - first + 1) } else { name.clone() }
}

/// Splits `Name#K` into the name and the copy (None without `#K`).
fn name_copy(word: &str) -> Result<(&str, Option<usize>), String> {
    match word.rsplit_once('#') {
        Some((name, k)) => {
            let k = k.parse::<usize>().ok().filter(|&k| k >= 1).ok_or_else(|| {
                format!("`{word}`: the copy after `#` is a whole number from 1, as in `Pferdestall#2`")
            })?;
            Ok((name, Some(k)))
        }
        None => Ok((word, None)),
    }
}

/// The deck card `word` names (`Name#K`; `Name` alone: the lowest copy in `among`, else the first).
pub fn parse_card(mat: &Material, word: &str, among: u128) -> Result<u8, String> {
    let (name, copy) = name_copy(word.trim())?;
    let ids: Vec<u8> = (0..DECK as u8).filter(|&i| mat.name(i) == name).collect();
    if ids.is_empty() {
        return Err(format!("`{name}` is no building or event card of the card file (data.md)"));
    }
    match copy {
        Some(k) => {
            ids.get(k - 1).copied().ok_or_else(|| format!("`{word}`: there are {} card(s) {name}", ids.len()))
        }
        None => Ok(ids.iter().copied().find(|&i| among & (1u128 << i) != 0).unwrap_or(ids[0])),
    }
}

/// The influence card `word` names (`Name#K`; `Name` alone: the lowest copy in `among`, else the
/// first).
pub fn parse_influence(mat: &Material, word: &str, among: u32) -> Result<u8, String> {
    let (name, copy) = name_copy(word.trim())?;
    let ids: Vec<u8> = (0..mat.influence_kind.len() as u8)
        .filter(|&i| mat.data.cards.influence[usize::from(mat.influence_kind[usize::from(i)])].name == name)
        .collect();
    if ids.is_empty() {
        return Err(format!("`{name}` is no influence card of the card file (data.md)"));
    }
    match copy {
        Some(k) => {
            ids.get(k - 1).copied().ok_or_else(|| format!("`{word}`: there are {} card(s) {name}", ids.len()))
        }
        None => Ok(ids.iter().copied().find(|&i| among & (1u32 << i) != 0).unwrap_or(ids[0])),
    }
}

/// An area index (0-based) from `area N`'s N (1 to 48).
fn parse_area(word: &str) -> Result<u8, String> {
    word.trim()
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=AREAS).contains(n))
        .map(|n| (n - 1) as u8)
        .ok_or_else(|| format!("`{word}` is no area: areas are 1 to {AREAS}"))
}

/// A seat (0-based) from `pN`.
pub fn parse_seat(word: &str) -> Result<u8, String> {
    word.trim()
        .strip_prefix('p')
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|n| (1..=SEATS).contains(n))
        .map(|n| (n - 1) as u8)
        .ok_or_else(|| format!("`{word}` is no seat: seats are p1 to p{SEATS}"))
}

/// `mv` as text, cards named by the data of `s`.
pub fn move_text(s: &State, mv: Move) -> String {
    let m = s.mat;
    let c = |x: u8| card(m, x);
    let a = |x: u8| u16::from(x) + 1;
    match mv {
        Move::StartArea(x) => format!("start area {}", a(x)),
        Move::StopStart => "stop choosing".to_string(),
        Move::TurnCards => "turn cards".to_string(),
        Move::Income(x) => format!("income area {}", a(x)),
        Move::Sell(x) => format!("sell {}", c(x)),
        Move::BuyPawned(x) => format!("buy pawned {}", c(x)),
        Move::BuyDrawn => "buy drawn".to_string(),
        Move::SellMarket(x) => format!("sell market {}", c(x)),
        Move::BuyMarket(x) => format!("buy market {}", c(x)),
        Move::BuyArea(x) => format!("buy area {}", a(x)),
        Move::Place { card, area } => format!("place {} area {}", c(card), a(area)),
        Move::Rebuild { card, area } => format!("rebuild {} area {}", c(card), a(area)),
        Move::BuyInfluence => "buy influence".to_string(),
        Move::Play { card, target } if target == NOBODY => format!("play {}", influence(m, card)),
        Move::Play { card, target } => format!("play {} against p{}", influence(m, card), target + 1),
        Move::EndPhase2 => "end phase 2".to_string(),
        Move::DropInfluence(x) => format!("drop {}", influence(m, x)),
        Move::Pass => "pass".to_string(),
        Move::PickArea(x) => format!("pick area {}", a(x)),
        Move::Discard(x) => format!("discard {}", c(x)),
        Move::MoveBuilding { from, to } => format!("move building area {} to area {}", a(from), a(to)),
    }
}

/// The move `text` names in `s` (as `move_text` writes it), or why it names none. A card named
/// without its copy is the lowest copy where the move takes it from.
pub fn parse_move(s: &State, text: &str) -> Result<Move, String> {
    let m = s.mat;
    let t = text.trim();
    let who = s.decider().unwrap_or(s.actor);
    let hand = s.hand[usize::from(who) % SEATS];
    let inf = s.influence[usize::from(who) % SEATS];
    let with_area = |rest: &str| -> Result<(u8, u8), String> {
        let (c, a) = rest.rsplit_once(" area ").ok_or_else(|| format!("`{t}`: expected `CARD area N`"))?;
        Ok((parse_card(m, c, hand)?, parse_area(a)?))
    };
    let fixed = match t {
        "stop choosing" => Some(Move::StopStart),
        "turn cards" => Some(Move::TurnCards),
        "buy drawn" => Some(Move::BuyDrawn),
        "buy influence" => Some(Move::BuyInfluence),
        "end phase 2" => Some(Move::EndPhase2),
        "pass" => Some(Move::Pass),
        _ => None,
    };
    if let Some(mv) = fixed {
        return Ok(mv);
    }
    let (verb, rest) = t.split_once(' ').unwrap_or((t, ""));
    let rest = rest.trim();
    let mv = match verb {
        "start" => Move::StartArea(parse_area(area_word(t, rest)?)?),
        "income" => Move::Income(parse_area(area_word(t, rest)?)?),
        "pick" => Move::PickArea(parse_area(area_word(t, rest)?)?),
        "sell" => match rest.strip_prefix("market ") {
            Some(c) => Move::SellMarket(parse_card(m, c, hand)?),
            None => Move::Sell(parse_card(m, rest, hand)?),
        },
        "buy" => {
            if let Some(c) = rest.strip_prefix("pawned ") {
                Move::BuyPawned(parse_card(m, c, s.pawnshop)?)
            } else if let Some(c) = rest.strip_prefix("market ") {
                Move::BuyMarket(parse_card(m, c, s.market & !s.market_sold)?)
            } else {
                Move::BuyArea(parse_area(area_word(t, rest)?)?)
            }
        }
        "place" => {
            let (card, area) = with_area(rest)?;
            Move::Place { card, area }
        }
        "rebuild" => {
            let (card, area) = with_area(rest)?;
            Move::Rebuild { card, area }
        }
        "play" => match rest.rsplit_once(" against ") {
            Some((c, p)) => Move::Play { card: parse_influence(m, c, inf)?, target: parse_seat(p)? },
            None => Move::Play { card: parse_influence(m, rest, inf)?, target: NOBODY },
        },
        "drop" => Move::DropInfluence(parse_influence(m, rest, inf)?),
        "discard" => Move::Discard(parse_card(m, rest, hand)?),
        "move" => {
            let r = rest.strip_prefix("building area ").ok_or_else(|| not_a_move(t))?;
            let (from, to) = r.split_once(" to area ").ok_or_else(|| not_a_move(t))?;
            Move::MoveBuilding { from: parse_area(from)?, to: parse_area(to)? }
        }
        _ => return Err(not_a_move(t)),
    };
    Ok(mv)
}

/// `area N`'s N.
fn area_word<'a>(t: &str, rest: &'a str) -> Result<&'a str, String> {
    rest.strip_prefix("area ").ok_or_else(|| format!("`{t}`: expected `... area N`, N from 1 to {AREAS}"))
}

/// Why `t` is no move.
fn not_a_move(t: &str) -> String {
    format!(
        "`{t}` is not a move: start area N, stop choosing, turn cards, income area N, sell C, buy pawned C, buy drawn, sell market C, buy market C, buy area N, place C area N, rebuild C area N, buy influence, play I [against pN], end phase 2, drop I, pass, pick area N, discard C, move building area N to area M"
    )
}

/// A chance step as text: the card named, or `?` when `hidden`.
pub fn step_text(mat: &Material, step: Step, hidden: bool) -> String {
    let c = |x: u8| if hidden { "?".to_string() } else { card(mat, x) };
    match step {
        Step::Deal { to, card } => format!("deal {} to p{}", c(card), to + 1),
        Step::Turn { card } => format!("turn {}", c(card)),
        Step::Draw { to, card } => format!("draw {} for p{}", c(card), to + 1),
        Step::Influence { to, card } => {
            let i = if hidden { "?".to_string() } else { influence(mat, card) };
            format!("influence {i} for p{}", to + 1)
        }
        Step::Take { from, to, card, .. } => format!("take {} from p{} to p{}", c(card), from + 1, to + 1),
        Step::ReshuffleDraw => "reshuffle draw pile".to_string(),
        Step::ReshuffleInfluence => "reshuffle influence pile".to_string(),
    }
}

/// The chance step `text` names at the chance step `s` stands at: the words must be those of that
/// step (`expected` says which), the card known by name; whether it can happen is the engine's to
/// say. `Ok(None)` for a `?` card (a seat's record).
pub fn parse_step(s: &State, text: &str) -> Result<Option<Step>, String> {
    let expected = crate::logged::due(s)
        .ok_or_else(|| format!("`{text}`: no chance step is due here, a player decides (U77)"))?;
    let want = step_text(s.mat, expected, true);
    let (pre, post) = want.split_once('?').unwrap_or((&want, ""));
    let t = text.trim();
    let word = t
        .strip_prefix(pre)
        .and_then(|r| r.strip_suffix(post))
        .ok_or_else(|| format!("`{t}`: the chance step due is `{want}` (U77)"))?;
    if word == "?" {
        return Ok(None);
    }
    let m = s.mat;
    Ok(Some(match expected {
        Step::Deal { to, .. } => Step::Deal { to, card: parse_card(m, word, 0)? },
        Step::Turn { .. } => Step::Turn { card: parse_card(m, word, 0)? },
        Step::Draw { to, .. } => Step::Draw { to, card: parse_card(m, word, 0)? },
        Step::Influence { to, .. } => Step::Influence { to, card: parse_influence(m, word, 0)? },
        Step::Take { from, to, .. } => {
            let card = parse_card(m, word, 0)?;
            let open = s.known[usize::from(from) % SEATS] & (1u128 << card) != 0;
            Step::Take { from, to, card, open }
        }
        other => other,
    }))
}
