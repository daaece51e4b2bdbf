//! A roll under Städte und Ritter (K10–K17, K24, K37–K43): the event die first (the ship, an
//! attack and its outcome; or a gate's progress draws), then production with commodities or the
//! 7, then the aqueduct. Each decision on the way (a city lost, a deck chosen, a card put back,
//! the aqueduct's resource) is a step of its own; `proceed` finds the next one.

use super::barbarians::{Outcome, Side, attack};
use super::cards::Colour;
use super::checks::{first_from_roller, over_limit};
use super::dice::{Event, FACES};
use super::expansion::Knight;
use super::pieces::free_cities;
use super::tracks::Track;
use crate::moves::Phase;
use crate::packed::{RESOURCES, sum};
use crate::production;
use crate::state::{MAX_PLAYERS, NOBODY, State};

/// The three dice rolled: red and yellow (1–6) and the event die's face (1–6).
pub(crate) fn rolled(s: &mut State, red: u8, yellow: u8, face: u8) {
    s.last_roll = red + yellow;
    s.rolled = true;
    s.ck.red = red;
    s.ck.event = face;
    s.ck.roll = red + yellow;
    s.ck.in_play.alchemist = (0, 0);
    s.ck.pending.production = true;
    match FACES[face as usize - 1] {
        Event::Ship => {
            if s.ck.ship.advance() {
                barbarians_land(s);
            }
        }
        Event::Gate(t) => {
            let draws = (0..s.players)
                .filter(|&q| Track::draws(s.ck.levels[q as usize][t as usize], red))
                .fold(0u8, |m, q| m | 1 << q);
            s.ck.pending.draws = draws;
            s.ck.pending.colour = t.colour() as u8;
        }
    }
    proceed(s);
}

/// The barbarians attack (K38–K43): the outcome's rewards and losses become pending steps, and
/// every knight becomes inactive.
fn barbarians_land(s: &mut State) {
    let n = s.players as usize;
    let metropolises = s.ck.metropolis_bits();
    let sides: [Side; MAX_PLAYERS] = std::array::from_fn(|q| {
        let mut strength = 0u8;
        let mut mine = s.ck.knight_bits[q];
        while mine != 0 {
            let k = Knight(s.ck.knights[mine.trailing_zeros() as usize]);
            mine &= mine - 1;
            if k.active() {
                strength += k.strength() as u8;
            }
        }
        let cities = s.built[q] & s.city_bits;
        Side {
            knights: strength,
            cities: (cities & !metropolises).count_ones() as u8,
            metropolises: (cities & metropolises).count_ones() as u8,
        }
    });
    match attack(&sides[..n]).2 {
        Outcome::CatanWins { defender: Some(d), .. } => s.ck.defenders[d.index()] += 1,
        Outcome::CatanWins { tied, .. } => s.ck.pending.tied = tied,
        Outcome::BarbariansWin { hit } => {
            s.ck.barbarian_wins += 1;
            s.ck.pending.losers = hit;
        }
    }
    // K43: every knight inactive once the battle is fought.
    for k in s.ck.knights.iter_mut() {
        if *k != 0 {
            *k = Knight(*k).spent().0;
        }
    }
}

/// Sets the next step of the roll's resolution, or the main step once nothing is left (K10).
pub(crate) fn proceed(s: &mut State) {
    let pending = s.ck.pending;
    if let Some(q) = first_from_roller(s, pending.losers) {
        if free_cities(s, q) != 0 {
            s.actor = q;
            s.phase = Phase::LoseCity;
            return;
        }
        // A city lost on the way (none here): nothing to take.
        s.ck.pending.losers &= !(1 << q);
        return proceed(s);
    }
    if let Some(q) = first_from_roller(s, pending.tied) {
        if s.ck.decks.iter().any(|d| !d.is_empty()) {
            s.actor = q;
            s.phase = Phase::DefenderDeck;
            return;
        }
        s.ck.pending.tied = 0;
    }
    if let Some(q) = first_from_roller(s, pending.draws) {
        // K48: once the deck is empty the rest draw nothing.
        if s.ck.decks[pending.colour as usize].is_empty() {
            s.ck.pending.draws = 0;
        } else {
            s.ck.pending.draws &= !(1 << q);
            s.actor = q;
            s.phase = Phase::Progress;
            return;
        }
    }
    if pending.production {
        s.ck.pending.production = false;
        if s.ck.roll == 7 {
            seven(s);
            return;
        }
        produce(s);
    }
    // K24: from what the bank still holds; nothing once it holds no resource.
    if s.bank & RESOURCES == 0 {
        s.ck.pending.aqueduct = 0;
    }
    if let Some(q) = first_from_roller(s, s.ck.pending.aqueduct) {
        s.actor = q;
        s.phase = Phase::Aqueduct;
        return;
    }
    s.actor = s.current;
    s.phase = Phase::Main;
}

/// After a progress card was drawn by the player to act: a player off his turn over the limit
/// puts cards back at once (K50), else the roll goes on. The roller's fifth card waits for the
/// roll's end: officially he may hold it until his turn ends (K50); under H5 he puts one back or
/// plays one before anything else once the roll is resolved (K51), in the main step
/// (`progress_checks::must_reduce`), since a card played in the middle of the roll could not
/// be played at all (K51).
pub(crate) fn drawn(s: &mut State) {
    let p = s.actor as usize;
    let own = p == s.current as usize;
    if over_limit(s, p) && !own {
        s.phase = Phase::PutBack;
        return;
    }
    proceed(s);
}

/// The cards a player may hold before a 7 makes him discard half: 7, and 2 more for each of his
/// city walls (K15).
pub fn hand_limit(walls: u8) -> u32 {
    7 + 2 * walls as u32
}

/// The 7 (K15–K17): players over their limit discard half; the robber moves only after the
/// first attack.
fn seven(s: &mut State) {
    for q in 0..s.players as usize {
        let n = sum(s.hands[q]);
        s.to_discard[q] = if n > hand_limit(s.ck.wall_count[q]) { (n / 2) as u8 } else { 0 };
    }
    s.actor = NOBODY;
    s.next_discarder();
}

/// Production (K13, K14: the base game's, with commodities) and who takes the aqueduct's
/// resource (K24).
fn produce(s: &mut State) {
    let before = s.hands;
    production::produce(s, s.ck.roll);
    // K24: the aqueduct for a player who received no card, if the bank holds a resource.
    let science = Track::Science as usize;
    s.ck.pending.aqueduct = (0..s.players)
        .filter(|&q| s.ck.levels[q as usize][science] >= 3 && s.hands[q as usize] == before[q as usize])
        .fold(0u8, |m, q| m | 1 << q);
}

/// The deck a progress draw comes from now.
pub(crate) fn drawing_from(s: &State) -> Colour {
    Colour::ALL[s.ck.pending.colour as usize]
}
