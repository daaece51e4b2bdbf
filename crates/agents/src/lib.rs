//! stadt-agents: players of Die Stadt. The [`agent::Agent`] trait and what an agent sees
//! ([`agent::Observation`]), bot specs and settings files, the registry of bots (one file each in
//! [`bots`]), position values for heuristics ([`eval`]), and seeds.

pub mod agent;
pub mod eval;
pub mod seeds;

/// The bots, one file each; `REGISTRY` lists them, one line per bot.
pub mod bots {
    pub mod greedy;
    pub mod mcts;
    pub mod random;
    pub mod steerer;

    /// Every bot, by name: a new bot is a file here and a line in this list.
    pub static REGISTRY: &[&crate::agent::BotDef] = &[&greedy::BOT, &mcts::BOT, &random::BOT, &steerer::BOT];
}
