//! The untraced normalizer: the same rungs as the ladder, fused into one pass
//! over the components.

use super::ladder::{rebuild, write_host, Comp};
use super::text::{write_path_text, write_text, TextRule};
use super::{invalid, is_default_port, NormalizeError, NormalizeOptions};
use crate::resolution::dot_segments::has_dot_segments;
use crate::syntax::ipv6_text;
use crate::{parse_with, remove_dot_segments_into, HostKind, UriRef};

/// Normalize `input` to the same string as [`trace::normalize`](crate::trace::normalize)`(..).normalized`,
/// in one pass and without a trace.
///
/// ```
/// use uriscope_core::{normalize, NormalizeOptions};
/// let o = NormalizeOptions::default();
/// assert_eq!(normalize("HTTP://www.EXAMPLE.com:80", o).unwrap(), "http://www.example.com/");
/// assert_eq!(normalize("s:/a/..//b/%7e", o).unwrap(), "s:/.//b/~");
/// ```
pub fn normalize(input: &str, options: NormalizeOptions) -> Result<String, NormalizeError> {
    let (out, may_fold) = unfolded(input, options)?;
    Ok(if may_fold {
        super::idna::fold(out, options.iri).0
    } else {
        out
    })
}

/// The normal form without the IDNA rung, and whether that rung may
/// change its host (never with [`NormalizeOptions::syntax_only`]).
pub(crate) fn unfolded(
    input: &str,
    options: NormalizeOptions,
) -> Result<(String, bool), NormalizeError> {
    let po = crate::ParseOptions { iri: options.iri };
    let u = parse_with(input, po).map_err(|_| invalid(input, po))?;
    if already_normal(&u, options) {
        return Ok((input.to_owned(), false));
    }
    let iri = options.iri;
    let mut out = String::with_capacity(input.len() + 1);
    let scheme_start = 0;
    let scheme_based = !options.syntax_only;
    let has_authority = u.authority().is_some();
    let mut scheme_end = 0;
    let host_rule = TextRule::new(true, true).iri(iri);
    let mut may_fold = false;
    rebuild(&u, &mut out, |c, s, out| match c {
        Comp::Scheme => {
            write_text(s, TextRule::new(true, false), out);
            scheme_end = out.len();
        }
        Comp::Userinfo | Comp::Query | Comp::Fragment => {
            write_text(s, TextRule::new(false, true).iri(iri), out)
        }
        Comp::Host(HostKind::Ipv6) if options.ipv6_rfc5952 => {
            let address = s[1..].split(['%', ']']).next().unwrap_or_default();
            match ipv6_text::canonical(address) {
                Some(canon) => {
                    out.push('[');
                    out.push_str(&canon);
                    write_host(&s[1 + address.len()..], HostKind::Ipv6, host_rule, out);
                }
                None => write_host(s, HostKind::Ipv6, host_rule, out),
            }
        }
        Comp::Host(kind) => {
            let start = out.len();
            write_host(s, kind, host_rule, out);
            let scheme = &out[scheme_start..scheme_end];
            may_fold = scheme_based && super::idna::may_fold(scheme, kind, &out[start..]);
        }
        Comp::Port => {
            let scheme = &out[scheme_start..scheme_end];
            // §3.2.3: an empty port goes whatever the scheme; §6.2.3: a default one.
            let drop =
                s == ":" || (scheme_based && scheme_end > 0 && is_default_port(scheme, &s[1..]));
            if !drop {
                out.push_str(s);
            }
        }
        Comp::Path => {
            let start = out.len();
            // A fold, not memchr: cheaper on a URI's short paths.
            if s.bytes().fold(false, |any, c| any | (c == b'%')) {
                let rule = TextRule::new(false, true).iri(iri);
                write_path_text(s, rule, options.keep_encoded_dots, out);
            } else {
                out.push_str(s);
            }
            if scheme_end > 0 && has_dot_segments(&out[start..]) {
                let written = out.split_off(start);
                remove_dot_segments_into(&written, out);
                if !has_authority && out[start..].starts_with("//") {
                    out.insert_str(start, "/.");
                }
            }
            if scheme_based && has_authority && out.len() == start {
                let scheme = &out[scheme_start..scheme_end];
                if super::default_port(scheme).is_some() {
                    out.push('/');
                }
            }
        }
    });
    Ok((out, may_fold))
}

/// Whether `u` is its own normal form short of the IDNA rung, said by byte
/// scans without writing it: no escape anywhere (the rungs that uppercase
/// or decode them), no uppercase letter or non-ASCII byte up to the
/// host's end (the case rung lowercases the scheme and the host; a
/// userinfo with one goes the long way, which keeps it), no port to drop, no dot segment, no empty
/// path to write as `/`, and no host the IDNA rung may fold. Most real
/// references are: they are copied once instead of written component by
/// component.
fn already_normal(u: &UriRef<'_>, options: NormalizeOptions) -> bool {
    let b = u.as_str().as_bytes();
    let scheme = u.scheme();
    let authority = u.authority_parts();
    let head = match (&authority, u.scheme_span()) {
        (Some(a), _) => a.host.span.end,
        (None, Some(s)) => s.end,
        (None, None) => 0,
    };
    let (h, t) = b.split_at(head);
    // Two passes without an early exit, which the compiler vectorizes.
    // Up to the host's end: bit 1 for an escape, an uppercase letter or a
    // non-ASCII byte (which the IDNA rung may fold), bit 2 for a `-`
    // (without which no label is `xn--`).
    let head_bits = h.iter().fold(0u8, |bits, &c| {
        bits | u8::from((c == b'%') | c.is_ascii_uppercase() | (c >= 0x80))
            | u8::from(c == b'-') << 1
    });
    if head_bits & 1 != 0 || t.iter().fold(false, |any, &c| any | (c == b'%')) {
        return false;
    }
    let scheme_based = !options.syntax_only;
    let path = u.path();
    if let Some(a) = authority {
        if a.host.kind == HostKind::Ipv6 && options.ipv6_rfc5952 {
            return false;
        }
        let scheme = scheme.unwrap_or_default();
        if let Some(p) = a.port {
            let port = p.slice(u.as_str());
            if port.is_empty() || (scheme_based && is_default_port(scheme, port)) {
                return false;
            }
        }
        let host = a.host.span.slice(u.as_str());
        if scheme_based
            && ((head_bits & 2 != 0 && super::idna::may_fold(scheme, a.host.kind, host))
                || (path.is_empty() && super::default_port(scheme).is_some()))
        {
            return false;
        }
    }
    scheme.is_none() || !has_dot_segments(path)
}

#[cfg(test)]
mod tests {
    use super::{already_normal, normalize};
    use crate::{parse_with, NormalizeOptions, ParseOptions};
    use proptest::prelude::*;

    fn normal(input: &str, options: NormalizeOptions) -> bool {
        let u = parse_with(input, ParseOptions { iri: options.iri }).expect("parses");
        already_normal(&u, options)
    }

    #[test]
    fn already_normal_only_when_no_rung_has_work() {
        let o = NormalizeOptions::default();
        for yes in [
            "https://example.com/a/b?q=A#F",
            "https://a-b.xn-c.d--xn--e/",
            "http://u@h:8080/",
            "mailto:A@B",
            "a/./b",
            "urn:ISBN:1",
            "",
        ] {
            assert!(normal(yes, o), "{yes}");
        }
        for no in [
            "HTTP://h/",
            "http://H/",
            "http://h/%7e",
            "http://h/?%41",
            "http://h:/",
            "http://h:80/",
            "https://h:0443/",
            "http://h",
            "http://h/a/../b",
            "s:.",
            "http://xn--nxasmq6b/",
            "http://h%41/",
        ] {
            assert!(!normal(no, o), "{no}");
        }
        let syntax = NormalizeOptions {
            syntax_only: true,
            ..o
        };
        assert!(normal("http://h:80", syntax));
        assert!(!normal("http://h:", syntax));
        let rfc5952 = NormalizeOptions {
            ipv6_rfc5952: true,
            ..o
        };
        assert!(normal("http://[::1]/", o));
        assert!(!normal("http://[::1]/", rfc5952));
        let iri = NormalizeOptions { iri: true, ..o };
        assert!(normal("http://h/é?é#é", iri));
        assert!(!normal("http://é/", iri));
        assert!(!normal("http://a.xn--b/", iri));
    }

    fn options() -> impl Strategy<Value = NormalizeOptions> {
        (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(s, v, k, i)| {
            NormalizeOptions {
                syntax_only: s,
                ipv6_rfc5952: v,
                keep_encoded_dots: k,
                iri: i,
            }
        })
    }

    proptest! {
        #[test]
        fn the_fast_normal_form_is_the_ladders(
            uri in "((HTTP|[hH]ttps?|ftp|urn|s):)?(//([uU]@)?(h|H|xn--a|é|%41|\\[::1\\]|\\[::A\\]|[.-]){0,4}(:0{0,2}(80|443|21|8)?)?)?(/|\\.|\\.\\.|a|B|%2[eE]|%7e|é){0,6}(\\?[aA%=4]*)?(#[a/.]*)?",
            o in options(),
        ) {
            if let Ok(ladder) = crate::normalize::ladder::normalize(&uri, o) {
                prop_assert_eq!(normalize(&uri, o).unwrap(), ladder.normalized);
            }
        }
    }
}
