//! `stadt sprt`: plays units (one deck in every seat rotation) in parallel and folds them into the
//! test strictly in schedule order as they finish, so the verdict is the same at any thread count
//! and after a resume; stops at the first unit whose log-likelihood ratio crosses a bound, or when
//! the most games have been played.
//!
//! `games.csv` holds the games of the units up to and including the deciding one, in schedule
//! order (games of later units that were already in flight are abandoned, never written), so a
//! rerun reads back exactly the games that decided. `sprt.csv` is derived from `games.csv`: a rerun
//! rewrites it from the games, then appends a line per unit it plays.

use super::manifest::Manifest;
use super::model::{Model, Verdict};
use super::sequence::{FILE, Sequence, replay};
use super::spec::SprtSpec;
use crate::hosted::Hosted;
use crate::tournament::{GAMES, Games, Options, open_games, play_in_order, start_games};
use stadt_core::error::Error;
use stadt_core::folder::RunFolder;
use stadt_core::output::AppendLog;
use stadt_core::progress;
use stadt_core::seat::Seat;
use stadt_core::tournament::failures::{self, FailureLog};
use stadt_core::tournament::rows::{self, Row};
use stadt_core::tournament::schedule::{Schedule, Shard};
use std::path::PathBuf;

/// What a run did.
pub struct Outcome {
    /// Units in the folder now.
    pub units: usize,
    /// Games in the folder now.
    pub games: usize,
    /// Games this run played.
    pub new: usize,
    /// Games the schedule holds (the most to play, rounded up to whole units).
    pub scheduled: usize,
    /// The model.
    pub model: Model,
    /// H1 or H0 accepted, or no verdict yet (then either the schedule is played out or the run
    /// was interrupted).
    pub verdict: Verdict,
    /// The log-likelihood ratio after the last unit.
    pub llr: f64,
    /// The bounds (lower, upper).
    pub bounds: (f64, f64),
    /// The Elo estimate with its 95% interval, in the model's unit.
    pub elo: Option<(f64, f64, f64)>,
    /// Stopped (Ctrl-C) before a verdict or the end of the schedule.
    pub interrupted: bool,
    /// What the test says, as lines to print (`Sequence::summary`).
    pub summary: Vec<String>,
    /// Every game's rows, in schedule order.
    pub rows: Vec<Row>,
    /// The report written when the run is finished (unless the folder is read-only).
    pub report: Option<PathBuf>,
}

impl Outcome {
    /// Whether the run is over: a verdict, or every scheduled game played.
    pub fn finished(&self) -> bool {
        !matches!(self.verdict, Verdict::Continue) || self.games == self.scheduled
    }
}

/// The games a run of these settings schedules.
pub(crate) fn schedule<K: Hosted>(spec: &SprtSpec<K>) -> Schedule {
    let t = &spec.games;
    Schedule::new(t.bots.len(), t.players, t.games, t.seed)
}

/// Runs (or resumes) an SPRT.
pub fn run<K: Hosted>(spec: &SprtSpec<K>, opts: &Options) -> Result<Outcome, Error> {
    let t = &spec.games;
    let folder = RunFolder::open(&t.out, &opts.command)?;
    let outside = t.bots.iter().any(Seat::can_forfeit);
    let secret = crate::tournament::bot_secret(&folder, outside, |m: Manifest| m.bot_secret)?;
    folder.claim(&Manifest::new(spec, &opts.command, &opts.about, secret))?;
    let schedule = schedule(spec);
    let scheduled = schedule.len();
    let columns = t.kind.columns();
    let (mut all, log) = open_games(&folder, t.players, Shard::WHOLE, scheduled, &columns)?;
    let fresh = Sequence::new(spec.settings, t.players, &t.labels[0]);
    let (mut seq, text) = replay(&all, fresh, &folder.join(GAMES))?;
    folder.write_derived(FILE, &text)?;
    let mut new = 0;
    let done = all.len() / t.players;
    if !seq.decided() && done < scheduled {
        folder.require_writable("the games still to play")?;
        let mut log = match log {
            Some(log) => log,
            None => start_games(&folder, &columns, t.bots.iter().any(Seat::can_forfeit))?,
        };
        let mut sprt_log = AppendLog::open(&folder.join(FILE), text.len())?;
        let bar = progress::bar(opts.progress, scheduled, done, "games");
        let (lower, upper) = spec.settings.bounds();
        let message = |seq: &Sequence| format!("LLR {:.2} in [{lower:.2}, {upper:.2}]", seq.llr());
        bar.set_message(message(&seq));
        let games = Games {
            kind: &t.kind,
            bots: &t.bots,
            labels: &t.labels,
            schedule: &schedule,
            part: Shard::WHOLE,
            records: None,
            on_bot_failure: opts.on_bot_failure,
            worker_done: K::worker_done,
        };
        let failures = FailureLog::new(folder.join(failures::FILE));
        let per_unit = seq.unit_rows();
        let result = play_in_order(&games, done..scheduled, opts.threads, &opts.stop, &mut |game| {
            failures.append(&game.forfeits)?;
            log.append(&rows::to_csv(&game.rows))?;
            all.extend(game.rows);
            new += 1;
            bar.inc(1);
            if all.len() % per_unit != 0 {
                return Ok(true);
            }
            sprt_log.append(&seq.add(&all[all.len() - per_unit..]))?;
            bar.set_message(message(&seq));
            Ok(!seq.decided())
        });
        bar.finish_and_clear();
        result?;
    }
    let games = all.len() / t.players;
    let mut outcome = Outcome {
        units: seq.units(),
        games,
        new,
        scheduled,
        model: seq.model(),
        verdict: seq.verdict(),
        llr: seq.llr(),
        bounds: spec.settings.bounds(),
        elo: seq.elo(),
        interrupted: false,
        summary: seq.summary(scheduled, (&t.labels[0], &t.labels[1])),
        rows: all,
        report: None,
    };
    if outcome.finished() {
        if folder.writable() {
            outcome.report = Some(super::page::write_finished(&folder)?);
        }
    } else {
        outcome.interrupted = opts.stop.requested();
    }
    Ok(outcome)
}
