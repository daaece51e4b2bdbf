//! `stadt tune`: SPSA over a bot's real-valued weights. Every iteration plays the two perturbed
//! candidates against the same pool on the same decks, seats and agent seeds (common random
//! numbers), steps along the estimated gradient, and logs the iteration. At the end the tuned bot
//! plays the untuned one on decks never used in tuning (held-out verification).
//!
//! The output folder holds `manifest.toml`, `tune.csv` (one line per iteration, with the weights
//! written exactly, so a stopped run resumes where it was), `verify.csv` and the tuned bot file.
//! One run at a time holds the folder; a run with other settings or another build is refused.

use crate::folder::{MANIFEST, RunFolder};
use crate::output::write_file;
use crate::runner::{play_game, play_game_until};
use crate::stats::{Cluster, Z95, cluster_mean_se, mean_se, share_interval};
use crate::stop::Stop;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use stadt_agents::botfile::bot_file_text;
use stadt_agents::params::ParamKind;
use stadt_agents::params::format_real;
use stadt_agents::seeds::derive;
use stadt_agents::spec::BotSpec;
use stadt_core::tiles::TileSet;
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

impl Objective {
    /// Its name on the command line and in the manifest.
    pub fn name(self) -> &'static str {
        match self {
            Objective::Margin => "margin",
            Objective::Win => "win",
        }
    }
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
pub struct TuneOutcome {
    /// Iterations logged so far.
    pub iterations: usize,
    /// Stopped before the end (rerun the same command to resume).
    pub interrupted: bool,
    /// The tuned bot and its held-out check, once the run is complete.
    pub result: Option<(BotSpec, Verification)>,
    /// Where the tuned bot file was installed, if it was.
    pub installed: Option<PathBuf>,
    /// The report printed at the end.
    pub report: String,
}

/// The held-out check's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The tuned bot's win-rate interval lies above 50%.
    Better,
    /// Neither clearly better nor worse.
    Unclear,
    /// The tuned bot won less than half the games against the untuned one.
    Worse,
}

impl Verdict {
    /// How `verify.csv` and the bot file write it.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Better => "better",
            Verdict::Unclear => "unclear",
            Verdict::Worse => "worse",
        }
    }
}

/// Held-out verification of the tuned bot against the untuned one.
#[derive(Clone, Debug)]
pub struct Verification {
    /// Games played.
    pub games: usize,
    /// Decks (each played in both seatings).
    pub decks: usize,
    /// Tuned bot's win share (ties half) and its 95% interval over decks.
    pub win_rate: (f64, f64, f64),
    /// Tuned bot's mean score margin over the untuned one and its 95% interval over decks.
    pub margin: (f64, f64, f64),
    /// What that says.
    pub verdict: Verdict,
}

/// The manifest of a tuning folder: everything that decides its results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    format: String,
    command: String,
    version: String,
    build: String,
    commit: String,
    bot: String,
    pool: Vec<String>,
    name: String,
    iterations: usize,
    games_per_eval: usize,
    verify_games: usize,
    seed: u64,
    objective: String,
    a: f64,
    c: f64,
    tiles_sha256: String,
}

const FORMAT: &str = "stadt-tune 1";

impl Manifest {
    fn new(spec: &TuneSpec) -> Manifest {
        Manifest {
            format: FORMAT.into(),
            command: spec.command.clone(),
            version: env!("CARGO_PKG_VERSION").into(),
            build: crate::provenance::SOURCES.into(),
            commit: crate::provenance::COMMIT.into(),
            bot: spec.bot.full(),
            pool: spec.pool.iter().map(|b| b.full()).collect(),
            name: spec.name.clone(),
            iterations: spec.iterations,
            games_per_eval: spec.games_per_eval,
            verify_games: spec.verify_games,
            seed: spec.seed,
            objective: spec.objective.name().into(),
            a: spec.a,
            c: spec.c,
            tiles_sha256: crate::tileset::sha256(TileSet::default_set()),
        }
    }

    /// What differs from `folder`'s manifest in what decides results.
    fn differences(&self, folder: &Manifest) -> Vec<String> {
        let mut out = Vec::new();
        let mut field = |name: &str, theirs: String, ours: String| {
            if theirs != ours {
                out.push(format!("{name}: folder {theirs}, this run {ours}"));
            }
        };
        if self.build != folder.build {
            field(
                "build",
                format!("{} (commit {})", folder.build, folder.commit),
                format!("{} (commit {})", self.build, self.commit),
            );
        }
        field("bot", folder.bot.clone(), self.bot.clone());
        field("pool", folder.pool.join(" | "), self.pool.join(" | "));
        field("name", folder.name.clone(), self.name.clone());
        field("iterations", folder.iterations.to_string(), self.iterations.to_string());
        field("games per evaluation", folder.games_per_eval.to_string(), self.games_per_eval.to_string());
        field("verify games", folder.verify_games.to_string(), self.verify_games.to_string());
        field("seed", folder.seed.to_string(), self.seed.to_string());
        field("objective", folder.objective.clone(), self.objective.clone());
        field("a", folder.a.to_string(), self.a.to_string());
        field("c", folder.c.to_string(), self.c.to_string());
        field("tile set (sha256)", folder.tiles_sha256.clone(), self.tiles_sha256.clone());
        out
    }
}

/// A tunable weight of a bot: its key, starting value, scale (the size of a step) and range.
#[derive(Clone, Debug)]
pub struct Weight {
    /// Parameter key.
    pub key: &'static str,
    /// Starting value.
    pub value: f64,
    /// Step scale: the default's size, at least 0.25.
    pub scale: f64,
    /// Smallest and largest valid value.
    pub range: (f64, f64),
}

/// The tunable weights of a bot: every real-valued parameter.
pub fn weights(bot: &BotSpec) -> Vec<Weight> {
    bot.def
        .params
        .iter()
        .filter_map(|p| match p.kind {
            ParamKind::Real { min, max } => {
                let v = bot.params.real(p.key);
                let default: f64 = p.default.parse().unwrap_or(v);
                Some(Weight { key: p.key, value: v, scale: default.abs().max(0.25), range: (min, max) })
            }
            _ => None,
        })
        .collect()
}

/// The bot with these weights, each kept within its parameter's range.
fn with_weights(bot: &BotSpec, ws: &[Weight], values: &[f64]) -> Result<BotSpec, String> {
    let mut b = bot.clone();
    for (w, v) in ws.iter().zip(values) {
        b = b.with(w.key, &format_real(round6(v.clamp(w.range.0, w.range.1))))?;
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
/// played in both seatings (games 2d and 2d + 1) against pool member d % pool.len(); `stream` keeps
/// the decks of each tuning iteration and of the verification apart. None once `stop` is set.
fn play_against(
    candidate: &BotSpec,
    pool: &[BotSpec],
    games: usize,
    seed: u64,
    stream: u64,
    stop: Option<&Stop>,
) -> Result<Option<Vec<(i32, i32)>>, String> {
    let decks = games.div_ceil(2);
    let results: Vec<Result<Option<(i32, i32)>, String>> = (0..decks * 2)
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
            let ts = TileSet::default_set();
            let played = match stop {
                Some(s) => play_game_until(ts, &bots, deck_seed, agent_seed, None, s.flag())?,
                None => Some(play_game(ts, &bots, deck_seed, agent_seed, None)?),
            };
            Ok(played.map(|p| {
                let s = p.game.table().scores();
                (s[seat], s[1 - seat])
            }))
        })
        .collect();
    let games: Vec<Option<(i32, i32)>> = results.into_iter().collect::<Result<_, _>>()?;
    Ok(games.into_iter().collect())
}

/// The log's header line.
fn header(ws: &[Weight]) -> String {
    let mut h = String::from("iteration,a_k,c_k");
    for w in ws {
        let _ = write!(h, ",{}", w.key);
    }
    h.push_str(",score_plus,score_minus,score,score_se");
    h
}

/// Reads `tune.csv`: the weights after the last complete iteration and how many there are, and
/// the byte length of the complete lines (a line cut short by a kill is dropped).
fn read_log(text: &str, ws: &[Weight]) -> Result<(Vec<f64>, usize, usize), String> {
    let head = header(ws);
    let Some(first) = text.lines().next() else {
        return Ok((ws.iter().map(|w| w.value).collect(), 0, 0));
    };
    if first != head {
        return Err(format!("tune.csv has the columns `{first}`, where this run writes `{head}`"));
    }
    let mut values: Vec<f64> = ws.iter().map(|w| w.value).collect();
    let mut done = 0;
    let mut complete = head.len() + 1;
    for (i, line) in text[complete.min(text.len())..].split_inclusive('\n').enumerate() {
        if !line.ends_with('\n') {
            break; // cut short
        }
        let fields: Vec<&str> = line.trim_end().split(',').collect();
        let row = || format!("tune.csv line {} was changed since it was written", i + 2);
        if fields.len() != 3 + ws.len() + 4 || fields[0].parse::<usize>().ok() != Some(done + 1) {
            return Err(row());
        }
        for (v, f) in values.iter_mut().zip(&fields[3..3 + ws.len()]) {
            *v = f.parse().map_err(|_| row())?;
        }
        done += 1;
        complete += line.len();
    }
    Ok((values, done, complete))
}

/// Runs SPSA (or resumes it), writes tune.csv, then the held-out check, verify.csv and the tuned
/// bot file; installs the bot when asked and it does not lose.
pub fn run(spec: &TuneSpec) -> Result<TuneOutcome, String> {
    let ws = weights(&spec.bot);
    if ws.is_empty() {
        return Err(format!("bot `{}` has no real-valued weights to tune", spec.bot.def.name));
    }
    let folder = RunFolder::open(&spec.out, &spec.command)?;
    folder.require_writable("the tuning log")?;
    let manifest = Manifest::new(spec);
    let manifest_path = folder.join(MANIFEST);
    match std::fs::read_to_string(&manifest_path) {
        Ok(text) => {
            let theirs: Manifest = toml::from_str(&text).map_err(|e| {
                format!("{}: not a tuning manifest this version reads: {e}", manifest_path.display())
            })?;
            let diff = manifest.differences(&theirs);
            if !diff.is_empty() {
                return Err(format!(
                    "{} holds a different tuning run; refusing to mix them (choose another --out):\n  {}",
                    spec.out.display(),
                    diff.join("\n  ")
                ));
            }
        }
        Err(_) => write_file(
            &manifest_path,
            &format!(
                "# stadt tuning manifest: what produced the files beside it (TOML).\n{}",
                toml::to_string(&manifest).expect("plain TOML")
            ),
            false,
        )?,
    }
    let log_path = folder.join("tune.csv");
    let (mut values, mut done) = match std::fs::read_to_string(&log_path) {
        Ok(text) => {
            let (values, done, complete) = read_log(&text, &ws)?;
            if complete < text.len() {
                let f = std::fs::OpenOptions::new().write(true).open(&log_path).map_err(|e| e.to_string())?;
                f.set_len(complete as u64).map_err(|e| e.to_string())?;
            }
            (values, done)
        }
        Err(_) => {
            write_file(&log_path, &format!("{}\n", header(&ws)), false)?;
            (ws.iter().map(|w| w.value).collect(), 0)
        }
    };
    if done > spec.iterations {
        return Err(format!("{} holds more iterations than this run asks for", log_path.display()));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(spec.threads.max(1))
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", spec.threads))?;
    let bar = progress(spec.progress, spec.iterations + 1, done);
    let mut log = std::fs::OpenOptions::new()
        .append(true)
        .open(&log_path)
        .map_err(|e| format!("cannot append to {}: {e}", log_path.display()))?;
    let big_a = (spec.iterations as f64 / 10.0).max(1.0);
    while done < spec.iterations {
        if spec.stop.requested() {
            bar.finish_and_clear();
            return Ok(TuneOutcome {
                iterations: done,
                interrupted: true,
                result: None,
                installed: None,
                report: format!(
                    "stopped after iteration {done} of {}; run the same command to resume\n",
                    spec.iterations
                ),
            });
        }
        let k = done;
        let a_k = spec.a / (k as f64 + 1.0 + big_a).powf(0.602);
        let c_k = spec.c / (k as f64 + 1.0).powf(0.101);
        // Each iteration's perturbation comes from its own stream, so a resumed run draws the same.
        let mut rng =
            Pcg64Mcg::seed_from_u64(derive(spec.seed, &[stadt_agents::seeds::stream::TUNE, k as u64]));
        let delta: Vec<f64> = (0..ws.len()).map(|_| if rng.random::<bool>() { 1.0 } else { -1.0 }).collect();
        let at = |sign: f64| -> Vec<f64> {
            values.iter().zip(&delta).zip(&ws).map(|((v, d), w)| v + sign * c_k * d * w.scale).collect()
        };
        let plus = with_weights(&spec.bot, &ws, &at(1.0))?;
        let minus = with_weights(&spec.bot, &ws, &at(-1.0))?;
        // The same decks and seeds for both: the difference is the weights, not the luck.
        let stream = 100 + k as u64;
        let eval = |b: &BotSpec| -> Result<Vec<f64>, String> {
            let games = play_against(b, &spec.pool, spec.games_per_eval, spec.seed, stream, None)?
                .unwrap_or_default();
            Ok(games.into_iter().map(|g| objective_value(spec.objective, g)).collect())
        };
        let (fp, fm) = pool.install(|| -> Result<_, String> { Ok((eval(&plus)?, eval(&minus)?)) })?;
        let (mp, _) = mean_se(&fp);
        let (mm, _) = mean_se(&fm);
        let both: Vec<f64> = fp.iter().chain(&fm).copied().collect();
        let (score, se) = mean_se(&both);
        for ((v, d), w) in values.iter_mut().zip(&delta).zip(&ws) {
            *v = (*v + a_k * (mp - mm) / (2.0 * c_k * d) * w.scale).clamp(w.range.0, w.range.1);
        }
        // Weights are written exactly (the shortest text that reads back the same number), so a
        // resumed run continues from the very same point.
        let mut row = format!("{},{:.5},{:.5}", k + 1, a_k, c_k);
        for v in &values {
            let _ = write!(row, ",{v}");
        }
        let _ = writeln!(row, ",{mp:.5},{mm:.5},{score:.5},{se:.5}");
        std::io::Write::write_all(&mut log, row.as_bytes())
            .and_then(|_| std::io::Write::flush(&mut log))
            .map_err(|e| format!("cannot write {}: {e}", log_path.display()))?;
        done += 1;
        bar.set_message(format!("score {score:.3} ± {se:.3}"));
        bar.inc(1);
    }
    let tuned = with_weights(&spec.bot, &ws, &values)?;
    let verify_path = folder.join("verify.csv");
    let verify = match std::fs::read_to_string(&verify_path).ok().and_then(|t| read_verification(&t)) {
        Some(v) => v,
        None => {
            let held_out = pool.install(|| {
                play_against(
                    &tuned,
                    std::slice::from_ref(&spec.bot),
                    spec.verify_games,
                    spec.seed,
                    1,
                    Some(&spec.stop),
                )
            })?;
            let Some(games) = held_out else {
                bar.finish_and_clear();
                return Ok(TuneOutcome {
                    iterations: done,
                    interrupted: true,
                    result: None,
                    installed: None,
                    report: "stopped during the held-out check; run the same command to finish it\n".into(),
                });
            };
            let v = verification(&games);
            write_file(&verify_path, &verification_csv(&tuned, &spec.bot, &v), true)?;
            v
        }
    };
    bar.inc(1);
    bar.finish_and_clear();
    let pool_names: Vec<String> = spec.pool.iter().map(|b| b.full()).collect();
    let bot_text = bot_file_text(
        &tuned,
        &format!(
            "Tuned by `stadt tune` (SPSA, {} iterations of {} games per candidate, seed {}) against: {}.\n\
             Starting point: {}\n\
             Held-out check against the starting point, {} games on {} new decks: {} (win rate {:.1}% [95% CI {:.1}, {:.1}], margin {:+.1} [{:+.1}, {:+.1}])",
            spec.iterations,
            spec.games_per_eval.div_ceil(2) * 2,
            spec.seed,
            pool_names.join(" | "),
            spec.bot.full(),
            verify.games,
            verify.decks,
            verify.verdict.word(),
            100.0 * verify.win_rate.0,
            100.0 * verify.win_rate.1,
            100.0 * verify.win_rate.2,
            verify.margin.0,
            verify.margin.1,
            verify.margin.2
        ),
    );
    let bot_path = folder.join(&format!("{}.bot", spec.name));
    if std::fs::read_to_string(&bot_path).ok().as_deref() != Some(bot_text.as_str()) {
        write_file(&bot_path, &bot_text, true)?;
    }
    let mut report = String::new();
    let _ = writeln!(report, "tuned: {}", tuned.full());
    let _ = writeln!(
        report,
        "held-out check, {} games on {} new decks against the untuned bot: win rate {:.1}% [95% CI {:.1}, {:.1}], score margin {:+.1} [95% CI {:+.1}, {:+.1}]: {}",
        verify.games,
        verify.decks,
        100.0 * verify.win_rate.0,
        100.0 * verify.win_rate.1,
        100.0 * verify.win_rate.2,
        verify.margin.0,
        verify.margin.1,
        verify.margin.2,
        match verify.verdict {
            Verdict::Better => "the tuned bot is better",
            Verdict::Unclear => "no clear difference",
            Verdict::Worse => "THE TUNED BOT LOSES TO THE UNTUNED ONE",
        }
    );
    let _ =
        writeln!(report, "files: {}, {}, {}", log_path.display(), verify_path.display(), bot_path.display());
    let mut installed = None;
    if let Some(dir) = &spec.install {
        if verify.verdict == Verdict::Worse {
            let _ =
                writeln!(report, "not installed in {}: the tuned bot lost the held-out check", dir.display());
        } else {
            let target = dir.join(format!("{}.bot", spec.name));
            match std::fs::read_to_string(&target) {
                Ok(t) if t == bot_text => {}
                Ok(_) => {
                    return Err(format!(
                        "{} already exists with other settings; not overwriting it (remove it, or choose another --name)",
                        target.display()
                    ));
                }
                Err(_) => {
                    std::fs::create_dir_all(dir)
                        .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
                    write_file(&target, &bot_text, false)?;
                }
            }
            let _ = writeln!(report, "installed: {} (use it as --bots {})", target.display(), spec.name);
            installed = Some(target);
        }
    }
    Ok(TuneOutcome { iterations: done, interrupted: false, result: Some((tuned, verify)), installed, report })
}

fn progress(show: bool, len: usize, done: usize) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len as u64);
    bar.set_draw_target(ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:32.cyan/blue} {pos}/{len} iterations  elapsed {elapsed_precise}  left {eta_precise}  {msg}",
        )
        .expect("a valid template"),
    );
    bar.set_position(done as u64);
    bar.reset_eta();
    bar
}

/// The held-out games' statistics, over decks (each deck played in both seatings).
fn verification(games: &[(i32, i32)]) -> Verification {
    let (mut wins, mut margins) = (Vec::new(), Vec::new());
    for pair in games.chunks(2) {
        wins.push(Cluster {
            sum: pair.iter().map(|&g| objective_value(Objective::Win, g)).sum(),
            n: pair.len() as f64,
        });
        margins.push(Cluster { sum: pair.iter().map(|&(a, b)| (a - b) as f64).sum(), n: pair.len() as f64 });
    }
    let win_rate = share_interval(&wins);
    let (m, se) = cluster_mean_se(&margins);
    let verdict = if win_rate.0 < 0.5 {
        Verdict::Worse
    } else if win_rate.1 > 0.5 {
        Verdict::Better
    } else {
        Verdict::Unclear
    };
    Verification {
        games: games.len(),
        decks: wins.len(),
        win_rate,
        margin: (m, m - Z95 * se, m + Z95 * se),
        verdict,
    }
}

/// The columns of `verify.csv`.
pub const VERIFY_HEADER: &str = "tuned,untuned,games,decks,tuned_win_rate,win_rate_lo95,win_rate_hi95,mean_margin,margin_lo95,margin_hi95,verdict";

fn verification_csv(tuned: &BotSpec, untuned: &BotSpec, v: &Verification) -> String {
    format!(
        "{VERIFY_HEADER}\n{},{},{},{},{:.4},{:.4},{:.4},{:.3},{:.3},{:.3},{}\n",
        crate::tournament::rows::csv_field(&tuned.full()),
        crate::tournament::rows::csv_field(&untuned.full()),
        v.games,
        v.decks,
        v.win_rate.0,
        v.win_rate.1,
        v.win_rate.2,
        v.margin.0,
        v.margin.1,
        v.margin.2,
        v.verdict.word()
    )
}

/// Reads back a finished run's `verify.csv`.
fn read_verification(text: &str) -> Option<Verification> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    if reader.headers().ok()?.iter().collect::<Vec<_>>().join(",") != VERIFY_HEADER {
        return None;
    }
    let r = reader.records().next()?.ok()?;
    let f = |i: usize| r.get(i)?.parse::<f64>().ok();
    let verdict = match r.get(10)? {
        "better" => Verdict::Better,
        "unclear" => Verdict::Unclear,
        "worse" => Verdict::Worse,
        _ => return None,
    };
    Some(Verification {
        games: r.get(2)?.parse().ok()?,
        decks: r.get(3)?.parse().ok()?,
        win_rate: (f(4)?, f(5)?, f(6)?),
        margin: (f(7)?, f(8)?, f(9)?),
        verdict,
    })
}
