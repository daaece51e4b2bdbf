//! `stadt tournament`: bots against each other on duplicate decks, in parallel, with results that
//! do not depend on the thread count, written as games finish and resumable after an interruption.
//!
//! Files in the output folder: `manifest.toml` (what the tournament is), `games.csv` (one row per
//! player per game, in game order), `summary.csv` (one row per bot) and `pairs.csv` (each pair of
//! bots head to head). Rows are written in schedule order through a small reorder buffer, so
//! `games.csv` always holds a prefix of the schedule: a rerun skips that many games.

pub mod rows;
pub mod schedule;
pub mod spec;
pub mod summary;

use crate::output::write_file;
use crate::runner;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use rows::Row;
use spec::TournamentSpec;
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
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
}

/// What a run did.
pub struct Outcome {
    /// Games in the CSV now.
    pub played: usize,
    /// Games in the schedule.
    pub total: usize,
    /// Games this run played (the rest were already there).
    pub new: usize,
    /// Stopped by Ctrl-C before the end.
    pub interrupted: bool,
    /// Per-bot statistics.
    pub bots: Vec<summary::BotSummary>,
    /// The printed table.
    pub table: String,
}

/// Set by Ctrl-C: finish writing, stop starting games, summarise what is there.
static STOP: AtomicBool = AtomicBool::new(false);

/// Asks a running tournament to stop (as Ctrl-C does).
pub fn request_stop() {
    STOP.store(true, Ordering::SeqCst);
}

/// Runs (or resumes) a tournament.
pub fn run(spec: &TournamentSpec, opts: &Options) -> Result<Outcome, String> {
    STOP.store(false, Ordering::SeqCst);
    // A second handler cannot be set in the same process; the first one serves every run.
    let _ = ctrlc::set_handler(request_stop);
    std::fs::create_dir_all(&spec.out).map_err(|e| format!("cannot create {}: {e}", spec.out.display()))?;
    let manifest = spec.out.join("manifest.toml");
    let games_path = spec.out.join("games.csv");
    match std::fs::read_to_string(&manifest) {
        Ok(text) => spec.check_manifest(&text)?,
        Err(_) => {
            if games_path.exists() {
                return Err(format!(
                    "{} holds a games.csv without a manifest.toml: not mixing results; choose another --out",
                    spec.out.display()
                ));
            }
            write_file(&manifest, &spec.manifest(&opts.command, &opts.about), false)?;
        }
    }
    let mut all: Vec<Row> = Vec::new();
    if let Ok(text) = std::fs::read_to_string(&games_path) {
        let (rows, complete) =
            rows::read(&text, spec.players).map_err(|e| format!("{}: {e}", games_path.display()))?;
        if complete < text.len() {
            // Drop a line cut short by a kill, so appends continue a clean file.
            let f = std::fs::OpenOptions::new().write(true).open(&games_path).map_err(|e| e.to_string())?;
            f.set_len(complete as u64).map_err(|e| e.to_string())?;
        }
        all = rows;
    } else {
        write_file(&games_path, &format!("{}\n", rows::HEADER), false)?;
    }
    let plan = schedule::schedule(spec.bots.len(), spec.players, spec.games, spec.seed);
    let done = all.len() / spec.players;
    if done > plan.len() {
        return Err(format!("{} holds more games than this tournament schedules", games_path.display()));
    }
    let remaining = &plan[done..];
    let bar = if opts.progress { ProgressBar::new(plan.len() as u64) } else { ProgressBar::hidden() };
    if opts.progress {
        bar.set_draw_target(ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:32.cyan/blue} {pos}/{len} games  {per_sec:>12}  elapsed {elapsed_precise}  left {eta_precise}  {msg}",
            )
            .expect("a valid template"),
        );
        bar.set_position(done as u64);
        bar.reset_eta();
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads.max(1))
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", opts.threads))?;
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(&games_path)
        .map_err(|e| format!("cannot append to {}: {e}", games_path.display()))?;
    let (tx, rx) = mpsc::channel::<(usize, Result<Option<Vec<Row>>, String>)>();
    let mut error = None;
    let mut new = 0;
    std::thread::scope(|s| {
        s.spawn(|| {
            pool.install(|| {
                remaining.par_iter().for_each_with(tx, |tx, g| {
                    if STOP.load(Ordering::SeqCst) {
                        return;
                    }
                    let bots: Vec<_> = g.seats.iter().map(|&i| spec.bots[i].clone()).collect();
                    let result =
                        runner::play_game_until(spec.tileset, &bots, g.deck_seed, g.agent_seed, None, &STOP)
                            .map(|played| played.map(|p| rows::game_rows(g, &spec.labels, &p)));
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
                    request_stop();
                }
            }
            while let Some(rows) = waiting.remove(&next) {
                if let Err(e) = file.write_all(rows::to_csv(&rows).as_bytes()).and_then(|_| file.flush()) {
                    error.get_or_insert(format!("cannot write {}: {e}", games_path.display()));
                    request_stop();
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
    if let Some(e) = error {
        return Err(e);
    }
    let interrupted = STOP.load(Ordering::SeqCst);
    let specs: Vec<String> = spec.bots.iter().map(|b| b.full()).collect();
    let bots = summary::bots(&all, spec.players, &spec.labels, &specs);
    let pairs = summary::pairs(&all, spec.players, &spec.labels);
    write_file(&spec.out.join("summary.csv"), &summary::summary_csv(&bots), true)?;
    write_file(&spec.out.join("pairs.csv"), &summary::pairs_csv(&pairs), true)?;
    let table = summary::table(&bots, &pairs);
    Ok(Outcome { played: all.len() / spec.players, total: plan.len(), new, interrupted, bots, table })
}
