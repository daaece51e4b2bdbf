//! The bots of Die Unbezwingbare Stadt as the core's bot layer finds them by name
//! (`stadt_core::bots`): one line each in `BOTS`, and the bot in another program (`bot =
//! process`), whose seat `random` plays to the end after a failure. Its bot files say `game =
//! unbezwingbare`.

use super::{RandomBot, greedy, lookahead, mcts, search};
use crate::kind::{NAME, Unbezwingbare};
use stadt_core::agent::Agent;
use stadt_core::bots::def::{BotDef, Full};
use stadt_core::bots::params::Params;
use stadt_core::bots::process;
use stadt_core::bots::roster::Roster;

/// The bots, in the order listings give them.
pub static BOTS: Roster<Unbezwingbare> = Roster {
    game: NAME,
    bots: &[&RANDOM, &greedy::BOT, &lookahead::BOT, &search::BOT, &mcts::BOT],
    process: &PROCESS,
    bare_files: false,
};

/// Uniform among the legal moves.
pub static RANDOM: BotDef<Unbezwingbare> = BotDef {
    name: "random",
    summary: "a uniformly random legal move",
    params: &[],
    full: Full::Every,
    build: |_: &Params| Box::new(RandomBot::default()),
};

/// The process bot.
pub static PROCESS: BotDef<Unbezwingbare> = process::bot(build_process);

fn build_process(params: &Params) -> Box<dyn Agent<Unbezwingbare>> {
    process::agent(params, Box::new(RandomBot::default()))
}
