//! Where RFC 2396 (1998) and RFC 3986 (2005) part ways on one input
//! (RFC 3986 Appendix D).

use super::authority::{AuthorityKind, HostKind};
use super::chars;
use super::grammar::{analyze, Analysis, PathForm};
use crate::Code;
use crate::{Finding, Severity, Span};

/// Compare the two grammars on `input`: a warning for each reason it is
/// valid under one RFC and not the other, a note when it is invalid under
/// both, and notes where both accept it but read it differently.
///
/// Codes: `rfc3986-only`, `rfc2396-only`, `invalid-in-both` (one note),
/// and for inputs both accept `reg-name-authority`, `ipv4-differs`,
/// `opaque-query`, `mark-now-reserved`, `path-params`, `escaped-unreserved`.
///
/// ```
/// use uriscope_core::rfc2396::compare_grammars;
/// let codes = |s| compare_grammars(s).into_iter().map(|f| f.code).collect::<Vec<_>>();
/// assert_eq!(codes("http://[::1]/"), ["rfc3986-only", "rfc3986-only"]);
/// assert_eq!(codes("http://a@b@c/"), ["rfc2396-only"]);
/// assert_eq!(codes("http://a/%zz"), ["invalid-in-both"]);
/// assert_eq!(codes("http://example.123:80/"), ["reg-name-authority"]);
/// assert_eq!(codes("http://a/~u"), Vec::<&str>::new()); // "~" is unreserved in both
/// ```
#[must_use]
pub fn compare_grammars(input: &str) -> Vec<Finding> {
    let old = analyze(input);
    let new = crate::syntax::parse::analysis(input);
    let mut out = Vec::new();
    match (old.is_valid(), new.is_valid()) {
        (false, true) => {
            for e in old.errors() {
                let message = format!(
                    "valid under RFC 3986 but not RFC 2396: {}. RFC 2396 says: {}",
                    why_2396_rejects(input, e),
                    e.message
                );
                out.push(Finding::new(
                    e.span,
                    Severity::Warning,
                    Code::Rfc3986Only,
                    message,
                ));
            }
        }
        (true, false) => {
            for e in new.errors() {
                let message = format!(
                    "valid under RFC 2396 but not RFC 3986: {}. RFC 3986 says: {}",
                    why_3986_rejects(&old, e),
                    e.message
                );
                out.push(Finding::new(
                    e.span,
                    Severity::Warning,
                    Code::Rfc2396Only,
                    message,
                ));
            }
        }
        (false, false) => {
            let first = |f: Option<&Finding>| {
                f.map_or(String::new(), |f| {
                    format!("{} at byte {}", f.code, f.span.start)
                })
            };
            let (o, n) = (old.errors().next(), new.errors().next());
            let span = o.or(n).map_or(Span::empty(0), |f| f.span);
            out.push(Finding::new(
                span,
                Severity::Note,
                Code::InvalidInBoth,
                format!(
                    "invalid under both grammars: RFC 2396 finds {} error(s), the first {}; \
                     RFC 3986 finds {} error(s), the first {}",
                    old.errors().count(),
                    first(o),
                    new.errors().count(),
                    first(n)
                ),
            ));
        }
        (true, true) => readings(&old, &new, &mut out),
    }
    out
}

/// Why RFC 2396 rejects what RFC 3986 accepts, by finding code.
fn why_2396_rejects(input: &str, e: &Finding) -> &'static str {
    match e.code {
        Code::UnwiseChar if matches!(input.as_bytes().get(e.span.start), Some(b'[' | b']')) => {
            "RFC 2396 has no IP literals: '[' and ']' are unwise (§2.4.3); RFC 2732 and \
             RFC 3986 §3.2.2 added IP-literal for IPv6 and IPvFuture hosts"
        }
        Code::EmptyOpaquePart => {
            "RFC 3986 allows an empty path after \"scheme:\" (path-empty, Appendix D.2: \"about:\", \
             \"dav:\"); RFC 2396 needs a hier_part or a non-empty opaque_part"
        }
        Code::MissingPath => {
            "RFC 3986 relative-part allows an empty path before a query; RFC 2396 relativeURI \
             needs net_path, abs_path or rel_path"
        }
        _ => "the RFC 2396 grammar does not allow it here",
    }
}

/// Why RFC 3986 rejects what RFC 2396 accepts.
fn why_3986_rejects(old: &Analysis<'_>, e: &Finding) -> &'static str {
    match old.authority {
        Some(a) if a.span.start <= e.span.start && e.span.start <= a.span.end => match a.kind {
            AuthorityKind::RegName(_) => {
                "RFC 2396 reads this authority as a registry-based reg_name (§3.2.1), which \
                 allows \"@\", \":\" and any unreserved or escaped character; RFC 3986 always \
                 reads userinfo@host:port"
            }
            AuthorityKind::Server { .. } => "the RFC 2396 server rule accepts it",
        },
        _ => "the RFC 2396 grammar accepts it here",
    }
}

/// Notes for an input both grammars accept but read differently.
fn readings(old: &Analysis<'_>, new: &crate::Analysis<'_>, out: &mut Vec<Finding>) {
    let input = old.input;
    let b = input.as_bytes();
    if let (Some(a), Some(na)) = (old.authority, new.uri.authority_parts()) {
        let host = na.host.span.slice(input);
        match a.kind {
            AuthorityKind::RegName(why) => {
                let port = na.port.map_or(String::new(), |p| {
                    format!(" and port \"{}\"", p.slice(input))
                });
                out.push(Finding::new(
                    a.span,
                    Severity::Note,
                    Code::RegNameAuthority,
                    format!(
                        "RFC 2396 reads \"{}\" as a registry-based reg_name with no host or port, \
                         since it is not a server: at byte {}, {} (§3.2.1, §3.2.2); RFC 3986 reads \
                         host \"{host}\" ({}){port}",
                        a.span.slice(input),
                        why.at,
                        why.why,
                        na.host.kind.as_str()
                    ),
                ));
            }
            AuthorityKind::Server {
                host: Some((h, HostKind::Ipv4address)),
                ..
            } if na.host.kind != crate::HostKind::Ipv4 => {
                out.push(Finding::new(
                    h,
                    Severity::Note,
                    Code::Ipv4Differs,
                    format!(
                        "RFC 2396 IPv4address (1*digit \".\" ×4, no range, §3.2.2) accepts \"{}\"; \
                         RFC 3986 reads it as a reg-name, since a dec-octet is 0-255 without \
                         leading zeros (§3.2.2)",
                        h.slice(input)
                    ),
                ));
            }
            _ => {}
        }
    }
    if old.form == PathForm::OpaquePart {
        if let Some(q) = new.uri.query_span() {
            out.push(Finding::new(
                old.path,
                Severity::Note,
                Code::OpaqueQuery,
                format!(
                    "RFC 2396 reads \"{}\" as one opaque_part, with no query (§3); RFC 3986 \
                     splits off the query \"{}\" (§3.4)",
                    old.path.slice(input),
                    q.slice(input)
                ),
            ));
        }
    }
    if let Some(i) = b
        .iter()
        .position(|&c| matches!(c, b'!' | b'*' | b'\'' | b'(' | b')'))
    {
        out.push(Finding::new(
            Span::new(i, i + 1),
            Severity::Note,
            Code::MarkNowReserved,
            format!(
                "\"{}\" at byte {i} is a mark, so unreserved, in RFC 2396 (§2.3), and may be escaped \
                 without changing the meaning; RFC 3986 moved \"!\" \"*\" \"'\" \"(\" \")\" to the \
                 reserved sub-delims (§2.2, Appendix D.2), where %{:02X} and \"{}\" differ",
                b[i] as char, b[i], b[i] as char
            ),
        ));
    }
    if let Some(s) = old.segments().into_iter().find(|s| s.params.is_some()) {
        let params: Vec<&str> = s.params(input).collect();
        let empty = if params.iter().any(|p| p.is_empty()) {
            ", one of them empty"
        } else {
            ""
        };
        out.push(Finding::new(
            s.span,
            Severity::Note,
            Code::PathParams,
            format!(
                "RFC 2396 reads segment \"{}\" as name \"{}\" with param(s) {:?}{empty} \
                 (segment = *pchar *( \";\" param ), §3.3); RFC 3986 has no params: \";\" is a \
                 sub-delim inside the segment",
                s.span.slice(input),
                s.name.slice(input),
                params
            ),
        ));
    }
    if let Some(i) = (0..b.len()).find(|&i| {
        chars::is_escaped_at(b, i) && chars::is_unreserved(hex(b[i + 1]) * 16 + hex(b[i + 2]))
    }) {
        let v = hex(b[i + 1]) * 16 + hex(b[i + 2]);
        let now = if crate::syntax::chars::is_unreserved(v) {
            "RFC 3986 makes it equivalent to the character everywhere (§2.3, §6.2.2.2)"
        } else {
            "RFC 3986 made that character reserved, so the escape is not equivalent to it (§2.2)"
        };
        out.push(Finding::new(
            Span::new(i, i + 3),
            Severity::Note,
            Code::EscapedUnreserved,
            format!(
                "\"{}\" escapes '{}', unreserved in RFC 2396, where unescaping it is left to \
                 the scheme (§2.4.2); {now}",
                &input[i..i + 3],
                v as char
            ),
        ));
    }
}

fn hex(c: u8) -> u8 {
    crate::syntax::chars::hex_value(c).unwrap_or(0)
}
