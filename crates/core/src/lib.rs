//! stadt-core: the game-free core of the harness. Any game plugs in through [`game::Game`] (and
//! [`game::Determinize`] for a player's view with hidden parts); what is here never names one.
//!
//! - [`game`]: the game traits; [`play`]: playing a game to its end through them.
//! - [`search`]: MCTS over them (determinised, with tree reuse, priors and widening).
//! - [`seeds`]: every random stream derived from the run seed and the place it is used.
//! - [`child`]: a program in another process speaking lines of JSON on its pipes.
//! - [`stats`], [`sprt`]: intervals, ratings and the sequential tests' statistics.
//! - [`folder`], [`output`]: run folders that one run holds at a time, and files written whole or
//!   appended row by row; [`error`]: what can go wrong, naming the file, setting or bot at fault.
//! - [`pool`], [`progress`], [`stop`], [`alloc_count`]: worker threads, progress bars, stop
//!   requests and counting allocations.

pub mod alloc_count;
pub mod child;
pub mod error;
pub mod folder;
pub mod game;
pub mod output;
pub mod play;
pub mod pool;
pub mod progress;
pub mod search;
pub mod seeds;
pub mod sprt;
pub mod stats;
pub mod stop;
