//! The RFC 2396 authority (§3.2): `authority = server | reg_name`.
//!
//! A server-based authority (§3.2.2) is `[ [ userinfo "@" ] hostport ]`
//! with `hostname` (domain labels, a toplabel starting with a letter) or a
//! dotted `IPv4address` of four digit groups (no 0-255 range, no IP
//! literals). Anything else made of `reg_name` characters is a
//! registry-based name (§3.2.1). The classification never fails: whether
//! the characters are allowed at all is checked by the grammar scan.

use super::chars::{is, ALPHA, DIGIT, HEX, USERINFO};
use crate::Span;

/// Which `host` alternative a server-based authority names (§3.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// `hostname = *( domainlabel "." ) toplabel [ "." ]`.
    Hostname,
    /// `IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit` (no range check).
    Ipv4address,
}

/// Why an authority is not a `server` and so reads as `reg_name`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotServer {
    /// Byte offset (in the whole input) of what broke the `server` rule.
    pub at: usize,
    /// What broke it, in RFC 2396 words.
    pub why: &'static str,
}

/// How RFC 2396 reads an authority.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AuthorityKind {
    /// `server` (§3.2.2); all parts `None` for the empty server (`file:///`).
    Server {
        /// `userinfo`, without its `@`.
        userinfo: Option<Span>,
        /// `host` and which alternative matched.
        host: Option<(Span, HostKind)>,
        /// `port`, without its `:`; may be empty.
        port: Option<Span>,
    },
    /// `reg_name` (§3.2.1), with why the `server` rule did not match.
    RegName(NotServer),
}

/// An authority component, without the leading `//`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Authority {
    /// The whole authority.
    pub span: Span,
    /// `server` or `reg_name`.
    pub kind: AuthorityKind,
}

/// Classify the authority `span` of `input` as `server` or `reg_name` (§3.2).
///
/// ```
/// use uriscope_core::rfc2396::{classify_authority, AuthorityKind};
/// use uriscope_core::Span;
/// let s = "example.123:80";
/// let a = classify_authority(s, Span::new(0, s.len()));
/// let AuthorityKind::RegName(why) = a.kind else { panic!() };
/// assert_eq!(why.at, 8); // the toplabel "123" starts with a digit
/// ```
#[must_use]
pub fn classify_authority(input: &str, span: Span) -> Authority {
    let kind = match server(input.as_bytes(), span) {
        Ok(kind) => kind,
        Err(why) => AuthorityKind::RegName(why),
    };
    Authority { span, kind }
}

fn server(b: &[u8], span: Span) -> Result<AuthorityKind, NotServer> {
    let (start, end) = (span.start, span.end);
    if start == end {
        return Ok(AuthorityKind::Server {
            userinfo: None,
            host: None,
            port: None,
        });
    }
    let mut userinfo = None;
    let mut host_start = start;
    if let Some(at) = b[start..end].iter().position(|&c| c == b'@') {
        let at = start + at;
        if let Some(second) = b[at + 1..end].iter().position(|&c| c == b'@') {
            return Err(NotServer {
                at: at + 1 + second,
                why: "a second \"@\": userinfo cannot hold \"@\", so only reg_name allows it",
            });
        }
        if let Some(bad) = first_outside(b, start, at, USERINFO) {
            return Err(NotServer {
                at: bad,
                why: "userinfo allows only unreserved, escaped and \";\" \":\" \"&\" \"=\" \"+\" \"$\" \",\"",
            });
        }
        userinfo = Some(Span::new(start, at));
        host_start = at + 1;
    }
    let colon = b[host_start..end].iter().position(|&c| c == b':');
    let host_end = colon.map_or(end, |c| host_start + c);
    if host_start == host_end {
        return Err(NotServer {
            at: host_start,
            why: "hostport needs a host: hostname or IPv4address cannot be empty",
        });
    }
    let host = &b[host_start..host_end];
    let kind = if is_ipv4address(host) {
        HostKind::Ipv4address
    } else {
        hostname(host).map_err(|(i, why)| NotServer {
            at: host_start + i,
            why,
        })?;
        HostKind::Hostname
    };
    let mut port = None;
    if colon.is_some() {
        let p = Span::new(host_end + 1, end);
        if let Some(i) = (p.start..p.end).find(|&i| !b[i].is_ascii_digit()) {
            return Err(NotServer {
                at: i,
                why: "port = *digit: a port holds digits only",
            });
        }
        port = Some(p);
    }
    Ok(AuthorityKind::Server {
        userinfo,
        host: Some((Span::new(host_start, host_end), kind)),
        port,
    })
}

/// The first byte in `[start, end)` that is neither in `mask` nor part of an escape.
fn first_outside(b: &[u8], start: usize, end: usize, mask: u32) -> Option<usize> {
    let mut i = start;
    while i < end {
        if is(b[i], mask) {
            i += 1;
        } else if b[i] == b'%' && i + 2 < end && is(b[i + 1], HEX) && is(b[i + 2], HEX) {
            i += 3;
        } else {
            return Some(i);
        }
    }
    None
}

/// `IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit` (§3.2.2):
/// any number of digits per group, no range check.
///
/// ```
/// use uriscope_core::rfc2396::is_ipv4address;
/// assert!(is_ipv4address(b"999.0.0.1"));
/// assert!(!is_ipv4address(b"1.2.3"));
/// ```
pub fn is_ipv4address(h: &[u8]) -> bool {
    let mut groups = 0;
    for group in h.split(|&c| c == b'.') {
        if group.is_empty() || !group.iter().all(u8::is_ascii_digit) {
            return false;
        }
        groups += 1;
    }
    groups == 4
}

/// `hostname = *( domainlabel "." ) toplabel [ "." ]` (§3.2.2). On failure,
/// the offset into `h` of the problem and what is wrong.
fn hostname(h: &[u8]) -> Result<(), (usize, &'static str)> {
    let body = match h.split_last() {
        Some((b'.', rest)) if !rest.is_empty() => rest,
        _ => h,
    };
    let mut offset = 0;
    let mut labels = body.split(|&c| c == b'.').peekable();
    while let Some(label) = labels.next() {
        let top = labels.peek().is_none();
        label_ok(label, top).map_err(|(i, why)| (offset + i, why))?;
        offset += label.len() + 1;
    }
    Ok(())
}

fn label_ok(label: &[u8], top: bool) -> Result<(), (usize, &'static str)> {
    let Some((&first, _)) = label.split_first() else {
        return Err((0, "an empty domain label (hostname labels are 1*alphanum)"));
    };
    if let Some(i) = label
        .iter()
        .position(|&c| !(is(c, ALPHA | DIGIT) || c == b'-'))
    {
        return Err((
            i,
            "domainlabel and toplabel allow only alphanum and \"-\" (hostname is not reg_name)",
        ));
    }
    if first == b'-' {
        return Err((0, "a domain label cannot start with \"-\""));
    }
    if label.last() == Some(&b'-') {
        return Err((label.len() - 1, "a domain label cannot end with \"-\""));
    }
    if top && is(first, DIGIT) {
        return Err((
            0,
            "the toplabel (the rightmost label) starts with a digit, and the host is not \
             an IPv4address (four dot-separated digit groups)",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(s: &str) -> AuthorityKind {
        classify_authority(s, Span::new(0, s.len())).kind
    }

    #[track_caller]
    fn reg_name_at(s: &str, at: usize) {
        match kind(s) {
            AuthorityKind::RegName(n) => assert_eq!(n.at, at, "{s}: {}", n.why),
            k => panic!("{s}: expected reg_name, got {k:?}"),
        }
    }

    #[track_caller]
    fn host_kind(s: &str, want: HostKind) {
        match kind(s) {
            AuthorityKind::Server {
                host: Some((_, k)), ..
            } => assert_eq!(k, want, "{s}"),
            k => panic!("{s}: expected a server, got {k:?}"),
        }
    }

    #[test]
    fn servers() {
        host_kind("a", HostKind::Hostname);
        host_kind("www.ics.uci.edu", HostKind::Hostname);
        host_kind("example.com.", HostKind::Hostname);
        host_kind("a-1.b2", HostKind::Hostname);
        host_kind("1a.com", HostKind::Hostname);
        host_kind("user:pw@h:80", HostKind::Hostname);
        host_kind("h:", HostKind::Hostname);
        host_kind("1.2.3.4", HostKind::Ipv4address);
        host_kind("999.999.999.999:8", HostKind::Ipv4address);
        assert_eq!(
            kind(""),
            AuthorityKind::Server {
                userinfo: None,
                host: None,
                port: None
            }
        );
    }

    #[test]
    fn reg_names() {
        reg_name_at("example.123", 8);
        reg_name_at("1.2.3", 4);
        reg_name_at("a_b", 1);
        reg_name_at("-a", 0);
        reg_name_at("a-", 1);
        reg_name_at("a..b", 2);
        reg_name_at("a@b@c", 3);
        reg_name_at("h:8x", 3);
        reg_name_at(":80", 0);
        reg_name_at("u@", 2);
        reg_name_at("%41", 0);
        reg_name_at("1.2.3.4.", 6);
        reg_name_at(".", 0);
    }
}
