//! Homograph host labels as UTS #39 defines them: mixed scripts, a
//! whole-script confusable of an ASCII label, a look-alike of a well-known
//! name; a single-script label with ordinary diacritics is none of them.
//! And the `missing-scheme-colon` note on `https//host/x`.

use uriscope_core::lint::lint;
use uriscope_core::{Finding, Severity};

/// The findings of `code` that lint gives `input`.
fn found(input: &str, code: &str) -> Vec<Finding> {
    lint(input).into_iter().filter(|f| f.code == code).collect()
}

/// The homograph findings of `input`, any of the three codes.
fn homograph_codes(input: &str) -> Vec<&'static str> {
    lint(input)
        .into_iter()
        .map(|f| f.code.as_str())
        .filter(|c| {
            matches!(
                *c,
                "mixed-script-label" | "whole-script-confusable" | "confusable-name"
            )
        })
        .collect()
}

#[cfg(feature = "idna")]
#[test]
fn a_whole_script_confusable_of_an_ascii_label_names_what_it_reads_as() {
    for (input, label) in [
        ("http://аррӏе.com/", "аррӏе"),
        ("http://АРРӀЕ.com/", "АРРӀЕ"),
        ("http://xn--80ak6aa92e.com/", "xn--80ak6aa92e"),
        ("https://www.аррӏе.com/login", "аррӏе"),
    ] {
        let f = found(input, "whole-script-confusable");
        assert_eq!(f.len(), 1, "{input}: {:?}", lint(input));
        assert_eq!(f[0].span.slice(input), label);
        assert_eq!(f[0].severity, Severity::Warning);
        assert!(f[0].message.contains("Cyrillic"), "{}", f[0].message);
        assert!(
            f[0].message.contains("reads as apple.com")
                || f[0].message.contains("reads as www.apple.com"),
            "{}",
            f[0].message
        );
    }
    // Any ASCII name, not only a known one: "сор" is Cyrillic for "cop".
    let f = found("http://сор.example/", "whole-script-confusable");
    assert!(
        f[0].message.contains("reads as cop.example"),
        "{}",
        f[0].message
    );
}

#[test]
fn a_label_that_mixes_scripts_is_flagged_as_before() {
    for (input, label) in [
        ("http://p\u{430}ypal.com/", "p\u{430}ypal"),
        ("http://xn--pypal-4ve.com/", "xn--pypal-4ve"),
    ] {
        if !input.is_ascii() || cfg!(feature = "idna") {
            let f = found(input, "mixed-script-label");
            assert_eq!(f.len(), 1, "{input}");
            assert_eq!(f[0].span.slice(input), label);
            assert!(
                f[0].message.contains("Latin + Cyrillic"),
                "{}",
                f[0].message
            );
        }
    }
    #[cfg(feature = "idna")]
    {
        let f = found("http://p\u{430}ypal.com/", "mixed-script-label");
        assert!(
            f[0].message.ends_with("reads as paypal.com"),
            "{}",
            f[0].message
        );
    }
}

#[cfg(feature = "idna")]
#[test]
fn a_look_alike_of_a_well_known_name_is_flagged() {
    for (input, label, name) in [
        ("http://paypa1.com/", "paypa1", "paypal"),
        (
            "http://p\u{251}yp\u{251}l.com/",
            "p\u{251}yp\u{251}l",
            "paypal",
        ),
        ("http://rnicrosoft.com/", "rnicrosoft", "microsoft"),
        ("http://\u{261}oogle.com/", "\u{261}oogle", "google"),
    ] {
        let f = found(input, "confusable-name");
        assert_eq!(f.len(), 1, "{input}: {:?}", lint(input));
        assert_eq!(f[0].span.slice(input), label);
        assert!(
            f[0].message.contains(&format!("\"{name}\"")),
            "{}",
            f[0].message
        );
        assert!(
            f[0].message.contains(&format!("reads as {name}.com")),
            "{}",
            f[0].message
        );
    }
    // The names themselves, and fullwidth spellings IDNA maps to them, are
    // those names.
    for input in [
        "http://paypal.com/",
        "http://www.apple.com/",
        "http://PayPal.de/",
        "http://ｐａｙｐａｌ.com/",
        "http://example.com/",
    ] {
        assert_eq!(homograph_codes(input), Vec::<&str>::new(), "{input}");
    }
}

#[test]
fn single_script_labels_with_ordinary_diacritics_are_not_flagged() {
    for input in [
        "http://bücher.de/",
        "http://xn--bcher-kva.de/",
        "http://münchen.de/",
        "http://xn--mnchen-3ya.de/",
        "http://résumé.example.org/",
        "http://straße.de/",
        "http://例え.テスト/",
        "http://納豆.example.org/",
        "http://ελλάδα.gr/",
        "http://москва.рф/",
        "http://Ｅｘａｍｐｌｅ.com/",
    ] {
        assert_eq!(homograph_codes(input), Vec::<&str>::new(), "{input}");
    }
}

#[cfg(feature = "idna")]
#[test]
fn uri2iri_keeps_a_look_alike_label_in_ascii() {
    use uriscope_core::iri::uri_to_iri;
    assert_eq!(
        uri_to_iri("http://xn--80ak6aa92e.com/").unwrap(),
        "http://xn--80ak6aa92e.com/"
    );
    assert_eq!(
        uri_to_iri("http://xn--bcher-kva.de/").unwrap(),
        "http://bücher.de/"
    );
}

#[test]
fn a_scheme_name_followed_by_two_slashes_gets_a_missing_colon_note() {
    for (input, meant) in [
        ("https//example.com/x", "https://example.com/x"),
        ("HTTP//example.com", "HTTP://example.com"),
        ("ftp//files.example/a", "ftp://files.example/a"),
    ] {
        let f = found(input, "missing-scheme-colon");
        assert_eq!(f.len(), 1, "{input}: {:?}", lint(input));
        assert_eq!(f[0].severity, Severity::Note);
        assert_eq!(f[0].span.start, 0);
        assert!(
            f[0].message.starts_with("missing ':' after the scheme?"),
            "{}",
            f[0].message
        );
        assert!(f[0].message.contains(meant), "{}", f[0].message);
    }
    for input in [
        "https://example.com/x",
        "notascheme//example.com",
        "a/https//b",
        "//https//x",
        "https/x//y",
        "./https//x",
    ] {
        assert!(found(input, "missing-scheme-colon").is_empty(), "{input}");
    }
}
