//! A game rebuilt from the record one seat is shown (`record::seat_record`, what a bot in another
//! program is sent), for a stadt bot served to another host (`stadt serve-bot`). The record
//! holds every decision, every roll, the seat's own draws and the steals it took part in, random
//! discards, and how many cards each monopoly took; it lacks what the seat did not see (C41):
//! the others' development cards and the cards stolen between two others. Those are filled in as
//! the game goes so that every move stays legal: a hidden draw takes the first kind the deck
//! holds (a victory point last), a hidden steal the victim's first card; when a later move or
//! outcome needs another hand, the cards the seat cannot see are dealt anew among the others
//! (their hands' sizes and what the seat knows of each kept), and a development card's kind is
//! swapped with an unseen one. The seat sees such a game exactly as the real one: its view
//! (`Observation::view`) deals all of that afresh anyway. Städte und Ritter hides more
//! ([`knights`]).

use crate::board::Board;
use crate::deal::unshuffled_deck;
use crate::ids::{DevCard, Player, Resource};
use crate::moves::{Chance, Move, Phase};
use crate::options::Options;
use crate::record::{RecordError, outcome_wanted, parse_move};
use crate::state::{DECK, MAX_PLAYERS, NOBODY, State};
use unseen::{Lanes, deal_unseen, holds, one_of, others};

mod knights;
mod unseen;

/// The game the record `text` of seat `viewer` (0-based) shows, what it did not see filled in.
pub fn seat_state(text: &str, viewer: usize) -> Result<State, RecordError> {
    let lines: Vec<&str> = text.lines().collect();
    let at = |line: usize, reason: String| RecordError { line, reason };
    let field = |i: usize, key: &str| -> Result<&str, RecordError> {
        let l = lines.get(i).copied().unwrap_or("");
        l.strip_prefix(key)
            .and_then(|r| r.strip_prefix(' '))
            .ok_or_else(|| at(i + 1, format!("expected `{key} ...`")))
    };
    let players: usize = field(0, "players")?.parse().map_err(|_| at(1, "players is no number".into()))?;
    let options = Options::parse(field(1, "options")?).map_err(|e| at(2, e))?;
    if viewer >= players {
        return Err(at(1, format!("the record is of {players} players, and the seat is p{}", viewer + 1)));
    }
    let board_text = lines.get(2..6).map(|l| l.join("\n")).unwrap_or_default();
    let board = Board::parse(&board_text).map_err(|e| at(2 + e.line.max(1), e.reason))?;
    let mut s =
        State::with_deck(board, players, options, unshuffled_deck(), 0).map_err(|e| at(1, e.to_string()))?;
    let v = Player(viewer as u8);
    if options.knights() {
        knights::replay(&mut s, v, &lines, 6)?;
        return Ok(s);
    }
    for (k, raw) in lines.iter().enumerate().skip(6) {
        let (n, line) = (k + 1, raw.trim());
        if line.is_empty() {
            continue;
        }
        if let Some((who, rest)) = line.split_once(": ") {
            unseen_chance(&mut s, v).map_err(|e| at(n, e))?;
            let mv = parse_move(rest).map_err(|e| at(n, e))?;
            if s.is_over() {
                return Err(at(n, "the game is over".into()));
            }
            let want = format!("p{}", s.actor().0 + 1);
            if who != want {
                return Err(at(n, format!("{who} moved, but it is {want}'s decision")));
            }
            if let Move::Monopoly(r) = mv {
                let takes = takes_after(&lines[k + 1..], s.actor(), r.name()).map_err(|e| at(n, e))?;
                deal_takes(&mut s, v, r.index(), &takes, None).map_err(|e| at(n, e))?;
            }
            if !sound(&s, mv) {
                make_legal(&mut s, v, mv);
            }
            if s.actor() != v {
                // The record goes on, so no move ends the game: not a hidden victory point (of
                // the player to act, or of the next, whose turn an `end` begins).
                for q in others(&s, v) {
                    shed_points(&mut s, v, q, |t| ends(t, |t| t.play(mv).is_ok()));
                }
            }
            s.play(mv).map_err(|e| at(n, format!("`{rest}`: {e}")))?;
        } else {
            seen_chance(&mut s, v, line).map_err(|e| at(n, e))?;
        }
    }
    unseen_chance(&mut s, v).map_err(|e| at(lines.len(), e))?;
    Ok(s)
}

/// Applies a line the seat saw of chance (or, for `takes`, of a monopoly already applied).
fn seen_chance(s: &mut State, v: Player, line: &str) -> Result<(), String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let seat = |w: &str| -> Result<Player, String> {
        w.strip_prefix('p')
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|&n| (1..=s.players() as u8).contains(&n))
            .map(|n| Player(n - 1))
            .ok_or_else(|| format!("`{w}` is no seat of this game"))
    };
    let resource = |w: &str| Resource::parse(w).ok_or_else(|| format!("`{w}` is no resource"));
    let outcome = match words.as_slice() {
        ["dice", total] => {
            let t: u8 = total
                .parse()
                .ok()
                .filter(|t| (2..=12).contains(t))
                .ok_or(format!("`{total}` is no roll (2-12)"))?;
            // The seat is told the total: any two dice that make it show it the same game.
            let a = t.div_ceil(2);
            Chance::Dice(a, t - a)
        }
        [p, "draws", card] => {
            seat(p)?;
            let k = DevCard::ALL
                .into_iter()
                .find(|d| d.name() == *card)
                .ok_or(format!("`{card}` is no development card"))?;
            if !s.deck().contains(&k) {
                free_dev_card(s, v, k);
            }
            Chance::Draw(k)
        }
        [thief, "steals", card, "from", victim] => {
            let (_, victim, r) = (seat(thief)?, seat(victim)?, resource(card)?);
            if victim != v {
                let want = one_of(r.index());
                deal_unseen(s, v, victim, 0, |t| holds(t, victim, &want));
            }
            Chance::Steal(r)
        }
        [p, "discards", cards @ ..] => {
            let p = seat(p)?;
            let mut gone = [0u8; 5];
            for c in cards {
                gone[resource(c)?.index()] += 1;
            }
            if p != v {
                let want: Lanes = std::array::from_fn(|r| gone.get(r).copied().unwrap_or(0));
                deal_unseen(s, v, p, 0, |t| holds(t, p, &want));
            }
            Chance::Discard(gone)
        }
        [p, "takes", count, card, "from", q] => {
            // Read with its monopoly (`monopoly_takes`).
            let _ = (
                seat(p)?,
                seat(q)?,
                resource(card)?,
                count.parse::<u8>().map_err(|_| format!("`{count}` is no count"))?,
            );
            return Ok(());
        }
        _ => return Err(format!("`{line}` is neither a move (`pN: move`) nor a line a seat is shown")),
    };
    s.chance(outcome).map_err(|e| format!("`{line}`: {e}"))
}

/// Resolves the chance steps the seat did not see: another player's draw and a steal between two
/// others. Any other chance step the record must show (the dice, say): its absence is an error.
fn unseen_chance(s: &mut State, v: Player) -> Result<(), String> {
    while s.phase().is_chance() {
        let outcome = match s.phase() {
            Phase::Draw if s.current() != v => {
                let q = s.current();
                shed_points(s, v, q, |t| ends(t, |t| t.chance(Chance::Draw(DevCard::VictoryPoint)).is_ok()));
                let deck = s.deck();
                // A victory point last, so that no other player wins on a card it may not hold.
                let mut k = [
                    DevCard::Knight,
                    DevCard::YearOfPlenty,
                    DevCard::Monopoly,
                    DevCard::RoadBuilding,
                    DevCard::VictoryPoint,
                ]
                .into_iter()
                .find(|k| deck.contains(k))
                .ok_or("the deck is empty")?;
                if ends(s, |t| t.chance(Chance::Draw(k)).is_ok()) {
                    // Only victory points are left, and one would end the game: another player
                    // holds a card of the deck the real game drew from.
                    if let Some((o, other)) =
                        others(s, v).filter(|&o| o != q).find_map(|o| non_point_card(s, o).map(|k| (o, k)))
                    {
                        move_card(s, o.index(), other, DevCard::VictoryPoint);
                        let top = s.deck_top as usize;
                        let at = top
                            + s.deck[top..]
                                .iter()
                                .position(|&d| d == DevCard::VictoryPoint)
                                .expect("a victory point left");
                        s.deck[at] = other;
                        k = other;
                    }
                }
                Chance::Draw(k)
            }
            Phase::Steal if s.current() != v && s.victim != v.0 => {
                if s.victim == NOBODY {
                    return Err("a steal without a victim".into());
                }
                let hand = s.hand(Player(s.victim));
                let r = Resource::ALL
                    .into_iter()
                    .find(|r| hand[r.index()] > 0)
                    .ok_or("the victim has no card")?;
                Chance::Steal(r)
            }
            _ => return Err(format!("the record lacks {} here", outcome_wanted(s))),
        };
        s.chance(outcome).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The cards each other player gave the monopoly of `p` on the kind named `kind`, from the
/// `takes` lines after it (none for a player who gave nothing).
pub(super) fn takes_after(after: &[&str], p: Player, kind: &str) -> Result<[u8; MAX_PLAYERS], String> {
    let mut takes = [0u8; MAX_PLAYERS];
    let who = format!("p{}", p.0 + 1);
    for line in after {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [w, "takes", n, card, "from", q] if *w == who && *card == kind && n.parse::<u8>().is_ok() => {
                let q = q
                    .strip_prefix('p')
                    .and_then(|q| q.parse::<usize>().ok())
                    .filter(|q| (1..=MAX_PLAYERS).contains(q));
                let q = q.ok_or(format!("`{line}` names no seat"))?;
                takes[q - 1] = n.parse().map_err(|_| format!("`{line}`: `{n}` is no count"))?;
            }
            _ => break,
        }
    }
    Ok(takes)
}

/// Deals the unseen cards so that every other player but the one to act held what a monopoly
/// about to be played on kind `lane` takes from him (`takes`): exactly that, or at least `cap`
/// when he gave `cap` (a monopoly that takes at most that many). The seat's own hand is its own.
pub(super) fn deal_takes(
    s: &mut State,
    v: Player,
    lane: usize,
    takes: &[u8; MAX_PLAYERS],
    cap: Option<u8>,
) -> Result<(), String> {
    let p = s.actor();
    unseen::deal_lane(s, v, lane, |q| {
        if q == p {
            return None;
        }
        let n = takes[q.index()];
        Some((n, cap != Some(n)))
    })
}

/// Makes the move `mv` of another player legal if a deal of what the seat cannot see does: his
/// development card's kind, then his unseen resource cards. Left as it is when none does (the
/// move is then refused as illegal).
fn make_legal(s: &mut State, v: Player, mv: Move) {
    let q = s.actor();
    let card = match mv {
        Move::Knight => Some(DevCard::Knight),
        Move::RoadBuilding => Some(DevCard::RoadBuilding),
        Move::YearOfPlenty(..) => Some(DevCard::YearOfPlenty),
        Move::Monopoly(_) => Some(DevCard::Monopoly),
        _ => None,
    };
    if let Some(k) = card
        && q != v
    {
        swap_dev_card(s, v, q, k);
    }
    unseen::deal_until(s, v, |t| sound(t, mv));
}

/// Whether `mv` is legal in `s` and leaves every hand whole: a trade answered or picked pays
/// from hands the move's own check does not look at.
pub(super) fn sound(s: &State, mv: Move) -> bool {
    let mut t = s.clone();
    t.play(mv).is_ok() && t.hands.iter().chain([&t.bank]).all(|&h| unseen::lanes(h).iter().all(|&n| n <= 19))
}

/// Gives `q` (another player than `v`) a card of kind `k` it can play, swapped for one of its
/// cards of another kind with the deck or another player's hidden cards.
fn swap_dev_card(s: &mut State, v: Player, q: Player, k: DevCard) {
    let i = q.index();
    // One of its cards of another kind, an old one first (a card bought this turn is not played).
    let old = |s: &State, d: DevCard| s.dev[i][d.index()] > s.fresh[i][d.index()];
    let others_kinds = || DevCard::ALL.into_iter().filter(|&d| d != k);
    // A card bought this turn last: it is played only under fresh_cards=yes.
    let Some(give) =
        others_kinds().find(|&d| old(s, d)).or_else(|| others_kinds().find(|&d| s.dev[i][d.index()] > 0))
    else {
        return;
    };
    if !take_dev_card(s, v, Some(q), k, give) {
        return;
    }
    move_card(s, i, give, k);
}

/// Makes room in the deck for the seat's own draw of `k`: another player's hidden card of that
/// kind goes back for one the deck holds.
fn free_dev_card(s: &mut State, v: Player, k: DevCard) {
    let top = s.deck_top as usize;
    let Some(give) = DevCard::ALL.into_iter().filter(|&d| d != k).find(|d| s.deck[top..].contains(d)) else {
        return;
    };
    for o in others(s, v) {
        let j = o.index();
        if s.dev[j][k.index()] > 0 {
            move_card(s, j, k, give);
            let at = top + s.deck[top..].iter().position(|&d| d == give).expect("a card of that kind");
            s.deck[at] = k;
            return;
        }
    }
}

/// Takes a hidden card of kind `k` (from the deck or a player other than `v` and `except`), giving
/// `give` in its place. Returns whether one was found.
fn take_dev_card(s: &mut State, v: Player, except: Option<Player>, k: DevCard, give: DevCard) -> bool {
    let top = s.deck_top as usize;
    if let Some(at) = s.deck[top..DECK].iter().position(|&d| d == k) {
        s.deck[top + at] = give;
        return true;
    }
    for o in others(s, v).filter(|&o| Some(o) != except) {
        let j = o.index();
        if s.dev[j][k.index()] > 0 {
            move_card(s, j, k, give);
            return true;
        }
    }
    false
}

/// Player `j`'s card of kind `k` becomes one of `to`, bought on the same turn as it was.
fn move_card(s: &mut State, j: usize, k: DevCard, to: DevCard) {
    let fresh = s.fresh[j][k.index()] == s.dev[j][k.index()];
    s.dev[j][k.index()] -= 1;
    s.dev[j][to.index()] += 1;
    if fresh {
        s.fresh[j][k.index()] -= 1;
        s.fresh[j][to.index()] += 1;
    }
}

/// Whether doing `step` to a copy of `s` ends the game.
fn ends(s: &State, step: impl FnOnce(&mut State) -> bool) -> bool {
    let mut t = s.clone();
    step(&mut t) && t.is_over()
}

/// A card of `o` that is no victory point, if it holds one.
fn non_point_card(s: &State, o: Player) -> Option<DevCard> {
    DevCard::ALL.into_iter().find(|&k| k != DevCard::VictoryPoint && s.dev[o.index()][k.index()] > 0)
}

/// While `wins` says the game would end (which the record, going on, says it does not), gives
/// `q`'s victory point cards, which the seat `v` cannot see, to the deck or to the other player
/// with the fewest points, for cards of another kind.
fn shed_points(s: &mut State, v: Player, q: Player, wins: impl Fn(&State) -> bool) {
    let vp = DevCard::VictoryPoint;
    while s.dev[q.index()][vp.index()] > 0 && wins(s) {
        let top = s.deck_top as usize;
        if let Some(at) = s.deck[top..].iter().position(|&d| d != vp) {
            let k = s.deck[top + at];
            s.deck[top + at] = vp;
            move_card(s, q.index(), vp, k);
            continue;
        }
        let giver = others(s, v)
            .filter(|&o| o != q)
            .filter_map(|o| non_point_card(s, o).map(|k| (o, k)))
            .min_by_key(|&(o, _)| s.points(o));
        let Some((o, k)) = giver else { return };
        move_card(s, o.index(), k, vp);
        move_card(s, q.index(), vp, k);
    }
}
