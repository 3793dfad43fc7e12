//! The authority as libcurl reads it (`parse_authority`): the login
//! (`user:password;options`) up to the first `@`, the port after the
//! first `:` (after `]` for an IPv6 address), then the host: one to four
//! numbers are an IPv4 address, `[…]` an IPv6 address with maybe a zone,
//! anything else a name, percent-decoded and checked for the characters
//! libcurl refuses.

use std::net::Ipv6Addr;

use super::escape::decode_no_ctrl;
use super::trace::{Step, Trace, Why};
use super::{schemes, CurlUrl, UrlCode};

/// The bytes libcurl refuses in a host name (`hostname_check`), as a
/// table: a host is checked byte by byte.
static BAD_HOST: [bool; 256] = {
    let bad = b" \r\n\t/:#?!@{}[]\\$'\"^`*<>=;,+&()%";
    let mut t = [false; 256];
    let mut i = 0;
    while i < bad.len() {
        t[bad[i] as usize] = true;
        i += 1;
    }
    t
};

/// Read `auth` (the authority, without `//`) into `u`'s login and port;
/// returns the host. `has_scheme`: the URL gave a scheme (an empty port
/// is then dropped rather than refused).
pub(super) fn parse_authority(
    u: &mut CurlUrl,
    auth: &[u8],
    has_scheme: bool,
    t: &mut Trace,
) -> Result<Vec<u8>, UrlCode> {
    let mut rest = auth;
    if let Some(at) = memchr::memchr(b'@', auth) {
        let options_allowed = u
            .scheme
            .as_deref()
            .and_then(schemes::lookup)
            .is_some_and(|s| s.url_options);
        login(u, &auth[..at], options_allowed);
        if let Some(o) = &u.options {
            t.note(|| Step::new("options", &auth[..at], o, Why::LoginOptions));
        }
        rest = &auth[at + 1..];
    }
    let mut host = rest.to_vec();
    parse_port(u, &mut host, has_scheme, t)?;
    if host.is_empty() {
        return Err(UrlCode::NoHost);
    }
    if host[0] == b'[' {
        ipv6(u, &mut host, t)?;
    } else if let Some(v4) = ipv4(&host) {
        t.changed("host", &host, &v4, Why::Ipv4Numbers);
        host = v4;
    } else {
        if host.contains(&b'%') {
            let d = decode_no_ctrl(&host).ok_or(UrlCode::BadHostname)?;
            t.changed("host", &host, &d, Why::HostDecoded);
            host = d.into_owned();
        }
        check_name(u, &mut host, t)?;
    }
    Ok(host)
}

/// `user:password;options` (libcurl's `Curl_parse_login_details`): the
/// user up to the first `:` (or `;` when options are allowed), the
/// password after the first `:`, the options after the first `;`. The
/// user is always there (maybe empty); the options only when not empty.
fn login(u: &mut CurlUrl, login: &[u8], options_allowed: bool) {
    let len = login.len();
    let psep = login.iter().position(|&b| b == b':');
    let osep = if options_allowed {
        login.iter().position(|&b| b == b';')
    } else {
        None
    };
    let user_end = match (psep, osep) {
        (Some(p), Some(o)) if p > o => o,
        (Some(p), _) => p,
        (None, Some(o)) => o,
        (None, None) => len,
    };
    u.user = Some(login[..user_end].to_vec());
    u.password = psep.map(|p| {
        let end = match osep {
            Some(o) if o > p => o,
            _ => len,
        };
        login[p + 1..end].to_vec()
    });
    u.options = osep.and_then(|o| {
        let end = match psep {
            Some(p) if p > o => p,
            _ => len,
        };
        (end > o + 1).then(|| login[o + 1..end].to_vec())
    });
}

/// Cut the port off `host` into `u` (`Curl_parse_port`).
fn parse_port(
    u: &mut CurlUrl,
    host: &mut Vec<u8>,
    has_scheme: bool,
    t: &mut Trace,
) -> Result<(), UrlCode> {
    let colon = if host.first() == Some(&b'[') {
        let close = host
            .iter()
            .position(|&b| b == b']')
            .ok_or(UrlCode::BadIpv6)?;
        match host.get(close + 1) {
            None => None,
            Some(b':') => Some(close + 1),
            Some(_) => return Err(UrlCode::BadPortNumber),
        }
    } else {
        memchr::memchr(b':', host)
    };
    let Some(colon) = colon else {
        return Ok(());
    };
    let digits = &host[colon + 1..];
    if digits.is_empty() {
        if !has_scheme {
            return Err(UrlCode::BadPortNumber);
        }
        t.note(|| Step::new("port", b":", b"", Why::EmptyPort));
        host.truncate(colon);
        return Ok(());
    }
    let n = decimal_port(digits).ok_or(UrlCode::BadPortNumber)?;
    let port = n.to_string().into_bytes();
    t.changed("port", digits, &port, Why::PortNumber);
    host.truncate(colon);
    u.portnum = n;
    u.port = Some(port);
    Ok(())
}

/// A port as libcurl reads it (`strtoul` base 10, then checked): digits
/// only, at most 65535.
pub(super) fn decimal_port(digits: &[u8]) -> Option<u16> {
    if !digits.first()?.is_ascii_digit() {
        return None;
    }
    let mut n: u32 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        n = n * 10 + u32::from(d - b'0');
        if n > 0xffff {
            return None;
        }
    }
    u16::try_from(n).ok()
}

/// A host name checked (`hostname_check`): an IPv6 address when it
/// starts with `[`, else no byte of [`BAD_HOST`].
pub(super) fn check_name(
    u: &mut CurlUrl,
    host: &mut Vec<u8>,
    t: &mut Trace,
) -> Result<(), UrlCode> {
    if host.is_empty() {
        return Err(UrlCode::NoHost);
    }
    if host[0] == b'[' {
        return ipv6(u, host, t);
    }
    if !is_host_name(host) {
        return Err(UrlCode::BadHostname);
    }
    Ok(())
}

/// Whether `host` has no byte libcurl refuses in a name.
pub(super) fn is_host_name(host: &[u8]) -> bool {
    !host.iter().any(|&b| BAD_HOST[b as usize])
}

/// The numbers of an IPv4 address as libcurl reads them
/// (`ipv4_normalize`): one to four parts, each decimal, `0`-octal or
/// `0x`-hex, the last filling the bytes the others left; `None` when
/// the host is a name.
pub(super) fn ipv4(host: &[u8]) -> Option<Vec<u8>> {
    let mut parts = [0u64; 4];
    let mut n = 0;
    let mut i = 0;
    loop {
        if !host.get(i)?.is_ascii_digit() {
            return None;
        }
        let (value, len) = strtoul0(&host[i..])?;
        if value > u64::from(u32::MAX) {
            return None;
        }
        parts[n] = value;
        i += len;
        match host.get(i) {
            None => break,
            Some(b'.') if n < 3 => {
                n += 1;
                i += 1;
            }
            Some(_) => return None,
        }
    }
    let v = parts;
    let bytes: [u64; 4] = match n {
        0 => [
            v[0] >> 24,
            (v[0] >> 16) & 0xff,
            (v[0] >> 8) & 0xff,
            v[0] & 0xff,
        ],
        1 if v[0] <= 0xff && v[1] <= 0xff_ffff => {
            [v[0], (v[1] >> 16) & 0xff, (v[1] >> 8) & 0xff, v[1] & 0xff]
        }
        2 if v[0] <= 0xff && v[1] <= 0xff && v[2] <= 0xffff => {
            [v[0], v[1], (v[2] >> 8) & 0xff, v[2] & 0xff]
        }
        3 if v.iter().all(|&p| p <= 0xff) => v,
        _ => return None,
    };
    Some(format!("{}.{}.{}.{}", bytes[0], bytes[1], bytes[2], bytes[3]).into_bytes())
}

/// C's `strtoul(s, &end, 0)` on digits: `0x` then hex, `0` then octal,
/// else decimal; the value and how many bytes it read. `None` past
/// `u64` (ERANGE). A `0x` without a hex digit after it reads as `0`.
fn strtoul0(s: &[u8]) -> Option<(u64, usize)> {
    let (radix, start) = match s {
        [b'0', b'x' | b'X', h, ..] if h.is_ascii_hexdigit() => (16, 2),
        [b'0', ..] => (8, 0),
        _ => (10, 0),
    };
    let mut value: u64 = 0;
    let mut i = start;
    while let Some(d) = s.get(i).and_then(|&b| char::from(b).to_digit(radix)) {
        value = value
            .checked_mul(u64::from(radix))?
            .checked_add(u64::from(d))?;
        i += 1;
    }
    Some((value, i))
}

/// `[address]` or `[address%zone]` (`ipv6_parse`): the zone, after `%`
/// or `%25`, into `u`; the address written short (RFC 5952) in `host`.
fn ipv6(u: &mut CurlUrl, host: &mut Vec<u8>, t: &mut Trace) -> Result<(), UrlCode> {
    if host.len() < 4 {
        return Err(UrlCode::BadIpv6);
    }
    let body = &host[1..];
    let inner_len = host.len() - 2;
    let hex = body
        .iter()
        .take_while(|&&b| b.is_ascii_hexdigit() || b == b':' || b == b'.')
        .count();
    let mut addr_len = inner_len;
    if hex != inner_len {
        if body.get(hex) != Some(&b'%') {
            return Err(UrlCode::BadIpv6);
        }
        let mut zone = &body[hex + 1..];
        let bare = !(zone.starts_with(b"25") && zone.get(2).is_some_and(|&c| c != b']'));
        if !bare {
            zone = &zone[2..];
        }
        let zlen = zone.iter().take(15).take_while(|&&c| c != b']').count();
        if zlen == 0 || zone.get(zlen) != Some(&b']') {
            return Err(UrlCode::BadIpv6);
        }
        if bare {
            t.note(|| Step::new("zoneid", &body[hex..], &zone[..zlen], Why::ZoneBarePercent));
        }
        u.zoneid = Some(zone[..zlen].to_vec());
        addr_len = hex;
    }
    let addr: Ipv6Addr = std::str::from_utf8(&body[..addr_len])
        .ok()
        .and_then(|s| s.parse().ok())
        .ok_or(UrlCode::BadIpv6)?;
    let short = format!("[{}]", ntop6(addr)).into_bytes();
    if t.is_on() {
        let before = [&host[..addr_len + 1], b"]".as_slice()].concat();
        t.changed("host", &before, &short, Why::Ipv6Short);
    }
    *host = short;
    Ok(())
}

/// An IPv6 address as libcurl writes it (`inet_ntop`): the first longest
/// run of two or more zero groups as `::`, hex in lower case without
/// leading zeros, and `::a.b.c.d` or `::ffff:a.b.c.d` for an IPv4
/// address inside.
pub(super) fn ntop6(a: Ipv6Addr) -> String {
    use std::fmt::Write as _;
    let w = a.segments();
    let (mut best, mut cur): ((usize, usize), Option<(usize, usize)>) = ((0, 0), None);
    for (i, &g) in w.iter().enumerate() {
        if g == 0 {
            let c = cur.get_or_insert((i, 0));
            c.1 += 1;
            if c.1 > best.1 {
                best = *c;
            }
        } else {
            cur = None;
        }
    }
    let run = (best.1 >= 2).then_some(best);
    let mut out = String::with_capacity(40);
    for i in 0..8 {
        if let Some((base, len)) = run {
            if i >= base && i < base + len {
                if i == base {
                    out.push(':');
                }
                continue;
            }
        }
        if i > 0 {
            out.push(':');
        }
        if i == 6
            && run
                .is_some_and(|(base, len)| base == 0 && (len == 6 || (len == 5 && w[5] == 0xffff)))
        {
            let o = a.octets();
            let _ = write!(out, "{}.{}.{}.{}", o[12], o[13], o[14], o[15]);
            return out;
        }
        let _ = write!(out, "{:x}", w[i]);
    }
    if run.is_some_and(|(base, len)| base + len == 8) {
        out.push(':');
    }
    out
}
