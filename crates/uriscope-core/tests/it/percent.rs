//! Percent-encoding and decoding (RFC 3986 §2.1, §2.4, §2.5): every encode
//! set against an oracle written from the RFCs' character lists, decode
//! reports, and encode/decode against naive versions.

use proptest::prelude::*;
use uriscope_core::percent::encode_set::{self, EncodeSet};
use uriscope_core::percent::{
    decode, decode_bytes, encode, encode_with, explain, Action, DecodeOptions, EncodeOptions,
};
use uriscope_core::{parse, Span};

// ---- The oracle: character lists copied from the RFC texts, not chars.rs.

const ALPHA: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const DIGIT: &str = "0123456789";
/// RFC 3986 §2.3: `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`.
const UNRESERVED_MARKS: &str = "-._~";
/// RFC 3986 §2.2: `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`.
const SUB_DELIMS: &str = "!$&'()*+,;=";
/// RFC 2396 §2.2: `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | ","`.
const RFC2396_RESERVED: &str = ";/?:@&=+$,";
/// RFC 2396 §2.3: `mark = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"`.
const RFC2396_MARK: &str = "-_.!~*'()";

/// The characters each set's ABNF allows literally, spelled out.
fn oracle(name: &str) -> String {
    let unreserved = format!("{ALPHA}{DIGIT}{UNRESERVED_MARKS}");
    let pchar = format!("{unreserved}{SUB_DELIMS}:@");
    match name {
        "userinfo" => format!("{unreserved}{SUB_DELIMS}:"),
        "reg-name" => format!("{unreserved}{SUB_DELIMS}"),
        "segment" => pchar,
        "segment-nz-nc" => format!("{unreserved}{SUB_DELIMS}@"),
        "path" => format!("{pchar}/"),
        "query" | "fragment" => format!("{pchar}/?"),
        "query-param" => format!("{pchar}/?").replace(['&', '=', '+', ';'], ""),
        "unreserved" => unreserved,
        "form" => format!("{ALPHA}{DIGIT}*-._"),
        "uric" => format!("{RFC2396_RESERVED}{ALPHA}{DIGIT}{RFC2396_MARK}"),
        other => panic!("no oracle for set {other}"),
    }
}

fn oracle_keeps(name: &str, b: u8) -> bool {
    b.is_ascii() && oracle(name).as_bytes().contains(&b)
}

#[test]
fn every_set_has_an_oracle_and_a_unique_name() {
    let mut names: Vec<_> = encode_set::ALL.iter().map(|s| s.name).collect();
    assert_eq!(names, encode_set::NAMES);
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), 11);
    for s in encode_set::ALL {
        assert!(!oracle(s.name).is_empty());
        assert!(!s.abnf.is_empty() && !s.section.is_empty());
        assert!(std::ptr::eq(encode_set::by_name(s.name).unwrap(), s));
    }
}

#[test]
fn every_set_matches_its_abnf_for_all_256_bytes() {
    for set in encode_set::ALL {
        for b in 0..=255u8 {
            assert_eq!(
                set.keeps(b),
                oracle_keeps(set.name, b),
                "set {} byte {b:#04x} ({:?})",
                set.name,
                b as char
            );
        }
    }
}

#[test]
fn every_set_encodes_each_ascii_byte_as_its_abnf_says() {
    for set in encode_set::ALL {
        for b in 0..0x80u8 {
            let s = (b as char).to_string();
            let want = if oracle_keeps(set.name, b) {
                s.clone()
            } else if b == b' ' && set.name == "form" {
                "+".to_owned()
            } else {
                format!("%{b:02X}")
            };
            assert_eq!(encode(&s, set), want, "set {} byte {b:#04x}", set.name);
        }
    }
}

#[test]
fn every_set_encodes_every_non_ascii_byte() {
    // Each byte 0x80..=0xFF occurs in the UTF-8 of some character.
    for set in encode_set::ALL {
        for c in [
            '\u{80}',
            '\u{7FF}',
            '\u{800}',
            '\u{FFFD}',
            '\u{10000}',
            '\u{10FFFF}',
            'é',
        ] {
            let s = c.to_string();
            let want: String = s.bytes().map(|b| format!("%{b:02X}")).collect();
            assert_eq!(encode(&s, set), want, "set {} char {c:?}", set.name);
        }
    }
}

#[track_caller]
fn check_encode(set: &EncodeSet, input: &str, want: &str) {
    assert_eq!(encode(input, set), want, "set {} input {input:?}", set.name);
}

#[test]
fn rfc3986_section_2_5_examples() {
    // §2.5: "A" stays; "À" is %C3%80; "ア" is %E3%82%A2.
    for set in encode_set::ALL {
        check_encode(set, "A", "A");
        check_encode(set, "\u{C0}", "%C3%80");
        check_encode(set, "\u{30A2}", "%E3%82%A2");
    }
}

#[test]
fn component_examples() {
    use encode_set::*;
    check_encode(&USERINFO, "user:p@ss w", "user:p%40ss%20w");
    check_encode(&REG_NAME, "ex:ample/com", "ex%3Aample%2Fcom");
    check_encode(&SEGMENT, "a/b?c#d:e@f", "a%2Fb%3Fc%23d:e@f");
    check_encode(&SEGMENT_NZ_NC, "a:b@c", "a%3Ab@c");
    check_encode(&PATH, "/a b/c?d", "/a%20b/c%3Fd");
    check_encode(&QUERY, "a=b&c=d e?/#", "a=b&c=d%20e?/%23");
    check_encode(&QUERY_PARAM, "a=b&c+d;e", "a%3Db%26c%2Bd%3Be");
    check_encode(&FRAGMENT, "sec 1/2?#", "sec%201/2?%23");
    check_encode(&UNRESERVED, "a-b_c.d~e!f", "a-b_c.d~e%21f");
    check_encode(&FORM, "a b+c~d*", "a+b%2Bc%7Ed*");
    check_encode(&URIC, "[::1]#x", "%5B::1%5D%23x");
}

#[test]
fn every_percent_is_encoded_unless_escapes_are_kept() {
    use encode_set::*;
    check_encode(&PATH, "%2F%2f", "%252F%252f");
    check_encode(&PATH, "100%", "100%25");
    check_encode(&PATH, "%%", "%25%25");
    let keep = EncodeOptions { keep_escapes: true };
    assert_eq!(encode_with("%2F%2f", &PATH, keep), "%2F%2f");
    assert_eq!(encode_with("100%", &PATH, keep), "100%25");
    assert_eq!(encode_with("%G1 %4", &PATH, keep), "%25G1%20%254");
}

/// The WHATWG serializer on every scalar value below U+0800 and a few
/// beyond, one at a time and between letters.
#[test]
fn form_set_is_the_whatwg_urlencoded_serializer_for_every_character() {
    let chars = (0..0x800)
        .chain([0xFFFD, 0x1F600, 0x10FFFF])
        .filter_map(char::from_u32);
    for c in chars {
        let s = format!("a{c}%{c}b");
        let whatwg: String = url::form_urlencoded::byte_serialize(s.as_bytes()).collect();
        assert_eq!(encode(&s, &encode_set::FORM), whatwg, "U+{:04X}", c as u32);
    }
}

#[test]
fn unchanged_text_is_borrowed() {
    use std::borrow::Cow;
    assert!(matches!(
        encode("/a/b;c", &encode_set::PATH),
        Cow::Borrowed(_)
    ));
    assert!(matches!(encode("", &encode_set::FORM), Cow::Borrowed(_)));
    assert!(matches!(
        decode_bytes(b"abc%", DecodeOptions::default()),
        Cow::Borrowed(_)
    ));
}

#[test]
fn explain_rows_give_class_bytes_and_reason() {
    let keep = EncodeOptions { keep_escapes: true };
    let rows = explain("a:ア%20 ", &encode_set::SEGMENT_NZ_NC, keep);
    let got: Vec<_> = rows
        .iter()
        .map(|r| {
            (
                r.text,
                r.code_point(),
                r.utf8().to_vec(),
                r.class,
                r.encoded.to_string(),
                r.action,
                r.forced,
            )
        })
        .collect();
    let want = vec![
        (
            "a",
            0x61,
            vec![0x61],
            "unreserved",
            "a".into(),
            Action::Kept,
            false,
        ),
        (
            ":",
            0x3A,
            vec![0x3A],
            "gen-delim",
            "%3A".into(),
            Action::Encoded,
            true,
        ),
        (
            "ア",
            0x30A2,
            vec![0xE3, 0x82, 0xA2],
            "other",
            "%E3%82%A2".into(),
            Action::Encoded,
            false,
        ),
        (
            "%20",
            0x25,
            b"%20".to_vec(),
            "pct-encoded",
            "%20".into(),
            Action::EscapeKept,
            false,
        ),
        (
            " ",
            0x20,
            vec![0x20],
            "other",
            "%20".into(),
            Action::Encoded,
            false,
        ),
    ];
    assert_eq!(got, want);
    // The rows put together are the encoding.
    let joined: String = rows.iter().map(|r| &*r.encoded).collect();
    assert_eq!(
        joined,
        encode_with("a:ア%20 ", &encode_set::SEGMENT_NZ_NC, keep)
    );
    let form = explain("a b", &encode_set::FORM, EncodeOptions::default());
    assert_eq!(form[1].action, Action::SpaceAsPlus);
    assert_eq!(form[1].encoded, "+");
}

// ---- Decoding.

#[track_caller]
fn check_malformed(input: &str, want: &[(usize, usize, &str)]) {
    let d = decode(input, DecodeOptions::default());
    let got: Vec<_> = d
        .malformed
        .iter()
        .map(|s| (s.start, s.end, s.slice(input)))
        .collect();
    assert_eq!(got, want, "input {input:?}");
    // Malformed escapes are kept as they are.
    for s in &d.malformed {
        let text = s.slice(input).as_bytes();
        assert!(d.bytes.windows(text.len()).any(|w| w == text));
    }
}

#[test]
fn malformed_escape_spans() {
    check_malformed("%G1", &[(0, 3, "%G1")]);
    check_malformed("ab%4", &[(2, 4, "%4")]);
    check_malformed("%", &[(0, 1, "%")]);
    check_malformed("a%%41", &[(1, 2, "%")]);
    check_malformed("%4G%41%x", &[(0, 3, "%4G"), (6, 8, "%x")]);
    check_malformed("%é", &[(0, 1, "%")]);
    check_malformed("%2é", &[(0, 2, "%2")]);
    check_malformed("%41%7e%FF", &[]);
    assert_eq!(
        &*decode("%G1", DecodeOptions::default()).bytes,
        b"%G1".as_slice()
    );
}

#[track_caller]
fn check_rounds(input: &str, want: &[&str]) {
    let d = decode(input, DecodeOptions::default());
    let got: Vec<_> = d
        .rounds
        .iter()
        .map(|r| String::from_utf8_lossy(r).into_owned())
        .collect();
    assert_eq!(got, want, "input {input:?}");
    assert_eq!(d.is_double_encoded(), want.len() > 1);
}

#[test]
fn double_encoding_rounds() {
    check_rounds("%252F", &["%2F", "/"]);
    check_rounds("%25252F", &["%252F", "%2F", "/"]);
    check_rounds("a%2520b", &["a%20b", "a b"]);
    check_rounds("a%20b", &["a b"]);
    check_rounds("plain", &[]);
    check_rounds("%25G1", &["%G1"]);
    // A `%` produced by decoding that starts no escape ends the rounds.
    check_rounds("%2525", &["%25", "%"]);
}

#[test]
fn invalid_utf8_positions() {
    let d = decode("a%FFb%C3%28%E3%82", DecodeOptions::default());
    assert_eq!(&*d.bytes, b"a\xFFb\xC3(\xE3\x82");
    assert_eq!(
        d.invalid_utf8,
        [Span::new(1, 2), Span::new(3, 4), Span::new(5, 7)]
    );
    assert!(!d.is_utf8());
    assert_eq!(d.text(), None);
    assert_eq!(d.lossy(), "a\u{FFFD}b\u{FFFD}(\u{FFFD}");
    assert_eq!(d.hex(), "61 FF 62 C3 28 E3 82");
    let ok = decode("%E3%82%A2", DecodeOptions::default());
    assert!(ok.is_utf8());
    assert_eq!(ok.text(), Some("ア"));
}

#[test]
fn plus_as_space_only_when_asked() {
    let form = DecodeOptions {
        plus_as_space: true,
    };
    assert_eq!(&*decode_bytes(b"a+b%2B", form), b"a b+");
    assert_eq!(&*decode_bytes(b"a+b%2B", DecodeOptions::default()), b"a+b+");
    assert_eq!(decode("a+b", form).rounds, [b"a b".to_vec()]);
    // Later rounds read `+` literally: a decoded %2B is a plus sign.
    assert_eq!(decode("a+b%2B", form).rounds, [b"a b+".to_vec()]);
    assert_eq!(
        decode("a%252B", form).rounds,
        [b"a%2B".to_vec(), b"a+".to_vec()]
    );
}

// ---- Naive oracles for the fast code.

/// Encode char by char from the oracle's lists.
fn naive_encode(s: &str, name: &str, keep_escapes: bool) -> String {
    let b = s.as_bytes();
    let mut out = String::new();
    for (i, c) in s.char_indices() {
        let hex2 = |j: usize| b.get(j).is_some_and(|x| x.is_ascii_hexdigit());
        if c == '%' && keep_escapes && hex2(i + 1) && hex2(i + 2) {
            out.push('%');
        } else if c.is_ascii() && oracle_keeps(name, c as u8) {
            out.push(c);
        } else if c == ' ' && name == "form" {
            out.push('+');
        } else {
            let mut buf = [0; 4];
            for byte in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        }
    }
    out
}

/// Decode with `u8::from_str_radix` on each `%HH`.
fn naive_decode(s: &[u8], plus: bool) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let hex = s
            .get(i + 1..i + 3)
            .filter(|h| h.iter().all(u8::is_ascii_hexdigit))
            .and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok());
        match (s[i], hex) {
            (b'%', Some(v)) => {
                out.push(v);
                i += 3;
            }
            (b'+', _) if plus => {
                out.push(b' ');
                i += 1;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// Text rich in the characters that matter: delimiters, `%` with and
/// without hex digits, `+`, space, controls and non-ASCII.
fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => prop::char::range(' ', '~'),
            2 => prop::sample::select(vec!['%', '+', ' ', '2', 'F', 'g', '#', '[', '\u{0}', '\u{7f}']),
            1 => any::<char>(),
        ],
        0..24,
    )
    .prop_map(|v| v.into_iter().collect())
}

fn set() -> impl Strategy<Value = &'static EncodeSet> {
    prop::sample::select(encode_set::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn encode_matches_naive_oracle(s in text(), set in set(), keep in any::<bool>()) {
        let o = EncodeOptions { keep_escapes: keep };
        prop_assert_eq!(encode_with(&s, set, o), naive_encode(&s, set.name, keep));
    }

    /// The `form` set is the WHATWG
    /// application/x-www-form-urlencoded serializer byte for byte (the `url`
    /// crate's `form_urlencoded::byte_serialize`), `%` included.
    #[test]
    fn form_set_is_the_whatwg_urlencoded_serializer(s in text()) {
        let whatwg: String = url::form_urlencoded::byte_serialize(s.as_bytes()).collect();
        prop_assert_eq!(encode(&s, &encode_set::FORM), whatwg);
    }

    #[test]
    fn decode_matches_naive_oracle(s in prop::collection::vec(any::<u8>(), 0..24)
                                       .prop_map(|v| v.into_iter()
                                           .map(|b| if b % 3 == 0 { b'%' } else { b })
                                           .collect::<Vec<u8>>()),
                                   plus in any::<bool>()) {
        let o = DecodeOptions { plus_as_space: plus };
        prop_assert_eq!(decode_bytes(&s, o).into_owned(), naive_decode(&s, plus));
    }

    #[test]
    fn decode_inverts_encode_for_every_set(s in text(), set in set()) {
        // decode(encode(x)) == x with the default options, for any text.
        let o = DecodeOptions { plus_as_space: set.space_as_plus() };
        let all = encode(&s, set);
        prop_assert_eq!(decode(&all, o).bytes.into_owned(), s.as_bytes().to_vec());
        prop_assert!(decode(&all, o).malformed.is_empty());
        // Keeping escapes round-trips whenever the text holds none.
        if decode(&s, DecodeOptions::default()).rounds.is_empty() {
            let kept = encode_with(&s, set, EncodeOptions { keep_escapes: true });
            prop_assert_eq!(decode(&kept, o).bytes.into_owned(), s.as_bytes().to_vec());
        }
    }

    #[test]
    fn encoded_text_is_valid_in_its_component(s in text(), set in set(), keep in any::<bool>()) {
        let e = encode_with(&s, set, EncodeOptions { keep_escapes: keep }).into_owned();
        prop_assert!(valid_in_component(set.name, &e), "set {} gave {:?}", set.name, e);
    }

    #[test]
    fn decode_reports_the_malformed_escapes_a_naive_scan_finds(s in text(), plus in any::<bool>()) {
        let d = decode(&s, DecodeOptions { plus_as_space: plus });
        let got: Vec<Span> = d.malformed.iter().collect();
        prop_assert_eq!(got.len(), d.malformed.len());
        prop_assert_eq!(got.is_empty(), d.malformed.is_empty());
        prop_assert_eq!(got, naive_malformed(&s));
    }

    #[test]
    fn decode_never_panics_and_spans_fit(s in text(), plus in any::<bool>()) {
        let d = decode(&s, DecodeOptions { plus_as_space: plus });
        for m in &d.malformed {
            prop_assert!(s.is_char_boundary(m.start) && s.is_char_boundary(m.end));
            prop_assert!(s[m.start..].starts_with('%'));
        }
        for r in &d.invalid_utf8 {
            prop_assert!(r.end <= d.bytes.len() && r.start < r.end);
        }
    }
}

/// Put `e` in its component of a URI, parse it with `uri::parse`, and
/// check the component reads back as `e`.
fn valid_in_component(name: &str, e: &str) -> bool {
    match name {
        "userinfo" => {
            let s = format!("http://{e}@h/");
            parse(&s).is_ok_and(|u| u.userinfo() == Some(e))
        }
        "reg-name" => {
            let s = format!("http://{e}/");
            parse(&s).is_ok_and(|u| u.host() == Some(e))
        }
        "segment" | "unreserved" => {
            let s = format!("http://h/{e}");
            let one_segment = !e.contains('/');
            one_segment && parse(&s).is_ok_and(|u| u.path() == format!("/{e}"))
        }
        "segment-nz-nc" => {
            // A relative-path reference: the text alone must not read as a scheme.
            let s = format!("{e}/x");
            parse(&s).is_ok_and(|u| u.scheme().is_none() && u.path() == s)
        }
        "path" => {
            let s = format!("http://h/{e}");
            parse(&s).is_ok_and(|u| u.path() == format!("/{e}"))
        }
        "query" | "form" | "uric" => {
            let s = format!("http://h/?{e}");
            parse(&s).is_ok_and(|u| u.query() == Some(e))
        }
        "query-param" => {
            let s = format!("http://h/?k={e}&z");
            parse(&s).is_ok_and(|u| {
                let pairs: Vec<_> = u.query_pairs(b'&').collect();
                u.query() == Some(format!("k={e}&z").as_str())
                    && pairs.len() == 2
                    && !e.contains('=')
            })
        }
        "fragment" => {
            let s = format!("http://h/#{e}");
            parse(&s).is_ok_and(|u| u.fragment() == Some(e))
        }
        other => panic!("no component for set {other}"),
    }
}

#[test]
fn decode_every_two_byte_escape_like_the_naive_decoder() {
    for h in 0..=255u8 {
        for l in 0..=255u8 {
            let s = [b'x', b'%', h, l, b'y'];
            assert_eq!(
                decode_bytes(&s, DecodeOptions::default()).into_owned(),
                naive_decode(&s, false),
                "input %{h:02x}{l:02x}"
            );
        }
    }
}

/// The malformed escapes of `s` found byte by byte, the slow way: a `%`
/// with two hex digits is skipped whole; any other `%` is one, with up to
/// two ASCII characters after it that are not `%`.
fn naive_malformed(s: &str) -> Vec<Span> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'%' {
            i += 1;
        } else if i + 2 < b.len() && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit() {
            i += 3;
        } else {
            let mut end = i + 1;
            for _ in 0..2 {
                if end < b.len() && b[end].is_ascii() && b[end] != b'%' {
                    end += 1;
                } else {
                    break;
                }
            }
            out.push(Span::new(i, end));
            i = end;
        }
    }
    out
}
