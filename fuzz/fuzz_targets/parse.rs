//! Arbitrary bytes as a URI-reference: parse (as a URI and as an IRI), analyze and split
//! never panic, and agree with each other.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uriscope_core::{analyze, parse, component::split, ParseOptions, Severity, UriRef};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    check(s);
});

fn check(s: &str) {
    let sp = split(s);
    for iri in [false, true] {
        let p = if iri { UriRef::parse_with(s, ParseOptions::new().iri(true)) } else { parse(s) };
        let a = analyze(s, ParseOptions::new().iri(iri));
        // Validity: parse succeeds exactly when analyze finds no error, and
        // parse's error is analyze's first error.
        assert_eq!(
            p.is_ok(),
            a.is_valid(),
            "parse vs analyze validity on {s:?} iri={iri}"
        );
        for f in a.findings() {
            assert!(
                f.span.start <= f.span.end && f.span.end <= s.len(),
                "span out of input"
            );
            assert!(s.is_char_boundary(f.span.start) && s.is_char_boundary(f.span.end));
            assert!(!f.message.is_empty());
        }
        match p {
            Ok(u) => {
                // On valid input, the strict parser and the Appendix B split
                // delimit the same five components.
                let t = |x: Option<uriscope_core::Span>| x.map(|x| x.slice(s));
                assert_eq!(u.scheme(), t(sp.scheme), "scheme of {s:?}");
                assert_eq!(u.authority(), t(sp.authority), "authority of {s:?}");
                assert_eq!(u.path(), sp.path.slice(s), "path of {s:?}");
                assert_eq!(u.query(), t(sp.query), "query of {s:?}");
                assert_eq!(u.fragment(), t(sp.fragment), "fragment of {s:?}");
                // Analyze delimits valid input the same way as parse.
                assert_eq!(a.uri, u);
                // §5.3 recomposition gives back the input.
                assert_eq!(u.to_string(), s);
                // The components reparse to the same reading.
                let again = if iri { UriRef::parse_with(s, ParseOptions::new().iri(true)) } else { parse(s) };
                assert_eq!(again, Ok(u));
                let _ = u.kind();
                let _ = u.segments().count();
                let _ = u.query_pairs(b'&').count();
                // A valid URI is a valid IRI.
                if !iri {
                    assert!(UriRef::parse_with(s, ParseOptions::new().iri(true)).is_ok(), "valid URI, invalid IRI: {s:?}");
                }
            }
            Err(e) => {
                // parse's error is one of analyze's errors, at the same place.
                assert!(
                    a.findings().any(|f| f.severity == Severity::Error
                        && f.code == e.code
                        && f.span.start == e.at),
                    "parse error {e:?} not among analyze's findings for {s:?}"
                );
                assert!(e.at <= s.len());
                let _ = e.to_string();
            }
        }
    }
    let _ = analyze(s, Default::default());
}
