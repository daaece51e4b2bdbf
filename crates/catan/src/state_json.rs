//! A game's state after a step as one JSON object, for `stadt replay --states` (one object a
//! line; every field in docs/catan/states.md): the dice and the event die, every hand, the
//! pieces on the board, the bank, and under Städte und Ritter the levels, knights, walls,
//! progress cards, metropolises, merchant and barbarians. It holds everything a record
//! determines, and nothing a record leaves hidden even from its reader (the decks' order, the
//! dice generator).

use crate::ids::{DevCard, Edge, Node, Player, Resource};
use crate::knights::card_kind::CardKind;
use crate::knights::cards::{Colour, ProgressCard};
use crate::knights::dice::{Event, FACES};
use crate::knights::tracks::Track;
use crate::record::Step;
use crate::state::{Building, State};
use crate::topology::{EDGES, HEXES, NODES};
use serde_json::{Map, Value, json};

/// The schema's name and version, the `schema` field of every object.
pub const SCHEMA: &str = "stadt-catan-states 1";

/// A player as records name him: `p1` to `p4`.
fn seat(p: Player) -> String {
    format!("p{}", p.0 + 1)
}

/// A step's name for a phase: its Rust name in lower case, words joined by `-` (`pre-roll`).
pub fn phase_name(s: &State) -> String {
    let debug = format!("{:?}", s.phase());
    let mut out = String::with_capacity(debug.len() + 4);
    for (k, c) in debug.chars().enumerate() {
        if c.is_uppercase() && k > 0 {
            out.push('-');
        }
        out.extend(c.to_lowercase());
    }
    out
}

/// Counts by name, in the order given.
fn counts<'a>(pairs: impl Iterator<Item = (&'a str, u8)>) -> Value {
    let mut m = Map::new();
    for (name, n) in pairs {
        m.insert(name.to_string(), json!(n));
    }
    Value::Object(m)
}

/// The intersections of `0..NODES` that `keep` accepts.
fn nodes(keep: impl Fn(Node) -> bool) -> Vec<u8> {
    (0..NODES as u8).filter(|&n| keep(Node(n))).collect()
}

/// The state of `s` after the step `index` of a replay (0: the start), read from `step`.
pub fn state_json(s: &State, index: usize, step: Step<'_>) -> Value {
    let knights = s.options().knights();
    let kinds: Vec<CardKind> =
        if knights { CardKind::ALL.to_vec() } else { Resource::ALL.map(CardKind::Resource).to_vec() };
    let bank = counts(kinds.iter().map(|&k| (k.name(), s.bank_of(k))));
    let mut players = Vec::new();
    for p in (0..s.players()).map(|q| Player(q as u8)) {
        let mut o = Map::new();
        o.insert("seat".into(), json!(seat(p)));
        o.insert("points".into(), json!(s.points(p)));
        o.insert("cards".into(), counts(kinds.iter().map(|&k| (k.name(), s.cards_of(p, k)))));
        o.insert("hand_size".into(), json!(s.hand_size(p)));
        o.insert("settlements".into(), json!(nodes(|n| s.building(n) == Some(Building::Settlement(p)))));
        o.insert("cities".into(), json!(nodes(|n| s.building(n) == Some(Building::City(p)))));
        let roads: Vec<u8> = (0..EDGES as u8).filter(|&e| s.road(Edge(e)) == Some(p)).collect();
        o.insert("roads".into(), json!(roads));
        o.insert("road_length".into(), json!(s.road_length(p)));
        o.insert("to_discard".into(), json!(s.to_discard(p)));
        if knights {
            o.insert("levels".into(), counts(Track::ALL.iter().map(|&t| (t.name(), s.level(p, t)))));
            let mine: Vec<Value> = (0..NODES as u8)
                .filter_map(|n| s.knight(Node(n)).filter(|k| k.owner() == p.0).map(|k| (n, k)))
                .map(|(n, k)| json!({"node": n, "strength": k.strength() as u8, "active": k.active()}))
                .collect();
            o.insert("knights".into(), json!(mine));
            o.insert("knight_supply".into(), json!(s.knight_supply(p)));
            o.insert(
                "walls".into(),
                json!(nodes(|n| s.wall(n) && s.building(n).is_some_and(|b| b.owner() == p))),
            );
            let own = |n: Node| s.building(n).is_some_and(|b| b.owner() == p);
            o.insert("sideways".into(), json!(nodes(|n| s.sideways(n) && own(n))));
            o.insert("sabotaged".into(), json!(nodes(|n| s.sabotaged(n) && own(n))));
            let held = s.progress_cards(p);
            let progress =
                ProgressCard::ALL.iter().filter(|k| held[k.index()] > 0).map(|k| (k.name(), held[k.index()]));
            o.insert("progress_cards".into(), counts(progress));
            o.insert("progress_points".into(), json!(s.progress_points(p)));
            o.insert("defenders".into(), json!(s.defenders(p)));
        } else {
            let cards = |c: &[u8; 5]| counts(DevCard::ALL.iter().map(|&d| (d.name(), c[d.index()])));
            o.insert("dev_cards".into(), cards(s.dev_cards(p)));
            o.insert("dev_played".into(), cards(s.played(p)));
        }
        players.push(Value::Object(o));
    }
    let mut out = Map::new();
    out.insert("schema".into(), json!(SCHEMA));
    out.insert("step".into(), json!(index));
    out.insert("line".into(), json!(step.line));
    out.insert("record".into(), json!(step.text));
    out.insert("turn".into(), json!(s.turns()));
    out.insert("current".into(), json!(seat(s.current())));
    out.insert("actor".into(), if s.is_over() { Value::Null } else { json!(seat(s.actor())) });
    out.insert("phase".into(), json!(phase_name(s)));
    out.insert("winner".into(), json!(s.winner().map(seat)));
    let roll = s.last_roll();
    let dice = if roll == 0 {
        Value::Null
    } else if knights {
        let (red, event) = s.red_and_event();
        let face = match FACES[event as usize - 1] {
            Event::Ship => "ship".to_string(),
            Event::Gate(t) => t.name().to_string(),
        };
        json!({"sum": roll, "red": red, "yellow": roll - red, "event": event, "event_face": face})
    } else {
        json!({"sum": roll})
    };
    out.insert("dice".into(), dice);
    out.insert("rolled".into(), json!(s.has_rolled()));
    out.insert("robber".into(), json!(s.robber().0));
    out.insert("numbers".into(), json!(s.board().numbers));
    if index == 0 {
        let terrain: Vec<&str> =
            (0..HEXES).map(|h| s.board().terrain[h].map_or("desert", |r| r.name())).collect();
        let harbours: Vec<&str> = s.board().harbours.iter().map(|h| h.name()).collect();
        out.insert("terrain".into(), json!(terrain));
        out.insert("harbours".into(), json!(harbours));
    }
    out.insert("bank".into(), bank);
    out.insert("longest_road".into(), json!(s.longest_road().map(seat)));
    if knights {
        let ship = s.ship();
        out.insert(
            "barbarians".into(),
            json!({"moved": ship.moved, "attacks": ship.attacks, "won": s.barbarian_wins()}),
        );
        let mut m = Map::new();
        for t in Track::ALL {
            let (held, node) = s.metropolis(t);
            m.insert(t.name().into(), json!({"holder": held.holder().map(seat), "node": node.map(|n| n.0)}));
        }
        out.insert("metropolises".into(), Value::Object(m));
        out.insert(
            "merchant".into(),
            json!(s.merchant().map(|(h, p)| json!({"hex": h.0, "owner": seat(p)}))),
        );
        let decks = s.progress_decks();
        out.insert(
            "decks".into(),
            counts(Colour::ALL.iter().map(|&c| (c.name(), decks[c as usize].len() as u8))),
        );
    } else {
        out.insert("largest_army".into(), json!(s.largest_army().map(seat)));
        out.insert("dev_deck".into(), json!(s.deck_left()));
    }
    out.insert("players".into(), json!(players));
    Value::Object(out)
}

/// Replays the record `text` (every move and outcome checked) and returns the state after the
/// start and after every step as JSON, one object a line.
pub fn replay_states(text: &str) -> Result<String, crate::record::RecordError> {
    let mut out = String::new();
    let mut index = 0;
    crate::record::replay_steps(text, &mut |_, _, _| {}, &mut |s, step| {
        out.push_str(&state_json(s, index, step).to_string());
        out.push('\n');
        index += 1;
    })?;
    Ok(out)
}
