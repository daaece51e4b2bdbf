//! What every tournament of any game shares: its schedule on duplicate deals, `games.csv`'s rows
//! (written in schedule order and read back to resume), the per-bot and head-to-head summaries, and
//! the log of forfeits.

pub mod failures;
pub mod games;
pub mod rows;
pub mod schedule;
pub mod summary;
