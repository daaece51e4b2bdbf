//! Städte und Ritter rebuilt from a seat's record (K85): besides what the base game hides, the
//! kinds of the others' progress cards (each hand's count by colour is public, by the cards'
//! backs), a card put back or taken by a Spy between two others (its colour shown), and a card a
//! Master Merchant takes (neither kind nor colour shown). Chance lines come before the decision
//! they precede, in seat order rather than the order the cards were drawn, so they are kept in a
//! block and matched to each chance step by its player. What the seat did not see is chosen so
//! that every move stays legal: a hidden draw takes a card of its colour from the deck (a victory
//! point only when the record lays one down), a hidden put-back or take the player's first card
//! of its colour or kind, and a progress card another player plays is swapped into his hand for
//! one of the same colour.

use super::unseen::{Lanes, deal_unseen, holds, lanes, one_of};
use super::{deal_takes, takes_after};
use crate::chance_log::parse_chance;
use crate::ids::Player;
use crate::knights::card_kind::CardKind;
use crate::knights::cards::{Colour, ProgressCard};
use crate::moves::{Chance, Move, Phase};
use crate::record::{RecordError, outcome_wanted, parse_move};
use crate::state::State;

/// A chance line waiting for its step: its line number, its words, and whether a step used it.
struct Pending {
    line: usize,
    words: Vec<String>,
    used: bool,
}

/// Replays the lines of a seat's record from `first` (0-based) on `s`, for the seat `v`.
pub(super) fn replay(s: &mut State, v: Player, lines: &[&str], first: usize) -> Result<(), RecordError> {
    let at = |line: usize, reason: String| RecordError { line, reason };
    let mut block: Vec<Pending> = Vec::new();
    for (k, raw) in lines.iter().enumerate().skip(first) {
        let (n, line) = (k + 1, raw.trim());
        if line.is_empty() {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let mv = if let Some((who, rest)) = line.split_once(": ") {
            resolve(s, v, &mut block).map_err(|e| at(n, e))?;
            let mv = parse_move(rest).map_err(|e| at(n, e))?;
            let want = format!("p{}", s.actor().0 + 1);
            if s.is_over() {
                return Err(at(n, "the game is over".into()));
            }
            if who != want {
                return Err(at(n, format!("{who} moved, but it is {want}'s decision")));
            }
            mv
        } else if is_surrogate(&words) {
            resolve(s, v, &mut block).map_err(|e| at(n, e))?;
            surrogate(s, &words).map_err(|e| at(n, format!("`{line}`: {e}")))?
        } else if words.get(1) == Some(&"shows") {
            // Read with the Spy or Master Merchant before it (`shown`).
            continue;
        } else if words.get(1) == Some(&"takes") {
            // A monopoly's takes, read with it (`takes_after`).
            continue;
        } else {
            block.push(Pending {
                line: n,
                words: words.iter().map(|w| w.to_string()).collect(),
                used: false,
            });
            continue;
        };
        match mv {
            // The hand the seat was shown, dealt before the move shows it.
            Move::Spy(_) | Move::MasterMerchant(_) if s.actor() == v => {
                let next = lines.get(k + 1).map_or("", |l| l.trim());
                let words: Vec<&str> = next.split_whitespace().collect();
                if words.get(1) == Some(&"shows") {
                    shown(s, v, &words).map_err(|e| at(n + 1, format!("`{next}`: {e}")))?;
                }
            }
            // K67: the player offered to gives a commodity when he holds one; whether he held
            // one shows in who decides next.
            Move::HarbourOffer(q, _) if q != v => {
                let gives = lines[k + 1..]
                    .iter()
                    .find_map(|l| l.split_once(": ").map(|(who, _)| who.to_string()))
                    .is_some_and(|who| who == format!("p{}", q.0 + 1));
                let commodities = |hand: &Lanes| hand[5..].iter().any(|&c| c > 0);
                if !super::sound(s, mv) {
                    make_legal(s, v, mv);
                }
                if commodities(&lanes(s.hands[q.index()])) != gives {
                    deal_unseen(s, v, q, 0, |t| {
                        commodities(&lanes(t.hands[q.index()])) == gives && super::sound(t, mv)
                    });
                }
            }
            Move::ResourceMonopoly(r) => {
                let takes = takes_after(&lines[k + 1..], s.actor(), CardKind::Resource(r).name())
                    .map_err(|e| at(n, e))?;
                deal_takes(s, v, r.index(), &takes, Some(2)).map_err(|e| at(n, e))?;
            }
            Move::TradeMonopoly(c) => {
                let kind = CardKind::Commodity(c);
                let takes = takes_after(&lines[k + 1..], s.actor(), kind.name()).map_err(|e| at(n, e))?;
                deal_takes(s, v, kind.index(), &takes, Some(1)).map_err(|e| at(n, e))?;
            }
            _ => {}
        }
        if !super::sound(s, mv) {
            make_legal(s, v, mv);
        }
        s.play(mv).map_err(|e| at(n, format!("`{line}`: {e}")))?;
    }
    resolve(s, v, &mut block).map_err(|e| at(lines.len(), e))
}

/// Whether the words are a decision the seat saw only in part: a card put back, or taken by a
/// Spy or a Master Merchant, between others.
fn is_surrogate(words: &[&str]) -> bool {
    matches!(words, [_, "puts", "a", "card", "back", "under", "the", _, "deck"])
        || matches!(words, [_, "takes", "a", _, "card", "from", _])
        || matches!(words, [_, "takes", "a", "card", "from", _])
}

/// The move a line the seat saw only in part stands for, in `s`.
fn surrogate(s: &State, words: &[&str]) -> Result<Move, String> {
    let seat = |w: &str| player(s, w);
    match words {
        [p, "puts", .., colour, "deck"] => {
            let (p, colour) = (seat(p)?, self::colour(colour)?);
            held_of(s, p, colour).map(Move::PutBack).ok_or(format!(
                "p{} holds no {} card",
                p.0 + 1,
                colour.name()
            ))
        }
        [_, "takes", "a", "card", "from", q] => {
            let hand = lanes(s.hands[seat(q)?.index()]);
            let lane = (0..8).find(|&l| hand[l] > 0).ok_or("the player taken from has no card")?;
            Ok(Move::Take(CardKind::ALL[lane]))
        }
        [_, "takes", "a", colour, "card", "from", q] => {
            let (q, colour) = (seat(q)?, self::colour(colour)?);
            held_of(s, q, colour).map(Move::SpyTake).ok_or(format!(
                "p{} holds no {} card",
                q.0 + 1,
                colour.name()
            ))
        }
        _ => Err("not a move".into()),
    }
}

/// Resolves the chance steps before a decision from the lines in `block`, each to its player;
/// the lines a step did not use are an error.
fn resolve(s: &mut State, v: Player, block: &mut Vec<Pending>) -> Result<(), String> {
    while s.phase().is_chance() {
        let outcome = match s.phase() {
            Phase::Dice => {
                let d = take(block, |w| w.first().is_some_and(|x| x == "dice"))
                    .ok_or(format!("the record lacks {}", outcome_wanted(s)))?;
                parse_chance(&d.join(" "))?
            }
            Phase::Progress => progress(s, v, block)?,
            Phase::Steal => steal(s, v, block)?,
            _ => return Err(format!("the record lacks {}", outcome_wanted(s))),
        };
        s.chance(outcome).map_err(|e| e.to_string())?;
    }
    // A seat's own draw is written twice, by name and by colour.
    let me = format!("p{}", v.0 + 1);
    block.retain(|p| {
        let own_colour = p.words.len() == 5 && p.words[0] == me && p.words[1] == "draws" && p.words[2] == "a";
        !(p.used || own_colour)
    });
    match block.first() {
        Some(p) => Err(format!("line {}: `{}` has no step of the game", p.line, p.words.join(" "))),
        None => Ok(()),
    }
}

/// The progress card drawn by the player to draw.
fn progress(s: &mut State, v: Player, block: &mut [Pending]) -> Result<Chance, String> {
    let q = s.actor();
    let who = format!("p{}", q.0 + 1);
    let colour = s.drawing_deck().ok_or("no deck to draw from")?;
    let deck = s.ck.decks[colour as usize];
    // A victory point card is laid down at once (K49), and only that is written.
    if take(block, |w| w.len() > 2 && w[0] == who && w[1] == "lays").is_some() {
        let card = deck
            .cards()
            .find(|c| c.is_victory_point())
            .ok_or("a victory point laid down that the deck does not hold")?;
        return Ok(Chance::Progress(card));
    }
    if q == v {
        let line = take(block, |w| w.len() == 3 && w[0] == who && w[1] == "draws")
            .ok_or(format!("the record lacks the card {who} drew"))?;
        let card = ProgressCard::parse(&line[2]).ok_or(format!("`{}` is no progress card", line[2]))?;
        if !s.ck.decks[colour as usize].holds(card) {
            free_progress(s, v, card);
        }
        return Ok(Chance::Progress(card));
    }
    let line = take(block, |w| w.len() == 5 && w[0] == who && w[1] == "draws" && w[2] == "a")
        .ok_or(format!("the record lacks the card {who} drew"))?;
    if line[3] != colour.name() {
        return Err(format!("{who} draws a {} card where the deck drawn from is {}", line[3], colour.name()));
    }
    deck.cards()
        .find(|c| !c.is_victory_point())
        .map(Chance::Progress)
        .ok_or("the deck holds no such card".into())
}

/// The card stolen at a steal step: as the record says when the seat took part, else the
/// victim's first card.
fn steal(s: &mut State, v: Player, block: &mut [Pending]) -> Result<Chance, String> {
    let (thief, victim) = (s.current(), Player(s.victim));
    let lane = if thief == v || victim == v {
        let (t, w) = (format!("p{}", thief.0 + 1), format!("p{}", victim.0 + 1));
        let line = take(block, |x| x.len() == 5 && x[0] == t && x[1] == "steals" && x[4] == w)
            .ok_or(format!("the record lacks the card {t} stole from {w}"))?;
        let kind = CardKind::parse(&line[2]).ok_or(format!("`{}` is no card kind", line[2]))?;
        if victim != v {
            let want = one_of(kind.index());
            deal_unseen(s, v, victim, 0, |t| holds(t, victim, &want));
        }
        kind.index()
    } else {
        let hand = lanes(s.hands[victim.index()]);
        (0..8).find(|&l| hand[l] > 0).ok_or("the victim has no card")?
    };
    Ok(match CardKind::ALL[lane] {
        CardKind::Resource(r) => Chance::Steal(r),
        CardKind::Commodity(c) => Chance::StealCommodity(c),
    })
}

/// The words of the first unused line of `block` that `wanted` picks, marked used.
fn take(block: &mut [Pending], wanted: impl Fn(&[String]) -> bool) -> Option<Vec<String>> {
    let p = block.iter_mut().find(|p| !p.used && wanted(&p.words))?;
    p.used = true;
    Some(p.words.clone())
}

/// The hand the seat is shown: a Master Merchant's (K77, counts and kinds: `p3 shows 2 lumber
/// 1 cloth`) becomes `q`'s resource and commodity cards; a Spy's (K80, progress cards by name)
/// his progress cards.
fn shown(s: &mut State, v: Player, words: &[&str]) -> Result<(), String> {
    let q = player(s, words[0])?;
    if words.get(2).is_some_and(|w| w.parse::<u8>().is_ok()) || words[2..] == ["no", "card"] {
        let mut want = [0u8; 8];
        for pair in words[2..].chunks(2).filter(|p| p.len() == 2 && p[0] != "no") {
            let n: u8 = pair[0].parse().map_err(|_| format!("`{}` is no count", pair[0]))?;
            let kind = CardKind::parse(pair[1]).ok_or(format!("`{}` is no card kind", pair[1]))?;
            want[kind.index()] = n;
        }
        if lanes(s.hands[q.index()]) != want
            && !deal_unseen(s, v, q, 0, |t| lanes(t.hands[q.index()]) == want)
        {
            return Err(format!("p{} cannot hold that hand", q.0 + 1));
        }
        return Ok(());
    }
    let mut want = [0u8; crate::knights::expansion::PROGRESS_KINDS];
    if words[2..] != ["no", "progress", "card"] {
        for w in &words[2..] {
            want[ProgressCard::parse(w).ok_or(format!("`{w}` is no progress card"))?.index()] += 1;
        }
    }
    for card in ProgressCard::ALL {
        while s.ck.progress[q.index()][card.index()] < want[card.index()] {
            if !give_progress(s, v, q, card, Some(&want)) {
                return Err(format!("p{} cannot hold {}", q.0 + 1, card.name()));
            }
        }
    }
    Ok(())
}

/// Makes the move `mv` of another player legal if a deal of what the seat cannot see does: the
/// progress card played, then the unseen resource and commodity cards.
fn make_legal(s: &mut State, v: Player, mv: Move) {
    let q = s.actor();
    if let Some(card) = crate::knights::progress_checks::card_of(mv)
        && q != v
    {
        give_progress(s, v, q, card, None);
    }
    super::unseen::deal_until(s, v, |t| super::sound(t, mv));
}

/// Gives `q` a progress card `card` for one of his of the same colour (one above `keep`, when
/// given), taken from the deck or another player the seat `v` cannot see. False when none can.
fn give_progress(
    s: &mut State,
    v: Player,
    q: Player,
    card: ProgressCard,
    keep: Option<&[u8; crate::knights::expansion::PROGRESS_KINDS]>,
) -> bool {
    let i = q.index();
    let spare = ProgressCard::ALL.into_iter().find(|&k| {
        k != card
            && k.colour() == card.colour()
            && s.ck.progress[i][k.index()] > keep.map_or(0, |w| w[k.index()])
    });
    let Some(spare) = spare else { return false };
    let c = card.colour() as usize;
    if !s.ck.decks[c].replace(card, spare) {
        let Some(o) = (0..s.players() as u8)
            .map(Player)
            .find(|&o| o != v && o != q && s.ck.progress[o.index()][card.index()] > 0)
        else {
            return false;
        };
        s.ck.progress[o.index()][card.index()] -= 1;
        s.ck.progress[o.index()][spare.index()] += 1;
    }
    s.ck.progress[i][spare.index()] -= 1;
    s.ck.progress[i][card.index()] += 1;
    true
}

/// Puts `card` back into its deck for the seat's own draw: another player's hidden card of that
/// kind becomes one the deck holds.
fn free_progress(s: &mut State, v: Player, card: ProgressCard) {
    let c = card.colour() as usize;
    let Some(spare) = s.ck.decks[c].cards().find(|&k| k != card && !k.is_victory_point()) else { return };
    if let Some(o) =
        (0..s.players() as u8).map(Player).find(|&o| o != v && s.ck.progress[o.index()][card.index()] > 0)
    {
        s.ck.progress[o.index()][card.index()] -= 1;
        s.ck.progress[o.index()][spare.index()] += 1;
        s.ck.decks[c].replace(spare, card);
    }
}

/// The first progress card of `colour` in `p`'s hand.
fn held_of(s: &State, p: Player, colour: Colour) -> Option<ProgressCard> {
    ProgressCard::ALL.into_iter().find(|k| k.colour() == colour && s.ck.progress[p.index()][k.index()] > 0)
}

/// A seat of the game (`p2`).
fn player(s: &State, w: &str) -> Result<Player, String> {
    w.strip_prefix('p')
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|&n| (1..=s.players() as u8).contains(&n))
        .map(|n| Player(n - 1))
        .ok_or(format!("`{w}` is no seat of this game"))
}

/// A deck's colour by name.
fn colour(w: &str) -> Result<Colour, String> {
    Colour::parse(w).ok_or(format!("`{w}` is no colour (science, trade, politics)"))
}
