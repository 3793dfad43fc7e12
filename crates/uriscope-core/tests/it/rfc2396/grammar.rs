//! The RFC 2396 grammar as a validator, and `compare_grammars` against RFC 3986.

use uriscope_core::rfc2396::{
    analyze, compare_grammars, validate, AuthorityKind, HostKind, PathForm,
};
use uriscope_core::{Finding, Severity};

fn errors(input: &str) -> Vec<Finding> {
    validate(input)
        .into_iter()
        .filter(|f| f.severity == Severity::Error)
        .collect()
}

#[track_caller]
fn valid(input: &str, form: PathForm) {
    let e = errors(input);
    assert!(
        e.is_empty(),
        "{input:?} should be valid under RFC 2396: {e:#?}"
    );
    assert_eq!(analyze(input).form, form, "{input:?}");
}

#[track_caller]
fn invalid(input: &str, at: usize, code: &str) {
    let e = errors(input);
    let first = e
        .first()
        .unwrap_or_else(|| panic!("{input:?} should be invalid"));
    assert_eq!(
        (first.span.start, first.code.as_str()),
        (at, code),
        "{input:?}: {}",
        first.message
    );
    assert!(first.message.contains("RFC 2396"), "{}", first.message);
}

#[test]
fn valid_under_rfc2396() {
    use PathForm::*;
    for (input, form) in [
        ("http://www.ics.uci.edu/pub/ietf/uri/#Related", NetPath),
        ("http://a/b/c/d;p?q", NetPath),
        ("ftp://ftp.is.co.za/rfc/rfc1808.txt", NetPath),
        ("mailto:mduerst@ifi.unizh.ch", OpaquePart),
        ("news:comp.infosystems.www.servers.unix", OpaquePart),
        ("urn:isbn:0451450523", OpaquePart),
        ("foo:?x", OpaquePart), // uric_no_slash includes "?"
        ("http:g", OpaquePart),
        ("telnet://melvyl.ucop.edu/", NetPath),
        ("file:///etc/passwd", NetPath), // the empty server
        ("http://user:pw@host.example.com:8080/p?q", NetPath),
        ("http://1.2.3.4:80/", NetPath),
        ("http://a@b@c/", NetPath), // reg_name allows "@"
        ("http://h:8x/", NetPath),  // reg_name allows ":" and letters
        ("http://example.com./", NetPath),
        ("http://a/b!*'()~", NetPath),
        ("g;x?y#s", RelPath),
        (";x", RelPath),
        ("../../g", RelPath),
        ("./this:that", RelPath),
        ("%41/b", RelPath),
        ("//g", NetPath),
        ("/a//b;;c", AbsPath),
        ("", Empty),
        ("#s", Empty),
    ] {
        valid(input, form);
    }
}

#[test]
fn invalid_under_rfc2396() {
    for (input, at, code) in [
        ("http://[::1]/", 7, "unwise-char"),
        ("about:", 6, "empty-opaque-part"),
        ("foo:#x", 4, "empty-opaque-part"),
        ("?y", 0, "missing-path"),
        ("http://a/%zz", 9, "bad-escape"),
        ("a%2", 1, "bad-escape"),
        ("%", 0, "bad-escape"),
        ("http://a/b c", 10, "whitespace"),
        ("http://a b/", 8, "whitespace"),
        ("1this:that", 5, "colon-in-rel-segment"),
        ("http://a/b#c#d", 12, "delims-char"),
        ("http://a/b<c", 10, "delims-char"),
        ("http://a\"b/", 8, "delims-char"),
        ("http://a/{x}", 9, "unwise-char"),
        ("http://a/b|c", 10, "unwise-char"),
        ("http://a/\\", 9, "unwise-char"),
        ("http://a/b?q`", 12, "unwise-char"),
        ("ht_tp://a", 2, "invalid-char"),
        ("http://a/b\u{7}", 10, "control-char"),
        ("http://a/\tb", 9, "control-char"),
        ("http://a/é", 9, "non-ascii"),
        ("mailto:a^b", 8, "unwise-char"),
    ] {
        invalid(input, at, code);
    }
}

#[test]
fn messages_name_the_character_the_rule_and_the_section() {
    let e = errors("http://a/b|c");
    assert_eq!(
        e[0].message,
        "'|' at byte 10 is not allowed in path_segments: it is unwise (RFC 2396 §2.4.3); \
         path_segments allows pchar (unreserved, escaped, \":\" \"@\" \"&\" \"=\" \"+\" \"$\" \",\"), \
         \";\" params and \"/\" (RFC 2396 §3.3)"
    );
    let e = errors("http://[::1]/");
    assert!(e[0].message.contains("no IP literals"), "{}", e[0].message);
    assert!(e[0].message.contains("reg_name"), "{}", e[0].message);
    assert_eq!(errors("http://[::1]/").len(), 2);
    // A non-ASCII character is reported once, over its whole UTF-8 span.
    let e = errors("http://a/é");
    assert_eq!((e.len(), e[0].span.len()), (1, 2));
}

#[test]
fn every_error_is_reported() {
    let got: Vec<_> = errors("ht_tp://a b/c d?e f#g h")
        .iter()
        .map(|f| (f.span.start, f.code.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            (2, "invalid-char"),
            (9, "whitespace"),
            (13, "whitespace"),
            (17, "whitespace"),
            (21, "whitespace")
        ]
    );
}

#[test]
fn authority_kinds() {
    let kind = |s: &str| analyze(s).authority.map(|a| a.kind);
    let host = |s: &str| match kind(s) {
        Some(AuthorityKind::Server {
            host: Some((h, k)),
            port,
            ..
        }) => Some((
            h.slice(s).to_string(),
            k,
            port.map(|p| p.slice(s).to_string()),
        )),
        _ => None,
    };
    assert_eq!(
        host("http://u@www.x.org:81/"),
        Some(("www.x.org".into(), HostKind::Hostname, Some("81".into())))
    );
    assert_eq!(
        host("http://999.1.1.1/"),
        Some(("999.1.1.1".into(), HostKind::Ipv4address, None))
    );
    assert!(
        matches!(kind("http://example.123:80/"), Some(AuthorityKind::RegName(n)) if n.at == 15)
    );
    assert!(matches!(
        kind("http://a_b/"),
        Some(AuthorityKind::RegName(_))
    ));
    let notes: Vec<_> = validate("http://a_b/")
        .into_iter()
        .map(|f| f.code)
        .collect();
    assert_eq!(notes, ["reg-name-authority"]);
}

#[test]
fn segments_and_params() {
    let s = "http://a/b;x;/c;y=1/";
    let a = analyze(s);
    let segs: Vec<_> = a
        .segments()
        .iter()
        .map(|g| (g.name.slice(s), g.params(s).collect::<Vec<_>>()))
        .collect();
    assert_eq!(
        segs,
        [("b", vec!["x", ""]), ("c", vec!["y=1"]), ("", vec![])]
    );
    assert!(analyze("mailto:a;b").segments().is_empty());
    let r = analyze("g;x/h");
    assert_eq!(r.segments().len(), 2);
}

/// Valid under one RFC and not the other: (input, code, where).
#[test]
fn compare_grammars_validity_differences() {
    for (input, code, at) in [
        ("http://[::1]/", "rfc3986-only", 7),
        ("http://[v7.x]/", "rfc3986-only", 7),
        ("about:", "rfc3986-only", 6),
        ("?y", "rfc3986-only", 0),
        ("http://a@b@c/", "rfc2396-only", 8),
        ("http://h:8x/", "rfc2396-only", 10),
        ("//u@h@i/p", "rfc2396-only", 3),
    ] {
        let f = compare_grammars(input);
        assert!(!f.is_empty(), "{input}");
        assert_eq!(
            (f[0].code.as_str(), f[0].span.start),
            (code, at),
            "{input}: {f:#?}"
        );
        assert_eq!(f[0].severity, Severity::Warning);
        assert!(f.iter().all(|x| x.code == code), "{input}: {f:#?}");
    }
    let why = |s| compare_grammars(s)[0].message.clone();
    assert!(
        why("http://[::1]/").contains("no IP literals"),
        "{}",
        why("http://[::1]/")
    );
    assert!(why("about:").contains("empty path"));
    assert!(why("http://a@b@c/").contains("reg_name"));
}

/// Both invalid, or both valid but read differently.
#[test]
fn compare_grammars_readings() {
    let codes = |s| {
        compare_grammars(s)
            .into_iter()
            .map(|f| f.code)
            .collect::<Vec<_>>()
    };
    assert_eq!(codes("http://a/%zz"), ["invalid-in-both"]);
    assert_eq!(codes("http://a/b c"), ["invalid-in-both"]);
    assert_eq!(codes("http://example.123:8080/"), ["reg-name-authority"]); // toplabel digit
    assert_eq!(codes("http://a_b.example/"), ["reg-name-authority"]);
    assert_eq!(codes("http://256.1.1.1/"), ["ipv4-differs"]);
    assert_eq!(codes("mailto:a?subject=x"), ["opaque-query"]);
    assert_eq!(codes("http://a/b;/c"), ["path-params"]); // an empty param
    assert_eq!(codes("http://a/it's"), ["mark-now-reserved"]);
    assert_eq!(codes("http://a/%7Eu"), ["escaped-unreserved"]);
    assert_eq!(codes("http://a/%21"), ["escaped-unreserved"]);
    // "~" was a mark in 1998 and is unreserved in 2005: no difference.
    assert_eq!(codes("http://a/~u"), Vec::<&str>::new());
    assert_eq!(codes("http://www.example.com/a/b?q#f"), Vec::<&str>::new());
    let f = compare_grammars("http://a/b;/c");
    assert!(
        f[0].message.contains("one of them empty"),
        "{}",
        f[0].message
    );
    assert!(f.iter().all(|x| x.severity == Severity::Note));
    let f = compare_grammars("http://example.123:8080/");
    assert!(f[0].message.contains("toplabel"), "{}", f[0].message);
    assert!(f[0].message.contains("port \"8080\""), "{}", f[0].message);
    let f = compare_grammars("http://a/%21");
    assert!(f[0].message.contains("not equivalent"), "{}", f[0].message);
}
