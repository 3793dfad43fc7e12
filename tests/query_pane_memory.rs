//! What the explorer holds at its peak while the Query pane shows a query
//! of millions of pairs (pasted, the pane focused, a move down, a frame
//! after each), per byte of input: at most 16 (printed with
//! `--nocapture`). Counted, never timed: the global allocator here adds
//! up the bytes live, so this binary holds one test and nothing runs
//! beside it.

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use uriscope::explorer::app::{update, Action, App, Focus, Pane};

#[path = "support/counting.rs"]
mod counting;

#[global_allocator]
static ALLOC: counting::Counting = counting::Counting;

/// The peak bytes live, beyond what was live before, while `input` is
/// pasted into an empty explorer, the Query pane focused, a pair
/// selected two below, and a frame drawn after each.
fn peak_for(input: String) -> usize {
    let mut app = App::new("", None);
    let mut t = Terminal::new(TestBackend::new(80, 24)).expect("test backend");
    t.draw(|f| f.render_widget(&app, f.area())).expect("draw");
    let window = counting::Window::open();
    let len = input.len();
    update(&mut app, Action::Paste(input));
    t.draw(|f| f.render_widget(&app, f.area())).expect("draw");
    update(&mut app, Action::FocusPane(Pane::Query));
    assert_eq!(app.focus, Focus::Pane(Pane::Query));
    t.draw(|f| f.render_widget(&app, f.area())).expect("draw");
    for _ in 0..2 {
        update(&mut app, Action::ListDown);
        t.draw(|f| f.render_widget(&app, f.area())).expect("draw");
    }
    assert_eq!(app.input.text().len(), len, "the paste is the input");
    assert_eq!(app.query.selected, 2, "the moves reached the pairs");
    window.peak()
}

#[test]
fn the_query_pane_on_millions_of_pairs_holds_at_most_16_bytes_per_input_byte() {
    let size = 2 << 20;
    let empty = format!("http://h/?{}", "&".repeat(size));
    let mut short = String::from("http://h/?");
    let mut i = 0;
    while short.len() < size {
        short.push_str(&format!("k{i}=v{}&", i % 7));
        i += 1;
    }
    let mut report = Vec::new();
    for (name, input) in [("empty pairs", empty), ("short pairs", short)] {
        let len = input.len() as f64;
        let peak = peak_for(input) as f64 / len;
        report.push(format!("{name}: peak {peak:.2} bytes per input byte"));
        assert!(peak <= 16.0, "{}", report.join("\n"));
    }
    eprintln!("{}", report.join("\n"));
}
