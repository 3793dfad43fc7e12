//! Property tests for the parser: no panics, recomposition is identity,
//! parse agrees with split and with analyze, split agrees with a naive oracle.

use proptest::prelude::*;
use uriscope_core::{analyze, component::split, component::Split, parse, ParseOptions, UriRef};

const PCT: &str = "%[0-9A-Fa-f]{2}";

type Re = proptest::string::RegexGeneratorStrategy<String>;

fn re(pattern: &str) -> Re {
    proptest::string::string_regex(pattern).expect("a valid generator pattern")
}

fn rep(class: &str, max: usize) -> Re {
    re(&format!("(({class})|{PCT}){{0,{max}}}"))
}

fn scheme() -> impl Strategy<Value = String> {
    "[A-Za-z][A-Za-z0-9+.-]{0,7}"
}

/// An IPv6address: 8 pieces (6 and an IPv4 tail when `v4`), with the pieces
/// `lo..hi` replaced by "::" when that window is not empty.
fn ipv6() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(0u16..=0xffff, 8),
        0usize..=8,
        0usize..=8,
        any::<bool>(),
    )
        .prop_map(|(pieces, a, b, v4)| {
            let n = if v4 { 6 } else { 8 };
            let mut parts: Vec<String> = pieces[..n].iter().map(|p| format!("{p:x}")).collect();
            if v4 {
                parts.push("1.2.3.4".to_string());
            }
            let total = parts.len();
            let (lo, hi) = (a.min(b).min(total), a.max(b).min(total));
            if lo == hi {
                parts.join(":")
            } else {
                format!("{}::{}", parts[..lo].join(":"), parts[hi..].join(":"))
            }
        })
}

fn host() -> impl Strategy<Value = String> {
    prop_oneof![
        rep("[A-Za-z0-9._~!$&'()*+,;=-]", 12),
        (0u8..=255, 0u8..=255, 0u8..=255, 0u8..=255)
            .prop_map(|(a, b, c, d)| format!("{a}.{b}.{c}.{d}")),
        ipv6().prop_map(|a| format!("[{a}]")),
        (ipv6(), "[A-Za-z0-9._~-]{1,5}").prop_map(|(a, z)| format!("[{a}%25{z}]")),
        "[vV][0-9a-fA-F]{1,3}\\.[A-Za-z0-9._~!$&'()*+,;=:-]{1,8}".prop_map(|s| format!("[{s}]")),
    ]
}

fn authority() -> impl Strategy<Value = String> {
    (
        proptest::option::of(rep("[A-Za-z0-9._~!$&'()*+,;=:-]", 8)),
        host(),
        proptest::option::of(re("[0-9]{0,5}")),
    )
        .prop_map(|(u, h, p)| {
            let mut s = String::new();
            if let Some(u) = u {
                s.push_str(&u);
                s.push('@');
            }
            s.push_str(&h);
            if let Some(p) = p {
                s.push(':');
                s.push_str(&p);
            }
            s
        })
}

const SEGMENT: &str = "(([A-Za-z0-9._~!$&'()*+,;=:@-])|%[0-9A-Fa-f]{2}){0,6}";

fn query() -> Re {
    rep("[A-Za-z0-9._~!$&'()*+,;=:@/?-]", 12)
}

/// A valid URI-reference built from the Appendix A grammar, with its parts.
fn uri_reference() -> impl Strategy<
    Value = (
        Option<String>,
        Option<String>,
        String,
        Option<String>,
        Option<String>,
    ),
> {
    let seg_nz = "(([A-Za-z0-9._~!$&'()*+,;=:@-])|%[0-9A-F]{2}){1,6}";
    let seg_nc = "(([A-Za-z0-9._~!$&'()*+,;=@-])|%[0-9A-F]{2}){1,6}";
    let rest = format!("(/{SEGMENT}){{0,4}}");
    let abempty = re(&rest);
    let absolute = re(&format!("/({seg_nz}{rest})?"));
    let rootless = re(&format!("{seg_nz}{rest}"));
    let noscheme = re(&format!("{seg_nc}{rest}"));
    (
        proptest::option::of(scheme()),
        proptest::option::of(authority()),
        any::<u8>(),
        abempty,
        absolute,
        rootless,
        noscheme,
        proptest::option::of(query()),
        proptest::option::of(query()),
    )
        .prop_map(
            |(s, a, pick, abempty, absolute, rootless, noscheme, q, f)| {
                let path = if a.is_some() {
                    abempty
                } else {
                    match pick % 3 {
                        0 => absolute,
                        1 if s.is_some() => rootless,
                        1 => noscheme,
                        _ => String::new(),
                    }
                };
                (s, a, path, q, f)
            },
        )
}

fn join(
    p: &(
        Option<String>,
        Option<String>,
        String,
        Option<String>,
        Option<String>,
    ),
) -> String {
    let mut out = String::new();
    if let Some(s) = &p.0 {
        out += s;
        out += ":";
    }
    if let Some(a) = &p.1 {
        out += "//";
        out += a;
    }
    out += &p.2;
    if let Some(q) = &p.3 {
        out += "?";
        out += q;
    }
    if let Some(f) = &p.4 {
        out += "#";
        out += f;
    }
    out
}

/// The Appendix B regex written out with `str::find`, as an oracle for `split`.
fn naive_split(s: &str) -> (Option<&str>, Option<&str>, &str, Option<&str>, Option<&str>) {
    let (before_frag, fragment) = match s.find('#') {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let (before_q, query) = match before_frag.find('?') {
        Some(i) => (&before_frag[..i], Some(&before_frag[i + 1..])),
        None => (before_frag, None),
    };
    let (scheme, rest) = match before_q.find([':', '/']) {
        Some(i) if i > 0 && before_q.as_bytes()[i] == b':' => {
            (Some(&before_q[..i]), &before_q[i + 1..])
        }
        _ => (None, before_q),
    };
    let (authority, path) = match rest.strip_prefix("//") {
        Some(r) => {
            let end = r.find('/').unwrap_or(r.len());
            (Some(&r[..end]), &r[end..])
        }
        None => (None, rest),
    };
    (scheme, authority, path, query, fragment)
}

fn split_texts(
    s: &str,
    p: Split,
) -> (Option<&str>, Option<&str>, &str, Option<&str>, Option<&str>) {
    let t = |x: Option<uriscope_core::Span>| x.map(|x| x.slice(s));
    (
        t(p.scheme),
        t(p.authority),
        p.path.slice(s),
        t(p.query),
        t(p.fragment),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn nothing_panics_on_any_string(s in any::<String>()) {
        let _ = split(&s);
        let a = analyze(&s, Default::default());
        prop_assert_eq!(parse(&s).is_ok(), a.is_valid());
        let _ = UriRef::parse_with(&s, ParseOptions::new().iri(true));
    }

    /// Under the IRI grammar too, the fast parse accepts exactly what the
    /// analysis calls valid, with the same spans (the explorer's word
    /// jumps take their components from the fast parse).
    #[test]
    fn parse_and_analyze_agree_on_iris(
        s in "[a-zA-Z0-9:/?#\\[\\]@%.!$&'()*+,;=~_ \u{e9}\u{4e16}\u{e000}\u{202e}\u{fffe}-]{0,40}"
    ) {
        let o = ParseOptions::new().iri(true);
        let a = analyze(&s, o);
        match UriRef::parse_with(&s, ParseOptions::new().iri(true)) {
            Ok(u) => {
                prop_assert!(a.is_valid(), "{:?}", s);
                prop_assert_eq!(u, a.uri);
            }
            Err(_) => prop_assert!(!a.is_valid(), "{:?}", s),
        }
    }

    /// The authority fast path (parse) and the full one (analyze) delimit
    /// the same sub-components: userinfo, host, host kind and port.
    #[test]
    fn parse_and_analyze_agree_on_authority_parts(
        s in "(s:)?//[a-z0-9:@%.\\[\\]]{0,16}(:[0-9a-z]{0,3})?(/[a-z%2F]{0,4})?"
    ) {
        let a = analyze(&s, Default::default());
        if let Ok(u) = parse(&s) {
            prop_assert_eq!(u.authority_parts(), a.uri.authority_parts());
            prop_assert_eq!(u, a.uri);
        }
    }

    #[test]
    fn nothing_panics_on_uri_like_strings(s in "[a-zA-Z0-9:/?#\\[\\]@%.!$&'()*+,;=~_ \u{e9}\u{4e16}-]{0,40}") {
        let a = analyze(&s, Default::default());
        match parse(&s) {
            Ok(u) => {
                prop_assert!(a.is_valid());
                prop_assert_eq!(u.to_string(), s.clone());
            }
            Err(e) => {
                let first = a.errors().next().expect("analyze finds an error too");
                prop_assert_eq!((first.span.start, first.code), (e.at, e.code));
            }
        }
    }

    /// Broken authorities (unclosed brackets, bare `%` zones, text after
    /// `]`, several `@` and `:`) go through the analyzer's error recovery;
    /// the packed reference it returns still gives spans that lie in order
    /// inside the input, on character boundaries (and, in this debug
    /// build, equal to the spans the parser found: `UriRef::pack` checks).
    #[test]
    fn packed_spans_hold_through_error_recovery(
        tokens in proptest::collection::vec(
            prop::sample::select(vec![
                "//", "[", "]", "%", "%25", "%2", ":", "@", "a", "7", "v1.", "::", "/", "?",
                "#", "é", " ", "s:",
            ]),
            0..16,
        )
    ) {
        let s: String = tokens.concat();
        for a in [analyze(&s, Default::default()), analyze(&s, ParseOptions::new().iri(true))] {
            let u = a.uri;
            let mut spans = vec![u.path_span()];
            spans.extend(u.scheme_span());
            spans.extend(u.query_span());
            spans.extend(u.fragment_span());
            if let Some(auth) = u.authority_parts() {
                spans.extend([auth.span, auth.host.span, auth.host.address]);
                spans.extend(auth.userinfo);
                spans.extend(auth.port);
                spans.extend(auth.host.zone);
                prop_assert!(auth.span.start <= auth.host.span.start);
                prop_assert!(auth.host.span.end <= auth.span.end);
                prop_assert_eq!(auth.span.end, u.path_span().start);
            }
            for sp in spans {
                prop_assert!(sp.start <= sp.end && sp.end <= s.len(), "{:?} in {:?}", sp, s);
                prop_assert!(s.is_char_boundary(sp.start) && s.is_char_boundary(sp.end));
            }
            prop_assert_eq!(u.as_str(), s.as_str());
        }
    }

    #[test]
    fn split_agrees_with_the_naive_appendix_b_oracle(s in "[a-z:/?#@.]{0,20}") {
        prop_assert_eq!(split_texts(&s, split(&s)), naive_split(&s));
    }

    #[test]
    fn generated_valid_references_parse_and_recompose(parts in uri_reference()) {
        let s = join(&parts);
        let u = parse(&s);
        prop_assert!(u.is_ok(), "{:?}: {:?}", s, u.err());
        let u = u.unwrap();
        prop_assert_eq!(u.to_string(), s.clone());
        prop_assert_eq!(u.parts().recompose(), s.clone());
        prop_assert_eq!(u.scheme(), parts.0.as_deref());
        prop_assert_eq!(u.authority(), parts.1.as_deref());
        prop_assert_eq!(u.path(), parts.2.as_str());
        prop_assert_eq!(u.query(), parts.3.as_deref());
        prop_assert_eq!(u.fragment(), parts.4.as_deref());
        prop_assert!(analyze(&s, Default::default()).is_valid());
        // parse agrees with split on every component
        let sp = split_texts(&s, split(&s));
        prop_assert_eq!(sp, (u.scheme(), u.authority(), u.path(), u.query(), u.fragment()));
    }
}
