//! Unit tests of the pieces: the `%XX` reader, the base64 scan's counts,
//! header splitting, and the preview's type choice.

use super::scan::{b64_decoded_len, PctIter, Sink};
use super::*;

fn units(s: &str) -> Vec<(u8, usize, bool, bool)> {
    PctIter::new(s.as_bytes(), Span::new(0, s.len()))
        .map(|u| (u.byte, u.start, u.escaped, u.malformed))
        .collect()
}

#[test]
fn pct_iter_decodes_and_flags() {
    assert_eq!(
        units("a%41%4%%zz"),
        [
            (b'a', 0, false, false),
            (b'A', 1, true, false),
            (b'%', 4, false, true),
            (b'4', 5, false, false),
            (b'%', 6, false, true),
            (b'%', 7, false, true),
            (b'z', 8, false, false),
            (b'z', 9, false, false),
        ]
    );
    // An escape cut by the end of the span is malformed.
    let s = "%41";
    let v: Vec<_> = PctIter::new(s.as_bytes(), Span::new(0, 2)).collect();
    assert!(v[0].malformed);
}

#[test]
fn decoded_len_of_base64_symbols() {
    for (n, len) in [(0, 0), (1, 0), (2, 1), (3, 2), (4, 3), (6, 4), (8, 6)] {
        assert_eq!(b64_decoded_len(n), len, "{n}");
    }
}

#[test]
fn sink_caps_and_sorts() {
    let mut sink = Sink::default();
    for i in (0..MAX_FINDINGS + 5).rev() {
        sink.push(
            Span::empty(i),
            Severity::Note,
            crate::Code::DataSyntax,
            || i.to_string(),
        );
    }
    let (list, omitted) = sink.finish();
    assert_eq!((list.len(), omitted), (MAX_FINDINGS, 5));
    assert!(list.windows(2).all(|w| w[0].span.start <= w[1].span.start));
}

#[test]
fn header_split_respects_quotes() {
    let s = r#"data:a/b;x="1;2";y=3,d"#;
    let d = analyze(s).unwrap().unwrap();
    let names: Vec<_> = d.parameters.iter().map(|p| p.attribute.as_str()).collect();
    assert_eq!(names, ["x", "y"]);
    assert_eq!(d.parameters[0].value.as_deref(), Some("1;2"));
    assert_eq!(d.parameters[1].value.as_deref(), Some("3"));
}

#[test]
fn base64_marker_span_and_media_span() {
    let s = "data:text/plain;charset=utf-8;base64,SGk=";
    let d = analyze(s).unwrap().unwrap();
    assert_eq!(d.base64.unwrap().slice(s), "base64");
    assert_eq!(d.media_type.span.slice(s), "text/plain;charset=utf-8");
    assert_eq!(d.header.slice(s), "text/plain;charset=utf-8;base64");
    // `data:base64,` is a type without a subtype, not base64.
    let s = "data:base64,SGk=";
    let d = analyze(s).unwrap().unwrap();
    assert!(!d.is_base64());
    assert_eq!(d.findings[0].code, "data-no-subtype");
    // `data:;base64,`: type omitted, base64.
    let s = "data:;base64,SGk=";
    let d = analyze(s).unwrap().unwrap();
    assert!(d.is_base64() && d.media_type.defaulted);
    assert_eq!(d.media_type.span, Span::new(5, 5));
}

#[test]
fn text_types() {
    let mt = |s: &str| {
        let u = format!("data:{s},x");
        let d = analyze(&u).unwrap().unwrap();
        preview::is_text(
            &d.media_type,
            d.charset.as_ref().is_some_and(|c| !c.defaulted),
        )
    };
    for t in [
        "",
        "text/csv",
        "application/json",
        "application/ld+json",
        "image/svg+xml",
        "application/javascript",
        "application/x-thing;charset=utf-8",
    ] {
        assert!(mt(t), "{t}");
    }
    for t in [
        "image/png",
        "application/octet-stream",
        "application/pdf",
        "font/woff2",
    ] {
        assert!(!mt(t), "{t}");
    }
}

#[test]
fn payload_for_a_foreign_input_does_not_panic() {
    let s = "data:;base64,QUJDRA==";
    let d = analyze(s).unwrap().unwrap();
    let p = decode_payload(&d, "data:");
    assert!(p.bytes.is_empty());
    let _ = preview(&d, "dat\u{e9}", &PreviewOptions::default());
}
