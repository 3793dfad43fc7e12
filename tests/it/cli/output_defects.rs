//! Small output defects of the worst-case issue, each pinned: the Encode
//! pane's decoded row cut to fit instead of shown as `…`, no WHATWG join
//! of a line that is not UTF-8, `decode --json` with one shape for every
//! input, and JSON that is safe to `cat` to a terminal.

use uriscope::explorer::app::{update, Action, App, Pane};

use crate::support::run_uriscope;
use crate::tui::screen::screen;

#[test]
fn encode_pane_shows_the_start_of_a_long_decoded_text() {
    let long = format!("{}%20end", "abcdefghij".repeat(12));
    let mut app = App::new(&long, None);
    update(&mut app, Action::FocusField(Pane::Encode));
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

/// The Encode pane's per-character table: a space is drawn as ␠, and the `%` of an escape already in the text is data,
/// encoded as `%25` like the CLI's default.
#[test]
fn encode_table_shows_spaces_and_encodes_the_percent_of_an_escape() {
    let mut app = App::new("a %41", None);
    update(&mut app, Action::FocusField(Pane::Encode));
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
/// of the Breakdown, not only the carets under them.
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

/// `--json` left U+2028, U+2029 and some forty other
/// format characters raw, and U+2028 breaks Python's `splitlines()` on
/// the one-object-a-line output. Every character of General Category Cf,
/// Zl and Zp (by Unicode's data, through ICU) is now a `\uXXXX` escape.
#[test]
fn json_escapes_every_format_and_separator_character_u2028() {
    use icu_properties::props::GeneralCategory as G;
    let gc = icu_properties::CodePointMapData::<G>::new();
    let all: String = (0..=0x10ffff)
        .filter_map(char::from_u32)
        .filter(|&c| {
            matches!(
                gc.get(c),
                G::Format | G::LineSeparator | G::ParagraphSeparator
            )
        })
        .collect();
    assert!(all.contains(['\u{2028}', '\u{2029}', '\u{600}', '\u{e0001}']));
    let mut out = Vec::new();
    uriscope::text::json::write(&mut out, &all).expect("write to a Vec");
    let out = String::from_utf8(out).expect("UTF-8");
    assert!(
        out.is_ascii(),
        "raw: {:?}",
        out.chars().find(|c| !c.is_ascii())
    );
    let back: String = serde_json::from_str(&out).expect("JSON");
    assert_eq!(back, all);
    // The binary: one line per input, as a reader splitting on U+2028 sees it.
    let input = "http://h/a\u{2028}b\u{2029}c\u{600}d";
    for args in [
        vec!["parse", "--json", input],
        vec!["decode", "--json", input],
        vec!["normalize", "--json", input],
    ] {
        let (_, out, _) = run_uriscope(&args, b"");
        assert_eq!(
            out.split(['\n', '\u{2028}', '\u{2029}', '\u{85}']).count(),
            2,
            "{args:?}: {out}"
        );
        assert!(
            out.contains("\\u2028") && out.contains("\\u0600"),
            "{args:?}: {out}"
        );
    }
}
