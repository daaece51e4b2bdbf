//! Search over the game trait.

mod follow;
mod halving;
pub mod mcts;
pub mod playout;
pub mod tree;
