//! Catan's bots as the core's bot layer finds them by name (`stadt_core::bots`): one line each
//! below, and the bot in another program (`bot = process`), whose seat `random` plays to the end
//! after a failure. Its bot files say `game = catan`.

use crate::random::RandomCatan;
use crate::{greedy, lookahead, mcts, random};
use stadt_catan::kind::Catan;
use stadt_core::agent::Agent;
use stadt_core::bots::def::BotDef;
use stadt_core::bots::params::Params;
use stadt_core::bots::process;
use stadt_core::bots::roster::Roster;

/// Catan's bots, in the order listings give them.
pub static BOTS: Roster<Catan> = Roster {
    game: stadt_catan::kind::NAME,
    bots: &[&random::BOT, &mcts::BOT, &greedy::BOT, &lookahead::BOT],
    process: &PROCESS,
    bare_files: false,
};

/// Catan's process bot.
pub static PROCESS: BotDef<Catan> = process::bot(build_process);

fn build_process(params: &Params) -> Box<dyn Agent<Catan>> {
    process::agent(params, Box::new(RandomCatan::default()))
}
