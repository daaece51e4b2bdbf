//! The bots, one file each, and the list that registers them: a new bot is a file here and one
//! line in `registry!` below; deleting a bot's file breaks only its line.

use die_stadt::kind::DieStadt;
use stadt_core::bots::def::BotDef;

/// Declares each bot's module (its file here) and lists its `BOT` entry, in the order given.
macro_rules! registry {
    ($($bot:ident,)*) => {
        $(pub mod $bot;)*

        /// Every bot's entry.
        pub static REGISTRY: &[&BotDef<DieStadt>] = &[$(&$bot::BOT),*];
    };
}

registry! {
    greedy,
    lmcts,
    mcts,
    puct,
    random,
    steerer,
}
