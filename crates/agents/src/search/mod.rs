//! Search over the game trait.

mod follow;
pub mod mcts;
pub mod tree;
