//! IRIs as the binary shows them: the breakdown's headline, and the
//! invisible-character tables beside Unicode's data and the explorer's.

use uriscope::uri::iri::{is_bidi_control, is_invisible, is_space_separator};

/// Regression: `uriscope 'https://münchen.de/straße?q=ü' | cat`
/// said "valid no", and `parse --iri` said "(uri reference)" with the `iri`
/// note tagged "(path)" although it covers the whole input; and `parse` without `--iri` said "valid no" and nothing of IRIs;
/// it now gives the same verdict (and exits 1: it is not a URI).
#[test]
fn plain_breakdown_of_an_iri_has_the_iri_headline() {
    let iri = "https://münchen.de/straße?q=ü";
    let headline = "  valid IRI (RFC 3987) — not a URI; URI form: \
                    https://xn--mnchen-3ya.de/stra%C3%9Fe?q=%C3%BC\n";
    for (args, status) in [
        (vec![iri], 0),
        (vec!["parse", "--iri", iri], 0),
        (vec!["parse", iri], 1),
    ] {
        let (code, out, _) = crate::support::run_uriscope(&args, b"");
        assert_eq!(code, status, "{args:?}: {out}");
        assert!(out.contains(headline), "{args:?}: {out}");
        assert!(!out.contains("(uri reference)"), "{args:?}: {out}");
    }
    for args in [vec![iri], vec!["parse", "--iri", iri]] {
        let (_, out, _) = crate::support::run_uriscope(&args, b"");
        let note = out.lines().find(|l| l.contains("note iri")).unwrap();
        assert!(note.ends_with("(IRI-reference)"), "{note}");
    }
    // A URI keeps its headline.
    let (_, out, _) = crate::support::run_uriscope(&["parse", "http://a/"], b"");
    assert!(out.contains("\n  valid URI (RFC 3986 §3)\n"), "{out}");
}

/// The General_Category of `c` by ICU's data.
fn category(c: char) -> icu_properties::props::GeneralCategory {
    use icu_properties::props::GeneralCategory;
    icu_properties::CodePointMapData::<GeneralCategory>::new().get(c)
}

/// `is_invisible` is every Cf, Zl and Zp character by Unicode's data, plus
/// the invisible characters of other categories it names; and
/// `is_space_separator` is Zs without U+0020. For every scalar value.
#[test]
fn invisible_and_space_tables_agree_with_unicode_general_category() {
    use icu_properties::props::GeneralCategory as G;
    let other_invisible = |c: char| {
        matches!(c, '\u{034f}' | '\u{115f}' | '\u{1160}' | '\u{180b}'..='\u{180d}' | '\u{180f}'
            | '\u{3164}' | '\u{fe00}'..='\u{fe0f}' | '\u{ffa0}' | '\u{e0000}'..='\u{e007f}'
            | '\u{e0100}'..='\u{e01ef}')
    };
    for c in (0..=0x10ffff).filter_map(char::from_u32) {
        let g = category(c);
        let format = matches!(g, G::Format | G::LineSeparator | G::ParagraphSeparator);
        assert_eq!(
            is_invisible(c),
            format || other_invisible(c),
            "U+{:04X} ({g:?})",
            c as u32
        );
        assert_eq!(
            is_space_separator(c),
            g == G::SpaceSeparator && c != ' ',
            "U+{:04X} ({g:?})",
            c as u32
        );
        // The bidi controls are format characters too.
        assert!(!is_bidi_control(c) || is_invisible(c), "U+{:04X}", c as u32);
        // What the explorer draws as <U+XXXX> is invisible here.
        assert!(
            !uriscope::text::is_invisible_format(c) || is_invisible(c),
            "U+{:04X}",
            c as u32
        );
    }
}
