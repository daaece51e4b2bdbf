//! The greedy bot's choice: every legal move tried on a copy of the seat's view, the position it
//! leads to judged by the documented value (`value::raw_value`, docs/unbezwingbare/bots.md), the
//! best taken, ties broken uniformly. A move that opens a decision of the same effect (an
//! influence card asking for an area, an opponent's answer) is followed to the end of it, the
//! seat taking its best continuation and another seat the one best for him, at most
//! [`FOLLOW`] steps deep. A chance step a move leads to (a card drawn, an influence card bought)
//! is not resolved: the value counts the card on its way (`value`).
//!
//! It reads only what the seat sees: called with the view (`State::view(me)`, or an
//! `Observation`'s view), whose hidden part is a fixed deal (lowest cards first). The seat's own
//! value reads of it only sizes (the others' hands, the piles); where the greedy judges another
//! seat's choice inside an effect, it reads that seat's hand as the view deals it, never the
//! real one (`tests/bots.rs` checks that games alike to the seat get the same move).
//!
//! Also the search's playout policy ([`GreedyRollout`], a `Rollout` for `stadt_core`'s MCTS).

use crate::moves::Move;
use crate::state::{Frame, State};
use crate::value::{Weights, raw_value};
use rand::RngExt;
use rand_pcg::Pcg64Mcg;
use stadt_core::search::mcts::{Prior, Rollout};
use stadt_core::search::playout::Policy;

/// How many decisions inside one move's effect the greedy follows.
pub const FOLLOW: u32 = 2;

/// Whether the decision now belongs to an effect or answer under way (a continuation of the
/// move before), not to a turn's own course.
fn inside_effect(s: &State) -> bool {
    matches!(s.top(), Some(Frame::Effect { .. } | Frame::Answer { .. }))
}

/// The value for `me` of the position after `s`, following an effect's decisions `depth` deep.
fn follow(s: &State, me: u8, w: &Weights, depth: u32) -> f64 {
    let Some(p) = s.decider() else { return raw_value(s, me, w) };
    if depth == 0 || !inside_effect(s) {
        return raw_value(s, me, w);
    }
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    let mut best = (f64::NEG_INFINITY, f64::NEG_INFINITY);
    for &m in &moves {
        let mut t = *s;
        t.apply(m);
        let mine = follow(&t, me, w, depth - 1);
        // The seat to decide picks by its own value; when that is `me`, it is the same.
        let theirs = if p == me { mine } else { raw_value(&t, p, w) };
        if theirs > best.0 {
            best = (theirs, mine);
        }
    }
    if best.1.is_finite() { best.1 } else { raw_value(s, me, w) }
}

/// The value for `me` of each legal move of `s` (the player to decide is `me`), into `values`
/// (cleared first, one per move).
pub fn move_values(s: &State, me: u8, w: &Weights, moves: &[Move], values: &mut Vec<f64>) {
    values.clear();
    for &m in moves {
        let mut t = *s;
        t.apply(m);
        values.push(follow(&t, me, w, FOLLOW));
    }
}

/// The greedy move of seat `me` in `view` (its view of the game: `State::view(me)` or an
/// observation's), under weights `w`; `moves` and `values` are scratch buffers. Ties are broken
/// uniformly by `rng`. `me` must be the seat to decide.
pub fn greedy_move(
    view: &State,
    me: u8,
    w: &Weights,
    moves: &mut Vec<Move>,
    values: &mut Vec<f64>,
    rng: &mut Pcg64Mcg,
) -> Move {
    view.legal_moves(moves);
    debug_assert!(!moves.is_empty(), "the seat to decide has a move");
    if moves.len() == 1 {
        return moves[0];
    }
    move_values(view, me, w, moves, values);
    moves[Policy::Greedy.pick(values, rng)]
}

/// The greedy bot's state between decisions: its weights and buffers. The plug-in's `Agent`
/// wraps it: `act` is `self.choose(obs.view(), obs.me(), rng)`.
#[derive(Clone, Debug, Default)]
pub struct Greedy {
    /// The value's weights.
    pub weights: Weights,
    moves: Vec<Move>,
    values: Vec<f64>,
}

impl Greedy {
    /// A greedy bot under these weights.
    pub fn new(weights: Weights) -> Greedy {
        Greedy { weights, moves: Vec::new(), values: Vec::new() }
    }

    /// The move of seat `me` in its view `view` (see [`greedy_move`]).
    pub fn choose(&mut self, view: &State, me: u8, rng: &mut Pcg64Mcg) -> Move {
        greedy_move(view, me, &self.weights, &mut self.moves, &mut self.values, rng)
    }
}

/// A search's playouts by the greedy choice: with probability `epsilon` a uniform move, else the
/// greedy move of the seat to act on the playout's sample (a sample of the search, never the real
/// game), its effects not followed (speed).
#[derive(Clone, Debug)]
pub struct GreedyRollout {
    weights: Weights,
    epsilon: f64,
    moves: Vec<Move>,
    values: Vec<f64>,
}

impl GreedyRollout {
    /// Playouts under `weights`, a uniform move with probability `epsilon`.
    pub fn new(weights: Weights, epsilon: f64) -> GreedyRollout {
        GreedyRollout { weights, epsilon, moves: Vec::new(), values: Vec::new() }
    }
}

impl Rollout<State> for GreedyRollout {
    fn choose(&mut self, state: &State, rng: &mut Pcg64Mcg) -> Move {
        state.legal_moves(&mut self.moves);
        if self.moves.len() == 1 {
            return self.moves[0];
        }
        if self.epsilon > 0.0 && rng.random::<f64>() < self.epsilon {
            return self.moves[rng.random_range(0..self.moves.len())];
        }
        let me = state.decider().unwrap_or(0);
        self.values.clear();
        for &m in &self.moves {
            let mut t = *state;
            t.apply(m);
            self.values.push(raw_value(&t, me, &self.weights));
        }
        self.moves[Policy::Greedy.pick(&self.values, rng)]
    }
}

/// The game's move values for informed playouts (`Game::move_values`): each move's value for
/// the player to act, its effects not followed.
pub fn playout_values(s: &State, moves: &[Move], out: &mut Vec<f64>) {
    let me = s.decider().unwrap_or(0);
    let w = Weights::default();
    out.clear();
    for &m in moves {
        let mut t = *s;
        t.apply(m);
        out.push(raw_value(&t, me, &w));
    }
}

/// A search's prior over a position's moves from the greedy values: a softmax of each move's
/// value for the player to act at temperature `temperature` (in the value's units, where a point
/// is `w_points`), its effects not followed.
#[derive(Clone, Debug)]
pub struct GreedyPrior {
    weights: Weights,
    temperature: f64,
    values: Vec<f64>,
}

impl GreedyPrior {
    /// A prior under `weights` at `temperature`.
    pub fn new(weights: Weights, temperature: f64) -> GreedyPrior {
        GreedyPrior { weights, temperature: temperature.max(1e-9), values: Vec::new() }
    }
}

impl Prior<State> for GreedyPrior {
    fn weights(&mut self, state: &State, moves: &[Move], out: &mut Vec<f32>) {
        let me = state.decider().unwrap_or(0);
        self.values.clear();
        for &m in moves {
            let mut t = *state;
            t.apply(m);
            self.values.push(raw_value(&t, me, &self.weights));
        }
        let top = self.values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        out.clear();
        out.extend(self.values.iter().map(|v| ((v - top) / self.temperature).exp() as f32));
        let total: f32 = out.iter().sum();
        for x in out.iter_mut() {
            *x /= total;
        }
    }
}
