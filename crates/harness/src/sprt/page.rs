//! The report of an SPRT folder: the verdict, the log-likelihood ratio after every unit between
//! its two bounds, the Elo estimate with its interval against the two hypotheses, the settings,
//! and `sprt.csv`.

use super::manifest::Manifest;
use super::model::Settings;
use super::sequence::{FILE, Sequence, replay};
use super::spec::{elo_unit, model_for};
use crate::settings::PLAYERS;
use stadt_core::error::Error;
use stadt_core::folder::{MANIFEST, RunFolder, RunManifest};
use stadt_core::report::html::Page;
use stadt_core::report::plots::{self, Frame, Interval};
use stadt_core::report::{agrees, folder_name, manifest_text, unfinished, write_page};
use stadt_core::tournament::games::{GAMES, rows_in};
use stadt_core::tournament::schedule::{Shard, decks_for};
use std::path::{Path, PathBuf};

/// The report page of the SPRT folder `dir` whose manifest reads `text`.
pub fn page(dir: &Path, text: &str) -> Result<String, Error> {
    let path = dir.join(MANIFEST);
    let m = Manifest::read(text, &path)?;
    let settings = Settings::new(m.elo0, m.elo1, m.alpha, m.beta).map_err(|e| Error::file(&path, e))?;
    if !PLAYERS.range.contains(&m.players) || m.bot.len() != m.players {
        return Err(Error::file(&path, "its players and bots do not make an sprt run"));
    }
    let scheduled = decks_for(m.max_games, m.players) as usize * m.players;
    let (rows, _) = rows_in(dir, m.players, Shard::WHOLE)?;
    let fresh = Sequence::new(settings, m.players, &m.bot[0].label);
    let (seq, log) = replay(&rows, fresh, &dir.join(GAMES))?;
    let games = rows.len() / m.players;
    if !seq.decided() && games < scheduled {
        let what = format!("{games} of at most {scheduled} games played, no verdict yet");
        return Err(unfinished(dir, what, &m.header.command));
    }
    agrees(dir, FILE, &log, &m.header.command)?;
    let model = model_for(m.players);
    let unit = elo_unit(&model);
    let (lower, upper) = settings.bounds();

    let mut page = Page::new(&format!("SPRT report: {}", folder_name(dir)), m.header.about());
    let (tested, baseline) = (&m.bot[0], &m.bot[1]);
    let units = match m.model.as_str() {
        "pentanomial" => "pentanomial: a unit is a pair of games on one deck with the seats swapped",
        _ => {
            "gsprt: a unit is one deck in every seat rotation; its score is the pairwise score against the baseline's copies"
        }
    };
    page.facts(&[
        ("command", m.header.command.clone()),
        ("bot under test", format!("{} = {}", tested.label, tested.spec)),
        ("against", format!("{} = {}", baseline.label, baseline.spec)),
        ("players", m.players.to_string()),
        ("model", units.to_string()),
        ("hypotheses", format!("H0: Elo <= {}, H1: Elo >= {} ({unit})", m.elo0, m.elo1)),
        ("error rates", format!("alpha {}, beta {}; bounds {lower:.4}, {upper:.4}", m.alpha, m.beta)),
        ("max games", format!("{} ({scheduled} scheduled in whole units)", m.max_games)),
        ("seed", m.seed.to_string()),
        ("tiles", format!("{} (sha256 {})", m.tiles, m.tiles_sha256)),
        ("build", m.header.build_line()),
    ]);

    page.section("verdict", "Verdict");
    let names = (tested.label.as_str(), baseline.label.as_str());
    for line in seq.summary(scheduled, names) {
        page.paragraph("verdict", &line);
    }

    page.section("trace", "Log-likelihood ratio");
    let points: Vec<(f64, f64)> = seq.trace().iter().map(|&(g, llr)| (g as f64, llr)).collect();
    let upper_name = format!("upper bound {upper:.3}: accept H1");
    let lower_name = format!("lower bound {lower:.3}: accept H0");
    let frame = Frame { title: "LLR after each unit", axis: "games played" };
    page.figure(
        "trace-plot",
        &plots::trace(&frame, "LLR", &points, &[(upper, &upper_name), (lower, &lower_name)])?,
        "The log-likelihood ratio of H1 against H0 after each unit, folded in in schedule order; the test stops at the first unit that takes it past a bound.",
    );

    page.section("elo", "Elo estimate");
    match seq.elo() {
        Some((e, lo, hi)) => {
            // An estimate at a score of 0 or 1 is infinite: drawn at the plot's edge.
            let seen = [e, lo, hi, m.elo0, m.elo1].into_iter().filter(|v| v.is_finite());
            let (min, max) = seen.fold((f64::MAX, f64::MIN), |(a, b), v| (a.min(v), b.max(v)));
            let pad = (max - min).max(1.0) / 4.0;
            let (from, to) = (min - pad, max + pad);
            let at = |v: f64| if v.is_nan() { from } else { v.clamp(from, to) };
            let label = format!("{} vs {}", tested.label, baseline.label);
            let item = [Interval { label, value: at(e), lo: at(lo), hi: at(hi) }];
            let frame =
                Frame { title: "Elo estimate", axis: &format!("{unit} (dot), 95% interval (whisker)") };
            let (h0, h1) = (format!("elo0 = {}", m.elo0), format!("elo1 = {}", m.elo1));
            page.figure(
                "elo-plot",
                &plots::dot_whisker(&frame, &item, (from, to), &[(m.elo0, &h0), (m.elo1, &h1)])?,
                &format!(
                    "The bot under test's Elo over its baseline in the model's unit ({unit}) with a 95% interval, against the two hypotheses; an infinite end (every unit won or lost) is drawn at the edge. The interval is the plain one of a fixed number of units: a sequential test that stopped early tends to overstate the difference a little."
                ),
            );
        }
        None => page.paragraph("note", "No estimate: no unit was played."),
    }

    page.section("units", "Every unit (sprt.csv)");
    page.folded_csv_table(&format!("{} units, one row each", seq.units()), "sprt", &log)?;
    Ok(page.finish())
}

/// Writes the report of the finished test that holds `folder`, and returns its path.
pub(crate) fn write_finished(folder: &RunFolder) -> Result<PathBuf, Error> {
    write_page(folder, &page(folder.path(), &manifest_text(folder.path())?)?)
}
