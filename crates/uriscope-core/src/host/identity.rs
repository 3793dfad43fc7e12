//! Two spellings of one host: the form a host takes once its spelling no
//! longer matters to where a connection goes. Parsers disagree on how they
//! spell a host they read (`www.Example.com` or `www.example.com`,
//! `münchen.de` or `xn--mnchen-3ya.de`, `0x7f.1` or `127.0.0.1`, `::1` or
//! `[::1]`); comparing their answers as hosts, not strings, means comparing
//! these forms.
//!
//! The steps, each a normalization the RFCs name:
//!
//! - an IP literal, bracketed or not, in RFC 5952 canonical text, its zone
//!   kept (RFC 3986 §3.2.2, RFC 6874);
//! - percent-decoding (RFC 3986 §6.2.2.2; a reg-name's escapes are UTF-8,
//!   §3.2.2);
//! - a name that `inet_aton` reads as an IPv4 address (decimal, octal, hex,
//!   fewer than four parts: what the resolver connects to, RFC 3986 §7.4)
//!   in dotted decimal;
//! - any other name through IDNA ToASCII (UTS #46: lowercased, NFC, each
//!   label as an A-label, RFC 5891), or, where IDNA refuses it, ASCII
//!   lowercase (RFC 3986 §6.2.2.1).
//!
//! A final dot is kept: `example.com.` and `example.com` are the same name
//! to DNS but not to a certificate check or a virtual host.

use std::borrow::Cow;

/// The form two spellings of the same host share.
///
/// ```
/// use uriscope_core::host::identity;
/// assert_eq!(identity("www.Example.COM"), "www.example.com");
/// assert_eq!(identity("münchen.de"), identity("xn--mnchen-3ya.de"));
/// assert_eq!(identity("0x7f.1"), "127.0.0.1");
/// assert_eq!(identity("::1"), "[::1]");
/// assert_eq!(identity("[0:0::1]"), "[::1]");
/// assert_eq!(identity("ex%61mple.com"), "example.com");
/// assert_ne!(identity("example.com."), identity("example.com"));
/// ```
#[must_use]
pub fn identity(host: &str) -> Cow<'_, str> {
    if let Some(ip) = ipv6(host) {
        return Cow::Owned(ip);
    }
    let decoded = crate::lint::host_insight::percent_decode(host);
    let name = match std::str::from_utf8(&decoded) {
        Ok(s) => s,
        Err(_) => return Cow::Owned(host.to_ascii_lowercase()),
    };
    if let Some(v4) = crate::lint::host_insight::inet_aton(name) {
        return Cow::Owned(v4.to_string());
    }
    if name.is_ascii() && !name.bytes().any(|b| b.is_ascii_uppercase()) && !has_ace(name) {
        return match decoded {
            Cow::Borrowed(_) => Cow::Borrowed(host),
            Cow::Owned(_) => Cow::Owned(name.to_owned()),
        };
    }
    match super::to_ascii(name) {
        Ok(a) => Cow::Owned(a.into_owned()),
        Err(_) => Cow::Owned(name.to_ascii_lowercase()),
    }
}

/// Whether two hosts are the same host ([`identity`] of each).
///
/// ```
/// use uriscope_core::host::same;
/// assert!(same("www.Example.com", "www.example.com"));
/// assert!(!same("example.com", "example.org"));
/// ```
#[must_use]
pub fn same(a: &str, b: &str) -> bool {
    a == b || identity(a) == identity(b)
}

/// Whether an ASCII name holds an A-label (`xn--`), which IDNA checks and
/// may lowercase differently from plain ASCII case folding.
fn has_ace(name: &str) -> bool {
    name.split('.')
        .any(|l| l.len() >= 4 && l.as_bytes()[..4].eq_ignore_ascii_case(b"xn--"))
}

/// An IPv6 address, bracketed or not, with an optional zone (`%eth0` or
/// RFC 6874's `%25eth0`), as `[canonical%zone]`.
fn ipv6(host: &str) -> Option<String> {
    let inner = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    if !inner.contains(':') {
        return None;
    }
    let (addr, zone) = match inner.split_once('%') {
        Some((a, z)) => (a, Some(z.strip_prefix("25").unwrap_or(z))),
        None => (inner, None),
    };
    let canonical = crate::syntax::ipv6_text::canonical(addr)?;
    Some(match zone {
        Some(z) => format!("[{canonical}%{z}]"),
        None => format!("[{canonical}]"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "idna")] // IDNA forms of hosts
    #[test]
    fn spellings_of_one_host_share_a_form() {
        for (a, b) in [
            ("www.Example.com", "www.example.com"),
            ("MÜNCHEN.de", "xn--mnchen-3ya.de"),
            ("XN--MNCHEN-3YA.DE", "münchen.de"),
            ("2130706433", "127.0.0.1"),
            ("0177.0.0.1", "127.0.0.1"),
            ("[::FFFF:127.0.0.1]", "::ffff:7f00:1"),
            ("[fe80::1%25eth0]", "fe80::1%eth0"),
            ("m%C3%BCnchen.de", "münchen.de"),
        ] {
            assert_eq!(identity(a), identity(b), "{a} {b}");
        }
    }

    #[test]
    fn different_hosts_stay_different() {
        for (a, b) in [
            ("example.com", "example.com."),
            ("example.com", "evil.com"),
            ("127.0.0.1", "127.0.0.2"),
            ("[::1]", "[::2]"),
            ("[fe80::1%25eth0]", "[fe80::1%25eth1]"),
            ("раураl.com", "paypal.com"),
        ] {
            assert_ne!(identity(a), identity(b), "{a} {b}");
        }
    }

    #[test]
    fn a_plain_lowercase_name_is_borrowed() {
        assert!(matches!(identity("a.example"), Cow::Borrowed(_)));
    }
}
