//! Search over the game trait.

pub mod mcts;
pub mod tree;
