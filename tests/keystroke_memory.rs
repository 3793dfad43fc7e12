//! What the explorer holds at its peak for a large paste, a key and the
//! frames after them (and the Resolve pane's join, computed on a thread
//! of its own), per byte of input (at most 16, in
//! every pane; printed with `--nocapture`).
//! Counted, never timed: the global allocator here adds up the bytes
//! live, so this binary holds one test and nothing runs beside it.

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use uriscope::explorer::app::{update, Action, App, Pane};

#[path = "support/counting.rs"]
mod counting;

#[global_allocator]
static ALLOC: counting::Counting = counting::Counting;

/// The input's size: past the explorer's thresholds for long inputs
/// (1 MiB), small enough for a debug build.
const SIZE: usize = 2 << 20;

/// The peak bytes live, beyond what was live before, while `input` is
/// pasted into an empty explorer showing `pane`, a key is typed, and a
/// frame is drawn after each; then the bytes one more frame allocates.
fn peak_for(input: String, pane: Pane) -> (usize, usize) {
    let mut app = App::new("", None);
    update(&mut app, Action::FocusPane(pane));
    update(&mut app, Action::FocusInput);
    let mut t = Terminal::new(TestBackend::new(80, 24)).expect("test backend");
    t.draw(|f| f.render_widget(&app, f.area())).expect("draw");
    let window = counting::Window::open();
    // The text moves into the paste: the explorer's copy is what counts.
    let len = input.len();
    update(&mut app, Action::Paste(input));
    t.draw(|f| f.render_widget(&app, f.area())).expect("draw");
    update(&mut app, Action::Insert('x'));
    t.draw(|f| f.render_widget(&app, f.area())).expect("draw");
    // The Resolve pane's WHATWG join and traced resolution of a long
    // input are computed on threads of their own: what they hold counts
    // too, so they are waited for.
    if pane == Pane::Resolve {
        let start = std::time::Instant::now();
        app.background_arrived();
        while app.background_pending() {
            assert!(start.elapsed().as_secs() < 120, "never arrived");
            std::thread::sleep(std::time::Duration::from_millis(5));
            app.background_arrived();
        }
        t.draw(|f| f.render_widget(&app, f.area())).expect("draw");
    }
    let peak = window.peak();
    assert_eq!(app.input.text().len(), len + 1, "the paste is the input");
    let total = counting::total();
    t.draw(|f| f.render_widget(&app, f.area())).expect("draw");
    (peak, counting::total() - total)
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
fn a_key_on_a_large_paste_holds_at_most_16_bytes_per_input_byte_in_every_pane() {
    let mut report = Vec::new();
    let spaces = format!("http://h/{}x", " ".repeat(SIZE));
    for (name, input) in [
        ("valid", valid()),
        ("error-heavy", error_heavy()),
        ("spaces", spaces),
    ] {
        for pane in [Pane::Breakdown, Pane::Resolve, Pane::Compare, Pane::Encode] {
            let len = input.len() as f64;
            let (peak, frame) = peak_for(input.clone(), pane);
            let (peak, frame) = (peak as f64 / len, frame as f64 / len);
            report.push(format!(
                "{name} {pane:?}: peak {peak:.2} bytes per input byte, a frame allocates {frame:.2}"
            ));
            assert!(peak <= 16.0, "{}", report.join("\n"));
            // The Breakdown's frame reads the input for the lines it shows
            // (colours, the input line, the analysis): the sections below
            // them wait for the view (11 bytes a byte when written at every
            // frame).
            if name == "valid" && pane == Pane::Breakdown {
                assert!(frame <= 4.0, "{}", report.join("\n"));
            }
        }
    }
    eprintln!("{}", report.join("\n"));
}
