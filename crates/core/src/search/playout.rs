//! Informed playouts: a playout picks its moves by the game's move values (`Game::move_values`)
//! under a `Policy`: the best, the best but for a share of uniform moves, a softmax, or the best
//! of a few moves drawn uniformly (which values only those). A game without move values is played
//! uniformly. No allocation once the buffers have grown.

use crate::game::Game;
use crate::search::mcts::Rollout;
use rand::RngExt;
use rand_pcg::Pcg64Mcg;

/// How a playout picks among the legal moves by their values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Policy {
    /// Uniformly (the values are not asked for).
    Random,
    /// A move of the highest value, ties broken uniformly.
    Greedy,
    /// With this probability a uniform move, otherwise as `Greedy`.
    EpsilonGreedy(f64),
    /// Each move with probability proportional to exp(value / this temperature).
    Softmax(f64),
    /// The best of this many legal moves drawn uniformly without replacement (of all of them
    /// where there are no more), ties broken uniformly: only the drawn moves are valued.
    BestOf(u32),
    /// As `BestOf`, the moves drawn by the game's own uniform draw where it has one that needs no
    /// list of the legal moves (a repeat is drawn again): the same choice in distribution, from
    /// other random numbers, and cheaper where listing the moves is most of a turn's cost.
    SampleOf(u32),
}

impl Policy {
    /// The policy `text` names: `random`, `greedy`, `eps:E` (E from 0 to 1), `softmax:T` (T
    /// above 0), `best:K` or `sample:K` (K from 1 to 1000); Err says what is wrong.
    pub fn parse(text: &str) -> Result<Policy, String> {
        let number = |v: &str, ok: &dyn Fn(f64) -> bool, what: &str| {
            v.parse::<f64>().ok().filter(|&x| x.is_finite() && ok(x)).ok_or(format!("`{text}`: {what}"))
        };
        match text.split_once(':') {
            None if text == "random" => Ok(Policy::Random),
            None if text == "greedy" => Ok(Policy::Greedy),
            Some(("eps", v)) => number(v, &|x| (0.0..=1.0).contains(&x), "eps:E takes E from 0 to 1")
                .map(Policy::EpsilonGreedy),
            Some(("softmax", v)) => {
                number(v, &|x| x > 0.0, "softmax:T takes a temperature T above 0").map(Policy::Softmax)
            }
            Some((name @ ("best" | "sample"), v)) => v
                .parse::<u32>()
                .ok()
                .filter(|k| (1..=1000).contains(k))
                .map(if name == "best" { Policy::BestOf } else { Policy::SampleOf })
                .ok_or(format!("`{text}`: {name}:K takes a whole number K from 1 to 1000")),
            _ => Err(format!(
                "`{text}` is not a playout policy: random, greedy, eps:E, softmax:T, best:K or sample:K"
            )),
        }
    }

    /// The policy as `parse` reads it.
    pub fn text(&self) -> String {
        match self {
            Policy::Random => "random".into(),
            Policy::Greedy => "greedy".into(),
            Policy::EpsilonGreedy(e) => format!("eps:{e}"),
            Policy::Softmax(t) => format!("softmax:{t}"),
            Policy::BestOf(k) => format!("best:{k}"),
            Policy::SampleOf(k) => format!("sample:{k}"),
        }
    }

    /// How many moves a playout draws uniformly and values, for `BestOf` and `SampleOf`; None
    /// when it values every legal move (or, `Random`, none).
    pub fn draws(&self) -> Option<usize> {
        match *self {
            Policy::BestOf(k) | Policy::SampleOf(k) => Some(k as usize),
            _ => None,
        }
    }

    /// Whether the moves are drawn by the game's own draw, without the list (`SampleOf`).
    pub fn samples(&self) -> bool {
        matches!(self, Policy::SampleOf(_))
    }

    /// The index of the move this policy picks among moves of `values` (not empty): for
    /// `BestOf` and `SampleOf`, the values of the drawn moves.
    pub fn pick(&self, values: &[f64], rng: &mut Pcg64Mcg) -> usize {
        match *self {
            Policy::Random => rng.random_range(0..values.len()),
            Policy::Greedy | Policy::BestOf(_) | Policy::SampleOf(_) => best(values, rng),
            Policy::EpsilonGreedy(e) => {
                if rng.random::<f64>() < e {
                    rng.random_range(0..values.len())
                } else {
                    best(values, rng)
                }
            }
            Policy::Softmax(t) => {
                // Shifted by the largest value, so that no weight overflows.
                let top = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                let total: f64 = values.iter().map(|v| ((v - top) / t).exp()).sum();
                let mut left = rng.random::<f64>() * total;
                for (i, v) in values.iter().enumerate() {
                    left -= ((v - top) / t).exp();
                    if left < 0.0 {
                        return i;
                    }
                }
                values.len() - 1
            }
        }
    }
}

/// A move of the highest value, ties broken uniformly (one pass, reservoir).
fn best(values: &[f64], rng: &mut Pcg64Mcg) -> usize {
    let (mut pick, mut top, mut ties) = (0, f64::NEG_INFINITY, 0u32);
    for (i, &v) in values.iter().enumerate() {
        if v > top {
            (pick, top, ties) = (i, v, 1);
        } else if v == top {
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                pick = i;
            }
        }
    }
    pick
}

/// Playouts whose moves a `Policy` picks by the game's move values.
pub struct InformedRollout<G: Game> {
    policy: Policy,
    moves: Vec<G::Move>,
    values: Vec<f64>,
}

impl<G: Game> InformedRollout<G> {
    /// Playouts under `policy`.
    pub fn new(policy: Policy) -> InformedRollout<G> {
        InformedRollout { policy, moves: Vec::new(), values: Vec::new() }
    }
}

/// Keeps `k` of `moves` drawn uniformly without replacement (all of them when there are no more
/// than `k`), in the first places, in the order drawn: a partial shuffle.
pub fn keep_drawn<M>(moves: &mut Vec<M>, k: usize, rng: &mut Pcg64Mcg) {
    keep_drawn_after(moves, 0, k, rng);
}

/// `keep_drawn` on the moves from place `from` on; the ones before stay as they are.
pub fn keep_drawn_after<M>(moves: &mut Vec<M>, from: usize, k: usize, rng: &mut Pcg64Mcg) {
    let n = moves.len() - from;
    if n <= k {
        return;
    }
    for i in 0..k {
        let j = rng.random_range(i..n);
        moves.swap(from + i, from + j);
    }
    moves.truncate(from + k);
}

impl<G: Game> Rollout<G> for InformedRollout<G> {
    fn choose(&mut self, state: &G, rng: &mut Pcg64Mcg) -> G::Move {
        if self.policy == Policy::Random {
            return state.random_move(&mut self.moves, rng);
        }
        state.legal_moves(&mut self.moves);
        if let Some(k) = self.policy.draws() {
            keep_drawn(&mut self.moves, k, rng);
        }
        if !state.move_values(&self.moves, &mut self.values) {
            return self.moves[rng.random_range(0..self.moves.len())];
        }
        debug_assert_eq!(self.values.len(), self.moves.len(), "one value per move");
        self.moves[self.policy.pick(&self.values, rng)]
    }
}
