//! stadt-catan-bots: the bots of Die Siedler von Catan, each an `Agent` of the core over
//! `stadt_catan::kind::Catan` that sees only its seat's observation (C41), with its parameters;
//! [`registry`] lists them (`random`, `mcts`, `greedy`, `lookahead`) for the core's bot layer, which parses
//! their specs and bot files.

pub mod greedy;
pub mod learned;
pub mod lookahead;
pub mod mcts;
pub mod random;
pub mod registry;
