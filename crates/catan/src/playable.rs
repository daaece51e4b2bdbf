//! Catan through the core's game trait (`stadt_core::game`), so the core's random play and MCTS
//! run on it. Chance steps that follow one another (a seven's random discards) are resolved
//! together; an outcome id names a single outcome (the dice's sum, the card drawn, the card
//! stolen, the cards discarded) or, for a chain, a mix of its parts that only compares equal.

use crate::ids::{DevCard, Player, Resource};
use crate::knights::cards::ProgressCard;
use crate::knights::tracks::Commodity;
use crate::moves::{Chance, Move, Phase};
use crate::state::State;
use rand::Rng;
use stadt_core::game::{Game, Turn};

/// Offsets of the outcome kinds in an id.
const DRAW: u64 = 100;
const STEAL: u64 = 200;
const ROLL: u64 = 300;
const PROGRESS: u64 = 600;
const DISCARD: u64 = 1 << 32;
/// Set in the ids of chains of outcomes.
const CHAIN: u64 = 1 << 63;

/// The id of one outcome.
pub fn outcome_id(c: Chance) -> u64 {
    match c {
        Chance::Dice(a, b) => (a + b) as u64,
        Chance::Draw(k) => DRAW + k.index() as u64,
        Chance::Steal(r) => STEAL + r.index() as u64,
        Chance::StealCommodity(c) => STEAL + 5 + c as u64,
        Chance::Roll(r, y, e) => ROLL + ((r - 1) as u64 * 6 + (y - 1) as u64) * 6 + (e - 1) as u64,
        Chance::Progress(k) => PROGRESS + k.index() as u64,
        Chance::Discard(cards) => DISCARD + cards.iter().fold(0u64, |acc, &n| acc * 32 + n as u64),
    }
}

/// The outcome of an id, if it names one.
pub fn outcome_of(id: u64) -> Option<Chance> {
    Some(match id {
        2..=12 => {
            let a = (id as u8).saturating_sub(6).max(1);
            Chance::Dice(a, id as u8 - a)
        }
        _ if (DRAW..DRAW + 5).contains(&id) => Chance::Draw(DevCard::from_index((id - DRAW) as usize)?),
        _ if (STEAL..STEAL + 5).contains(&id) => Chance::Steal(Resource::from_index((id - STEAL) as usize)?),
        _ if (STEAL + 5..STEAL + 8).contains(&id) => {
            Chance::StealCommodity(Commodity::ALL[(id - STEAL - 5) as usize])
        }
        _ if (ROLL..ROLL + 216).contains(&id) => {
            let k = (id - ROLL) as u8;
            Chance::Roll(k / 36 + 1, k / 6 % 6 + 1, k % 6 + 1)
        }
        _ if (PROGRESS..PROGRESS + 25).contains(&id) => {
            Chance::Progress(ProgressCard::ALL[(id - PROGRESS) as usize])
        }
        _ if id & CHAIN == 0 && id >= DISCARD => {
            let mut packed = id - DISCARD;
            let mut cards = [0u8; 5];
            for slot in cards.iter_mut().rev() {
                *slot = (packed % 32) as u8;
                packed /= 32;
            }
            Chance::Discard(cards)
        }
        _ => return None,
    })
}

fn chain(id: u64, next: u64) -> u64 {
    CHAIN | (id.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ next).rotate_left(17) & !CHAIN
}

/// Resolves the remaining chance steps from the game's own generator, folding their ids into
/// `id`.
fn finish(s: &mut State, mut id: u64) -> u64 {
    while let Some(c) = s.resolve_chance() {
        id = chain(id, outcome_id(c));
    }
    id
}

impl Game for State {
    type Move = Move;

    #[inline]
    fn players(&self) -> usize {
        State::players(self)
    }

    #[inline]
    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Over => Turn::Over,
            p if p.is_chance() => Turn::Chance,
            _ => Turn::Player(self.actor as usize),
        }
    }

    #[inline]
    fn legal_moves(&self, out: &mut Vec<Move>) {
        State::legal_moves(self, out);
    }

    #[inline]
    fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    #[inline]
    fn apply(&mut self, mv: Move) {
        State::apply(self, mv);
    }

    /// Chance comes from the game's own generator and deck (a sample made by an agent has its
    /// own), so `rng` is not used: every seating of a deal sees the same dice.
    fn resolve_chance<R: Rng + ?Sized>(&mut self, _rng: &mut R) -> u64 {
        match State::resolve_chance(self) {
            Some(c) => finish(self, outcome_id(c)),
            None => 0,
        }
    }

    fn force_chance(&mut self, outcome: u64) -> bool {
        outcome_of(outcome).is_some_and(|c| self.chance(c).is_ok()) && !self.phase.is_chance()
    }

    fn resolve_chance_as<R: Rng + ?Sized>(&mut self, outcome: u64, _rng: &mut R) -> Option<u64> {
        let c = outcome_of(outcome)?;
        self.chance(c).ok()?;
        Some(finish(self, outcome))
    }

    fn scores(&self, out: &mut [f64]) {
        for (p, o) in out.iter_mut().enumerate().take(self.players as usize) {
            *o = self.points(Player(p as u8)) as f64;
        }
    }

    #[inline]
    fn progress(&self) -> usize {
        self.steps as usize
    }

    /// `move_value`'s cheap judgement of each move (docs/catan/README.md, "Bots").
    fn move_values(&self, moves: &[Move], out: &mut Vec<f64>) -> bool {
        out.clear();
        out.extend(moves.iter().map(|&mv| crate::move_value::move_value(self, mv)));
        true
    }
}
