//! A quick speed figure without criterion: random 4-player games per second (uniform legal moves,
//! chance from the game), actions per second, and the cost of cloning a mid-game state.
//! `cargo run -p stadt-catan --release --example speed [games] [official|catanatron]` (the rules:
//! official by default; `catanatron`, `Options::CATANATRON`, as `benches/catan-vs-catanatron.sh`
//! runs it beside Catanatron).

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use stadt_catan::options::Options;
use stadt_catan::playout::{random_playout, random_step};
use stadt_catan::state::State;
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let (options, rules) = match std::env::args().nth(2).as_deref() {
        None | Some("official") => (Options::OFFICIAL, "official"),
        Some("catanatron") => (Options::CATANATRON, "catanatron"),
        Some(other) => panic!("rules {other}: official or catanatron"),
    };
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut buf = Vec::new();
    let mut actions = 0u64;
    let start = Instant::now();
    for seed in 0..games {
        actions += random_playout(&mut State::deal(4, options, seed).unwrap(), &mut buf, &mut rng);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{games} random 4-player games ({rules} rules) in {secs:.2} s: {:.0} games/s, {:.2} M actions/s ({:.0} actions a game)",
        games as f64 / secs,
        actions as f64 / secs / 1e6,
        actions as f64 / games as f64
    );
    // A position at turn 30 of a random game.
    let mut s = State::deal(4, options, 0).unwrap();
    while s.turns() < 30 && !s.is_over() {
        random_step(&mut s, &mut buf, &mut rng);
    }
    let n = 10_000_000u32;
    let mut copy = s.clone();
    let start = Instant::now();
    for _ in 0..n {
        copy.clone_from(black_box(&s));
        black_box(&copy);
    }
    let clone_ns = start.elapsed().as_nanos() as f64 / n as f64;
    println!("clone: {clone_ns:.1} ns ({} bytes)", std::mem::size_of::<State>());
}
