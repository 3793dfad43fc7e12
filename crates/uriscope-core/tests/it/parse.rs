//! RFC 3986 parser tables: the RFC's own examples, the nine IPv6 forms,
//! and invalid inputs pinned as (input, byte offset, code).

use uriscope_core::{
    analyze, component::split, component::HostKind, component::PathKind, component::RefKind, parse,
    Severity,
};

/// Expected components; `None` means undefined.
struct Want<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

const NONE: Want<'static> = Want {
    scheme: None,
    authority: None,
    userinfo: None,
    host: None,
    port: None,
    path: "",
    query: None,
    fragment: None,
};

#[track_caller]
fn check(input: &str, want: Want<'_>) {
    let u = parse(input).unwrap_or_else(|e| panic!("{input:?} should parse: {e}"));
    assert_eq!(u.scheme(), want.scheme, "scheme of {input:?}");
    assert_eq!(u.authority(), want.authority, "authority of {input:?}");
    assert_eq!(u.userinfo(), want.userinfo, "userinfo of {input:?}");
    assert_eq!(u.host(), want.host, "host of {input:?}");
    assert_eq!(u.port(), want.port, "port of {input:?}");
    assert_eq!(u.path(), want.path, "path of {input:?}");
    assert_eq!(u.query(), want.query, "query of {input:?}");
    assert_eq!(u.fragment(), want.fragment, "fragment of {input:?}");
    assert_eq!(u.to_string(), input, "recomposition of {input:?}");
    assert!(
        analyze(input, Default::default()).is_valid(),
        "analyze agrees {input:?} is valid"
    );
}

#[test]
fn rfc3986_section_3_generic_example() {
    let s = "foo://example.com:8042/over/there?name=ferret#nose";
    check(
        s,
        Want {
            scheme: Some("foo"),
            authority: Some("example.com:8042"),
            host: Some("example.com"),
            port: Some("8042"),
            path: "/over/there",
            query: Some("name=ferret"),
            fragment: Some("nose"),
            ..NONE
        },
    );
    let u = parse(s).unwrap();
    let a = u.authority_parts().unwrap();
    assert_eq!((a.span.start, a.span.end), (6, 22));
    assert_eq!((a.host.span.start, a.host.span.end), (6, 17));
    assert_eq!(a.port.map(|p| (p.start, p.end)), Some((18, 22)));
    assert_eq!(u.path_kind(), PathKind::AbEmpty);
    assert_eq!(u.kind(), RefKind::Uri);
}

#[test]
fn rfc3986_section_3_urn_example() {
    check(
        "urn:example:animal:ferret:nose",
        Want {
            scheme: Some("urn"),
            path: "example:animal:ferret:nose",
            ..NONE
        },
    );
    assert_eq!(
        parse("urn:example:animal:ferret:nose").unwrap().path_kind(),
        PathKind::Rootless
    );
}

#[test]
fn rfc3986_section_1_1_2_examples() {
    check(
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        Want {
            scheme: Some("ftp"),
            authority: Some("ftp.is.co.za"),
            host: Some("ftp.is.co.za"),
            path: "/rfc/rfc1808.txt",
            ..NONE
        },
    );
    check(
        "http://www.ietf.org/rfc/rfc2396.txt",
        Want {
            scheme: Some("http"),
            authority: Some("www.ietf.org"),
            host: Some("www.ietf.org"),
            path: "/rfc/rfc2396.txt",
            ..NONE
        },
    );
    check(
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        Want {
            scheme: Some("ldap"),
            authority: Some("[2001:db8::7]"),
            host: Some("[2001:db8::7]"),
            path: "/c=GB",
            query: Some("objectClass?one"),
            ..NONE
        },
    );
    check(
        "mailto:John.Doe@example.com",
        Want {
            scheme: Some("mailto"),
            path: "John.Doe@example.com",
            ..NONE
        },
    );
    check(
        "news:comp.infosystems.www.servers.unix",
        Want {
            scheme: Some("news"),
            path: "comp.infosystems.www.servers.unix",
            ..NONE
        },
    );
    check(
        "tel:+1-816-555-1212",
        Want {
            scheme: Some("tel"),
            path: "+1-816-555-1212",
            ..NONE
        },
    );
    check(
        "telnet://192.0.2.16:80/",
        Want {
            scheme: Some("telnet"),
            authority: Some("192.0.2.16:80"),
            host: Some("192.0.2.16"),
            port: Some("80"),
            path: "/",
            ..NONE
        },
    );
    assert_eq!(
        parse("telnet://192.0.2.16:80/").unwrap().host_kind(),
        Some(HostKind::Ipv4)
    );
    assert_eq!(
        parse("ldap://[2001:db8::7]/c=GB?objectClass?one")
            .unwrap()
            .host_kind(),
        Some(HostKind::Ipv6)
    );
    check(
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        Want {
            scheme: Some("urn"),
            path: "oasis:names:specification:docbook:dtd:xml:4.1.2",
            ..NONE
        },
    );
}

#[test]
fn rfc3986_section_3_2_1_and_7_6_userinfo_examples() {
    check(
        "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",
        Want {
            scheme: Some("ftp"),
            authority: Some("cnn.example.com&story=breaking_news@10.0.0.1"),
            userinfo: Some("cnn.example.com&story=breaking_news"),
            host: Some("10.0.0.1"),
            path: "/top_story.htm",
            ..NONE
        },
    );
}

#[test]
fn appendix_b_example_captures() {
    // $2 = http, $4 = www.ics.uci.edu, $5 = /pub/ietf/uri/, $7 undefined, $9 = Related
    let s = "http://www.ics.uci.edu/pub/ietf/uri/#Related";
    let p = split(s);
    assert_eq!(p.scheme.map(|x| x.slice(s)), Some("http"));
    assert_eq!(p.authority.map(|x| x.slice(s)), Some("www.ics.uci.edu"));
    assert_eq!(p.path.slice(s), "/pub/ietf/uri/");
    assert_eq!(p.query, None);
    assert_eq!(p.fragment.map(|x| x.slice(s)), Some("Related"));
}

#[test]
fn split_keeps_undefined_apart_from_empty() {
    let s = "s://?#";
    let p = split(s);
    assert_eq!(p.authority.map(|x| x.slice(s)), Some(""));
    assert_eq!(p.query.map(|x| x.slice(s)), Some(""));
    assert_eq!(p.fragment.map(|x| x.slice(s)), Some(""));
    let p = split("s:p");
    assert_eq!((p.authority, p.query, p.fragment), (None, None, None));
    assert_eq!(split("").scheme, None);
    // Appendix B needs at least one character before ':'.
    assert_eq!(split(":x").scheme, None);
}

#[test]
fn ipv6_all_nine_abnf_forms() {
    let forms = [
        "1:2:3:4:5:6:7:8",     // 6( h16 ":" ) ls32
        "1:2:3:4:5:6:1.2.3.4", // 6( h16 ":" ) ls32 (IPv4)
        "::2:3:4:5:6:7:8",     // "::" 5( h16 ":" ) ls32
        "1::3:4:5:6:7:8",      // [ h16 ] "::" 4( h16 ":" ) ls32
        "::3:4:5:6:7:8",       // [ h16 ] "::" 4( h16 ":" ) ls32, h16 omitted
        "1:2::4:5:6:7:8",      // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
        "1:2:3::5:6:7:8",      // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
        "1:2:3:4::6:7:8",      // [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
        "1:2:3:4:5::7:8",      // [ *4( h16 ":" ) h16 ] "::" ls32
        "1:2:3:4:5::1.2.3.4",  // [ *4( h16 ":" ) h16 ] "::" ls32 (IPv4)
        "1:2:3:4:5:6::8",      // [ *5( h16 ":" ) h16 ] "::" h16
        "1:2:3:4:5:6:7::",     // [ *6( h16 ":" ) h16 ] "::"
        "::",                  // [ *6( h16 ":" ) h16 ] "::", all omitted
        "::1",                 // loopback
        "::ffff:192.0.2.1",    // IPv4-mapped
        "fe80::abcd:EF01",     // mixed case hex
        "2001:db8:85a3:0:0:8a2e:370:7334",
    ];
    for f in forms {
        let s = format!("http://[{f}]/");
        let u = parse(&s).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(u.host_kind(), Some(HostKind::Ipv6), "{s}");
        assert_eq!(u.host(), Some(&s[7..s.len() - 1]), "{s}");
    }
}

#[test]
fn ipv6_zone_id_rfc6874() {
    let s = "http://[fe80::a%25en1]:8080/";
    let u = parse(s).unwrap();
    let h = u.authority_parts().unwrap().host;
    assert_eq!(h.kind, HostKind::Ipv6);
    assert_eq!(h.address.slice(s), "fe80::a");
    assert_eq!(h.zone.map(|z| z.slice(s)), Some("en1"));
    assert_eq!(u.port(), Some("8080"));
}

#[test]
fn ipvfuture() {
    let s = "http://[v7.fe80::a+en1]/";
    assert_eq!(parse(s).unwrap().host_kind(), Some(HostKind::IpFuture));
    assert_eq!(
        parse("http://[V1a.x:y]").unwrap().host_kind(),
        Some(HostKind::IpFuture)
    );
}

#[test]
fn ipv4_and_reg_name() {
    assert_eq!(
        parse("//255.255.255.255").unwrap().host_kind(),
        Some(HostKind::Ipv4)
    );
    assert_eq!(
        parse("//0.0.0.0").unwrap().host_kind(),
        Some(HostKind::Ipv4)
    );
    for reg in [
        "256.1.1.1",
        "1.2.3",
        "01.2.3.4",
        "1.2.3.4.5",
        "1.2.3.4.",
        "127.1",
    ] {
        let s = format!("//{reg}/");
        assert_eq!(
            parse(&s).unwrap().host_kind(),
            Some(HostKind::RegName),
            "{s}"
        );
    }
    let a = analyze("http://256.1.1.1/", Default::default());
    assert!(a.is_valid());
    assert!(a
        .findings()
        .any(|f| f.code == "reg-name-not-ipv4" && f.severity == Severity::Note));
}

#[test]
fn path_kinds_and_reference_kinds() {
    let cases = [
        ("http://h", PathKind::AbEmpty, RefKind::Uri),
        ("http:/a", PathKind::Absolute, RefKind::Uri),
        ("mailto:a@b", PathKind::Rootless, RefKind::Uri),
        ("http:", PathKind::Empty, RefKind::Uri),
        ("//h/p", PathKind::AbEmpty, RefKind::NetworkPath),
        ("/a/b", PathKind::Absolute, RefKind::AbsolutePath),
        ("a/b", PathKind::NoScheme, RefKind::RelativePath),
        ("./a:b", PathKind::NoScheme, RefKind::RelativePath),
        ("?q", PathKind::Empty, RefKind::RelativePath),
        ("#f", PathKind::Empty, RefKind::SameDocument),
        ("", PathKind::Empty, RefKind::SameDocument),
    ];
    for (s, pk, rk) in cases {
        let u = parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!((u.path_kind(), u.kind()), (pk, rk), "{s}");
    }
}

#[test]
fn segments_and_query_pairs_with_spans() {
    let s = "http://h/a/%20b//c?x=1&y&x=2&&z=a=b";
    let u = parse(s).unwrap();
    let segs: Vec<_> = u.segments().map(|(sp, t)| (sp.start, t)).collect();
    assert_eq!(segs, [(9, "a"), (11, "%20b"), (16, ""), (17, "c")]);
    let pairs: Vec<_> = u
        .query_pairs(b'&')
        .map(|p| (p.key_str(s), p.value_str(s)))
        .collect();
    assert_eq!(
        pairs,
        [
            ("x", Some("1")),
            ("y", None),
            ("x", Some("2")),
            ("", None),
            ("z", Some("a=b"))
        ]
    );
    let semi: Vec<_> = parse("?a=1;b=2")
        .unwrap()
        .query_pairs(b';')
        .map(|p| p.span)
        .collect();
    assert_eq!(semi.len(), 2);
    assert_eq!(parse("?").unwrap().query_pairs(b'&').count(), 0);
    assert_eq!(parse("http://h").unwrap().segments().count(), 0);
    assert_eq!(
        parse("http://h/")
            .unwrap()
            .segments()
            .map(|(_, t)| t)
            .collect::<Vec<_>>(),
        [""]
    );
}

/// Invalid inputs pinned as (input, byte offset of the first error, code).
#[test]
fn invalid_inputs_pinned() {
    let cases: &[(&str, usize, &str)] = &[
        // IPv6
        ("http://[1:2:3:4:5:6:7:8:9]/", 23, "ipv6-syntax"),
        ("http://[1:2:3:4:5:6:7]/", 21, "ipv6-syntax"),
        ("http://[::1::2]/", 11, "ipv6-syntax"),
        ("http://[12345::1]/", 12, "ipv6-syntax"),
        ("http://[:1:2::3]/", 8, "ipv6-syntax"),
        ("http://[1:2:3:4:5:6:7:1.2.3.4]/", 22, "ipv6-syntax"),
        ("http://[::1.2.3.256]/", 10, "ipv6-syntax"),
        ("http://[1:2:3:4:5:6:7:8::]/", 23, "ipv6-syntax"),
        ("http://[g::1]/", 8, "ipv6-syntax"),
        ("http://[::1/", 7, "ip-literal-syntax"),
        ("http://[::1]x/", 12, "ip-literal-syntax"),
        ("http://[fe80::1%en0]/", 15, "zone-id-syntax"),
        ("http://[v.x]/", 9, "ipvfuture-syntax"),
        // IPv4-looking hosts that are not reg-names either
        ("http://1.2.3.4%/", 14, "bad-percent"),
        ("http://1.2.3.4:x/", 15, "port-not-digits"),
        ("http://1.2.3.4_[/", 15, "invalid-char"),
        // ports
        ("http://h:80a/", 11, "port-not-digits"),
        ("http://h:80:90/", 11, "port-not-digits"),
        ("http://h:-1/", 9, "port-not-digits"),
        // percent-escapes
        ("http://h/%", 9, "bad-percent"),
        ("http://h/%4", 9, "bad-percent"),
        ("http://h/%G1", 9, "bad-percent"),
        ("http://h/?q=%x", 12, "bad-percent"),
        ("http://us%er@h/", 9, "bad-percent"),
        // scheme
        ("ht tp://h/", 2, "whitespace"),
        ("h_t:x", 1, "invalid-char"),
        ("ht%tp:x", 2, "invalid-char"),
        // colon in a relative first segment
        ("1ab:c", 3, "colon-in-first-segment"),
        (":x", 0, "colon-in-first-segment"),
        ("-a:b/c", 2, "colon-in-first-segment"),
        // characters
        ("http://h/a b", 10, "whitespace"),
        ("http://h/a\tb", 10, "whitespace"),
        ("http://h/\u{1b}[31m", 9, "control-char"),
        ("http://h/caf\u{e9}", 12, "non-ascii"),
        ("http://h/a#b#c", 12, "invalid-char"),
        ("http://h/a<b>", 10, "invalid-char"),
        ("http://h@i@j/", 8, "invalid-char"),
        ("http://h/[x]", 9, "invalid-char"),
    ];
    for &(input, at, code) in cases {
        let e = parse(input).expect_err(input);
        assert_eq!((e.at, e.code.as_str()), (at, code), "{input:?}: {e}");
        let a = analyze(input, Default::default());
        assert!(!a.is_valid(), "{input:?}");
        let first = a.errors().next().unwrap();
        assert_eq!(
            (first.span.start, first.code.as_str()),
            (at, code),
            "analyze {input:?}"
        );
    }
    assert!(cases.len() >= 20);
}

#[test]
fn analyze_reports_every_problem_not_only_the_first() {
    let a = analyze("ht~tp://us er@[::g]:8o/a b?c d#e#f", Default::default());
    let codes: Vec<_> = a
        .errors()
        .map(|f| (f.span.start, f.code.as_str()))
        .collect();
    assert_eq!(
        codes,
        [
            (2, "invalid-char"),
            (10, "whitespace"),
            (17, "ipv6-syntax"),
            (21, "port-not-digits"),
            (24, "whitespace"),
            (28, "whitespace"),
            (32, "invalid-char"),
        ]
    );
}

#[test]
fn messages_name_the_character_the_expectation_the_rule_and_the_section() {
    let a = analyze("http://[1:2:3:4:5:6:7:x]/", Default::default());
    let f = a.errors().next().unwrap();
    assert!(f.message.contains("'x'"), "{}", f.message);
    assert!(f.message.contains("after 7 h16 pieces"), "{}", f.message);
    assert!(f.message.contains("§3.2.2"), "{}", f.message);
    let a = analyze("http://h/a b", Default::default());
    let f = a.errors().next().unwrap();
    assert!(f.message.contains("space"), "{}", f.message);
    assert!(f.message.contains("pchar"), "{}", f.message);
    assert!(f.message.contains("§3.3"), "{}", f.message);
}

#[test]
fn notes_for_legal_but_surprising_forms() {
    let codes = |s: &str| -> Vec<&'static str> {
        analyze(s, Default::default())
            .findings()
            .filter(|f| f.severity == Severity::Note)
            .map(|f| f.code.as_str())
            .collect()
    };
    assert!(codes("HTTP://h/").contains(&"uppercase-scheme"));
    assert!(codes("http://h/%3a").contains(&"lowercase-percent-hex"));
    assert!(codes("http://h:/").contains(&"empty-port"));
    assert!(codes("http:///p").contains(&"empty-host"));
    assert!(codes("http://256.1.1.1/").contains(&"reg-name-not-ipv4"));
    assert!(codes("http://h/%41").contains(&"percent-encoded-unreserved"));
    assert!(codes("http://h/a").is_empty());
}

#[test]
fn iri_mode_accepts_ucschar_and_iprivate_only_in_query() {
    assert!(parse("http://例え.jp/パス?q=値#フラグ").is_err());
    let a = uriscope_core::UriRef::parse_with(
        "http://例え.jp/パス?q=値#フラグ",
        uriscope_core::ParseOptions::new().iri(true),
    )
    .unwrap();
    assert_eq!(a.host(), Some("例え.jp"));
    assert!(uriscope_core::UriRef::parse_with(
        "http://h/?\u{E000}",
        uriscope_core::ParseOptions::new().iri(true)
    )
    .is_ok());
    assert!(uriscope_core::UriRef::parse_with(
        "http://h/\u{E000}",
        uriscope_core::ParseOptions::new().iri(true)
    )
    .is_err());
    assert!(uriscope_core::UriRef::parse_with(
        "http://h/\u{FFFE}",
        uriscope_core::ParseOptions::new().iri(true)
    )
    .is_err());
}
