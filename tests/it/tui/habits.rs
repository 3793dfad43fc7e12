//! The status line says only what the last
//! action did, hints name what their key does next, a printable key in a
//! result view types into the input line, `q` never loses a typed input
//! at one stray press, and the page and end keys move by what the screen
//! shows.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use uriscope::explorer::app::{keymap, update, Action, App, Effect, Focus, Overlay, Pane};

use super::screen::screen;

/// Feed one key event through the key table; return the effect.
fn send(app: &mut App, code: KeyCode, mods: KeyModifiers) -> Effect {
    match keymap::action_for(app, &KeyEvent::new(code, mods)) {
        Some(a) => update(app, a),
        None => Effect::None,
    }
}

fn key(app: &mut App, code: KeyCode) -> Effect {
    send(app, code, KeyModifiers::NONE)
}

fn type_str(app: &mut App, s: &str) {
    for c in s.chars() {
        key(app, KeyCode::Char(c));
    }
}

fn status(app: &App) -> String {
    app.status
        .as_ref()
        .map(|s| s.text.clone())
        .unwrap_or_default()
}

/// The lines of a drawn screen.
fn lines(s: &str) -> Vec<String> {
    s.lines().map(str::to_string).collect()
}

/// A URI whose Breakdown is several pages long at 80x24.
const LONG: &str = "http://user@example.com:8080/a/b/c/d/e/f/g?x=1&y=2&z=3&w=4&v=5&u=6#frag";

#[test]
fn a_paste_message_goes_at_the_next_key() {
    // "pasted 140 characters" stayed after typing on.
    let mut a = App::new("", None);
    update(&mut a, Action::Paste("http://example.com/".into()));
    assert!(status(&a).starts_with("pasted"), "{}", status(&a));
    type_str(&mut a, "x");
    assert_eq!(a.status, None, "the message was about the paste");
}

#[test]
fn an_edit_message_goes_when_the_focus_moves() {
    // "host set…; Ctrl-Z undoes" stayed after switching to Resolve.
    let mut a = App::new("http://a/", None);
    update(&mut a, Action::CopyFocused);
    a.say(
        uriscope::explorer::app::StatusKind::Info,
        "host set; Ctrl-Z undoes",
    );
    update(&mut a, Action::FocusNext);
    update(&mut a, Action::FocusNext);
    assert_eq!(a.pane, Pane::Resolve);
    assert_eq!(a.status, None);
    // A row count from the Resolve pane does not follow into Compare.
    update(&mut a, Action::StepPrev);
    assert!(status(&a).starts_with("row "), "{}", status(&a));
    update(&mut a, Action::FocusNext);
    update(&mut a, Action::FocusNext);
    assert_eq!(a.pane, Pane::Compare);
    assert_eq!(a.status, None);
    let s = screen(&a, 80, 24);
    assert!(!s.contains("row 0 of"), "{s}");
}

#[test]
fn the_compat_hint_names_strict_once_compat_is_on() {
    let mut a = App::new("http:g", None);
    update(&mut a, Action::FocusField(Pane::Resolve));
    let hint = |a: &App| {
        keymap::hints(a)
            .into_iter()
            .find(|(k, _)| k == "Ctrl-T")
            .map(|(_, h)| h)
    };
    assert_eq!(hint(&a), Some("compat"));
    update(&mut a, Action::ToggleCompat);
    assert!(a.resolve.compat);
    assert_eq!(hint(&a), Some("strict"), "the key goes back to strict next");
    update(&mut a, Action::ToggleCompat);
    assert_eq!(hint(&a), Some("compat"));
}

#[test]
fn a_printable_key_that_is_no_command_of_the_view_types_into_the_input() {
    // Letters were dropped silently in a result view.
    let mut a = App::new("http://h/", None);
    update(&mut a, Action::FocusPane(Pane::Breakdown));
    key(&mut a, KeyCode::Char('x'));
    assert_eq!(a.focus, Focus::Input, "typing goes to the input line");
    assert_eq!(a.pane, Pane::Breakdown, "the view stays shown");
    assert_eq!(a.input.text(), "http://h/x");
    // The view's own commands keep their meaning.
    update(&mut a, Action::FocusPane(Pane::Breakdown));
    key(&mut a, KeyCode::Char('j'));
    assert_eq!(a.focus, Focus::Pane(Pane::Breakdown));
    assert_eq!(a.input.text(), "http://h/x");
    // Shifted letters and punctuation are text too.
    key(&mut a, KeyCode::Char('%'));
    assert_eq!(a.input.text(), "http://h/x%");
}

#[test]
fn q_asks_before_quitting_with_a_typed_input_that_was_not_kept() {
    let mut a = App::new("", None);
    type_str(&mut a, "http://typed.example/");
    update(&mut a, Action::FocusPane(Pane::Breakdown));
    assert_eq!(key(&mut a, KeyCode::Char('q')), Effect::None);
    assert!(status(&a).contains("not kept"), "{}", status(&a));
    // Any other key and the question is gone; q asks again.
    key(&mut a, KeyCode::Char('j'));
    assert_eq!(key(&mut a, KeyCode::Char('q')), Effect::None);
    // q twice in a row quits.
    assert_eq!(key(&mut a, KeyCode::Char('q')), Effect::Quit);
}

#[test]
fn q_quits_at_once_when_nothing_typed_would_be_lost() {
    // The argument the explorer started with is in the shell's history.
    let mut a = App::new("http://argument/", None);
    update(&mut a, Action::FocusPane(Pane::Breakdown));
    assert_eq!(key(&mut a, KeyCode::Char('q')), Effect::Quit);
    // An input kept with Enter is in the history.
    let mut a = App::new("", None);
    type_str(&mut a, "http://kept/");
    key(&mut a, KeyCode::Enter);
    update(&mut a, Action::FocusPane(Pane::Breakdown));
    assert_eq!(key(&mut a, KeyCode::Char('q')), Effect::Quit);
    // Ctrl-C always quits.
    let mut a = App::new("", None);
    type_str(&mut a, "http://typed/");
    assert_eq!(
        send(&mut a, KeyCode::Char('c'), KeyModifiers::CONTROL),
        Effect::Quit
    );
}

/// The Breakdown of [`LONG`] at 80x24, focused, drawn once.
fn long_breakdown() -> (App, Vec<String>) {
    let mut a = App::new(LONG, None);
    update(&mut a, Action::FocusPane(Pane::Breakdown));
    update(&mut a, Action::ScrollDown);
    update(&mut a, Action::Top);
    let s = lines(&screen(&a, 80, 24));
    (a, s)
}

#[test]
fn page_down_moves_the_view_height_less_one_line() {
    // PgDn moved 10 lines of a 20-line view.
    let (mut a, before) = long_breakdown();
    let rows = a.drawn.get().view_rows;
    assert_eq!(rows, 20, "80x24: 24 lines less input, tabs, hints, status");
    key(&mut a, KeyCode::PageDown);
    assert_eq!(a.breakdown.scroll.y, rows - 1);
    let after = lines(&screen(&a, 80, 24));
    // The view's last line is now its first (the scrollbar column aside).
    let body = |l: &str| l.chars().take(79).collect::<String>();
    assert_eq!(body(&after[2]), body(&before[2 + rows - 1]));
    key(&mut a, KeyCode::PageUp);
    assert_eq!(a.breakdown.scroll.y, 0);
}

#[test]
fn end_and_home_go_to_the_last_and_first_line_and_back_at_once() {
    let (mut a, first) = long_breakdown();
    for (end, home) in [
        (KeyCode::End, KeyCode::Home),
        (KeyCode::Char('G'), KeyCode::Char('g')),
    ] {
        key(&mut a, end);
        let s = screen(&a, 80, 24);
        let max = a.drawn.get().view_max_y;
        assert!(max > 0, "the view scrolls");
        assert_eq!(a.breakdown.scroll.y, max, "End is the last first line");
        assert!(lines(&s)[21].starts_with("\"legend"), "{s}");
        // One line up from the end moves at once (no hidden overshoot;
        // ↑ selects a component row here, the mouse wheel scrolls).
        update(&mut a, Action::ScrollUp);
        screen(&a, 80, 24);
        assert_eq!(a.breakdown.scroll.y, max - 1);
        // PgDn past the end stays at it.
        key(&mut a, KeyCode::PageDown);
        key(&mut a, KeyCode::PageDown);
        assert_eq!(a.breakdown.scroll.y, max);
        key(&mut a, home);
        assert_eq!(lines(&screen(&a, 80, 24)), first);
    }
}

#[test]
fn ctrl_home_opens_the_resolve_table_on_its_first_step() {
    // Resolve opened on its last row with no key to the first.
    let mut a = App::new("../../../g", None);
    update(&mut a, Action::FocusField(Pane::Resolve));
    send(&mut a, KeyCode::Home, KeyModifiers::CONTROL);
    let len = uriscope::explorer::app::resolve::kept_table_len(&a);
    assert!(len > 1);
    assert_eq!(a.resolve.step, 0);
    assert_eq!(status(&a), format!("row 0 of {len}"));
    send(&mut a, KeyCode::End, KeyModifiers::CONTROL);
    assert_eq!(status(&a), format!("row {len} of {len}"));
    // In the base field, Home is still the start of the line.
    key(&mut a, KeyCode::Home);
    assert_eq!(a.resolve.base.cursor(), 0);
}

#[test]
fn overlays_page_by_their_height_and_go_to_their_ends() {
    let mut a = App::new(LONG, None);
    update(&mut a, Action::Help);
    screen(&a, 80, 24);
    let rows = a.drawn.get().overlay_rows;
    assert_eq!(rows, 20, "22 lines of frame less its borders");
    key(&mut a, KeyCode::PageDown);
    assert_eq!(a.overlay, Some(Overlay::Help { scroll: rows - 1 }));
    key(&mut a, KeyCode::End);
    let s = screen(&a, 80, 24);
    assert!(!s.contains("more"), "the end of the help: {s}");
    let Some(Overlay::Help { scroll }) = a.overlay else {
        panic!("help open")
    };
    key(&mut a, KeyCode::Up);
    assert_eq!(a.overlay, Some(Overlay::Help { scroll: scroll - 1 }));
    key(&mut a, KeyCode::Char('g'));
    assert_eq!(a.overlay, Some(Overlay::Help { scroll: 0 }));
    // The examples list: End is its last entry.
    update(&mut a, Action::Close);
    update(&mut a, Action::Examples);
    key(&mut a, KeyCode::End);
    let n = uriscope::explorer::app::examples::all().len();
    assert_eq!(a.overlay, Some(Overlay::Examples { selected: n - 1 }));
    key(&mut a, KeyCode::Home);
    assert_eq!(a.overlay, Some(Overlay::Examples { selected: 0 }));
}

#[test]
fn the_compare_field_says_tab_only_where_tab_is_needed() {
    // Compare said "(Tab here, type)" with the focus already there.
    let mut a = App::new("http://a/", None);
    update(&mut a, Action::FocusField(Pane::Compare));
    update(&mut a, Action::FocusInput);
    let s = screen(&a, 100, 24);
    assert!(s.contains("Tab moves the focus here"), "{s}");
    update(&mut a, Action::FocusField(Pane::Compare));
    let s = screen(&a, 100, 24);
    assert!(s.contains("type or paste it here"), "{s}");
    assert!(!s.contains("Tab moves") && !s.contains("Tab here"), "{s}");
}
