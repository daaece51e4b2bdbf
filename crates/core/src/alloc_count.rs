//! A global allocator that counts the bytes it hands out, so `stadt bench` can measure what the hot
//! path allocates. The `stadt` binary and the benches install it; elsewhere the count stays 0 and
//! the bench says so instead of reporting a figure.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

static BYTES: AtomicU64 = AtomicU64::new(0);
static INSTALLED: AtomicBool = AtomicBool::new(false);

thread_local! {
    // Without a destructor and initialised in place, so counting never allocates.
    static HERE: Cell<u64> = const { Cell::new(0) };
}

/// Counts `bytes` for the process and for the thread asking.
fn count(bytes: usize) {
    BYTES.fetch_add(bytes as u64, Ordering::Relaxed);
    let _ = HERE.try_with(|c| c.set(c.get() + bytes as u64));
}

/// The system allocator, counting bytes allocated.
pub struct CountingAlloc;

unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        INSTALLED.store(true, Ordering::Relaxed);
        count(layout.size());
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        INSTALLED.store(true, Ordering::Relaxed);
        count(layout.size());
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Bytes allocated so far by this process, or None when the counting allocator is not installed.
pub fn allocated_bytes() -> Option<u64> {
    INSTALLED.load(Ordering::Relaxed).then(|| BYTES.load(Ordering::Relaxed))
}

/// Bytes allocated so far by the calling thread, or None when the counting allocator is not
/// installed: what a loop on one thread allocates, whatever other threads of the process do
/// meanwhile (stadt's Ctrl-C thread starting, say).
pub fn allocated_bytes_here() -> Option<u64> {
    INSTALLED.load(Ordering::Relaxed).then(|| HERE.try_with(Cell::get).unwrap_or(0))
}
