//! `stadt tune`: SPSA over a bot's real-valued weights. Every iteration plays the two perturbed
//! candidates against the same pool on the same decks, seats and agent seeds (common random
//! numbers), steps along the estimated gradient, and logs the iteration. At the end the tuned bot
//! plays the untuned one on decks never used in tuning (held-out verification).

use crate::agent::{BotSpec, ParamKind, bot_file_text, format_real};
use crate::output::write_file;
use crate::runner::play_game;
use crate::seeds::derive;
use crate::stats::{Z95, mean_se, wilson};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use std::fmt::Write as _;
use std::path::PathBuf;

/// What the candidate's games are judged by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Score margin to the best opponent, in units of 20 points (about one per big swing).
    Margin,
    /// Share of wins.
    Win,
}

/// A tuning run.
#[derive(Clone, Debug)]
pub struct TuneSpec {
    /// The bot to tune, with its starting weights.
    pub bot: BotSpec,
    /// Opponents; each evaluation game pits the candidate against one of them.
    pub pool: Vec<BotSpec>,
    /// SPSA iterations.
    pub iterations: usize,
    /// Games per candidate evaluation (rounded up to both seatings).
    pub games_per_eval: usize,
    /// Held-out verification games (tuned against untuned).
    pub verify_games: usize,
    /// Run seed.
    pub seed: u64,
    /// Output folder for tune.csv and verify.csv.
    pub out: PathBuf,
    /// The bot file to write with the tuned weights.
    pub bot_file: PathBuf,
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
}

/// What a run produced.
pub struct TuneOutcome {
    /// The tuned bot.
    pub tuned: BotSpec,
    /// Held-out verification: games, tuned win share with 95% interval, margin mean with 95% interval.
    pub verify: Verification,
    /// The report printed at the end.
    pub report: String,
}

/// Held-out verification of the tuned bot against the untuned one.
#[derive(Clone, Debug)]
pub struct Verification {
    /// Games played.
    pub games: usize,
    /// Tuned bot's win share (ties half) and its 95% Wilson interval.
    pub win_rate: (f64, f64, f64),
    /// Tuned bot's mean score margin over the untuned one and its 95% interval.
    pub margin: (f64, f64, f64),
}

/// The tunable weights of a bot: (key, value, scale) for every real-valued parameter.
pub fn weights(bot: &BotSpec) -> Vec<(&'static str, f64, f64)> {
    bot.def
        .params
        .iter()
        .filter(|p| matches!(p.kind, ParamKind::Real))
        .map(|p| {
            let v = bot.params.real(p.key);
            let default: f64 = p.default.parse().unwrap_or(v);
            (p.key, v, default.abs().max(0.25))
        })
        .collect()
}

/// The bot with these weights.
fn with_weights(bot: &BotSpec, keys: &[&'static str], values: &[f64]) -> Result<BotSpec, String> {
    let mut b = bot.clone();
    for (k, v) in keys.iter().zip(values) {
        b = b.with(k, &format_real(round6(*v)))?;
    }
    Ok(b)
}

fn round6(v: f64) -> f64 {
    (v * 1e6).round() / 1e6
}

/// The candidate's objective in one game: its score and its opponent's.
fn objective_value(objective: Objective, (mine, theirs): (i32, i32)) -> f64 {
    match objective {
        Objective::Margin => (mine - theirs) as f64 / 20.0,
        Objective::Win => match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        },
    }
}

/// The candidate's and its opponent's scores in each of `games` games against the pool: deck d is
/// played in both seatings against pool member d % pool.len(); `stream` keeps the decks of each
/// tuning iteration and of the verification apart.
fn play_against(
    candidate: &BotSpec,
    pool: &[BotSpec],
    games: usize,
    seed: u64,
    stream: u64,
) -> Result<Vec<(i32, i32)>, String> {
    let decks = games.div_ceil(2);
    let results: Vec<Result<(i32, i32), String>> = (0..decks * 2)
        .into_par_iter()
        .map(|g| {
            let (deck, seat) = (g / 2, g % 2);
            let opponent = &pool[deck % pool.len()];
            let bots = if seat == 0 {
                vec![candidate.clone(), opponent.clone()]
            } else {
                vec![opponent.clone(), candidate.clone()]
            };
            let deck_seed = derive(seed, &[stream, deck as u64]);
            let agent_seed = derive(seed, &[stream, deck as u64, seat as u64]);
            let played = play_game(crate::tiles::TileSet::default_set(), &bots, deck_seed, agent_seed, None)?;
            let s = played.game.table().scores();
            Ok((s[seat], s[1 - seat]))
        })
        .collect();
    results.into_iter().collect()
}

/// The objective values of a candidate's games against the pool.
fn evaluate(
    candidate: &BotSpec,
    pool: &[BotSpec],
    games: usize,
    seed: u64,
    stream: u64,
    objective: Objective,
) -> Result<Vec<f64>, String> {
    Ok(play_against(candidate, pool, games, seed, stream)?
        .into_iter()
        .map(|g| objective_value(objective, g))
        .collect())
}

/// Runs SPSA, writes tune.csv, the bot file and verify.csv, and returns the outcome.
pub fn run(spec: &TuneSpec) -> Result<TuneOutcome, String> {
    let ws = weights(&spec.bot);
    if ws.is_empty() {
        return Err(format!("bot `{}` has no real-valued weights to tune", spec.bot.def.name));
    }
    std::fs::create_dir_all(&spec.out).map_err(|e| format!("cannot create {}: {e}", spec.out.display()))?;
    let tune_csv = spec.out.join("tune.csv");
    let verify_csv = spec.out.join("verify.csv");
    for p in [&tune_csv, &verify_csv, &spec.bot_file] {
        if p.exists() {
            return Err(format!(
                "{} already exists; not overwriting it (choose another --out or --name)",
                p.display()
            ));
        }
    }
    let keys: Vec<&'static str> = ws.iter().map(|w| w.0).collect();
    let scale: Vec<f64> = ws.iter().map(|w| w.2).collect();
    let mut x: Vec<f64> = ws.iter().map(|w| w.1 / w.2).collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(spec.threads.max(1))
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", spec.threads))?;
    let bar =
        if spec.progress { ProgressBar::new(spec.iterations as u64 + 1) } else { ProgressBar::hidden() };
    if spec.progress {
        bar.set_draw_target(ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{bar:32.cyan/blue} {pos}/{len} iterations  elapsed {elapsed_precise}  left {eta_precise}  {msg}")
                .expect("a valid template"),
        );
    }
    // The log grows a complete line per iteration, so a stopped run leaves a valid CSV.
    let mut header = String::from("iteration,a_k,c_k");
    for k in &keys {
        let _ = write!(header, ",{k}");
    }
    header.push_str(",score_plus,score_minus,score,score_se\n");
    write_file(&tune_csv, &header, false)?;
    let mut log = std::fs::OpenOptions::new()
        .append(true)
        .open(&tune_csv)
        .map_err(|e| format!("cannot append to {}: {e}", tune_csv.display()))?;
    let big_a = (spec.iterations as f64 / 10.0).max(1.0);
    let mut rng = Pcg64Mcg::seed_from_u64(derive(spec.seed, &[crate::seeds::stream::TUNE]));
    for k in 0..spec.iterations {
        let a_k = spec.a / (k as f64 + 1.0 + big_a).powf(0.602);
        let c_k = spec.c / (k as f64 + 1.0).powf(0.101);
        let delta: Vec<f64> = (0..x.len()).map(|_| if rng.random::<bool>() { 1.0 } else { -1.0 }).collect();
        let at = |sign: f64| -> Vec<f64> {
            x.iter().zip(&delta).zip(&scale).map(|((xi, d), s)| (xi + sign * c_k * d) * s).collect()
        };
        let plus = with_weights(&spec.bot, &keys, &at(1.0))?;
        let minus = with_weights(&spec.bot, &keys, &at(-1.0))?;
        // The same decks and seeds for both: the difference is the weights, not the luck.
        let stream = 100 + k as u64;
        let (fp, fm) = pool.install(|| -> Result<_, String> {
            Ok((
                evaluate(&plus, &spec.pool, spec.games_per_eval, spec.seed, stream, spec.objective)?,
                evaluate(&minus, &spec.pool, spec.games_per_eval, spec.seed, stream, spec.objective)?,
            ))
        })?;
        let (mp, _) = mean_se(&fp);
        let (mm, _) = mean_se(&fm);
        let both: Vec<f64> = fp.iter().chain(&fm).copied().collect();
        let (score, se) = mean_se(&both);
        for (xi, d) in x.iter_mut().zip(&delta) {
            *xi += a_k * (mp - mm) / (2.0 * c_k * d);
        }
        let mut row = format!("{},{:.5},{:.5}", k + 1, a_k, c_k);
        for (xi, s) in x.iter().zip(&scale) {
            let _ = write!(row, ",{}", format_real(round6(xi * s)));
        }
        let _ = writeln!(row, ",{mp:.5},{mm:.5},{score:.5},{se:.5}");
        std::io::Write::write_all(&mut log, row.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", tune_csv.display()))?;
        bar.set_message(format!("score {score:.3} ± {se:.3}"));
        bar.inc(1);
    }
    let values: Vec<f64> = x.iter().zip(&scale).map(|(xi, s)| xi * s).collect();
    let tuned = with_weights(&spec.bot, &keys, &values)?;
    let pool_names: Vec<String> = spec.pool.iter().map(|b| b.full()).collect();
    write_file(
        &spec.bot_file,
        &bot_file_text(
            &tuned,
            &format!(
                "Tuned by `stadt tune` (SPSA, {} iterations of {} games per candidate, seed {}) against: {}.\nStarting point: {}",
                spec.iterations,
                spec.games_per_eval.div_ceil(2) * 2,
                spec.seed,
                pool_names.join(" | "),
                spec.bot.full()
            ),
        ),
        false,
    )?;
    // Held out: decks from a stream tuning never used, tuned against the starting bot.
    let games = pool
        .install(|| play_against(&tuned, std::slice::from_ref(&spec.bot), spec.verify_games, spec.seed, 1))?;
    let wins: Vec<f64> = games.iter().map(|&g| objective_value(Objective::Win, g)).collect();
    let margins: Vec<f64> = games.iter().map(|&(a, b)| (a - b) as f64).collect();
    bar.inc(1);
    bar.finish_and_clear();
    let n = wins.len() as f64;
    let w: f64 = wins.iter().sum();
    let (lo, hi) = wilson(w, n, Z95);
    let (m, se) = mean_se(&margins);
    let verify = Verification {
        games: wins.len(),
        win_rate: (w / n, lo, hi),
        margin: (m, m - Z95 * se, m + Z95 * se),
    };
    write_file(
        &verify_csv,
        &format!(
            "tuned,untuned,games,tuned_win_rate,win_rate_lo95,win_rate_hi95,mean_margin,margin_lo95,margin_hi95\n{},{},{},{:.4},{:.4},{:.4},{:.3},{:.3},{:.3}\n",
            crate::tournament::rows::csv_field(&tuned.full()),
            crate::tournament::rows::csv_field(&spec.bot.full()),
            verify.games,
            verify.win_rate.0,
            verify.win_rate.1,
            verify.win_rate.2,
            verify.margin.0,
            verify.margin.1,
            verify.margin.2
        ),
        false,
    )?;
    let mut report = String::new();
    let _ = writeln!(report, "tuned: {}", tuned.full());
    let _ = writeln!(report, "bot file: {}", spec.bot_file.display());
    let _ = writeln!(
        report,
        "held-out verification, {} games against the untuned bot on new decks:\n  win rate {:.1}% [95% CI {:.1}, {:.1}], score margin {:+.1} [95% CI {:+.1}, {:+.1}]",
        verify.games,
        100.0 * verify.win_rate.0,
        100.0 * verify.win_rate.1,
        100.0 * verify.win_rate.2,
        verify.margin.0,
        verify.margin.1,
        verify.margin.2
    );
    let _ = writeln!(report, "log: {} and {}", tune_csv.display(), verify_csv.display());
    Ok(TuneOutcome { tuned, verify, report })
}
