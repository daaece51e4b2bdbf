//! Kartenspitze's bots as the core's bot layer finds them by name (`stadt_core::bots`): one line
//! each below, and the bot in another program (`bot = process`), whose seat `random` plays to the
//! end after a failure. Its bot files say `game = kartenspitze`.

use super::{GreedyBot, RandomBot, mcts};
use crate::kind::{Kartenspitze, NAME};
use stadt_core::agent::Agent;
use stadt_core::bots::def::{BotDef, Full};
use stadt_core::bots::params::Params;
use stadt_core::bots::process;
use stadt_core::bots::roster::Roster;

/// Kartenspitze's bots, in the order listings give them.
pub static BOTS: Roster<Kartenspitze> =
    Roster { game: NAME, bots: &[&RANDOM, &GREEDY, &mcts::BOT], process: &PROCESS, bare_files: false };

/// Uniform among the legal moves.
pub static RANDOM: BotDef<Kartenspitze> = BotDef {
    name: "random",
    summary: "a uniformly random legal move",
    params: &[],
    full: Full::Every,
    build: |_: &Params| Box::new(RandomBot::default()),
};

/// The move of the highest immediate value.
pub static GREEDY: BotDef<Kartenspitze> = BotDef {
    name: "greedy",
    summary: "the move of the highest immediate value (the points a card scores, a clearing card lost at its value)",
    params: &[],
    full: Full::Every,
    build: |_: &Params| Box::new(GreedyBot::default()),
};

/// Kartenspitze's process bot.
pub static PROCESS: BotDef<Kartenspitze> = process::bot(build_process);

fn build_process(params: &Params) -> Box<dyn Agent<Kartenspitze>> {
    process::agent(params, Box::new(RandomBot::default()))
}
