//! The documented range of every count and number a user gives (flags, experiment files, bot
//! parameters): a value outside its range is refused with a message that names it and the range.
//! The settings of a run of games (players, games, seed, threads) have theirs, with their
//! defaults, in `settings`.

use stadt_core::error::Error;
use std::fmt::Display;
use std::ops::RangeInclusive;

/// Games in one tournament's whole schedule (combinations x decks x seat rotations).
pub const SCHEDULE: u64 = 10_000_000;
/// Shards one tournament may be split into (`--shard K/N`: N at most this).
pub const SHARDS: usize = 100_000;
/// Bots named in one tournament.
pub const BOTS: RangeInclusive<u64> = 2..=12;
/// SPSA iterations of a tuning run.
pub const TUNE_ITERATIONS: RangeInclusive<u64> = 1..=100_000;
/// Games per candidate evaluation in tuning (both seatings of each deck).
pub const GAMES_PER_EVAL: RangeInclusive<u64> = 2..=100_000;
/// Held-out verification games after tuning.
pub const VERIFY_GAMES: RangeInclusive<u64> = 2..=1_000_000;
/// SPSA step size `--a`, in units of each weight's default size.
pub const SPSA_A: RangeInclusive<f64> = 1e-6..=10.0;
/// SPSA perturbation `--c`, in units of each weight's default size.
pub const SPSA_C: RangeInclusive<f64> = 1e-6..=2.0;
/// Seconds `stadt bench` spends on each figure.
pub const BENCH_SECONDS: RangeInclusive<f64> = 0.01..=600.0;

/// Checks that `value` lies in `range`; the error names `what` and the range.
pub fn check<T: PartialOrd + Display + Copy>(
    what: &str,
    value: T,
    range: &RangeInclusive<T>,
) -> Result<T, Error> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(Error::Setting(format!("{what} must be from {} to {}, not {value}", range.start(), range.end())))
    }
}
