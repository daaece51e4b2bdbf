//! `stadt tune`: checks every flag against its range, runs the tuning and prints its report; warns
//! loudly when the tuned bot lost its held-out check.

use crate::args::{BotDirArg, command_line, threads, threads_help};
use crate::failure::Failure;
use clap::Args;
use stadt::registry;
use stadt_core::bots::split::split_bots;
use stadt_core::seat::Seat;
use stadt_core::stop::Stop;
use stadt_harness::limits;
use stadt_harness::plugin::{Chosen, ForGame, Plugin};
use stadt_harness::settings::{ERROR_RATE, SEED, TILES};
use stadt_harness::sprt::model::Settings;
use stadt_harness::tune::{Objective, TuneSpec, Verdict};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The bot to tune (its current weights are the starting point), e.g. steerer or greedy.
    #[arg(long)]
    pub bot: String,
    /// Opponents, comma-separated; evaluation games go round them.
    #[arg(long, value_name = "POOL")]
    pub against: String,
    /// SPSA iterations, 1 to 100000.
    #[arg(long, default_value_t = 30)]
    pub iterations: u64,
    /// Games per candidate evaluation (every seating of each deck: 2 seats, or the game's fewest
    /// players), 2 to 100000.
    #[arg(long, default_value_t = 100)]
    pub games_per_eval: u64,
    /// Held-out verification games, tuned against untuned, 2 to 1000000 (with --verify sprt:...,
    /// the most games of the sequential test).
    #[arg(long, default_value_t = 400)]
    pub verify_games: u64,
    /// The held-out check: `games` (--verify-games games; better when the win-rate interval lies
    /// above 50%) or `sprt:ELO0,ELO1` (a sequential test in OUT/verify-sprt, normalized Elo, alpha =
    /// beta = 0.05, stopping as soon as it is clear; better when it accepts H1).
    #[arg(long, default_value = "games", value_name = "games|sprt:ELO0,ELO1")]
    pub verify: String,
    /// Run seed, 0 to 9223372036854775807.
    #[arg(long, default_value_t = SEED.default)]
    pub seed: u64,
    /// Output folder for manifest.toml, tune.csv, verify.csv and the tuned bot file.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Name of the tuned bot (default: BOT-tuned); its file is NAME.bot, a bot file of the game.
    #[arg(long)]
    pub name: Option<String>,
    /// Also install the tuned bot file into the bot folder (--bot-dir, else $STADT_BOTS, else
    /// ./bots), unless it lost the held-out check; never overwrites another bot file (Die Stadt's
    /// bots only: other games have no bot files).
    #[arg(long)]
    pub install: bool,
    #[command(flatten)]
    pub bots: BotDirArg,
    /// What a candidate's games are judged by.
    #[arg(long, default_value = "margin", value_parser = ["margin", "win"])]
    pub objective: String,
    /// SPSA step size, in units of each weight's default size, 0.000001 to 10.
    #[arg(long, default_value_t = 1.0)]
    pub a: f64,
    /// SPSA perturbation, in units of each weight's default size, 0.000001 to 2.
    #[arg(long, default_value_t = 0.2)]
    pub c: f64,
    /// The game's options, `name=value` words separated by spaces or commas (`stadt games` lists
    /// each game's).
    #[arg(long, value_name = "OPTIONS", default_value = "")]
    pub options: String,
    /// Worker threads, 1 to 256 (default: every core). Results are the same at any count.
    #[arg(long, help = threads_help())]
    pub threads: Option<u64>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// `stadt tune` of the game `game` names.
pub fn tune(a: TuneArgs, game: &str, stop: Stop) -> Result<(), Failure> {
    registry::dispatch(game, "--game", Tune { a, stop })?
}

/// `stadt tune` with the game named.
struct Tune {
    a: TuneArgs,
    stop: Stop,
}

impl ForGame for Tune {
    type Out = Result<(), Failure>;

    fn run<K: Plugin>(self, chosen: Chosen) -> Result<(), Failure> {
        let Tune { mut a, stop } = self;
        a.options = chosen.options(&a.options)?;
        tune_of::<K>(a, stop)
    }
}

/// `stadt tune` of the game `K`.
fn tune_of<K: Plugin>(a: TuneArgs, stop: Stop) -> Result<(), Failure> {
    let dirs = a.bots.dirs();
    let bot = K::entrant(&a.bot, &dirs)?;
    // SPSA's candidates and the held-out check play games of two, or of the game's fewest
    // players (Städte und Ritter: 3), the candidate in every seat.
    let kind = K::set_up(TILES, &a.options)?;
    let players = stadt_harness::settings::default_players(&kind.players());
    let pool =
        split_bots(&a.against)?.iter().map(|w| K::entrant(&w.text, &dirs)).collect::<Result<Vec<_>, _>>()?;
    let iterations = limits::check("--iterations", a.iterations, &limits::TUNE_ITERATIONS)?;
    let games_per_eval = limits::check("--games-per-eval", a.games_per_eval, &limits::GAMES_PER_EVAL)?;
    let verify_games = limits::check("--verify-games", a.verify_games, &limits::VERIFY_GAMES)?;
    let verify_sprt = verify_mode(&a.verify)?;
    SEED.check("--seed", a.seed)?;
    limits::check("--a", a.a, &limits::SPSA_A)?;
    limits::check("--c", a.c, &limits::SPSA_C)?;
    let bot_name = bot.label().split(':').next().unwrap_or_default().to_string();
    let name = a.name.clone().unwrap_or_else(|| format!("{bot_name}-tuned"));
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(format!(
            "--name `{name}`: use letters, digits, - and _ (it becomes a file and a bot name)"
        )
        .into());
    }
    if a.out.as_os_str().is_empty() {
        return Err("--out is empty: name the output folder".into());
    }
    let install = a.install.then(|| {
        a.bots
            .bot_dir
            .clone()
            .or_else(|| std::env::var_os("STADT_BOTS").filter(|d| !d.is_empty()).map(PathBuf::from))
            .unwrap_or_else(|| PathBuf::from("bots"))
    });
    let spec = TuneSpec {
        kind,
        setup: TILES.into(),
        options: a.options.clone(),
        bot,
        pool,
        players,
        iterations: iterations as usize,
        games_per_eval: games_per_eval as usize,
        verify_games: verify_games as usize,
        verify_sprt,
        seed: a.seed,
        out: a.out.clone(),
        name,
        install,
        objective: if a.objective == "win" { Objective::Win } else { Objective::Margin },
        a: a.a,
        c: a.c,
        threads: threads(a.threads)?,
        progress: !a.quiet,
        command: command_line(),
        stop,
    };
    let out = stadt_harness::tune::run(&spec)?;
    print!("{}", out.report);
    if out.interrupted {
        return Err(Failure::Interrupted);
    }
    if let Some((_, v)) = &out.result
        && v.verdict == Verdict::Worse
    {
        eprintln!(
            "stadt: WARNING: the tuned bot LOST the held-out check against the untuned one (win rate {:.1}%); its file is kept in {} for inspection only",
            100.0 * v.win_rate.0,
            spec.out.display()
        );
        if spec.install.is_some() {
            return Err(Failure::NotInstalled);
        }
    }
    Ok(())
}

/// Reads `--verify`: `games`, or `sprt:ELO0,ELO1` with hypotheses a test accepts (None for `games`).
fn verify_mode(text: &str) -> Result<Option<(f64, f64)>, Failure> {
    if text == "games" {
        return Ok(None);
    }
    let bad = || format!("--verify {text}: expected `games` or `sprt:ELO0,ELO1` (such as sprt:0,10)");
    let (elo0, elo1) = text.strip_prefix("sprt:").and_then(|h| h.split_once(',')).ok_or_else(bad)?;
    let (elo0, elo1): (f64, f64) =
        (elo0.trim().parse().map_err(|_| bad())?, elo1.trim().parse().map_err(|_| bad())?);
    Settings::new(elo0, elo1, ERROR_RATE, ERROR_RATE).map_err(|e| format!("--verify {text}: {e}"))?;
    Ok(Some((elo0, elo1)))
}
