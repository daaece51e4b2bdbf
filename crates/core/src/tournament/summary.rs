//! `summary.csv` (one row per bot), `pairs.csv` (each pair head to head) and the table printed at
//! the end, all computed from the rows of `games.csv`.

use crate::stats::{Cluster, Duel, Z95, cluster_mean_se, ratings_with_intervals, share_interval};
use crate::tournament::rows::{Row, csv_field};
use std::collections::BTreeMap;
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
    /// Deck units played (every seat rotation of one deck for one combination of bots).
    pub decks: usize,
    /// Wins, shared wins as fractions.
    pub wins: f64,
    /// Win rate and its 95% interval over deck units (`stats::share_interval`).
    pub win_rate: (f64, f64, f64),
    /// Mean score (the rows' `score`: on a forfeited seat, the fallback's points) and its
    /// standard error over deck units.
    pub score: (f64, f64),
    /// Mean margin to the best opponent (the rows' `margin`: a forfeit counts 0 points) and its
    /// standard error over deck units.
    pub margin: (f64, f64),
    /// Mean rank.
    pub rank: f64,
    /// Mean points by source.
    pub sources: Vec<(String, f64)>,
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
    /// Deck units they shared.
    pub decks: usize,
    /// a finished above b (ties count half), over the pairs of a and b that met.
    pub a_wins: f64,
    /// a's share with its 95% interval over deck units.
    pub a_rate: (f64, f64, f64),
    /// Mean score difference a - b (counted points, `Row::counted_score`: a seat that forfeited
    /// counts 0) and its standard error over deck units.
    pub diff: (f64, f64),
}

fn group_games(rows: &[Row], players: usize) -> Vec<&[Row]> {
    rows.chunks(players).collect()
}

/// The deck unit of a game: its deck and its combination of bots, numbered in order of appearance.
fn units(rows: &[Row]) -> BTreeMap<(usize, usize), usize> {
    let mut out = BTreeMap::new();
    for r in rows {
        let next = out.len();
        out.entry((r.deck, r.combination)).or_insert(next);
    }
    out
}

/// Adds `value` to the cluster of the unit of `r`.
fn add(clusters: &mut BTreeMap<(usize, usize), Cluster>, r: &Row, value: f64) {
    let c = clusters.entry((r.deck, r.combination)).or_default();
    c.sum += value;
    c.n += 1.0;
}

fn values(clusters: &BTreeMap<(usize, usize), Cluster>) -> Vec<Cluster> {
    clusters.values().copied().collect()
}

/// Pairwise duels of every game (each pair of players, by finishing order: `Row::share_against`),
/// grouped by deck unit.
fn duels(rows: &[Row], players: usize, labels: &[String]) -> Vec<Duel> {
    let idx = |b: &str| labels.iter().position(|l| l == b).expect("a known bot");
    let unit = units(rows);
    let mut out = Vec::new();
    for g in group_games(rows, players) {
        for i in 0..g.len() {
            for j in i + 1..g.len() {
                let (a, b) = (idx(&g[i].bot), idx(&g[j].bot));
                if a == b {
                    continue;
                }
                let group = unit[&(g[i].deck, g[i].combination)];
                out.push(Duel { a, b, score: g[i].share_against(&g[j]), group });
            }
        }
    }
    out
}

/// Summaries of every bot, in the tournament's order; `sources` names the game's sources of points
/// (the rows' `sources`, in order).
pub fn bots(
    rows: &[Row],
    players: usize,
    labels: &[String],
    specs: &[String],
    sources: &[String],
) -> Vec<BotSummary> {
    let ratings = ratings_with_intervals(&duels(rows, players, labels), labels.len());
    labels
        .iter()
        .zip(specs)
        .enumerate()
        .map(|(i, (label, spec))| {
            let mine: Vec<&Row> = rows.iter().filter(|r| &r.bot == label).collect();
            let n = mine.len();
            let (mut wins, mut scores, mut margins) = (BTreeMap::new(), BTreeMap::new(), BTreeMap::new());
            let mut totals = vec![0.0; sources.len()];
            for r in &mine {
                add(&mut wins, r, r.win_share);
                add(&mut scores, r, r.score as f64);
                add(&mut margins, r, r.margin as f64);
                for (s, v) in totals.iter_mut().zip(&r.sources) {
                    *s += *v as f64;
                }
            }
            let div = n.max(1) as f64;
            BotSummary {
                bot: label.clone(),
                spec: spec.clone(),
                games: n,
                decks: wins.len(),
                wins: mine.iter().map(|r| r.win_share).sum(),
                win_rate: share_interval(&values(&wins)),
                score: cluster_mean_se(&values(&scores)),
                margin: cluster_mean_se(&values(&margins)),
                rank: mine.iter().map(|r| r.rank as f64).sum::<f64>() / div,
                sources: sources.iter().zip(totals).map(|(name, s)| (name.clone(), s / div)).collect(),
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
            out.extend(head_to_head(rows, players, &[a], &[b]));
        }
    }
    out
}

/// Bots `a` against bots `b` head to head: every pair of one of `a` and one of `b` in a game
/// counts once (a finishing above b, ties half, a forfeit below every seat that did not
/// forfeit; the score difference a - b, a forfeit counting 0 points: `Row::counted_score`), with
/// the interval
/// over deck units; None if they never met. `a` and `b` name one bot each for a pair of bots,
/// or several, such as copies of one bot in a game of more players.
pub fn head_to_head(rows: &[Row], players: usize, a: &[&String], b: &[&String]) -> Option<PairSummary> {
    let (mut above, mut diffs) = (BTreeMap::new(), BTreeMap::new());
    let (mut games, mut a_wins) = (0, 0.0);
    for g in group_games(rows, players) {
        let mut met = false;
        for ra in g.iter().filter(|r| a.contains(&&r.bot)) {
            for rb in g.iter().filter(|r| b.contains(&&r.bot)) {
                let share = ra.share_against(rb);
                add(&mut above, ra, share);
                add(&mut diffs, ra, (ra.counted_score() - rb.counted_score()) as f64);
                a_wins += share;
                met = true;
            }
        }
        games += usize::from(met);
    }
    let name = |bots: &[&String]| bots.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" + ");
    (games > 0).then(|| PairSummary {
        a: name(a),
        b: name(b),
        games,
        decks: above.len(),
        a_wins,
        a_rate: share_interval(&values(&above)),
        diff: cluster_mean_se(&values(&diffs)),
    })
}

/// The columns of `summary.csv` before the game's sources of points.
const SUMMARY_LEAD: &str = "bot,spec,games,decks,wins,win_rate,win_rate_lo95,win_rate_hi95,mean_score,score_se,mean_margin,margin_se,margin_lo95,margin_hi95,mean_rank";

/// The columns of `summary.csv` for a game whose sources of points are `sources`: `mean_NAME` for
/// each between `mean_rank` and the rating.
pub fn summary_header(sources: &[String]) -> String {
    let mut h = String::from(SUMMARY_LEAD);
    for s in sources {
        let _ = write!(h, ",mean_{s}");
    }
    h.push_str(",rating,rating_lo95,rating_hi95");
    h
}

/// `summary.csv` text (the sources named by the first bot's; every bot has the same).
pub fn summary_csv(s: &[BotSummary]) -> String {
    let names: Vec<String> =
        s.first().map_or_else(Vec::new, |b| b.sources.iter().map(|(n, _)| n.clone()).collect());
    let mut out = format!("{}\n", summary_header(&names));
    for b in s {
        let _ = write!(
            out,
            "{},{},{},{},{:.4},{:.4},{:.4},{:.4},{:.3},{:.3},{:.3},{:.3},{:.3},{:.3},{:.4}",
            csv_field(&b.bot),
            csv_field(&b.spec),
            b.games,
            b.decks,
            b.wins,
            b.win_rate.0,
            b.win_rate.1,
            b.win_rate.2,
            b.score.0,
            b.score.1,
            b.margin.0,
            b.margin.1,
            b.margin.0 - Z95 * b.margin.1,
            b.margin.0 + Z95 * b.margin.1,
            b.rank,
        );
        for (_, v) in &b.sources {
            let _ = write!(out, ",{v:.3}");
        }
        let _ = writeln!(out, ",{:.1},{:.1},{:.1}", b.rating.0, b.rating.1, b.rating.2);
    }
    out
}

/// The columns of `pairs.csv`.
pub const PAIRS_HEADER: &str = "bot_a,bot_b,games,decks,a_wins,a_win_rate,a_win_rate_lo95,a_win_rate_hi95,mean_score_diff,score_diff_se,score_diff_lo95,score_diff_hi95";

/// `pairs.csv` text.
pub fn pairs_csv(p: &[PairSummary]) -> String {
    let mut out = format!("{PAIRS_HEADER}\n");
    for x in p {
        let _ = writeln!(
            out,
            "{},{},{},{},{:.4},{:.4},{:.4},{:.4},{:.3},{:.3},{:.3},{:.3}",
            csv_field(&x.a),
            csv_field(&x.b),
            x.games,
            x.decks,
            x.a_wins,
            x.a_rate.0,
            x.a_rate.1,
            x.a_rate.2,
            x.diff.0,
            x.diff.1,
            x.diff.0 - Z95 * x.diff.1,
            x.diff.0 + Z95 * x.diff.1
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
