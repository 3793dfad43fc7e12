//! Issue 14 point 4: the history searched as you type (F7 / Alt-R), like
//! a shell's reverse search; newest first; Enter loads one as one edit.

use crossterm::event::{KeyCode, KeyModifiers};
use uriscope::app::{update, Action, App, Overlay};

use crate::tui::screen::{press, screen};

#[test]
fn type_to_filter_then_load() {
    let mut a = App::new("", None);
    for u in [
        "https://a.example/x",
        "http://b.example/",
        "https://a.example/y",
        "https://u:pw@c/",
    ] {
        a.input.set_text(u);
        update(&mut a, Action::Commit);
    }
    a.input.set_text("draft");
    press(&mut a, KeyCode::F(7), KeyModifiers::NONE);
    assert!(matches!(a.overlay, Some(Overlay::History { .. })));
    // Newest first; the password masked.
    assert_eq!(a.history_matches()[0], "https://u:pw@c/");
    let s = screen(&a, 80, 24);
    assert!(
        s.contains("History (4 of 4") && s.contains("https://u:****@c/"),
        "{s}"
    );
    assert!(!s.contains(":pw@"), "{s}");
    for c in "A.EX".chars() {
        press(&mut a, KeyCode::Char(c), KeyModifiers::NONE);
    }
    assert_eq!(
        a.history_matches(),
        ["https://a.example/y", "https://a.example/x"]
    );
    press(&mut a, KeyCode::Down, KeyModifiers::NONE);
    press(&mut a, KeyCode::Enter, KeyModifiers::NONE);
    assert!(a.overlay.is_none());
    assert_eq!(a.input.text(), "https://a.example/x");
    // The typed filter never reached the input line, and one undo brings
    // the draft back.
    press(&mut a, KeyCode::Char('z'), KeyModifiers::CONTROL);
    assert_eq!(a.input.text(), "draft");
    // Alt-R opens it too; Esc closes it with the input untouched.
    press(&mut a, KeyCode::Char('r'), KeyModifiers::ALT);
    press(&mut a, KeyCode::Char('q'), KeyModifiers::NONE);
    assert!(matches!(a.overlay, Some(Overlay::History { .. })));
    press(&mut a, KeyCode::Esc, KeyModifiers::NONE);
    assert!(a.overlay.is_none());
    assert_eq!(a.input.text(), "draft");
}

#[test]
fn kept_inputs_are_deduplicated_newest_last() {
    let mut a = App::new("", None);
    for u in ["x:1", "x:2", "x:1"] {
        a.input.set_text(u);
        update(&mut a, Action::Commit);
    }
    assert_eq!(a.history.entries, ["x:2", "x:1"]);
}
