//! stadt-core: the game-free core of the harness. Any game plugs in through [`game::Game`] (and
//! [`game::Determinize`] for a player's view with hidden parts); what is here never names one.
//!
//! - [`game`]: the game traits; [`play`]: playing a game to its end through them.
//! - [`search`]: MCTS over them (determinised, with tree reuse, priors and widening).
//! - [`seeds`]: every random stream derived from the run seed and the place it is used.
//! - [`child`]: a program in another process speaking lines of JSON on its pipes.

pub mod child;
pub mod game;
pub mod play;
pub mod search;
pub mod seeds;
