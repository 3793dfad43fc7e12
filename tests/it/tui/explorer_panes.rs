//! The pure update of the Resolve, Normalize & compare and Encode/decode
//! panes, driven through the key table: stepping clamps at both ends, the
//! toggles, editing the base re-resolves, switching the encode set
//! re-encodes, the panes' fields take typed text.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use uriscope::explorer::app::keymap::{self, Context};
use uriscope::explorer::app::{compare, encode, resolve, update, Action, App, Effect, Focus, Pane};

fn send(app: &mut App, code: KeyCode, mods: KeyModifiers) -> Effect {
    match keymap::action_for(app, &KeyEvent::new(code, mods)) {
        Some(a) => update(app, a),
        None => Effect::None,
    }
}

fn ctrl(app: &mut App, c: char) -> Effect {
    send(app, KeyCode::Char(c), KeyModifiers::CONTROL)
}

fn type_str(app: &mut App, s: &str) {
    for c in s.chars() {
        send(app, KeyCode::Char(c), KeyModifiers::NONE);
    }
}

fn on(input: &str, pane: Pane) -> App {
    let mut a = App::new(input, None);
    update(&mut a, Action::FocusField(pane));
    a
}

/// Rows of the stepped table shown now.
fn shown(app: &App) -> usize {
    resolve::shown(&app.resolve, resolve::table_len(app))
}

#[test]
fn stepping_clamps_at_both_ends() {
    // `../../../g` against http://a/b/c/d;p?q: six remove_dot_segments rows
    // (E E C C C E), all shown until stepping starts.
    let mut app = on("../../../g", Pane::Resolve);
    assert_eq!(resolve::table_len(&app), 6);
    assert_eq!(shown(&app), 6);
    ctrl(&mut app, 'n');
    assert_eq!(shown(&app), 6, "forward at the end stays at the end");
    ctrl(&mut app, 'p');
    assert_eq!(shown(&app), 5);
    for _ in 0..10 {
        ctrl(&mut app, 'p');
    }
    assert_eq!(shown(&app), 0, "back at the start stays at the start");
    ctrl(&mut app, 'n');
    ctrl(&mut app, 'n');
    assert_eq!(shown(&app), 2);
    // Alt-arrows do the same.
    send(&mut app, KeyCode::Down, KeyModifiers::ALT);
    assert_eq!(shown(&app), 3);
    send(&mut app, KeyCode::Up, KeyModifiers::ALT);
    assert_eq!(shown(&app), 2);
    // The step keys were not typed into the base field.
    assert_eq!(app.resolve.base.text(), "http://a/b/c/d;p?q");
    assert_eq!(app.status.as_ref().unwrap().text, "row 2 of 6");
}

#[test]
fn stepping_works_from_the_input_line_too() {
    let mut app = App::new("../../../g", None);
    update(&mut app, Action::FocusField(Pane::Resolve));
    update(&mut app, Action::FocusInput);
    assert_eq!(app.pane, Pane::Resolve);
    ctrl(&mut app, 'p');
    assert_eq!(shown(&app), 5);
    assert_eq!(app.input.text(), "../../../g");
}

#[test]
fn rfc2396_toggle_switches_the_table_and_resets_the_step() {
    let mut app = on("../../../g", Pane::Resolve);
    ctrl(&mut app, 'p');
    ctrl(&mut app, 'r');
    assert!(app.resolve.rfc2396);
    let r = resolve::resolution_2396(&app).unwrap();
    assert_eq!(r.target, "http://a/../g");
    assert_eq!(resolve::table_len(&app), r.steps.len());
    assert_eq!(shown(&app), r.steps.len(), "a toggle shows the whole table");
    assert_eq!(resolve::resolution(&app).unwrap().target, "http://a/g");
    send(&mut app, KeyCode::F(5), KeyModifiers::NONE);
    assert!(!app.resolve.rfc2396);
    assert_eq!(resolve::table_len(&app), 6);
}

#[test]
fn compat_toggle_changes_http_g() {
    let mut app = on("http:g", Pane::Resolve);
    assert_eq!(resolve::resolution(&app).unwrap().target, "http:g");
    ctrl(&mut app, 't');
    assert!(app.resolve.compat);
    assert_eq!(resolve::resolution(&app).unwrap().target, "http://a/b/c/g");
    send(&mut app, KeyCode::F(6), KeyModifiers::NONE);
    assert_eq!(resolve::resolution(&app).unwrap().target, "http:g");
}

#[test]
fn editing_the_base_re_resolves() {
    let mut app = on("../g", Pane::Resolve);
    assert_eq!(resolve::resolution(&app).unwrap().target, "http://a/b/g");
    ctrl(&mut app, 'p');
    ctrl(&mut app, 'u');
    assert_eq!(app.resolve.base.text(), "");
    assert!(
        resolve::resolution(&app).is_err(),
        "an empty base has no scheme"
    );
    type_str(&mut app, "https://x/1/2/3");
    assert_eq!(app.resolve.base.text(), "https://x/1/2/3");
    assert_eq!(app.input.text(), "../g", "typing went to the base field");
    assert_eq!(resolve::resolution(&app).unwrap().target, "https://x/1/g");
    assert_eq!(
        shown(&app),
        resolve::table_len(&app),
        "an edit shows every row again"
    );
    // Up/Down in the base field do not walk the input history.
    send(&mut app, KeyCode::Up, KeyModifiers::NONE);
    assert_eq!(app.input.text(), "../g");
    // Undo in the base field.
    ctrl(&mut app, 'z');
    assert_eq!(app.resolve.base.text(), "https://x/1/2/");
}

#[test]
fn switching_the_encode_set_re_encodes() {
    let mut app = on("a b/c?d&e", Pane::Encode);
    // The CLI's default set.
    assert_eq!(app.encode.encode_set().name, "unreserved");
    assert_eq!(encode::encoded(&app), "a%20b%2Fc%3Fd%26e");
    for _ in 0..4 {
        ctrl(&mut app, 'p');
    }
    assert_eq!(app.encode.encode_set().name, "path");
    assert_eq!(encode::encoded(&app), "a%20b/c%3Fd&e");
    ctrl(&mut app, 'n');
    assert_eq!(app.encode.encode_set().name, "query");
    assert_eq!(encode::encoded(&app), "a%20b/c?d&e");
    ctrl(&mut app, 'n');
    assert_eq!(app.encode.encode_set().name, "query-param");
    assert_eq!(encode::encoded(&app), "a%20b/c?d%26e");
    for _ in 0..4 {
        ctrl(&mut app, 'p');
    }
    assert_eq!(app.encode.encode_set().name, "segment");
    assert_eq!(encode::encoded(&app), "a%20b%2Fc%3Fd&e");
    // The chooser wraps around both ways.
    let n = uriscope::uri::percent::encode_set::ALL.len();
    for _ in 0..n {
        ctrl(&mut app, 'n');
    }
    assert_eq!(app.encode.encode_set().name, "segment");
}

#[test]
fn the_codec_field_follows_the_input_until_edited() {
    let mut app = App::new("x", None);
    type_str(&mut app, "%41");
    assert_eq!(app.encode.text.text(), "x%41");
    assert_eq!(encode::decoded(&app).text(), Some("xA"));
    update(&mut app, Action::FocusField(Pane::Encode));
    type_str(&mut app, "%FF");
    assert_eq!(app.encode.text.text(), "x%41%FF");
    let d = encode::decoded(&app);
    assert!(!d.is_utf8());
    assert_eq!(d.hex(), "78 41 FF");
    update(&mut app, Action::FocusInput);
    type_str(&mut app, "y");
    assert_eq!(app.input.text(), "x%41y");
    assert_eq!(app.encode.text.text(), "x%41%FF", "an edited field stays");
}

#[test]
fn the_compare_field_compares() {
    let mut app = on("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", Pane::Compare);
    assert!(compare::comparison(&app).is_none());
    type_str(&mut app, "example://a/b/c/%7Bfoo%7D");
    let e = compare::comparison(&app).unwrap().uri.unwrap();
    assert_eq!(e.rung.map(|r| r.name()), Some("syntax-based"));
    assert_eq!(
        compare::normalization(&app).unwrap().normalized,
        "example://a/b/c/%7Bfoo%7D"
    );
    ctrl(&mut app, 'u');
    type_str(&mut app, "example://a/b/d");
    let e = compare::comparison(&app).unwrap().uri.unwrap();
    assert_eq!(e.rung, None);
    assert_eq!(e.differs, ["path"]);
}

#[test]
fn ctrl_y_where_there_is_nothing_to_copy_says_so() {
    use uriscope::explorer::clipboard::FakeClipboard;
    use uriscope::explorer::run_effect;
    // A base that is no absolute URI: the Resolve pane has no result.
    let mut app = on("g", Pane::Resolve);
    app.resolve.base.set_text("no base");
    assert_eq!(app.focused_copy(), None);
    let e = ctrl(&mut app, 'y');
    let mut cb = FakeClipboard::default();
    run_effect(&mut app, e, &mut cb);
    assert!(cb.copied.is_empty());
    let status = app.status.as_ref().map(|s| s.text.as_str());
    assert_eq!(status, Some("nothing to copy here"));
}

#[test]
fn copy_keys_in_the_new_panes() {
    let mut app = on("../../../g", Pane::Resolve);
    let Effect::Copy(source) = ctrl(&mut app, 'y') else {
        panic!("no copy")
    };
    let e = app.copy_of(source).expect("the pane's main result");
    assert_eq!(
        (e.label.as_str(), e.text.as_str()),
        ("resolved (RFC 3986)", "http://a/g")
    );
    update(&mut app, Action::FocusField(Pane::Compare));
    let Effect::Copy(source) = ctrl(&mut app, 'y') else {
        panic!("no copy")
    };
    let e = app.copy_of(source).expect("the pane's main result");
    assert_eq!(e.label, "normalized");
    update(&mut app, Action::FocusField(Pane::Encode));
    let Effect::Copy(source) = ctrl(&mut app, 'y') else {
        panic!("no copy")
    };
    let e = app.copy_of(source).expect("the pane's main result");
    // The text encoded with the default set (unreserved).
    assert_eq!(e.text, "..%2F..%2F..%2Fg");
    let labels: Vec<String> = app.copy_entries().iter().map(|e| e.label.clone()).collect();
    for l in [
        "resolved (RFC 3986)",
        "resolved (RFC 2396)",
        "normalized",
        "text encoded (unreserved)",
        "text decoded",
    ] {
        assert!(labels.iter().any(|x| x == l), "{l} missing from {labels:?}");
    }
}

#[test]
fn help_and_hints_list_the_pane_keys() {
    let rows = keymap::help_rows();
    assert!(rows
        .iter()
        .any(|(c, k, _)| *c == Context::Resolve && k.starts_with("Ctrl-N")));
    assert!(rows
        .iter()
        .any(|(c, k, _)| *c == Context::Encode && k.starts_with("Ctrl-N")));
    let app = on("g", Pane::Resolve);
    let hints: Vec<&str> = keymap::hints(&app).iter().map(|(_, h)| *h).collect();
    assert_eq!(&hints[..4], ["step", "back", "2396", "compat"]);
    let app = on("g", Pane::Breakdown);
    assert!(!keymap::hints(&app).iter().any(|(_, h)| *h == "step"));
}

#[test]
fn clicks_on_the_tabs_focus_the_panes() {
    let app = App::new("g", None);
    let area = Rect::new(0, 0, 80, 24);
    // " Breakdown │ Resolve │ Compare │ Encode │"
    let at = |col| uriscope::explorer::ui::click(&app, area, col, 1);
    assert_eq!(at(3), Some(Action::FocusPane(Pane::Breakdown)));
    assert_eq!(at(15), Some(Action::FocusPane(Pane::Resolve)));
    assert_eq!(at(25), Some(Action::FocusPane(Pane::Compare)));
    assert_eq!(at(35), Some(Action::FocusPane(Pane::Encode)));
    let mut app = app;
    update(&mut app, Action::FocusPane(Pane::Resolve));
    assert_eq!(app.focus, Focus::Pane(Pane::Resolve));
    // The view has focus: no cursor; a click on the base field (view row
    // 0 = screen row 2) focuses it, and the cursor sits there.
    assert_eq!(uriscope::explorer::ui::cursor(&app, area), None);
    let click = uriscope::explorer::ui::click(&app, area, 20, 2).unwrap();
    assert_eq!(click, Action::FocusField(Pane::Resolve));
    update(&mut app, click);
    assert_eq!(app.focus, Focus::Field(Pane::Resolve));
    let p = uriscope::explorer::ui::cursor(&app, area).unwrap();
    assert_eq!((p.x, p.y), (10 + 18, 2));
}

/// F2 in the Encode pane loads the example into its field too, even after
/// the field was edited.
#[test]
fn an_example_picked_from_the_encode_pane_loads_there() {
    let mut app = App::new("x", None);
    update(&mut app, Action::FocusField(Pane::Encode));
    update(&mut app, Action::Insert('!'));
    assert!(app.encode.edited);
    update(&mut app, Action::Examples);
    update(&mut app, Action::ListDown);
    update(&mut app, Action::ListPick);
    assert_eq!(app.encode.text.text(), app.input.text());
    assert_ne!(app.input.text(), "x");
    assert_eq!(app.focus, Focus::Field(Pane::Encode));
}

/// The copy chooser offers the URI form of an IRI and the IRI form of a
/// URI, each where it differs.
#[test]
fn the_copy_chooser_offers_the_uri_and_iri_forms() {
    let app = App::new("https://münchen.de/straße?q=ü", None);
    let entries = app.copy_entries();
    let uri = entries
        .iter()
        .find(|e| e.label == "URI form (RFC 3987 §3.1, punycode host)")
        .expect("a URI form entry");
    assert_eq!(uri.text, "https://xn--mnchen-3ya.de/stra%C3%9Fe?q=%C3%BC");
    // The chooser has the three Markdown reports beside the entries.
    assert_eq!(
        app.copy_choices().len(),
        entries.len() + uriscope::explorer::app::markdown::views().len() + 1,
        "and the HTML report last"
    );
    let app = App::new("http://xn--mnchen-3ya.de/stra%C3%9Fe", None);
    let entries = app.copy_entries();
    let iri = entries
        .iter()
        .find(|e| e.label == "IRI form (RFC 3987 §3.2)")
        .expect("an IRI form entry");
    assert_eq!(iri.text, "http://münchen.de/straße");
    // A plain URI has neither.
    let app = App::new("http://h/p", None);
    assert!(!app
        .copy_entries()
        .iter()
        .any(|e| e.label.contains("form (RFC 3987")));
}

/// The copy chooser offers the URL as trurl would print it, libcurl's
/// reading; not when trurl refuses it or prints it as
/// it is.
#[test]
fn the_copy_chooser_offers_the_url_as_trurl_would_print_it() {
    let label = "as trurl would print it (libcurl)";
    let app = App::new("HTTP://ex%61mple:80/a/../b?%2e%FF", None);
    let entries = app.copy_entries();
    let t = entries
        .iter()
        .find(|e| e.label == label)
        .expect("a trurl entry");
    assert_eq!(t.text, "http://example/b?.%ff");
    assert!(app.copy_choices().iter().any(|c| c.label == label));
    for plain_or_refused in ["http://h/p", "http://a b/", "http://%C2%9B/"] {
        let app = App::new(plain_or_refused, None);
        assert!(
            !app.copy_entries().iter().any(|e| e.label == label),
            "{plain_or_refused}"
        );
    }
}
