//! Every bot, one line each: a new bot is a file in `bots/` and a line here.

use crate::bots;
use crate::spec::BotDef;

/// The bots, by name.
pub static REGISTRY: &[&BotDef] =
    &[&bots::greedy::BOT, &bots::mcts::BOT, &bots::random::BOT, &bots::steerer::BOT];

/// Every bot.
pub fn registry() -> &'static [&'static BotDef] {
    REGISTRY
}

/// The bot of this name.
pub fn find(name: &str) -> Option<&'static BotDef> {
    REGISTRY.iter().copied().find(|d| d.name == name)
}
