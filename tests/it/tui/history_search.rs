//! The history searched as you type (F7 / Alt-R), like
//! a shell's reverse search; newest first; Enter loads one as one edit.

use crossterm::event::{KeyCode, KeyModifiers};
use uriscope::explorer::app::{update, Action, App, Overlay};

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

/// The matches are searched once for each filter and list (a move down
/// asks for their count), and searched again whenever either changes: a
/// filter typed and erased, a list from stdin that grows, an entry
/// replaced, and the history and the stdin list of one app.
#[test]
fn the_matches_follow_the_filter_and_the_list() {
    let plain = |a: &App, filter: &str, stdin: bool| -> Vec<String> {
        let f = filter.to_lowercase();
        let list = if stdin { &a.list } else { &a.history.entries };
        let mut v: Vec<String> = list
            .iter()
            .filter(|e| e.to_lowercase().contains(&f))
            .cloned()
            .collect();
        if !stdin {
            v.reverse();
        }
        v
    };
    let mut a = App::new("", None);
    for u in ["http://a/", "http://B/", "x:b", "http://ab/"] {
        a.input.set_text(u);
        update(&mut a, Action::Commit);
    }
    press(&mut a, KeyCode::F(7), KeyModifiers::NONE);
    assert_eq!(a.history_matches(), plain(&a, "", false));
    for (key, filter) in [('b', "b"), ('/', "b/")] {
        press(&mut a, KeyCode::Char(key), KeyModifiers::NONE);
        assert_eq!(a.history_matches(), plain(&a, filter, false), "{filter}");
        press(&mut a, KeyCode::Down, KeyModifiers::NONE);
    }
    assert_eq!(a.history_matches(), ["http://ab/", "http://B/"]);
    press(&mut a, KeyCode::Backspace, KeyModifiers::NONE);
    assert_eq!(a.history_matches(), plain(&a, "b", false));
    // An entry replaced by another of the same length.
    a.history.entries[1] = "http://C/".to_string();
    assert_eq!(a.history_matches(), plain(&a, "b", false));
    // The list from stdin, growing while the search is open.
    a.list = vec!["s:b1".into(), "s:a".into()];
    a.overlay = Some(Overlay::History {
        filter: uriscope::explorer::app::Editor::new("B"),
        selected: 0,
        stdin: true,
    });
    assert_eq!(a.history_matches(), ["s:b1"]);
    a.list.push("s:b2".into());
    assert_eq!(a.history_matches(), ["s:b1", "s:b2"]);
    press(&mut a, KeyCode::Down, KeyModifiers::NONE);
    press(&mut a, KeyCode::Down, KeyModifiers::NONE);
    assert!(matches!(
        a.overlay,
        Some(Overlay::History { selected: 1, .. })
    ));
}
