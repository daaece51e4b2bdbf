//! `stadt tournament`: from an experiment file or flags, with a progress bar; prints the table and
//! says where the files are.

use crate::args::{RunArgs, command_line, threads};
use crate::failure::Failure;
use clap::Args;
use stadt_core::bots::split::split_bots;
use stadt_core::stop::Stop;
use stadt_core::tournament::schedule::Shard;
use stadt_harness::limits;
use stadt_harness::plugin::{Chosen, ForGame, Plugin};
use stadt_harness::settings::{GAMES, PLAYERS, RunSettings, SEED, TILES};
use stadt_harness::tournament::{self, spec::Experiment, spec::TournamentSpec};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// An experiment file (TOML: bots, players, games, seed, out, optional game, tiles, options, about
    /// and records; paths in it are relative to the file) instead of --bots, --players, --games,
    /// --seed, --tiles and --options.
    pub experiment: Option<PathBuf>,
    /// Bots, comma-separated (NAME, NAME:key=value,..., a bot file name or path); with more bots
    /// than players, every combination plays. 2 to 12 bots.
    #[arg(long)]
    pub bots: Option<String>,
    /// Players per game.
    #[arg(long, help = format!("Players per game, {}", PLAYERS.help()))]
    pub players: Option<usize>,
    /// Games per combination of bots, rounded up to whole seat rotations.
    #[arg(long, help = format!("Games per combination of bots, {}, rounded up to whole seat rotations", GAMES.help()))]
    pub games: Option<u64>,
    /// Run seed: decks and bots' randomness derive from it.
    #[arg(long, help = format!("Run seed, {}: decks and bots' randomness derive from it", SEED.help()))]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub run: RunArgs,
    /// Play only shard K of N (K from 0 to N-1, N up to 100000): the games whose number leaves
    /// remainder K when divided by N, with the seeds they have in the whole run. Each shard needs
    /// a folder of its own; `stadt merge` joins the finished shards (for cluster job arrays).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Keep every game's record in the folder as records/GAME.rec (GAME: the game id of
    /// games.csv); the report then links the viewer pages of notable games (each bot's best and
    /// worst, the closest and the most lopsided), which it writes as records/GAME.html.
    #[arg(long)]
    pub records: bool,
    /// What a failing bot in another program (timeout, crash, malformed reply, illegal move) does:
    /// `forfeit` (default: it loses that game, which is written with the failure, and the run goes
    /// on) or `stop` (the run stops with the reason; that game is not written).
    #[arg(long, value_enum, default_value = "forfeit")]
    pub on_bot_failure: BotFailureArg,
}

/// `--on-bot-failure`.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum BotFailureArg {
    /// The bot loses the game; the run goes on.
    Forfeit,
    /// The run stops.
    Stop,
}

/// `stadt tournament` of the game `--game` names (`game`), or the experiment file names.
pub fn tournament(a: TournamentArgs, game: Option<&str>, stop: Stop) -> Result<(), Failure> {
    let experiment = match &a.experiment {
        Some(path) => {
            if a.bots.is_some()
                || a.players.is_some()
                || a.games.is_some()
                || a.seed.is_some()
                || a.run.tiles.is_some()
                || a.run.options.is_some()
            {
                return Err(
                    "give either an experiment file or --bots/--players/--games/--seed/--tiles/--options, not both"
                        .into(),
                );
            }
            Some(Experiment::load(path)?)
        }
        None => None,
    };
    let file = a.experiment.clone().map(|path| (path, experiment.as_ref().and_then(|e| e.game.clone())));
    crate::args::dispatch_run(game, file, Tournament { a, experiment, stop })
}

/// `stadt tournament` with the game its run names.
struct Tournament {
    a: TournamentArgs,
    experiment: Option<Experiment>,
    stop: Stop,
}

impl ForGame for Tournament {
    type Out = Result<(), Failure>;

    fn run<K: Plugin>(self, chosen: Chosen) -> Result<(), Failure> {
        let Tournament { mut a, mut experiment, stop } = self;
        match &mut experiment {
            Some(e) => e.options = chosen.options(&e.options)?,
            None => crate::args::command_line_run::<K>(chosen, &mut a.run, &mut a.players)?,
        }
        tournament_of::<K>(a, experiment, stop)
    }
}

/// `stadt tournament` of the game `K`.
fn tournament_of<K: Plugin>(
    a: TournamentArgs,
    experiment: Option<Experiment>,
    stop: Stop,
) -> Result<(), Failure> {
    let dirs = a.run.bot_dir.dirs();
    let mut records = a.records;
    let (spec, about) = match experiment {
        Some(e) => {
            records |= e.records;
            (e.spec::<K>(&dirs, a.run.out.as_deref())?, e.about)
        }
        None => {
            let bots =
                a.bots.as_deref().ok_or("name the bots with --bots A,B (or give an experiment file)")?;
            let out = a.run.out.as_ref().ok_or("name the output folder with --out DIR")?;
            let labels: Vec<String> = split_bots(bots)?.into_iter().map(|w| w.text).collect();
            let settings = RunSettings {
                players: PLAYERS.or_default(a.players),
                games: GAMES.or_default(a.games),
                seed: SEED.or_default(a.seed),
                tiles: a.run.tiles.clone().unwrap_or_else(|| TILES.into()),
                options: a.run.options.clone().unwrap_or_default(),
            };
            let spec = TournamentSpec::<K>::new(&labels, &settings, out, &dirs)?;
            (spec, String::new())
        }
    };
    let spec = match &a.shard {
        Some(text) => spec.with_shard(Shard::parse(text, limits::SHARDS)?)?,
        None => spec,
    };
    let opts = tournament::Options {
        threads: threads(a.run.threads)?,
        progress: !a.run.quiet,
        command: command_line(),
        about,
        stop,
        records,
        on_bot_failure: match a.on_bot_failure {
            BotFailureArg::Forfeit => tournament::OnBotFailure::Forfeit,
            BotFailureArg::Stop => tournament::OnBotFailure::Stop,
        },
    };
    let out = tournament::run(&spec, &opts)?;
    print!("{}", out.table);
    if out.interrupted {
        eprintln!(
            "stadt: interrupted after {} of {} games; the CSV files hold them. Run the same command again to resume.",
            out.played, out.total
        );
        return Err(Failure::Interrupted);
    }
    println!(
        "{} games ({} new{}) in {}: games.csv, summary.csv, pairs.csv, manifest.toml{}",
        out.played,
        out.new,
        spec.shard.map_or_else(String::new, |s| format!(", shard {s}")),
        spec.out.display(),
        if out.report.is_some() { ", report.html" } else { "" }
    );
    Ok(())
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The folder to write the merged tournament into (new, or holding this same merge).
    #[arg(value_name = "OUT")]
    pub out: PathBuf,
    /// The shard folders: every shard 0/N to N-1/N of one tournament, each once, each finished.
    #[arg(value_name = "SHARD_DIR", required = true)]
    pub shards: Vec<PathBuf>,
}

pub fn merge(a: MergeArgs) -> Result<(), Failure> {
    let merged = tournament::merge::merge(&a.out, &a.shards, &command_line())?;
    print!("{}", merged.table);
    println!(
        "{} games from {} shards in {}: games.csv, summary.csv, pairs.csv, manifest.toml{}",
        merged.games,
        a.shards.len(),
        a.out.display(),
        if merged.report.is_some() { ", report.html" } else { "" }
    );
    Ok(())
}
