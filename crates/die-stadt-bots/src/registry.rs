//! Die Stadt's bots as the core's bot layer finds them by name (`stadt_core::bots`): those
//! `bots/mod.rs` registers, and the bot in another program (`bot = process`), whose seat `greedy`
//! plays to the end after a failure.

use crate::bots::{REGISTRY, greedy};
use die_stadt::kind::DieStadt;
use stadt_core::agent::Agent;
use stadt_core::bots::def::{BotDef, BotSpec};
use stadt_core::bots::params::Params;
use stadt_core::bots::process;
use stadt_core::bots::roster::Roster;

/// Die Stadt's bots. Its bot files were written before there were other games: a file without a
/// `game` line is Die Stadt's.
pub static BOTS: Roster<DieStadt> =
    Roster { game: die_stadt::kind::NAME, bots: REGISTRY, process: &PROCESS, bare_files: true };

/// Die Stadt's process bot.
pub static PROCESS: BotDef<DieStadt> = process::bot(build_process);

/// Every named bot.
pub fn registry() -> &'static [&'static BotDef<DieStadt>] {
    REGISTRY
}

fn build_process(params: &Params) -> Box<dyn Agent<DieStadt>> {
    process::agent(params, fallback())
}

/// The agent that finishes a forfeited game: `greedy` with its defaults.
fn fallback() -> Box<dyn Agent<DieStadt>> {
    BotSpec::new(&greedy::BOT, &[], "greedy").expect("greedy's defaults").build()
}
