//! The untraced normalizer: the same rungs as the ladder, fused into one pass
//! over the components.

use super::ladder::{rebuild, write_host, Comp};
use super::text::{write_path_text, write_text, TextRule};
use super::{invalid, is_default_port, NormalizeError, NormalizeOptions};
use crate::resolution::dot_segments::has_dot_segments;
use crate::syntax::ipv6_text;
use crate::{parse_with, remove_dot_segments_into, HostKind};

/// Normalize `input` to the same string as [`normalize`](super::normalize)`(..).normalized`,
/// in one pass and without a trace.
///
/// ```
/// use uriscope_core::{normalize, NormalizeOptions};
/// let o = NormalizeOptions::default();
/// assert_eq!(normalize("HTTP://www.EXAMPLE.com:80", o).unwrap(), "http://www.example.com/");
/// assert_eq!(normalize("s:/a/..//b/%7e", o).unwrap(), "s:/.//b/~");
/// ```
pub fn normalize_str(input: &str, options: NormalizeOptions) -> Result<String, NormalizeError> {
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
