//! `stadt tune`: a small SPSA run is reproducible at any thread count and writes its log, manifest,
//! held-out check and bot file; Ctrl-C stops it after the current iteration and the same command
//! resumes it to the uninterrupted result; a tuned bot that loses the held-out check is never
//! installed; a different run is refused in the folder.

mod common;

use common::{STADT, stadt};
use stadt_testkit::cli::signal;
use stadt_testkit::files::line_count;
use stadt_testkit::{Csv, assert_refused, scratch, snapshot, wait_for};
use std::path::Path;
use std::process::{Command, Stdio};

fn tune_args(dir: &Path, threads: &str, seed: &str, iterations: &str) -> Vec<String> {
    tune_args_with(dir, threads, seed, iterations, "6")
}

fn tune_args_with(dir: &Path, threads: &str, seed: &str, iterations: &str, games: &str) -> Vec<String> {
    [
        "tune",
        "--bot",
        "greedy",
        "--against",
        "random,greedy",
        "--iterations",
        iterations,
        "--games-per-eval",
        games,
        "--verify-games",
        "10",
        "--seed",
        seed,
        "--out",
        dir.to_str().unwrap(),
        "--threads",
        threads,
        "--quiet",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

fn tune(dir: &Path, threads: &str) -> (i32, String, String) {
    stadt(&tune_args(dir, threads, "4", "3"))
}

#[test]
fn tuning_is_reproducible_at_any_thread_count_and_writes_its_files() {
    let dir = scratch("tune-repro");
    let (one, two) = (dir.join("one"), dir.join("two"));
    let (code, out, err) = tune(&one, "1");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("held-out check, 10 games on 5 new decks") && out.contains("95% CI"), "{out}");
    let (code, _, err) = tune(&two, "2");
    assert_eq!(code, 0, "{err}");
    for f in ["tune.csv", "verify.csv", "greedy-tuned.bot"] {
        let a = std::fs::read_to_string(one.join(f)).unwrap();
        let b = std::fs::read_to_string(two.join(f)).unwrap();
        assert_eq!(a, b, "{f} differs between 1 and 2 threads");
    }
    let report = std::fs::read_to_string(one.join("report.html")).unwrap();
    assert!(report.contains("Verdict: ") && report.contains("id=\"curve-plot\""), "the tuning run's report");
    assert!(out.contains("report.html"), "{out}");
    let log = std::fs::read_to_string(one.join("tune.csv")).unwrap();
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines[0], "iteration,a_k,c_k,open,score_plus,score_minus,score,score_se");
    assert_eq!(lines.len(), 4, "one row per iteration");
    // The tuned weights are a bot that tournaments accept.
    let bot = one.join("greedy-tuned.bot");
    let spec = die_stadt_bots::registry::BOTS
        .parse_bot(bot.to_str().unwrap(), &stadt_core::bots::dirs::BotDirs::none())
        .unwrap();
    assert_eq!(spec.def.name, "greedy");
    let last_open: f64 = Csv::parse(&log).rows()[2].parse("open");
    assert!((spec.params.real("open") - last_open).abs() < 1e-6, "the bot file holds the last weights");
    let t = dir.join("t");
    let (code, out, err) = stadt(&[
        "tournament",
        "--bots",
        &format!("{},greedy", bot.display()),
        "--games",
        "2",
        "--out",
        t.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("greedy-tuned"), "{out}");
}

#[test]
fn ctrl_c_stops_after_an_iteration_and_the_same_command_resumes_to_the_same_result() {
    let dir = scratch("tune-stop");
    let (whole, cut) = (dir.join("whole"), dir.join("cut"));
    let args = |d: &Path| tune_args_with(d, "2", "9", "40", "60");
    assert_eq!(stadt(&args(&whole)).0, 0);
    let a = args(&cut);
    let child = Command::new(STADT).args(&a).stderr(Stdio::piped()).spawn().unwrap();
    let log = cut.join("tune.csv");
    wait_for("two iterations in tune.csv", || line_count(&log) >= 3);
    signal(child.id(), "INT");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&log).unwrap();
    let rows = text.lines().count() - 1;
    assert!((2..40).contains(&rows), "stopped after {rows} iterations");
    assert!(text.ends_with('\n'), "whole lines only");
    assert!(!cut.join("verify.csv").exists());
    let whole_log = std::fs::read_to_string(whole.join("tune.csv")).unwrap();
    assert!(whole_log.starts_with(&text), "the iterations so far are the uninterrupted run's");
    // The same command resumes and ends where the uninterrupted run did.
    let (code, _, err) = stadt(&a);
    assert!(code == 0 || code == 3, "{err}");
    for f in ["tune.csv", "verify.csv", "greedy-tuned.bot"] {
        assert_eq!(
            std::fs::read_to_string(cut.join(f)).unwrap(),
            std::fs::read_to_string(whole.join(f)).unwrap(),
            "{f} after the resume"
        );
    }
}

#[test]
fn a_tuned_bot_that_loses_the_held_out_check_is_not_installed() {
    // This small run's tuned greedy loses to the untuned one on the held-out decks.
    let dir = scratch("tune-loses");
    let run = dir.join("run");
    let mut a = tune_args(&run, "2", "4", "3");
    a.extend(["--install", "--bot-dir", dir.join("bots").to_str().unwrap()].map(String::from));
    let (code, out, err) = stadt(&a);
    let verify = std::fs::read_to_string(run.join("verify.csv")).unwrap();
    assert!(verify.trim_end().ends_with(",worse"), "this run was chosen for a losing tuned bot:\n{verify}");
    assert_eq!(code, 3, "{err}");
    assert!(out.contains("THE TUNED BOT LOSES") && out.contains("not installed"), "{out}");
    assert!(err.contains("WARNING") && err.contains("LOST the held-out check"), "{err}");
    assert!(!dir.join("bots").exists(), "nothing installed");
    assert!(std::fs::read_to_string(run.join("greedy-tuned.bot")).unwrap().contains(": worse ("));
}

#[test]
fn a_different_tuning_run_is_refused_and_bad_input_is_named() {
    let dir = scratch("tune-refuse");
    assert_eq!(tune(&dir, "2").0, 0);
    let before = snapshot(&dir);
    let a = tune_args(&dir, "2", "5", "3");
    assert_refused(stadt(&a), &["different tuning run", "seed: folder 4, this run 5"]);
    assert_eq!(snapshot(&dir), before);
    let d = dir.join("other");
    let d = d.to_str().unwrap();
    assert_refused(
        stadt(&["tune", "--bot", "random", "--against", "greedy", "--out", d, "--quiet"]),
        &["no real-valued weights"],
    );
    assert_refused(
        stadt(&["tune", "--bot", "steerer", "--against", "wizard", "--out", d, "--quiet"]),
        &["unknown bot `wizard`"],
    );
    assert_refused(
        stadt(&["tune", "--bot", "steerer", "--against", "greedy", "--out", d, "--objective", "fame"]),
        &["fame"],
    );
    assert_refused(
        stadt(&["tune", "--bot", "steerer", "--against", "greedy", "--out", d, "--name", "a/b"]),
        &["--name"],
    );
    assert!(!Path::new(d).exists());
}
