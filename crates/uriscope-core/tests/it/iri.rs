//! IRIs (RFC 3987 §3.1, §3.2) and IDNA host forms.

use proptest::prelude::*;
use uriscope_core::host::{
    forms as host_forms, to_ascii as host_to_ascii, to_unicode as host_to_unicode,
};
use uriscope_core::iri::{
    iri_to_uri, iri_to_uri_with, is_bidi_control, may_decode_in_iri, uri_to_iri, IriError,
    IriOptions,
};
use uriscope_core::{parse, Span};

#[track_caller]
fn check_iri_to_uri(iri: &str, uri: &str) {
    assert_eq!(iri_to_uri(iri).as_deref(), Ok(uri), "iri {iri:?}");
    // The result is a URI, and mapping it again changes nothing (§3.1).
    assert!(parse(uri).is_ok(), "{uri:?} is not a URI");
    assert_eq!(iri_to_uri(uri).as_deref(), Ok(uri));
}

#[test]
fn rfc3987_section_3_1_examples() {
    check_iri_to_uri(
        "http://www.example.org/red%09ros\u{E9}#red",
        "http://www.example.org/red%09ros%C3%A9#red",
    );
    check_iri_to_uri(
        "http://example.com/\u{10300}\u{10301}\u{10302}",
        "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82",
    );
    // ireg-name through ToASCII: "résumé.example.org".
    check_iri_to_uri(
        "http://r\u{E9}sum\u{E9}.example.org",
        "http://xn--rsum-bpad.example.org",
    );
    let pct = IriOptions {
        percent_encode_host: true,
    };
    assert_eq!(
        iri_to_uri_with("http://r\u{E9}sum\u{E9}.example.org", pct).as_deref(),
        Ok("http://r%C3%A9sum%C3%A9.example.org")
    );
}

#[test]
fn iri_to_uri_components() {
    check_iri_to_uri(
        "http://us\u{E9}r@b\u{FC}cher.example:8080/D\u{FC}rst?q=\u{30A2}\u{E000}#\u{E9}",
        "http://us%C3%A9r@xn--bcher-kva.example:8080/D%C3%BCrst?q=%E3%82%A2%EE%80%80#%C3%A9",
    );
    // A reg-name mixing characters and UTF-8 escapes goes through IDNA whole.
    check_iri_to_uri(
        "http://b\u{FC}%63her.example/",
        "http://xn--bcher-kva.example/",
    );
    // Relative references too.
    check_iri_to_uri("../r\u{E9}sum\u{E9}?x", "../r%C3%A9sum%C3%A9?x");
    // IP literals are never touched by IDNA.
    check_iri_to_uri("http://[::1]/\u{E9}", "http://[::1]/%C3%A9");
}

#[test]
fn iri_to_uri_errors() {
    assert!(matches!(
        iri_to_uri("http://a b/"),
        Err(IriError::Syntax(_))
    ));
    // iprivate is allowed only in the query (§2.2).
    assert!(matches!(
        iri_to_uri("http://h/\u{E000}"),
        Err(IriError::Syntax(_))
    ));
    match iri_to_uri("http://ok.b\u{FC}_cher.example/") {
        Err(IriError::Idna { host, error }) => {
            assert_eq!(host, Span::new(7, 26));
            assert_eq!(error.label, "b\u{FC}_cher");
            assert_eq!(error.span, Span::new(3, 11));
        }
        other => panic!("expected an IDNA error, got {other:?}"),
    }
}

#[track_caller]
fn check_uri_to_iri(uri: &str, iri: &str) {
    assert_eq!(uri_to_iri(uri).as_deref(), Ok(iri), "uri {uri:?}");
    // §3.2: the IRI maps back to the URI.
    let back = iri_to_uri_with(
        iri,
        IriOptions {
            percent_encode_host: true,
        },
    );
    assert_eq!(back.as_deref(), Ok(uri), "iri {iri:?} maps back");
}

#[test]
fn rfc3987_section_3_2_1_examples() {
    check_uri_to_iri(
        "http://www.example.org/D%C3%BCrst",
        "http://www.example.org/D\u{FC}rst",
    );
    // %FC alone is not UTF-8: re-encoded (step 3).
    check_uri_to_iri(
        "http://www.example.org/D%FCrst",
        "http://www.example.org/D%FCrst",
    );
    // %E2%80%AE is U+202E RIGHT-TO-LEFT OVERRIDE: kept encoded (step 4, §4.1).
    // The IDNA label is shown in Unicode (§3.2, RFC 5891).
    assert_eq!(
        uri_to_iri("http://xn--99zt52a.example.org/%e2%80%ae").as_deref(),
        Ok("http://\u{7D0D}\u{8C46}.example.org/%e2%80%ae")
    );
}

#[test]
fn uri_to_iri_keeps_what_would_change_the_parse() {
    // ASCII escapes stay: reserved, %, unreserved and the rest.
    check_uri_to_iri("/a%2Fb%3F%23%25%41%20", "/a%2Fb%3F%23%25%41%20");
    // Overlong and surrogate encodings are not strictly legal UTF-8.
    check_uri_to_iri("/%C0%AF%ED%A0%80", "/%C0%AF%ED%A0%80");
    // Truncated sequence then a good one.
    check_uri_to_iri("/%E3%82%E3%82%A2", "/%E3%82\u{30A2}");
    // iprivate decodes only in the query.
    check_uri_to_iri("/%EE%80%80?%EE%80%80", "/%EE%80%80?\u{E000}");
    // Non-characters and C1 controls are not ucschar.
    check_uri_to_iri("/%EF%BF%BE%C2%85", "/%EF%BF%BE%C2%85");
    // Every bidi formatting character stays encoded.
    for c in [
        '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
        '\u{061C}', '\u{2066}', '\u{2069}',
    ] {
        assert!(is_bidi_control(c));
        let enc: String = c.to_string().bytes().map(|b| format!("%{b:02X}")).collect();
        let uri = format!("/x{enc}");
        check_uri_to_iri(&uri, &uri);
    }
    // Userinfo, host and fragment decode too.
    check_uri_to_iri(
        "http://%C3%A9@b%C3%BCcher.example/#%C3%A9%FF",
        "http://\u{E9}@b\u{FC}cher.example/#\u{E9}%FF",
    );
    // Lowercase escapes decode; those kept keep their case (mapping back
    // gives uppercase, a difference §3.2 allows).
    assert_eq!(uri_to_iri("/%c3%a9%ff").as_deref(), Ok("/\u{E9}%ff"));
    assert!(uri_to_iri("http://a b/").is_err());
}

#[track_caller]
fn check_host(unicode: &str, ascii: &str) {
    assert_eq!(host_to_ascii(unicode).as_deref(), Ok(ascii), "{unicode}");
    assert_eq!(host_to_unicode(ascii).as_deref(), Ok(unicode), "{ascii}");
    let f = host_forms(ascii);
    assert_eq!(f.unicode.as_deref(), Ok(unicode));
    assert_eq!(f.ascii.as_deref(), Ok(ascii));
}

#[test]
fn idna_round_trips() {
    check_host("b\u{FC}cher.example", "xn--bcher-kva.example");
    check_host("r\u{E9}sum\u{E9}.example.org", "xn--rsum-bpad.example.org");
    check_host("m\u{FC}nchen.de", "xn--mnchen-3ya.de");
    check_host("example.com", "example.com");
    // Trailing root dot is kept.
    check_host("b\u{FC}cher.example.", "xn--bcher-kva.example.");
    // ToASCII maps case (UTS #46).
    assert_eq!(
        host_to_ascii("B\u{DC}CHER.Example").as_deref(),
        Ok("xn--bcher-kva.example")
    );
    assert!(!host_forms("example.com").is_internationalized());
    assert!(host_forms("b\u{FC}cher.example").is_internationalized());
}

#[test]
fn idna_errors_name_the_label() {
    let e = host_to_ascii("good.b\u{FC}_cher.example").unwrap_err();
    assert_eq!(
        (e.span, e.label.as_str()),
        (Span::new(5, 13), "b\u{FC}_cher")
    );
    assert_eq!(e.operation, "ToASCII");
    let e = host_to_ascii("-b\u{FC}cher.example").unwrap_err();
    assert_eq!(e.label, "-b\u{FC}cher");
    let e = host_to_ascii("a..b").unwrap_err();
    assert_eq!(e.span, Span::new(2, 2));
    let e = host_to_unicode("a.xn--abc-.com").unwrap_err();
    assert_eq!((e.span, e.operation), (Span::new(2, 10), "ToUnicode"));
    let long = "a".repeat(64);
    assert_eq!(host_to_ascii(&long).unwrap_err().label, long);
    assert!(e.to_string().contains("xn--abc-"));
}

// ---- Properties.

/// RFC 3987 §2.2's `ucschar`, its ranges written out.
fn is_ucschar(c: char) -> bool {
    let c = c as u32;
    matches!(c, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF)
        || (0x10000..=0xEFFFD).contains(&c) && (c & 0xFFFF) <= 0xFFFD && c < 0xE0000
        || (0xE1000..=0xEFFFD).contains(&c)
}

/// A `ucschar` that §3.2 decodes: not bidi, invisible or a space.
fn ucschar() -> impl Strategy<Value = char> {
    any::<char>().prop_filter("ucschar, decoded by uri_to_iri", |&c| {
        is_ucschar(c) && may_decode_in_iri(c, false)
    })
}

fn iprivate() -> impl Strategy<Value = char> {
    prop_oneof![
        (0xE000u32..=0xF8FF),
        (0xF0000u32..=0xFFFFD),
        (0x100000u32..=0x10FFFD)
    ]
    .prop_map(|c| char::from_u32(c).unwrap())
}

/// Text of a component: ASCII it allows literally, ASCII escapes (which
/// §3.2 keeps encoded), and non-ASCII it allows.
fn part(ascii: &'static str, non_ascii: BoxedStrategy<char>) -> impl Strategy<Value = String> {
    let ascii: Vec<char> = ascii.chars().collect();
    prop::collection::vec(
        prop_oneof![
            3 => prop::sample::select(ascii).prop_map(String::from),
            1 => prop::sample::select(vec!["%20", "%2F", "%25", "%41", "%7e"]).prop_map(String::from),
            3 => non_ascii.prop_map(String::from),
        ],
        0..8,
    )
    .prop_map(|v| v.concat())
}

const UNRESERVED_SUB: &str = "abcXYZ019-._~!$&'()*+,;=";

fn iri() -> impl Strategy<Value = (String, bool)> {
    let path_chars = "abcXYZ019-._~!$&'()*+,;=:@/";
    let query_chars = "abcXYZ019-._~!$&'()*+,;=:@/?";
    let ucs = ucschar().boxed();
    let query_non_ascii = prop_oneof![ucschar(), iprivate()].boxed();
    (
        part(UNRESERVED_SUB, ucs.clone()),
        any::<bool>(),
        part(path_chars, ucs.clone()),
        part(query_chars, query_non_ascii),
        part(query_chars, ucs),
    )
        .prop_map(|(host, ascii_host, path, query, frag)| {
            let host = if ascii_host {
                host.chars().filter(char::is_ascii).collect()
            } else {
                host
            };
            (format!("http://{host}/{path}?{query}#{frag}"), ascii_host)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn uri_to_iri_inverts_iri_to_uri((x, _) in iri()) {
        // Hosts are percent-encoded here (IDNA is not reversed by §3.2).
        let o = IriOptions { percent_encode_host: true };
        let uri = iri_to_uri_with(&x, o).unwrap();
        prop_assert!(parse(&uri).is_ok(), "{:?} is not a URI", uri);
        prop_assert_eq!(uri_to_iri(&uri).unwrap(), x.as_str());
    }

    #[test]
    fn uri_to_iri_inverts_iri_to_uri_with_ascii_host((x, ascii_host) in iri()) {
        prop_assume!(ascii_host);
        let uri = iri_to_uri(&x).unwrap();
        prop_assert_eq!(uri_to_iri(&uri).unwrap(), x.as_str());
    }

    #[test]
    fn iri_to_uri_is_idempotent_and_gives_a_uri((x, _) in iri()) {
        if let Ok(uri) = iri_to_uri(&x) {
            prop_assert!(parse(&uri).is_ok(), "{:?} is not a URI", uri);
            prop_assert_eq!(iri_to_uri(&uri).unwrap(), uri.as_ref());
        }
    }

    #[test]
    fn uri_to_iri_maps_back_for_any_uri(bytes in prop::collection::vec(any::<u8>(), 0..12)) {
        // Any escapes at all: the IRI must still map back to the same URI.
        let path: String = bytes.iter().map(|b| format!("%{b:02X}")).collect();
        let uri = format!("http://h/{path}?{path}#{path}");
        let iri = uri_to_iri(&uri).unwrap();
        let o = IriOptions { percent_encode_host: true };
        prop_assert_eq!(iri_to_uri_with(&iri, o).unwrap(), uri.as_str());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn conversions_never_panic(s in prop::collection::vec(
        prop_oneof![
            3 => prop::sample::select(vec!["%", "%C3", "%A9", "%E2%80%AE", "%ZZ", "/", "?", "#", "@", ":", "[", "]", ".", "http://", "xn--", "-", "_"]).prop_map(String::from),
            2 => any::<char>().prop_map(String::from),
            2 => prop::char::range('a', 'z').prop_map(String::from),
        ], 0..16).prop_map(|v| v.concat())) {
        let _ = iri_to_uri(&s);
        let _ = uri_to_iri(&s);
        let _ = host_forms(&s);
        if let Ok(u) = iri_to_uri(&s) {
            prop_assert!(parse(&u).is_ok(), "{:?} -> {:?} is not a URI", s, u);
        }
        if let Ok(i) = uri_to_iri(&s) {
            prop_assert!(uriscope_core::UriRef::parse_with(&i, uriscope_core::ParseOptions::new().iri(true)).is_ok(), "{:?} -> {:?} is not an IRI", s, i);
        }
    }
}

/// `uri2iri` shows valid `xn--` labels in Unicode
/// (RFC 3987 §3.2, RFC 5891), except labels that mix scripts.
const URI2IRI_HOSTS: &[(&str, &str)] = &[
    (
        "http://xn--mnchen-3ya.de/stra%C3%9Fe",
        "http://münchen.de/straße",
    ),
    ("http://XN--BCHER-KVA.example/", "http://bücher.example/"),
    (
        "http://a.xn--99zt52a.example.org/",
        "http://a.納豆.example.org/",
    ),
    // Mixed Latin + Cyrillic ("pаypal"): stays ASCII.
    ("http://xn--pypal-4ve.com/", "http://xn--pypal-4ve.com/"),
    // Not valid punycode: stays.
    ("http://xn--abc-.com/", "http://xn--abc-.com/"),
    // Not a host: a path label stays.
    ("http://a/xn--bcher-kva", "http://a/xn--bcher-kva"),
];

#[test]
fn uri_to_iri_decodes_idna_labels_unless_mixed_script() {
    for &(uri, iri) in URI2IRI_HOSTS {
        assert_eq!(uri_to_iri(uri).as_deref(), Ok(iri), "uri {uri:?}");
        // §3.1 with IDNA maps the IRI back (host case aside).
        let back = uriscope_core::iri::iri_to_uri(iri).unwrap();
        assert!(back.eq_ignore_ascii_case(uri), "{iri:?} -> {back:?}");
    }
    let m = uriscope_core::lint::lint("http://xn--pypal-4ve.com/");
    let f = m.iter().find(|f| f.code == "mixed-script-label").unwrap();
    assert!(
        f.message.contains("uri2iri keeps it in ASCII"),
        "{}",
        f.message
    );
}

/// `normalize --iri 'http://a/x%E2%80%8Bw'` and `uri2iri`
/// decoded the escape of ZWSP into the IRI, which then showed `x\u{200b}w`
/// or, written exactly, an invisible character. RFC 3987 §3.2 step 4 keeps
/// characters not appropriate in an IRI encoded: invisible and format
/// characters, line and paragraph separators, look-alikes of space.
#[test]
fn uri_to_iri_keeps_escapes_of_invisible_characters_x_e2_80_8b_w() {
    for (uri, iri) in [
        ("http://a/x%E2%80%8Bw", "http://a/x%E2%80%8Bw"),
        ("http://a/%E2%80%A8%E2%80%A9", "http://a/%E2%80%A8%E2%80%A9"),
        ("http://a/%C2%A0%E3%80%80", "http://a/%C2%A0%E3%80%80"),
        ("http://a/%C2%AD%EF%BB%BF", "http://a/%C2%AD%EF%BB%BF"),
        (
            "http://a/%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9",
            "http://a/👨%E2%80%8D👩",
        ),
        ("http://a/%E2%9D%A4%EF%B8%8F", "http://a/❤%EF%B8%8F"),
        ("http://a/caf%C3%A9", "http://a/café"),
    ] {
        assert_eq!(uri_to_iri(uri).as_deref(), Ok(iri), "{uri}");
    }
    let o = uriscope_core::NormalizeOptions::new().iri(true);
    assert_eq!(
        uriscope_core::normalize("http://a/x%E2%80%8Bw", o).as_deref(),
        Ok("http://a/x%E2%80%8Bw")
    );
    assert_eq!(
        uriscope_core::normalize("http://a/x%c3%a9%C2%A0", o).as_deref(),
        Ok("http://a/xé%C2%A0")
    );
}
