//! `stadt tune`: SPSA over a bot's real-valued weights. Every iteration plays the two perturbed
//! candidates against the same pool on the same decks, seats and agent seeds (common random
//! numbers), steps along the estimated gradient, and logs the iteration. At the end the tuned bot
//! plays the untuned one on decks never used in tuning (held-out verification): a fixed number of
//! games, or a sequential test (`stadt sprt`) in the folder `verify-sprt/`.
//!
//! The output folder holds `manifest.toml`, `tune.csv` (one line per iteration, with the weights
//! written exactly, so a stopped run resumes where it was), `verify.csv` and the tuned bot file.
//! One run at a time holds the folder; a run with other settings or another build is refused.

pub(crate) mod log;
pub(crate) mod manifest;
pub(crate) mod page;
mod report;
mod spsa;
pub(crate) mod verify;

use crate::hosted::Hosted;
use die_stadt::kind::DieStadt;
use manifest::Manifest;
use stadt_core::error::Error;
use stadt_core::folder::RunFolder;
use stadt_core::seat::Seat;
use stadt_core::stop::Stop;
use stadt_core::tournament::failures::{self, FailureLog};
use stadt_core::{pool, progress};
use std::path::PathBuf;

pub use verify::{HEADER as VERIFY_HEADER, Verdict, Verification};

/// What the candidate's games are judged by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Score margin to the best opponent, in units of 20 points (about one per big swing).
    Margin,
    /// Share of wins.
    Win,
}

impl Objective {
    /// Its name on the command line and in the manifest.
    pub fn name(self) -> &'static str {
        match self {
            Objective::Margin => "margin",
            Objective::Win => "win",
        }
    }
}

/// A tuning run of the game `K`.
#[derive(Clone, Debug)]
pub struct TuneSpec<K: Hosted = DieStadt> {
    /// The game, set up from `setup`.
    pub kind: K,
    /// The game's set-up as a run takes it (Die Stadt's tile set: `default` or a file).
    pub setup: String,
    /// The game's options as given (`name=value` words; empty: the defaults).
    pub options: String,
    /// The bot to tune, with its starting weights.
    pub bot: K::Entrant,
    /// Opponents; each evaluation game seats the candidate against them (one in two-player
    /// games).
    pub pool: Vec<K::Entrant>,
    /// Players of every game played (the game's fewest, 2 where it can).
    pub players: usize,
    /// SPSA iterations.
    pub iterations: usize,
    /// Games per candidate evaluation (rounded up to every seating of `players`).
    pub games_per_eval: usize,
    /// Held-out verification games (tuned against untuned); with `verify_sprt`, the most games of
    /// the sequential test.
    pub verify_games: usize,
    /// The held-out check as a sequential test of these hypotheses (elo0, elo1: normalized Elo,
    /// alpha = beta = 0.05) instead of a fixed number of games.
    pub verify_sprt: Option<(f64, f64)>,
    /// Run seed.
    pub seed: u64,
    /// Output folder.
    pub out: PathBuf,
    /// Name of the tuned bot (its file is `NAME.bot`).
    pub name: String,
    /// Where to install the tuned bot file as well, when asked (and when it does not lose).
    pub install: Option<PathBuf>,
    /// Objective.
    pub objective: Objective,
    /// SPSA step size (in units of each weight's scale).
    pub a: f64,
    /// SPSA perturbation size (in units of each weight's scale).
    pub c: f64,
    /// Worker threads (results do not depend on it).
    pub threads: usize,
    /// Progress bar.
    pub progress: bool,
    /// The command line, for the manifest and the lock.
    pub command: String,
    /// Set to stop after the current iteration.
    pub stop: Stop,
}

/// What a run produced.
pub struct TuneOutcome<K: Hosted = DieStadt> {
    /// Iterations logged so far.
    pub iterations: usize,
    /// Stopped before the end (rerun the same command to resume).
    pub interrupted: bool,
    /// The tuned bot and its held-out check, once the run is complete.
    pub result: Option<(K::Entrant, Verification)>,
    /// Where the tuned bot file was installed, if it was.
    pub installed: Option<PathBuf>,
    /// The report printed at the end.
    pub report: String,
}

impl<K: Hosted> TuneOutcome<K> {
    /// A run stopped before its end, with what to tell the user.
    fn stopped(iterations: usize, report: String) -> TuneOutcome<K> {
        TuneOutcome { iterations, interrupted: true, result: None, installed: None, report }
    }
}

/// Runs SPSA (or resumes it), writes tune.csv, then the held-out check, verify.csv and the tuned
/// bot file; installs the bot when asked and it does not lose.
pub fn run<K: Hosted>(spec: &TuneSpec<K>) -> Result<TuneOutcome<K>, Error> {
    let ws = K::weights(&spec.bot);
    if ws.is_empty() {
        return Err(Error::Setting(format!("bot `{}` has no real-valued weights to tune", spec.bot.label())));
    }
    let folder = RunFolder::open(&spec.out, &spec.command)?;
    folder.require_writable("the tuning log")?;
    folder.claim(&Manifest::new(spec))?;
    let log::Resumed { mut values, mut done, mut log } = log::open(&folder, &ws, spec.iterations)?;
    let pool = pool::pool(spec.threads)?;
    // Bots in other programs that forfeit are written down, as a tournament writes them.
    let failures = FailureLog::new(folder.join(failures::FILE));
    let bar = progress::bar(spec.progress, spec.iterations + 1, done, "iterations");
    while done < spec.iterations {
        if spec.stop.requested() {
            bar.finish_and_clear();
            let report = format!(
                "stopped after iteration {done} of {}; run the same command to resume\n",
                spec.iterations
            );
            return Ok(TuneOutcome::stopped(done, report));
        }
        let step = pool.install(|| spsa::step(spec, &ws, &values, done))?;
        failures.append(&step.forfeits)?;
        log.append(&step.line)?;
        values = step.values;
        done += 1;
        bar.set_message(format!("score {:.3} ± {:.3}", step.score.0, step.score.1));
        bar.inc(1);
    }
    let tuned = K::with_weights(&spec.bot, &ws, &values)?;
    let Some(verify) = pool.install(|| verify::held_out(&folder, spec, &tuned))? else {
        bar.finish_and_clear();
        let report = "stopped during the held-out check; run the same command to finish it\n".to_string();
        return Ok(TuneOutcome::stopped(done, report));
    };
    bar.inc(1);
    bar.finish_and_clear();
    let file = report::tuned_file(spec, &tuned, &verify);
    let bot_path = folder.write_derived(&format!("{}.{}", spec.name, file.extension), &file.text)?;
    let page = page::write_finished(&folder)?;
    let files = [folder.join(log::FILE), folder.join(verify::FILE), bot_path, page];
    let mut report =
        report::summary::<K>(&tuned, &verify, &files.iter().map(|f| f.as_path()).collect::<Vec<_>>());
    let mut installed = None;
    if let Some(dir) = &spec.install {
        let (target, line) = report::install(dir, &spec.name, &file, verify.verdict)?;
        report.push_str(&line);
        installed = target;
    }
    Ok(TuneOutcome { iterations: done, interrupted: false, result: Some((tuned, verify)), installed, report })
}
