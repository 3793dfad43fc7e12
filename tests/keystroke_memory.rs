//! What the explorer holds at its peak for a large paste, a key and the
//! frames after them, per byte of input (issue 38 point 13: at most 16).
//! Counted, never timed: the global allocator here adds up the bytes
//! live, so this binary holds one test and nothing runs beside it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use uriscope::app::{update, Action, App, Pane};

/// The system allocator, counting the bytes live and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
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

#[global_allocator]
static ALLOC: Counting = Counting;

/// The input's size: past the explorer's thresholds for long inputs
/// (1 MiB), small enough for a debug build.
const SIZE: usize = 2 << 20;

/// The peak bytes live, beyond what was live before, while `input` is
/// pasted into an empty explorer showing `pane`, a key is typed, and a
/// frame is drawn after each.
fn peak_for(input: String, pane: Pane) -> usize {
    let mut app = App::new("", None);
    update(&mut app, Action::FocusPane(pane));
    update(&mut app, Action::FocusInput);
    let mut t = Terminal::new(TestBackend::new(80, 24)).expect("test backend");
    t.draw(|f| f.render_widget(&app, f.area())).expect("draw");
    let before = LIVE.load(Relaxed);
    PEAK.store(before, Relaxed);
    // The text moves into the paste: the explorer's copy is what counts.
    let len = input.len();
    update(&mut app, Action::Paste(input));
    t.draw(|f| f.render_widget(&app, f.area())).expect("draw");
    update(&mut app, Action::Insert('x'));
    t.draw(|f| f.render_widget(&app, f.area())).expect("draw");
    let peak = PEAK.load(Relaxed) - before;
    assert_eq!(app.input.text().len(), len + 1, "the paste is the input");
    peak
}

fn valid() -> String {
    let mut s = String::from("data:text/plain;base64,");
    while s.len() < SIZE {
        s.push_str("QUJD");
    }
    s
}

fn error_heavy() -> String {
    let mut s = String::from("data:text/html,");
    while s.len() < SIZE {
        s.push_str("<p>hello world </p>");
    }
    s
}

#[test]
fn a_key_on_a_large_paste_holds_at_most_16_bytes_per_input_byte() {
    let mut report = Vec::new();
    let spaces = format!("http://h/{}x", " ".repeat(SIZE));
    for (name, input) in [
        ("valid", valid()),
        ("error-heavy", error_heavy()),
        ("spaces", spaces),
    ] {
        for pane in [Pane::Breakdown, Pane::Resolve, Pane::Compare, Pane::Encode] {
            let len = input.len();
            let per_byte = peak_for(input.clone(), pane) as f64 / len as f64;
            report.push(format!(
                "{name} {pane:?}: {per_byte:.1} bytes per input byte"
            ));
            assert!(per_byte <= 16.0, "{}", report.join("\n"));
        }
    }
    eprintln!("{}", report.join("\n"));
}
