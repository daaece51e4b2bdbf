//! The SPRT statistics against an independent computation (tests/data/sprt_llr.py, Python
//! standard library, which maximises the constrained likelihood by another route), their real
//! error rates by simulation, and the messages for bad settings. The cross-check needs python3:
//! without it the test fails, unless `STADT_TEST_SKIP=python3` says to skip it (and it says so).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use stadt_harness::sprt::model::{Pentanomial, Settings, UnitScores};
use stadt_harness::sprt::simulate::{
    SimResult, four_player_unit, simulate_pentanomial, simulate_units, tilt_pentanomial,
};
use stadt_testkit::tools::require;

/// The reference script.
const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sprt_llr.py");

/// Pentanomial counts (0, 0.5, 1, 1.5, 2 points) with elo0 and elo1 in normalized Elo.
const PENTANOMIAL_CASES: [([u64; 5], f64, f64); 17] = [
    // fastchess's app/tests/sprt_test.cpp "normalized pentanomial 1-3".
    ([365, 16618, 36229, 16974, 390], 0.0, 2.0),
    ([127, 4883, 10712, 5150, 104], -1.75, 0.25),
    ([0, 0, 0, 0, 5550], 0.0, 5.0),
    // One bucket only.
    ([5550, 0, 0, 0, 0], 0.0, 5.0),
    ([0, 0, 40, 0, 0], -3.0, 3.0),
    // All pairs drawn: the maxima sit where the largest psi switches buckets, roots crowd there.
    ([0, 0, 590, 0, 0], -3.0, 5.0),
    ([1, 0, 0, 0, 0], 0.0, 5.0),
    // Empty buckets.
    ([0, 3, 10, 4, 0], 0.0, 10.0),
    ([7, 0, 30, 0, 9], -5.0, 15.0),
    ([40, 0, 0, 0, 60], -30.0, 30.0),
    ([45, 0, 43451, 0, 0], -5.0, 2.0),
    // Negative hypotheses, both positive, ordinary counts.
    ([12, 40, 101, 45, 9], -10.0, 0.0),
    ([300, 1200, 3000, 1100, 250], -20.0, -5.0),
    ([0, 25, 50, 30, 0], 2.0, 4.0),
    // Large counts.
    ([2000, 9000, 25000, 11000, 3000], 0.0, 5.0),
    ([123456, 543210, 1200000, 560000, 130000], 0.0, 2.0),
    // No pairs: 0.
    ([0, 0, 0, 0, 0], 0.0, 5.0),
];

/// Runs the script with `python3` on a JSON list of cases: the LLRs it prints, a JSON list.
fn python(python3: &Path, cases_json: &str) -> Vec<f64> {
    let mut child = Command::new(python3)
        .arg(SCRIPT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", python3.display()));
    child.stdin.take().unwrap().write_all(cases_json.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{SCRIPT} failed: {}", out.status);
    let text = String::from_utf8(out.stdout).unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("not a JSON list of numbers ({e}): {text}"))
}

/// A list of unit scores as JSON: Rust's `{:?}` of an f64 reads back exactly.
fn json_list(xs: &[f64]) -> String {
    format!("[{}]", xs.iter().map(|x| format!("{x:?}")).collect::<Vec<_>>().join(","))
}

#[test]
fn llrs_match_an_independent_python_computation() {
    let mut cases = Vec::new();
    let mut ours = Vec::new();
    for (counts, elo0, elo1) in PENTANOMIAL_CASES {
        cases.push(format!(r#"{{"kind":"penta","counts":{counts:?},"elo0":{elo0:?},"elo1":{elo1:?}}}"#));
        ours.push(Pentanomial(counts).llr(&Settings::new(elo0, elo1, 0.05, 0.05).unwrap()));
    }
    // Unit scores: 4-player units of a known Elo, a hand-made list, one that is all alike.
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let drawn: Vec<f64> = (0..60).map(|_| four_player_unit(20.0, 0.1, &mut rng)).collect();
    let lists: [(Vec<f64>, f64, f64); 5] = [
        (drawn.clone(), 0.0, 10.0),
        (drawn, -25.0, -5.0),
        (vec![0.25, 0.75, 0.5, 1.0, 0.5, 0.375], 0.0, 30.0),
        (vec![0.5, 0.5, 0.5], 0.0, 10.0),
        (vec![0.9], 0.0, 10.0),
    ];
    for (xs, elo0, elo1) in &lists {
        let mut units = UnitScores::default();
        xs.iter().for_each(|&x| units.add(x));
        let s = Settings::new(*elo0, *elo1, 0.05, 0.05).unwrap();
        for (kind, llr) in [("gsprt", units.llr(&s)), ("gsprt_linear", units.llr_linear(&s))] {
            cases.push(format!(
                r#"{{"kind":"{kind}","scores":{},"elo0":{elo0:?},"elo1":{elo1:?}}}"#,
                json_list(xs)
            ));
            ours.push(llr);
        }
    }
    // The cases are not trivial: LLRs of both signs and of every size.
    assert!(ours.iter().any(|&x| x < -100.0) && ours.iter().any(|&x| x > 100.0));
    assert!(ours.iter().any(|&x| x != 0.0 && x.abs() < 1.0));
    let Some(python3) = require("python3", "the cross-check of the LLRs against tests/data/sprt_llr.py")
    else {
        return;
    };
    let theirs = python(&python3, &format!("[{}]", cases.join(",")));
    assert_eq!(theirs.len(), ours.len());
    for ((case, a), b) in cases.iter().zip(&ours).zip(&theirs) {
        assert!((a - b).abs() <= 1e-6, "{case}: Rust {a}, Python {b}, difference {:e}", a - b);
    }
}

/// An error rate `alpha` plus 3 standard deviations of its estimate over `runs` tests.
fn ceiling(alpha: f64, runs: u64) -> f64 {
    alpha + 3.0 * (alpha * (1.0 - alpha) / runs as f64).sqrt()
}

#[test]
fn simulated_error_rates_are_within_the_nominal_ones() {
    const RUNS: u64 = 5000;
    let check = |label: &str, s: &Settings, at_elo0: SimResult, at_elo1: SimResult| {
        println!(
            "{label}: accept H1 at elo0 {:.4}, at elo1 {:.4}; mean units {:.0} / {:.0}",
            at_elo0.h1_rate(),
            at_elo1.h1_rate(),
            at_elo0.mean_units,
            at_elo1.mean_units
        );
        assert_eq!(at_elo0.truncated + at_elo1.truncated, 0, "{label}: raise max_units");
        assert!(
            at_elo0.h1_rate() <= ceiling(s.alpha, RUNS),
            "{label}: alpha {} is too high",
            at_elo0.h1_rate()
        );
        assert!(
            at_elo1.h1_rate() >= 1.0 - ceiling(s.beta, RUNS),
            "{label}: power {} is too low",
            at_elo1.h1_rate()
        );
    };
    // 2 players: pentanomial pairs of exactly known normalized Elo, from a realistic shape. The
    // two hypotheses on two threads: each takes about 8 s in release.
    let base = [0.05, 0.2, 0.5, 0.2, 0.05];
    let s = Settings::new(0.0, 30.0, 0.05, 0.05).unwrap();
    let at = |nelo: f64, seed| simulate_pentanomial(&s, tilt_pentanomial(base, nelo), RUNS, 1_000_000, seed);
    let (at_elo0, at_elo1) = std::thread::scope(|scope| {
        let h1 = scope.spawn(|| at(s.elo1, 2));
        (at(s.elo0, 1), h1.join().unwrap())
    });
    check("2 players, pentanomial", &s, at_elo0, at_elo1);
    // 4 players: GSPRT on unit scores of known logistic Elo.
    let s = Settings::new(-5.0, 15.0, 0.05, 0.05).unwrap();
    let at = |elo: f64, seed| {
        let mut draw = |rng: &mut Pcg64Mcg| four_player_unit(elo, 0.1, rng);
        simulate_units(&s, &mut draw, RUNS, 1_000_000, seed)
    };
    check("4 players, gsprt", &s, at(s.elo0, 3), at(s.elo1, 4));
}

#[test]
fn bad_settings_are_errors_that_name_the_flag() {
    let err = |elo0, elo1, alpha, beta| Settings::new(elo0, elo1, alpha, beta).unwrap_err();
    assert_eq!(err(5.0, 2.0, 0.05, 0.05), "--elo0 5 must be below --elo1 2");
    assert_eq!(err(3.0, 3.0, 0.05, 0.05), "--elo0 3 must be below --elo1 3");
    assert_eq!(err(0.0, 5.0, 0.7, 0.05), "--alpha 0.7: must lie strictly between 0 and 0.5");
    assert_eq!(err(0.0, 5.0, 0.05, 0.0), "--beta 0: must lie strictly between 0 and 0.5");
    assert_eq!(err(0.0, 5.0, 0.5, 0.05), "--alpha 0.5: must lie strictly between 0 and 0.5");
    assert_eq!(err(0.0, 5.0, f64::NAN, 0.05), "--alpha NaN: must lie strictly between 0 and 0.5");
    assert_eq!(err(f64::NAN, 5.0, 0.05, 0.05), "--elo0 NaN: must be a finite number within [-1000, 1000]");
    assert_eq!(
        err(0.0, f64::INFINITY, 0.05, 0.05),
        "--elo1 inf: must be a finite number within [-1000, 1000]"
    );
    assert_eq!(err(-1500.0, 5.0, 0.05, 0.05), "--elo0 -1500: must be a finite number within [-1000, 1000]");
    let s = Settings::new(-1000.0, 1000.0, 0.49, 0.01).unwrap();
    assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (-1000.0, 1000.0, 0.49, 0.01));
}
