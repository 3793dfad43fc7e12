//! The lint of a registered name: a rare IPv4 form (RFC 3986 §7.4), `xn--`
//! labels that are no punycode, and labels that can pass for another name
//! ([`homographs`], UTS #39).

use std::borrow::Cow;

use super::warn;
use crate::host::homograph::{homographs, reading};
use crate::lint::host_insight::{inet_aton, percent_decode};
use crate::quote::cut;
use crate::{Code, Finding, HostKind, Span, UriRef};

/// Lint `u`'s host when it is a registered name.
pub(super) fn host(u: &UriRef<'_>, out: &mut Vec<Finding>) {
    let Some(a) = u.authority_parts() else { return };
    if a.host.kind != HostKind::RegName || a.host.span.is_empty() {
        return;
    }
    let input = u.as_str();
    let raw = a.host.span.slice(input);
    let has_pct = raw.contains('%');
    let decoded = if has_pct {
        percent_decode(raw)
    } else {
        Cow::Borrowed(raw.as_bytes())
    };
    // inet_aton text holds only hex digits, 'x' and '.' (ASCII, so UTF-8:
    // the bytes are looked at first, most hosts stop at their first).
    let aton_chars = |c: &u8| c.is_ascii_hexdigit() || matches!(c, b'x' | b'X' | b'.');
    let aton_text = Some(&*decoded)
        .filter(|t| t.iter().all(aton_chars))
        .and_then(|t| std::str::from_utf8(t).ok());
    if let Some(addr) = aton_text.and_then(inet_aton) {
        warn(
            out,
            a.host.span,
            Code::Ipv4RareForm,
            format!(
                "RFC 3986 reads \"{}\" as a registered name, but resolvers using \
                 inet_aton() read it as the IPv4 address {addr}; filter on the numeric \
                 address, not the text (RFC 3986 §7.4)",
                cut(raw)
            ),
        );
    }
    let has_ace = raw
        .as_bytes()
        .windows(4)
        .any(|w| w.eq_ignore_ascii_case(b"xn--"));
    if has_ace {
        punycode(input, a.host.span, out);
    }
    let found = homographs(raw);
    if found.is_empty() {
        return;
    }
    let read = reading(raw, &found);
    for h in &found {
        warn(
            out,
            Span::new(
                a.host.span.start + h.span.start,
                a.host.span.start + h.span.end,
            ),
            h.code(),
            h.message(raw, read.as_deref()),
        );
    }
}

/// `xn--` labels of the host at `host` that are too long or no punycode.
fn punycode(input: &str, host: Span, out: &mut Vec<Finding>) {
    for label in labels(input, host) {
        let bytes = percent_decode(label.slice(input));
        let Ok(text) = std::str::from_utf8(&bytes) else {
            continue;
        };
        let ace = text.len() > 4 && text.as_bytes()[..4].eq_ignore_ascii_case(b"xn--");
        if !ace {
            continue;
        }
        if crate::host::is_overlong_ace_label(text) {
            warn(
                out,
                label,
                Code::PunycodeInvalid,
                format!(
                    "label \"{}…\" starts with \"xn--\" but is {} octets long; a DNS label has \
                     at most {} (RFC 1034 §3.1), so it is no IDNA A-label (RFC 5890 §2.3.2.1) \
                     and is not decoded",
                    text.chars().take(16).collect::<String>(),
                    text.len(),
                    crate::host::MAX_LABEL_LEN
                ),
            );
        } else if cfg!(feature = "idna") && !decodes(&text[4..]) {
            warn(
                out,
                label,
                Code::PunycodeInvalid,
                format!(
                    "label \"{}\" starts with \"xn--\" but is not valid punycode (RFC 3492)",
                    cut(text)
                ),
            );
        }
    }
}

/// Host labels: raw spans split on `.` and the IDNA full stops U+3002, U+FF0E, U+FF61.
fn labels(input: &str, host: Span) -> Vec<Span> {
    let text = host.slice(input);
    let mut spans = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}') {
            spans.push(Span::new(host.start + start, host.start + i));
            start = i + c.len_utf8();
        }
    }
    spans.push(Span::new(host.start + start, host.end));
    spans
}

/// Whether a punycode label body (after `xn--`) decodes.
#[cfg(feature = "idna")]
fn decodes(body: &str) -> bool {
    idna::punycode::decode_to_string(body).is_some()
}

/// Without the `idna` feature labels are not decoded (never called).
#[cfg(not(feature = "idna"))]
fn decodes(_body: &str) -> bool {
    true
}
