//! Error rates of the SPRT models by simulation (no games), as a markdown table for docs/sprt.md:
//! `cargo run --release -p stadt-harness --example sprt_error_rates [RUNS]` (default 5000 tests
//! per row). The accept-H1 rate at the true Elo elo0 is the real alpha, the accept-H0 rate at elo1
//! the real beta; both should come out at or below the nominal 0.05.

use stadt_harness::sprt::model::Settings;
use stadt_harness::sprt::simulate::{
    SimResult, four_player_unit, simulate_pentanomial, simulate_units, tilt_pentanomial,
};

/// A base shape of 2-player pair scores (0..2 points): half the pairs split, few sweeps.
const BASE: [f64; 5] = [0.05, 0.2, 0.5, 0.2, 0.05];

/// Tie probability of one pairwise result in the 4-player model.
const TIE: f64 = 0.1;

/// No test is cut short in practice: far above the units any row needs.
const MAX_UNITS: u64 = 1_000_000;

fn main() {
    let runs: u64 = std::env::args().nth(1).map_or(5000, |a| a.parse().expect("RUNS must be a whole number"));
    println!("Simulated SPRTs, alpha = beta = 0.05, {runs} tests per row; 2 players: pairs drawn from");
    println!("the base shape {BASE:?} tilted to the true normalized Elo; 4 players: 12 pairwise results");
    println!("per unit, ties {TIE}, of the true logistic Elo.\n");
    println!("| players | model | elo0 | elo1 | true elo | runs | accept H1 | accept H0 | mean units |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let row = |players: u32, model: &str, s: &Settings, truth: f64, r: SimResult| {
        println!(
            "| {players} | {model} | {} | {} | {truth} | {} | {:.4} | {:.4} | {:.0} |",
            s.elo0,
            s.elo1,
            r.runs,
            r.h1_rate(),
            r.h0_rate(),
            r.mean_units
        );
    };
    // A gap of 30 normalized Elo (about 360 pairs a test): the exact pentanomial maximisation of
    // every unit makes a gap of 10 (3,200 pairs) take minutes a row.
    for (elo0, elo1) in [(0.0, 30.0)] {
        let s = Settings::new(elo0, elo1, 0.05, 0.05).unwrap();
        for truth in [elo0, 0.5 * (elo0 + elo1), elo1] {
            let r = simulate_pentanomial(&s, tilt_pentanomial(BASE, truth), runs, MAX_UNITS, 1);
            row(2, "pentanomial nElo", &s, truth, r);
        }
    }
    for (elo0, elo1) in [(0.0, 10.0), (-5.0, 15.0)] {
        let s = Settings::new(elo0, elo1, 0.05, 0.05).unwrap();
        for truth in [elo0, 0.5 * (elo0 + elo1), elo1] {
            let mut draw = |rng: &mut rand_pcg::Pcg64Mcg| four_player_unit(truth, TIE, rng);
            let r = simulate_units(&s, &mut draw, runs, MAX_UNITS, 1);
            row(4, "gsprt", &s, truth, r);
        }
    }
}
