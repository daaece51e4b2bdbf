//! The `Agent` trait: a player of Die Stadt that decides from an observation, never from the
//! hidden order of the tiles.

use crate::observation::Observation;
use rand_pcg::Pcg64Mcg;
use stadt_core::moves::Move;

/// A player. Agents are seeded by the runner from the game seed and seat, so games reproduce.
pub trait Agent: Send {
    /// Chooses one of the legal moves of the current step for `obs.me()`.
    fn act(&mut self, obs: &Observation, rng: &mut Pcg64Mcg) -> Move;
}
