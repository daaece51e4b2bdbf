//! Finding bots by name among those `bots/mod.rs` registers.

use crate::bot_def::BotDef;
use crate::bots::REGISTRY;
use crate::process_bot::BOT;

/// Every bot.
pub fn registry() -> &'static [&'static BotDef] {
    REGISTRY
}

/// The bot of this name (or the process bot, `process`, which bot files choose).
pub fn find(name: &str) -> Option<&'static BotDef> {
    REGISTRY.iter().copied().find(|d| d.name == name).or_else(|| (name == BOT.name).then_some(&BOT))
}

/// The registered bots' names, comma-separated (for messages).
pub fn names() -> String {
    registry().iter().map(|d| d.name).collect::<Vec<_>>().join(", ")
}
