//! Columns by display width: a wide character, an escape or a long span
//! stays in its column, a style runs under its value only, a label stands
//! apart from its field, a diagram's label clear of the scrollbar.

use crate::tui::screen::press;
use crossterm::event::{KeyCode, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Modifier;
use ratatui::Terminal;
use unicode_width::UnicodeWidthStr;
use uriscope::explorer::app::{update, Action, App, Pane};

/// The app drawn into a `w`x`h` TestBackend.
fn drawn(app: &App, w: u16, h: u16) -> Buffer {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test backend");
    t.draw(|f| f.render_widget(app, f.area())).expect("draw");
    t.backend().buffer().clone()
}

/// Row `y` of `b` as text, the cells a wide character hides skipped.
fn row(b: &Buffer, y: u16) -> String {
    let mut out = String::new();
    let mut x = 0;
    while x < b.area.width {
        let s = b[(x, y)].symbol();
        out.push_str(s);
        x += u16::try_from(s.width().max(1)).unwrap_or(1);
    }
    out
}

/// The display column of `needle` in `line`.
fn col(line: &str, needle: &str) -> Option<usize> {
    line.find(needle).map(|i| line[..i].width())
}

/// The rows of `b` as text.
fn rows(b: &Buffer) -> Vec<String> {
    (0..b.area.height).map(|y| row(b, y)).collect()
}

#[test]
fn the_breakdown_table_underlines_the_value_not_its_padding() {
    let a = App::new("http://user@h/p#frag", None);
    let b = drawn(&a, 80, 40);
    let lines = rows(&b);
    for name in ["  userinfo", "fragment  "] {
        let y = lines
            .iter()
            .position(|l| l.starts_with(name) && l.contains(".."))
            .unwrap_or_else(|| panic!("no {name} row: {lines:#?}"));
        let value = if name.contains("userinfo") {
            "user"
        } else {
            "frag"
        };
        let x = 11 + col(&lines[y][11..], value).expect("the value") as u16;
        let under = |x: u16| {
            b[(x, y as u16)]
                .style()
                .add_modifier
                .contains(Modifier::UNDERLINED)
        };
        assert!((x..x + 4).all(under), "{name}: the value is underlined");
        assert!(!under(x + 4), "{name}: the padding after it is not");
    }
}

#[test]
fn a_wide_character_in_a_value_keeps_the_bytes_column_of_parse() {
    let (_, text, _) = crate::support::run_uriscope(&["parse", "http://例え.jp/パス"], b"");
    let cols: Vec<usize> = text
        .lines()
        .filter(|l| l.starts_with("  ") && l.contains('"'))
        .filter_map(|l| {
            let end = l.rfind('"')?;
            let rest = &l[end + 1..];
            let span = rest.trim_start();
            Some(l[..end + 1].width() + rest.len() - span.len())
        })
        .collect();
    assert!(cols.len() >= 3, "{text}");
    assert!(cols.iter().all(|&c| c == cols[0]), "{cols:?}\n{text}");
}

#[test]
fn an_escaped_character_stays_in_the_encode_tables_char_column() {
    let mut a = App::new("a\u{200d}b", None);
    update(&mut a, Action::FocusPane(Pane::Encode));
    let lines = rows(&drawn(&a, 80, 40));
    let head = lines
        .iter()
        .find(|l| l.starts_with("char") && l.contains("code"))
        .expect("the table's heading");
    let code_col = col(head, "code").unwrap();
    let mut seen = 0;
    let at = lines.iter().position(|l| l == head).unwrap();
    for l in lines[at..].iter().filter(|l| l.contains("U+")) {
        let code = l.rfind(" U+").map(|i| l[..=i].width());
        assert_eq!(code, Some(code_col), "{l:?} under {head:?}");
        seen += 1;
    }
    assert_eq!(seen, 3, "{lines:#?}");
    assert!(
        lines.iter().any(|l| l.starts_with("<U+200D> ")),
        "{lines:#?}"
    );
}

#[test]
fn the_new_pair_fields_label_stands_apart_from_its_text() {
    let mut a = App::new("http://h/?x=1", None);
    update(&mut a, Action::FocusPane(Pane::Query));
    press(&mut a, KeyCode::Char('a'), KeyModifiers::NONE);
    for c in "k=v".chars() {
        press(&mut a, KeyCode::Char(c), KeyModifiers::NONE);
    }
    let lines = rows(&drawn(&a, 80, 24));
    assert!(
        lines.iter().any(|l| l.contains("new query pair k=v")),
        "{lines:#?}"
    );
    assert!(!lines.iter().any(|l| l.contains("pairk=v")), "{lines:#?}");
}

#[test]
fn a_megabyte_input_keeps_its_spans_in_the_bytes_column() {
    // A query and a fragment after a 1 MB path: spans of 7-digit numbers.
    let input = format!("http://example.com/{}?qq#ff", "a".repeat(1_000_000));
    let a = App::new(&input, None);
    let lines = rows(&drawn(&a, 80, 30));
    let head = lines
        .iter()
        .find(|l| l.starts_with("component"))
        .expect("the table's heading");
    let bytes_end = col(head, "bytes").unwrap() + 5;
    for (name, span) in [
        ("path ", "18..1000019"),
        ("query ", "1000020..1000022"),
        ("fragment ", "1000023..1000025"),
    ] {
        let row = lines
            .iter()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("no {name} row: {lines:#?}"));
        let at = col(row, span).unwrap_or_else(|| panic!("{row:?}"));
        assert_eq!(at + span.len(), bytes_end, "{row:?} under {head:?}");
        // The decoded cell and the span are a space apart at least.
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert!(cells.contains(&span), "{row:?}");
    }
}

#[test]
fn findings_of_one_kind_are_counted_in_the_singular() {
    let a = App::new(INPUT_ONE_KIND, None);
    let lines = rows(&drawn(&a, 80, 60));
    assert!(
        lines.iter().any(|l| l.contains(" in 1 kind (")),
        "{lines:#?}"
    );
    assert!(!lines.iter().any(|l| l.contains("1 kinds")), "{lines:#?}");
}

#[test]
fn the_diagrams_last_label_stands_clear_of_the_scrollbar() {
    // A URI as wide as the view: its fragment label is moved in from the
    // edge, one column clear of the scrollbar.
    let input = format!("http://example.com/{}#frag", "p".repeat(55));
    assert_eq!(input.len(), 79);
    let a = App::new(&input, None);
    let lines = rows(&drawn(&a, 80, 24));
    let label = lines
        .iter()
        .find(|l| l.contains("fragment") && !l.starts_with("fragment"))
        .expect("the fragment label");
    let end = col(label, "fragment").unwrap() + "fragment".len();
    assert!(end <= 78, "{label:?}");
}

/// Three findings of one kind (bad-percent).
const INPUT_ONE_KIND: &str = "http://h/%zz%zz%zz";
