//! `summary.csv` (one row per bot), `pairs.csv` (each pair head to head) and the table printed at
//! the end, all computed from the rows of `games.csv`.

use crate::stats::{Duel, Z95, mean_se, ratings_with_intervals, wilson};
use crate::tournament::rows::{Row, csv_field};
use std::fmt::Write as _;

/// Per-bot statistics.
#[derive(Clone, Debug)]
pub struct BotSummary {
    /// Label.
    pub bot: String,
    /// Full spec.
    pub spec: String,
    /// Games played.
    pub games: usize,
    /// Wins, shared wins as fractions.
    pub wins: f64,
    /// Win rate and its 95% Wilson interval.
    pub win_rate: (f64, f64, f64),
    /// Mean score and its standard error.
    pub score: (f64, f64),
    /// Mean margin to the best opponent and its standard error.
    pub margin: (f64, f64),
    /// Mean rank.
    pub rank: f64,
    /// Mean points by source.
    pub sources: [f64; 5],
    /// Bradley-Terry rating (Elo scale, mean 0) with a 95% interval.
    pub rating: (f64, f64, f64),
}

/// Per-pair statistics (a against b in the games both played).
#[derive(Clone, Debug)]
pub struct PairSummary {
    /// First bot.
    pub a: String,
    /// Second bot.
    pub b: String,
    /// Games together.
    pub games: usize,
    /// a finished above b (ties count half).
    pub a_wins: f64,
    /// a's share with its 95% Wilson interval.
    pub a_rate: (f64, f64, f64),
    /// Mean score difference a - b and its standard error.
    pub diff: (f64, f64),
}

fn group_games(rows: &[Row], players: usize) -> Vec<&[Row]> {
    rows.chunks(players).collect()
}

/// Pairwise duels of every game (each pair of players, by score), grouped by deck.
fn duels(rows: &[Row], players: usize, labels: &[String]) -> Vec<Duel> {
    let idx = |b: &str| labels.iter().position(|l| l == b).expect("a known bot");
    let mut out = Vec::new();
    for g in group_games(rows, players) {
        for i in 0..g.len() {
            for j in i + 1..g.len() {
                let (a, b) = (idx(&g[i].bot), idx(&g[j].bot));
                if a == b {
                    continue;
                }
                let score = match g[i].score.cmp(&g[j].score) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
                out.push(Duel { a, b, score, group: g[i].deck });
            }
        }
    }
    out
}

/// Summaries of every bot, in the tournament's order.
pub fn bots(rows: &[Row], players: usize, labels: &[String], specs: &[String]) -> Vec<BotSummary> {
    let ratings = ratings_with_intervals(&duels(rows, players, labels), labels.len());
    labels
        .iter()
        .zip(specs)
        .enumerate()
        .map(|(i, (label, spec))| {
            let mine: Vec<&Row> = rows.iter().filter(|r| &r.bot == label).collect();
            let n = mine.len();
            let wins: f64 = mine.iter().map(|r| r.win_share).sum();
            let (lo, hi) = wilson(wins, n as f64, Z95);
            let scores: Vec<f64> = mine.iter().map(|r| r.score as f64).collect();
            let margins: Vec<f64> = mine.iter().map(|r| r.margin as f64).collect();
            let mut sources = [0.0; 5];
            for r in &mine {
                for (s, v) in sources.iter_mut().zip(r.sources) {
                    *s += v as f64;
                }
            }
            let div = n.max(1) as f64;
            BotSummary {
                bot: label.clone(),
                spec: spec.clone(),
                games: n,
                wins,
                win_rate: (wins / div, lo, hi),
                score: mean_se(&scores),
                margin: mean_se(&margins),
                rank: mine.iter().map(|r| r.rank as f64).sum::<f64>() / div,
                sources: sources.map(|s| s / div),
                rating: ratings[i],
            }
        })
        .collect()
}

/// Every pair of bots that met, head to head.
pub fn pairs(rows: &[Row], players: usize, labels: &[String]) -> Vec<PairSummary> {
    let mut out = Vec::new();
    for (i, a) in labels.iter().enumerate() {
        for b in &labels[i + 1..] {
            let mut wins = 0.0;
            let mut diffs = Vec::new();
            for g in group_games(rows, players) {
                let (Some(ra), Some(rb)) = (g.iter().find(|r| &r.bot == a), g.iter().find(|r| &r.bot == b))
                else {
                    continue;
                };
                wins += match ra.score.cmp(&rb.score) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
                diffs.push((ra.score - rb.score) as f64);
            }
            if diffs.is_empty() {
                continue;
            }
            let n = diffs.len() as f64;
            let (lo, hi) = wilson(wins, n, Z95);
            out.push(PairSummary {
                a: a.clone(),
                b: b.clone(),
                games: diffs.len(),
                a_wins: wins,
                a_rate: (wins / n, lo, hi),
                diff: mean_se(&diffs),
            });
        }
    }
    out
}

/// The columns of `summary.csv`.
pub const SUMMARY_HEADER: &str = "bot,spec,games,wins,win_rate,win_rate_lo95,win_rate_hi95,mean_score,score_se,mean_margin,margin_se,mean_rank,mean_roads,mean_markets,mean_towers,mean_residential,mean_watchmen,rating,rating_lo95,rating_hi95";

/// `summary.csv` text.
pub fn summary_csv(s: &[BotSummary]) -> String {
    let mut out = format!("{SUMMARY_HEADER}\n");
    for b in s {
        let _ = writeln!(
            out,
            "{},{},{},{:.4},{:.4},{:.4},{:.4},{:.3},{:.3},{:.3},{:.3},{:.4},{:.3},{:.3},{:.3},{:.3},{:.3},{:.1},{:.1},{:.1}",
            csv_field(&b.bot),
            csv_field(&b.spec),
            b.games,
            b.wins,
            b.win_rate.0,
            b.win_rate.1,
            b.win_rate.2,
            b.score.0,
            b.score.1,
            b.margin.0,
            b.margin.1,
            b.rank,
            b.sources[0],
            b.sources[1],
            b.sources[2],
            b.sources[3],
            b.sources[4],
            b.rating.0,
            b.rating.1,
            b.rating.2
        );
    }
    out
}

/// The columns of `pairs.csv`.
pub const PAIRS_HEADER: &str =
    "bot_a,bot_b,games,a_wins,a_win_rate,a_win_rate_lo95,a_win_rate_hi95,mean_score_diff,score_diff_se";

/// `pairs.csv` text.
pub fn pairs_csv(p: &[PairSummary]) -> String {
    let mut out = format!("{PAIRS_HEADER}\n");
    for x in p {
        let _ = writeln!(
            out,
            "{},{},{},{:.4},{:.4},{:.4},{:.4},{:.3},{:.3}",
            csv_field(&x.a),
            csv_field(&x.b),
            x.games,
            x.a_wins,
            x.a_rate.0,
            x.a_rate.1,
            x.a_rate.2,
            x.diff.0,
            x.diff.1
        );
    }
    out
}

/// The table printed when a tournament ends.
pub fn table(s: &[BotSummary], p: &[PairSummary]) -> String {
    let w = s.iter().map(|b| b.bot.len()).max().unwrap_or(3).max(3);
    let mut out = format!(
        "{:<w$}  {:>5}  {:>22}  {:>13}  {:>7}  {:>5}  {:>21}\n",
        "bot", "games", "win rate [95% CI]", "score ± se", "margin", "rank", "rating [95% CI]"
    );
    for b in s {
        let _ = writeln!(
            out,
            "{:<w$}  {:>5}  {:>5.1}% [{:>5.1}, {:>5.1}]  {:>6.1} ± {:>4.1}  {:>7.1}  {:>5.2}  {:>6.0} [{:>5.0}, {:>5.0}]",
            b.bot,
            b.games,
            100.0 * b.win_rate.0,
            100.0 * b.win_rate.1,
            100.0 * b.win_rate.2,
            b.score.0,
            b.score.1,
            b.margin.0,
            b.rank,
            b.rating.0,
            b.rating.1,
            b.rating.2
        );
    }
    if s.len() > 2 || p.len() == 1 {
        let _ = writeln!(out, "head to head (a finishes above b, ties half):");
        for x in p {
            let _ = writeln!(
                out,
                "  {} vs {}: {:.1}% [{:.1}, {:.1}] of {} games, score difference {:+.1} ± {:.1}",
                x.a,
                x.b,
                100.0 * x.a_rate.0,
                100.0 * x.a_rate.1,
                100.0 * x.a_rate.2,
                x.games,
                x.diff.0,
                x.diff.1
            );
        }
    }
    out
}
