//! Hosts compared as their scheme compares them (RFC 3987 §5.3.3, RFC 3986
//! §6.2.3): a DNS scheme's registered name and its IDNA A-label form are
//! one host, on the `idna` rung of the comparison ladder and in the normal
//! form; a name IDNA refuses stays apart, and the verdict says why.

use proptest::prelude::*;
use uriscope_core::trace;
#[cfg(feature = "idna")]
use uriscope_core::trace::RungKind;
use uriscope_core::{compare::equivalence, compare::ComparisonRung, normalize, NormalizeOptions};

const URI: NormalizeOptions = NormalizeOptions::new()
    .syntax_only(false)
    .ipv6_rfc5952(false)
    .keep_encoded_dots(false)
    .iri(false);

#[cfg(feature = "idna")]
const IRI: NormalizeOptions = URI.iri(true);

#[cfg(feature = "idna")]
#[test]
fn unicode_escaped_and_a_label_spellings_of_a_host_are_equal_on_the_idna_rung() {
    let table: &[(&str, &str, NormalizeOptions)] = &[
        // RFC 3987 §5.3.3's own example, escaped (a URI) and as an IRI.
        (
            "http://r%C3%A9sum%C3%A9.example.org",
            "http://xn--rsum-bpad.example.org",
            URI,
        ),
        (
            "http://r%C3%A9sum%C3%A9.example.org",
            "http://xn--rsum-bpad.example.org",
            IRI,
        ),
        (
            "http://résumé.example.org",
            "http://xn--rsum-bpad.example.org",
            IRI,
        ),
        ("http://münchen.de/", "http://xn--mnchen-3ya.de/", IRI),
        ("https://MÜNCHEN.de", "https://XN--MNCHEN-3YA.DE/", IRI),
        // Fullwidth letters: UTS #46 maps them, as iri2uri does.
        ("http://Ｅｘａｍｐｌｅ.com/a", "http://example.com/a", IRI),
        ("ws://bücher.example:80/", "ws://xn--bcher-kva.example", IRI),
        (
            "ftp://bücher.example/f",
            "ftp://xn--bcher-kva.example/f",
            IRI,
        ),
    ];
    for (a, b, o) in table {
        let e = equivalence(a, b, *o).unwrap();
        assert_eq!(e.rung, Some(ComparisonRung::Idna), "{a} {b}");
        assert_eq!(e.normalized.0, e.normalized.1, "{a} {b}");
        assert!(e.normalized.0.is_ascii(), "{:?}", e.normalized);
        assert_eq!(e.verdict(), "equivalent (idna, RFC 3987 §5.3.3)", "{a} {b}");
        // The forms before the fold still differ, and are kept to show.
        let (x, y) = e.scheme_based.clone().expect("the forms before the fold");
        assert_ne!(x, y);
        // Both normal forms are the A-label form.
        assert_eq!(normalize(a, *o).unwrap(), normalize(b, *o).unwrap());
        // The same pair as the iri2uri mapping gives it.
        if o.iri {
            let (ua, ub) = (
                uriscope_core::iri::iri_to_uri(a).unwrap(),
                uriscope_core::iri::iri_to_uri(b).unwrap(),
            );
            assert_eq!(
                normalize(&ua, URI).unwrap(),
                normalize(&ub, URI).unwrap(),
                "{ua} {ub}"
            );
        }
    }
}

#[test]
fn lower_rungs_are_still_named_when_they_suffice() {
    let e = equivalence("http://example.com", "http://example.com:80/", URI).unwrap();
    assert_eq!(e.rung, Some(ComparisonRung::SchemeBased));
    assert_eq!(e.scheme_based, None);
    let e = equivalence("http://xn--bcher-kva.de/", "HTTP://XN--BCHER-KVA.DE/", URI).unwrap();
    assert_eq!(e.rung, Some(ComparisonRung::SyntaxBased));
}

#[cfg(feature = "idna")]
#[test]
fn a_host_idna_refuses_stays_unequal_and_the_verdict_says_why() {
    let table: &[(&str, &str, NormalizeOptions, &str)] = &[
        // An underscore breaks STD3 rules.
        (
            "http://résumé_.example.org/",
            "http://xn--rsum-bpad.example.org/",
            IRI,
            "\"résumé_\"",
        ),
        // A label may not start with a combining mark (RFC 5891 §5.4).
        (
            "http://\u{301}a.example/",
            "http://xn--a-0fa.example/",
            IRI,
            "\"\u{301}a\"",
        ),
        // Escapes that are not UTF-8 name no characters.
        (
            "http://r%E9sum%E9.example.org/",
            "http://xn--rsum-bpad.example.org/",
            URI,
            "r%E9sum%E9",
        ),
    ];
    for (a, b, o, label) in table {
        let e = equivalence(a, b, *o).unwrap();
        assert_eq!(e.rung, None, "{a} {b}");
        assert_eq!(e.differs, ["host"], "{a} {b}");
        let why = e.idna_refused.as_deref().expect("the reason");
        assert!(
            why.starts_with("the first host has no IDNA A-label form"),
            "{why}"
        );
        assert!(why.contains(label), "{why}");
        let verdict = e.verdict();
        assert!(
            verdict.starts_with("not equivalent: host differs; the first host has no IDNA"),
            "{verdict}"
        );
        // Both ways round, the second host is named.
        let e = equivalence(b, a, *o).unwrap();
        assert!(
            e.verdict().contains("the second host has no IDNA"),
            "{}",
            e.verdict()
        );
    }
    // The ladder keeps the host and notes why, on the idna rung.
    let n = trace::normalize("http://résumé_.example.org/", IRI).unwrap();
    assert_eq!(n.normalized, "http://résumé_.example.org/");
    let rung = n.rungs.iter().find(|r| r.kind == RungKind::Idna).unwrap();
    assert_eq!(rung.findings.len(), 1);
    assert_eq!(rung.findings[0].code, "host-not-idna");
    assert_eq!(
        rung.findings[0].span.slice(&rung.after),
        "résumé_.example.org"
    );
    // No reason is given when the hosts are not what differs.
    let e = equivalence(
        "http://résumé_.example.org/a",
        "http://résumé_.example.org/b",
        IRI,
    )
    .unwrap();
    assert_eq!(
        (e.differs.as_slice(), e.idna_refused),
        (&["path"][..], None)
    );
}

#[test]
fn hosts_of_other_schemes_are_not_folded() {
    for (a, b) in [
        (
            "foo://r%C3%A9sum%C3%A9.example.org/",
            "foo://xn--rsum-bpad.example.org/",
        ),
        ("file://r%C3%A9sum%C3%A9/x", "file://xn--rsum-bpad/x"),
        (
            "//r%C3%A9sum%C3%A9.example.org/",
            "//xn--rsum-bpad.example.org/",
        ),
    ] {
        let e = equivalence(a, b, URI).unwrap();
        assert_eq!((e.rung, e.differs.as_slice()), (None, &["host"][..]), "{a}");
        assert_eq!(normalize(a, URI).unwrap(), a);
    }
}

#[cfg(feature = "idna")]
#[test]
fn the_idna_rung_of_the_ladder_records_the_host_it_folds() {
    let n = trace::normalize("HTTP://R%C3%A9sum%C3%A9.Example.org:80", URI).unwrap();
    assert_eq!(n.normalized, "http://xn--rsum-bpad.example.org/");
    let last = n.rungs.last().unwrap();
    assert_eq!(last.kind, RungKind::Idna);
    assert_eq!(last.kind.name(), "idna");
    assert_eq!(&*last.before, "http://r%C3%A9sum%C3%A9.example.org/");
    let changed: Vec<&str> = last.changed.iter().map(|s| s.slice(&last.after)).collect();
    assert_eq!(changed, ["xn--rsum-bpad.example.org"]);
    // Syntax-based only: no fold.
    let o = URI.syntax_only(true);
    assert_eq!(
        normalize("http://r%C3%A9sum%C3%A9.example.org", o).unwrap(),
        "http://r%C3%A9sum%C3%A9.example.org"
    );
}

/// Hosts spelled every way: Unicode, escaped, A-labels in any case,
/// fullwidth, refused by IDNA, plain.
fn host() -> impl Strategy<Value = String> {
    let label = prop_oneof![
        Just("bücher"),
        Just("b%C3%BCcher"),
        Just("XN--BCHER-KVA"),
        Just("xn--bcher-kva"),
        Just("Ｅｘａｍｐｌｅ"),
        Just("résumé_"),
        Just("r%E9sum%E9"),
        Just("xn--abc-"),
        Just("\u{301}a"),
        Just("MÜNCHEN"),
        Just("example"),
        Just("a-b"),
        Just("納豆"),
        Just("例え"),
    ];
    prop::collection::vec(label, 1..4).prop_map(|l| l.join("."))
}

fn options() -> impl Strategy<Value = NormalizeOptions> {
    (any::<bool>(), any::<bool>())
        .prop_map(|(syntax_only, iri)| URI.syntax_only(syntax_only).iri(iri))
}

proptest! {
    /// The fold is idempotent (an A-label form folds to itself), the
    /// normal form is a fixed point of every rung, and the fast normalizer
    /// agrees with the ladder.
    #[test]
    fn the_idna_fold_is_idempotent_and_normalize_stays_idempotent(
        scheme in prop_oneof![Just("http"), Just("WSS"), Just("foo"), Just("file")],
        host in host(),
        port in prop_oneof![Just(""), Just(":80"), Just(":8080")],
        o in options(),
    ) {
        let uri = format!("{scheme}://{host}{port}/p");
        let Ok(n) = trace::normalize(&uri, o) else {
            // A URI-only run on a non-ASCII host: not a URI-reference.
            prop_assert!(!o.iri && !uri.is_ascii());
            return Ok(());
        };
        prop_assert_eq!(&normalize(&uri, o).unwrap(), &n.normalized);
        let again = trace::normalize(&n.normalized, o).unwrap();
        prop_assert_eq!(&again.normalized, &n.normalized);
        prop_assert!(again.rungs.iter().all(|r| r.changed.is_empty()), "{:?}", again.rungs);
        if let Ok(ascii) = uriscope_core::host::dns_form(&host) {
            prop_assert_eq!(uriscope_core::host::dns_form(&ascii).unwrap(), ascii.clone());
        }
        // A URI is equivalent to its own normal form.
        prop_assert!(equivalence(&uri, &n.normalized, o).unwrap().is_equivalent());
    }
}
