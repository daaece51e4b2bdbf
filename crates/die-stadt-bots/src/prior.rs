//! Priors over Die Stadt moves for search: each legal move weighted by the greedy value of the
//! position it leads to (points plus a weight on open features, a tile valued with its best
//! follower), as a softmax with a temperature in points. Reads the public table only.

use die_stadt::game::Game;
use die_stadt::moves::Move;
use stadt_core::search::mcts::Prior;

/// The greedy-value softmax prior.
pub struct GreedyPrior {
    open: f64,
    temperature: f64,
    values: Vec<f64>,
}

impl GreedyPrior {
    /// A prior valuing open features at `open` and turning values into weights at `temperature`
    /// points (the smaller, the more the best-valued move dominates).
    pub fn new(open: f64, temperature: f64) -> GreedyPrior {
        GreedyPrior { open, temperature: temperature.max(1e-6), values: Vec::new() }
    }
}

impl Prior<Game> for GreedyPrior {
    fn weights(&mut self, state: &Game, moves: &[Move], out: &mut Vec<f32>) {
        // Greedy's values, worked out without playing the moves (equal to `move_value`'s).
        state.table().move_gains(self.open, moves, &mut self.values);
        softmax(&self.values, self.temperature, out);
    }
}

/// `exp(v / t)` normalised to sum 1, into `out` (cleared first).
pub fn softmax(values: &[f64], temperature: f64, out: &mut Vec<f32>) {
    out.clear();
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut sum = 0.0;
    for &v in values {
        let e = ((v - best) / temperature).exp();
        sum += e;
        out.push(e as f32);
    }
    for w in out.iter_mut() {
        *w = (*w as f64 / sum) as f32;
    }
}
