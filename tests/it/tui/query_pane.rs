//! The Query pane, the query as a table of pairs — key,
//! value, the RFC 3986 and form decodings, a repeated key marked — with
//! the pair editing that was the Breakdown's overlay.

use crossterm::event::{KeyCode, KeyModifiers};
use uriscope::explorer::app::{update, Action, App, CopySource, Effect, Focus, Pane};

use crate::tui::screen::{press, screen};

fn key(a: &mut App, code: KeyCode) {
    press(a, code, KeyModifiers::NONE);
}

/// The app with the Query pane focused (Tab from the input line, through
/// the panes before it).
fn on_query(uri: &str) -> App {
    let mut a = App::new(uri, None);
    update(&mut a, Action::FocusPane(Pane::Query));
    assert_eq!(a.focus, Focus::Pane(Pane::Query));
    a
}

/// The table's line (from its heading down) that holds `needle`.
fn line_with(s: &str, needle: &str) -> String {
    s.lines()
        .skip_while(|l| !l.contains("RFC 3986 decoding"))
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle:?} in\n{s}"))
        .to_string()
}

#[test]
fn the_table_shows_both_decodings_and_marks_a_repeated_key() {
    let a = on_query("http://h/?a=x%20y&b=1+2&a+=3&c");
    let s = screen(&a, 120, 30);
    let head = line_with(&s, "RFC 3986 decoding");
    assert!(head.contains("key") && head.contains("form decoding") && head.contains("repeated"));
    // The RFC reads `+` as a plus, a form as a space.
    let b = line_with(&s, "b=1+2");
    assert!(b.contains("b=1 2") && !b.contains('×'), "{b}");
    // `a+` is the key `a ` to a form reader, not `a`: no repeat.
    let a1 = line_with(&s, "x%20y");
    assert!(a1.contains("a=x y") && !a1.contains('×'), "{a1}");
    let repeated = on_query("http://h/?k=1&j=2&k=3");
    let s = screen(&repeated, 120, 30);
    assert!(line_with(&s, "k=1").contains("×2"), "{s}");
    assert!(line_with(&s, "k=3").contains("×2"), "{s}");
    assert!(!line_with(&s, "j=2").contains('×'), "{s}");
}

#[test]
fn the_pair_keys_edit_the_input_and_ctrl_y_copies_the_selected_pair() {
    let mut a = on_query("http://h/?b=2&a=1");
    key(&mut a, KeyCode::Down);
    assert_eq!(
        a.copy_of(CopySource::Focused).map(|e| e.text).as_deref(),
        Some("a=1")
    );
    assert_eq!(
        update(&mut a, Action::CopyFocused),
        Effect::Copy(CopySource::Focused)
    );
    key(&mut a, KeyCode::Char('s'));
    assert_eq!(a.input.text(), "http://h/?a=1&b=2");
    key(&mut a, KeyCode::Char('G'));
    key(&mut a, KeyCode::Char('d'));
    assert_eq!(a.input.text(), "http://h/?a=1");
    // Undo works from the pane, as it does from the Breakdown.
    press(&mut a, KeyCode::Char('z'), KeyModifiers::CONTROL);
    assert_eq!(a.input.text(), "http://h/?a=1&b=2");
    // A bare key that is no command of the pane types into the input line.
    key(&mut a, KeyCode::Char('x'));
    assert_eq!(a.focus, Focus::Input);
}

#[test]
fn typing_in_the_input_line_updates_the_pairs_shown() {
    let mut a = App::new("http://h/?q=1", None);
    update(&mut a, Action::FocusPane(Pane::Query));
    update(&mut a, Action::FocusInput);
    for c in "&r=2".chars() {
        update(&mut a, Action::Insert(c));
    }
    assert_eq!(a.pane, Pane::Query);
    let s = screen(&a, 100, 30);
    assert!(s.contains("r=2"), "{s}");
    let none = on_query("http://h/");
    let s = screen(&none, 100, 30);
    assert!(s.contains("no query: a adds a pair"), "{s}");
}

#[test]
fn an_input_that_does_not_parse_says_why_it_has_no_pairs() {
    let mut a = on_query("http://h:x/?a=1");
    let s = screen(&a, 100, 30);
    assert!(s.contains("the input does not parse"), "{s}");
    // The pair keys say it too, and change nothing.
    key(&mut a, KeyCode::Char('d'));
    assert_eq!(a.input.text(), "http://h:x/?a=1");
}

#[test]
fn the_query_pane_80x24() {
    let mut a = on_query("https://shop.example/p?b=2&utm_source=mail&a=x+y&b=3");
    key(&mut a, KeyCode::Down);
    insta::assert_snapshot!("query_pane_80x24", screen(&a, 80, 24));
}

#[test]
fn a_character_outside_ascii_is_its_own_decoding_in_both_columns() {
    // The decoding columns decode percent-encodings (and, in the form
    // column, `+` as a space): a literal `ü` has none, so both show it
    // as it is, and `%C3%BC` decodes to the same `ü`.
    let a = on_query("https://x/?q=ü&r=%C3%BC+x");
    insta::assert_snapshot!("query_pane_non_ascii_80x24", screen(&a, 80, 24));
}

#[test]
fn a_long_query_shows_the_pairs_in_view_with_their_counts() {
    let q: Vec<String> = (0..5000).map(|i| format!("k{}=v{i}", i % 1000)).collect();
    let mut a = on_query(&format!("http://h/?{}", q.join("&")));
    key(&mut a, KeyCode::Char('G'));
    assert_eq!(a.query.selected, 4999);
    let s = screen(&a, 120, 30);
    // The last pair is in view, marked with how many pairs share its key
    // across the whole query; the first is not.
    let last = s
        .lines()
        .find(|l| l.contains("\"k999 "))
        .unwrap_or_else(|| panic!("the last pair is not in view:\n{s}"));
    assert!(last.contains("k999=v4999") && last.contains("×5"), "{s}");
    assert!(!s.contains("k0=v0 "), "{s}");
    assert_eq!(
        a.copy_of(CopySource::Focused).map(|e| e.text).as_deref(),
        Some("k999=v4999")
    );
    key(&mut a, KeyCode::Char('g'));
    let s = screen(&a, 120, 30);
    assert!(line_with(&s, "k0=v0").contains("×5"), "{s}");
}
