//! Random games: uniform legal moves, chance from the game's own generator and deck. What the
//! speed figures (`stadt --game catan bench`) and the `speed` example play.

use crate::moves::Move;
use crate::state::State;
use rand::RngExt;
use rand_pcg::Pcg64Mcg;

/// One step of a random game: a chance outcome at a chance step, else a uniform legal move
/// (`moves` is the scratch list). The game must not be over.
#[inline]
pub fn random_step(s: &mut State, moves: &mut Vec<Move>, rng: &mut Pcg64Mcg) {
    if s.phase().is_chance() {
        s.resolve_chance();
    } else {
        s.legal_moves(moves);
        s.apply(moves[rng.random_range(0..moves.len())]);
    }
}

/// Plays `s` to its end with `random_step`; returns the steps taken, chance included.
pub fn random_playout(s: &mut State, moves: &mut Vec<Move>, rng: &mut Pcg64Mcg) -> u64 {
    let mut steps = 0;
    while !s.is_over() {
        random_step(s, moves, rng);
        steps += 1;
    }
    steps
}
