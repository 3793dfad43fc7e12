//! RFC 3986 §6.2 normalization and equivalence: the §6.2.2 and §6.2.3
//! examples, each rung's recorded changes, options, and proptests.

use proptest::prelude::*;
use uriscope_core::trace::{self, RungKind};
use uriscope_core::{compare::equivalence, compare::ComparisonRung, normalize, NormalizeOptions};

const DEFAULT: NormalizeOptions = NormalizeOptions::new()
    .syntax_only(false)
    .ipv6_rfc5952(false)
    .keep_encoded_dots(false)
    .iri(false);

/// The `--keep-encoded-dots` options.
const KEEP_DOTS: NormalizeOptions = DEFAULT.keep_encoded_dots(true);

/// RFC 3987 §5.3 normalization.
const IRI: NormalizeOptions = DEFAULT.iri(true);

#[track_caller]
fn norm(input: &str, options: NormalizeOptions, expected: &str) {
    let n = trace::normalize(input, options).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    assert_eq!(n.normalized, expected, "ladder on {input:?}");
    assert_eq!(
        normalize(input, options).unwrap(),
        expected,
        "fast on {input:?}"
    );
}

#[track_caller]
fn rung(input: &str, options: NormalizeOptions, kind: RungKind, after: &str, changed: &[&str]) {
    let n = trace::normalize(input, options).unwrap();
    let r = n
        .rungs
        .iter()
        .find(|r| r.kind == kind)
        .expect("rung present");
    assert_eq!(&*r.after, after, "{kind} on {input:?}");
    let got: Vec<&str> = r.changed.iter().map(|s| s.slice(&r.after)).collect();
    assert_eq!(got, changed, "changed spans of {kind} on {input:?}");
}

#[test]
fn rfc3986_6_2_2_1_case_example() {
    norm(
        "HTTP://www.EXAMPLE.com/",
        DEFAULT,
        "http://www.example.com/",
    );
    rung(
        "HTTP://www.EXAMPLE.com/",
        DEFAULT,
        RungKind::Case,
        "http://www.example.com/",
        &["http", "example"],
    );
}

#[test]
fn rfc3986_6_2_2_syntax_based_example() {
    let syntax = DEFAULT.syntax_only(true);
    norm(
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
        syntax,
        "example://a/b/c/%7Bfoo%7D",
    );
    norm(
        "example://a/b/c/%7Bfoo%7D",
        syntax,
        "example://a/b/c/%7Bfoo%7D",
    );
    let e = equivalence(
        "example://a/b/c/%7Bfoo%7D",
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
        Default::default(),
    )
    .unwrap();
    assert_eq!(e.rung, Some(ComparisonRung::SyntaxBased));
    let input = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d";
    rung(
        input,
        syntax,
        RungKind::Case,
        "example://a/./b/../b/%63/%7Bfoo%7D",
        &["xample", "%7B", "%7D"],
    );
    rung(
        input,
        syntax,
        RungKind::PercentEncoding,
        "example://a/./b/../b/c/%7Bfoo%7D",
        &["c"],
    );
    // "./b/../" removed: an empty span marks where, after "example://a/".
    rung(
        input,
        syntax,
        RungKind::PathSegments,
        "example://a/b/c/%7Bfoo%7D",
        &[""],
    );
    let n = trace::normalize(input, syntax).unwrap();
    assert_eq!(n.rungs[2].changed, [uriscope_core::Span::new(12, 12)]);
    let kinds: Vec<_> = n.rungs.iter().map(|r| r.kind).collect();
    assert_eq!(
        kinds,
        [
            RungKind::Case,
            RungKind::PercentEncoding,
            RungKind::PathSegments,
            RungKind::EmptyPort
        ]
    );
}

#[test]
fn rfc3986_6_2_3_scheme_based_examples() {
    let all = [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ];
    for a in all {
        norm(a, DEFAULT, "http://example.com/");
        for b in all {
            let e = equivalence(a, b, Default::default()).unwrap();
            assert!(e.is_equivalent(), "{a} vs {b}");
        }
    }
    assert_eq!(
        equivalence(all[0], all[0], Default::default())
            .unwrap()
            .rung,
        Some(ComparisonRung::SimpleString)
    );
    assert_eq!(
        equivalence(all[0], all[3], Default::default())
            .unwrap()
            .rung,
        Some(ComparisonRung::SchemeBased)
    );
    rung(
        "http://example.com:80",
        DEFAULT,
        RungKind::SchemeBased,
        "http://example.com/",
        &["/"],
    );
    // "http://example.com/?" is not equivalent to them (§6.2.3).
    let e = equivalence(
        "http://example.com/?",
        "http://example.com/",
        Default::default(),
    )
    .unwrap();
    assert_eq!((e.rung, e.differs), (None, vec!["query"]));
    // Nor is a trailing "#".
    assert_eq!(
        equivalence(
            "http://example.com/#",
            "http://example.com/",
            Default::default()
        )
        .unwrap()
        .differs,
        ["fragment"]
    );
}

#[test]
fn scheme_based_known_schemes_and_ports() {
    norm("HTTPS://h:443", DEFAULT, "https://h/");
    norm("wss://h:0443/x", DEFAULT, "wss://h/x");
    norm("ws://h:80", DEFAULT, "ws://h/");
    norm("ftp://h:21", DEFAULT, "ftp://h/");
    norm("http://h:8080", DEFAULT, "http://h:8080/");
    norm("foo://h:80", DEFAULT, "foo://h:80");
    norm("foo://h:", DEFAULT, "foo://h");
    norm("//h:80", DEFAULT, "//h:80");
    let syntax = DEFAULT.syntax_only(true);
    norm("http://h:80", syntax, "http://h:80");
}

#[test]
fn percent_encoding_decodes_only_unreserved() {
    norm(
        "http://h/%41%2f%2F%7e%20%3A?%61=%26#%5F",
        DEFAULT,
        "http://h/A%2F%2F~%20%3A?a=%26#_",
    );
    norm("http://%41%42.com/", DEFAULT, "http://ab.com/");
    norm("http://u%3aP@h/", DEFAULT, "http://u%3AP@h/");
}

#[test]
fn ipv6_lowercase_by_default_and_rfc5952_on_request() {
    norm(
        "http://[2001:DB8::0001]/",
        DEFAULT,
        "http://[2001:db8::0001]/",
    );
    let o = DEFAULT.ipv6_rfc5952(true);
    norm(
        "http://[2001:DB8:0:0:0:0:0:0001]:80/",
        o,
        "http://[2001:db8::1]/",
    );
    norm("http://[FE80::0001%25En0]/", o, "http://[fe80::1%25En0]/");
    norm(
        "http://[::FFFF:C000:0201]/",
        o,
        "http://[::ffff:192.0.2.1]/",
    );
    rung(
        "http://[2001:db8:0:0:0:0:0:1]/",
        o,
        RungKind::Ipv6,
        "http://[2001:db8::1]/",
        &["2001:db8::1"],
    );
}

/// `%2E` is unreserved, so §6.2.2.2 decodes it and
/// §6.2.2.3 removes the dot segments it forms (as fluent-uri, iri-string
/// and uriparser do); `--keep-encoded-dots` keeps them.
#[test]
fn encoded_dot_segments_decoded_and_removed_by_default() {
    norm("http://a/b/c/%2E%2E/d", DEFAULT, "http://a/b/d");
    norm("http://h/a/%2e%2E/b", DEFAULT, "http://h/b");
    norm("http://h/a/%2E/b", DEFAULT, "http://h/a/b");
    norm("http://h/a/.%2e/b/%2E", DEFAULT, "http://h/b/");
    // A %2E inside a longer segment is plain percent-encoding.
    norm("http://h/%2Ea", DEFAULT, "http://h/.a");
    norm("http://h/a/%2e%2E/b", KEEP_DOTS, "http://h/a/%2E%2E/b");
    norm("http://h/a/.%2e/b/%2E", KEEP_DOTS, "http://h/a/.%2E/b/%2E");
    norm("http://h/%2Ea", KEEP_DOTS, "http://h/.a");
}

/// Regression: `--syntax-only` kept the empty port of
/// `http://example.com:/`, which RFC 3986 §3.2.3 asks every normalizer to omit.
#[test]
fn syntax_only_drops_an_empty_port() {
    let syntax = DEFAULT.syntax_only(true);
    norm("http://example.com:/", syntax, "http://example.com/");
    norm("foo://example.com:", syntax, "foo://example.com");
    norm("http://example.com:80/", syntax, "http://example.com:80/");
    norm("http://example.com:/", DEFAULT, "http://example.com/");
    let n = trace::normalize("http://example.com:/", syntax).unwrap();
    let rung = n
        .rungs
        .iter()
        .find(|r| r.kind == RungKind::EmptyPort)
        .unwrap();
    assert_eq!(&*rung.after, "http://example.com/");
}

/// RFC 3987 §5.3 normalization of IRIs.
const IRI_NORMALIZATIONS: &[(&str, &str)] = &[
    // Case (§5.3.2.1): scheme and ASCII host letters; non-ASCII left alone
    // (a scheme whose host is no DNS name: the idna rung leaves it).
    ("S://MÜNCHEN.de/Straße?q=Ü", "s://mÜnchen.de/Straße?q=Ü"),
    // Percent-encoding (§5.3.2.3): iunreserved escapes decoded where UTF-8.
    (
        "s://m%C3%BCnchen.de/stra%c3%9fe?q=%C3%BC#%7e",
        "s://münchen.de/straße?q=ü#~",
    ),
    // A DNS host in its A-label form (§5.3.3), whatever its case or escapes.
    (
        "HTTPS://M%C3%9CNCHEN.de/Straße?q=Ü",
        "https://xn--mnchen-3ya.de/Straße?q=Ü",
    ),
    // Not UTF-8, a bidi control (§4.1), reserved: stay encoded.
    ("http://a/%FC/%E2%80%AE/%2F", "http://a/%FC/%E2%80%AE/%2F"),
    // Path segments (§5.3.2.4).
    (
        "https://münchen.de/a/./b/../straße/%2E%2E/ü",
        "https://xn--mnchen-3ya.de/a/ü",
    ),
    ("https://münchen.de:443", "https://xn--mnchen-3ya.de/"),
];

#[test]
fn iri_normalization_follows_rfc3987_5_3() {
    for &(input, expected) in IRI_NORMALIZATIONS {
        norm(input, IRI, expected);
    }
    // Without the option an IRI is refused, with a pointer to it.
    let e = normalize("https://münchen.de/straße?q=ü", DEFAULT).unwrap_err();
    assert!(
        e.message.contains("it is a valid IRI-reference"),
        "{}",
        e.message
    );
}

/// Regression: Compare said "cannot normalize" for
/// `https://münchen.de/straße?q=ü`; with `iri` it is equivalent to its
/// escaped spelling.
#[test]
fn iri_equivalence_up_the_ladder() {
    use uriscope_core::compare::equivalence;
    let e = equivalence(
        "https://münchen.de/straße?q=ü",
        "HTTPS://münchen.de:443/stra%C3%9Fe?q=%c3%bc",
        IRI,
    )
    .unwrap();
    assert_eq!(e.rung, Some(ComparisonRung::SchemeBased));
    let e = equivalence("https://münchen.de/ü", "https://münchen.de/ö", IRI).unwrap();
    assert_eq!(e.differs, ["path"]);
}

#[test]
fn path_segments_only_for_uris_with_a_scheme() {
    norm("a/./b/../c", DEFAULT, "a/./b/../c");
    norm("s:/a/./b/../c", DEFAULT, "s:/a/c");
}

#[test]
fn double_slash_hazard_in_path_rung() {
    norm("s:/a/..//b", DEFAULT, "s:/.//b");
    let n = trace::normalize("s:/a/..//b", DEFAULT).unwrap();
    let r = n
        .rungs
        .iter()
        .find(|r| r.kind == RungKind::PathSegments)
        .unwrap();
    let f = &r.findings[0];
    assert_eq!(f.code, "double-slash-path-without-authority");
    assert_eq!(f.span.slice(&r.after), "/.//b");
    // Already in the safe form: nothing to change, nothing to report.
    let n = trace::normalize("s:/.//b", DEFAULT).unwrap();
    assert_eq!(n.normalized, "s:/.//b");
    assert!(n.rungs.iter().all(|r| r.findings.is_empty()));
}

#[test]
fn invalid_input_is_an_error_with_the_first_finding() {
    let e = trace::normalize("http://a b/", DEFAULT).unwrap_err();
    assert!(e.message.contains("at byte 8"), "{}", e.message);
    assert!(normalize("%zz", DEFAULT).is_err());
    assert!(equivalence("http://a/", "a b", Default::default()).is_err());
}

#[test]
fn equivalence_lists_differing_components() {
    let e = equivalence("http://u@a:81/p?q#f", "https://a/P?q#g", Default::default()).unwrap();
    assert_eq!(e.rung, None);
    assert_eq!(
        e.differs,
        ["scheme", "userinfo", "port", "path", "fragment"]
    );
}

fn uri_strategy() -> impl Strategy<Value = String> {
    let scheme = prop_oneof![
        Just("http"),
        Just("HTTP"),
        Just("https"),
        Just("s"),
        Just("Ftp"),
        Just("")
    ];
    let host = prop_oneof![
        Just("a".to_string()),
        Just("ExAmple.COM".to_string()),
        Just("%41b".to_string()),
        Just("[2001:DB8:0:0::1]".to_string()),
        Just("[::ffff:1.2.3.4]".to_string()),
        Just("[fe80::A%25Eth%30]".to_string()),
        Just("127.0.0.1".to_string()),
        Just("b%C3%BCcher.de".to_string()),
        Just("XN--BCHER-KVA.de".to_string()),
        Just("r%E9sum%E9.example".to_string()),
    ];
    let port = prop_oneof![
        Just(""),
        Just(":"),
        Just(":80"),
        Just(":443"),
        Just(":021"),
        Just(":8")
    ];
    let seg = prop_oneof![
        Just("."),
        Just(".."),
        Just("%2e"),
        Just(".%2E"),
        Just("%2E%2e"),
        Just(""),
        Just("a"),
        Just("%7e%7B"),
        Just("B%3a"),
        Just("%41"),
    ];
    let path = (any::<bool>(), prop::collection::vec(seg, 0..6)).prop_map(|(lead, s)| {
        let p = s.join("/");
        if lead {
            format!("/{p}")
        } else {
            p
        }
    });
    let authority = prop::option::of((host, port));
    let query = prop::option::of("(%6[1-9a-fA-F]|[a-z/?.]){0,4}");
    (scheme, authority, path, query, any::<bool>()).prop_filter_map(
        "valid",
        |(sc, auth, path, q, frag)| {
            let mut s = String::new();
            if !sc.is_empty() {
                s.push_str(sc);
                s.push(':');
            }
            if let Some((h, p)) = auth {
                s.push_str("//");
                s.push_str(&h);
                s.push_str(p);
                if !path.is_empty() && !path.starts_with('/') {
                    s.push('/');
                }
            }
            s.push_str(&path);
            if let Some(q) = q {
                s.push('?');
                s.push_str(&q);
            }
            if frag {
                s.push_str("#%7eF");
            }
            uriscope_core::parse(&s).is_ok().then_some(s)
        },
    )
}

fn options_strategy() -> impl Strategy<Value = NormalizeOptions> {
    (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(a, b, c, d)| {
        NormalizeOptions::new()
            .syntax_only(a)
            .ipv6_rfc5952(b)
            .keep_encoded_dots(c)
            .iri(d)
    })
}

proptest! {
    #[test]
    fn normalize_is_idempotent(uri in uri_strategy(), o in options_strategy()) {
        let once = trace::normalize(&uri, o).unwrap().normalized;
        let twice = trace::normalize(&once, o).unwrap();
        prop_assert_eq!(&twice.normalized, &once);
        prop_assert!(twice.rungs.iter().all(|r| r.changed.is_empty()), "{:?}", twice.rungs);
    }

    #[test]
    fn fast_normalize_equals_the_ladder(uri in uri_strategy(), o in options_strategy()) {
        prop_assert_eq!(normalize(&uri, o).unwrap(), trace::normalize(&uri, o).unwrap().normalized);
    }

    #[test]
    fn rung_changed_spans_cover_every_difference(uri in uri_strategy(), o in options_strategy()) {
        for r in trace::normalize(&uri, o).unwrap().rungs {
            // Replacing each changed span of `after` by what it replaced is not
            // recoverable in general, but text outside the spans must be kept
            // from `before` in order: check it is a subsequence.
            let mut rest: &str = &r.before;
            let mut pos = 0;
            for s in &r.changed {
                let kept = &r.after[pos..s.start];
                let k = rest.find(kept).ok_or_else(|| TestCaseError::fail(format!("{kept:?} not in {rest:?}")))?;
                rest = &rest[k + kept.len()..];
                pos = s.end;
            }
            prop_assert!(rest.ends_with(&r.after[pos..]));
            if r.changed.is_empty() {
                prop_assert_eq!(&r.before, &r.after);
            }
        }
    }

    #[test]
    fn equivalent_to_own_normal_form(uri in uri_strategy()) {
        let n = normalize(&uri, NormalizeOptions::default()).unwrap();
        prop_assert!(equivalence(&uri, &n, Default::default()).unwrap().is_equivalent());
    }
}

fn ipv6_pieces() -> impl Strategy<Value = [u16; 8]> {
    // Mostly zeros and small values, so runs of zeros and ties are common.
    let piece = prop_oneof![3 => Just(0u16), 1 => Just(0xffff), 2 => any::<u16>(), 1 => 0u16..16];
    prop::array::uniform8(piece)
}

proptest! {
    /// RFC 5952 text checked against std's `Ipv6Addr` Display, which follows RFC 5952.
    #[test]
    fn ipv6_canonical_agrees_with_std(p in ipv6_pieces(), upper in any::<bool>()) {
        use uriscope_core::host::{ipv6_canonical as canonical, ipv6_pieces as pieces};
        let full: Vec<String> = p.iter().map(|x| if upper { format!("{x:04X}") } else { format!("{x:x}") }).collect();
        let full = full.join(":");
        let ours = canonical(&full).unwrap();
        prop_assert_eq!(&ours, &std::net::Ipv6Addr::from(p).to_string());
        prop_assert_eq!(pieces(&ours), Some(p));
        prop_assert_eq!(canonical(&ours), Some(ours.clone()));
    }
}

/// `equiv 'http://a/%2E/b' 'http://a/./b'` answered "not
/// equivalent: path differ" with no hint that `%2E` dot segments were kept
/// encoded. They are decoded by default (§6.2.2.2) and the
/// hint names `--keep-encoded-dots` when that option alone separates them.
#[test]
fn equiv_encoded_dot_segment_names_keep_encoded_dots() {
    use uriscope_core::compare::equivalence;
    let e =
        uriscope_core::compare::equivalence("http://a/%2E/b", "http://a/./b", Default::default())
            .unwrap();
    assert_eq!(e.rung, Some(ComparisonRung::SyntaxBased));
    let e = equivalence("http://a/%2E/b", "http://a/./b", KEEP_DOTS).unwrap();
    assert!(!e.is_equivalent());
    assert!(e
        .hint
        .as_deref()
        .unwrap_or_default()
        .contains("--keep-encoded-dots"));
    // No hint when decoding would not help.
    let e = equivalence("http://a/%2E/b", "http://a/c", KEEP_DOTS).unwrap();
    assert_eq!(e.hint, None);
}
