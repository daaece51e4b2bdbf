//! A player's observation as a flat vector of numbers, for learners (the Python package's
//! `CatanGame.observation_tensor`, PettingZoo): what `viewer` sees of a game and nothing more
//! (C41). The seats are relative, the viewer first, then the others in turn order, empty slots
//! zero in games of fewer than four. The layout, section by section, is `SECTIONS`.

use crate::board::Harbour;
use crate::ids::{Edge, Node, Player, Resource};
use crate::moves::Phase;
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

/// `viewer`'s observation of `s` into `out` (`LEN` numbers, overwritten): only what it sees, so
/// two games it cannot tell apart give the same numbers.
pub fn observation(s: &State, viewer: Player, out: &mut [f32]) {
    assert_eq!(out.len(), LEN, "an observation has {LEN} numbers");
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
