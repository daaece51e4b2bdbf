//! `stadt learn`: generations of a learned evaluation by self-play. Generation 0 is the bot as
//! given (its `eval` as set, projected scores by default). For each generation k the bot with
//! evaluation k plays `games` self-play games whose records are kept (`genK/games/NNNN.rec`);
//! the weights of evaluation k+1 are fitted to every decision position of them (one game in five
//! held out to measure the fit's error) and written to `genK+1.eval`; then evaluation k+1 plays
//! evaluation k in a duplicate-deck tournament (`match-genK+1-vs-genK/`). `generations.csv`
//! sums it up. Every step is seeded from the run seed, and a run stopped anywhere resumes where
//! it stopped: records, evaluation files and match games already there are kept.

pub mod catan;
pub mod die_stadt;
pub mod learnable;
pub mod manifest;
pub mod spec;

pub use learnable::Learnable;
pub use spec::LearnSpec;

use crate::settings::{RunSettings, TILES};
use crate::tournament::{self, spec::TournamentSpec};
use rayon::prelude::*;
use stadt_core::error::Error;
use stadt_core::folder::RunFolder;
use stadt_core::learned::fit::{self, Sample};
use stadt_core::learned::{Weights, file};
use stadt_core::output::write_file;
use stadt_core::runner::{self, Table};
use stadt_core::seeds::{derive, stream};
use stadt_core::stop::Stop;
use stadt_core::tournament::summary;
use stadt_core::{pool, progress};
use std::fmt::Write as _;
use std::path::PathBuf;

/// How to run (nothing here changes the results).
pub struct Options {
    /// Worker threads.
    pub threads: usize,
    /// Show progress bars on stderr.
    pub progress: bool,
    /// The command line, for the manifests.
    pub command: String,
    /// Set to stop between games.
    pub stop: Stop,
}

/// One generation's line of `generations.csv`.
#[derive(Clone, Debug)]
pub struct GenerationRow {
    /// The generation fitted (1, 2, ...).
    pub generation: usize,
    /// Self-play games it was fitted on (played by the previous generation).
    pub games: usize,
    /// Positions x players used to fit, and held out.
    pub train: usize,
    /// Held-out samples.
    pub heldout: usize,
    /// Error (points of final score) on the training and held-out samples.
    pub rmse_train: f64,
    /// Held-out error.
    pub rmse_heldout: f64,
    /// Held-out error of projected scores (points plus half the open values), for comparison.
    pub rmse_heldout_projected: f64,
    /// Its match against the previous generation.
    pub matched: Option<Match>,
}

/// A new generation's match against the one before.
#[derive(Clone, Copy, Debug)]
pub struct Match {
    /// Games played.
    pub games: usize,
    /// How often the new generation finished above the old one, over every pair of a new and an
    /// old copy in a game (ties half; in 2-player games its win rate), with its 95% interval.
    pub win_rate: (f64, f64, f64),
    /// The mean score difference new - old over those pairs, with its standard error.
    pub margin: (f64, f64),
}

/// The name of generation `k`'s evaluation file in the folder.
pub fn eval_name(k: usize) -> String {
    format!("gen{k}.eval")
}

/// The self-play bot of generation `k`.
fn generation_bot<G: Learnable>(spec: &LearnSpec<G>, k: usize) -> Result<G::Entrant, Error> {
    let eval = (k > 0).then(|| spec.out.join(eval_name(k)));
    G::with_eval(&spec.bot, eval.as_deref(), &format!("gen{k}"))
}

/// Runs (or resumes) a learning run; returns one row per generation fitted.
pub fn run<G: Learnable>(spec: &LearnSpec<G>, opts: &Options) -> Result<Vec<GenerationRow>, Error> {
    // Refuses a bot that cannot learn before the folder is touched.
    let mut bot = generation_bot(spec, 0)?;
    let folder = RunFolder::open(&spec.out, &opts.command)?;
    folder.claim(&manifest::Manifest::new(spec, &opts.command))?;
    folder.require_writable("learning run")?;
    let workers = pool::pool(opts.threads)?;
    let mut rows = Vec::new();
    // Each generation's bot reads its evaluation file once: the next generation's is the bot
    // matched against this one.
    for k in 0..spec.generations {
        let games = self_play(spec, opts, &workers, k, &bot)?;
        if opts.stop.requested() {
            break;
        }
        let mut row = fit_generation(spec, k, &games)?;
        let next = generation_bot(spec, k + 1)?;
        if spec.match_games > 0 {
            let out = spec.out.join(format!("match-gen{}-vs-gen{k}", k + 1));
            // With more than 2 players, two copies of each: the match is played at the player
            // count the evaluation was fitted for.
            let copies = if spec.players == 2 { 1 } else { 2 };
            let entrants = (0..copies).flat_map(|_| [next.clone(), bot.clone()]);
            let settings = RunSettings {
                players: spec.players,
                games: spec.match_games,
                seed: derive(spec.seed, &[3, k as u64]) & i64::MAX as u64,
                tiles: TILES.into(),
                options: spec.options.clone(),
            };
            let t = TournamentSpec::<G>::of_entrants(entrants.collect(), &settings, &out)?;
            let outcome = tournament::run(
                &t,
                &tournament::Options {
                    threads: opts.threads,
                    progress: opts.progress,
                    command: opts.command.clone(),
                    about: format!("learning: generation {} against generation {k}", k + 1),
                    stop: opts.stop.clone(),
                    records: false,
                    on_bot_failure: Default::default(),
                },
            )?;
            if outcome.interrupted {
                break;
            }
            // The labels alternate: the new generation's copies, then the old one's.
            let new: Vec<&String> = t.labels.iter().step_by(2).collect();
            let old: Vec<&String> = t.labels.iter().skip(1).step_by(2).collect();
            let h = summary::head_to_head(&outcome.rows, spec.players, &new, &old)
                .ok_or_else(|| Error::Setting(format!("the match in {} has no games", out.display())))?;
            row.matched = Some(Match { games: h.games, win_rate: h.a_rate, margin: h.diff });
        }
        rows.push(row);
        bot = next;
    }
    if rows.len() == spec.generations {
        folder.write_derived("generations.csv", &generations_csv(&rows))?;
    }
    Ok(rows)
}

/// Plays (or finds) generation `k`'s self-play games; returns their record paths in game order.
fn self_play<G: Learnable>(
    spec: &LearnSpec<G>,
    opts: &Options,
    workers: &rayon::ThreadPool,
    k: usize,
    bot: &G::Entrant,
) -> Result<Vec<PathBuf>, Error> {
    let dir = spec.out.join(format!("gen{k}")).join("games");
    std::fs::create_dir_all(&dir).map_err(|e| Error::io("create", &dir, e))?;
    let paths: Vec<PathBuf> = (0..spec.games).map(|i| dir.join(format!("{i:04}.rec"))).collect();
    let todo: Vec<usize> = (0..spec.games).filter(|&i| !paths[i].exists()).collect();
    let bar = progress::bar(opts.progress && !todo.is_empty(), spec.games, spec.games - todo.len(), "games");
    bar.set_message(format!("self-play, generation {k}"));
    let bots = vec![bot.clone(); spec.players];
    let result = workers.install(|| {
        todo.par_iter().try_for_each(|&i| -> Result<(), Error> {
            if opts.stop.requested() {
                return Ok(());
            }
            let deck_seed = derive(spec.seed, &[1, k as u64, i as u64]);
            let head = spec.kind.self_play_head(deck_seed);
            let table = Table {
                kind: &spec.kind,
                agent_seed: derive(spec.seed, &[2, k as u64, i as u64]),
                // A game whose deal fixes every outcome never asks it.
                chance_seed: derive(deck_seed, &[stream::CHANCE]),
                want_record: Some(&head),
                stop: opts.stop.flag(),
            };
            let Some(played) =
                runner::play(&table, &bots, spec.kind.deal(spec.players, deck_seed)?, &mut |_, _| {})?
            else {
                return Ok(()); // stopped mid-game: played again on resuming
            };
            let text = played.record.expect("a record was asked for");
            write_file(&paths[i], &text, false)?;
            bar.inc(1);
            Ok(())
        })
    });
    workers.broadcast(|_| G::worker_done());
    result?;
    bar.finish_and_clear();
    Ok(paths)
}

/// Fits generation `k + 1` on generation `k`'s games and writes its evaluation file (or checks
/// that the one there is what the fit gives).
fn fit_generation<G: Learnable>(
    spec: &LearnSpec<G>,
    k: usize,
    games: &[PathBuf],
) -> Result<GenerationRow, Error> {
    let mut samples: Vec<Sample> = Vec::new();
    for (i, path) in games.iter().enumerate() {
        let text = std::fs::read_to_string(path).map_err(|e| Error::io("read", path, e))?;
        spec.kind.samples(&text, path, i, &mut samples)?;
    }
    let held = |s: &&Sample| s.game % 5 == 4;
    let train: Vec<&Sample> = samples.iter().filter(|s| !held(s)).collect();
    let heldout: Vec<&Sample> = samples.iter().filter(held).collect();
    let count = G::FEATURES.sets[spec.features].1;
    let weights = fit::ridge(&train, spec.ridge, count)
        .map(|w| Weights { set: spec.features, w })
        .ok_or_else(|| {
            Error::Setting(format!(
                "generation {k}'s {} games do not determine the weights; play more",
                games.len()
            ))
        })?;
    let row = GenerationRow {
        generation: k + 1,
        games: games.len(),
        train: train.len(),
        heldout: heldout.len(),
        rmse_train: fit::rmse(&train, |s| weights.weigh(&s.features)),
        rmse_heldout: fit::rmse(&heldout, |s| weights.weigh(&s.features)),
        rmse_heldout_projected: fit::rmse(&heldout, |s| s.baseline),
        matched: None,
    };
    let comment = format!(
        "stadt learn, generation {}: fitted on the {} self-play games of generation {k} (gen{k}/games;\n\
         the bot is manifest.toml's, with {}), {} samples; held-out RMSE {:.3} points\n\
         ({}: {:.3}). A player's final score = points banked + sum of weight x feature.",
        k + 1,
        games.len(),
        if k == 0 { "its own eval".to_string() } else { format!("eval={}", eval_name(k)) },
        train.len(),
        row.rmse_heldout,
        G::BASELINE,
        row.rmse_heldout_projected,
    );
    let path = spec.out.join(eval_name(k + 1));
    let text = file::text(&G::FEATURES, &weights, &comment);
    match std::fs::read_to_string(&path) {
        Ok(old) if old == text => {}
        Ok(_) => {
            return Err(Error::Folder(format!(
                "{} differs from what generation {k}'s games give; not overwriting it",
                path.display()
            )));
        }
        Err(_) => write_file(&path, &text, false)?,
    }
    Ok(row)
}

/// `generations.csv`: one line per generation fitted.
pub fn generations_csv(rows: &[GenerationRow]) -> String {
    let mut s = String::from(
        "generation,selfplay_games,train_samples,heldout_samples,rmse_train,rmse_heldout,rmse_heldout_projected,match_games,win_rate_vs_previous,win_rate_lo95,win_rate_hi95,margin_vs_previous,margin_se\n",
    );
    for r in rows {
        let _ = write!(
            s,
            "{},{},{},{},{:.3},{:.3},{:.3}",
            r.generation, r.games, r.train, r.heldout, r.rmse_train, r.rmse_heldout, r.rmse_heldout_projected
        );
        match r.matched {
            Some(Match { games: g, win_rate: (w, lo, hi), margin: (m, se) }) => {
                let _ = writeln!(s, ",{g},{w:.4},{lo:.4},{hi:.4},{m:.3},{se:.3}");
            }
            None => s.push_str(",0,,,,,\n"),
        }
    }
    s
}
