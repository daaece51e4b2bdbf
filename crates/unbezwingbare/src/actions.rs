//! The fixed action space of Die Unbezwingbare Stadt (the harness's `ActionSpace`, what the
//! Python package, OpenSpiel and PettingZoo reach it through): every kind of move has its range
//! of numbers (`SEGMENTS`), a card by its id, an area by its index; a chance outcome is the
//! engine's id (a deck card 0..83, 100 + an influence card, 200 + a card taken); the observation
//! vector shows a seat what U76 lets it see and nothing more.

use crate::flow::TAKE_OUTCOME;
use crate::kind::{RecordHead, Unbezwingbare};
use crate::logged::{Logged, Step, due};
use crate::material::DECK;
use crate::moves::{Move, NOBODY};
use crate::state::{AREAS, Frame, SEATS, Stage, State, bits32, bits128};
use rand_pcg::Pcg64Mcg;
use stadt_core::game::Game;
use stadt_harness::actions::ActionSpace;

/// Influence cards (U5).
const INFLUENCE: usize = 30;

/// Each kind of move and how many numbers it takes, in order.
pub const SEGMENTS: [(&str, usize); 20] = [
    ("start area", AREAS),
    ("stop choosing", 1),
    ("turn cards", 1),
    ("income area", AREAS),
    ("sell", DECK),
    ("buy pawned", DECK),
    ("buy drawn", 1),
    ("sell market", DECK),
    ("buy market", DECK),
    ("buy area", AREAS),
    ("place card area", DECK * AREAS),
    ("rebuild card area", DECK * AREAS),
    ("buy influence", 1),
    ("play card against seat (none last)", INFLUENCE * (SEATS + 1)),
    ("end phase 2", 1),
    ("drop", INFLUENCE),
    ("pass", 1),
    ("pick area", AREAS),
    ("discard", DECK),
    ("move building from area to area", AREAS * AREAS),
];

/// Where segment `i` starts.
const fn start(i: usize) -> usize {
    let mut n = 0;
    let mut k = 0;
    while k < i {
        n += SEGMENTS[k].1;
        k += 1;
    }
    n
}

/// How many actions there are.
pub const ACTIONS: usize = start(SEGMENTS.len());

/// The number of `mv`.
pub fn action(mv: Move) -> usize {
    let (seg, off) = match mv {
        Move::StartArea(a) => (0, usize::from(a)),
        Move::StopStart => (1, 0),
        Move::TurnCards => (2, 0),
        Move::Income(a) => (3, usize::from(a)),
        Move::Sell(c) => (4, usize::from(c)),
        Move::BuyPawned(c) => (5, usize::from(c)),
        Move::BuyDrawn => (6, 0),
        Move::SellMarket(c) => (7, usize::from(c)),
        Move::BuyMarket(c) => (8, usize::from(c)),
        Move::BuyArea(a) => (9, usize::from(a)),
        Move::Place { card, area } => (10, usize::from(card) * AREAS + usize::from(area)),
        Move::Rebuild { card, area } => (11, usize::from(card) * AREAS + usize::from(area)),
        Move::BuyInfluence => (12, 0),
        Move::Play { card, target } => {
            let t = if target == NOBODY { SEATS } else { usize::from(target) };
            (13, usize::from(card) * (SEATS + 1) + t)
        }
        Move::EndPhase2 => (14, 0),
        Move::DropInfluence(c) => (15, usize::from(c)),
        Move::Pass => (16, 0),
        Move::PickArea(a) => (17, usize::from(a)),
        Move::Discard(c) => (18, usize::from(c)),
        Move::MoveBuilding { from, to } => (19, usize::from(from) * AREAS + usize::from(to)),
    };
    start(seg) + off
}

/// The move number `n` names.
pub fn move_of(n: usize) -> Option<Move> {
    let seg = (0..SEGMENTS.len()).rev().find(|&i| start(i) <= n)?;
    let off = n - start(seg);
    if off >= SEGMENTS[seg].1 {
        return None;
    }
    let b = |x: usize| x as u8;
    Some(match seg {
        0 => Move::StartArea(b(off)),
        1 => Move::StopStart,
        2 => Move::TurnCards,
        3 => Move::Income(b(off)),
        4 => Move::Sell(b(off)),
        5 => Move::BuyPawned(b(off)),
        6 => Move::BuyDrawn,
        7 => Move::SellMarket(b(off)),
        8 => Move::BuyMarket(b(off)),
        9 => Move::BuyArea(b(off)),
        10 => Move::Place { card: b(off / AREAS), area: b(off % AREAS) },
        11 => Move::Rebuild { card: b(off / AREAS), area: b(off % AREAS) },
        12 => Move::BuyInfluence,
        13 => {
            let t = off % (SEATS + 1);
            Move::Play { card: b(off / (SEATS + 1)), target: if t == SEATS { NOBODY } else { b(t) } }
        }
        14 => Move::EndPhase2,
        15 => Move::DropInfluence(b(off)),
        16 => Move::Pass,
        17 => Move::PickArea(b(off)),
        18 => Move::Discard(b(off)),
        _ => Move::MoveBuilding { from: b(off / AREAS), to: b(off % AREAS) },
    })
}

/// The observation's sections in order: name and length.
pub const SECTIONS: [(&str, usize); 14] = [
    ("own building cards, by card id", DECK),
    ("own influence cards, by card id", INFLUENCE),
    (
        "seats, the viewer first: stones, points, marker (each / 50), areas / 48, knights / 25, building cards / 10, influence cards / 3",
        SEATS * 7,
    ),
    ("areas: owner (the viewer first, 5) and the building's value / 5", AREAS * (SEATS + 1)),
    ("the Pfandhaus, by card id", DECK),
    ("the free market, by card id", DECK),
    ("the discard pile, by card id", DECK),
    ("influence cards played face up, by card id", INFLUENCE),
    ("the draw pile's parts / 83 (0 during the deal), the influence pile / 30", 4),
    ("great powers: holder, the viewer first", 4 * SEATS),
    ("the player to act, the viewer first", SEATS),
    ("the seat deciding, the viewer first", SEATS),
    ("the stage: deal, start, before, phase 1, phase 2, phase 3, scored, over", 8),
    ("turns / 1000", 1),
];

/// The observation's length.
pub const LEN: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < SECTIONS.len() {
        n += SECTIONS[i].1;
        i += 1;
    }
    n
};

/// What `viewer` sees of `s` (U76) into `out` (`LEN` numbers, overwritten; each 0 to 1).
pub fn observation(s: &State, viewer: usize, out: &mut [f32]) {
    assert_eq!(out.len(), LEN, "an observation has {LEN} numbers");
    out.fill(0.0);
    let n = usize::from(s.n);
    let rel = |p: usize| (p + n - viewer) % n;
    let f = |x: f32, scale: f32| (x / scale).clamp(0.0, 1.0);
    let mut at = 0;
    for c in bits128(s.hand[viewer]) {
        out[at + usize::from(c)] = 1.0;
    }
    at += DECK;
    for c in bits32(s.influence[viewer]) {
        out[at + usize::from(c)] = 1.0;
    }
    at += INFLUENCE;
    for p in 0..n {
        let o = at + rel(p) * 7;
        out[o] = f(f32::from(s.stones[p]), 50.0);
        out[o + 1] = f(f32::from(s.points(p as u8)), 50.0);
        out[o + 2] = f(f32::from(s.marker[p]), 50.0);
        out[o + 3] = f(s.owned[p].count_ones() as f32, 48.0);
        out[o + 4] = f(f32::from(s.knights[p]), 25.0);
        out[o + 5] = f(s.hand[p].count_ones() as f32, 10.0);
        out[o + 6] = f(s.influence[p].count_ones() as f32, 3.0);
    }
    at += SEATS * 7;
    for a in 0..AREAS {
        let o = at + a * (SEATS + 1);
        if s.owner[a] != NOBODY {
            out[o + rel(usize::from(s.owner[a]))] = 1.0;
        }
        if s.building[a] != NOBODY {
            out[o + SEATS] = f(f32::from(s.card(s.building[a]).price), 5.0);
        }
    }
    at += AREAS * (SEATS + 1);
    for set in [s.pawnshop, s.market, s.discard] {
        for c in bits128(set) {
            out[at + usize::from(c)] = 1.0;
        }
        at += DECK;
    }
    for c in bits32(s.played_influence & s.influence_discard) {
        out[at + usize::from(c)] = 1.0;
    }
    at += INFLUENCE;
    // During the deal the pile is not made yet (U24): its parts are not what a view keeps.
    if s.stage != Stage::Deal {
        for k in 0..3 {
            out[at + k] = f(s.pile[k].count_ones() as f32, DECK as f32);
        }
    }
    out[at + 3] = f(s.influence_pile.count_ones() as f32, INFLUENCE as f32);
    at += 4;
    for (c, &h) in s.great.iter().enumerate() {
        if h != NOBODY {
            out[at + c * SEATS + rel(usize::from(h))] = 1.0;
        }
    }
    at += 4 * SEATS;
    if !s.is_over() {
        out[at + rel(usize::from(s.actor))] = 1.0;
    }
    at += SEATS;
    if let Some(d) = s.decider() {
        out[at + rel(usize::from(d))] = 1.0;
    }
    at += SEATS;
    out[at + s.stage as usize] = 1.0;
    at += 8;
    out[at] = f(s.turns as f32, 1000.0);
    at += 1;
    debug_assert_eq!(at, LEN);
}

impl ActionSpace for Unbezwingbare {
    fn actions(&self) -> usize {
        ACTIONS
    }

    fn action_of(&self, _g: &Logged, mv: Move) -> Option<usize> {
        Some(action(mv))
    }

    fn move_of(&self, _g: &Logged, n: usize) -> Result<Move, String> {
        move_of(n).ok_or_else(|| format!("action {n} names no move: actions are 0 to {}", ACTIONS - 1))
    }

    fn outcome_count(&self) -> usize {
        TAKE_OUTCOME as usize + DECK
    }

    /// Each card the step may take, uniformly (U77: drawn from the pile's cards, or the hand's).
    fn outcomes(&self, g: &Logged) -> Result<Vec<(usize, f64)>, String> {
        let (base, set) = g.state.outcomes();
        let k = set.count_ones();
        if k == 0 {
            return Err("no chance step is due".to_string());
        }
        Ok(bits128(set).map(|c| (base as usize + usize::from(c), 1.0 / f64::from(k))).collect())
    }

    fn outcome_text(&self, g: &Logged, outcome: usize) -> Result<String, String> {
        let step = crate::logged::step_of(&g.state, outcome as u64)
            .ok_or_else(|| format!("chance outcome {outcome} is no step here"))?;
        Ok(crate::text::step_text(g.state.mat, step, false))
    }

    fn apply_outcome(&self, g: &mut Logged, outcome: usize) -> Result<(), String> {
        if g.force(outcome as u64) {
            Ok(())
        } else {
            Err(format!("chance outcome {outcome} cannot happen here (U77)"))
        }
    }

    fn resolve_one(&self, g: &mut Logged, rng: &mut Pcg64Mcg) -> Option<usize> {
        let id = g.resolve_chance(rng);
        (id != u64::MAX).then_some(id as usize)
    }

    /// A card dealt or drawn is seen by its taker (and under `two_orders` his other order), a card
    /// taken by both hands; a card turned in phase 1 by all (U76).
    fn witnesses(&self, g: &Logged) -> Vec<usize> {
        let s = &g.state;
        let seeing = |q: u8| (0..s.n).filter(|&v| s.sees_hand(v, q)).map(usize::from).collect::<Vec<_>>();
        match due(s) {
            Some(Step::Deal { to, .. } | Step::Draw { to, .. } | Step::Influence { to, .. }) => seeing(to),
            Some(Step::Take { from, to, .. }) => {
                (0..s.n).filter(|&v| s.sees_hand(v, from) || s.sees_hand(v, to)).map(usize::from).collect()
            }
            _ => (0..s.seats()).collect(),
        }
    }

    fn perfect_information(&self) -> bool {
        false
    }

    fn tensor_shape(&self) -> Vec<usize> {
        vec![LEN]
    }

    fn tensor_range(&self) -> (f32, f32) {
        (0.0, 1.0)
    }

    fn tensor(&self, g: &Logged, seat: usize, out: &mut [f32]) {
        observation(&g.state, seat, out);
    }

    fn seat_of(&self, g: &Logged) -> usize {
        usize::from(g.state.decider().unwrap_or(if g.state.is_over() { 0 } else { g.state.actor }))
    }

    fn step_name(&self, g: &Logged) -> String {
        let s = &g.state;
        let name = match (s.top(), s.stage) {
            (_, Stage::Over) => "over",
            (Some(Frame::Turning { .. }), _) => "turn",
            (Some(Frame::Drawing { .. }), _) => "draw",
            (Some(Frame::Income { .. }), _) => "income",
            (Some(Frame::Answer { .. }), _) => "answer",
            (Some(Frame::Effect { .. }), _) if s.decider().is_none() => "take",
            (Some(Frame::Effect { .. }), _) => "effect",
            (Some(Frame::Influence { .. }), _) => "influence",
            (Some(Frame::Drop { .. }), _) => "drop",
            (None, Stage::Deal) => "deal",
            (None, Stage::Start) => "start",
            (None, Stage::Before) => "before",
            (None, _) => "phase2",
        };
        name.to_string()
    }

    fn sample(&self, g: &Logged, seat: usize, rng: &mut Pcg64Mcg) -> Logged {
        Logged::new(g.state.sample(seat as u8, rng))
    }

    fn max_game_length(&self, _players: usize) -> usize {
        // Each turn is a few dozen steps at most: the turn limit (U75) bounds the game.
        self.options.turns as usize * 400 + 400
    }

    fn record_head_for(&self, seed: Option<u64>) -> RecordHead {
        RecordHead { seed }
    }

    fn record_head_of(&self, record: &str) -> RecordHead {
        RecordHead { seed: crate::record::read_header(record, None).ok().and_then(|h| h.3) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chosen::Data;
    use crate::options::Options;
    use rand::{RngExt, SeedableRng};
    use stadt_core::game::Turn;

    /// U76: every seat's observation is the same in a game and in its samples for that seat, at
    /// every step of random games; every move's number names it and back (U77: chance outcomes
    /// listed sum to 1).
    #[test]
    fn u76_the_observation_shows_a_seat_only_what_it_sees() {
        let kind = Unbezwingbare::default();
        let (mut a, mut b) = (vec![0f32; LEN], vec![0f32; LEN]);
        let mut moves = Vec::new();
        for game in 0..8u64 {
            let players = 2 + game as usize % 4;
            let options =
                if game % 2 == 0 { Options::base(players as u8) } else { Options::strategic(players as u8) };
            let mut g = Logged::new(State::new(Data::invented().mat, options).unwrap());
            let mut rng = Pcg64Mcg::seed_from_u64(game);
            let mut steps = 0;
            while !g.state.is_over() && steps < 3000 {
                steps += 1;
                for v in 0..g.state.seats() {
                    observation(&g.state, v, &mut a);
                    observation(&kind.sample(&g, v, &mut rng).state, v, &mut b);
                    assert_eq!(a, b, "game {game} seat {v}");
                }
                if g.turn() == Turn::Chance {
                    let listed = kind.outcomes(&g).unwrap();
                    assert!((listed.iter().map(|o| o.1).sum::<f64>() - 1.0).abs() < 1e-9);
                    let n = kind.resolve_one(&mut g, &mut rng).unwrap();
                    assert!(listed.iter().any(|o| o.0 == n));
                    continue;
                }
                g.legal_moves(&mut moves);
                for &mv in &moves {
                    let n = kind.action_of(&g, mv).unwrap();
                    assert!(n < ACTIONS);
                    assert_eq!(kind.move_of(&g, n), Ok(mv));
                }
                g.apply(moves[rng.random_range(0..moves.len())]);
            }
        }
    }
}
