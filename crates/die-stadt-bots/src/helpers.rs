//! Helpers the bots share, so that each bot's file stands alone: the greedy search (best move by
//! points now plus a weight on open features, optionally less the strongest opponent's), the
//! tie-breaking pick of the best move, and a reusable copy of a table to try moves on.

use crate::eval;
use die_stadt::ids::Player;
use die_stadt::moves::{Move, Step};
use die_stadt::table::Table;
pub use die_stadt::table::copy_into;
use rand::RngExt;
use rand_pcg::Pcg64Mcg;

/// What greedy maximises for `player` in `table`: its points plus `open` times its open values,
/// less `deny` times the same for its strongest opponent (greedy itself uses `deny` = 0).
pub fn value(table: &Table, player: Player, open: f64, deny: f64) -> f64 {
    let open_values = eval::open_values(table);
    let of = |p: Player| table.player(p).points.total() as f64 + open * open_values[p.index()];
    let mut v = of(player);
    if deny != 0.0 {
        let best_other =
            Player::all(table.players()).filter(|&p| p != player).map(of).fold(f64::NEG_INFINITY, f64::max);
        v -= deny * best_other;
    }
    v
}

/// Reusable buffers for greedy choices (also used by the steerer and MCTS rollouts).
#[derive(Default)]
pub struct GreedySearch {
    moves: Vec<Move>,
    followers: Vec<Move>,
    after_tile: Option<Box<Table>>,
    after_move: Option<Box<Table>>,
    best: Vec<Move>,
    values: Vec<f64>,
}

impl GreedySearch {
    /// The greedy move for the player to act in `table` (ties broken at random).
    pub fn best(&mut self, table: &Table, open: f64, rng: &mut Pcg64Mcg) -> Move {
        self.best_relative(table, open, 0.0, rng)
    }

    /// The best move by `value` with weight `deny` on the strongest opponent.
    pub fn best_relative(&mut self, table: &Table, open: f64, deny: f64, rng: &mut Pcg64Mcg) -> Move {
        table.legal_moves(&mut self.moves);
        if self.moves.len() == 1 {
            return self.moves[0];
        }
        let me = table.actor();
        let (moves, mut best) = (std::mem::take(&mut self.moves), std::mem::take(&mut self.best));
        let mv = if deny == 0.0 {
            // The engine's gains are `move_value`'s values less the position's own, found without
            // playing the moves (tests/move_values.rs); the best and the ties are the same, so
            // picked in the same order they give the same move for the same random numbers.
            table.move_gains(open, &moves, &mut self.values);
            let mut i = 0;
            pick_best(&moves, &mut best, rng, |_| {
                i += 1;
                self.values[i - 1]
            })
        } else {
            pick_best(&moves, &mut best, rng, |mv| self.move_value(table, mv, me, open, deny))
        };
        (self.moves, self.best) = (moves, best);
        mv
    }

    /// The value of playing `mv` (and, after a tile, of the best follower choice).
    pub fn move_value(&mut self, table: &Table, mv: Move, me: Player, open: f64, deny: f64) -> f64 {
        let after = copy_into(&mut self.after_tile, table);
        after.apply(mv);
        if after.step() != Step::Follower {
            return value(after, me, open, deny);
        }
        after.legal_moves(&mut self.followers);
        let mut best = f64::NEG_INFINITY;
        let after: &Table = after;
        for &f in &self.followers {
            let t = copy_into(&mut self.after_move, after);
            t.apply(f);
            best = best.max(value(t, me, open, deny));
        }
        best
    }
}

/// The move with the highest `value`, ties (within 1e-9) broken at random; `best` is a reused
/// buffer for the tied moves.
pub fn pick_best(
    moves: &[Move],
    best: &mut Vec<Move>,
    rng: &mut Pcg64Mcg,
    mut value: impl FnMut(Move) -> f64,
) -> Move {
    let mut best_value = f64::NEG_INFINITY;
    best.clear();
    for &mv in moves {
        let v = value(mv);
        if v > best_value + 1e-9 {
            best_value = v;
            best.clear();
            best.push(mv);
        } else if v > best_value - 1e-9 {
            best.push(mv);
        }
    }
    best[rng.random_range(0..best.len())]
}
