//! The report of a tuning folder: the tuning curve, the weights before and after, and the held-out
//! check's verdict.

use super::manifest::Manifest;
use super::{log, verify};
use stadt_core::error::Error;
use stadt_core::folder::{MANIFEST, RunFolder, RunManifest};
use stadt_core::report::html::Page;
use stadt_core::report::plots::{self, Curve, Frame, Interval};
use stadt_core::report::{folder_name, manifest_text, unfinished, write_page};
use std::path::{Path, PathBuf};

/// Columns of `tune.csv` before the weights and after them.
const LEADING: [&str; 3] = ["iteration", "a_k", "c_k"];
const TRAILING: [&str; 4] = ["score_plus", "score_minus", "score", "score_se"];

/// One iteration of the log: its number, the weights after it, and the four scores.
struct Iteration {
    k: f64,
    weights: Vec<String>,
    scores: [f64; 4],
}

/// The report page of the tuning folder `dir` whose manifest reads `text`.
pub fn page(dir: &Path, text: &str) -> Result<String, Error> {
    let m = Manifest::read(text, &dir.join(MANIFEST))?;
    let log_path = dir.join(log::FILE);
    let log_text = match std::fs::read_to_string(&log_path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(Error::io("read", &log_path, e)),
    };
    let (names, iterations) = read_log(&log_text).map_err(|e| Error::file(&log_path, e))?;
    let verify_path = dir.join(verify::FILE);
    let verify_text = std::fs::read_to_string(&verify_path).unwrap_or_default();
    let verification = verify::read(&verify_text);
    let (Some(v), true) = (&verification, iterations.len() == m.iterations) else {
        let check = if verification.is_some() { "held-out check done" } else { "no held-out check yet" };
        let what = format!("{} of {} iterations, {check}", iterations.len(), m.iterations);
        return Err(unfinished(dir, what, &m.header.command));
    };

    let mut page = Page::new(&format!("Tuning report: {}", folder_name(dir)), "");
    page.facts(&[
        ("command", m.header.command.clone()),
        ("bot", m.bot.clone()),
        ("against", m.pool.join("  |  ")),
        ("iterations", m.iterations.to_string()),
        ("games per evaluation", m.games_per_eval.to_string()),
        match &m.verify {
            Some(v) => {
                ("held-out check", format!("{v} (a sequential test of at most {} games)", m.verify_games))
            }
            None => ("held-out games", m.verify_games.to_string()),
        },
        ("objective", m.objective.clone()),
        ("SPSA gains", format!("a = {}, c = {}", m.a, m.c)),
        ("seed", m.seed.to_string()),
        ("build", m.header.build_line()),
    ]);

    page.section("verdict", "Held-out verdict (verify.csv)");
    page.paragraph(
        "verdict",
        &format!(
            "Verdict: {}. The tuned bot won {:.1}% [{:.1}, {:.1}] of {} games against the untuned one on {} decks never used in tuning, by {:+.1} points [{:+.1}, {:+.1}] on average.",
            v.verdict.word(),
            100.0 * v.win_rate.0,
            100.0 * v.win_rate.1,
            100.0 * v.win_rate.2,
            v.games,
            v.decks,
            v.margin.0,
            v.margin.1,
            v.margin.2
        ),
    );
    if let Some(words) = v.sprt_words() {
        page.paragraph(
            "verdict",
            &format!(
                "The check was a sequential test, stopped as soon as its verdict was clear ({}/report.html beside this page): {words}. Better when it accepts H1; otherwise worse when the tuned bot won less than half the games, unclear when not.",
                verify::SPRT_DIR
            ),
        );
    }
    page.csv_table("verify", &verify_text)?;
    let check = [
        Interval {
            label: "win rate, %".into(),
            value: 100.0 * v.win_rate.0,
            lo: 100.0 * v.win_rate.1,
            hi: 100.0 * v.win_rate.2,
        },
        Interval { label: "margin, points".into(), value: v.margin.0, lo: v.margin.1, hi: v.margin.2 },
    ];
    let frame = Frame {
        title: "Tuned against untuned, held out",
        axis: "games the tuned bot won, % (dot), 95% interval (whisker)",
    };
    let win = [check[0].clone()];
    let (lo, hi) = (win[0].lo.min(40.0), win[0].hi.max(60.0));
    page.figure(
        "verdict-win-plot",
        &plots::dot_whisker(&frame, &win, (lo, hi), &[(50.0, "an even match, 50%")])?,
        "The tuned bot's share of wins against the untuned one with its 95% interval over decks: better when the interval lies above 50%, worse when it lies below, unclear otherwise.",
    );
    let frame = Frame {
        title: "Tuned minus untuned, held out",
        axis: "mean score margin, points (dot), 95% interval (whisker)",
    };
    let margin = [check[1].clone()];
    let reach = margin[0].lo.abs().max(margin[0].hi.abs()).max(1.0);
    page.figure(
        "verdict-margin-plot",
        &plots::dot_whisker(&frame, &margin, (-reach, reach), &[(0.0, "no difference")])?,
        "The tuned bot's mean score minus the untuned one's, with its 95% interval over decks.",
    );

    page.section("curve", "Tuning curve (tune.csv)");
    let line: Vec<(f64, f64, f64)> = iterations.iter().map(|i| (i.k, i.scores[2], i.scores[3])).collect();
    let plus: Vec<(f64, f64)> = iterations.iter().map(|i| (i.k, i.scores[0])).collect();
    let minus: Vec<(f64, f64)> = iterations.iter().map(|i| (i.k, i.scores[1])).collect();
    let curve = Curve {
        line: &line,
        line_name: "mean of both",
        points: [("candidate +", plus), ("candidate −", minus)],
    };
    let y_axis = match m.objective.as_str() {
        "margin" => "objective: margin / 20 points",
        _ => "objective: win share",
    };
    let frame = Frame { title: "Objective per SPSA iteration", axis: "iteration" };
    page.figure(
        "curve-plot",
        &plots::curve(&frame, y_axis, &curve)?,
        "Each iteration plays the two perturbed candidates against the pool on the same decks; the line is the mean of their objectives with a 95% band, the dots each candidate's own.",
    );

    page.section("weights", "Weights");
    let start = start_weights(&m.bot);
    let last = &iterations[iterations.len() - 1].weights;
    let mut table = String::from("weight,start,tuned (after the last iteration)\n");
    for (name, tuned) in names.iter().zip(last) {
        let from = start.iter().find(|(k, _)| k == name).map_or("", |(_, v)| v.as_str());
        table.push_str(&format!("{name},{from},{tuned}\n"));
    }
    page.csv_table("weights", &table)?;
    Ok(page.finish())
}

/// Reads `tune.csv`: the weights' names and every complete iteration.
fn read_log(text: &str) -> Result<(Vec<String>, Vec<Iteration>), String> {
    if text.is_empty() {
        return Ok((Vec::new(), Vec::new()));
    }
    let mut lines = text.split_inclusive('\n');
    let head: Vec<&str> = lines.next().unwrap_or("").trim_end().split(',').collect();
    let w = head.len().saturating_sub(LEADING.len() + TRAILING.len());
    if head.len() < LEADING.len() + TRAILING.len()
        || head[..3] != LEADING
        || head[head.len() - TRAILING.len()..] != TRAILING
    {
        return Err("does not have the columns of a tuning log".into());
    }
    let names = head[3..3 + w].iter().map(|s| s.to_string()).collect();
    let mut out = Vec::new();
    for (i, line) in lines.enumerate() {
        if !line.ends_with('\n') {
            break; // cut short by a kill: the run is not finished
        }
        let bad = || format!("line {} does not read as an iteration", i + 2);
        let f: Vec<&str> = line.trim_end().split(',').collect();
        if f.len() != head.len() {
            return Err(bad());
        }
        let num = |s: &str| s.parse::<f64>().map_err(|_| bad());
        let s = &f[3 + w..];
        out.push(Iteration {
            k: num(f[0])?,
            weights: f[3..3 + w].iter().map(|s| s.to_string()).collect(),
            scores: [num(s[0])?, num(s[1])?, num(s[2])?, num(s[3])?],
        });
    }
    Ok((names, out))
}

/// The `key=value` parameters of a bot spec (`name:key=value,...`).
fn start_weights(spec: &str) -> Vec<(String, String)> {
    let params = spec.split_once(':').map_or("", |(_, p)| p);
    params
        .split(',')
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Writes the report of the finished tuning run that holds `folder`, and returns its path.
pub(crate) fn write_finished(folder: &RunFolder) -> Result<PathBuf, Error> {
    write_page(folder, &page(folder.path(), &manifest_text(folder.path())?)?)
}
