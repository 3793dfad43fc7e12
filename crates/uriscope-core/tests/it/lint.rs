//! Lint findings (RFC 3986 §7, RFC 2396 §7), host insight (§7.4 rare IPv4
//! forms, mixed-script labels).

use std::net::Ipv4Addr;

use proptest::prelude::*;
use uriscope_core::host::{inet_aton, mixed_scripts, Script};
use uriscope_core::lint::lint;
use uriscope_core::{Finding, Severity};

/// The lint finding with `code` for `input`; fails if absent.
#[track_caller]
fn finding(input: &str, code: &str) -> Finding {
    let all = lint(input);
    match all.iter().find(|f| f.code == code) {
        Some(f) => f.clone(),
        None => panic!("{input:?}: no {code}; got {all:#?}"),
    }
}

/// `input` raises `code` on exactly the text `at`.
#[track_caller]
fn raises(input: &str, code: &str, at: &str) {
    let f = finding(input, code);
    assert_eq!(f.span.slice(input), at, "{input:?} {code}");
    assert_ne!(f.severity, Severity::Error, "lint never reports errors");
}

#[track_caller]
fn lacks(input: &str, code: &str) {
    let all = lint(input);
    assert!(
        all.iter().all(|f| f.code != code),
        "{input:?}: unexpected {code}: {all:#?}"
    );
}

const SECURITY: &[(&str, &str, &str)] = &[
    ("http://user:pass@example.com/", "userinfo-password", "pass"),
    (
        "ftp://anonymous:guest@ftp.example.org/",
        "userinfo-password",
        "guest",
    ),
    (
        "http://trusted.example@evil.example/",
        "userinfo-looks-like-host",
        "trusted.example",
    ),
    (
        "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",
        "userinfo-looks-like-host",
        "cnn.example.com&story=breaking_news",
    ),
    (
        "http://user:www.bank.example@evil.example/",
        "userinfo-looks-like-host",
        "user:www.bank.example",
    ),
    ("http://example.com:25/", "non-default-port", "25"),
    ("https://example.com:8443/", "non-default-port", "8443"),
    ("ws://example.com:443/", "non-default-port", "443"),
    ("http://example.com:65536/", "port-out-of-range", "65536"),
    (
        "http://a:99999999999999999999/",
        "port-out-of-range",
        "99999999999999999999",
    ),
    (
        "http://example.com/a%0D%0Ab",
        "encoded-control-char",
        "%0D%0A",
    ),
    ("http://example.com/?q=%00", "encoded-control-char", "%00"),
    (
        "telnet://example.com/%1b%7F",
        "encoded-control-char",
        "%1b%7F",
    ),
    ("http://example.com/a%2Fb", "encoded-slash", "%2F"),
    ("http://example.com/a/b%2fc/d", "encoded-slash", "%2f"),
    (
        "http://example.com/a/%2E%2E/b",
        "encoded-dot-segment",
        "%2E%2E",
    ),
    ("http://example.com/a/.%2e/b", "encoded-dot-segment", ".%2e"),
    ("/a/%2e/b", "encoded-dot-segment", "%2e"),
    ("http://example.com\\evil.com/", "backslash", "\\"),
    ("http://example.com/a\\\\b", "backslash", "\\\\"),
    ("javascript:alert(1)", "javascript-scheme", "javascript"),
    ("JavaScript:void(0)", "javascript-scheme", "JavaScript"),
    ("data:text/html,hi", "data-scheme", "data"),
    ("http://0x7f.1/", "ipv4-rare-form", "0x7f.1"),
    ("http://pаypal.com/", "mixed-script-label", "pаypal"),
    (
        "http://xn--pypal-4ve.com/",
        "mixed-script-label",
        "xn--pypal-4ve",
    ),
    (
        "http://xn--99999999999.com/",
        "punycode-invalid",
        "xn--99999999999",
    ),
];

#[test]
fn each_security_finding_is_raised_on_its_span() {
    for &(input, code, at) in SECURITY {
        raises(input, code, at);
    }
}

/// Inputs that raise no lint finding at all.
const CLEAN: &[&str] = &[
    "http://example.com/a/b?c=d#e",
    "https://example.com:443/",
    "http://user@example.com/",
    "http://user:@example.com/",
    "ftp://ftp.example.org/pub/file.txt",
    "http://example.com/a%20b/%41",
    "http://127.0.0.1/",
    "http://[::1]:80/",
    "http://bücher.example/",
    "http://例え.jp/",
    "http://xn--bcher-kva.example/",
    "http://пример.рф/",
    "mailto:a@example.com?subject=Hi",
    "urn:isbn:0451450523",
    "file:///etc/hosts",
    "tel:+1-201-555-0123",
    "foo://example.com:1/",
    "../a/b",
    "",
];

#[test]
fn clean_inputs_raise_nothing() {
    for input in CLEAN {
        assert_eq!(lint(input), Vec::new(), "{input:?}");
    }
}

#[test]
fn every_security_code_is_absent_from_every_clean_input() {
    for &(_, code, _) in SECURITY {
        for input in CLEAN {
            lacks(input, code);
        }
    }
}

#[test]
fn default_port_and_unknown_scheme_are_not_flagged() {
    lacks("http://example.com:80/", "non-default-port");
    lacks("http://example.com:080/", "non-default-port");
    lacks("foo://example.com:25/", "non-default-port");
    lacks("http://example.com:/", "non-default-port");
}

/// Regression: `http://a:65536/` only got `non-default-port` and
/// `http://a:99999999999999999999/` got nothing (the port did not parse as a
/// u32). RFC 3986 §3.2.3 allows any digits; TCP/UDP ports are 16-bit.
#[test]
fn port_out_of_range_is_flagged_for_any_number_of_digits() {
    for s in [
        "http://a:65536/",
        "http://a:99999999999999999999/",
        "foo://a:70000/",
        "//a:123456/",
        "http://a:0000000000000000065536/",
    ] {
        let f = finding(s, "port-out-of-range");
        assert_eq!(f.severity, Severity::Warning, "{s}");
        assert!(f.message.contains("65535"), "{}", f.message);
        lacks(s, "non-default-port");
    }
    for s in [
        "http://a:65535/",
        "http://a:00000000000000000080/",
        "foo://a:1/",
    ] {
        lacks(s, "port-out-of-range");
    }
    // Leading zeros do not hide a non-default port.
    assert!(finding("http://a:0000000000000008080/", "non-default-port")
        .message
        .contains("port 8080"));
}

proptest! {
    /// `port-out-of-range` iff the digits' value (a u128 oracle) passes 65535;
    /// `non-default-port` for http only inside the range and off 80.
    #[test]
    fn port_range_agrees_with_a_wide_integer_oracle(digits in "[0-9]{1,30}") {
        let s = format!("http://a:{digits}/");
        let v: u128 = digits.parse().expect("digits");
        let codes: Vec<&str> = lint(&s).iter().map(|f| f.code.as_str()).collect();
        prop_assert_eq!(codes.contains(&"port-out-of-range"), v > 65535, "{}", s);
        prop_assert_eq!(codes.contains(&"non-default-port"), v <= 65535 && v != 80, "{}", s);
    }
}

#[test]
fn well_known_port_message_names_the_range() {
    assert!(finding("http://h:25/", "non-default-port")
        .message
        .contains("0-1023"));
    assert!(!finding("http://h:8080/", "non-default-port")
        .message
        .contains("0-1023"));
}

/// RFC 3986 §7.4 forms, with the address inet_aton() gives them.
const RARE_IPV4: &[(&str, [u8; 4])] = &[
    ("0x7f.1", [127, 0, 0, 1]),
    ("2130706433", [127, 0, 0, 1]),
    ("0177.0.0.1", [127, 0, 0, 1]),
    ("127.1", [127, 0, 0, 1]),
    ("127.0.1", [127, 0, 0, 1]),
    ("0x7f000001", [127, 0, 0, 1]),
    ("0X7F.0.0.01", [127, 0, 0, 1]),
    ("192.168.0.010", [192, 168, 0, 8]),
    ("10.0.0.0377", [10, 0, 0, 255]),
    ("1.2.65535", [1, 2, 255, 255]),
    ("1.16777215", [1, 255, 255, 255]),
    ("0xFFFFFFFF", [255, 255, 255, 255]),
    ("0", [0, 0, 0, 0]),
    ("017700000001", [127, 0, 0, 1]),
];

#[test]
fn rare_ipv4_forms_mean_their_address() {
    for &(host, octets) in RARE_IPV4 {
        let want = Ipv4Addr::from(octets);
        assert_eq!(inet_aton(host), Some(want), "{host}");
        let input = format!("http://{host}/");
        let f = finding(&input, "ipv4-rare-form");
        assert_eq!(f.span.slice(&input), host);
        assert!(f.message.contains(&want.to_string()), "{}", f.message);
    }
}

#[test]
fn percent_encoded_rare_ipv4_is_decoded_first() {
    let f = finding("http://%30x7f.1/", "ipv4-rare-form");
    assert!(f.message.contains("127.0.0.1"));
}

#[test]
fn not_inet_aton_forms() {
    for host in [
        "",
        "256.1",
        "1.2.3.256",
        "1.2.65536",
        "1.16777216",
        "4294967296",
        "1.2.3.4.5",
        "08.1",
        "0x",
        "0x.1",
        "1..2",
        "1.",
        ".1",
        "0x7g",
        "example.com",
        "1e3",
        "-1",
        "+1",
        "1.2.3.4 ",
    ] {
        assert_eq!(inet_aton(host), None, "{host:?}");
    }
    lacks("http://127.0.0.1/", "ipv4-rare-form");
    lacks("http://256.1.1.1/", "ipv4-rare-form");
    lacks("http://example.com/", "ipv4-rare-form");
}

/// The inet_aton text of `addr` in `parts` parts, each in its radix.
fn render(addr: u32, parts: usize, radix: &[u8]) -> String {
    let bytes = addr.to_be_bytes();
    let mut values: Vec<u64> = bytes[..parts - 1].iter().map(|&b| b as u64).collect();
    let last = bytes[parts - 1..]
        .iter()
        .fold(0u64, |v, &b| v << 8 | b as u64);
    values.push(last);
    values
        .iter()
        .zip(radix)
        .map(|(&v, &r)| match r % 3 {
            0 => v.to_string(),
            1 => format!("0{v:o}"),
            _ => format!("0x{v:x}"),
        })
        .collect::<Vec<_>>()
        .join(".")
}

proptest! {
    /// Oracle: render any address in any of the 1-4 part forms and radixes;
    /// inet_aton must read back the same address.
    #[test]
    fn inet_aton_reads_back_every_rendered_form(addr: u32, parts in 1usize..=4, radix in proptest::collection::vec(0u8..3, 4)) {
        let text = render(addr, parts, &radix);
        prop_assert_eq!(inet_aton(&text), Some(Ipv4Addr::from(addr)), "{}", text);
    }

    /// Strict dotted-decimal agrees with std's parser wherever std accepts.
    #[test]
    fn inet_aton_agrees_with_std_on_dotted_decimal(a: u8, b: u8, c: u8, d: u8) {
        let text = format!("{a}.{b}.{c}.{d}");
        prop_assert_eq!(inet_aton(&text), text.parse::<Ipv4Addr>().ok());
    }
}

#[test]
fn mixed_script_labels() {
    use Script::*;
    let table: &[(&str, Option<&[Script]>)] = &[
        ("pаypal", Some(&[Latin, Cyrillic])),
        ("gοogle", Some(&[Latin, Greek])),
        ("аpple", Some(&[Cyrillic, Latin])),
        ("abcдеф", Some(&[Latin, Cyrillic])),
        ("例えд", Some(&[Han, Kana, Cyrillic])),
        ("ไทยa", Some(&[Thai, Latin])),
        ("bücher", None),
        ("例え", None),
        ("日本語", None),
        ("テスト", None),
        ("ソニーsony", None),
        ("한국어abc", None),
        ("пример", None),
        ("παράδειγμα", None),
        ("a-1", None),
        ("münchen-2024", None),
        ("e\u{301}te", None),
    ];
    for &(label, want) in table {
        assert_eq!(mixed_scripts(label).as_deref(), want, "{label}");
    }
}

#[test]
fn single_script_hosts_are_not_flagged() {
    for input in [
        "http://bücher.example/",
        "http://例え.jp/",
        "http://xn--r8jz45g.jp/",
        "http://xn--bcher-kva.example/",
        "http://%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.example/",
    ] {
        assert_eq!(lint(input), Vec::new(), "{input}");
    }
}

#[test]
fn mixed_script_in_percent_encoded_and_ideographic_dot_forms() {
    raises(
        "http://p%D0%B0ypal.com/",
        "mixed-script-label",
        "p%D0%B0ypal",
    );
    raises("http://www。pаypal。com/", "mixed-script-label", "pаypal");
    assert!(finding("http://pаypal.com/", "mixed-script-label")
        .message
        .contains("U+0430"));
}

proptest! {
    #[test]
    fn lint_never_panics_and_spans_fit(s in any::<String>()) {
        for f in lint(&s) {
            prop_assert!(f.span.start <= f.span.end && f.span.end <= s.len());
            prop_assert!(s.is_char_boundary(f.span.start) && s.is_char_boundary(f.span.end));
            prop_assert_ne!(f.severity, Severity::Error);
        }
    }

    #[test]
    fn lint_never_panics_on_uri_like_text(s in "[a-zA-Z]{0,6}:?(//)?([a-z:.@%0-9A-Fxа-я\\\\]{0,12}@)?[a-z0-9.%xXа-я-]{0,12}(:[0-9]{0,6})?(/[a-z.%0-9A-F\\\\]{0,8}){0,4}(\\?[a-z=&;+%0-9]{0,10})?") {
        for f in lint(&s) {
            prop_assert!(s.get(f.span.start..f.span.end).is_some());
        }
    }
}

/// Every line of the 74k-URI corpus: lint does not panic, spans fit, and
/// no finding is an error. The per-code counts are printed (with
/// `--nocapture`) to eyeball false positives.
#[test]
fn lint_over_the_corpus() {
    let corpus = include_str!("../../../../benches/uris.txt");
    let mut counts = std::collections::BTreeMap::<&str, usize>::new();
    for line in corpus.lines() {
        for f in lint(line) {
            assert!(
                line.get(f.span.start..f.span.end).is_some(),
                "{line:?} {f:?}"
            );
            assert_ne!(f.severity, Severity::Error);
            *counts.entry(f.code.as_str()).or_default() += 1;
        }
    }
    eprintln!("lint findings over the corpus: {counts:#?}");
    assert!(counts.contains_key("non-default-port"));
}

/// `input` raises `code` with `severity`.
#[track_caller]
fn raises_as(input: &str, code: &str, severity: Severity) {
    let f = finding(input, code);
    assert_eq!(f.severity, severity, "{input:?} {code}: {f:#?}");
}

/// Severities that fit the RFCs.
const SEVERITIES: &[(&str, &str, Severity)] = &[
    // RFC 3986 §7.2 names no hazard in a port by itself: a note.
    (
        "http://example.com:8080/",
        "non-default-port",
        Severity::Note,
    ),
    // data: warns only for media types that run or render active content.
    ("data:text/html,<b>hi</b>", "data-scheme", Severity::Warning),
    (
        "data:image/svg+xml,<svg/>",
        "data-scheme",
        Severity::Warning,
    ),
    (
        "data:application/xhtml+xml,x",
        "data-scheme",
        Severity::Warning,
    ),
    (
        "data:text/javascript,alert(1)",
        "data-scheme",
        Severity::Warning,
    ),
    (
        "data:application/javascript;base64,YQ==",
        "data-scheme",
        Severity::Warning,
    ),
    (
        "data:TEXT/HTML;charset=utf-8,x",
        "data-scheme",
        Severity::Warning,
    ),
    ("data:text/plain,hello", "data-scheme", Severity::Note),
    ("data:,hello", "data-scheme", Severity::Note),
    (
        "data:image/png;base64,iVBORw0KGgo=",
        "data-scheme",
        Severity::Note,
    ),
];

#[test]
fn severities_fit_the_rfcs() {
    for &(input, code, severity) in SEVERITIES {
        raises_as(input, code, severity);
    }
}

/// Regression: `mailto:…?body=Line1%0D%0ALine2` is what RFC 6068
/// §5 requires for a line break, yet got an `encoded-control-char` warning.
#[test]
fn mailto_body_crlf_is_not_an_encoded_control_char() {
    lacks(
        "mailto:a@example.org?body=Line1%0D%0ALine2",
        "encoded-control-char",
    );
    lacks(
        "mailto:a@example.org?subject=x&body=a%0d%0ab%0D%0Ac",
        "encoded-control-char",
    );
    // A lone CR or LF, a NUL, or CR LF outside a mailto query still warns.
    raises(
        "mailto:a@example.org?body=a%0Ab",
        "encoded-control-char",
        "%0A",
    );
    raises(
        "mailto:a@example.org?body=a%0D%0A%00",
        "encoded-control-char",
        "%00",
    );
    raises(
        "mailto:a%0D%0Ab@example.org",
        "encoded-control-char",
        "%0D%0A",
    );
    raises(
        "http://example.org/?body=a%0D%0Ab",
        "encoded-control-char",
        "%0D%0A",
    );
}

/// Regression: `data:text/plain;charset=utf-8;base64,…` said its
/// charset was "US-ASCII (the default)".
#[test]
fn data_payload_reads_the_charset_parameter() {
    let f = finding("data:text/plain;charset=utf-8;base64,SGk=", "data-payload");
    assert!(
        f.message.ends_with("of text/plain;charset=utf-8"),
        "{}",
        f.message
    );
    let f = finding("data:text/plain,Hi", "data-payload");
    assert!(
        f.message.contains("US-ASCII (the default)"),
        "{}",
        f.message
    );
}
