//! The explorer's pure update, driven through the key table as the main
//! loop does: key events in, state and effects out.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers};
use uriscope::explorer::app::{keymap, update, Action, App, Effect, Focus, Overlay, Pane};
use uriscope::explorer::clipboard::FakeClipboard;
use uriscope::explorer::run_effect;

fn key(code: KeyCode, mods: KeyModifiers) -> KeyEvent {
    KeyEvent::new(code, mods)
}

/// Feed one key event; return the effect.
fn send(app: &mut App, ev: KeyEvent) -> Effect {
    match keymap::action_for(app, &ev) {
        Some(a) => update(app, a),
        None => Effect::None,
    }
}

fn type_str(app: &mut App, s: &str) {
    for c in s.chars() {
        send(app, key(KeyCode::Char(c), KeyModifiers::NONE));
    }
}

#[test]
fn typing_uri_characters_inserts_them() {
    // q, ?, # and / are text in the input line, never commands.
    let mut app = App::new("", None);
    type_str(&mut app, "q?#/");
    assert_eq!(app.input.text(), "q?#/");
    let mut app = App::new("", None);
    type_str(&mut app, "http://h/?q=1#Frag:@!$&'()*+,;=%20~");
    assert_eq!(app.input.text(), "http://h/?q=1#Frag:@!$&'()*+,;=%20~");
    assert!(app.overlay.is_none());
}

#[test]
fn shifted_characters_insert_too() {
    let mut app = App::new("", None);
    send(&mut app, key(KeyCode::Char('Q'), KeyModifiers::SHIFT));
    send(&mut app, key(KeyCode::Char('?'), KeyModifiers::SHIFT));
    assert_eq!(app.input.text(), "Q?");
}

#[test]
fn key_release_and_repeat_events_do_nothing() {
    let mut app = App::new("ab", None);
    for kind in [KeyEventKind::Release, KeyEventKind::Repeat] {
        for code in [
            KeyCode::Char('x'),
            KeyCode::Backspace,
            KeyCode::F(1),
            KeyCode::Char('c'),
        ] {
            let mods = if code == KeyCode::Char('c') {
                KeyModifiers::CONTROL
            } else {
                KeyModifiers::NONE
            };
            let ev = KeyEvent::new_with_kind_and_state(code, mods, kind, KeyEventState::NONE);
            assert_eq!(keymap::action_for(&app, &ev), None);
            assert_eq!(send(&mut app, ev), Effect::None);
        }
    }
    assert_eq!(app.input.text(), "ab");
    assert!(app.overlay.is_none());
}

#[test]
fn paste_is_one_edit_with_newlines_removed() {
    let mut app = App::new("x", None);
    update(&mut app, Action::Paste("http://a/\r\nb\tc\n".into()));
    assert_eq!(app.input.text(), "xhttp://a/bc");
    let status = app.status.clone().unwrap().text;
    assert!(status.contains("removed 4"), "{status}");
    assert_eq!(app.input.undo_depth(), 1);
    send(&mut app, key(KeyCode::Char('z'), KeyModifiers::CONTROL));
    assert_eq!(app.input.text(), "x");
}

#[test]
fn ctrl_c_quits_everywhere() {
    let mut app = App::new("x", None);
    let ctrl_c = key(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(send(&mut app, ctrl_c), Effect::Quit);
    send(&mut app, key(KeyCode::F(1), KeyModifiers::NONE));
    assert!(matches!(app.overlay, Some(Overlay::Help { .. })));
    assert_eq!(send(&mut app, ctrl_c), Effect::Quit);
    let mut app = App::new("x", None);
    send(&mut app, key(KeyCode::Tab, KeyModifiers::NONE));
    assert_eq!(send(&mut app, ctrl_c), Effect::Quit);
}

#[test]
fn help_opens_with_f1_and_ctrl_slash_and_esc_closes() {
    for ev in [
        key(KeyCode::F(1), KeyModifiers::NONE),
        key(KeyCode::Char('7'), KeyModifiers::CONTROL), // what 0x1F decodes to
        key(KeyCode::Char('/'), KeyModifiers::CONTROL), // kitty protocol
    ] {
        let mut app = App::new("x", None);
        send(&mut app, ev);
        assert!(matches!(app.overlay, Some(Overlay::Help { .. })), "{ev:?}");
        send(&mut app, key(KeyCode::Esc, KeyModifiers::NONE));
        assert!(app.overlay.is_none());
        assert_eq!(app.input.text(), "x");
    }
}

/// Feed one terminal event as the main loop does: an unbound Alt key
/// is Esc and then the plain key.
fn send_as_the_loop_does(app: &mut App, ev: KeyEvent) {
    let (first, then) =
        uriscope::explorer::split_unbound_alt(app, crossterm::event::Event::Key(ev));
    for ev in std::iter::once(first).chain(then) {
        if let crossterm::event::Event::Key(k) = ev {
            send(app, k);
        }
    }
}

#[test]
fn esc_typed_fast_before_a_key_is_esc_and_the_key() {
    // Esc then z, sent together, is read as Alt-z: it closes the help
    // and types the z, as the two keys would one by one.
    let mut app = App::new("http://h/", None);
    send(&mut app, key(KeyCode::F(1), KeyModifiers::NONE));
    assert!(matches!(app.overlay, Some(Overlay::Help { .. })));
    send_as_the_loop_does(&mut app, key(KeyCode::Char('z'), KeyModifiers::ALT));
    assert!(app.overlay.is_none());
    assert_eq!(app.input.text(), "http://h/z");
    // Esc then Tab (Alt-Tab) on the input line: Esc leaves it focused,
    // then Tab moves the focus on as a lone Tab does.
    let mut want = App::new("http://h/z", None);
    send(&mut want, key(KeyCode::Tab, KeyModifiers::NONE));
    send_as_the_loop_does(&mut app, key(KeyCode::Tab, KeyModifiers::ALT));
    assert_eq!(app.focus, want.focus);
    assert_eq!(app.input.text(), "http://h/z");
}

#[test]
fn bound_alt_keys_keep_their_meaning() {
    // Alt-B is a bound key (previous component boundary): no Esc, no b.
    let mut app = App::new("http://h/a", None);
    let end = app.input.cursor();
    send_as_the_loop_does(&mut app, key(KeyCode::Char('b'), KeyModifiers::ALT));
    assert_eq!(app.input.text(), "http://h/a");
    assert!(app.input.cursor() < end);
}

#[test]
fn cursor_and_width_with_cjk_and_emoji() {
    let mut app = App::new("", None);
    type_str(&mut app, "//例😀");
    assert_eq!(app.input.cursor_col(), 6);
    send(&mut app, key(KeyCode::Left, KeyModifiers::NONE));
    assert_eq!(app.input.cursor_col(), 4);
    send(&mut app, key(KeyCode::Left, KeyModifiers::NONE));
    assert_eq!(app.input.cursor_col(), 2);
    send(&mut app, key(KeyCode::Backspace, KeyModifiers::NONE));
    assert_eq!(app.input.text(), "/例😀");
    send(&mut app, key(KeyCode::Delete, KeyModifiers::NONE));
    assert_eq!(app.input.text(), "/😀");
    // The terminal cursor sits after the label and the visible columns.
    send(&mut app, key(KeyCode::End, KeyModifiers::NONE));
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    ratatui::widgets::Widget::render(&app, area, &mut buf);
    let p = uriscope::explorer::ui::cursor(&app, area).unwrap();
    assert_eq!((p.x, p.y), (6 + 3, 0));
}

#[test]
fn ctrl_arrows_jump_by_component() {
    let mut app = App::new("http://user@host:80/a/b?x=1#f", None);
    let cl = key(KeyCode::Left, KeyModifiers::CONTROL);
    let mut stops = Vec::new();
    for _ in 0..20 {
        send(&mut app, cl);
        stops.push(app.input.cursor());
    }
    stops.dedup();
    // fragment, query pair, query, segments b and a, path, port, host,
    // userinfo, scheme: the start and end of each.
    assert_eq!(
        stops,
        [28, 27, 24, 23, 22, 21, 20, 19, 17, 16, 12, 11, 7, 4, 0]
    );
    send(&mut app, key(KeyCode::End, KeyModifiers::NONE));
    send(&mut app, key(KeyCode::Char('w'), KeyModifiers::CONTROL));
    assert_eq!(app.input.text(), "http://user@host:80/a/b?x=1#");
    send(&mut app, key(KeyCode::Char('u'), KeyModifiers::CONTROL));
    assert_eq!(app.input.text(), "");
}

#[test]
fn history_walks_inputs_of_the_session() {
    let mut app = App::new("", None);
    type_str(&mut app, "a:1");
    send(&mut app, key(KeyCode::Enter, KeyModifiers::NONE));
    send(&mut app, key(KeyCode::Char('u'), KeyModifiers::CONTROL));
    type_str(&mut app, "b:2");
    send(&mut app, key(KeyCode::Enter, KeyModifiers::NONE));
    send(&mut app, key(KeyCode::Char('u'), KeyModifiers::CONTROL));
    type_str(&mut app, "draft");
    let up = key(KeyCode::Up, KeyModifiers::NONE);
    let down = key(KeyCode::Down, KeyModifiers::NONE);
    send(&mut app, up);
    assert_eq!(app.input.text(), "b:2");
    send(&mut app, up);
    assert_eq!(app.input.text(), "a:1");
    send(&mut app, up);
    assert_eq!(app.input.text(), "a:1");
    send(&mut app, down);
    assert_eq!(app.input.text(), "b:2");
    send(&mut app, down);
    assert_eq!(app.input.text(), "draft");
}

#[test]
fn tab_cycles_focus_and_view_keys_do_not_type() {
    let mut app = App::new("x", None);
    send(&mut app, key(KeyCode::Tab, KeyModifiers::NONE));
    assert_eq!(app.focus, Focus::Pane(Pane::Breakdown));
    type_str(&mut app, "q");
    assert_eq!(app.input.text(), "x");
    // The ring goes on through each pane's view and then its text field,
    // then wraps.
    for focus in [
        Focus::Pane(Pane::Resolve),
        Focus::Field(Pane::Resolve),
        Focus::Pane(Pane::Compare),
        Focus::Field(Pane::Compare),
        Focus::Pane(Pane::Encode),
        Focus::Field(Pane::Encode),
        Focus::Pane(Pane::Query),
    ] {
        send(&mut app, key(KeyCode::Tab, KeyModifiers::NONE));
        assert_eq!(app.focus, focus);
    }
    send(&mut app, key(KeyCode::Tab, KeyModifiers::NONE));
    assert_eq!(app.focus, Focus::Input);
    send(&mut app, key(KeyCode::BackTab, KeyModifiers::SHIFT));
    assert_eq!(app.focus, Focus::Pane(Pane::Query));
}

#[test]
fn ctrl_y_copies_the_focused_result() {
    let mut app = App::new("http://h/%41", None);
    let mut cb = FakeClipboard::default();
    let e = send(&mut app, key(KeyCode::Char('y'), KeyModifiers::CONTROL));
    assert!(!run_effect(&mut app, e, &mut cb));
    assert_eq!(cb.copied, ["http://h/%41"]);
    assert!(app.status.as_ref().unwrap().text.contains("OSC 52"));
    // From the breakdown: the plain-text breakdown.
    send(&mut app, key(KeyCode::Tab, KeyModifiers::NONE));
    let e = send(&mut app, key(KeyCode::Char('y'), KeyModifiers::CONTROL));
    run_effect(&mut app, e, &mut cb);
    assert!(
        cb.copied[1].contains("path") && cb.copied[1].contains("\"/%41\""),
        "{}",
        cb.copied[1]
    );
    // A failing clipboard says why.
    cb.fail = Some("no display".into());
    let e = send(&mut app, key(KeyCode::Char('y'), KeyModifiers::CONTROL));
    run_effect(&mut app, e, &mut cb);
    assert!(app
        .status
        .as_ref()
        .unwrap()
        .text
        .contains("could not copy breakdown: no display"));
}

#[test]
fn copy_chooser_lists_components_and_copies_the_chosen_one() {
    let mut app = App::new("http://h/%41?q", None);
    send(&mut app, key(KeyCode::Char('o'), KeyModifiers::CONTROL));
    assert!(
        matches!(app.overlay, Some(Overlay::Copy { .. })),
        "no chooser: {:?}",
        app.overlay
    );
    let entries = app.copy_choices();
    let labels: Vec<&str> = entries.iter().map(|e| e.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "input",
            "base",
            "Markdown report (Breakdown view)",
            "Markdown report (Resolve view)",
            "Markdown report (Compare view)",
            "breakdown",
            "as trurl would print it (libcurl)",
            "scheme",
            "authority",
            "host",
            "path",
            "path (decoded)",
            "query",
            "resolved (RFC 3986)",
            "resolved (RFC 2396)",
            "normalized",
            "text encoded (unreserved)",
            "text decoded",
            "HTML report (Breakdown view)"
        ]
    );
    // Down to "path (decoded)".
    for _ in 0..11 {
        send(&mut app, key(KeyCode::Down, KeyModifiers::NONE));
    }
    let e = send(&mut app, key(KeyCode::Enter, KeyModifiers::NONE));
    let mut cb = FakeClipboard::default();
    run_effect(&mut app, e, &mut cb);
    assert_eq!(cb.copied, ["/A"]);
    assert!(app.overlay.is_none());
}

#[test]
fn examples_picker_loads_input_and_base() {
    let mut app = App::new("not-an-example", None);
    send(&mut app, key(KeyCode::F(2), KeyModifiers::NONE));
    let target = uriscope::explorer::app::examples::all()
        .iter()
        .position(|e| e.input == "/.//foo")
        .unwrap();
    for _ in 0..target {
        send(&mut app, key(KeyCode::Down, KeyModifiers::NONE));
    }
    send(&mut app, key(KeyCode::Enter, KeyModifiers::NONE));
    assert_eq!(app.input.text(), "/.//foo");
    assert_eq!(app.resolve.base.text(), "scheme:/a");
    assert!(app.overlay.is_none());
}
