//! The RFC overlay (F8): in every pane it opens the
//! passage for what is under the cursor or selected, and draws the RFC's
//! own text.

use crate::tui::screen::sizes;
use crate::tui::screen::{press, screen};
use crossterm::event::{KeyCode, KeyModifiers};
use uriscope::explorer::app::citation::current;
use uriscope::explorer::app::{update, Action, App, Overlay, Pane};

fn on(input: &str, pane: Pane) -> App {
    let mut a = App::new(input, None);
    update(&mut a, Action::FocusPane(pane));
    a
}

fn f8(a: &mut App) {
    press(a, KeyCode::F(8), KeyModifiers::NONE);
}

fn cited(a: &App) -> Vec<String> {
    current(a).cites.iter().map(ToString::to_string).collect()
}

#[test]
fn the_input_line_cites_the_rule_an_error_names() {
    // A space in the path: the path rule, then the code's sections.
    let mut a = App::new("http://a/b c", None);
    let c = current(&a);
    assert_eq!(c.rule, Some("path"));
    assert_eq!(cited(&a)[0], "RFC 3986 §3.3");
    assert!(c.about.contains("whitespace at byte 10"), "{c:?}");
    // A bad port: the port rule.
    a.input.set_text("http://h:8x/");
    assert_eq!(current(&a).rule, Some("port"));
    assert_eq!(cited(&a)[0], "RFC 3986 §3.2.3");
    // A zone ID: RFC 6874.
    a.input.set_text("http://[fe80::1%25]/");
    assert_eq!(cited(&a)[0], "RFC 6874 §2");
}

#[test]
fn the_input_line_without_errors_cites_the_component_under_the_cursor() {
    let mut a = App::new("http://example.com:8080/p?q#f", None);
    // The editor's cursor starts at the end: the fragment.
    assert_eq!(current(&a).rule, Some("fragment"));
    press(&mut a, KeyCode::Home, KeyModifiers::NONE);
    assert_eq!(current(&a).rule, Some("scheme"));
    assert_eq!(cited(&a)[0], "RFC 3986 §3.1");
    for _ in 0..8 {
        press(&mut a, KeyCode::Right, KeyModifiers::NONE);
    }
    assert_eq!(cited(&a)[0], "RFC 3986 §3.2.2", "{:?}", current(&a));
}

#[test]
fn the_input_line_cites_the_component_under_the_cursor_before_an_error_elsewhere() {
    let mut a = App::new("http://h:80x/%zz#a#b", None);
    // At the line's end the cursor is on nothing: the first error.
    assert_eq!(cited(&a)[0], "RFC 3986 §3.2.3", "{:?}", current(&a));
    press(&mut a, KeyCode::Home, KeyModifiers::NONE);
    press(&mut a, KeyCode::Right, KeyModifiers::NONE);
    let c = current(&a);
    assert_eq!(c.rule, Some("scheme"), "{c:?}");
    assert_eq!(cited(&a)[0], "RFC 3986 §3.1");
    assert_eq!(c.about, "the scheme");
    // On the host: the host's rule, not the port's error.
    for _ in 0..6 {
        press(&mut a, KeyCode::Right, KeyModifiers::NONE);
    }
    assert_eq!(cited(&a)[0], "RFC 3986 §3.2.2", "{:?}", current(&a));
    // On the port's bad character itself: its finding.
    for _ in 0..4 {
        press(&mut a, KeyCode::Right, KeyModifiers::NONE);
    }
    assert!(current(&a).about.contains("at byte"), "{:?}", current(&a));
}

#[test]
fn the_breakdown_cites_the_selected_row() {
    let mut a = on("http://u@h:1/p?q#f", Pane::Breakdown);
    let mut seen = Vec::new();
    for _ in 0..7 {
        seen.push(cited(&a)[0].clone());
        press(&mut a, KeyCode::Down, KeyModifiers::NONE);
    }
    assert_eq!(
        seen,
        [
            "RFC 3986 §3.1",
            "RFC 3986 §3.2.1",
            "RFC 3986 §3.2.2",
            "RFC 3986 §3.2.3",
            "RFC 3986 §3.3",
            "RFC 3986 §3.4",
            "RFC 3986 §3.5"
        ]
    );
}

#[test]
fn resolve_cites_the_dot_segment_rule_of_the_row_else_the_branch() {
    let mut a = on("../../../g", Pane::Resolve);
    // The whole table shown: the branch taken.
    let c = current(&a);
    assert!(c.about.contains("merge"), "{c:?}");
    assert_eq!(cited(&a)[0], "RFC 3986 §5.2.2");
    // Stepped back to a row: that row's rule, §5.2.4.
    for _ in 0..10 {
        press(&mut a, KeyCode::Char('p'), KeyModifiers::CONTROL);
    }
    press(&mut a, KeyCode::Char('n'), KeyModifiers::CONTROL);
    let c = current(&a);
    assert!(c.about.starts_with("remove_dot_segments rule 2"), "{c:?}");
    assert_eq!(cited(&a), ["RFC 3986 §5.2.4"]);
    // F8 opens at that rule's paragraph of step 2.
    let letter = c.about.chars().last().unwrap();
    f8(&mut a);
    let s = screen(&a, 80, 24);
    assert!(s.contains(&format!("{letter}.  ")), "{s}");
    assert!(!s.contains("The pseudocode also refers"), "{s}");
    press(&mut a, KeyCode::Esc, KeyModifiers::NONE);
    // The RFC 2396 view: its §5.2.
    press(&mut a, KeyCode::Char('r'), KeyModifiers::CONTROL);
    assert_eq!(cited(&a)[0], "RFC 2396 §5.2");
}

#[test]
fn compare_and_encode_cite_their_rung_and_set() {
    let mut a = on("HTTP://a/%7e", Pane::Compare);
    update(&mut a, Action::Paste("http://a/~".into()));
    assert_eq!(cited(&a)[0], "RFC 3986 §6.2.2", "{:?}", current(&a));
    let a = on("a b/c", Pane::Encode);
    let c = current(&a);
    assert!(c.about.contains("encode set"), "{c:?}");
    assert!(c.rule.is_some() && !c.cites.is_empty(), "{c:?}");
}

#[test]
fn f8_opens_enter_moves_on_esc_closes() {
    let mut a = App::new("http://a/b c", None);
    f8(&mut a);
    let s = screen(&a, 80, 24);
    assert!(s.contains("RFC 3986 §3.3 1/"), "{s}");
    assert!(s.contains("3.3.  Path"), "{s}");
    assert!(s.contains("path          = path-abempty"), "{s}");
    press(&mut a, KeyCode::Enter, KeyModifiers::NONE);
    let s = screen(&a, 80, 24);
    assert!(s.contains(" 2/"), "{s}");
    // Scrolling moves the text.
    let before = screen(&a, 80, 24);
    press(&mut a, KeyCode::PageDown, KeyModifiers::NONE);
    assert_ne!(before, screen(&a, 80, 24));
    press(&mut a, KeyCode::Esc, KeyModifiers::NONE);
    assert!(a.overlay.is_none());
    // F8 again closes it too.
    f8(&mut a);
    assert!(matches!(a.overlay, Some(Overlay::Rfc { .. })));
    f8(&mut a);
    assert!(a.overlay.is_none());
}

#[test]
fn an_rfc_not_shipped_is_named_not_drawn() {
    let mut a = App::new("http:", None);
    // Whatever the finding under the cursor, an RFC cited but not shipped
    // is said so in the overlay.
    a.overlay = Some(Overlay::Rfc {
        citation: uriscope::explorer::app::citation::Citation {
            about: "a test".into(),
            rule: None,
            cites: uriscope::spec::cite("RFC 9110 §4.2.1"),
            find: None,
        },
        which: 0,
        scroll: 0,
    });
    let s = screen(&a, 80, 24);
    assert!(
        s.contains("RFC 9110 (HTTP Semantics) is cited; its text is not shipped"),
        "{s}"
    );
}

sizes!(rfc_overlay_on_a_path_error, {
    let mut a = App::new("http://a/b c", None);
    f8(&mut a);
    a
});
sizes!(rfc_overlay_on_a_dot_segment_row, {
    let mut a = on("../../../g", Pane::Resolve);
    for _ in 0..10 {
        press(&mut a, KeyCode::Char('p'), KeyModifiers::CONTROL);
    }
    press(&mut a, KeyCode::Char('n'), KeyModifiers::CONTROL);
    f8(&mut a);
    a
});

/// The copy chooser offers the Markdown report of the
/// shown view, its rows following the entries one for one.
#[test]
fn the_copy_chooser_offers_the_markdown_report_of_the_view() {
    use uriscope::explorer::app::Effect;
    let mut a = App::new("http://u:secret@h/a b", None);
    for (pane, heading) in [
        (Pane::Breakdown, "### `http://u:****@h/a b`"),
        (Pane::Resolve, "### Resolving `http://u:****@h/a b` against"),
        (Pane::Compare, "### Normalizing `http://u:****@h/a b`"),
    ] {
        update(&mut a, Action::FocusPane(pane));
        update(&mut a, Action::CopyChooser);
        assert!(
            matches!(a.overlay, Some(Overlay::Copy { .. })),
            "no chooser"
        );
        let entries = a.copy_choices();
        let label = format!("Markdown report ({} view)", pane.title());
        let row = entries
            .iter()
            .position(|c| c.label == label)
            .expect("a Markdown row for the view");
        for _ in 0..row {
            update(&mut a, Action::ListDown);
        }
        match update(&mut a, Action::ListPick) {
            Effect::Copy(source) => {
                let e = a.copy_of(source).expect("the report");
                assert!(e.text.starts_with(heading), "{pane:?}: {}", e.text);
                assert!(!e.text.contains("secret"), "{}", e.text);
            }
            other => panic!("{other:?}"),
        }
    }
}
