//! A global allocator for the memory tests' own binaries: the system
//! allocator, counting the bytes live, their peak and the bytes ever
//! allocated. A binary that installs it holds one test, so nothing else
//! allocates beside what it measures.
//!
//! ```ignore
//! #[path = "support/counting.rs"]
//! mod counting;
//! #[global_allocator]
//! static ALLOC: counting::Counting = counting::Counting;
//! ```

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The system allocator, counting as it goes.
pub struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static TOTAL: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    TOTAL.fetch_add(by, Relaxed);
    let now = LIVE.fetch_add(by, Relaxed) + by;
    PEAK.fetch_max(now, Relaxed);
}

// SAFETY: every call is passed on to `System` unchanged; only counters
// are updated beside it.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new) };
        if !p.is_null() {
            LIVE.fetch_sub(layout.size(), Relaxed);
            grew(new);
        }
        p
    }
}

/// A measure started by [`Window::open`]: the peak it reports counts
/// only what grew beyond the bytes live when it opened.
pub struct Window {
    before: usize,
}

impl Window {
    /// Starts a measure: the peak so far is forgotten.
    pub fn open() -> Self {
        let before = LIVE.load(Relaxed);
        PEAK.store(before, Relaxed);
        Window { before }
    }

    /// The most bytes live at once since [`Window::open`], beyond those
    /// live then.
    pub fn peak(&self) -> usize {
        PEAK.load(Relaxed) - self.before
    }
}

/// The bytes allocated so far, every block counted whole even if freed.
#[allow(dead_code)] // not every binary that installs the counter reads it
pub fn total() -> usize {
    TOTAL.load(Relaxed)
}
