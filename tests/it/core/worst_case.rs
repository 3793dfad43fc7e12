//! Hostile input: a run of the same error is one finding, the first error
//! alone is found without the whole report, and both agree with the full
//! analysis.

use proptest::prelude::*;
use uriscope::uri::{analyze, report::recover, ParseOptions, Severity, Span};

#[test]
fn a_run_of_100k_spaces_is_one_finding_covering_every_byte() {
    let input = format!("http://h/{}x", " ".repeat(100_000));
    let a = analyze(&input, Default::default());
    let errors: Vec<_> = a.errors().collect();
    assert_eq!(errors.len(), 1, "{:?}", &errors[..errors.len().min(3)]);
    let e = &errors[0];
    assert_eq!(e.code, "whitespace");
    assert_eq!(e.span, Span::new(9, 100_009));
    assert!(
        e.message
            .starts_with("100000 × a space (U+0020) at bytes 9..100009 are not allowed in path"),
        "{}",
        e.message
    );
}

#[test]
fn different_characters_or_a_gap_end_a_run() {
    // '<' then '>' (two characters), then a space, a valid byte, a space.
    let a = analyze("http://h/<> a ", Default::default());
    let spans: Vec<(usize, usize, &str)> = a
        .errors()
        .map(|f| (f.span.start, f.span.end, f.code.as_str()))
        .collect();
    assert_eq!(
        spans,
        [
            (9, 10, "invalid-char"),
            (10, 11, "invalid-char"),
            (11, 12, "whitespace"),
            (13, 14, "whitespace")
        ]
    );
    // A single offender keeps its one-character message.
    assert!(a
        .finding(0)
        .message
        .starts_with("'<' at byte 9 is not allowed"));
}

#[test]
fn runs_do_not_cross_components() {
    let a = analyze("http://h/  ?  #  ", Default::default());
    let spans: Vec<Span> = a.errors().map(|f| f.span).collect();
    assert_eq!(
        spans,
        [Span::new(9, 11), Span::new(12, 14), Span::new(15, 17)]
    );
}

proptest! {
    /// Error spans, runs included, stay inside the input, on character
    /// boundaries, in input order and without overlapping.
    #[test]
    fn coalesced_errors_cover_what_they_did(s in "[a /<>%é\u{7}?#:@\\[\\]]{0,40}") {
        let a = analyze(&s, Default::default());
        for f in a.errors() {
            prop_assert!(f.span.start < f.span.end && f.span.end <= s.len());
            prop_assert!(s.is_char_boundary(f.span.start) && s.is_char_boundary(f.span.end));
        }
        // Spans never overlap and are in input order.
        let spans: Vec<Span> = a.findings().filter(|f| f.severity == Severity::Error).map(|f| f.span).collect();
        for w in spans.windows(2) {
            prop_assert!(w[0].end <= w[1].start, "{:?}", spans);
        }
    }

    /// `recover` delimits the components as `analyze` does and finds its
    /// first error, with the same message.
    #[test]
    fn recover_agrees_with_analyze(s in "[a-z/<> %:@?#\\[\\]é.]{0,40}", iri in any::<bool>()) {
        let options = ParseOptions::new().iri(iri);
        let a = analyze(&s, options);
        let (u, first) = recover(&s, options);
        prop_assert_eq!(u, a.uri);
        let expected = a.errors().next();
        prop_assert_eq!(first, expected);
    }
}

/// `extract` reads its input piece by piece: on a text of several pieces,
/// with bracketed URIs broken over lines everywhere (so some straddle
/// where a piece could end), it finds what the one-piece search finds, at
/// the same offsets, lines and columns.
#[test]
fn extract_in_pieces_finds_what_the_whole_text_holds() {
    let mut text = String::new();
    let mut i = 0;
    while text.len() < 2_600_000 {
        match i % 4 {
            0 => text.push_str(&format!("see <http://a.example/p{i}/\n  q{i}> é\n")),
            1 => text.push_str(&format!("bare http://b.example/{i}, then \"x:y{i}\"\n")),
            2 => text.push_str(&format!("www.w3.org/Addressing/{i} <URL:mailto:u{i}@h> ")),
            _ => text.push_str("\n\n"),
        }
        i += 1;
    }
    let (code, out, err) = crate::support::run_uriscope(&["extract", "--json"], text.as_bytes());
    assert_eq!(code, 0, "{err}");
    let got: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let want = uriscope::uri::extract::extract(&text);
    assert_eq!(got.len(), want.len());
    let mut at = uriscope::uri::extract::LineCols::new(&text);
    for (g, w) in got.iter().zip(&want) {
        let (line, column) = at.advance(w.span.start);
        assert_eq!(g["uri"], w.uri.as_str());
        assert_eq!(g["start"], w.span.start);
        assert_eq!(g["end"], w.span.end);
        assert_eq!(
            (g["line"].as_u64(), g["column"].as_u64()),
            (Some(line as u64), Some(column as u64))
        );
    }
}

/// A 64 KB input with an error every few bytes: the report lists each one
/// and writes a message when asked.
#[test]
fn a_report_of_an_error_dense_64k_input_lists_every_finding() {
    let mut s = String::from("data:text/html,");
    while s.len() < 65_536 {
        s.push_str("<p>hello world </p>");
    }
    let r = uriscope::uri::analyze(&s, Default::default());
    assert!(r.len() > 10_000, "{}", r.len());
    assert_eq!(
        r.marks().filter(|m| m.code == "invalid-char").count()
            + r.marks().filter(|m| m.code == "whitespace").count(),
        r.len()
    );
    assert!(
        r.finding(0).message.starts_with("'<' at byte 15"),
        "{}",
        r.finding(0).message
    );
}

/// The tui fuzz program's repeat step pastes the last paste again, up to
/// 64 KB, so the target reaches the inputs this file is about.
#[test]
fn the_tui_program_repeats_a_paste_up_to_64k() {
    let mut p = crate::tui::tui_program::pasted(b"<p> ");
    p.push(0xe6); // op 6, high bits 7: 4^7 times, capped
    let (app, _, _) = crate::tui::tui_program::run(&p);
    let len = app.input.text().len();
    assert!(
        len > 60_000 && len <= 4 + crate::tui::tui_program::MAX_PASTE,
        "{len}"
    );
    // Without high bits, op 6 still does nothing.
    let mut q = crate::tui::tui_program::pasted(b"<p> ");
    q.push(0x06);
    assert_eq!(crate::tui::tui_program::run(&q).0.input.text(), "<p> ");
}
