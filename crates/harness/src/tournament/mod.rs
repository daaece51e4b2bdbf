//! `stadt tournament`: bots against each other on duplicate decks, in parallel, with results that
//! do not depend on the thread count, written as games finish and resumable after an interruption.
//!
//! Files in the output folder: `manifest.toml` (what the tournament is and which build played it),
//! `games.csv` (one row per player per game, in game order), `summary.csv` (one row per bot) and
//! `pairs.csv` (each pair of bots head to head). Rows are written in schedule order through a small
//! reorder buffer, so `games.csv` always holds a prefix of the schedule: a rerun skips that many
//! games. One run at a time holds the folder.

pub mod manifest;
pub mod rows;
pub mod schedule;
pub mod spec;
pub mod summary;

use crate::folder::{MANIFEST, RunFolder};
use crate::output::write_file;
use crate::runner;
use crate::stop::Stop;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use manifest::Manifest;
use rayon::prelude::*;
use rows::Row;
use schedule::Schedule;
use spec::TournamentSpec;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::sync::mpsc;

/// How to run (nothing here changes the results).
pub struct Options {
    /// Worker threads.
    pub threads: usize,
    /// Show a progress bar on stderr.
    pub progress: bool,
    /// The command line, for the manifest.
    pub command: String,
    /// One line on what the tournament is for.
    pub about: String,
    /// Set to stop: games in flight are abandoned, finished ones are kept.
    pub stop: Stop,
}

/// What a run did.
pub struct Outcome {
    /// Games in the CSV now.
    pub played: usize,
    /// Games in the schedule.
    pub total: usize,
    /// Games this run played (the rest were already there).
    pub new: usize,
    /// Stopped before the end.
    pub interrupted: bool,
    /// Per-bot statistics.
    pub bots: Vec<summary::BotSummary>,
    /// The printed table.
    pub table: String,
}

/// Runs (or resumes) a tournament.
pub fn run(spec: &TournamentSpec, opts: &Options) -> Result<Outcome, String> {
    let folder = RunFolder::open(&spec.out, &opts.command)?;
    check_or_write_manifest(&folder, &Manifest::new(spec, &opts.command, &opts.about))?;
    let games_path = folder.join("games.csv");
    let mut all: Vec<Row> = match std::fs::read_to_string(&games_path) {
        Ok(text) => {
            let (rows, complete) =
                rows::read(&text, spec.players).map_err(|e| format!("{}: {e}", games_path.display()))?;
            if complete < text.len() {
                // Drop a line cut short by a kill, so appends continue a clean file.
                folder.require_writable("games.csv (to drop a cut line)")?;
                let f =
                    std::fs::OpenOptions::new().write(true).open(&games_path).map_err(|e| e.to_string())?;
                f.set_len(complete as u64).map_err(|e| e.to_string())?;
            }
            rows
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(format!("cannot read {}: {e}", games_path.display())),
    };
    let schedule = Schedule::new(spec.bots.len(), spec.players, spec.games, spec.seed);
    let done = all.len() / spec.players;
    if done > schedule.len() {
        return Err(format!("{} holds more games than this tournament schedules", games_path.display()));
    }
    let mut new = 0;
    if done < schedule.len() {
        folder.require_writable("the games still to play")?;
        if !games_path.exists() {
            write_file(&games_path, &format!("{}\n", rows::HEADER), false)?;
        }
        new = play(spec, opts, &schedule, done, &games_path, &mut all)?;
    }
    let interrupted = opts.stop.requested() && all.len() / spec.players < schedule.len();
    let specs: Vec<String> = spec.bots.iter().map(|b| b.full()).collect();
    let bots = summary::bots(&all, spec.players, &spec.labels, &specs);
    let pairs = summary::pairs(&all, spec.players, &spec.labels);
    write_derived(&folder, "summary.csv", &summary::summary_csv(&bots))?;
    write_derived(&folder, "pairs.csv", &summary::pairs_csv(&pairs))?;
    let table = summary::table(&bots, &pairs);
    Ok(Outcome { played: all.len() / spec.players, total: schedule.len(), new, interrupted, bots, table })
}

/// Checks the folder's manifest against this run's, or writes it into a new folder.
fn check_or_write_manifest(folder: &RunFolder, ours: &Manifest) -> Result<(), String> {
    let path = folder.join(MANIFEST);
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            let theirs = Manifest::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            let diff = ours.differences(&theirs);
            if diff.is_empty() {
                return Ok(());
            }
            Err(format!(
                "{} holds a different tournament; refusing to mix results (choose another --out):\n  {}",
                folder.path().display(),
                diff.join("\n  ")
            ))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            folder.require_writable(MANIFEST)?;
            write_file(&path, &ours.to_toml(), false)
        }
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

/// Writes a file derived from `games.csv` unless it already holds exactly that (so a finished
/// tournament in a read-only folder can still be summarised).
fn write_derived(folder: &RunFolder, name: &str, content: &str) -> Result<(), String> {
    let path = folder.join(name);
    if std::fs::read_to_string(&path).is_ok_and(|t| t == content) {
        return Ok(());
    }
    folder.require_writable(name)?;
    write_file(&path, content, true)
}

/// Plays the games from `done` on, appending their rows to `games.csv` in schedule order and to
/// `all`; returns how many it played.
fn play(
    spec: &TournamentSpec,
    opts: &Options,
    schedule: &Schedule,
    done: usize,
    games_path: &Path,
    all: &mut Vec<Row>,
) -> Result<usize, String> {
    let bar = progress_bar(opts.progress, schedule.len(), done);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads.max(1))
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", opts.threads))?;
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(games_path)
        .map_err(|e| format!("cannot append to {}: {e}", games_path.display()))?;
    let (tx, rx) = mpsc::channel::<(usize, Result<Option<Vec<Row>>, String>)>();
    let mut error = None;
    let mut new = 0;
    let stop = &opts.stop;
    std::thread::scope(|s| {
        s.spawn(|| {
            pool.install(|| {
                (done..schedule.len()).into_par_iter().for_each_with(tx, |tx, i| {
                    if stop.requested() {
                        return;
                    }
                    let g = schedule.get(i);
                    let bots: Vec<_> = g.seats.iter().map(|&i| spec.bots[i].clone()).collect();
                    let result = runner::play_game_until(
                        spec.tileset,
                        &bots,
                        g.deck_seed,
                        g.agent_seed,
                        None,
                        stop.flag(),
                    )
                    .map(|played| played.map(|p| rows::game_rows(&g, &spec.labels, &p)));
                    let _ = tx.send((g.index, result));
                })
            })
        });
        // Write games in schedule order as soon as all earlier ones are in.
        let mut next = done;
        let mut waiting: BTreeMap<usize, Vec<Row>> = BTreeMap::new();
        for (index, result) in rx {
            match result {
                Ok(Some(rows)) => {
                    waiting.insert(index, rows);
                }
                Ok(None) => {} // stopped mid-game
                Err(e) => {
                    error.get_or_insert(format!("game {index}: {e}"));
                    stop.request();
                }
            }
            while let Some(rows) = waiting.remove(&next) {
                if let Err(e) = file.write_all(rows::to_csv(&rows).as_bytes()).and_then(|_| file.flush()) {
                    error.get_or_insert(format!("cannot write {}: {e}", games_path.display()));
                    stop.request();
                    break;
                }
                all.extend(rows);
                next += 1;
                new += 1;
                bar.inc(1);
            }
        }
    });
    bar.finish_and_clear();
    match error {
        Some(e) => Err(e),
        None => Ok(new),
    }
}

/// The progress bar on stderr (hidden when not wanted): games done of all, rate, time left.
fn progress_bar(show: bool, total: usize, done: usize) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total as u64);
    bar.set_draw_target(ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:32.cyan/blue} {pos}/{len} games  {rate}  elapsed {elapsed_precise}  left {eta_precise}",
        )
        .expect("a valid template")
        .with_key("rate", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.1} games/s", s.per_sec());
        }),
    );
    bar.set_position(done as u64);
    bar.reset_eta();
    bar
}
