//! The RFC overlay (F8) on what the scheme RFCs and RFC 6570 explain:
//! a `data:` finding opens RFC 2397, a URI Template
//! expression its operator's section, a scheme check its scheme's RFC,
//! each drawn from the text compiled in.

use crate::tui::screen::sizes;
use crate::tui::screen::{press, screen};
use crossterm::event::{KeyCode, KeyModifiers};
use uriscope::explorer::app::citation::{current, passage_lines};
use uriscope::explorer::app::{update, Action, App, Pane};
use uriscope::uri::template::Value;

/// The explorer on `input` with the input line's cursor at byte `at`.
fn at(input: &str, at: usize) -> App {
    let mut a = App::new(input, None);
    press(&mut a, KeyCode::Home, KeyModifiers::NONE);
    while a.input.cursor() < at {
        press(&mut a, KeyCode::Right, KeyModifiers::NONE);
    }
    assert_eq!(a.input.cursor(), at, "{input}");
    a
}

fn cited(a: &App) -> Vec<String> {
    current(a).cites.iter().map(ToString::to_string).collect()
}

fn f8(a: &mut App) {
    press(a, KeyCode::F(8), KeyModifiers::NONE);
}

#[test]
fn a_data_finding_opens_rfc_2397() {
    // `foo` is a parameter without `=value`: data-param-no-value, where
    // the lint's data-parameter stands too.
    let a = at("data:text/plain;foo,hello", 17);
    let c = current(&a);
    assert_eq!(c.about, "data-param-no-value at byte 16");
    assert_eq!(cited(&a), ["RFC 2397 §3"]);
    // A base64 error: §2 says what ;base64 means, §3 the grammar.
    let a = at("data:;base64,ab!c", 15);
    let c = current(&a);
    assert!(
        c.about.starts_with("data-base64-invalid at byte 15"),
        "{c:?}"
    );
    assert_eq!(cited(&a), ["RFC 2397 §2", "RFC 2397 §3"]);
    // No comma: the error at the end, where the cursor is after typing.
    let a = App::new("data:text/plain", None);
    assert_eq!(current(&a).about, "data-missing-comma at byte 15");
    assert_eq!(cited(&a)[0], "RFC 2397 §3");
    // The overlay draws the RFC's own text, the grammar in its notation.
    let mut a = at("data:text/plain;foo,hello", 17);
    f8(&mut a);
    let s = screen(&a, 80, 24);
    assert!(s.contains("RFC 2397 §3 · Esc closes"), "{s}");
    assert!(s.contains("dataurl    := \"data:\" [ mediatype ]"), "{s}");
    assert!(!s.contains("not shipped"), "{s}");
}

#[test]
fn a_template_expression_opens_its_operators_section() {
    let t = "http://example.com/search{?q,lang}{/path*}";
    // On the `?`.
    let a = at(t, 26);
    let c = current(&a);
    assert_eq!(c.about, "the query expression at bytes 25..34");
    assert_eq!(
        cited(&a),
        ["RFC 6570 §3.2.8", "RFC 6570 §2.2", "RFC 6570 Appendix A"]
    );
    // At the end, after the last `}`: that expression, its explode
    // modifier cited after the operator.
    let a = App::new(t, None);
    assert_eq!(
        cited(&a),
        [
            "RFC 6570 §3.2.6",
            "RFC 6570 §2.4.2",
            "RFC 6570 §2.2",
            "RFC 6570 Appendix A"
        ]
    );
    // On a literal: the generic syntax as before, the component under
    // the cursor (the scheme), not the first error elsewhere (the `{`, no
    // URI character, in the path).
    let a = at(t, 3);
    assert_eq!(current(&a).about, "the scheme", "{:?}", current(&a));
    assert_eq!(cited(&a)[0], "RFC 3986 §3.1");
    // Each passage is the RFC's text: §3.2.8 with its examples.
    let a = at(t, 26);
    let lines: Vec<String> = passage_lines(&current(&a), 0)
        .into_iter()
        .map(|(l, _)| l)
        .collect();
    assert!(
        lines.contains(&"3.2.8.  Form-Style Query Expansion: {?var}".to_string()),
        "{lines:?}"
    );
}

#[test]
fn a_template_error_opens_the_rule_it_breaks() {
    // A space in a varname: §2.3 (varname), where the template section
    // says "not a template".
    let a = at("http://h/{a b}", 11);
    let c = current(&a);
    assert!(
        c.about.starts_with("invalid-varname-char at byte 11"),
        "{c:?}"
    );
    assert_eq!(cited(&a)[0], "RFC 6570 §2.3");
    // Braces not closed: not meant as a template, the generic finding.
    let a = at("http://h/{a b", 11);
    assert!(!cited(&a)[0].starts_with("RFC 6570"), "{:?}", current(&a));
    // A reserved operator: §2.2.
    let a = at("http://h/{|a}", 10);
    assert_eq!(cited(&a)[0], "RFC 6570 §2.2");
    // A prefix on a list, known from the explorer's variables: §2.4.1.
    let mut a = at("http://h/{l:2}", 11);
    a.template_vars
        .insert("l", Value::List(vec!["a".into(), "b".into()]));
    let c = current(&a);
    assert!(
        c.about.starts_with("prefix-on-composite at byte 10"),
        "{c:?}"
    );
    assert_eq!(cited(&a)[0], "RFC 6570 §2.4.1");
}

#[test]
fn a_scheme_check_opens_its_schemes_rfc() {
    for (input, cursor, code, first) in [
        ("mailto:nobody", 8, "mailto-address", "RFC 6068 §2"),
        (
            "mailto:a@b.example?subject",
            20,
            "mailto-hfield",
            "RFC 6068 §2",
        ),
        ("tel:12345", 5, "tel-phone-context", "RFC 3966 §5.1.5"),
        (
            "tel:+1;phone-context=x",
            6,
            "tel-parameter",
            "RFC 3966 §5.1.5",
        ),
        ("urn:x:y", 4, "urn-nid", "RFC 8141 §2"),
        // The message names the case's own passage: E.2.2 for `C|`.
        (
            "file:///C|/x",
            8,
            "file-drive-letter",
            "RFC 8089 Appendix E.2.2",
        ),
        ("ws://h/#f", 8, "scheme-fragment-forbidden", "RFC 6455 §3"),
    ] {
        let a = at(input, cursor);
        let c = current(&a);
        assert!(
            c.about.starts_with(&format!("{code} at byte")),
            "{input}: {c:?}"
        );
        assert_eq!(cited(&a)[0], first, "{input}: {c:?}");
        // Every passage it names is shipped.
        assert!(c.cites.iter().all(|c| c.exists()), "{input}: {c:?}");
    }
}

#[test]
fn a_component_of_a_scheme_with_its_own_rfc_cites_it_after_rfc_3986() {
    let mut a = App::new("mailto:a@example.com", None);
    update(&mut a, Action::FocusPane(Pane::Breakdown));
    // The Breakdown's rows: scheme first.
    assert_eq!(cited(&a), ["RFC 3986 §3.1", "RFC 6068 §2"]);
    let a = App::new("http://example.com/", None);
    assert_eq!(cited(&a), ["RFC 3986 §3.3"]);
}

sizes!(rfc_overlay_on_a_data_finding, {
    let mut a = at("data:text/plain;foo,hello", 17);
    f8(&mut a);
    a
});
sizes!(rfc_overlay_on_a_template_operator, {
    let mut a = at("http://example.com/search{?q,lang}", 26);
    f8(&mut a);
    a
});
