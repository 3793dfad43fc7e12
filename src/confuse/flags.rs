//! Confusion flags: the features of a URL that make parsers disagree, each
//! with its class and the sections that explain it. They read the text as
//! written (not one parser's result), so they say *why* the engines may
//! differ, whether or not the ones at hand do.

use std::net::{Ipv4Addr, Ipv6Addr};

use serde::Serialize;

use crate::uri::host::inet_aton;

/// A class of parser confusion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// `\` where `/` was meant: WHATWG reads it as `/` in special schemes.
    Backslash,
    /// `http:/x`, `http:///x`, `http:x`: slashes other than two.
    IrregularSlashes,
    /// A scheme in odd case, after whitespace, or split by controls.
    SchemeConfusion,
    /// `%2F`, `%5C`, `%40`, `%23`, `%3F`, `%2E` where a decoder turns them
    /// into delimiters.
    EncodedDelimiter,
    /// Spaces, tabs, line breaks, controls: stripped by some, kept by others.
    WhitespaceOrControl,
    /// More than one `@`: which one ends the userinfo?
    SeveralAt,
    /// A host label that can pass for another name (UTS #39): mixed
    /// scripts, a whole-script confusable, a look-alike of a well-known name.
    IdnHomograph,
    /// An IPv4 form that lands on loopback, private, link-local or a cloud
    /// metadata address, written so a string check does not see it.
    InternalAddress,
}

impl Class {
    /// The kebab-case name.
    pub fn name(self) -> &'static str {
        match self {
            Class::Backslash => "backslash",
            Class::IrregularSlashes => "irregular-slashes",
            Class::SchemeConfusion => "scheme-confusion",
            Class::EncodedDelimiter => "encoded-delimiter",
            Class::WhitespaceOrControl => "whitespace-or-control",
            Class::SeveralAt => "several-at",
            Class::IdnHomograph => "idn-homograph",
            Class::InternalAddress => "internal-address",
        }
    }

    /// The sections that explain it.
    pub fn sections(self) -> &'static str {
        match self {
            Class::Backslash => "RFC 3986 §2.2, §7.3; WHATWG URL §4.4 (special-scheme slashes)",
            Class::IrregularSlashes => "RFC 3986 §3.2, §3.3, §4.2; WHATWG URL §4.4",
            Class::SchemeConfusion => "RFC 3986 §3.1, §7.2, Appendix C",
            Class::EncodedDelimiter => "RFC 3986 §2.2, §2.4, §7.3",
            Class::WhitespaceOrControl => {
                "RFC 3986 Appendix C, §7.3; WHATWG URL §4.4 (C0 and tab stripping)"
            }
            Class::SeveralAt => "RFC 3986 §3.2.1, §7.6",
            Class::IdnHomograph => "RFC 3986 §7.6, RFC 3987 §8",
            Class::InternalAddress => "RFC 3986 §7.4, §3.2.2",
        }
    }
}

/// One flag: its class, where it is, and what it means here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Flag {
    /// The class.
    pub class: Class,
    /// Byte offset where it starts.
    pub start: usize,
    /// Byte offset where it ends.
    pub end: usize,
    /// What was found, in words.
    pub message: String,
}

/// What kind of address an IPv4 address is, when it is not public.
pub fn internal_kind(a: Ipv4Addr) -> Option<&'static str> {
    let o = a.octets();
    if a == Ipv4Addr::new(169, 254, 169, 254) {
        Some("the cloud metadata address")
    } else if a.is_loopback() {
        Some("loopback")
    } else if a.is_private() {
        Some("private (RFC 1918)")
    } else if a.is_link_local() {
        Some("link-local")
    } else if a.is_unspecified() {
        Some("the unspecified address (0.0.0.0 reaches this host)")
    } else if o[0] == 100 && (64..128).contains(&o[1]) {
        Some("shared address space (carrier NAT)")
    } else {
        None
    }
}

/// The authority as a lenient reader finds it: after `scheme:` and any
/// run of `/` or `\`, up to the next `/`, `\`, `?` or `#`.
fn loose_authority(url: &str) -> Option<(usize, &str)> {
    let colon = url.find(':')?;
    let scheme = &url[..colon];
    if scheme.is_empty()
        || !scheme
            .trim_start()
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    {
        return None;
    }
    let rest = &url[colon + 1..];
    let slashes = rest.len() - rest.trim_start_matches(['/', '\\']).len();
    if slashes == 0 {
        return None;
    }
    let start = colon + 1 + slashes;
    let tail = &url[start..];
    let end = tail.find(['/', '\\', '?', '#']).unwrap_or(tail.len());
    Some((start, &tail[..end]))
}

/// Every flag of `url`, in order of position.
pub fn flags(url: &str) -> Vec<Flag> {
    let mut out = Vec::new();
    let mut add = |class, start: usize, end: usize, message: String| {
        out.push(Flag {
            class,
            start,
            end,
            message,
        })
    };
    // Whitespace and controls (a leading or trailing space, a tab or line
    // break anywhere: WHATWG strips them, RFC 3986 rejects them).
    if let Some((i, c)) = url
        .char_indices()
        .find(|(_, c)| c.is_whitespace() || c.is_control())
    {
        let n = url
            .chars()
            .filter(|c| c.is_whitespace() || c.is_control())
            .count();
        add(
            Class::WhitespaceOrControl,
            i,
            i + c.len_utf8(),
            format!(
                "{n} whitespace or control character{}, the first U+{:04X} at byte {i}: browsers strip tabs and line breaks and trim the ends, RFC 3986 rejects them",
                if n == 1 { "" } else { "s" },
                c as u32
            ),
        );
    }
    // The scheme: case, whitespace or controls before or inside it.
    if let Some(colon) = url.find(':') {
        let raw = &url[..colon];
        let cleaned: String = raw
            .chars()
            .filter(|c| !c.is_whitespace() && !c.is_control())
            .collect();
        if cleaned != raw
            && cleaned
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        {
            add(
                Class::SchemeConfusion,
                0,
                colon,
                format!("the scheme reads \"{}\" once whitespace and controls are removed, as browsers remove them", cleaned.to_ascii_lowercase()),
            );
        } else if raw.chars().any(|c| c.is_ascii_uppercase())
            && raw
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        {
            add(
                Class::SchemeConfusion,
                0,
                colon,
                format!("the scheme \"{raw}\" is case-insensitive (\"{}\"); a case-sensitive check misses it", raw.to_ascii_lowercase()),
            );
        }
        // Slashes after the scheme: two is the authority; 1, 3+ or a
        // backslash among them is read differently by different parsers.
        let rest = &url[colon + 1..];
        let run = rest.len() - rest.trim_start_matches(['/', '\\']).len();
        let lead = &rest[..run];
        let special = matches!(
            cleaned.to_ascii_lowercase().as_str(),
            "http" | "https" | "ws" | "wss" | "ftp" | "file"
        );
        if (run != 2 || lead.contains('\\')) && (special || run > 0) {
            add(
                Class::IrregularSlashes,
                colon + 1,
                colon + 1 + run,
                format!(
                    "\"{}\" after the scheme: RFC 3986 needs exactly \"//\" before an authority; browsers take any run of / and \\ for it in special schemes",
                    if lead.is_empty() { "(nothing)" } else { lead }
                ),
            );
        }
    }
    // Backslashes anywhere.
    if let Some(i) = url.find('\\') {
        let n = url.matches('\\').count();
        add(
            Class::Backslash,
            i,
            i + 1,
            format!("{n} backslash{}: WHATWG reads \\ as / in special schemes (so what follows can become the host or the path), RFC 3986 rejects it", if n == 1 { "" } else { "es" }),
        );
    }
    // Several @ before the path.
    if let Some((start, auth)) = loose_authority(url) {
        let ats: Vec<usize> = auth.match_indices('@').map(|(i, _)| start + i).collect();
        if ats.len() > 1 {
            add(
                Class::SeveralAt,
                ats[0],
                ats[ats.len() - 1] + 1,
                format!("{} \"@\" in the authority: RFC 3986 and browsers end the userinfo at the last, some parsers at the first", ats.len()),
            );
        }
        let host_part = match auth.rfind('@') {
            Some(k) => &auth[k + 1..],
            None => auth,
        };
        let host_start = start + (auth.len() - host_part.len());
        let host = strip_port(host_part);
        // Internal addresses written so a string check misses them.
        if let Some(a) = inet_aton(host) {
            if let Some(kind) = internal_kind(a) {
                let plain = a.to_string() == host;
                add(
                    Class::InternalAddress,
                    host_start,
                    host_start + host.len(),
                    if plain {
                        format!("{host} is {kind}")
                    } else {
                        format!("\"{host}\" is {a} ({kind}) as inet_aton and WHATWG read it; RFC 3986 reads a registered name")
                    },
                );
            }
        }
        if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
            let addr = inner.split('%').next().unwrap_or(inner);
            if let Ok(v6) = addr.parse::<Ipv6Addr>() {
                let mapped = v6.to_ipv4_mapped();
                let kind = match mapped {
                    Some(v4) => internal_kind(v4).map(|k| format!("maps to {v4}, {k}")),
                    None if v6.is_loopback() => Some("is the IPv6 loopback".to_string()),
                    None if (v6.segments()[0] & 0xffc0) == 0xfe80 => {
                        Some("is IPv6 link-local".to_string())
                    }
                    None if (v6.segments()[0] & 0xfe00) == 0xfc00 => {
                        Some("is an IPv6 unique local address".to_string())
                    }
                    None => None,
                };
                if let Some(k) = kind {
                    add(
                        Class::InternalAddress,
                        host_start,
                        host_start + host.len(),
                        format!("[{addr}] {k}"),
                    );
                }
            }
        }
        // Homographs (UTS #39): the core's answer, the lint's findings.
        let found = crate::uri::host::homograph::homographs(host);
        let read = crate::uri::host::homograph::reading(host, &found);
        for h in &found {
            add(
                Class::IdnHomograph,
                host_start + h.span.start,
                host_start + h.span.end,
                h.message(host, read.as_deref()),
            );
        }
    }
    // Encoded delimiters.
    let bytes = url.as_bytes();
    let mut i = 0;
    while i + 3 <= bytes.len() {
        // Only an escape of two ASCII hex digits is one (and slicing there
        // stays on character boundaries).
        let code = match url.get(i + 1..i + 3) {
            Some(c) if bytes[i] == b'%' && c.bytes().all(|b| b.is_ascii_hexdigit()) => Some(c),
            _ => None,
        };
        if let Some(code) = code {
            let what = match code.to_ascii_uppercase().as_str() {
                "2F" => Some("/ (path or host separator)"),
                "5C" => Some("\\ (read as / by browsers once decoded)"),
                "40" => Some("@ (ends a userinfo)"),
                "23" => Some("# (starts a fragment)"),
                "3F" => Some("? (starts a query)"),
                "2E" => Some(". (a dot segment once decoded)"),
                "3A" => Some(": (separates host and port)"),
                "00" => Some("NUL (ends a C string)"),
                _ => None,
            };
            if let Some(w) = what {
                add(
                    Class::EncodedDelimiter,
                    i,
                    i + 3,
                    format!("%{code} decodes to {w}: a component decoded before it is split reads another URL"),
                );
            }
            i += 3;
        } else {
            i += 1;
        }
    }
    out.sort_by_key(|f| (f.start, f.class.name()));
    out
}

/// `host:port` → `host` (an IP literal's brackets kept).
fn strip_port(hp: &str) -> &str {
    if hp.starts_with('[') {
        return match hp.find(']') {
            Some(k) => &hp[..=k],
            None => hp,
        };
    }
    match hp.rfind(':') {
        Some(k) => &hp[..k],
        None => hp,
    }
}
