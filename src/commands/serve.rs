//! Bots in other programs (docs/bot-protocol.md): `stadt serve-bot`, one of stadt's bots as a
//! program speaking `stadt-bot 1` on stdin and stdout for other hosts, and `stadt check-bot`, the
//! compliance check of a bot file.

use crate::args::BotDirArg;
use crate::failure::Failure;
use clap::Args;
use stadt::registry;
use stadt_harness::hosted::Hosted;
use stadt_harness::plugin::{Chosen, ForGame, Plugin};

#[derive(Args, Debug)]
pub struct ServeBotArgs {
    /// The bot to serve (NAME, NAME:key=value,..., a bot file name or path).
    #[arg(long)]
    pub bot: String,
    /// Tile set file for games on a set other than the default (Die Stadt; checked against the
    /// hash the host sends).
    #[arg(long, value_name = "FILE")]
    pub tiles: Option<String>,
    #[command(flatten)]
    pub bot_dir: BotDirArg,
}

/// `stadt serve-bot` in the game `game` names (`--game`): the game's options come with each new
/// game from the host.
pub fn serve_bot(a: ServeBotArgs, game: &str) -> Result<(), Failure> {
    registry::dispatch(game, "--game", ServeBot { a })?
}

/// `stadt serve-bot` with the game named.
struct ServeBot {
    a: ServeBotArgs,
}

impl ForGame for ServeBot {
    type Out = Result<(), Failure>;

    fn run<K: Plugin>(self, chosen: Chosen) -> Result<(), Failure> {
        let a = self.a;
        let setup = K::set_up(a.tiles.as_deref().unwrap_or("default"), &chosen.options("")?)?;
        let spec = K::bots().parse_bot(&a.bot, &a.bot_dir.dirs())?;
        // A game the bot cannot be served in is refused before the host is read.
        let fields = K::game_fields(&setup.info(*setup.players().start(), 0, 0));
        setup.announced(&fields).map_err(|e| format!("--game {}: {e}", chosen.name))?;
        let stdin = std::io::stdin().lock();
        let stdout = std::io::stdout().lock();
        stadt_core::serve::serve(&setup, &spec, stdin, stdout).map_err(|e| Failure::Input(e.to_string()))
    }
}

#[derive(Args, Debug)]
pub struct CheckBotArgs {
    /// The bot file to check (`bot = process`), by path or by name.
    pub file: String,
    /// Seed of the check's games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Tile set file instead of the default set (Die Stadt).
    #[arg(long, value_name = "FILE")]
    pub tiles: Option<String>,
    /// The game's options, `name=value` words separated by spaces or commas (`stadt games` lists
    /// each game's); the games are played with them.
    #[arg(long, value_name = "OPTIONS", default_value = "")]
    pub options: String,
    #[command(flatten)]
    pub bot_dir: BotDirArg,
}

/// `stadt check-bot` in the game `game` names (`--game`).
pub fn check_bot(a: CheckBotArgs, game: &str) -> Result<(), Failure> {
    registry::dispatch(game, "--game", CheckBot { a })?
}

/// `stadt check-bot` with the game named.
struct CheckBot {
    a: CheckBotArgs,
}

impl ForGame for CheckBot {
    type Out = Result<(), Failure>;

    fn run<K: Plugin>(self, chosen: Chosen) -> Result<(), Failure> {
        let CheckBot { mut a } = self;
        a.options = chosen.options(&a.options)?;
        check_bot_of::<K>(a)
    }
}

fn check_bot_of<K: Plugin>(a: CheckBotArgs) -> Result<(), Failure> {
    let kind = K::set_up(a.tiles.as_deref().unwrap_or("default"), &a.options)?;
    let entrant = K::entrant(&a.file, &a.bot_dir.dirs())?;
    let checked = stadt_harness::check_bot::check(&kind, &entrant, a.seed)?;
    print!("{}", checked.report);
    if checked.passed { Ok(()) } else { Err(Failure::CheckFailed) }
}

#[derive(Args, Debug)]
pub struct ServeCatanatronArgs {
    /// The Catan bot to serve (`greedy`, `mcts:iters=N`, ... as `stadt --game catan` takes them).
    #[arg(long)]
    pub bot: String,
}

/// `stadt serve-catanatron`: a Catan bot as a seat in Catanatron's game loop
/// (`stadt_harness::catanatron_seat`).
pub fn serve_catanatron(a: ServeCatanatronArgs) -> Result<(), Failure> {
    let entrant = stadt_harness::catan::Catan::bots()
        .parse_bot(&a.bot, &stadt_core::bots::dirs::BotDirs::none())
        .map_err(|e| format!("--bot {e}"))?;
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    stadt_harness::catanatron_seat::serve(&entrant, stdin, stdout).map_err(|e| Failure::Input(e.to_string()))
}
