//! stadt-catan-bots: the bots of Die Siedler von Catan, each an `Agent` of the core over
//! `stadt_catan::kind::Catan` that sees only its seat's observation (C41). The harness names them
//! in specs (`random`, `mcts`, `greedy`) and seats them.

pub mod greedy;
pub mod learned;
pub mod mcts;
pub mod random;
