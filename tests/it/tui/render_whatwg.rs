//! Render snapshots of the WHATWG URL Standard column in the explorer: the
//! Breakdown's section (href and each difference from RFC 3986) and the
//! Resolve pane's WHATWG join row, at 80x24.

use crate::tui::screen::screen;
use uriscope::explorer::app::{update, Action, App, Pane};

/// Backslash, default port, uppercase host and a dot-segment: four ways a
/// browser reads this differently from RFC 3986.
const BROWSER: &str = "http://EXAMPLE.com:80/a/../b\\c";

#[test]
fn breakdown_whatwg_section() {
    let mut a = App::new(BROWSER, None);
    // Scroll to the bottom (the view clamps), where the section is.
    a.breakdown.scroll.y = usize::MAX;
    let s = screen(&a, 80, 24);
    assert!(s.contains("WHATWG URL Standard (what browsers do; not RFC 3986)"));
    assert!(s.contains("http://example.com/b/c"), "{s}");
    assert!(s.contains("differs"), "{s}");
    insta::assert_snapshot!("breakdown_whatwg_80x24", s);
}

#[test]
fn breakdown_whatwg_relative_is_parsed_against_the_base() {
    let mut a = App::new("..\\g", None);
    a.breakdown.scroll.y = usize::MAX;
    let s = screen(&a, 80, 24);
    assert!(
        s.contains("relative: parsed against http://a/b/c/d;p?q"),
        "{s}"
    );
    assert!(s.contains("http://a/b/g"), "{s}");
}

#[test]
fn breakdown_whatwg_control_characters_are_visible() {
    let mut a = App::new("http://h/\u{1b}[31m", None);
    a.breakdown.scroll.y = usize::MAX;
    let s = screen(&a, 80, 24);
    assert!(!s.contains('\u{1b}'), "{s}");
    assert!(s.contains("WHATWG URL Standard"), "{s}");
}

#[test]
fn breakdown_whatwg_rejected() {
    let mut a = App::new("http://exa mple.com/", None);
    a.breakdown.scroll.y = usize::MAX;
    let s = screen(&a, 80, 24);
    assert!(s.contains("rejected (no URL)"), "{s}");
}

#[test]
fn resolve_whatwg_join() {
    let mut a = App::new("..\\g", None);
    update(&mut a, Action::FocusField(Pane::Resolve));
    let s = screen(&a, 80, 24);
    assert!(s.contains("WHATWG join"), "{s}");
    assert!(s.contains("http://a/b/g ≠ RFC 3986"), "{s}");
    insta::assert_snapshot!("resolve_whatwg_80x24", s);
}

#[test]
fn resolve_whatwg_join_same_as_rfc3986() {
    let mut a = App::new("../g", None);
    update(&mut a, Action::FocusField(Pane::Resolve));
    let s = screen(&a, 80, 24);
    assert!(s.contains("http://a/b/g = RFC 3986"), "{s}");
}
