//! `stadt bench`: the engine's speed as CSV lines (of the game `--game` names), naming any missed
//! target on stderr.

use crate::failure::Failure;
use clap::Args;
use stadt::registry;
use stadt_harness::plugin::{Chosen, ForGame, Plugin};
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

/// Measures and prints the figures of the game `game` names.
pub fn bench(a: BenchArgs, game: &str) -> Result<(), Failure> {
    limits::check("--seconds", a.seconds, &limits::BENCH_SECONDS)?;
    registry::dispatch(game, "--game", Bench { a })?
}

/// `stadt bench` with the game named.
struct Bench {
    a: BenchArgs,
}

impl ForGame for Bench {
    type Out = Result<(), Failure>;

    fn run<K: Plugin>(self, _: Chosen) -> Result<(), Failure> {
        let me = std::env::current_exe().map_err(|e| format!("cannot find the stadt binary: {e}"))?;
        report(&K::bench(self.a.seconds, self.a.seed, &me))
    }
}

/// Prints the figures as CSV, and each missed target on stderr.
fn report(figures: &[bench::Figure]) -> Result<(), Failure> {
    print!("{}", bench::csv(figures));
    for f in figures.iter().filter(|f| f.met() == Some(false)) {
        eprintln!("stadt bench: target missed: {} = {:.2} {} (target {})", f.name, f.value, f.unit, f.target);
    }
    Ok(())
}
