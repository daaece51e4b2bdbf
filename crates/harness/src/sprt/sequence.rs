//! The test as it goes: units folded in one by one in schedule order, the log-likelihood ratio
//! after each, and `sprt.csv`, one line per unit. A unit is one deck in every seat rotation of the
//! bot under test and its baseline's copies (`players` games); its score is the bot's result in
//! those games: for 2 players the points of the game pair (a win 1, a tie ½, a loss 0, summed over
//! the two games: 0, ½, 1, 1½ or 2), for 3 and 4 players the pairwise score against the baseline's
//! copies (per game and copy: 1 for finishing above it, ½ level, 0 below; a forfeit finishes below
//! every seat that did not forfeit), averaged over the unit's games and copies.

use super::model::{Model, Pentanomial, Settings, UnitScores, Verdict, elo_text, verdict};
use super::spec::{elo_unit, model_for};
use stadt_core::error::Error;
use stadt_core::tournament::rows::Row;
use std::fmt::Write as _;
use std::path::Path;

/// The log's file name.
pub const FILE: &str = "sprt.csv";

/// The columns of `sprt.csv` for a model: `unit` (from 0), `games` (so far), `score` (the unit's),
/// then the cumulative pentanomial counts (pairs in which the bot scored 0, ½, 1, 1½, 2 points) or
/// the cumulative number, mean and standard deviation of unit scores, then the LLR after the unit,
/// the bounds and the verdict so far (`continue`, `H1`, `H0`).
pub fn header(model: &Model) -> &'static str {
    match model {
        Model::Pentanomial => {
            "unit,games,score,pairs_0,pairs_05,pairs_1,pairs_15,pairs_2,llr,lower,upper,verdict"
        }
        Model::Gsprt => "unit,games,score,n,mean,sd,llr,lower,upper,verdict",
    }
}

/// A test's state after the units folded in so far.
pub struct Sequence {
    settings: Settings,
    players: usize,
    /// The label of the bot under test in the rows.
    tested: String,
    pairs: Pentanomial,
    scores: UnitScores,
    units: usize,
    llr: f64,
    verdict: Verdict,
    /// (games, LLR) after every unit.
    trace: Vec<(usize, f64)>,
}

impl Sequence {
    /// A test of `settings` in `players`-player games, before any unit; `tested` is the label of
    /// the bot under test in the rows.
    pub fn new(settings: Settings, players: usize, tested: &str) -> Sequence {
        Sequence {
            settings,
            players,
            tested: tested.to_string(),
            pairs: Pentanomial([0; 5]),
            scores: UnitScores { n: 0, sum: 0.0, sum_sq: 0.0 },
            units: 0,
            llr: 0.0,
            verdict: Verdict::Continue,
            trace: Vec::new(),
        }
    }

    /// The model.
    pub fn model(&self) -> Model {
        model_for(self.players)
    }

    /// Rows per unit: `players` games of `players` rows.
    pub fn unit_rows(&self) -> usize {
        self.players * self.players
    }

    /// The score of the bot under test in a unit's rows (see the module's notes).
    pub fn unit_score(&self, rows: &[Row]) -> f64 {
        let mut points = 0.0;
        let mut count = 0.0f64;
        for game in rows.chunks(self.players) {
            let Some(mine) = game.iter().find(|r| r.bot == self.tested) else { continue };
            for other in game.iter().filter(|r| r.seat != mine.seat) {
                points += mine.share_against(other);
                count += 1.0;
            }
        }
        match self.model() {
            // In a 2-player game the pairwise score is the win share: the pair's points.
            Model::Pentanomial => points,
            Model::Gsprt => points / count.max(1.0),
        }
    }

    /// Folds in the next unit (its rows in schedule order) and returns its line of `sprt.csv`.
    pub fn add(&mut self, rows: &[Row]) -> String {
        debug_assert_eq!(rows.len(), self.unit_rows());
        let x = self.unit_score(rows);
        let mut line = format!("{},{},", self.units, (self.units + 1) * self.players);
        match self.model() {
            Model::Pentanomial => {
                self.pairs.add(x);
                self.llr = self.pairs.llr(&self.settings);
                let c = &self.pairs.0;
                let _ = write!(line, "{x},{},{},{},{},{}", c[0], c[1], c[2], c[3], c[4]);
            }
            Model::Gsprt => {
                self.scores.add(x);
                self.llr = self.scores.llr(&self.settings);
                let (mean, sd) = self.mean_sd();
                let _ = write!(line, "{x:.6},{},{mean:.6},{sd:.6}", self.scores.n);
            }
        }
        self.units += 1;
        self.verdict = verdict(self.llr, &self.settings);
        self.trace.push((self.games(), self.llr));
        let (lower, upper) = self.settings.bounds();
        let _ = writeln!(line, ",{:.4},{lower:.4},{upper:.4},{}", self.llr, self.verdict.word());
        line
    }

    /// The mean and sample standard deviation of the unit scores so far (GSPRT).
    fn mean_sd(&self) -> (f64, f64) {
        let s = &self.scores;
        if s.n == 0 {
            return (0.0, 0.0);
        }
        let n = s.n as f64;
        let mean = s.sum / n;
        let sd = if s.n < 2 { 0.0 } else { ((s.sum_sq - s.sum * mean) / (n - 1.0)).max(0.0).sqrt() };
        (mean, sd)
    }

    /// Units folded in.
    pub fn units(&self) -> usize {
        self.units
    }

    /// Games in those units.
    pub fn games(&self) -> usize {
        self.units * self.players
    }

    /// The log-likelihood ratio after the last unit (0 before any).
    pub fn llr(&self) -> f64 {
        self.llr
    }

    /// The verdict after the last unit.
    pub fn verdict(&self) -> Verdict {
        self.verdict
    }

    /// Whether a bound has been crossed.
    pub fn decided(&self) -> bool {
        !matches!(self.verdict, Verdict::Continue)
    }

    /// The hypotheses and error rates.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The Elo estimate with its 95% interval in the model's unit, once there are data to give one.
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        match self.model() {
            Model::Pentanomial => self.pairs.elo(),
            Model::Gsprt => self.scores.elo(),
        }
    }

    /// (games, LLR) after every unit, in order.
    pub fn trace(&self) -> &[(usize, f64)] {
        &self.trace
    }

    /// What the test says after these units, as lines to print: the verdict, the LLR between its
    /// bounds and the Elo estimate. `scheduled` is the most games the run plays; `names` the bot
    /// under test and its baseline.
    pub fn summary(&self, scheduled: usize, names: (&str, &str)) -> Vec<String> {
        let s = &self.settings;
        let unit = elo_unit(&self.model());
        let (b, a) = names;
        let played = format!("after {} units ({} games)", self.units, self.games());
        let first = match self.verdict {
            Verdict::AcceptH1 => format!(
                "H1 accepted {played}: {b} is stronger than {a} by at least {} rather than at most {} ({unit})",
                s.elo1, s.elo0
            ),
            Verdict::AcceptH0 => format!(
                "H0 accepted {played}: {b} is stronger than {a} by at most {} rather than at least {} ({unit})",
                s.elo0, s.elo1
            ),
            Verdict::Continue if self.games() >= scheduled => format!(
                "no verdict at --max-games: {} units ({} games) played without crossing a bound",
                self.units,
                self.games()
            ),
            Verdict::Continue => format!("no verdict yet {played}"),
        };
        let (lower, upper) = s.bounds();
        let second = format!(
            "LLR {:.3}; bounds {lower:.3} (accept H0) and {upper:.3} (accept H1); alpha {}, beta {}",
            self.llr, s.alpha, s.beta
        );
        let third = match self.elo() {
            Some((e, lo, hi)) => format!("Elo estimate ({unit}): {}", elo_text(e, lo, hi)),
            None => format!("Elo estimate ({unit}): none yet"),
        };
        vec![first, second, third]
    }
}

/// The test replayed from a folder's games: the rows of `games.csv` (whole games), the sequence
/// after every whole unit, and the text `sprt.csv` should hold. Refused when the games go on past
/// the unit that decided.
pub(crate) fn replay(rows: &[Row], mut seq: Sequence, path: &Path) -> Result<(Sequence, String), Error> {
    let per_unit = seq.unit_rows();
    let mut text = format!("{}\n", header(&seq.model()));
    for unit in rows.chunks_exact(per_unit) {
        if seq.decided() {
            break;
        }
        text.push_str(&seq.add(unit));
    }
    if seq.decided() && rows.len() > seq.units() * per_unit {
        return Err(Error::file(
            path,
            format!(
                "holds games after unit {}, where the test was decided ({}): it was changed since the run wrote it",
                seq.units() - 1,
                seq.verdict().word()
            ),
        ));
    }
    Ok((seq, text))
}
