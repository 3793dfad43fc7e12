//! No label is cut while there is room for it, and the
//! overlays use the width of the terminal.

use uriscope::explorer::app::{update, Action, App};

use super::screen::screen;

/// A URI exactly as wide as the Breakdown's text at 100 columns.
const WIDE: &str =
    "https://www.example.com/some/long/path/to/a/resource/index.html?query=value&other=thing&x=1#fragment";

#[test]
fn the_fragment_label_is_whole_beside_the_scrollbar_at_100_columns() {
    assert_eq!(WIDE.len(), 100);
    let a = App::new(WIDE, None);
    let s = screen(&a, 100, 30);
    let labels = s.lines().nth(5).expect("the labels row");
    assert!(labels.contains("query"), "{s}");
    assert!(labels.contains("fragment"), "was cut to 'fragmen': {s}");
}

/// The lines inside the open overlay's frame, borders and all.
fn frame(s: &str) -> Vec<&str> {
    s.lines()
        .filter(|l| l.contains('│') || l.contains('┌'))
        .collect()
}

#[test]
fn the_help_uses_a_wide_terminal_and_cuts_no_line() {
    let mut a = App::new(WIDE, None);
    update(&mut a, Action::Help);
    let s = screen(&a, 200, 60);
    let top = s.lines().nth(1).expect("the frame's top");
    assert!(top.matches('─').count() > 150, "{top}");
    // No help line is cut: none fills its row up to the border with "…"
    // (a "…" inside a description is its own).
    for l in frame(&s).iter().skip(1) {
        let inner = l.rsplit_once('│').map_or(*l, |(a, _)| a);
        assert!(!inner.ends_with('…'), "{l}");
    }
}

#[test]
fn the_copy_chooser_shows_its_labels_whole() {
    let mut a = App::new(WIDE, None);
    update(&mut a, Action::CopyChooser);
    for w in [80, 100, 200] {
        let s = screen(&a, w, 30);
        assert!(s.contains("Markdown report (Breakdown view)"), "{s}");
    }
}
