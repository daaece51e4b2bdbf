//! `stadt sprt`: a sequential A/B test of one bot against another on duplicate decks, from flags
//! or an experiment file; prints the verdict, the LLR and the Elo estimate.

use crate::args::{RunArgs, command_line, threads};
use crate::failure::Failure;
use clap::Args;
use stadt_core::stop::Stop;
use stadt_harness::plugin::{Chosen, ForGame, Plugin};
use stadt_harness::settings::{ERROR_RATE, MAX_GAMES, PLAYERS, RunSettings, SEED, TILES};
use stadt_harness::sprt::run;
use stadt_harness::sprt::spec::{Hypotheses, SprtExperiment, SprtSpec};
use stadt_harness::tournament::Options;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct SprtArgs {
    /// An experiment file (TOML: bot, against, elo0, elo1, seed, out, and optionally alpha, beta,
    /// players, max_games, tiles, about; paths in it are relative to the file) instead of the flags.
    pub experiment: Option<PathBuf>,
    /// The bot under test (NAME, NAME:key=value,..., a bot file name or path).
    #[arg(long)]
    pub bot: Option<String>,
    /// Its baseline: it takes every other seat. May be the same bot.
    #[arg(long)]
    pub against: Option<String>,
    /// H0: the bot is at most this much stronger, -1000 to 1000 (normalized Elo for 2 players,
    /// logistic Elo of the pairwise score for 3 and 4).
    #[arg(long, allow_negative_numbers = true)]
    pub elo0: Option<f64>,
    /// H1: the bot is at least this much stronger, in the same unit; above --elo0.
    #[arg(long, allow_negative_numbers = true)]
    pub elo1: Option<f64>,
    /// Probability of accepting H1 when H0 holds, above 0 and below 0.5.
    #[arg(long, allow_negative_numbers = true,
          help = format!("Probability of accepting H1 when H0 holds, above 0 and below 0.5 (default {ERROR_RATE})"))]
    pub alpha: Option<f64>,
    /// Probability of accepting H0 when H1 holds, above 0 and below 0.5.
    #[arg(long, allow_negative_numbers = true,
          help = format!("Probability of accepting H0 when H1 holds, above 0 and below 0.5 (default {ERROR_RATE})"))]
    pub beta: Option<f64>,
    /// Players per game: the bot in one seat, copies of the baseline in the others, every seat
    /// rotation of each deck.
    #[arg(long, help = format!("Players per game, {}: the bot in one seat, copies of the baseline in the others, every seat rotation of each deck", PLAYERS.help()))]
    pub players: Option<usize>,
    /// Run seed: decks and bots' randomness derive from it.
    #[arg(long, help = format!("Run seed, {}: decks and bots' randomness derive from it", SEED.help()))]
    pub seed: Option<u64>,
    /// Stop without a verdict after this many games, rounded up to whole units.
    #[arg(long, help = format!("Stop without a verdict after this many games, {}, rounded up to whole units", MAX_GAMES.help()))]
    pub max_games: Option<u64>,
    #[command(flatten)]
    pub run: RunArgs,
    /// Refused: an SPRT decides unit by unit in order, so it runs as one job (docs/sprt.md).
    #[arg(long, value_name = "K/N", hide = true)]
    pub shard: Option<String>,
}

/// `stadt sprt` of the game `--game` names (`game`), or the experiment file names.
pub fn sprt(a: SprtArgs, game: Option<&str>, stop: Stop) -> Result<(), Failure> {
    if a.shard.is_some() {
        return Err("sprt runs are not sharded: the test folds units in schedule order and stops at the first that decides, so one process plays it, its units in parallel on --threads cores; on a cluster run one job per test (an array for many tests), see docs/sprt.md".into());
    }
    let experiment = match &a.experiment {
        Some(path) => {
            let flags = [
                a.bot.is_some(),
                a.against.is_some(),
                a.elo0.is_some(),
                a.elo1.is_some(),
                a.alpha.is_some(),
                a.beta.is_some(),
                a.players.is_some(),
                a.seed.is_some(),
                a.max_games.is_some(),
                a.run.tiles.is_some(),
                a.run.options.is_some(),
            ];
            if flags.contains(&true) {
                return Err("give either an experiment file or --bot/--against/--elo0/--elo1/--alpha/--beta/--players/--seed/--max-games/--tiles/--options, not both".into());
            }
            Some(SprtExperiment::load(path)?)
        }
        None => None,
    };
    let file = a.experiment.clone().map(|path| (path, experiment.as_ref().and_then(|e| e.game.clone())));
    crate::args::dispatch_run(game, file, Sprt { a, experiment, stop })
}

/// `stadt sprt` with the game its run names.
struct Sprt {
    a: SprtArgs,
    experiment: Option<SprtExperiment>,
    stop: Stop,
}

impl ForGame for Sprt {
    type Out = Result<(), Failure>;

    fn run<K: Plugin>(self, chosen: Chosen) -> Result<(), Failure> {
        let Sprt { mut a, mut experiment, stop } = self;
        match &mut experiment {
            Some(e) => e.options = chosen.options(&e.options)?,
            None => crate::args::command_line_run::<K>(chosen, &mut a.run, &mut a.players)?,
        }
        sprt_of::<K>(a, experiment, stop)
    }
}

/// `stadt sprt` of the game `K`.
fn sprt_of<K: Plugin>(a: SprtArgs, experiment: Option<SprtExperiment>, stop: Stop) -> Result<(), Failure> {
    let dirs = a.run.bot_dir.dirs();
    let (spec, about) = match experiment {
        Some(e) => (e.spec::<K>(&dirs, a.run.out.as_deref())?, e.about),
        None => {
            let bot = a
                .bot
                .as_deref()
                .ok_or("name the bot under test with --bot B (or give an experiment file)")?;
            let against = a.against.as_deref().ok_or("name its baseline with --against A")?;
            let (Some(elo0), Some(elo1)) = (a.elo0, a.elo1) else {
                return Err("name the hypotheses with --elo0 X --elo1 Y (H0: Elo <= X, H1: Elo >= Y)".into());
            };
            let out = a.run.out.as_ref().ok_or("name the output folder with --out DIR")?;
            let alpha = a.alpha.unwrap_or(ERROR_RATE);
            let h = Hypotheses { elo0, elo1, alpha, beta: a.beta.unwrap_or(ERROR_RATE) };
            let run = RunSettings {
                players: PLAYERS.or_default(a.players),
                games: MAX_GAMES.or_default(a.max_games),
                seed: SEED.or_default(a.seed),
                tiles: a.run.tiles.clone().unwrap_or_else(|| TILES.into()),
                options: a.run.options.clone().unwrap_or_default(),
            };
            let spec = SprtSpec::<K>::of_bots(bot, against, h, &run, out, &dirs)?;
            (spec, String::new())
        }
    };
    let opts = Options {
        threads: threads(a.run.threads)?,
        progress: !a.run.quiet,
        command: command_line(),
        about,
        stop,
        records: false,
        on_bot_failure: Default::default(),
    };
    let out = run::run(&spec, &opts)?;
    for line in &out.summary {
        println!("{line}");
    }
    if out.interrupted {
        eprintln!(
            "stadt: interrupted after {} units ({} games); games.csv and sprt.csv hold them. Run the same command again to resume.",
            out.units, out.games
        );
        return Err(Failure::Interrupted);
    }
    println!(
        "{} games ({} new) in {}: sprt.csv, games.csv, manifest.toml{}",
        out.games,
        out.new,
        spec.games.out.display(),
        if out.report.is_some() { ", report.html" } else { "" }
    );
    Ok(())
}
