//! Search over the game trait.

pub mod mcts;
