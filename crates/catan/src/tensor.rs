//! A player's observation as a flat vector of numbers, for learners (the Python package's
//! `stadt.Game.observation_tensor`, OpenSpiel, PettingZoo): what `viewer` sees of a game and
//! nothing more (C41). The seats are relative, the viewer first, then the others in turn order, empty slots
//! zero in games of fewer than four. The layout, section by section, is `SECTIONS`; under
//! Städte und Ritter `KNIGHTS_SECTIONS` follow (`len` gives the length for a game's options).

use crate::board::Harbour;
use crate::ids::{Edge, Node, Player, Resource};
use crate::knights::card_kind::CardKind;
use crate::knights::cards::ProgressCard;
use crate::knights::tracks::{Commodity, Track};
use crate::moves::Phase;
use crate::options::Options;
use crate::packed::count;
use crate::state::{Building, MAX_PLAYERS, State};
use crate::topology::{EDGES, HARBOURS, HEXES, NODES};

/// Numbers per player in the per-player section.
const PER_PLAYER: usize = 25;

/// The phases a decision is taken in, one number each.
const PHASES: [Phase; 8] = [
    Phase::SetupSettlement,
    Phase::SetupRoad,
    Phase::PreRoll,
    Phase::Discard,
    Phase::Robber,
    Phase::Main,
    Phase::FreeRoads,
    Phase::Over,
];

/// The sections in order: name and length.
pub const SECTIONS: [(&str, usize); 12] = [
    ("buildings: per intersection, per seat: settlement, city", NODES * MAX_PLAYERS * 2),
    ("roads: per path, per seat", EDGES * MAX_PLAYERS),
    ("terrain: per hex, lumber brick wool grain ore desert", HEXES * 6),
    ("numbers: per hex, pips / 5", HEXES),
    ("robber: per hex", HEXES),
    ("harbours: per harbour, 2:1 of lumber brick wool grain ore, 3:1", HARBOURS * 6),
    ("players: per seat, see `player`", MAX_PLAYERS * PER_PLAYER),
    ("own cards: resources, development cards by kind, of them bought this turn, points / 10", 16),
    ("bank: resources / 19, development cards left / 25", 6),
    (
        "phase: setup settlement, setup road, before the roll, discard, robber, main, free roads, over",
        PHASES.len(),
    ),
    (
        "turn: current seat, rolled, card played, free roads / 2, to discard / 10, turns / 100",
        MAX_PLAYERS + 5,
    ),
    ("last roll: 2 to 12", 11),
];

/// The vector's length.
pub const LEN: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < SECTIONS.len() {
        n += SECTIONS[i].1;
        i += 1;
    }
    n
};

/// Seat `p` as `viewer` numbers it: 0 for itself, then the others in turn order.
fn relative(s: &State, viewer: Player, p: Player) -> usize {
    (p.index() + s.players() - viewer.index()) % s.players()
}

/// The vector's length in a game under `options`: `LEN`, and `KNIGHTS_LEN` more under Städte
/// und Ritter.
pub fn len(options: &Options) -> usize {
    if options.knights() { LEN + KNIGHTS_LEN } else { LEN }
}

/// Numbers per player in Städte und Ritter's per-player section.
const KNIGHTS_PER_PLAYER: usize = 15;

/// Städte und Ritter's steps a decision is taken in, one number each.
const KNIGHTS_PHASES: [Phase; 13] = [
    Phase::LoseCity,
    Phase::DefenderDeck,
    Phase::PutBack,
    Phase::Aqueduct,
    Phase::Relocate,
    Phase::Metropolis,
    Phase::HarbourGive,
    Phase::Take,
    Phase::Desert,
    Phase::DeserterPlace,
    Phase::DiplomatRoad,
    Phase::Spy,
    Phase::Give,
];

/// Städte und Ritter's sections, after `SECTIONS`: name and length.
pub const KNIGHTS_SECTIONS: [(&str, usize); 9] = [
    ("knights: per intersection, per seat: strength / 3, active", NODES * MAX_PLAYERS * 2),
    ("intersections: city wall, metropolis of trade, politics, science, sabotaged", NODES * 5),
    ("knights' players: per seat, see `knights_player`", MAX_PLAYERS * KNIGHTS_PER_PLAYER),
    ("own progress cards: by kind, in `knights::cards::KINDS` order", 25),
    ("barbarians: the ship's spaces moved / 7, attacks / 10, barbarians' wins / 10", 3),
    ("merchant: per hex, then its holder's seat", HEXES + MAX_PLAYERS),
    ("bank: cloth, coin, paper / 12, progress cards left in the science, trade, politics decks / 18", 6),
    ("last roll: the red die 1 to 6, the event die's face 1 to 6", 12),
    (
        "steps: lose city, defender deck, put back, aqueduct, relocate, metropolis, harbour give, take, desert, deserter place, diplomat road, spy, give",
        KNIGHTS_PHASES.len(),
    ),
];

/// The length of Städte und Ritter's sections.
pub const KNIGHTS_LEN: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < KNIGHTS_SECTIONS.len() {
        n += KNIGHTS_SECTIONS[i].1;
        i += 1;
    }
    n
};

/// `viewer`'s observation of `s` into `out` (`len(s.options())` numbers, overwritten): only what
/// it sees, so two games it cannot tell apart give the same numbers.
pub fn observation(s: &State, viewer: Player, out: &mut [f32]) {
    let want = len(s.options());
    assert_eq!(out.len(), want, "an observation has {want} numbers");
    out.fill(0.0);
    let mut at = 0;
    let players = s.players();
    let seat = |p: Player| relative(s, viewer, p);
    for n in 0..NODES {
        match s.building(Node(n as u8)) {
            Some(Building::Settlement(p)) => out[at + (n * MAX_PLAYERS + seat(p)) * 2] = 1.0,
            Some(Building::City(p)) => out[at + (n * MAX_PLAYERS + seat(p)) * 2 + 1] = 1.0,
            None => {}
        }
    }
    at += NODES * MAX_PLAYERS * 2;
    for e in 0..EDGES {
        if let Some(p) = s.road(Edge(e as u8)) {
            out[at + e * MAX_PLAYERS + seat(p)] = 1.0;
        }
    }
    at += EDGES * MAX_PLAYERS;
    let board = s.board();
    for h in 0..HEXES {
        out[at + h * 6 + board.terrain[h].map_or(5, Resource::index)] = 1.0;
        out[at + HEXES * 6 + h] = crate::board::pips(board.numbers[h]) as f32 / 5.0;
    }
    at += HEXES * 7;
    out[at + s.robber().index()] = 1.0;
    at += HEXES;
    for (i, harbour) in board.harbours.iter().enumerate() {
        out[at + i * 6 + if let Harbour::Special(r) = harbour { r.index() } else { 5 }] = 1.0;
    }
    at += HARBOURS * 6;
    for q in (0..players).map(|q| Player(q as u8)) {
        player(s, viewer, q, &mut out[at + seat(q) * PER_PLAYER..][..PER_PLAYER]);
    }
    at += MAX_PLAYERS * PER_PLAYER;
    let own = s.hand(viewer);
    for r in 0..5 {
        out[at + r] = own[r] as f32 / 10.0;
        out[at + 5 + r] = s.dev_cards(viewer)[r] as f32 / 5.0;
        out[at + 10 + r] = s.fresh_cards(viewer)[r] as f32 / 5.0;
    }
    out[at + 15] = s.points(viewer) as f32 / 10.0;
    at += 16;
    let bank = s.bank();
    for r in 0..5 {
        out[at + r] = bank[r] as f32 / 19.0;
    }
    out[at + 5] = s.deck_left() as f32 / 25.0;
    at += 6;
    if let Some(k) = PHASES.iter().position(|&ph| ph == s.phase()) {
        out[at + k] = 1.0;
    }
    at += PHASES.len();
    out[at + seat(s.current())] = 1.0;
    out[at + MAX_PLAYERS] = s.has_rolled() as u8 as f32;
    out[at + MAX_PLAYERS + 1] = s.card_played() as u8 as f32;
    out[at + MAX_PLAYERS + 2] = s.free_roads() as f32 / 2.0;
    out[at + MAX_PLAYERS + 3] = s.to_discard(viewer) as f32 / 10.0;
    out[at + MAX_PLAYERS + 4] = s.turns() as f32 / 100.0;
    at += MAX_PLAYERS + 5;
    if (2..=12).contains(&s.last_roll()) {
        out[at + s.last_roll() as usize - 2] = 1.0;
    }
    at += 11;
    debug_assert_eq!(at, LEN);
    if s.options().knights() {
        knights(s, viewer, &mut out[LEN..]);
    }
}

/// Städte und Ritter's sections of `viewer`'s observation (`KNIGHTS_LEN` numbers, zero on
/// entry): the knights, walls, metropolises and sabotaged cities on the board, per seat its
/// levels, commodities, progress cards and pieces, the viewer's own progress cards, the
/// barbarians, the merchant, the bank's commodities and decks, the last roll's red and event
/// dice, the step (K85: the others' progress cards only by colour, their commodities only as far
/// as the viewer knows them).
fn knights(s: &State, viewer: Player, out: &mut [f32]) {
    let players = s.players();
    let seat = |p: u8| relative(s, viewer, Player(p));
    let mut at = 0;
    for n in 0..NODES {
        if let Some(k) = s.knight(Node(n as u8)) {
            let i = at + (n * MAX_PLAYERS + seat(k.owner())) * 2;
            out[i] = k.strength() as u8 as f32 / 3.0;
            out[i + 1] = k.active() as u8 as f32;
        }
    }
    at += NODES * MAX_PLAYERS * 2;
    for n in (0..NODES).map(|n| Node(n as u8)) {
        out[at + n.index() * 5] = s.wall(n) as u8 as f32;
        out[at + n.index() * 5 + 4] = s.sabotaged(n) as u8 as f32;
    }
    for t in Track::ALL {
        if let (_, Some(n)) = s.metropolis(t) {
            out[at + n.index() * 5 + 1 + t as usize] = 1.0;
        }
    }
    at += NODES * 5;
    for q in (0..players).map(|q| Player(q as u8)) {
        knights_player(s, viewer, q, &mut out[at + seat(q.0) * KNIGHTS_PER_PLAYER..][..KNIGHTS_PER_PLAYER]);
    }
    at += MAX_PLAYERS * KNIGHTS_PER_PLAYER;
    for (k, &n) in s.progress_cards(viewer).iter().enumerate() {
        out[at + k] = n as f32;
    }
    at += 25;
    let ship = s.ship();
    out[at] = ship.moved as f32 / 7.0;
    out[at + 1] = ship.attacks as f32 / 10.0;
    out[at + 2] = s.barbarian_wins() as f32 / 10.0;
    at += 3;
    if let Some((hex, holder)) = s.merchant() {
        out[at + hex.index()] = 1.0;
        out[at + HEXES + seat(holder.0)] = 1.0;
    }
    at += HEXES + MAX_PLAYERS;
    for c in Commodity::ALL {
        out[at + c as usize] = s.bank_of(CardKind::Commodity(c)) as f32 / 12.0;
    }
    for (c, deck) in s.progress_decks().iter().enumerate() {
        out[at + 3 + c] = deck.len() as f32 / 18.0;
    }
    at += 6;
    let (red, event) = s.red_and_event();
    if (1..=6).contains(&red) {
        out[at + red as usize - 1] = 1.0;
    }
    if (1..=6).contains(&event) {
        out[at + 6 + event as usize - 1] = 1.0;
    }
    at += 12;
    if let Some(k) = KNIGHTS_PHASES.iter().position(|&ph| ph == s.phase()) {
        out[at + k] = 1.0;
    }
    at += KNIGHTS_PHASES.len();
    debug_assert_eq!(at, KNIGHTS_LEN);
}

/// What `viewer` sees of player `q`'s Städte und Ritter parts, `KNIGHTS_PER_PLAYER` numbers: its
/// levels on the trade, politics and science tracks / 5, its cloth, coin and paper as far as the
/// viewer knows them / 10 (all of its own), its progress cards of each colour / 4, its Printer
/// and Constitution points / 2, its Defender of Catan cards / 3, its city walls / 3, the knights
/// in its supply by strength / 2.
fn knights_player(s: &State, viewer: Player, q: Player, out: &mut [f32]) {
    for t in Track::ALL {
        out[t as usize] = s.level(q, t) as f32 / 5.0;
    }
    let known = s.known[viewer.index()][q.index()];
    for c in Commodity::ALL {
        out[3 + c as usize] = count(known, CardKind::Commodity(c).index()) as f32 / 10.0;
    }
    for (k, &n) in s.progress_cards(q).iter().enumerate() {
        out[6 + ProgressCard::ALL[k].colour() as usize] += n as f32 / 4.0;
    }
    out[9] = s.progress_points(q) as f32 / 2.0;
    out[10] = s.defenders(q) as f32 / 3.0;
    out[11] = s.walls_of(q) as f32 / 3.0;
    for (k, &n) in s.knight_supply(q).iter().enumerate() {
        out[12 + k] = n as f32 / 2.0;
    }
}

/// What `viewer` sees of player `q` (itself included), `PER_PLAYER` numbers: public points / 10,
/// cards in hand / 10, the resources of them it knows the kind of by kind / 10 (all of its own),
/// those it does not / 10, development cards held / 5, played by kind / 5, roads / 15,
/// settlements / 5, cities / 4, longest road / 15, holds longest road, holds largest army, the
/// bank's rate for each resource / 4.
fn player(s: &State, viewer: Player, q: Player, out: &mut [f32]) {
    out[0] = s.public_points(q) as f32 / 10.0;
    out[1] = s.hand_size(q) as f32 / 10.0;
    let known = s.known(viewer, q);
    for r in 0..5 {
        out[2 + r] = known[r] as f32 / 10.0;
    }
    out[7] = s.unknown(viewer, q) as f32 / 10.0;
    out[8] = s.dev_cards(q).iter().sum::<u8>() as f32 / 5.0;
    for (k, &n) in s.played(q).iter().enumerate() {
        out[9 + k] = n as f32 / 5.0;
    }
    let (settlements, cities, roads) = s.pieces(q);
    out[14] = roads as f32 / 15.0;
    out[15] = settlements as f32 / 5.0;
    out[16] = cities as f32 / 4.0;
    out[17] = s.road_length(q) as f32 / 15.0;
    out[18] = (s.longest_road() == Some(q)) as u8 as f32;
    out[19] = (s.largest_army() == Some(q)) as u8 as f32;
    for r in Resource::ALL {
        out[20 + r.index()] = s.rate(q, r) as f32 / 4.0;
    }
}
