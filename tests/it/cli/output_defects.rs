//! Small output defects of the worst-case issue, each pinned: the Encode
//! pane's decoded row cut to fit instead of shown as `…`, no WHATWG join
//! of a line that is not UTF-8, `decode --json` with one shape for every
//! input, and JSON that is safe to `cat` to a terminal.

use uriscope::app::{update, Action, App, Pane};

use crate::support::run_uriscope;
use crate::tui::screen::screen;

#[test]
fn encode_pane_shows_the_start_of_a_long_decoded_text() {
    let long = format!("{}%20end", "abcdefghij".repeat(12));
    let mut app = App::new(&long, None);
    update(&mut app, Action::FocusPane(Pane::Encode));
    let s = screen(&app, 80, 24);
    let row = s
        .lines()
        .find(|l| l.trim_start_matches('"').starts_with("decoded"))
        .unwrap_or_else(|| panic!("no decoded row:\n{s}"));
    assert!(row.contains("decoded   abcdefghijabcdefghij"), "{row}");
    assert!(row.contains('…'), "{row}");
}

#[test]
fn resolve_json_of_a_line_that_is_not_utf8_has_no_whatwg_target() {
    let (code, out, _) = run_uriscope(&["resolve", "--base", "http://a/b", "--json"], b"x\xff\n");
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    assert!(v["whatwg_target"].is_null(), "{out}");
    assert!(v["error"]
        .as_str()
        .is_some_and(|e| e.contains("not valid UTF-8")));
}

#[test]
fn decode_json_has_hex_and_invalid_utf8_for_every_input() {
    let (_, out, _) = run_uriscope(&["decode", "--json", "a%20b", "a%FF"], b"");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines[0]["hex"], "61 20 62");
    assert_eq!(lines[0]["invalid_utf8"], serde_json::json!([]));
    assert_eq!(lines[1]["hex"], "61 FF");
    assert_eq!(
        lines[1]["invalid_utf8"],
        serde_json::json!([{"start": 1, "end": 2}])
    );
}

#[test]
fn json_escapes_c1_bidi_and_format_characters() {
    let input = "http://h/\u{9b}31m\u{202e}\u{200d}x";
    for args in [
        vec!["parse", "--json", input],
        vec!["decode", "--json", input],
        vec!["normalize", "--json", input],
        vec!["resolve", "--base", "http://a/", "--json", input],
    ] {
        let (_, out, _) = run_uriscope(&args, b"");
        assert!(
            !out.contains(['\u{9b}', '\u{202e}', '\u{200d}']),
            "{args:?} wrote a raw hazard: {out}"
        );
        assert!(out.contains("\\u009b"), "{args:?}: {out}");
        let v: serde_json::Value =
            serde_json::from_str(out.lines().next().unwrap_or("")).expect("JSON");
        assert_eq!(v.as_object().map(|o| !o.is_empty()), Some(true));
    }
}

/// The Encode pane's per-character table: a space is drawn as ␠ (issue
/// 10, point 9), and the `%` of an escape already in the text is data,
/// encoded as `%25` like the CLI's default (issue 37, point 3).
#[test]
fn encode_table_shows_spaces_and_encodes_the_percent_of_an_escape() {
    let mut app = App::new("a %41", None);
    update(&mut app, Action::FocusPane(Pane::Encode));
    let s = screen(&app, 80, 24);
    let rows: Vec<&str> = s.lines().map(|l| l.trim_matches('"')).collect();
    assert!(rows.iter().any(|r| r.starts_with("␠      U+0020")), "{s}");
    assert!(
        rows.iter()
            .any(|r| r.starts_with("%      U+0025") && r.trim_end().ends_with("%25")),
        "{s}"
    );
}

/// The offending characters are drawn in the error style on the URI line
/// of the Breakdown, not only the carets under them (issue 10, point 8).
#[test]
fn offending_characters_are_drawn_in_the_error_style() {
    use ratatui::backend::TestBackend;
    use ratatui::style::Color;
    use ratatui::Terminal;
    let app = App::new("http://h/a b", None);
    let mut t = Terminal::new(TestBackend::new(80, 24)).expect("backend");
    t.draw(|f| f.render_widget(&app, f.area())).expect("draw");
    let buf = t.backend().buffer();
    // Row 2 is the Breakdown's URI line; the space is byte 10.
    let line: String = (0..20).map(|x| buf[(x, 2)].symbol().to_string()).collect();
    assert!(line.starts_with("http://h/a b"), "{line:?}");
    assert_eq!(buf[(10, 2)].fg, Color::Red, "the space");
    assert_ne!(buf[(9, 2)].fg, Color::Red, "the 'a' before it");
}
