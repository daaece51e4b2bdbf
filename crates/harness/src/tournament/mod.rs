//! `stadt tournament`: bots against each other on duplicate decks, in parallel, with results that
//! do not depend on the thread count, written as games finish and resumable after an interruption.
//!
//! Files in the output folder: `manifest.toml` (what the tournament is and which build played it),
//! `games.csv` (one row per player per game, in game order), `summary.csv` (one row per bot) and
//! `pairs.csv` (each pair of bots head to head). Rows are written in schedule order through a small
//! reorder buffer, so `games.csv` always holds a prefix of the schedule: a rerun skips that many
//! games. One run at a time holds the folder.

pub mod manifest;
// The parts every game's tournaments share are the core's; these paths keep naming them.
pub mod merge;
pub(crate) mod page;
pub mod records;
pub mod spec;

use crate::hosted::Hosted;
use manifest::Manifest;
use spec::TournamentSpec;
use stadt_core::error::Error;
use stadt_core::folder::{RunFolder, RunManifest};
use stadt_core::kind::GameKind;
use stadt_core::output::AppendLog;
use stadt_core::runner;
use stadt_core::seat::Seat;
use stadt_core::secret;
use stadt_core::seeds::{derive, stream};
use stadt_core::stop::Stop;
use stadt_core::tournament::failures::{self, FailureLog};
pub(crate) use stadt_core::tournament::games::{GAMES, open_games, start_games};
use stadt_core::tournament::rows::Row;
use stadt_core::tournament::schedule::{Schedule, Shard};
use stadt_core::tournament::{rows, summary};
use stadt_core::{pool, progress};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

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
    /// Keep every game's record in `records/GAME.rec` (`--records`).
    pub records: bool,
    /// What a bot's failure (a bot in another program that timed out, crashed, ...) does.
    pub on_bot_failure: OnBotFailure,
}

/// What a failing bot (docs/bot-protocol.md) does to a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OnBotFailure {
    /// It forfeits that game (it ranks last, a fallback finishes its seat), and the run goes on.
    #[default]
    Forfeit,
    /// The run stops with the reason; the game is not written.
    Stop,
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
    /// The report written when the run is finished (`report.html`), unless the folder is
    /// read-only.
    pub report: Option<std::path::PathBuf>,
    /// The games' rows, `players` per game, in game order.
    pub rows: Vec<Row>,
}

/// Runs (or resumes) a tournament.
pub fn run<K: Hosted>(spec: &TournamentSpec<K>, opts: &Options) -> Result<Outcome, Error> {
    if opts.records {
        K::can_keep_records()?;
    }
    let folder = RunFolder::open(&spec.out, &opts.command)?;
    let secret = bot_secret(&folder, spec.bots.iter().any(Seat::can_forfeit), |m: Manifest| m.bot_secret)?;
    folder.claim(&Manifest::new(spec, &opts.command, &opts.about, secret))?;
    let schedule = Schedule::new(spec.bots.len(), spec.players, spec.games, spec.seed);
    let scheduled = spec.part().len(schedule.len());
    let columns = spec.kind.columns();
    let (mut all, mut log) = open_games(&folder, spec.players, spec.part(), scheduled, &columns)?;
    let done = all.len() / spec.players;
    let mut new = 0;
    if done < scheduled {
        folder.require_writable("the games still to play")?;
        let log = match log.take() {
            Some(log) => log,
            None => start_games(&folder, &columns, spec.bots.iter().any(Seat::can_forfeit))?,
        };
        new = play(spec, opts, &folder, &schedule, done, log, &mut all)?;
    }
    let interrupted = opts.stop.requested() && all.len() / spec.players < scheduled;
    let specs: Vec<String> = spec.bots.iter().map(|b| b.full()).collect();
    let (bots, table) = summarise(&folder, spec.players, &spec.labels, &specs, &columns.sources, &all)?;
    let played = all.len() / spec.players;
    let report =
        if played == scheduled && folder.writable() { Some(page::write_finished(&folder)?) } else { None };
    Ok(Outcome { played, total: scheduled, new, interrupted, bots, table, report, rows: all })
}

/// The bot secret a run's manifest records: None for a run without bots in other programs
/// (`outside`), else the one the folder's manifest recorded (read by `recorded`; a resumed run
/// tells its bots the same seeds), or else this run's.
pub(crate) fn bot_secret<M: RunManifest>(
    folder: &RunFolder,
    outside: bool,
    recorded: impl FnOnce(M) -> Option<String>,
) -> Result<Option<String>, Error> {
    if !outside {
        return Ok(None);
    }
    let recorded = folder.manifest::<M>()?.and_then(recorded);
    secret::for_manifest(recorded.as_deref()).map(Some).map_err(Error::Setting)
}

/// Writes `summary.csv` and `pairs.csv` from every game played; returns the per-bot statistics and
/// the table to print.
fn summarise(
    folder: &RunFolder,
    players: usize,
    labels: &[String],
    specs: &[String],
    sources: &[String],
    all: &[Row],
) -> Result<(Vec<summary::BotSummary>, String), Error> {
    let bots = summary::bots(all, players, labels, specs, sources);
    let pairs = summary::pairs(all, players, labels);
    folder.write_derived("summary.csv", &summary::summary_csv(&bots))?;
    folder.write_derived("pairs.csv", &summary::pairs_csv(&pairs))?;
    let table = summary::table(&bots, &pairs);
    Ok((bots, table))
}

/// Plays the games from `done` on, appending their rows to `log` in schedule order and to `all`;
/// returns how many it played.
fn play<K: Hosted>(
    spec: &TournamentSpec<K>,
    opts: &Options,
    folder: &RunFolder,
    schedule: &Schedule,
    done: usize,
    mut log: AppendLog,
    all: &mut Vec<Row>,
) -> Result<usize, Error> {
    let scheduled = spec.part().len(schedule.len());
    let bar = progress::bar(opts.progress, scheduled, done, "games");
    let records = if opts.records { Some(records::prepare(folder, &spec.kind, &spec.tiles)?) } else { None };
    let games = Games {
        kind: &spec.kind,
        bots: &spec.bots,
        labels: &spec.labels,
        schedule,
        part: spec.part(),
        records: records.as_ref().map(|(dir, head)| (dir.as_path(), head)),
        on_bot_failure: opts.on_bot_failure,
        worker_done: K::worker_done,
    };
    let mut new = 0;
    let failures = FailureLog::new(spec.out.join(failures::FILE));
    let result = play_in_order(&games, done..scheduled, opts.threads, &opts.stop, &mut |game| {
        failures.append(&game.forfeits)?;
        log.append(&rows::to_csv(&game.rows))?;
        all.extend(game.rows);
        new += 1;
        bar.inc(1);
        Ok(true)
    });
    bar.finish_and_clear();
    result.map(|()| new)
}

/// What `play_in_order` plays: games of `kind`, the part `part` of `schedule`, seat `i` of a game
/// taken by `bots[seats[i]]`, rows labelled with `labels`.
pub(crate) struct Games<'a, K: GameKind, E> {
    /// The game.
    pub kind: &'a K,
    /// The entrants, as the schedule numbers them.
    pub bots: &'a [E],
    /// Their labels in the rows.
    pub labels: &'a [String],
    /// The schedule.
    pub schedule: &'a Schedule,
    /// The part of it being played.
    pub part: Shard,
    /// Where to write each game's record (`records/GAME.rec`) and with which header, if anywhere.
    pub records: Option<(&'a std::path::Path, &'a K::RecordHead)>,
    /// What a failing bot does to the run.
    pub on_bot_failure: OnBotFailure,
    /// Run on each worker thread when it has no more games (ends the programs of bots kept for
    /// the next game).
    pub worker_done: fn(),
}

/// A finished game as `play_in_order` hands it over: its rows, and the forfeits in it.
pub(crate) struct Finished {
    /// One row per seat.
    pub rows: Vec<Row>,
    /// The bots that forfeited, with why.
    pub forfeits: Vec<failures::Note>,
}

/// Plays the games `range` of `games.part` (numbered within the part) on `threads` workers that
/// take them in schedule order, and hands each game's rows to `accept` in schedule order (a
/// reorder buffer holds those that finish early). `accept` returns whether to go on: after
/// `false` (or an error of its own) no more rows are handed over; then, after a failed game or a
/// stop request, games in flight are abandoned (games finished before still go to `accept`). Which thread plays a game never changes its result, so neither does the thread
/// count.
pub(crate) fn play_in_order<K: GameKind, E: Seat<K> + Clone + Send + Sync>(
    games: &Games<'_, K, E>,
    range: std::ops::Range<usize>,
    threads: usize,
    stop: &Stop,
    accept: &mut dyn FnMut(Finished) -> Result<bool, Error>,
) -> Result<(), Error> {
    let pool = pool::pool(threads)?;
    let failures = games.bots.iter().any(Seat::can_forfeit);
    // Set when the run is to end: by `accept`, an error or the user's stop request.
    let halt = Stop::new();
    let next = AtomicUsize::new(range.start);
    let (tx, rx) = mpsc::channel::<(usize, Result<Option<Finished>, Error>)>();
    let mut error = None;
    std::thread::scope(|s| {
        let (halt, next, end) = (&halt, &next, range.end);
        s.spawn(move || {
            pool.broadcast(|_| {
                loop {
                    let j = next.fetch_add(1, Ordering::SeqCst);
                    if j >= end || halt.requested() {
                        break;
                    }
                    let g = games.schedule.get(games.part.game(j));
                    let bots: Vec<E> = g.seats.iter().map(|&i| games.bots[i].clone()).collect();
                    let table = runner::Table {
                        kind: games.kind,
                        agent_seed: g.agent_seed,
                        // A game whose deal fixes every outcome never asks it.
                        chance_seed: derive(g.deck_seed, &[stream::CHANCE]),
                        want_record: games.records.map(|(_, head)| head),
                        stop: halt.flag(),
                    };
                    let result = games
                        .kind
                        .deal(bots.len(), g.deck_seed)
                        .and_then(|game| runner::play(&table, &bots, game, &mut |_, _| {}))
                        .and_then(|played| {
                            if let (Some((dir, _)), Some(p)) = (games.records, &played) {
                                records::write(dir, g.index, p.record.as_deref().unwrap_or_default())?;
                            }
                            played.map(|p| finish(games, &g, &p, failures)).transpose()
                        });
                    if tx.send((j, result)).is_err() {
                        break;
                    }
                }
                (games.worker_done)();
            });
            drop(tx);
        });
        let mut next = range.start;
        let mut accepting = true;
        let mut waiting: BTreeMap<usize, Finished> = BTreeMap::new();
        loop {
            // Wake up now and then to pass a stop request on to the games in flight.
            let (j, result) = match rx.recv_timeout(Duration::from_millis(50)) {
                Ok(message) => message,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if stop.requested() {
                        halt.request();
                    }
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            };
            match result {
                Ok(Some(rows)) => {
                    waiting.insert(j, rows);
                }
                Ok(None) => {} // stopped mid-game
                Err(e) => {
                    let index = games.part.game(j);
                    error.get_or_insert(match e {
                        Error::IllegalMove(m) => Error::IllegalMove(format!("game {index}: {m}")),
                        Error::BotFailed(m) => Error::BotFailed(format!("game {index}: {m}")),
                        e => e,
                    });
                    halt.request();
                }
            }
            if stop.requested() {
                halt.request();
            }
            // Games finished before a stop or a failed game are kept; none after `accept` said no.
            while accepting && let Some(rows) = waiting.remove(&next) {
                next += 1;
                accepting = match accept(rows) {
                    Ok(go_on) => go_on,
                    Err(e) => {
                        error.get_or_insert(e);
                        false
                    }
                };
                if !accepting {
                    halt.request();
                }
            }
        }
    });
    match error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// A played game's rows and forfeits; with `--on-bot-failure stop`, a forfeit is an error instead.
fn finish<K: GameKind, E>(
    games: &Games<'_, K, E>,
    g: &stadt_core::tournament::schedule::Scheduled,
    played: &runner::PlayedGame<K>,
    failures: bool,
) -> Result<Finished, Error> {
    let forfeits: Vec<failures::Note> = played
        .forfeits
        .iter()
        .enumerate()
        .filter_map(|(seat, f)| {
            let label = games.labels[g.seats[seat]].clone();
            f.as_ref().map(|f| failures::Note {
                game: g.index,
                seat: seat + 1,
                bot: label,
                forfeit: f.clone(),
            })
        })
        .collect();
    if let (OnBotFailure::Stop, Some(first)) = (games.on_bot_failure, forfeits.first()) {
        return Err(Error::BotFailed(first.describe()));
    }
    Ok(Finished { rows: rows::game_rows(games.kind, g, games.labels, played, failures), forfeits })
}
