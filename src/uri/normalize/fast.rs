//! The untraced normalizer: the same rungs as the ladder, fused into one pass
//! over the components.

use super::ladder::{rebuild, write_host, Comp};
use super::text::{write_path_text, write_text, TextRule};
use super::{invalid, is_default_port, NormalizeError, NormalizeOptions};
use crate::uri::dot_segments::has_dot_segments;
use crate::uri::{ipv6_text, parse, remove_dot_segments_into, HostKind};

/// Normalize `input` to the same string as [`normalize`](super::normalize)`(..).normalized`,
/// in one pass and without a trace.
///
/// ```
/// use uriscope::uri::normalize::{normalize_str, NormalizeOptions};
/// let o = NormalizeOptions::default();
/// assert_eq!(normalize_str("HTTP://www.EXAMPLE.com:80", o).unwrap(), "http://www.example.com/");
/// assert_eq!(normalize_str("s:/a/..//b/%7e", o).unwrap(), "s:/.//b/~");
/// ```
pub fn normalize_str(input: &str, options: NormalizeOptions) -> Result<String, NormalizeError> {
    let u = parse(input).map_err(|_| invalid(input))?;
    let mut out = String::with_capacity(input.len() + 1);
    let scheme_start = 0;
    let scheme_based = !options.syntax_only;
    let has_authority = u.authority().is_some();
    let mut scheme_end = 0;
    rebuild(&u, &mut out, |c, s, out| match c {
        Comp::Scheme => {
            write_text(
                s,
                TextRule {
                    lower: true,
                    decode: false,
                },
                out,
            );
            scheme_end = out.len();
        }
        Comp::Userinfo | Comp::Query | Comp::Fragment => write_text(
            s,
            TextRule {
                lower: false,
                decode: true,
            },
            out,
        ),
        Comp::Host(HostKind::Ipv6) if options.ipv6_rfc5952 => {
            let address = s[1..].split(['%', ']']).next().unwrap_or_default();
            match ipv6_text::canonical(address) {
                Some(canon) => {
                    out.push('[');
                    out.push_str(&canon);
                    write_host(&s[1 + address.len()..], HostKind::Ipv6, true, true, out);
                }
                None => write_host(s, HostKind::Ipv6, true, true, out),
            }
        }
        Comp::Host(kind) => write_host(s, kind, true, true, out),
        Comp::Port => {
            let scheme = &out[scheme_start..scheme_end];
            let drop =
                scheme_based && scheme_end > 0 && (s == ":" || is_default_port(scheme, &s[1..]));
            if !drop {
                out.push_str(s);
            }
        }
        Comp::Path => {
            let start = out.len();
            if s.as_bytes().contains(&b'%') {
                write_path_text(s, true, options.decode_dot_segments, out);
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
    Ok(out)
}
