//! The held-out check: the tuned bot against the untuned one on decks never used in tuning, each
//! deck in every seating (the tuned bot in each seat, the untuned one in the others), with
//! intervals over decks; written to `verify.csv`. Either a fixed number
//! of games, or a sequential test (`--verify sprt:ELO0,ELO1`) run in the folder `verify-sprt/`
//! with the tuning run's seed (its decks derive(seed, [1, d]) are those of the fixed check, never
//! used in tuning) that stops as soon as its verdict is clear.

use super::spsa::{games_per_candidate, objective_value, play_against};
use super::{Objective, TuneSpec};
use crate::hosted::Hosted;
use crate::settings::{ERROR_RATE, RunSettings};
use crate::sprt::model::Verdict as SprtVerdict;
use crate::sprt::spec::{Hypotheses, SprtSpec};
use crate::tournament::Options;
use stadt_core::error::Error;
use stadt_core::folder::RunFolder;
use stadt_core::output::write_file;
use stadt_core::seat::Seat;
use stadt_core::stats::{Cluster, Z95, cluster_mean_se, share_interval};
use stadt_core::tournament::failures::{self, FailureLog};
use stadt_core::tournament::rows::csv_field;

/// The file the check is written to.
pub const FILE: &str = "verify.csv";
/// The folder of the sequential check, inside the tuning folder.
pub const SPRT_DIR: &str = "verify-sprt";

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
    /// Decks (each played in every seating).
    pub decks: usize,
    /// Tuned bot's win share (ties half) and its 95% interval over decks.
    pub win_rate: (f64, f64, f64),
    /// Tuned bot's mean score margin over the untuned one and its 95% interval over decks.
    pub margin: (f64, f64, f64),
    /// What that says.
    pub verdict: Verdict,
    /// The sequential test's result, when the check was one.
    pub sprt: Option<SprtCheck>,
}

/// What a sequential held-out check found.
#[derive(Clone, Debug, PartialEq)]
pub struct SprtCheck {
    /// `H1`, `H0` or `continue` (no verdict within the most games).
    pub verdict: String,
    /// The hypotheses (normalized Elo).
    pub elo0: f64,
    /// The alternative.
    pub elo1: f64,
    /// The final log-likelihood ratio.
    pub llr: f64,
    /// The lower bound (accept H0).
    pub lower: f64,
    /// The upper bound (accept H1).
    pub upper: f64,
}

/// The folder's check of `tuned`: read back when a finished run wrote it, otherwise played (on
/// the current thread pool) and written. None when a stop came first.
pub fn held_out<K: Hosted>(
    folder: &RunFolder,
    spec: &TuneSpec<K>,
    tuned: &K::Entrant,
) -> Result<Option<Verification>, Error> {
    let path = folder.join(FILE);
    if let Some(v) = std::fs::read_to_string(&path).ok().and_then(|t| read(&t)) {
        return Ok(Some(v));
    }
    let v = match spec.verify_sprt {
        None => {
            let games = play_against(
                &spec.kind,
                spec.players,
                tuned,
                std::slice::from_ref(&spec.bot),
                spec.verify_games,
                spec.seed,
                1,
                Some(&spec.stop),
            )?;
            let Some(games) = games else { return Ok(None) };
            // After every tuning game (iteration k's are numbered from 2k times its games).
            let first = 2 * spec.iterations * games_per_candidate(spec.games_per_eval, spec.players);
            FailureLog::new(folder.join(failures::FILE)).append(&games.forfeits_from(first))?;
            verification(&games.games, spec.players, K::MARGIN_UNIT)
        }
        Some((elo0, elo1)) => match sequential(folder, spec, tuned, (elo0, elo1))? {
            Some(v) => v,
            None => return Ok(None),
        },
    };
    write_file(&path, &csv(&tuned.full(), &spec.bot.full(), &v), true)?;
    Ok(Some(v))
}

/// The check as a sequential test in `verify-sprt/` (resumed there when it was stopped). The
/// verdict is `better` when the test accepts H1; otherwise, as for the fixed check, `worse` when the
/// tuned bot won less than half the games and `unclear` when not. None when a stop came first.
fn sequential<K: Hosted>(
    folder: &RunFolder,
    spec: &TuneSpec<K>,
    tuned: &K::Entrant,
    (elo0, elo1): (f64, f64),
) -> Result<Option<Verification>, Error> {
    let h = Hypotheses { elo0, elo1, alpha: ERROR_RATE, beta: ERROR_RATE };
    let out = folder.join(SPRT_DIR);
    let run = RunSettings {
        players: spec.players,
        games: spec.verify_games as u64,
        seed: spec.seed,
        tiles: spec.setup.clone(),
        options: spec.options.clone(),
    };
    let test = SprtSpec::<K>::new(tuned.clone(), spec.bot.clone(), h, &run, &out)?;
    let opts = Options {
        threads: spec.threads,
        progress: false,
        command: spec.command.clone(),
        about: "the held-out check of a tuning run: the tuned bot against the untuned one".into(),
        stop: spec.stop.clone(),
        records: false,
        on_bot_failure: Default::default(),
    };
    let run = crate::sprt::run::run(&test, &opts)?;
    if !run.finished() {
        return Ok(None);
    }
    let tested = &test.games.labels[0];
    // Counted points, as margins and score differences count them: 0 for a forfeit. A game's
    // rows are its seats: the tested bot's against each other's.
    let games: Vec<(f64, f64)> = run
        .rows
        .chunks(spec.players)
        .flat_map(|g| {
            let mine = g.iter().find(|r| &r.bot == tested).map_or(0.0, |r| r.counted_score() as f64);
            g.iter().filter(|r| &r.bot != tested).map(move |r| (mine, r.counted_score() as f64))
        })
        .collect();
    let mut v = verification(&games, spec.players, K::MARGIN_UNIT);
    if matches!(run.verdict, SprtVerdict::AcceptH1) {
        v.verdict = Verdict::Better;
    } else if v.verdict == Verdict::Better {
        v.verdict = Verdict::Unclear;
    }
    v.sprt = Some(SprtCheck {
        verdict: run.verdict.word().to_string(),
        elo0,
        elo1,
        llr: run.llr,
        lower: run.bounds.0,
        upper: run.bounds.1,
    });
    Ok(Some(v))
}

impl Verification {
    /// The sequential test's result in words (None for a fixed check).
    pub fn sprt_words(&self) -> Option<String> {
        let s = self.sprt.as_ref()?;
        let result = match s.verdict.as_str() {
            "H1" => "H1 accepted".to_string(),
            "H0" => "H0 accepted".to_string(),
            _ => format!("no verdict within {} games", self.games),
        };
        Some(format!(
            "SPRT with H0: normalized Elo <= {}, H1: >= {}, alpha = beta = {ERROR_RATE}: {result}, LLR {:.3} (bounds {:.3}, {:.3})",
            s.elo0, s.elo1, s.llr, s.lower, s.upper
        ))
    }
}

/// The held-out games' statistics, over decks: each deck played in every seating of `players`,
/// a game giving the tuned bot's points against each other seat's (`play_against`).
fn verification(games: &[(f64, f64)], players: usize, margin_unit: f64) -> Verification {
    let (mut wins, mut margins) = (Vec::new(), Vec::new());
    for pair in games.chunks(players * (players - 1)) {
        wins.push(Cluster {
            sum: pair.iter().map(|&g| objective_value(Objective::Win, margin_unit, g)).sum(),
            n: pair.len() as f64,
        });
        margins.push(Cluster { sum: pair.iter().map(|&(a, b)| a - b).sum(), n: pair.len() as f64 });
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
        games: games.len() / (players - 1),
        decks: wins.len(),
        win_rate,
        margin: (m, m - Z95 * se, m + Z95 * se),
        verdict,
        sprt: None,
    }
}

/// The columns of `verify.csv`.
pub const HEADER: &str = "tuned,untuned,games,decks,tuned_win_rate,win_rate_lo95,win_rate_hi95,mean_margin,margin_lo95,margin_hi95,verdict";
/// The columns a sequential check adds after them: its verdict (`H1`, `H0`, `continue`), its
/// hypotheses in normalized Elo, the final log-likelihood ratio and the bounds.
pub const SPRT_COLUMNS: &str = "sprt,sprt_elo0,sprt_elo1,sprt_llr,sprt_lower,sprt_upper";

fn csv(tuned: &str, untuned: &str, v: &Verification) -> String {
    let mut text = format!(
        "{HEADER}{}\n{},{},{},{},{:.4},{:.4},{:.4},{:.3},{:.3},{:.3},{}",
        if v.sprt.is_some() { format!(",{SPRT_COLUMNS}") } else { String::new() },
        csv_field(tuned),
        csv_field(untuned),
        v.games,
        v.decks,
        v.win_rate.0,
        v.win_rate.1,
        v.win_rate.2,
        v.margin.0,
        v.margin.1,
        v.margin.2,
        v.verdict.word()
    );
    if let Some(s) = &v.sprt {
        text.push_str(&format!(
            ",{},{},{},{:.4},{:.4},{:.4}",
            s.verdict, s.elo0, s.elo1, s.llr, s.lower, s.upper
        ));
    }
    text.push('\n');
    text
}

/// Reads back a finished run's `verify.csv`.
pub(crate) fn read(text: &str) -> Option<Verification> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().ok()?.iter().collect::<Vec<_>>().join(",");
    let sequential = header == format!("{HEADER},{SPRT_COLUMNS}");
    if header != HEADER && !sequential {
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
    let sprt = if sequential {
        Some(SprtCheck {
            verdict: r.get(11)?.to_string(),
            elo0: f(12)?,
            elo1: f(13)?,
            llr: f(14)?,
            lower: f(15)?,
            upper: f(16)?,
        })
    } else {
        None
    };
    Some(Verification {
        games: r.get(2)?.parse().ok()?,
        decks: r.get(3)?.parse().ok()?,
        win_rate: (f(4)?, f(5)?, f(6)?),
        margin: (f(7)?, f(8)?, f(9)?),
        verdict,
        sprt,
    })
}
