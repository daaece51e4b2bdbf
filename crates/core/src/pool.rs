//! The worker threads of a run: a pool of its own per run (never rayon's global one), so that two
//! runs in one process, or a test beside another, never share or resize each other's workers.

use crate::error::Error;

/// A pool of `threads` workers (at least one).
pub fn pool(threads: usize) -> Result<rayon::ThreadPool, Error> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| Error::Setting(format!("cannot start {threads} threads: {e}")))
}
