//! The `host` alternatives of RFC 3986 §3.2.2: IPv4address, IP-literal
//! (IPv6address in its nine forms, with an RFC 6874 zone ID, or IPvFuture)
//! and the reg-name fallback.

use crate::syntax::chars::{self, is, IPV_FUTURE, UNRESERVED};
use crate::syntax::error::{Rule, Severity};
use crate::syntax::parse::{Parser, R};
use crate::syntax::sink::{Detail, Sink};
use crate::syntax::uri_ref::{Host, HostKind};
use crate::Code;
use crate::Span;

/// `dec-octet`: `0`–`255` without leading zeros.
fn dec_octet(b: &[u8]) -> bool {
    match b {
        [d] => d.is_ascii_digit(),
        [b'1'..=b'9', d] => d.is_ascii_digit(),
        [b'1', d, e] => d.is_ascii_digit() && e.is_ascii_digit(),
        [b'2', b'0'..=b'4', e] => e.is_ascii_digit(),
        [b'2', b'5', b'0'..=b'5'] => true,
        _ => false,
    }
}

/// Whether `b` is an `IPv4address`: four `dec-octet`s joined by `.`.
#[inline]
pub(crate) fn is_ipv4(b: &[u8]) -> bool {
    // Inlined: most hosts end in a letter, refused without a call.
    if !b.last().is_some_and(u8::is_ascii_digit) {
        return false;
    }
    is_ipv4_digits(b)
}

/// [`is_ipv4`] of a host that ends with a digit.
fn is_ipv4_digits(b: &[u8]) -> bool {
    if !b.first().is_some_and(u8::is_ascii_digit) || b.len() < 7 || b.len() > 15 {
        return false;
    }
    let mut parts = 0;
    for part in b.split(|&c| c == b'.') {
        parts += 1;
        if parts > 4 || !dec_octet(part) {
            return false;
        }
    }
    parts == 4
}

/// Why a reg-name made of digits and dots is not an `IPv4address`, if it
/// looks like one (four dot-separated decimal groups).
pub(crate) fn ipv4_lookalike(b: &[u8]) -> Option<&'static str> {
    // Most hosts start with a letter: no group is looked at, nothing is
    // collected (every host of `parse --json` comes here).
    if !b.first().is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let groups = || b.split(|&c| c == b'.');
    if groups().count() != 4 || groups().any(|g| g.is_empty() || !g.iter().all(u8::is_ascii_digit))
    {
        return None;
    }
    if groups().any(|g| g.len() > 1 && g[0] == b'0') {
        Some(
            "looks like an IPv4 address, but a group has a leading zero, so RFC 3986 reads it \
             as a reg-name (some resolvers read the group as octal, §7.4)",
        )
    } else {
        Some(
            "looks like an IPv4 address, but a group is above 255, so RFC 3986 reads it as a \
             reg-name, not an IPv4address",
        )
    }
}

impl<S: Sink> Parser<'_, S> {
    /// `IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"` in
    /// `[start, end)` with `b[start] == '['`.
    pub(crate) fn ip_literal(&mut self, start: usize, end: usize) -> R<(Host, Option<usize>)> {
        let b = self.b;
        let close = (start..end).find(|&i| b[i] == b']');
        let Some(close) = close else {
            self.report(
                Span::new(start, end),
                Severity::Error,
                Code::IpLiteralSyntax,
                Rule::IpLiteral,
                Detail::Text("'[' opens an IP literal that has no closing ']'"),
            )?;
            let span = Span::new(start, end);
            let host = Host {
                span,
                kind: HostKind::Ipv6,
                address: Span::new(start + 1, end),
                zone: None,
            };
            return Ok((host, None));
        };
        let inner = Span::new(start + 1, close);
        let mut zone = None;
        let mut address = inner;
        let kind = if inner.start < close && matches!(b[inner.start], b'v' | b'V') {
            self.ip_future(inner)?;
            HostKind::IpFuture
        } else {
            if let Some(pct) = (inner.start..close).find(|&i| b[i] == b'%') {
                address = Span::new(inner.start, pct);
                zone = Some(self.zone_id(pct, close)?);
            }
            self.ipv6(address)?;
            HostKind::Ipv6
        };
        let host = Host {
            span: Span::new(start, close + 1),
            kind,
            address,
            zone,
        };
        let after = close + 1;
        if after < end && b[after] != b':' {
            self.report(
                // The whole character: it may be non-ASCII.
                Span::new(
                    after,
                    self.input[after..]
                        .chars()
                        .next()
                        .map_or(after, |c| after + c.len_utf8()),
                ),
                Severity::Error,
                Code::IpLiteralSyntax,
                Rule::IpLiteral,
                Detail::Text("after the ']' of an IP literal only ':' and a port may follow"),
            )?;
            // Treat whatever follows as the port position for recovery.
            let colon = (after..end).find(|&i| b[i] == b':');
            return Ok((host, colon));
        }
        Ok((host, (after < end).then_some(after)))
    }

    /// RFC 6874: `"%25" ZoneID` from `pct` (the `%`) to `close`.
    fn zone_id(&mut self, pct: usize, close: usize) -> R<Span> {
        let b = self.b;
        if !b[pct..close].starts_with(b"%25") {
            self.report(
                Span::new(pct, pct + 1),
                Severity::Error,
                Code::ZoneIdSyntax,
                Rule::ZoneId,
                Detail::Text(
                    "a zone ID is introduced by \"%25\" (an escaped '%'), as in [fe80::1%25eth0]; \
                     a bare '%' is not allowed in a URI",
                ),
            )?;
            return Ok(Span::new(pct + 1, close));
        }
        let zone = Span::new(pct + 3, close);
        if zone.is_empty() {
            self.report(
                Span::new(pct, close),
                Severity::Error,
                Code::ZoneIdSyntax,
                Rule::ZoneId,
                Detail::Text("the zone ID after \"%25\" is empty; it needs at least one character"),
            )?;
        }
        self.scan(zone.start, close, UNRESERVED, Rule::ZoneId, |_| false)?;
        Ok(zone)
    }

    /// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
    fn ip_future(&mut self, inner: Span) -> R {
        let b = self.b;
        let mut i = inner.start + 1;
        let hex_start = i;
        while i < inner.end && chars::is_hexdig(b[i]) {
            i += 1;
        }
        if i == hex_start {
            return self.error_at(
                i,
                Code::IpvfutureSyntax,
                Rule::IpFuture,
                Detail::Text("expected a hex version number after 'v'"),
            );
        }
        if i >= inner.end || b[i] != b'.' {
            return self.error_at(
                i,
                Code::IpvfutureSyntax,
                Rule::IpFuture,
                Detail::Text("expected '.' after the version number"),
            );
        }
        i += 1;
        if i >= inner.end {
            return self.error_at(
                i,
                Code::IpvfutureSyntax,
                Rule::IpFuture,
                Detail::Text("expected at least one address character after '.'"),
            );
        }
        while i < inner.end {
            if is(b[i], IPV_FUTURE) {
                i += 1;
            } else {
                i += self.bad_char(i, Rule::IpFuture)?;
            }
        }
        Ok(())
    }

    /// `IPv6address` (all nine forms of §3.2.2) in `span`.
    pub(crate) fn ipv6(&mut self, span: Span) -> R {
        let b = self.b;
        let end = span.end;
        let mut i = span.start;
        let mut pieces = 0usize;
        let mut compressed = false;
        let err = |p: &mut Self, at: usize, n: usize, why: &'static str| {
            p.error_at(at, Code::Ipv6Syntax, Rule::Ipv6, Detail::Pieces(n, why))
        };
        if i == end {
            return err(self, i, 0, "an IPv6 address cannot be empty");
        }
        if b[i..end].starts_with(b"::") {
            compressed = true;
            i += 2;
            if i == end {
                return Ok(());
            }
        } else if b[i] == b':' {
            return err(
                self,
                i,
                0,
                "an address cannot start with a single ':'; use \"::\"",
            );
        }
        loop {
            let piece = i;
            while i < end && chars::is_hexdig(b[i]) {
                i += 1;
            }
            if i < end && b[i] == b'.' {
                if pieces > 6 || (!compressed && pieces != 6) {
                    return err(
                        self,
                        piece,
                        pieces,
                        "an embedded IPv4 address must fill the last 32 bits (ls32)",
                    );
                }
                if !is_ipv4(&b[piece..end]) {
                    return err(self, piece, pieces, "the embedded IPv4address is malformed");
                }
                pieces += 2;
                break;
            }
            let n = i - piece;
            if n == 0 {
                let why = if i < end {
                    "expected a hex digit (an h16 piece)"
                } else {
                    "the address cannot end with a single ':'"
                };
                return err(self, i, pieces, why);
            }
            if n > 4 {
                return err(
                    self,
                    piece + 4,
                    pieces,
                    "an h16 piece has at most 4 hex digits",
                );
            }
            pieces += 1;
            if i == end {
                break;
            }
            if b[i] != b':' {
                return err(self, i, pieces, "expected ':' or a hex digit");
            }
            if pieces == 8 {
                return err(self, i, pieces, "an address has at most 8 pieces");
            }
            i += 1;
            if i < end && b[i] == b':' {
                if compressed {
                    return err(self, i - 1, pieces, "\"::\" may appear only once");
                }
                compressed = true;
                i += 1;
                if i == end {
                    break;
                }
            }
        }
        if compressed && pieces > 7 {
            return err(
                self,
                span.start,
                pieces,
                "with \"::\" at most 7 pieces may be written (\"::\" stands for at least one)",
            );
        }
        if !compressed && pieces != 8 {
            return err(
                self,
                end,
                pieces,
                "without \"::\" an address needs exactly 8 pieces (or 6 and an IPv4 address)",
            );
        }
        Ok(())
    }
}

/// The examples of the crate-private items above.
#[cfg(test)]
mod examples {
    #[test]
    fn is_ipv4_example() {
        use crate::syntax::host::is_ipv4;
        assert!(is_ipv4(b"192.0.2.16"));
        assert!(!is_ipv4(b"256.1.1.1"));
        assert!(!is_ipv4(b"01.2.3.4"));
    }
}
