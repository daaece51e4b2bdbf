//! `stadt report DIR` and the report.html that tournaments, merges and tuning runs write: its
//! numbers are the folder's numbers (every results/ folder checked), it is self-contained, the
//! same folder gives the same bytes, and a missing, foreign, unfinished or changed folder is
//! refused with nothing written.

mod common;

use common::stadt;
use stadt_testkit::files::{copy_files, repo_path};
use stadt_testkit::{Csv, assert_refused, edited, scratch, snapshot};
use std::path::PathBuf;

fn results() -> PathBuf {
    repo_path("results")
}

/// The rows of the HTML table of `class` in `html`, each a list of its cells' text (unescaped).
fn table(html: &str, class: &str) -> Vec<Vec<String>> {
    let start =
        html.find(&format!("<table class=\"{class}\">")).unwrap_or_else(|| panic!("no {class} table"));
    let body = &html[start..start + html[start..].find("</table>").unwrap()];
    body.split("<tr>")
        .skip(1)
        .map(|row| {
            row.split(['<'])
                .collect::<Vec<_>>()
                .windows(2)
                .filter_map(|w| {
                    let cell = w[0];
                    let open = cell.starts_with("td") || cell.starts_with("th");
                    open.then(|| unescape(&cell[cell.find('>').unwrap() + 1..]))
                })
                .collect()
        })
        .collect()
}

/// The words of every SVG text element in `html`.
fn svg_texts(html: &str) -> Vec<String> {
    html.split("<text ")
        .skip(1)
        .map(|t| t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()].trim().to_string())
        .collect()
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

#[test]
fn every_results_folder_gets_a_report_whose_numbers_equal_its_csv_files() {
    let mut checked = 0;
    let tmp = scratch("report-results");
    // Every folder with a manifest; a learning run's matches are tournament folders inside it.
    let mut dirs = Vec::new();
    for entry in std::fs::read_dir(results()).unwrap() {
        let dir = entry.unwrap().path();
        let manifest = std::fs::read_to_string(dir.join("manifest.toml")).unwrap_or_default();
        if manifest.contains("format = \"stadt-learn 1\"") {
            for sub in std::fs::read_dir(&dir).unwrap() {
                let sub = sub.unwrap().path();
                if sub.join("manifest.toml").exists() {
                    dirs.push(sub);
                }
            }
        } else if !manifest.is_empty() {
            dirs.push(dir);
        }
    }
    for dir in dirs {
        let name = dir.strip_prefix(results()).unwrap().to_string_lossy().into_owned();
        // Report pages are not checked in: `stadt report` writes the folder's page from its files.
        let copy_dir = tmp.join(&name);
        copy_files(&dir, &copy_dir);
        let _ = std::fs::remove_file(copy_dir.join("report.html"));
        let (code, _, err) = stadt(&["report", copy_dir.to_str().unwrap()]);
        assert_eq!(code, 0, "results/{name}: {err}");
        let html = std::fs::read_to_string(copy_dir.join("report.html")).unwrap();
        if dir.join("sprt.csv").exists() {
            assert_eq!(table(&html, "sprt"), Csv::read(&dir.join("sprt.csv")).cells(), "results/{name}");
            assert!(html.contains("id=\"trace-plot\""), "results/{name}: no LLR trace");
        } else if dir.join("games.csv").exists() {
            assert_eq!(
                table(&html, "summary"),
                Csv::read(&dir.join("summary.csv")).cells(),
                "results/{name}"
            );
            assert_eq!(table(&html, "pairs"), Csv::read(&dir.join("pairs.csv")).cells(), "results/{name}");
            // The heat map writes each pair's share in its two cells.
            let texts = svg_texts(&html);
            for pair in Csv::read(&dir.join("pairs.csv")).rows() {
                let rate: f64 = pair.parse("a_win_rate");
                for share in [rate, 1.0 - rate] {
                    let cell = format!("{:.0}%", 100.0 * share);
                    assert!(texts.contains(&cell), "results/{name}: no heat map cell {cell}");
                }
            }
        } else {
            assert_eq!(table(&html, "verify"), Csv::read(&dir.join("verify.csv")).cells(), "results/{name}");
            assert!(html.contains("id=\"curve-plot\""), "results/{name}: no tuning curve");
        }
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} results folders");
}

#[test]
fn a_tournament_writes_a_self_contained_report_when_it_finishes() {
    let dir = scratch("report-tournament");
    let out = dir.join("t");
    let (code, stdout, err) = stadt(&[
        "tournament",
        "--bots",
        "random,greedy,steerer",
        "--players",
        "3",
        "--games",
        "6",
        "--seed",
        "3",
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("report.html"), "{stdout}");
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    for id in ["summary", "win-rate-plot", "scores-plot", "sources-plot", "pairs-plot", "ratings-plot"] {
        assert!(html.contains(&format!("id=\"{id}\"")), "no {id}");
    }
    assert_eq!(table(&html, "summary"), Csv::read(&out.join("summary.csv")).cells());
    // Self-contained: no script, nothing to fetch (the SVG namespace is a name, not a download).
    let lower = html.to_lowercase();
    for banned in ["<script", "src=", "href=", "@import", "url("] {
        assert!(!lower.contains(banned), "the report holds {banned}");
    }
    assert_eq!(lower.replace("http://www.w3.org/2000/svg", "").matches("http").count(), 0);
    // The same folder gives the same bytes.
    let (code, stdout, err) = stadt(&["report", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(stdout.trim(), out.join("report.html").to_str().unwrap());
    assert_eq!(std::fs::read_to_string(out.join("report.html")).unwrap(), html);
}

#[test]
fn a_missing_foreign_or_other_folder_is_refused_and_nothing_is_written() {
    let dir = scratch("report-refusals");
    let missing = dir.join("nowhere");
    assert_refused(stadt(&["report", missing.to_str().unwrap()]), &["does not exist"]);
    assert!(!missing.exists(), "the missing folder was created");

    let foreign = dir.join("foreign");
    std::fs::create_dir_all(&foreign).unwrap();
    std::fs::write(foreign.join("notes.txt"), "mine").unwrap();
    assert_refused(stadt(&["report", foreign.to_str().unwrap()]), &["no manifest.toml"]);
    assert_eq!(snapshot(&foreign).len(), 1);

    let other = dir.join("other");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("manifest.toml"), "format = \"something else 1\"\n").unwrap();
    assert_refused(stadt(&["report", other.to_str().unwrap()]), &["something else 1"]);
    assert_eq!(snapshot(&other).len(), 1);

    let file = dir.join("file.txt");
    std::fs::write(&file, "x").unwrap();
    assert_refused(stadt(&["report", file.to_str().unwrap()]), &["is not a folder"]);
}

#[test]
fn an_unfinished_changed_or_busy_tournament_is_refused_and_nothing_is_written() {
    let dir = scratch("report-unfinished");
    let out = dir.join("t");
    let (code, _, err) = stadt(&[
        "tournament",
        "--bots",
        "random,greedy",
        "--games",
        "6",
        "--seed",
        "2",
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    std::fs::remove_file(out.join("report.html")).unwrap();
    let whole = std::fs::read_to_string(out.join("games.csv")).unwrap();

    // The last game's rows gone: the run is unfinished.
    let lines: Vec<&str> = whole.lines().collect();
    std::fs::write(out.join("games.csv"), lines[..lines.len() - 2].join("\n") + "\n").unwrap();
    assert_refused(
        stadt(&["report", out.to_str().unwrap()]),
        &["unfinished", "5 of its 6 games", "stadt tournament"],
    );
    assert!(!out.join("report.html").exists());

    // Finished, but a summary changed by hand.
    std::fs::write(out.join("games.csv"), &whole).unwrap();
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    let bots = Csv::parse(&summary);
    let random = bots.rows().iter().position(|r| &r["bot"] == "random").unwrap();
    assert_eq!(&bots.rows()[random]["games"], "6");
    std::fs::write(out.join("summary.csv"), edited(&summary, random, "games", "7")).unwrap();
    assert_refused(
        stadt(&["report", out.to_str().unwrap()]),
        &["summary.csv", "does not hold what games.csv gives"],
    );
    assert!(!out.join("report.html").exists());

    // Finished and whole, but another process holds the folder: the lock refuses.
    std::fs::write(out.join("summary.csv"), &summary).unwrap();
    let held = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(out.join(".stadt.lock"))
        .unwrap();
    held.lock().unwrap();
    assert_refused(stadt(&["report", out.to_str().unwrap()]), &["in use by another run"]);
    assert!(!out.join("report.html").exists());
    held.unlock().unwrap();
    drop(held);
    assert_eq!(stadt(&["report", out.to_str().unwrap()]).0, 0);
    std::fs::remove_file(out.join("report.html")).unwrap();

    // No games at all.
    std::fs::remove_file(out.join("games.csv")).unwrap();
    assert_refused(stadt(&["report", out.to_str().unwrap()]), &["0 of its 6 games"]);
    assert!(!out.join("report.html").exists());
}

#[test]
fn an_unfinished_tuning_run_is_refused_and_nothing_is_written() {
    let dir = scratch("report-tune");
    let copy_dir = dir.join("tune");
    copy_files(&results().join("tune-steerer"), &copy_dir);
    let log = std::fs::read_to_string(copy_dir.join("tune.csv")).unwrap();
    let lines: Vec<&str> = log.lines().collect();
    std::fs::write(copy_dir.join("tune.csv"), lines[..lines.len() - 1].join("\n") + "\n").unwrap();
    assert_refused(stadt(&["report", copy_dir.to_str().unwrap()]), &["unfinished", "59 of 60 iterations"]);
    assert!(!copy_dir.join("report.html").exists());

    std::fs::write(copy_dir.join("tune.csv"), &log).unwrap();
    std::fs::remove_file(copy_dir.join("verify.csv")).unwrap();
    assert_refused(stadt(&["report", copy_dir.to_str().unwrap()]), &["no held-out check yet"]);
    assert!(!copy_dir.join("report.html").exists());
}
