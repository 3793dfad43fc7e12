//! A shape that is not a URI in the explorer: its one finding in the
//! Breakdown names the keys; Ctrl-L loads the URI it most likely means as
//! one edit, and the copy chooser offers that URI.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use uriscope::explorer::app::keymap::action_for;
use uriscope::explorer::app::{update, Action, App, Effect};

const PATH: &str = r"C:\Users\x\My Docs\a.txt";
const LIKELY: &str = "file:///C:/Users/x/My%20Docs/a.txt";

fn ctrl_l(app: &mut App) -> Effect {
    let ev = KeyEvent::new(KeyCode::Char('l'), KeyModifiers::CONTROL);
    let action = action_for(app, &ev).expect("Ctrl-L is bound");
    assert_eq!(action, Action::LoadLikely);
    update(app, action)
}

#[test]
fn the_breakdown_lists_one_finding_and_names_the_keys() {
    let app = App::new(PATH, None);
    let screen = crate::tui::screen::screen(&app, 100, 30);
    let findings: Vec<&str> = screen
        .lines()
        .skip_while(|l| !l.starts_with("\"findings"))
        .take_while(|l| !l.starts_with("\"Parsers"))
        .collect();
    let list = findings.join("\n");
    assert!(list.contains(" 1 error windows-path 0..24"), "{screen}");
    assert!(list.contains("Ctrl-L loads it"), "{screen}");
    assert!(!list.contains(" 2 "), "one finding: {screen}");
    // The carets under the backslashes and the space point at it.
    assert!(screen.contains("\"  1     1 1  1    1 "), "{screen}");
}

#[test]
fn ctrl_l_loads_the_likely_uri_and_one_undo_brings_the_input_back() {
    let mut app = App::new(PATH, None);
    assert_eq!(ctrl_l(&mut app), Effect::None);
    assert_eq!(app.input.text(), LIKELY);
    let status = app
        .status
        .as_ref()
        .map(|s| s.text.clone())
        .unwrap_or_default();
    assert!(
        status.contains("a Windows path most likely means"),
        "{status}"
    );
    let screen = crate::tui::screen::screen(&app, 100, 30);
    assert!(screen.contains("valid URI"), "{screen}");
    update(&mut app, Action::Undo);
    assert_eq!(app.input.text(), PATH);
    // From a result view too: the key is global.
    update(&mut app, Action::FocusNext);
    ctrl_l(&mut app);
    assert_eq!(app.input.text(), LIKELY);
}

#[test]
fn ctrl_l_on_a_uri_changes_nothing_and_says_why() {
    let mut app = App::new("https://example.com/", None);
    ctrl_l(&mut app);
    assert_eq!(app.input.text(), "https://example.com/");
    let status = app
        .status
        .as_ref()
        .map(|s| s.text.clone())
        .unwrap_or_default();
    assert!(status.starts_with("nothing to load"), "{status}");
}

#[test]
fn the_copy_chooser_offers_the_likely_uri() {
    for (input, likely) in [
        (PATH, LIKELY),
        (
            "git@github.com:org/repo.git",
            "ssh://git@github.com/org/repo.git",
        ),
        ("[docs](https://a.example/x)", "https://a.example/x"),
    ] {
        let app = App::new(input, None);
        let choices = app.copy_choices();
        let row = choices
            .iter()
            .position(|c| c.label.starts_with("the URI it most likely means"))
            .unwrap_or_else(|| panic!("{input}: {choices:#?}"));
        assert_eq!(choices[row].preview, likely);
        let entry = app.copy_entry(row).expect("an entry");
        assert_eq!(entry.text, likely, "{input}");
    }
    let app = App::new("https://example.com/", None);
    assert!(!app
        .copy_choices()
        .iter()
        .any(|c| c.label.starts_with("the URI it most likely means")));
}

/// In a real terminal: a typed UNC path is one finding; Ctrl-L loads the
/// file URI, Ctrl-Z brings the path back.
#[test]
fn tmux_ctrl_l_loads_the_likely_uri() {
    use crate::e2e::tmux::{tmux_available, Tmux};
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&[""], &[], 100, 30);
    t.wait_text("Ctrl-C");
    t.type_text(r"\\fileserver\share\x");
    t.wait_text("unc-path");
    t.key("C-l");
    t.wait_for("the file URI loaded", |s| {
        s.lines()
            .next()
            .is_some_and(|l| l.contains("file://fileserver/share/x"))
    });
    t.key("C-z");
    t.wait_for("the path back", |s| {
        s.lines()
            .next()
            .is_some_and(|l| l.contains(r"\\fileserver\share\x"))
    });
    t.key("C-c");
    assert_eq!(t.wait_exit().0, 0);
}
