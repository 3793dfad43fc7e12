//! Editing what you see. In the Breakdown, ↑/↓ select a
//! component row, Enter opens a field with the component's rules, Enter
//! there recomposes the URI into the input line (one undo step) or shows
//! the diagnostic.

use crossterm::event::{KeyCode, KeyModifiers};
use uriscope::explorer::app::{update, Action, App, Effect, Focus, Overlay, Pane};

use crate::tui::screen::{press, screen};

fn key(a: &mut App, code: KeyCode) {
    press(a, code, KeyModifiers::NONE);
}

fn ctrl(a: &mut App, c: char) {
    press(a, KeyCode::Char(c), KeyModifiers::CONTROL);
}

fn type_str(a: &mut App, s: &str) {
    for c in s.chars() {
        key(a, KeyCode::Char(c));
    }
}

/// The explorer on `uri` with the Breakdown view focused and `row`
/// (scheme 0, userinfo 1, host 2, port 3, path 4, query 5, fragment 6)
/// selected with ↓.
fn on_row(uri: &str, row: usize) -> App {
    let mut a = App::new(uri, None);
    update(&mut a, Action::FocusPane(Pane::Breakdown));
    for _ in 0..row {
        key(&mut a, KeyCode::Down);
    }
    a
}

fn status(a: &App) -> String {
    a.status
        .as_ref()
        .map(|s| s.text.clone())
        .unwrap_or_default()
}

#[test]
fn edit_the_host_then_undo() {
    let mut a = on_row("https://curl.se/we/are.html?x=1", 2);
    assert!(status(&a).starts_with("host"), "{}", status(&a));
    key(&mut a, KeyCode::Enter);
    let Some(Overlay::Edit(e)) = &a.overlay else {
        panic!("no field: {:?}", a.overlay)
    };
    assert_eq!(e.field.text(), "curl.se");
    ctrl(&mut a, 'u');
    type_str(&mut a, "example.org");
    // Typing went to the field, not to the input line.
    assert_eq!(a.input.text(), "https://curl.se/we/are.html?x=1");
    key(&mut a, KeyCode::Enter);
    assert!(a.overlay.is_none());
    assert_eq!(a.input.text(), "https://example.org/we/are.html?x=1");
    assert!(
        status(&a).contains("host set (RFC 3986 §3.2.2)"),
        "{}",
        status(&a)
    );
    // One undo step, from the Breakdown view.
    ctrl(&mut a, 'z');
    assert_eq!(a.input.text(), "https://curl.se/we/are.html?x=1");
    press(&mut a, KeyCode::Char('z'), KeyModifiers::ALT);
    assert_eq!(a.input.text(), "https://example.org/we/are.html?x=1");
}

#[test]
fn values_are_encoded_for_their_component() {
    let mut a = on_row("http://h/a", 4);
    key(&mut a, KeyCode::Enter);
    ctrl(&mut a, 'u');
    type_str(&mut a, "/a b/ü?");
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.input.text(), "http://h/a%20b/%C3%BC%3F");
    let mut a = on_row("http://h/a", 1);
    key(&mut a, KeyCode::Enter);
    type_str(&mut a, "me:s@cret");
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.input.text(), "http://me:s%40cret@h/a");
    // An empty value clears the component (the query row opens its
    // pairs; `e` edits it whole).
    let mut a = on_row("http://h/a?q=1", 5);
    key(&mut a, KeyCode::Enter);
    key(&mut a, KeyCode::Char('e'));
    ctrl(&mut a, 'u');
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.input.text(), "http://h/a");
}

#[test]
fn a_value_that_cannot_be_placed_gets_the_diagnostic() {
    let mut a = on_row("http://h/", 3);
    key(&mut a, KeyCode::Enter);
    type_str(&mut a, "8x");
    // The field shows why before Enter is pressed.
    let s = screen(&a, 80, 24);
    assert!(s.contains("digits only"), "{s}");
    key(&mut a, KeyCode::Enter);
    assert!(
        matches!(a.overlay, Some(Overlay::Edit(_))),
        "the field stays open"
    );
    assert!(
        status(&a).contains("digits only (RFC 3986 §3.2.3)"),
        "{}",
        status(&a)
    );
    assert_eq!(a.input.text(), "http://h/");
    key(&mut a, KeyCode::Esc);
    assert!(a.overlay.is_none());
    assert_eq!(a.input.text(), "http://h/");
    // Input that does not parse: no field, the reason.
    let mut a = on_row("http://h/a b", 2);
    key(&mut a, KeyCode::Enter);
    assert!(a.overlay.is_none());
    assert!(status(&a).contains("does not parse"), "{}", status(&a));
}

#[test]
fn the_field_shows_the_rules_and_ctrl_y_copies_the_result() {
    let mut a = on_row("https://u:pw@h.example/p", 2);
    key(&mut a, KeyCode::Enter);
    ctrl(&mut a, 'u');
    type_str(&mut a, "bücher.example");
    let s = screen(&a, 80, 24);
    assert!(
        s.contains("host = IP-literal / IPv4address / reg-name"),
        "{s}"
    );
    assert!(s.contains("reg-name set"), "{s}");
    // The preview, its password masked.
    assert!(s.contains("https://u:****@xn--bcher-kva.example/p"), "{s}");
    insta::assert_snapshot!("edit_field_80x24", s);
    let ev = crossterm::event::KeyEvent::new(KeyCode::Char('y'), KeyModifiers::CONTROL);
    let act = uriscope::explorer::app::keymap::action_for(&a, &ev).expect("Ctrl-Y is bound");
    let Effect::Copy(source) = update(&mut a, act) else {
        panic!("no copy")
    };
    let e = a.copy_of(source).expect("the URI the field makes");
    assert_eq!(e.text, "https://u:pw@xn--bcher-kva.example/p");
    assert!(e.label.contains("host"), "{}", e.label);
}

#[test]
fn rows_wrap_at_neither_end_and_the_view_marks_the_row() {
    let mut a = on_row("http://h/p?q#f", 0);
    key(&mut a, KeyCode::Up);
    assert_eq!(a.breakdown.row, 0);
    for _ in 0..20 {
        key(&mut a, KeyCode::Char('j'));
    }
    assert_eq!(a.breakdown.row, 6);
    assert_eq!(a.focus, Focus::Pane(Pane::Breakdown));
    // The help lists the keys.
    let rows = uriscope::explorer::app::keymap::help_rows();
    assert!(rows
        .iter()
        .any(|(_, k, h)| k == "Enter" && h.starts_with("edit the selected component")));
}

#[test]
fn the_query_as_pairs() {
    let uri = "https://shop.example/p?b=2&utm_source=mail&a=x+y";
    let mut a = on_row(uri, 5);
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.focus, Focus::Pane(Pane::Query), "{:?}", a.overlay);
    let s = screen(&a, 100, 30);
    assert!(s.contains("RFC 3986 decoding"), "{s}");
    // The form decoding reads '+' as a space; RFC 3986 does not.
    assert!(s.contains("a=x+y") && s.contains("a=x y"), "{s}");
    // Delete the tracking pair (the second).
    key(&mut a, KeyCode::Down);
    key(&mut a, KeyCode::Char('d'));
    assert_eq!(a.input.text(), "https://shop.example/p?b=2&a=x+y");
    // Sort, then write the spaces of "a" as %20.
    key(&mut a, KeyCode::Char('s'));
    assert_eq!(a.input.text(), "https://shop.example/p?a=x+y&b=2");
    key(&mut a, KeyCode::Up);
    key(&mut a, KeyCode::Char('+'));
    assert_eq!(a.input.text(), "https://shop.example/p?a=x%20y&b=2");
    // Move "a" down; edit the selected pair (now "a") in a field.
    key(&mut a, KeyCode::Char('J'));
    assert_eq!(a.input.text(), "https://shop.example/p?b=2&a=x%20y");
    key(&mut a, KeyCode::Enter);
    let Some(Overlay::Edit(e)) = &a.overlay else {
        panic!("no field: {:?}", a.overlay)
    };
    assert_eq!(e.field.text(), "a=x y");
    ctrl(&mut a, 'u');
    type_str(&mut a, "q=a&b");
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.input.text(), "https://shop.example/p?b=2&q=a%26b");
    assert!(a.overlay.is_none(), "back to the pairs");
    assert_eq!(a.focus, Focus::Pane(Pane::Query), "back to the pairs");
    // Add a pair.
    key(&mut a, KeyCode::Char('a'));
    type_str(&mut a, "new=1 2");
    key(&mut a, KeyCode::Enter);
    assert_eq!(
        a.input.text(),
        "https://shop.example/p?b=2&q=a%26b&new=1%202"
    );
    // Each change is one undo step.
    assert!(a.overlay.is_none());
    for _ in 0..6 {
        ctrl(&mut a, 'z');
    }
    assert_eq!(a.input.text(), uri);
}

/// Another overlay's key while the field is open keeps what was typed.
#[test]
fn other_overlays_wait_for_the_field() {
    let mut a = on_row("http://h/p", 4);
    key(&mut a, KeyCode::Enter);
    type_str(&mut a, "x");
    for (code, mods) in [
        (KeyCode::F(1), KeyModifiers::NONE),
        (KeyCode::Char('o'), KeyModifiers::CONTROL),
        (KeyCode::F(2), KeyModifiers::NONE),
    ] {
        press(&mut a, code, mods);
        let Some(Overlay::Edit(e)) = &a.overlay else {
            panic!("the field stays: {:?}", a.overlay)
        };
        assert_eq!(e.field.text(), "/px");
        assert!(
            status(&a).contains("closes the field first"),
            "{}",
            status(&a)
        );
    }
}
