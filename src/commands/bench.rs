//! `stadt bench`: the engine's speed as CSV lines (of the game `--game` names), naming any missed
//! target on stderr.

use crate::failure::Failure;
use clap::Args;
use stadt_harness::games::Game;
use stadt_harness::{bench, limits};

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Seconds to spend measuring each figure, 0.01 to 600.
    #[arg(long, default_value_t = 3.0)]
    pub seconds: f64,
    /// Seed of the random games the figures are measured on.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Measures and prints the figures of `game`.
pub fn bench(a: BenchArgs, game: Game) -> Result<(), Failure> {
    limits::check("--seconds", a.seconds, &limits::BENCH_SECONDS)?;
    if game == Game::Catan {
        let figures = stadt_harness::catan_bench::run(a.seconds, a.seed);
        return report(&figures);
    }
    let mut figures = bench::run(a.seconds, a.seed);
    // A bot served over the protocol by this very binary (`stadt serve-bot`).
    let me = std::env::current_exe().map_err(|e| format!("cannot find the stadt binary: {e}"))?;
    for (threads, name) in
        [(1, "protocol_decisions_per_second_1_thread"), (2, "protocol_decisions_per_second_2_threads")]
    {
        figures.push(bench::Figure {
            name: name.into(),
            value: bench::protocol_decisions_per_second(&me, threads, a.seconds, a.seed),
            unit: "decisions/s",
            target: "",
        });
    }
    report(&figures)
}

/// Prints the figures as CSV, and each missed target on stderr.
fn report(figures: &[bench::Figure]) -> Result<(), Failure> {
    print!("{}", bench::csv(figures));
    for f in figures.iter().filter(|f| f.met() == Some(false)) {
        eprintln!("stadt bench: target missed: {} = {:.2} {} (target {})", f.name, f.value, f.unit, f.target);
    }
    Ok(())
}
