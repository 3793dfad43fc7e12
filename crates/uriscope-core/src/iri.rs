//! IRIs to URIs and back (RFC 3987 §3.1, §3.2).

use std::borrow::Cow;
use std::fmt;

use crate::host::{dns_form, IdnaError};
use crate::percent::escape;
pub use crate::syntax::chars::is_bidi_control;
use crate::syntax::chars::{hex_value, is_iprivate, is_ucschar};
use crate::{parse_iri, HostKind, ParseError, Span};

/// Why an IRI or URI could not be converted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IriError {
    /// The input is not an IRI-reference (RFC 3987 §2.2).
    Syntax(ParseError),
    /// The host has no IDNA ASCII form; its span in the input is the
    /// error's span shifted by `host.start`.
    Idna {
        /// Where the host is in the input.
        host: Span,
        /// What IDNA said.
        error: IdnaError,
    },
}

impl fmt::Display for IriError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IriError::Syntax(e) => write!(f, "not an IRI-reference: {e}"),
            IriError::Idna { host, error } => write!(f, "host at {}: {error}", host.start),
        }
    }
}

/// The error underneath: the parse error or the IDNA error.
///
/// ```
/// use std::error::Error;
/// let e = uriscope_core::iri::iri_to_uri("http://a b/").unwrap_err();
/// assert!(e.source().unwrap().to_string().contains("whitespace"));
/// ```
impl std::error::Error for IriError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            IriError::Syntax(e) => Some(e),
            IriError::Idna { error, .. } => Some(error),
        }
    }
}

/// How to map an IRI's host.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IriOptions {
    /// Percent-encode a non-ASCII `ireg-name` like every other component
    /// (§3.1 step 2) instead of converting it with IDNA ToASCII (the
    /// §3.1 option "for schemes known to use domain names"). Without the
    /// `idna` feature the host is always percent-encoded.
    pub percent_encode_host: bool,
}

/// Map an IRI-reference to a URI-reference (RFC 3987 §3.1): every non-ASCII
/// character as the `%HH` escapes of its UTF-8 bytes, and a non-ASCII
/// registered name through IDNA ToASCII. Existing escapes and ASCII are
/// left alone, so a URI maps to itself (borrowed).
///
/// ```
/// use uriscope_core::iri::iri_to_uri;
/// assert_eq!(iri_to_uri("http://bücher.example/Dürst?q=ア#é").unwrap(),
///            "http://xn--bcher-kva.example/D%C3%BCrst?q=%E3%82%A2#%C3%A9");
/// // §3.1: existing escapes are not encoded further.
/// assert_eq!(iri_to_uri("http://www.example.org/red%09rosé#red").unwrap(),
///            "http://www.example.org/red%09ros%C3%A9#red");
/// assert!(iri_to_uri("http://a b/").is_err());
/// ```
pub fn iri_to_uri(iri: &str) -> Result<Cow<'_, str>, IriError> {
    iri_to_uri_with(iri, IriOptions::default())
}

/// [`iri_to_uri`] under `options`.
///
/// ```
/// use uriscope_core::iri::{iri_to_uri_with, IriOptions};
/// let o = IriOptions { percent_encode_host: true };
/// assert_eq!(iri_to_uri_with("http://résumé.example.org", o).unwrap(),
///            "http://r%C3%A9sum%C3%A9.example.org");
/// ```
pub fn iri_to_uri_with(iri: &str, options: IriOptions) -> Result<Cow<'_, str>, IriError> {
    let u = parse_iri(iri).map_err(IriError::Syntax)?;
    if iri.is_ascii() {
        return Ok(Cow::Borrowed(iri));
    }
    let mut out = String::with_capacity(iri.len() * 2);
    let host = u
        .authority_parts()
        .map(|a| a.host)
        .filter(|h| {
            h.kind == HostKind::RegName && !options.percent_encode_host && cfg!(feature = "idna")
        })
        .map(|h| h.span)
        .filter(|h| !h.slice(iri).is_ascii());
    match host {
        Some(h) => {
            push_encoded(&mut out, &iri[..h.start]);
            // A reg-name may also hold UTF-8 escapes (§3.2.2 of RFC 3986):
            // `dns_form` reads them as characters before IDNA sees the name.
            let ascii =
                dns_form(h.slice(iri)).map_err(|error| IriError::Idna { host: h, error })?;
            out.push_str(&ascii);
            push_encoded(&mut out, &iri[h.end..]);
        }
        None => push_encoded(&mut out, iri),
    }
    Ok(Cow::Owned(out))
}

/// Append `s` with every non-ASCII byte as `%HH` (§3.1 step 2).
fn push_encoded(out: &mut String, s: &str) {
    let mut run = 0;
    for (i, b) in s.bytes().enumerate() {
        if b.is_ascii() {
            continue;
        }
        // `run` follows an escaped byte or starts the text, and only ASCII
        // lies between it and `i`: both are char boundaries.
        if run < i {
            out.push_str(&s[run..i]);
        }
        out.push_str(escape(b));
        run = i + 1;
    }
    if run < s.len() {
        out.push_str(&s[run..]);
    }
}

/// Whether an IRI may hold `c` where a URI had it percent-encoded
/// (§3.2 step 4): a `ucschar`, or an `iprivate` in the query; never a
/// bidirectional formatting character (§4.1), and never a character that
/// cannot be seen where it stands, which §3.2 step 4 and §6.1 leave
/// encoded as "not appropriate": an invisible or format character
/// ([`is_invisible`]: ZWSP, ZWJ, BOM, soft hyphen, variation selectors,
/// line and paragraph separators…) or a space other than U+0020
/// ([`is_space_separator`]: NBSP, the ideographic space…, §6.1 b's
/// look-alikes of "space"). A URI decoded for display keeps what a reader
/// could not tell apart as `%XX`.
///
/// ```
/// use uriscope_core::iri::may_decode_in_iri;
/// assert!(may_decode_in_iri('é', false) && may_decode_in_iri('😀', false));
/// assert!(!may_decode_in_iri('\u{202e}', false)); // RLO (§4.1)
/// assert!(!may_decode_in_iri('\u{200b}', false)); // ZWSP: invisible
/// assert!(!may_decode_in_iri('\u{a0}', false)); // NBSP: looks like a space
/// assert!(may_decode_in_iri('\u{e000}', true) && !may_decode_in_iri('\u{e000}', false));
/// ```
#[must_use]
pub fn may_decode_in_iri(c: char, in_query: bool) -> bool {
    !is_bidi_control(c)
        && !is_invisible(c)
        && !is_space_separator(c)
        && (is_ucschar(c) || (in_query && is_iprivate(c)))
}

/// Whether `c` draws nothing where it stands: every format character
/// (Unicode General Category Cf: soft hyphen, the Arabic number signs,
/// ZWSP, ZWNJ, ZWJ, LRM/RLM and the other bidi controls, word joiner and
/// invisible operators, BOM, interlinear annotation marks, tags…), the
/// line and paragraph separators (Zl, Zp: U+2028 and U+2029, which also
/// end a line for many readers), and the invisible characters of other
/// categories: the combining grapheme joiner, the Mongolian free variation
/// selectors, the variation selectors (Mn), the Hangul fillers (Lo) and
/// the rest of the tag block. The Cf, Zl and Zp parts are held to ICU's
/// General_Category data for every scalar value by the tests.
///
/// ```
/// use uriscope_core::iri::is_invisible;
/// for c in ['\u{ad}', '\u{200d}', '\u{2028}', '\u{2029}', '\u{feff}', '\u{fe0f}', '\u{e0041}'] {
///     assert!(is_invisible(c), "{c:?}");
/// }
/// assert!(!is_invisible('a') && !is_invisible('\u{301}') && !is_invisible(' '));
/// ```
#[must_use]
pub fn is_invisible(c: char) -> bool {
    // Below U+00AD nothing is; a URI is mostly ASCII.
    (c as u32) >= 0xAD
        && matches!(
            c,
            // Cf.
            '\u{00ad}'
                | '\u{0600}'..='\u{0605}'
                | '\u{061c}'
                | '\u{06dd}'
                | '\u{070f}'
                | '\u{0890}'..='\u{0891}'
                | '\u{08e2}'
                | '\u{180e}'
                | '\u{200b}'..='\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{206f}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
                | '\u{110bd}'
                | '\u{110cd}'
                | '\u{13430}'..='\u{1343f}'
                | '\u{1bca0}'..='\u{1bca3}'
                | '\u{1d173}'..='\u{1d17a}'
                // Zl, Zp.
                | '\u{2028}'..='\u{2029}'
                // Invisible in other categories: CGJ, Mongolian free
                // variation selectors, Hangul fillers, variation
                // selectors, the whole tag block (Cf and unassigned).
                | '\u{034f}'
                | '\u{115f}'..='\u{1160}'
                | '\u{180b}'..='\u{180d}'
                | '\u{180f}'
                | '\u{3164}'
                | '\u{fe00}'..='\u{fe0f}'
                | '\u{ffa0}'
                | '\u{e0000}'..='\u{e007f}'
                | '\u{e0100}'..='\u{e01ef}'
        )
}

/// Whether `c` is a space separator other than U+0020 (Unicode General
/// Category Zs: NBSP, the Ogham space mark, the en and em spaces and
/// their kin, the narrow NBSP, the medium mathematical space, the
/// ideographic space): RFC 3987 §6.1 b's "look-alikes of space".
///
/// ```
/// use uriscope_core::iri::is_space_separator;
/// assert!(is_space_separator('\u{a0}') && is_space_separator('\u{3000}'));
/// assert!(!is_space_separator(' ') && !is_space_separator('a'));
/// ```
#[must_use]
pub fn is_space_separator(c: char) -> bool {
    matches!(
        c,
        '\u{00a0}' | '\u{1680}' | '\u{2000}'..='\u{200a}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
    )
}

/// Map a URI-reference to an IRI-reference (RFC 3987 §3.2): decode the
/// escapes that form strictly valid UTF-8 of characters an IRI allows
/// there ([`may_decode_in_iri`]). Escapes of ASCII (`%`, reserved, and
/// all other ASCII) stay, so the parse never changes and the IRI maps back
/// to the same URI. Escapes inside an IP literal (an RFC 6874 zone ID) stay
/// too: the IRI grammar's `IP-literal` is ASCII only (RFC 3987 §2.2).
///
/// ```
/// use uriscope_core::iri::uri_to_iri;
/// // §3.2.1 examples.
/// assert_eq!(uri_to_iri("http://www.example.org/D%C3%BCrst").unwrap(),
///            "http://www.example.org/Dürst");
/// assert_eq!(uri_to_iri("http://www.example.org/D%FCrst").unwrap(),
///            "http://www.example.org/D%FCrst");
/// // RFC 3987 §3.2.1's example, with the IDNA label in Unicode (§3.2, RFC 5891).
/// assert_eq!(uri_to_iri("http://xn--99zt52a.example.org/%e2%80%ae").unwrap(),
///            "http://納豆.example.org/%e2%80%ae");
/// // A label mixing Latin and Cyrillic stays ASCII (lint: mixed-script-label).
/// assert_eq!(uri_to_iri("http://xn--pypal-4ve.com/").unwrap(), "http://xn--pypal-4ve.com/");
/// // Reserved characters stay encoded.
/// assert_eq!(uri_to_iri("/a%2Fb%20%C3%A9").unwrap(), "/a%2Fb%20é");
/// // The zone ID of an IPv6 literal stays encoded.
/// assert_eq!(uri_to_iri("http://[fe80::1%25%C3%A9]/%C3%A9").unwrap(),
///            "http://[fe80::1%25%C3%A9]/é");
/// ```
pub fn uri_to_iri(uri: &str) -> Result<Cow<'_, str>, IriError> {
    let escapes_decoded = decode_escapes(uri)?;
    Ok(match unicode_host(&escapes_decoded) {
        Some(s) => Cow::Owned(s),
        None => escapes_decoded,
    })
}

/// The IRI with each valid `xn--` label of its reg-name host in Unicode
/// (RFC 3987 §3.2: "converting ... IDNA labels ... to Unicode", RFC 5891
/// ToUnicode), or `None` when nothing changes. A label whose Unicode form
/// can pass for another name stays ASCII: the lint's `mixed-script-label`,
/// `whole-script-confusable` or `confusable-name` says why.
fn unicode_host(iri: &str) -> Option<String> {
    let u = parse_iri(iri).ok()?;
    let host = u
        .authority_parts()
        .map(|a| a.host)
        .filter(|h| h.kind == HostKind::RegName)?
        .span;
    let name = host.slice(iri);
    let is_a_label =
        |l: &str| l.len() > 4 && l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--"));
    if !name.split('.').any(is_a_label) {
        return None;
    }
    let labels: Vec<String> = name
        .split('.')
        .map(|l| {
            if !is_a_label(l) {
                return l.to_string();
            }
            match crate::host::to_unicode(l) {
                Ok(un)
                    if !un.is_ascii()
                        && !crate::host::homograph::is_look_alike(&un)
                        && un
                            .chars()
                            .all(|c| may_decode_in_iri(c, false) || c.is_ascii()) =>
                {
                    un.into_owned()
                }
                _ => l.to_string(),
            }
        })
        .collect();
    let joined = labels.join(".");
    (joined != name).then(|| format!("{}{joined}{}", &iri[..host.start], &iri[host.end..]))
}

/// §3.2 steps 1-4: the escapes of allowed characters decoded.
fn decode_escapes(uri: &str) -> Result<Cow<'_, str>, IriError> {
    let u = parse_iri(uri).map_err(IriError::Syntax)?;
    let b = uri.as_bytes();
    let Some(first) = b.iter().position(|&c| c == b'%') else {
        return Ok(Cow::Borrowed(uri));
    };
    let query = u.query_span();
    let literal = u
        .authority_parts()
        .map(|a| a.host)
        .filter(|h| matches!(h.kind, HostKind::Ipv6 | HostKind::IpFuture))
        .map(|h| h.span);
    let mut out = String::with_capacity(uri.len());
    let mut run = 0; // start of the text not yet copied
    let mut i = first;
    let mut octets = Vec::new();
    while i < b.len() {
        if b[i] != b'%' {
            i += 1;
            continue;
        }
        // A maximal run of escapes; the parser guarantees each is valid.
        let start = i;
        octets.clear();
        while let Some(v) = escape_value(b, i) {
            octets.push(v);
            i += 3;
        }
        if octets.is_empty() {
            i += 1;
            continue;
        }
        out.push_str(&uri[run..start]);
        run = i;
        if literal.is_some_and(|l| l.contains(start)) {
            out.push_str(&uri[start..i]);
            continue;
        }
        let in_query = query.is_some_and(|q| q.contains(start));
        let mut k = 0;
        while k < octets.len() {
            match char_at(&octets, k).filter(|c| may_decode_in_iri(*c, in_query)) {
                Some(c) => {
                    out.push(c);
                    k += c.len_utf8();
                }
                None => {
                    let at = start + 3 * k;
                    out.push_str(&uri[at..at + 3]);
                    k += 1;
                }
            }
        }
    }
    out.push_str(&uri[run..]);
    Ok(Cow::Owned(out))
}

fn escape_value(b: &[u8], i: usize) -> Option<u8> {
    if *b.get(i)? != b'%' {
        return None;
    }
    Some(hex_value(*b.get(i + 1)?)? << 4 | hex_value(*b.get(i + 2)?)?)
}

/// The non-ASCII character whose strictly valid UTF-8 starts at `octets[k]`.
fn char_at(octets: &[u8], k: usize) -> Option<char> {
    let len = match octets[k] {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let s = std::str::from_utf8(octets.get(k..k + len)?).ok()?;
    s.chars().next()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_non_ascii_host_maps_by_idna_or_else_by_percent_encoding() {
        let uri = iri_to_uri("http://bücher.example/ü").unwrap();
        if cfg!(feature = "idna") {
            assert_eq!(uri, "http://xn--bcher-kva.example/%C3%BC");
        } else {
            assert_eq!(uri, "http://b%C3%BCcher.example/%C3%BC");
        }
        let o = IriOptions {
            percent_encode_host: true,
        };
        assert_eq!(
            iri_to_uri_with("http://bücher.example/", o).unwrap(),
            "http://b%C3%BCcher.example/"
        );
    }
}
