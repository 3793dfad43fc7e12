//! Normalization (RFC 3986 §6.2.2, §6.2.3) and equivalence (§6.2) of
//! arbitrary input: the traced ladder and the one-pass fast path agree under
//! every option, the normal form is idempotent, reparses, and is equivalent
//! to the input. Input: `a '\n' b` (b is compared with a for equivalence).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uriscope_core::{analyze, compare::equivalence, normalize, parse, trace, NormalizeOptions, ParseOptions};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let (a, b) = s.split_once('\n').unwrap_or((s, s));
    for bits in 0..16u8 {
        let options = NormalizeOptions::new().syntax_only(bits & 1 != 0).ipv6_rfc5952(bits & 2 != 0).keep_encoded_dots(bits & 4 != 0).iri(bits & 8 != 0);
        let ladder = trace::normalize(a, options);
        let fast = normalize(a, options);
        match (&ladder, &fast) {
            (Ok(l), Ok(f)) => {
                assert_eq!(&l.normalized, f, "ladder vs fast on {a:?} {options:?}");
                // An IRI's normal form is an IRI (escapes of iunreserved
                // characters decoded), so it parses as one.
                let grammar = ParseOptions::new().iri(options.iri);
                assert!(
                    analyze(f, grammar).is_valid(),
                    "normal form {f:?} of {a:?} does not parse ({options:?})"
                );
                let twice = normalize(f, options);
                assert_eq!(twice.as_deref(), Ok(f.as_str()), "not idempotent on {a:?}");
            }
            (Err(_), Err(_)) => assert!(parse(a).is_err()),
            _ => panic!("ladder {ladder:?} vs fast {fast:?} on {a:?}"),
        }
    }
    if let Ok(e) = equivalence(a, a, Default::default()) {
        assert!(e.is_equivalent(), "{a:?} not equivalent to itself");
    }
    if let (Ok(x), Ok(y)) = (equivalence(a, b, Default::default()), equivalence(b, a, Default::default())) {
        assert_eq!(
            x.is_equivalent(),
            y.is_equivalent(),
            "equivalence not symmetric"
        );
    }
    if let Ok(n) = normalize(a, NormalizeOptions::default()) {
        let e = equivalence(a, &n, Default::default()).expect("both parse");
        assert!(
            e.is_equivalent(),
            "{a:?} not equivalent to its normal form {n:?}"
        );
    }
});
