//! `stadt learn`: checks every flag, runs (or resumes) the self-play generations of a learned
//! evaluation and prints the generations' table.

use crate::args::{BotDirArg, command_line, threads, threads_help};
use crate::failure::Failure;
use clap::Args;
use stadt::registry;
use stadt_core::stop::Stop;
use stadt_harness::hosted::check_players;
use stadt_harness::learn::{LearnSpec, Options, generations_csv};
use stadt_harness::limits;
use stadt_harness::plugin::{Chosen, ForGame, Plugin};
use stadt_harness::settings::{SEED, TILES, default_players};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct LearnArgs {
    /// The self-play bot, a bot with an `eval` parameter (generation 0 plays with its `eval` as
    /// given: projected scores by default) [default: mcts:iters=500; in Catan mcts:iters=100].
    #[arg(long)]
    pub bot: Option<String>,
    /// Players per self-play game, 2 to 4 (default 2, or the game's fewest).
    #[arg(long)]
    pub players: Option<usize>,
    /// Self-play games per generation, 5 to 100000 (one in five is held out to measure the fit).
    #[arg(long, default_value_t = 200)]
    pub games: u64,
    /// Evaluations to fit, one per generation, 1 to 100.
    #[arg(long, default_value_t = 3)]
    pub generations: u64,
    /// Games of each new generation against the one before (2-player games whatever --players is, both seatings of each deck), 0 to
    /// 1000000; 0 plays no match.
    #[arg(long, default_value_t = 100)]
    pub match_games: u64,
    /// Ridge penalty of the fit, 0 to 1000000.
    #[arg(long, default_value_t = 1.0)]
    pub ridge: f64,
    /// The features the evaluations weigh: `base` (14) or `extended` (20; docs/evaluation.md);
    /// Catan has one set, `base` (16; docs/catan/README.md).
    #[arg(long, default_value = "base")]
    pub features: String,
    /// The game's options, `name=value` words separated by spaces or commas (`stadt games` lists
    /// them; default: none).
    #[arg(long, default_value = "")]
    pub options: String,
    /// Run seed, 0 to 9223372036854775807.
    #[arg(long, default_value_t = SEED.default)]
    pub seed: u64,
    /// Output folder: manifest.toml, genK/games/*.rec, genK.eval, match folders, generations.csv.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    #[command(flatten)]
    pub bots: BotDirArg,
    /// Worker threads, 1 to 256 (default: every core). Results are the same at any count.
    #[arg(long, help = threads_help())]
    pub threads: Option<u64>,
    /// No progress bars.
    #[arg(long)]
    pub quiet: bool,
}

/// `stadt learn` of the game `game` names.
pub fn learn(a: LearnArgs, game: &str, stop: Stop) -> Result<(), Failure> {
    registry::dispatch(game, "--game", Learn { a, stop })?
}

/// `stadt learn` with the game named.
struct Learn {
    a: LearnArgs,
    stop: Stop,
}

impl ForGame for Learn {
    type Out = Result<(), Failure>;

    fn run<K: Plugin>(self, chosen: Chosen) -> Result<(), Failure> {
        let Learn { mut a, stop } = self;
        a.options = chosen.options(&a.options)?;
        learn_of::<K>(a, stop)
    }
}

/// `stadt learn` of the game `G`.
fn learn_of<G: Plugin>(a: LearnArgs, stop: Stop) -> Result<(), Failure> {
    let kind = G::set_up(TILES, &a.options)?;
    let bot = G::entrant(a.bot.as_deref().unwrap_or(G::LEARN_BOT), &a.bots.dirs())?;
    let players = a.players.unwrap_or_else(|| default_players(&kind.players()));
    check_players("--players", players, kind.players(), kind.players_rule())?;
    let games = limits::check("--games", a.games, &(5..=100_000))?;
    let generations = limits::check("--generations", a.generations, &(1..=100))?;
    let match_games = limits::check("--match-games", a.match_games, &(0..=1_000_000))?;
    limits::check("--ridge", a.ridge, &(0.0..=1e6))?;
    SEED.check("--seed", a.seed)?;
    let features = G::FEATURES.set(&a.features).map_err(|e| format!("--features {e}"))?;
    if a.out.as_os_str().is_empty() {
        return Err("--out is empty: name the output folder".into());
    }
    let spec = LearnSpec {
        kind,
        options: a.options.clone(),
        bot,
        players,
        games: games as usize,
        generations: generations as usize,
        match_games,
        seed: a.seed,
        ridge: a.ridge,
        features,
        out: a.out.clone(),
    };
    let opts = Options { threads: threads(a.threads)?, progress: !a.quiet, command: command_line(), stop };
    let rows = stadt_harness::learn::run(&spec, &opts)?;
    print!("{}", generations_csv(&rows));
    if rows.len() < spec.generations {
        return Err(Failure::Interrupted);
    }
    Ok(())
}
