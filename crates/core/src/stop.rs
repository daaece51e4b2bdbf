//! A request to stop a long run (Ctrl-C in the command line, or a test): runs check it between
//! games or iterations, finish what they are writing and leave files that the same command resumes.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A shared stop request; clones see the same request.
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// No stop requested yet.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks the run to stop.
    pub fn request(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether a stop was asked for.
    pub fn requested(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }

    /// The flag itself, for loops that poll it (the game runner).
    pub fn flag(&self) -> &AtomicBool {
        &self.0
    }
}
