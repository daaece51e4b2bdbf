//! Per-thread scratch memory for the two searches that need more than a small fixed array (the
//! flood fill that finds holes, the shortest path that closes the wall). Allocated once per
//! thread, reused after that, and cleared only over what a search uses, so neither the game state
//! (cloned often) nor each call pays for worst-case arrays.

use std::cell::RefCell;

/// Buffers; each search clears what it reads.
#[derive(Default)]
pub(crate) struct Scratch {
    /// Per cell: which group reached it (flood fill).
    pub label: Vec<u8>,
    /// Search queue (cell or state indices).
    pub queue: Vec<u16>,
    /// Visited states, as a bit set (closing path); all clear between searches.
    pub seen: Vec<u64>,
    /// Predecessor of each visited state (closing path).
    pub parent: Vec<u16>,
    /// Search queue of the closing path: state indices (4 * grid index + direction).
    pub states: Vec<u16>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Runs `f` with this thread's scratch buffers (the searches never nest).
pub(crate) fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    SCRATCH.with(|s| f(&mut s.borrow_mut()))
}
