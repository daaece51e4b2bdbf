//! The held-out check: the tuned bot against the untuned one on decks never used in tuning, each
//! deck in both seatings, with intervals over decks; written to `verify.csv`.

use super::spsa::{objective_value, play_against};
use super::{Objective, TuneSpec};
use crate::error::Error;
use crate::folder::RunFolder;
use crate::output::write_file;
use crate::stats::{Cluster, Z95, cluster_mean_se, share_interval};
use crate::tournament::rows::csv_field;
use stadt_agents::spec::BotSpec;

/// The file the check is written to.
pub const FILE: &str = "verify.csv";

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

/// The folder's check of `tuned`: read back when a finished run wrote it, otherwise played (on
/// the current thread pool) and written. None when a stop came first.
pub fn held_out(folder: &RunFolder, spec: &TuneSpec, tuned: &BotSpec) -> Result<Option<Verification>, Error> {
    let path = folder.join(FILE);
    if let Some(v) = std::fs::read_to_string(&path).ok().and_then(|t| read(&t)) {
        return Ok(Some(v));
    }
    let games = play_against(
        tuned,
        std::slice::from_ref(&spec.bot),
        spec.verify_games,
        spec.seed,
        1,
        Some(&spec.stop),
    )?;
    let Some(games) = games else { return Ok(None) };
    let v = verification(&games);
    write_file(&path, &csv(tuned, &spec.bot, &v), true)?;
    Ok(Some(v))
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
pub const HEADER: &str = "tuned,untuned,games,decks,tuned_win_rate,win_rate_lo95,win_rate_hi95,mean_margin,margin_lo95,margin_hi95,verdict";

fn csv(tuned: &BotSpec, untuned: &BotSpec, v: &Verification) -> String {
    format!(
        "{HEADER}\n{},{},{},{},{:.4},{:.4},{:.4},{:.3},{:.3},{:.3},{}\n",
        csv_field(&tuned.full()),
        csv_field(&untuned.full()),
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
pub(crate) fn read(text: &str) -> Option<Verification> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    if reader.headers().ok()?.iter().collect::<Vec<_>>().join(",") != HEADER {
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
