//! How a command fails: with a message naming the input at fault, and the exit code to leave with.

use std::fmt;

/// A failed command.
#[derive(Debug)]
pub enum Failure {
    /// Bad input (a flag, a file, a bot, a record, an illegal move) or a run that cannot go on:
    /// exit code 2.
    Input(String),
    /// Stopped by Ctrl-C before the end; rerunning the same command resumes: exit code 130.
    Interrupted,
    /// The tuned bot lost its held-out check, so it was not installed: exit code 3.
    NotInstalled,
    /// `stadt check-bot` found a violation (the report names it): exit code 1.
    CheckFailed,
}

impl Failure {
    /// The process's exit code.
    pub fn code(&self) -> i32 {
        match self {
            Failure::Input(_) => 2,
            Failure::Interrupted => 130,
            Failure::NotInstalled => 3,
            Failure::CheckFailed => 1,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Input(m) => f.write_str(m),
            Failure::Interrupted => f.write_str("interrupted"),
            Failure::CheckFailed => f.write_str("the bot failed the check"),
            Failure::NotInstalled => {
                f.write_str("the tuned bot was not installed: it lost the held-out check")
            }
        }
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Input(message)
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        Failure::Input(message.to_string())
    }
}

impl From<stadt_core::error::Error> for Failure {
    fn from(e: stadt_core::error::Error) -> Failure {
        Failure::Input(e.to_string())
    }
}

impl From<stadt_core::bots::error::BotError> for Failure {
    fn from(e: stadt_core::bots::error::BotError) -> Failure {
        Failure::Input(e.to_string())
    }
}
