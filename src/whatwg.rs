//! The browser's column: what the **WHATWG URL Standard**
//! (<https://url.spec.whatwg.org/>) makes of the same input, computed with
//! the `url` crate, and how that differs from RFC 3986, named in words.
//!
//! This is *not* RFC 3986. Browsers (and the `url` crate) strip tabs and
//! newlines, read `\` as `/` in special schemes, drop default ports, read
//! `0x7f.1` as an IPv4 address, map hosts through IDNA, percent-encode what
//! RFC 3986 would reject, and remove dot-segments at parse time. uriscope
//! shows this column beside its own RFC 3986 reading so the two can be
//! compared; it never feeds back into the core (`uri`).
//!
//! ```
//! use uriscope::whatwg;
//! let w = whatwg::parse("HTTP://EXAMPLE.com:80/a/./b", None);
//! assert!(w.valid);
//! assert_eq!(w.href.as_deref(), Some("http://example.com/a/b"));
//! assert!(w.differences.iter().any(|d| d.contains("default port")));
//!
//! let rel = whatwg::parse("../x", None);
//! assert!(!rel.valid && rel.href.is_none());
//! assert_eq!(whatwg::join("http://a/b/c", "../x").href.as_deref(), Some("http://a/x"));
//! ```

use serde::Serialize;
use url::{Host, Url};

use std::collections::HashSet;

mod plain;

use crate::uri::{
    parse as rfc_parse, report::recover, resolve, Finding, Report, ResolveOptions, UriRef,
};

/// The label to show beside this column.
pub const LABEL: &str = "WHATWG URL Standard (what browsers do; not RFC 3986)";

/// The schemes the WHATWG URL Standard calls special (§4.1): they get a
/// host, `\` as `/`, default ports, IPv4 number forms and IDNA.
pub const SPECIAL_SCHEMES: [&str; 6] = ["ftp", "file", "http", "https", "ws", "wss"];

/// What the WHATWG URL parser did with an input: serializes as the JSON
/// object `{"valid": bool, "href": string|null, "differences": [string]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Whatwg {
    /// Whether the WHATWG parser accepted it.
    pub valid: bool,
    /// The serialized URL (`href`), when accepted.
    pub href: Option<String>,
    /// How the answer differs from RFC 3986, one sentence each.
    pub differences: Vec<String>,
}

/// Whether `scheme` (lowercase) is special in the WHATWG sense.
pub fn is_special(scheme: &str) -> bool {
    SPECIAL_SCHEMES.contains(&scheme)
}

/// Parse `input` as a browser would. A relative reference is parsed against
/// `base` when one is given, and otherwise reported as needing one.
pub fn parse(input: &str, base: Option<&str>) -> Whatwg {
    parse_recovered(input, base, || recover(input, Default::default()))
}

/// [`parse`] for an input already read as a URI-reference: `report`'s
/// components and first error are the ones [`parse`] would recover (an
/// IRI report is not: the comparison is with RFC 3986 itself). An input
/// known to come back unchanged ([`is_unchanged`]) or to need a base
/// ([`needs_base`]) is answered without the `url` crate.
pub fn parse_reported(report: &Report<'_>) -> Whatwg {
    if is_unchanged(report) {
        return Whatwg {
            valid: true,
            href: Some(report.input.to_string()),
            differences: Vec::new(),
        };
    }
    if needs_base(report) {
        return without_base();
    }
    parse_by_url_crate(report)
}

/// [`parse_reported`] without its shortcuts: the `url` crate's answer,
/// for a caller that has already tried them.
pub(crate) fn parse_by_url_crate(report: &Report<'_>) -> Whatwg {
    if report.options().iri {
        return parse(report.input, None);
    }
    parse_recovered(report.input, None, || (report.uri, report.first_error()))
}

/// The answer for a relative reference parsed without a base.
fn without_base() -> Whatwg {
    Whatwg {
        valid: false,
        href: None,
        differences: vec![NEEDS_BASE.to_string()],
    }
}

/// Whether the WHATWG parser is known, without running it, to give the
/// input of `report` back as it is and to name no difference: a valid,
/// plain `http(s)` URI (lowercase host, no port or userinfo, no dot
/// segment, nothing the parser would percent-encode). When this is false
/// the parser may still agree; [`parse_reported`] then runs it.
///
/// ```
/// let plain = uriscope::uri::analyze("https://example.com/a?b=c", Default::default());
/// assert!(uriscope::whatwg::is_unchanged(&plain));
/// let port = uriscope::uri::analyze("https://example.com:443/", Default::default());
/// assert!(!uriscope::whatwg::is_unchanged(&port));
/// ```
pub fn is_unchanged(report: &Report<'_>) -> bool {
    !report.options().iri && report.is_valid() && plain::unchanged(&report.uri)
}

/// The one difference named for a relative reference parsed without a
/// base.
pub const NEEDS_BASE: &str = "a relative reference: the WHATWG URL parser needs a base URL to \
                              parse it, while RFC 3986 reads it on its own (§4.2)";

/// Whether `report` is a valid relative reference (no scheme), which the
/// WHATWG parser refuses without a base URL, naming [`NEEDS_BASE`] as
/// the one difference: known without running it, since such a reference
/// never starts with a scheme and `:`.
///
/// ```
/// let rel = uriscope::uri::analyze("../a/b?c#d", Default::default());
/// assert!(uriscope::whatwg::needs_base(&rel));
/// let w = uriscope::whatwg::parse("../a/b?c#d", None);
/// assert_eq!(w.differences, [uriscope::whatwg::NEEDS_BASE]);
/// assert!(!uriscope::whatwg::needs_base(&uriscope::uri::analyze("a:b", Default::default())));
/// ```
pub fn needs_base(report: &Report<'_>) -> bool {
    report.is_valid() && report.uri.scheme().is_none()
}

/// [`parse`], with the RFC 3986 reading (the recovered components and the
/// first error, not the whole report of a 1 MB input full of errors)
/// taken from `rfc` only if the WHATWG parser accepts the input.
fn parse_recovered<'a>(
    input: &'a str,
    base: Option<&str>,
    rfc: impl FnOnce() -> (UriRef<'a>, Option<Finding>),
) -> Whatwg {
    match Url::parse(input) {
        Ok(url) => {
            let (rfc, first_error) = rfc();
            let rfc_valid = first_error.is_none();
            let mut d = Vec::new();
            preprocessing(input, &url, &mut d);
            compare(&rfc, &url, &mut d);
            validity(first_error.as_ref(), &mut d);
            fallback(input, rfc_valid, &url, &mut d);
            accepted(url, d)
        }
        Err(url::ParseError::RelativeUrlWithoutBase) => match base {
            Some(b) => join(b, input),
            None => without_base(),
        },
        Err(e) => rejected(input, &e),
    }
}

/// Join `reference` to `base` as a browser would (`new URL(reference, base)`),
/// naming how the result differs from RFC 3986 §5.2 resolution (strict).
///
/// ```
/// let w = uriscope::whatwg::join("http://a/b/c/d;p?q", "..\\g");
/// assert_eq!(w.href.as_deref(), Some("http://a/b/g"));
/// assert!(w.differences.iter().any(|d| d.contains("backslash")));
/// ```
pub fn join(base: &str, reference: &str) -> Whatwg {
    let base_url = match Url::parse(base) {
        Ok(u) => u,
        Err(e) => {
            let mut w = rejected(base, &e);
            w.differences
                .insert(0, "the base URL is rejected".to_string());
            return w;
        }
    };
    let url = match base_url.join(reference) {
        Ok(u) => u,
        Err(e) => return rejected(reference, &e),
    };
    let mut d = Vec::new();
    preprocessing(base, &base_url, &mut d);
    preprocessing(reference, &url, &mut d);
    match resolve(base, reference, ResolveOptions::default()) {
        Ok(target) => {
            let (rfc, _) = recover(&target, Default::default());
            compare(&rfc, &url, &mut d);
            fallback(&target, true, &url, &mut d);
        }
        Err(e) => {
            d.push(format!(
                "RFC 3986 cannot resolve it ({}); the WHATWG parser joins it",
                e.message
            ));
            let (rfc, _) = recover(reference, Default::default());
            compare(&rfc, &url, &mut d);
        }
    }
    accepted(url, d)
}

fn accepted(url: Url, mut differences: Vec<String>) -> Whatwg {
    differences.dedup();
    Whatwg {
        valid: true,
        href: Some(url.into()),
        differences,
    }
}

fn rejected(input: &str, e: &url::ParseError) -> Whatwg {
    let mut differences = Vec::new();
    if rfc_parse(input).is_ok() {
        differences.push(format!(
            "RFC 3986 accepts it, but the WHATWG parser rejects it: {e}"
        ));
    } else {
        differences.push(format!("rejected by both; the WHATWG parser says: {e}"));
    }
    Whatwg {
        valid: false,
        href: None,
        differences,
    }
}

/// The input clean-up the WHATWG parser does before anything else.
fn preprocessing(input: &str, url: &Url, d: &mut Vec<String>) {
    // Byte tests, not a trimmed copy compared and a search per pattern:
    // every line of `parse --json` comes through here.
    let b = input.as_bytes();
    let is_c0_space = |c: &u8| *c <= b' ';
    if b.first().is_some_and(is_c0_space) || b.last().is_some_and(is_c0_space) {
        d.push(
            "leading and trailing spaces and control characters are stripped \
             (RFC 3986 allows none of them)"
                .to_string(),
        );
    }
    if memchr::memchr3(b'\t', b'\n', b'\r', b).is_some() {
        d.push(
            "tabs and newlines are removed wherever they are (RFC 3986 allows none)".to_string(),
        );
    }
    let before_query = &b[..memchr::memchr2(b'?', b'#', b).unwrap_or(b.len())];
    if is_special(url.scheme()) && memchr::memchr(b'\\', before_query).is_some() {
        d.push(format!(
            "a backslash '\\' is read as '/' because {} is a special scheme \
             (RFC 3986 does not allow '\\')",
            url.scheme()
        ));
    }
}

/// Component by component: the RFC 3986 reading `u` against the WHATWG URL.
fn compare(u: &UriRef<'_>, url: &Url, d: &mut Vec<String>) {
    let special = is_special(url.scheme());
    if let Some(s) = u.scheme() {
        if s != url.scheme() && s.eq_ignore_ascii_case(url.scheme()) {
            d.push(format!(
                "the scheme \"{s}\" is lowercased to \"{}\"",
                url.scheme()
            ));
        }
    }
    if let Some(a) = u.authority_parts() {
        host(a.host.span.slice(u.as_str()), url, special, d);
        port(a.port.map(|p| p.slice(u.as_str())), url, d);
    } else if special && u.scheme().is_some() && url.host_str().is_some_and(|h| !h.is_empty()) {
        d.push(format!(
            "{} is a special scheme: the WHATWG parser reads a host even without \"//\" \
             (RFC 3986 sees no authority here)",
            url.scheme()
        ));
    }
    let path = u.path();
    if path != url.path() {
        if has_dot_segment(path) && !has_dot_segment(url.path()) {
            d.push(format!(
                "dot-segments are removed from the path at parse time: \"{path}\" becomes \
                 \"{}\" (RFC 3986 removes them only when resolving a reference, §5.2.4)",
                url.path()
            ));
        } else if path.is_empty() && url.path() == "/" && special {
            d.push(format!(
                "the empty path becomes \"/\" because {} is a special scheme",
                url.scheme()
            ));
        }
    }
    encoded(
        "userinfo",
        u.userinfo().unwrap_or_default(),
        &userinfo_of(url),
        d,
    );
    encoded("path", path, url.path(), d);
    encoded(
        "query",
        u.query().unwrap_or_default(),
        url.query().unwrap_or_default(),
        d,
    );
    encoded(
        "fragment",
        u.fragment().unwrap_or_default(),
        url.fragment().unwrap_or_default(),
        d,
    );
}

fn userinfo_of(url: &Url) -> String {
    match url.password() {
        Some(p) => format!("{}:{p}", url.username()),
        None => url.username().to_string(),
    }
}

/// Host differences: IPv4 number forms, IPv6 text, IDNA, lowercasing.
fn host(ours: &str, url: &Url, special: bool, d: &mut Vec<String>) {
    let Some(h) = url.host() else {
        return;
    };
    let theirs = url.host_str().unwrap_or_default();
    if ours == theirs {
        return;
    }
    if ours.is_empty() && special {
        d.push(format!(
            "{} is a special scheme: the empty host is skipped and \"{theirs}\" is read as \
             the host (RFC 3986 reads an empty host)",
            url.scheme()
        ));
        return;
    }
    match h {
        Host::Ipv4(addr) => {
            if !ours.eq_ignore_ascii_case(&addr.to_string()) {
                d.push(format!(
                    "the host \"{ours}\" is read as the IPv4 address {addr} (WHATWG IPv4 \
                     number forms: hex, octal, fewer than four parts); RFC 3986 reads it as \
                     a reg-name"
                ));
            }
        }
        Host::Ipv6(_) => d.push(format!(
            "the IPv6 address {ours} is written in its canonical form {theirs} (RFC 5952)"
        )),
        Host::Domain(_) if ours.to_ascii_lowercase() == theirs => {
            d.push(format!("the host \"{ours}\" is lowercased to \"{theirs}\""));
        }
        Host::Domain(_) if special => d.push(format!(
            "the host \"{ours}\" is mapped by IDNA (UTS #46){} to \"{theirs}\"",
            if ours.contains('%') {
                " after percent-decoding"
            } else {
                ""
            }
        )),
        Host::Domain(_) => d.push(format!(
            "{} is not a special scheme: its host \"{ours}\" is kept opaque and written \
             \"{theirs}\"",
            url.scheme()
        )),
    }
}

/// Port differences: the default port dropped, an empty port dropped, leading zeros.
fn port(ours: Option<&str>, url: &Url, d: &mut Vec<String>) {
    let Some(p) = ours else {
        return;
    };
    match url.port() {
        None if p.is_empty() => d.push("the empty port after ':' is dropped".to_string()),
        None => d.push(format!(
            "the default port :{p} of {} is dropped",
            url.scheme()
        )),
        Some(n) if n.to_string() != p => {
            d.push(format!("the port \"{p}\" is written {n}"));
        }
        Some(_) => {}
    }
}

/// Whether a path has a `.` or `..` segment (also as `%2e`).
fn has_dot_segment(path: &str) -> bool {
    // `.` and `..` with any dot written `%2e` or `%2E`; no segment copied
    // (a path of 16,000 segments made two strings of each).
    path.split('/').any(|s| {
        let b = s.as_bytes();
        let dot = |p: &[u8]| p == b"." || p.eq_ignore_ascii_case(b"%2e");
        match b.len() {
            1 | 3 => dot(b),
            2 => b == b"..",
            4 => dot(&b[..1]) && dot(&b[1..]) || dot(&b[..3]) && dot(&b[3..]),
            6 => dot(&b[..3]) && dot(&b[3..]),
            _ => false,
        }
    })
}

/// Characters of `ours` that the WHATWG parser percent-encoded in `theirs`.
///
/// Linear in both texts: `theirs` is read once into the set of characters
/// it holds raw and the set its escapes stand for, and each distinct
/// character of `ours` is looked up once (a 100 KB run of spaces once
/// scanned the whole `href` for every space).
fn encoded(component: &str, ours: &str, theirs: &str, d: &mut Vec<String>) {
    if ours.is_empty() || ours == theirs {
        return;
    }
    let candidate = |c: char| {
        (!c.is_ascii_graphic() || matches!(c, '"' | '<' | '>' | '`' | '{' | '}' | '|' | '^'))
            && !matches!(c, '\t' | '\n' | '\r')
    };
    let (raw, escaped) = raw_and_escaped(theirs, candidate);
    let mut seen = Chars::default();
    let mut last = None;
    let mut list: Vec<String> = Vec::new();
    for c in ours.chars().filter(|&c| candidate(c)) {
        // The character just looked at again (a run, a repeated unit)
        // is not hashed again.
        if last == Some(c) {
            continue;
        }
        last = Some(c);
        if !seen.insert(c) || !escaped.contains(&c) || raw.contains(&c) {
            continue;
        }
        let mut buf = [0u8; 4];
        let esc: String = c
            .encode_utf8(&mut buf)
            .bytes()
            .map(|b| format!("%{b:02X}"))
            .collect();
        let shown = if c.is_control() {
            format!("U+{:04X}", c as u32)
        } else {
            format!("'{c}'")
        };
        list.push(format!("{shown} as {esc}"));
        if list.len() == 6 {
            break;
        }
    }
    if !list.is_empty() {
        d.push(format!(
            "percent-encoding is applied in the {component}: {} (RFC 3986 rejects these \
             characters unencoded)",
            list.join(", ")
        ));
    }
}

/// The characters of `text` that pass `keep`, and the characters its
/// `%XX` escapes stand for (each maximal run of escapes decoded as UTF-8).
fn raw_and_escaped(text: &str, keep: impl Fn(char) -> bool) -> (Chars, Chars) {
    let mut raw = Chars::default();
    let mut escaped = Chars::default();
    let b = text.as_bytes();
    // The escaped bytes of a character not yet whole. A run of escapes is
    // decoded as it is read, as `from_utf8_lossy` decodes it whole: a byte
    // that starts a character ends what came before it, and no sequence
    // is longer than four bytes (so at most four wait here, never the
    // 10 MB of a long run).
    let mut pending: Vec<u8> = Vec::with_capacity(4);
    let flush = |pending: &mut Vec<u8>, escaped: &mut Chars| {
        if !pending.is_empty() {
            String::from_utf8_lossy(pending).chars().for_each(|c| {
                escaped.insert(c);
            });
            pending.clear();
        }
    };
    let mut i = 0;
    while i < b.len() {
        let triplet = b[i] == b'%'
            && i + 2 < b.len()
            && b[i + 1].is_ascii_hexdigit()
            && b[i + 2].is_ascii_hexdigit();
        if triplet {
            let hex = |x: u8| (x as char).to_digit(16).unwrap_or(0) as u8;
            let x = hex(b[i + 1]) << 4 | hex(b[i + 2]);
            let continuation = x & 0xC0 == 0x80;
            if !continuation || pending.len() == 4 {
                flush(&mut pending, &mut escaped);
            }
            if x < 0x80 {
                escaped.insert(char::from(x));
            } else {
                pending.push(x);
            }
            i += 3;
            continue;
        }
        flush(&mut pending, &mut escaped);
        let c = text[i..].chars().next().unwrap_or('\0');
        if keep(c) {
            raw.insert(c);
        }
        i += c.len_utf8().max(1);
    }
    flush(&mut pending, &mut escaped);
    (raw, escaped)
}

/// A set of characters: those below U+0800 (ASCII, Latin, Greek,
/// Cyrillic, the combining marks: one or two bytes of UTF-8) in a bit
/// table, the rest hashed, the last one inserted remembered (a 64 KB
/// `href` is mostly runs and repeats, and hashing each of its characters
/// was 6-10 % of a frame).
#[derive(Default)]
struct Chars {
    low: [u64; 32],
    other: HashSet<char>,
    last: Option<char>,
}

impl Chars {
    /// Add `c`; whether it was not there yet.
    fn insert(&mut self, c: char) -> bool {
        let n = c as usize;
        if n < 0x800 {
            let (word, bit) = (n / 64, 1u64 << (n % 64));
            let new = self.low[word] & bit == 0;
            self.low[word] |= bit;
            new
        } else if self.last == Some(c) {
            false
        } else {
            self.last = Some(c);
            self.other.insert(c)
        }
    }

    fn contains(&self, c: &char) -> bool {
        let n = *c as usize;
        if n < 0x800 {
            self.low[n / 64] & (1u64 << (n % 64)) != 0
        } else {
            self.other.contains(c)
        }
    }
}

/// The validity verdicts when the WHATWG parser accepted the input:
/// `first_error` is RFC 3986's first error, if any.
fn validity(first_error: Option<&Finding>, d: &mut Vec<String>) {
    if let Some(f) = first_error {
        d.push(format!(
            "RFC 3986 rejects it ({}); the WHATWG parser accepts it",
            f.message
        ));
    }
}

/// When nothing specific was named but the text still changed, say so.
fn fallback(rfc_text: &str, rfc_valid: bool, url: &Url, d: &mut Vec<String>) {
    if d.is_empty() && url.as_str() != rfc_text {
        d.push(format!(
            "written \"{}\" where RFC 3986 {} \"{rfc_text}\"",
            url.as_str(),
            if rfc_valid { "keeps" } else { "reads" }
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_segments_are_found_as_the_lowercase_replace_found_them() {
        let old = |path: &str| {
            path.split('/').any(|s| {
                let s = s.to_ascii_lowercase().replace("%2e", ".");
                s == "." || s == ".."
            })
        };
        let pieces = [
            ".",
            "..",
            "%2e",
            "%2E",
            ".%2e",
            "%2E.",
            "%2e%2E",
            "...",
            "a",
            "%2",
            "%2e%2e%2e",
            ".a",
            "%2f",
            "",
        ];
        for a in pieces {
            for b in pieces {
                let path = format!("/x/{a}/{b}");
                assert_eq!(has_dot_segment(&path), old(&path), "{path}");
                assert_eq!(
                    has_dot_segment(&format!("{a}{b}")),
                    old(&format!("{a}{b}")),
                    "{a}{b}"
                );
            }
        }
    }
    use proptest::prelude::*;

    /// The quadratic original of [`encoded`]: each offending character of
    /// `ours` is looked for in the whole of `theirs`, raw and escaped.
    fn naive_encoded(component: &str, ours: &str, theirs: &str) -> Vec<String> {
        let mut d = Vec::new();
        if ours.is_empty() || ours == theirs {
            return d;
        }
        let mut list: Vec<String> = Vec::new();
        for c in ours.chars() {
            if c.is_ascii_graphic() && !matches!(c, '"' | '<' | '>' | '`' | '{' | '}' | '|' | '^') {
                continue;
            }
            if matches!(c, '\t' | '\n' | '\r') {
                continue;
            }
            let mut buf = [0u8; 4];
            let esc: String = c
                .encode_utf8(&mut buf)
                .bytes()
                .map(|b| format!("%{b:02X}"))
                .collect();
            let shown = if c.is_control() {
                format!("U+{:04X}", c as u32)
            } else {
                format!("'{c}'")
            };
            let item = format!("{shown} as {esc}");
            if theirs.contains(&esc) && !theirs.contains(c) && !list.contains(&item) {
                list.push(item);
            }
            if list.len() == 6 {
                break;
            }
        }
        if !list.is_empty() {
            d.push(format!(
                "percent-encoding is applied in the {component}: {} (RFC 3986 rejects these \
                 characters unencoded)",
                list.join(", ")
            ));
        }
        d
    }

    fn linear(component: &str, ours: &str, theirs: &str) -> Vec<String> {
        let mut d = Vec::new();
        encoded(component, ours, theirs, &mut d);
        d
    }

    #[test]
    fn encoded_names_what_the_browser_escaped() {
        let d = linear("path", "/a b<é", "/a%20b%3C%C3%A9");
        assert_eq!(
            d,
            [
                "percent-encoding is applied in the path: ' ' as %20, '<' as %3C, 'é' as %C3%A9 \
              (RFC 3986 rejects these characters unencoded)"
            ]
        );
    }

    #[test]
    fn encoded_on_100k_spaces_is_one_sentence() {
        // Regression: the original scanned the whole href for every space.
        let ours = format!("/{}x", " ".repeat(100_000));
        let theirs = format!("/{}x", "%20".repeat(100_000));
        assert_eq!(
            linear("path", &ours, &theirs),
            naive_encoded("path", &ours, &theirs)
        );
        assert_eq!(linear("path", &ours, &theirs).len(), 1);
    }

    proptest! {
        /// The linear version says what the quadratic one said, on texts
        /// of the characters that matter (raw, escaped, or both).
        #[test]
        fn encoded_equals_the_naive_scan(
            ours in "[ a<>é\u{7f}\u{200d}\"|%]{0,24}",
            theirs in "(%20|%3C|%C3%A9|%E2%80%8D|%7F|%22| |a|<|é|%|%2|%C3|%80|%A9|%E2%80|%F0%9F%98%80|%F0|%FF|%C0%AF)*",
        ) {
            prop_assert_eq!(linear("q", &ours, &theirs), naive_encoded("q", &ours, &theirs));
        }

        /// The column drawn from a report says what the column drawn from
        /// the text says, errors and all, for URIs and IRIs.
        #[test]
        fn a_report_gives_the_column_its_text_gives(
            s in "(http|HTTP|file|x|ws)?(:|://)?([a-zA-Z0-9.@:%\\[\\] \t<>\\\\]|é|%zz|%41|\u{85}){0,24}(/|\\.\\./|\\?|#|%2e){0,6}",
            iri in any::<bool>(),
        ) {
            let r = crate::uri::analyze(&s, crate::uri::ParseOptions::new().iri(iri));
            prop_assert_eq!(parse_reported(&r), parse(&s, None));
        }
    }

    #[test]
    fn a_report_gives_the_column_its_text_gives_on_the_corpus() {
        for line in include_str!("../benches/uris.txt").lines().step_by(5) {
            assert_eq!(
                parse_reported(&crate::uri::analyze(line, Default::default())),
                parse(line, None),
                "{line:?}"
            );
        }
    }
}
