//! One notation for an invisible character everywhere
//! the explorer shows one (`<U+200D>`), while what is copied stays exact.

use uriscope::explorer::app::{update, Action, App, CopySource};

use super::screen::screen;

/// An IRI with a zero-width joiner and a right-to-left override: a note
/// quotes it whole, an error quotes the override.
const INPUT: &str = "http://h/a\u{200d}b\u{202e}c";

/// Every screen line that shows an invisible character in the plain
/// notation (`\u{…}`), which the CLI uses.
fn plain_notation(s: &str) -> Vec<&str> {
    s.lines().filter(|l| l.contains("\\u{")).collect()
}

#[test]
fn the_breakdown_quotes_the_input_in_the_screen_notation() {
    // The iri note said "http://h/a\u{200d}b\u{202e}c" above an error
    // that said '<U+202E>'.
    let mut a = App::new(INPUT, None);
    update(
        &mut a,
        Action::FocusPane(uriscope::explorer::app::Pane::Breakdown),
    );
    update(&mut a, Action::Bottom);
    let s = screen(&a, 120, 50);
    assert!(plain_notation(&s).is_empty(), "{s}");
    assert!(s.contains("\"http://h/a<U+200D>b<U+202E>c\""), "{s}");
}

#[test]
fn the_copy_chooser_previews_use_the_screen_notation_and_copies_stay_exact() {
    let mut a = App::new(INPUT, None);
    a.resolve.base.set_text("http://b/\u{200b}");
    update(&mut a, Action::CopyChooser);
    let s = screen(&a, 120, 40);
    assert!(plain_notation(&s).is_empty(), "{s}");
    assert!(
        s.contains("### Resolving `http://h/a<U+200D>b<U+202E>c` against `http://b/<U+200B>`"),
        "{s}"
    );
    assert!(s.contains("breakdown"), "{s}");
    // What is copied is the report as written, in its own notation.
    let choices = a.copy_choices();
    let row = choices
        .iter()
        .position(|c| c.label.starts_with("Markdown report (Resolve"))
        .expect("the Resolve report row");
    let copied = a.copy_of(CopySource::Row(row)).expect("an entry").text;
    assert!(
        copied.starts_with("### Resolving `http://h/a\\u{200d}b\\u{202e}c`"),
        "{copied}"
    );
}

#[test]
fn a_data_url_preview_shows_invisibles_as_the_rest_of_the_screen() {
    let a = App::new("data:text/plain;charset=utf-8,a%E2%80%8Db%0D%0Ac%1B", None);
    let s = screen(&a, 100, 60);
    assert!(plain_notation(&s).is_empty(), "{s}");
    assert!(s.contains("a<U+200D>b␍"), "{s}");
    assert!(s.contains("c␛"), "{s}");
    // CR LF, one cluster, is drawn with the same pictures as CR alone.
    assert!(s.contains("b␍␊c"), "{s}");
    assert!(!s.contains("<U+000D>"), "{s}");
}
