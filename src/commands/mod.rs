//! One module per subcommand, each with its arguments and what it does.

pub mod bench;
pub mod bots;
pub mod learn;
pub mod play;
pub mod records;
pub mod report;
pub mod serve;
pub mod sprt;
pub mod tournament;
pub mod tune;
