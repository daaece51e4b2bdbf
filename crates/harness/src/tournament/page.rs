//! The report of a tournament folder (`report.html`): the summary table, win rates, score
//! distributions, points by source, head to head, and the rating ladder; and the viewer pages of
//! its notable games when it kept their records.

use super::manifest::{FORMAT, Manifest};
use super::records;
use stadt_core::error::Error;
use stadt_core::folder::{MANIFEST, RunFolder, RunManifest};
use stadt_core::report::html::Page;
use stadt_core::report::plots::{self, Frame, Interval};
use stadt_core::report::{agrees, folder_name, format, manifest_text, unfinished, write_page};
use stadt_core::tournament::games::finished_games;
use stadt_core::tournament::rows::{Games, Row};
use stadt_core::tournament::schedule::{Shard, schedule_len};
use stadt_core::tournament::summary::{self, BotSummary, PairSummary};
use std::path::{Path, PathBuf};

/// The report page of the tournament folder `dir` whose manifest reads `text`.
pub fn page(dir: &Path, text: &str) -> Result<String, Error> {
    let (m, games) = finished(dir, text)?;
    let rows = games.rows;
    let labels: Vec<String> = m.bot.iter().map(|b| b.label.clone()).collect();
    let specs: Vec<String> = m.bot.iter().map(|b| b.spec.clone()).collect();
    let bots = summary::bots(&rows, m.players, &labels, &specs, &games.columns.sources);
    let pairs = summary::pairs(&rows, m.players, &labels);
    let summary_csv = summary::summary_csv(&bots);
    let pairs_csv = summary::pairs_csv(&pairs);
    agrees(dir, "summary.csv", &summary_csv, &m.header.command)?;
    agrees(dir, "pairs.csv", &pairs_csv, &m.header.command)?;

    let mut page = Page::new(&format!("Tournament report: {}", folder_name(dir)), m.header.about());
    let mut facts = vec![
        ("command", m.header.command.clone()),
        ("players", m.players.to_string()),
        ("games", format!("{} ({} player rows)", rows.len() / m.players, rows.len())),
        ("seed", m.seed.to_string()),
        ("tiles", format!("{} (sha256 {})", m.tiles, m.tiles_sha256)),
        ("build", m.header.build_line()),
    ];
    if let Some(s) = &m.shard {
        facts.push(("shard", format!("{s}: this folder holds that part of the schedule only")));
    }
    for b in &m.bot {
        facts.push(("bot", format!("{} = {}", b.label, b.spec)));
    }
    if let Some(line) = forfeits(&rows) {
        facts.push(("forfeits", line));
    }
    page.facts(&facts);

    page.section("summary", "Summary (summary.csv)");
    page.csv_table("summary", &summary_csv)?;
    page.paragraph(
        "note",
        "Win rates, scores and margins with intervals over deck units (every seat rotation of one deck for one combination of bots); wins count ties as shares; margin = score minus the best opponent's, a seat that forfeited counting 0 points (as in the score differences of pairs.csv); ratings on the Elo scale with mean 0 (Bradley-Terry over every pair of players in every game).",
    );
    sections(&mut page, &m, &bots, &pairs, &rows)?;
    let notable = records::recorded(dir, &rows, m.players, &labels);
    if !notable.is_empty() {
        page.section("games", "Notable games");
        // The game viewer steps through Die Stadt's records; another game's records are linked
        // as they are, for `stadt replay`.
        let viewer = m.game.is_none();
        page.paragraph(
            "note",
            if viewer {
                "Each opens the game viewer of its record (records/GAME.rec, kept by --records): the city after every decision."
            } else {
                "Each opens its record (records/GAME.rec, kept by --records); `stadt replay records/GAME.rec --svg FILE --upto N` draws the board after any move."
            },
        );
        let extension = if viewer { "html" } else { "rec" };
        let links: Vec<(String, String)> = notable
            .iter()
            .map(|n| {
                (format!("{}/{}.{extension}", records::DIR, n.game), format!("game {}: {}", n.game, n.why))
            })
            .collect();
        page.links(&links);
    }
    page.folded_csv_table("Every pair of bots head to head (pairs.csv)", "pairs", &pairs_csv)?;
    Ok(page.finish())
}

/// The manifest and the rows of the finished tournament in `dir` whose manifest reads `text`.
fn finished(dir: &Path, text: &str) -> Result<(Manifest, Games), Error> {
    let m = Manifest::read(text, &dir.join(MANIFEST))?;
    let part = match m.shard.as_deref() {
        Some(s) => Shard::parse(s, usize::MAX)
            .map_err(|e| Error::file(&dir.join(MANIFEST), format!("shard: {e}")))?,
        None => Shard::WHOLE,
    };
    let want = part.len(schedule_len(m.bot.len(), m.players, m.games) as usize);
    let games = finished_games(dir, m.players, part, want)?
        .map_err(|have| unfinished(dir, format!("{have} of its {want} games played"), &m.header.command))?;
    Ok((m, games))
}

/// Writes the viewer pages of the notable games of the finished tournament in `folder`, when it
/// kept its records (nothing otherwise).
pub(crate) fn write_viewers(folder: &RunFolder) -> Result<(), Error> {
    let dir = folder.path();
    if !dir.join(records::DIR).is_dir() {
        return Ok(());
    }
    let path = dir.join(MANIFEST);
    let text = std::fs::read_to_string(&path).map_err(|e| Error::io("read", &path, e))?;
    if format(&text).as_deref() != Some(FORMAT) {
        return Ok(());
    }
    let (m, Games { rows, .. }) = finished(dir, &text)?;
    if m.game.is_some() {
        // The viewer pages are Die Stadt's (the report links another game's records as they are).
        return Ok(());
    }
    let labels: Vec<String> = m.bot.iter().map(|b| b.label.clone()).collect();
    records::write_pages(folder, &folder_name(dir), &rows, m.players, &labels)
}

/// The plots.
fn sections(
    page: &mut Page,
    m: &Manifest,
    bots: &[BotSummary],
    pairs: &[PairSummary],
    rows: &[Row],
) -> Result<(), Error> {
    let labels: Vec<String> = bots.iter().map(|b| b.bot.clone()).collect();
    page.section("win-rate", "Win rate");
    let wins: Vec<Interval> = bots
        .iter()
        .map(|b| Interval {
            label: b.bot.clone(),
            value: 100.0 * b.win_rate.0,
            lo: 100.0 * b.win_rate.1,
            hi: 100.0 * b.win_rate.2,
        })
        .collect();
    let even = 100.0 / m.players as f64;
    let frame = Frame { title: "Win rate per bot", axis: "games won, % (dot), 95% interval (whisker)" };
    let even_name = format!("an even share, 1 in {}", m.players);
    page.figure(
        "win-rate-plot",
        &plots::dot_whisker(&frame, &wins, (0.0, 100.0), &[(even, &even_name)])?,
        "Share of games each bot won (shared wins split), with 95% intervals over deck units; the dashed line is what a bot wins when all are equal.",
    );

    page.section("scores", "Score distributions");
    let scores: Vec<(String, Vec<f64>)> = labels
        .iter()
        .map(|l| (l.clone(), rows.iter().filter(|r| &r.bot == l).map(|r| r.score as f64).collect()))
        .collect();
    let frame = Frame { title: "Final scores per bot", axis: "final score (points)" };
    page.figure(
        "scores-plot",
        &plots::box_plots(&frame, &scores)?,
        "Each bot's final scores over all its games: the box spans the middle half with the median inside, the whiskers reach the farthest scores within 1.5 box lengths, dots beyond them are outliers.",
    );

    page.section("sources", "Points by source");
    let names: Vec<&str> =
        bots.first().map_or_else(Vec::new, |b| b.sources.iter().map(|(n, _)| n.as_str()).collect());
    let parts: Vec<(&str, Vec<f64>)> =
        names.iter().enumerate().map(|(k, s)| (*s, bots.iter().map(|b| b.sources[k].1).collect())).collect();
    let frame = Frame { title: "Mean points by source", axis: "mean points per game" };
    page.figure(
        "sources-plot",
        &plots::stacked_bars(&frame, &labels, &parts)?,
        &format!(
            "Where each bot's points come from, as means per game (summary.csv's mean_{} ... mean_{}, stacked in that order).",
            names.first().unwrap_or(&""),
            names.last().unwrap_or(&"")
        ),
    );

    page.section("pairs", "Head to head");
    let share = |a: usize, b: usize| -> Option<f64> {
        pairs.iter().find_map(|p| {
            if p.games == 0 {
                None
            } else if p.a == labels[a] && p.b == labels[b] {
                Some(p.a_rate.0)
            } else if p.a == labels[b] && p.b == labels[a] {
                Some(1.0 - p.a_rate.0)
            } else {
                None
            }
        })
    };
    let n = labels.len();
    let cells: Vec<Vec<Option<f64>>> =
        (0..n).map(|i| (0..n).map(|j| if i == j { None } else { share(i, j) }).collect()).collect();
    page.figure(
        "pairs-plot",
        &plots::heat_map("Who finishes above whom", &labels, &cells)?,
        "Row bot's share of the games it played with the column bot in which it finished above it (ties half); vermillion above one half, blue below; – where the two never met.",
    );

    page.section("ratings", "Rating ladder");
    let mut ladder: Vec<Interval> = bots
        .iter()
        .map(|b| Interval { label: b.bot.clone(), value: b.rating.0, lo: b.rating.1, hi: b.rating.2 })
        .collect();
    ladder.sort_by(|a, b| b.value.total_cmp(&a.value));
    let (lo, hi) = ladder.iter().fold((0.0f64, 0.0f64), |(lo, hi), i| (lo.min(i.lo), hi.max(i.hi)));
    let frame =
        Frame { title: "Rating ladder", axis: "rating on the Elo scale (dot), 95% interval (whisker)" };
    page.figure(
        "ratings-plot",
        &plots::dot_whisker(&frame, &ladder, (lo, hi), &[(0.0, "the mean, 0")])?,
        "Bradley-Terry ratings from every pair of players in every game, strongest first; 400 points apart means the stronger finishes above the weaker about 10 times in 11.",
    );
    Ok(())
}

/// The games bots forfeited (docs/bot-protocol.md), per bot and failure, when any did.
fn forfeits(rows: &[Row]) -> Option<String> {
    let mut counts: std::collections::BTreeMap<(&str, &str), usize> = Default::default();
    for r in rows {
        if let Some(f) = r.failure.as_deref().filter(|f| !f.is_empty()) {
            *counts.entry((r.bot.as_str(), f)).or_default() += 1;
        }
    }
    if counts.is_empty() {
        return None;
    }
    let list: Vec<String> = counts.iter().map(|((bot, f), n)| format!("{bot}: {n} {f}")).collect();
    Some(format!(
        "{} (a forfeiting bot ranks last and counts 0 points in margins and score differences; greedy played its seat to the end, and the points it made are that seat's score, in mean_score and the score plots; failures.txt has each bot's last stderr lines)",
        list.join(", ")
    ))
}

/// Writes the report of the finished tournament that holds `folder` (after the viewer pages it
/// links), and returns its path.
pub(crate) fn write_finished(folder: &RunFolder) -> Result<PathBuf, Error> {
    let html = page(folder.path(), &manifest_text(folder.path())?)?;
    write_viewers(folder)?;
    write_page(folder, &html)
}
