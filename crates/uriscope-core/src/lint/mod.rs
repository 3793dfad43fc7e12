//! Security and sanity findings about a URI-reference that the grammar
//! allows (RFC 3986 §7, RFC 2396 §7): credentials, misleading userinfo,
//! unusual ports, encoded control characters and delimiters, rare IPv4
//! forms, mixed-script labels, and the scheme checks.
//!
//! Lint findings are warnings or notes, never errors: validity is the
//! parser's business. Their codes are stable:
//!
//! | code | severity | what |
//! |---|---|---|
//! | `userinfo-password` | warning | a password in the userinfo (§7.5) |
//! | `userinfo-looks-like-host` | warning | userinfo that reads like a host name (§7.6) |
//! | `non-default-port` | note | a port other than the scheme's default (§7.2) |
//! | `port-out-of-range` | warning | a port past 65535, any number of digits (§3.2.3; 16-bit TCP/UDP ports) |
//! | `encoded-control-char` | warning | `%00`–`%1F`, `%7F`: NUL, CR, LF… (§7.2, §7.3); not `%0D%0A` in a `mailto:` hfield value (RFC 6068 §5) |
//! | `encoded-slash` | warning | `%2F` inside a path segment (§7.3) |
//! | `encoded-dot-segment` | warning | a segment that decodes to `.` or `..` (§7.3) |
//! | `backslash` | warning | `\`, which WHATWG parsers read as `/` |
//! | `javascript-scheme` | warning | `javascript:` runs code |
//! | `data-scheme` | warning / note | `data:` with a media type that runs or renders active content (HTML, SVG, XHTML, scripts) warns; others get a note |
//! | `ipv4-rare-form` | warning | a reg-name that `inet_aton` reads as an address (§7.4) |
//! | `mixed-script-label` | warning | a host label mixing scripts (§7.6, UTS #39 §5.2) |
//! | `whole-script-confusable` | warning | a label wholly in one script other than Latin that reads as an ASCII name (`аррӏе`: apple; UTS #39 §4) |
//! | `confusable-name` | warning | a label with the skeleton of a well-known name that is not it (`paypa1`, `pɑypɑl`; UTS #39) |
//! | `punycode-invalid` | warning | an `xn--` label that does not decode (RFC 3492) |
//! | `missing-scheme-colon` | note | `https//host/x`: a relative path that reads as a URI whose `:` was forgotten (§3.1, §4.2) |
//!
//! plus those of the scheme checks:
//! `scheme-needs-authority`, `scheme-forbids-authority`, `scheme-empty-host`
//! (http, https, ws, wss: RFC 9110 §4.2.1, RFC 6455 §3),
//! `scheme-fragment-forbidden` (ws, wss: RFC 6455 §3), `mailto-address`,
//! `mailto-hfield`, `mailto-no-recipient`, `urn-syntax`, `urn-nid`,
//! `urn-nss-empty`, `urn-query`, `data-syntax`, `data-media-type`,
//! `data-parameter`, `data-base64`, `data-payload`, `file-drive-in-authority`,
//! `file-remote-host`, `file-drive-letter`, `file-relative-path`,
//! `tel-number`, `tel-parameter`, `tel-phone-context`.

use crate::Code;
mod groups;
pub use crate::syntax::report::GROUP_POSITIONS;
pub use groups::{group, Group};
pub(crate) mod host_insight;
mod host_labels;
pub(crate) mod scheme;
mod scheme_checks;

use std::borrow::Cow;

use crate::lint::host_insight::percent_decode;
use crate::lint::scheme::default_port;
use crate::lint::scheme_checks::check_scheme;
use crate::quote::cut;
use crate::shape::Shape;
use crate::syntax::chars::hex_value;
use crate::syntax::parse::analysis;
use crate::{Analysis, Finding, Mark, Report, Severity, Span, UriRef};

/// Lint `input`: analyse it, then return the lint findings (not the
/// parser's own), sorted by position.
///
/// ```
/// let codes: Vec<_> = uriscope_core::lint::lint("http://user:pw@example.com:25/")
///     .into_iter().map(|f| f.code).collect();
/// assert_eq!(codes, ["userinfo-password", "non-default-port"]);
/// ```
#[must_use]
pub fn lint(input: &str) -> Vec<Finding> {
    lint_analysis(&analysis(input))
}

/// The lint findings for an existing analysis (spans into `a.input`), sorted by position.
pub(crate) fn lint_analysis(a: &Analysis<'_>) -> Vec<Finding> {
    lint_ref(&a.uri)
}

/// The lint findings for the components `u` of an analysis or a
/// [`Report`] (spans into `u.as_str()`), sorted by position: the lint
/// alone, without the grammar's findings ([`Linted`] merges both).
///
/// ```
/// let r = uriscope_core::analyze("http://u:pw@h:25/", Default::default());
/// let codes: Vec<_> = uriscope_core::lint::lint_ref(&r.uri).iter().map(|f| f.code).collect();
/// assert_eq!(codes, ["userinfo-password", "non-default-port"]);
/// ```
#[must_use]
pub fn lint_ref(u: &UriRef<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    let input = u.as_str();
    userinfo(u, &mut out);
    host_labels::host(u, &mut out);
    port(u, &mut out);
    // The three checks below look for a '%' or a '\\': one search for
    // both, since most inputs hold neither (each check's own search was
    // a pass over the input, a tenth of the CLI's time on a URI per line).
    if crate::syntax::chars::find_either(input.as_bytes(), b'%', b'\\') < input.len() {
        encoded_controls(input, mailto_query(u), &mut out);
        path_escapes(u, &mut out);
        backslashes(input, &mut out);
    }
    scheme_warnings(u, &mut out);
    check_scheme(u, &mut out);
    out.sort_by_key(|f| (f.span.start, f.severity));
    out
}

/// A report and its lint findings, merged by position: every finding that
/// `parse` prints and the Breakdown lists. The parser's messages are
/// written one at a time as [`Linted::findings`] reaches them, so walking a
/// report of five million findings holds one message at a time.
///
/// ```
/// use uriscope_core::{analyze, lint::Linted};
/// let r = analyze("http://u:pw@h:25/a<b", Default::default());
/// let l = Linted::new(&r);
/// let codes: Vec<_> = l.marks().map(|m| m.code).collect();
/// assert_eq!(codes, ["userinfo-password", "non-default-port", "invalid-char"]);
/// assert_eq!(l.findings().count(), l.len());
/// ```
#[derive(Clone, Debug)]
pub struct Linted<'r> {
    /// The parser's findings.
    pub report: &'r Report<'r>,
    lint: Vec<Finding>,
    shape: Option<Shape>,
}

/// One finding of a [`Linted`] walk: the shape's, the parser's (by its
/// index in the report) or the lint's.
#[derive(Clone, Copy, Debug)]
enum Item<'l> {
    Shape(&'l Shape),
    Report(usize),
    Lint(&'l Finding),
}

impl<'r> Linted<'r> {
    /// Lint the components of `report`, recognise its [shape](crate::shape),
    /// and merge.
    #[must_use]
    pub fn new(report: &'r Report<'r>) -> Linted<'r> {
        Linted {
            lint: lint_ref(&report.uri),
            shape: crate::shape::recognize(report),
            report,
        }
    }

    /// What the input is when it is not a URI (a Windows path, a Markdown
    /// link, …): its finding comes first, and on an invalid input it
    /// stands for the parser's and the lint's, which would say character
    /// by character what it says once.
    #[must_use]
    pub fn shape(&self) -> Option<&Shape> {
        self.shape.as_ref()
    }

    /// Whether the findings of the parser and the lint are listed: not
    /// when a shape stands for them.
    fn lists_the_rest(&self) -> bool {
        self.shape.as_ref().is_none_or(|s| s.valid)
    }

    /// How many findings are listed: the shape's, the parser's (those a
    /// bounded report only counts too) and the lint's.
    #[must_use]
    pub fn len(&self) -> usize {
        let rest = if self.lists_the_rest() {
            self.report.total() + self.lint.len()
        } else {
            0
        };
        rest + usize::from(self.shape.is_some())
    }

    /// Whether there is none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the input is valid (the lint never makes it invalid).
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.report.is_valid()
    }

    /// Both lists in input order: by start, then severity; the parser's
    /// before the lint's where both are equal (a stable sort of the two).
    fn items(&self) -> impl Iterator<Item = (Mark, Item<'_>)> + '_ {
        let parsed = (0..self.report.len()).map(|i| (self.report.mark(i), Item::Report(i)));
        self.merged(parsed)
    }

    /// The shape's finding, then `parsed` (some of the parser's findings,
    /// in input order) merged with the lint's as [`Linted::items`] merges
    /// all of them: a finding's place depends on its key alone, so the
    /// parser's listed keep the places they have among all.
    fn merged<'s>(
        &'s self,
        parsed: impl Iterator<Item = (Mark, Item<'s>)> + 's,
    ) -> impl Iterator<Item = (Mark, Item<'s>)> + 's {
        let mut parsed = parsed.peekable();
        let mut linted = self
            .lint
            .iter()
            .map(|f| {
                let m = Mark {
                    span: f.span,
                    severity: f.severity,
                    code: f.code,
                };
                (m, Item::Lint(f))
            })
            .peekable();
        let shape = self.shape.as_ref().map(|s| {
            let f = Mark {
                span: Span::new(0, self.report.input.len()),
                severity: s.severity(),
                code: s.kind.code(),
            };
            (f, Item::Shape(s))
        });
        let rest = if self.lists_the_rest() { usize::MAX } else { 0 };
        shape.into_iter().chain(
            std::iter::from_fn(move || {
                let key = |m: &Mark| (m.span.start, m.severity);
                match (parsed.peek(), linted.peek()) {
                    (Some(a), Some(b)) if key(&b.0) < key(&a.0) => linted.next(),
                    (Some(_), _) => parsed.next(),
                    (None, _) => linted.next(),
                }
            })
            .take(rest),
        )
    }

    /// Every finding without its message, in input order.
    pub fn marks(&self) -> impl Iterator<Item = Mark> + '_ {
        self.items().map(|(m, _)| m)
    }

    /// Every finding with its message, in input order, each written as it
    /// is reached.
    pub fn findings(&self) -> impl Iterator<Item = Finding> + '_ {
        self.items().map(|(_, item)| match item {
            Item::Shape(s) => s.finding(self.report.input),
            Item::Report(i) => self.report.finding(i),
            Item::Lint(f) => f.clone(),
        })
    }
}

fn warn(out: &mut Vec<Finding>, span: Span, code: Code, message: String) {
    out.push(Finding::new(span, Severity::Warning, code, message));
}

fn note(out: &mut Vec<Finding>, span: Span, code: Code, message: String) {
    out.push(Finding::new(span, Severity::Note, code, message));
}

fn userinfo(u: &UriRef<'_>, out: &mut Vec<Finding>) {
    let Some(span) = u.authority_parts().and_then(|a| a.userinfo) else {
        return;
    };
    let text = span.slice(u.as_str());
    if let Some(colon) = text.find(':') {
        if colon + 1 < text.len() {
            warn(
                out,
                Span::new(span.start + colon + 1, span.end),
                Code::UserinfoPassword,
                "a password in the userinfo: URIs are logged, bookmarked and shown in clear \
                 text; \"user:password\" is deprecated (RFC 3986 §7.5, §3.2.1)"
                    .to_string(),
            );
        }
    }
    if let Some(name) = host_lookalike(text) {
        let host = u.host().unwrap_or("");
        warn(
            out,
            span,
            Code::UserinfoLooksLikeHost,
            format!(
                "the userinfo contains \"{}\", which reads like a host name, but the host \
                 is \"{}\": a semantic attack on the reader (RFC 3986 §7.6)",
                cut(&name),
                cut(host)
            ),
        );
    }
}

/// A dotted host name or IPv4 address inside `s` (split on characters a
/// DNS name cannot hold), such as `trusted.example` in `trusted.example&x=1`.
fn host_lookalike(s: &str) -> Option<String> {
    // A host name has a dot, raw or escaped (`%2E`): without one there is
    // nothing to decode and split, which on a long host costs time for nothing.
    let escaped_dot = || {
        s.as_bytes()
            .windows(3)
            .any(|w| w.eq_ignore_ascii_case(b"%2e"))
    };
    if !s.contains('.') && !escaped_dot() {
        return None;
    }
    let decoded = percent_decode(s);
    let decoded = String::from_utf8_lossy(&decoded);
    decoded
        .split(|c: char| !(c.is_alphanumeric() || c == '.' || c == '-'))
        .map(|t| t.trim_matches('.'))
        // Two labels or more: a dot (and no list built for each of the
        // 32,000 empty pieces of a userinfo of combining marks).
        .filter(|t| t.contains('.'))
        .find(|t| {
            let labels: Vec<&str> = t.split('.').collect();
            let tld = labels.last().copied().unwrap_or("");
            labels.len() >= 2
                && labels.iter().all(|l| !l.is_empty() && l.len() <= 63)
                && (tld.chars().count() >= 2 && tld.chars().all(char::is_alphabetic)
                    || crate::syntax::host::is_ipv4(t.as_bytes()))
        })
        .map(str::to_string)
}

/// The port's value when it fits TCP's and UDP's 16 bits (RFC 793 §3.1,
/// RFC 768), whatever the number of digits (RFC 3986 §3.2.3 allows `*DIGIT`,
/// leading zeros included); `None` past 65535.
fn port_value(digits: &str) -> Option<u16> {
    let significant = digits.trim_start_matches('0');
    if significant.len() > 5 {
        return None;
    }
    // At most five digits: no overflow in u32.
    let v = significant
        .bytes()
        .fold(0u32, |v, d| v * 10 + u32::from(d - b'0'));
    u16::try_from(v).ok()
}

fn port(u: &UriRef<'_>, out: &mut Vec<Finding>) {
    let Some(span) = u.authority_parts().and_then(|a| a.port) else {
        return;
    };
    let text = span.slice(u.as_str());
    if text.is_empty() || !text.bytes().all(|c| c.is_ascii_digit()) {
        return;
    }
    let Some(port) = port_value(text) else {
        warn(
            out,
            span,
            Code::PortOutOfRange,
            format!(
                "port {} is past 65535: TCP and UDP ports are 16-bit numbers (RFC 793 §3.1), \
                 so no server listens there; RFC 3986 §3.2.3 allows any digits, but a client \
                 will reject or wrap it",
                cut(text)
            ),
        );
        return;
    };
    let Some((scheme, default)) = u.scheme().and_then(|s| Some((s, default_port(s)?))) else {
        return;
    };
    if port == default {
        return;
    }
    let well_known = if port < 1024 {
        "; it lies in the well-known range 0-1023, where another protocol may answer and \
         misread the request"
    } else {
        ""
    };
    note(
        out,
        span,
        Code::NonDefaultPort,
        format!("port {port} is not {scheme}'s default port {default}{well_known} (RFC 3986 §7.2)"),
    );
}

fn control_name(b: u8) -> Cow<'static, str> {
    match b {
        0 => "NUL".into(),
        b'\t' => "TAB".into(),
        b'\n' => "LF".into(),
        b'\r' => "CR".into(),
        0x1b => "ESC".into(),
        0x7f => "DEL".into(),
        b => format!("U+{b:04X}").into(),
    }
}

/// The query of a `mailto:` URI: its hfield values carry line breaks as
/// `%0D%0A`, which RFC 6068 §5 requires ("line breaks in the body of a
/// message MUST be encoded with \"%0D%0A\"").
fn mailto_query(u: &UriRef<'_>) -> Option<Span> {
    u.scheme()
        .filter(|s| s.eq_ignore_ascii_case("mailto"))
        .and(u.query_span())
}

/// Whether the escapes at `i` in `b` spell `%0D%0A` (any hex case).
fn is_encoded_crlf(b: &[u8], i: usize) -> bool {
    b.get(i..i + 6)
        .is_some_and(|w| w.eq_ignore_ascii_case(b"%0D%0A"))
}

/// `%00`–`%1F` and `%7F` anywhere, adjacent escapes merged into one finding;
/// a `%0D%0A` inside `crlf_ok` (a `mailto:` query, RFC 6068 §5) is not one.
fn encoded_controls(input: &str, crlf_ok: Option<Span>, out: &mut Vec<Finding>) {
    let b = input.as_bytes();
    let decode = |i: usize| -> Option<u8> {
        if b.get(i) != Some(&b'%') {
            return None;
        }
        let v = hex_value(*b.get(i + 1)?)? << 4 | hex_value(*b.get(i + 2)?)?;
        (v < 0x20 || v == 0x7f).then_some(v)
    };
    let mut i = 0;
    // `str::find` on a char uses memchr: most inputs hold few '%'.
    while let Some(off) = input.get(i..).and_then(|rest| rest.find('%')) {
        i += off;
        if decode(i).is_none() {
            i += 1;
            continue;
        }
        let crlf = |i: usize| crlf_ok.is_some_and(|q| q.contains(i)) && is_encoded_crlf(b, i);
        if crlf(i) {
            i += 6;
            continue;
        }
        let start = i;
        let mut names = Vec::new();
        while let Some(v) = decode(i) {
            if crlf(i) {
                break;
            }
            names.push(control_name(v));
            i += 3;
        }
        warn(
            out,
            Span::new(start, i),
            Code::EncodedControlChar,
            format!(
                "percent-encoded control character{} {}: decoding {} before passing the data \
                 on can inject protocol delimiters or truncate strings (RFC 3986 §7.2, §7.3)",
                if names.len() > 1 { "s" } else { "" },
                names.join(" "),
                if names.len() > 1 { "them" } else { "it" }
            ),
        );
    }
}

/// `%2F` inside segments, and segments that decode to `.` or `..`.
fn path_escapes(u: &UriRef<'_>, out: &mut Vec<Finding>) {
    let input = u.as_str();
    if !u.path().contains('%') {
        return;
    }
    for (span, seg) in u.segments() {
        if !seg.contains('%') {
            continue;
        }
        let b = seg.as_bytes();
        for i in 0..b.len().saturating_sub(2) {
            if b[i] == b'%' && b[i + 1] == b'2' && b[i + 2].eq_ignore_ascii_case(&b'f') {
                warn(
                    out,
                    Span::new(span.start + i, span.start + i + 3),
                    Code::EncodedSlash,
                    "\"%2F\" is data inside one segment, but a server that decodes the path \
                     before splitting it sees a '/' there (RFC 3986 §7.3, §2.2)"
                        .to_string(),
                );
            }
        }
        if let Some(dots) = decoded_dots(seg) {
            warn(
                out,
                span,
                Code::EncodedDotSegment,
                format!(
                    "segment \"{}\" decodes to \"{dots}\": remove_dot_segments does not see it \
                     (RFC 3986 §5.2.4, §6.2.2.2), but a server or file system that decodes \
                     first does, a path traversal risk (§7.3)",
                    span.slice(input)
                ),
            );
        }
    }
}

/// `"."` or `".."` when `seg` percent-decodes to a dot segment, found
/// without decoding it into a buffer: such a segment is at most six bytes
/// (`%2E%2E`), and the lint of a path full of escapes allocates nothing.
fn decoded_dots(seg: &str) -> Option<&'static str> {
    if seg.len() > 6 {
        return None;
    }
    let b = seg.as_bytes();
    let mut dots = 0;
    let mut i = 0;
    while i < b.len() {
        let is_dot = if b[i] == b'.' {
            i += 1;
            true
        } else if b[i] == b'%'
            && b.get(i + 1) == Some(&b'2')
            && b.get(i + 2).is_some_and(|c| c.eq_ignore_ascii_case(&b'e'))
        {
            i += 3;
            true
        } else {
            false
        };
        if !is_dot {
            return None;
        }
        dots += 1;
    }
    match dots {
        1 => Some("."),
        2 => Some(".."),
        _ => None,
    }
}

/// Every run of `\`: forbidden by RFC 3986, read as `/` by WHATWG URL parsers.
fn backslashes(input: &str, out: &mut Vec<Finding>) {
    let b = input.as_bytes();
    let mut i = 0;
    while let Some(off) = input.get(i..).and_then(|rest| rest.find('\\')) {
        let start = i + off;
        let mut end = start;
        while b.get(end) == Some(&b'\\') {
            end += 1;
        }
        warn(
            out,
            Span::new(start, end),
            Code::Backslash,
            "'\\' is not allowed in a URI (RFC 3986 §2), but WHATWG URL parsers (browsers) \
             read it as '/' in http, https, ws, wss, ftp and file URLs, so two parsers may \
             disagree about the host or path"
                .to_string(),
        );
        i = end;
    }
}

fn scheme_warnings(u: &UriRef<'_>, out: &mut Vec<Finding>) {
    let (Some(scheme), Some(span)) = (u.scheme(), u.scheme_span()) else {
        return;
    };
    if scheme.eq_ignore_ascii_case("javascript") {
        warn(
            out,
            span,
            Code::JavascriptScheme,
            "a javascript: URI runs its text as script in the page that follows it; never \
             follow one from untrusted input"
                .to_string(),
        );
    } else if scheme.eq_ignore_ascii_case("data") {
        let media = data_media_type(u.path());
        if is_active_media_type(&media) {
            warn(
                out,
                span,
                Code::DataScheme,
                format!(
                    "a data: URI carries its own content (RFC 2397) under no server's \
                     authority, and {} runs or renders active content: it can \
                     impersonate a site or run code",
                    cut(&media)
                ),
            );
        } else {
            note(
                out,
                span,
                Code::DataScheme,
                format!(
                    "a data: URI carries its own content (RFC 2397) under no server's \
                     authority; {} is not a type that runs script or renders a page",
                    cut(&media)
                ),
            );
        }
    }
}

/// The media type of a `data:` path, lowercased, without parameters
/// (`text/plain` when empty, RFC 2397 §2).
fn data_media_type(path: &str) -> String {
    let header = path.split(',').next().unwrap_or_default();
    let media = header.split(';').next().unwrap_or_default().trim();
    if media.is_empty() {
        "text/plain".to_string()
    } else {
        media.to_ascii_lowercase()
    }
}

/// Media types a browser runs or renders as active content: HTML, XHTML,
/// SVG (which holds script), XML (which can pull in XSLT and XHTML), and
/// the script types of the HTML Standard's "JavaScript MIME type" list.
fn is_active_media_type(media: &str) -> bool {
    matches!(
        media,
        "text/html"
            | "application/xhtml+xml"
            | "image/svg+xml"
            | "text/xml"
            | "application/xml"
            | "text/xsl"
            | "application/javascript"
            | "application/ecmascript"
            | "application/x-javascript"
            | "application/x-ecmascript"
            | "text/javascript"
            | "text/ecmascript"
            | "text/jscript"
            | "text/livescript"
            | "text/vbscript"
            | "text/x-javascript"
            | "text/x-ecmascript"
            | "application/wasm"
    ) || media.starts_with("text/javascript")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `decoded_dots` answers as decoding the segment and comparing would,
    /// for every string of up to seven bytes over the bytes that matter.
    #[test]
    fn decoded_dots_agrees_with_decoding() {
        let alphabet = [b'.', b'%', b'2', b'e', b'E', b'x', b'/'];
        let mut checked = 0;
        for len in 1..=7u32 {
            for n in 0..alphabet.len().pow(len) {
                let mut k = n;
                let seg: Vec<u8> = (0..len)
                    .map(|_| {
                        let c = alphabet[k % alphabet.len()];
                        k /= alphabet.len();
                        c
                    })
                    .collect();
                let seg = std::str::from_utf8(&seg).unwrap();
                let decoded = percent_decode(seg);
                let expected = match &*decoded {
                    b"." => Some("."),
                    b".." => Some(".."),
                    _ => None,
                };
                assert_eq!(decoded_dots(seg), expected, "{seg:?}");
                checked += 1;
            }
        }
        assert_eq!(checked, (1..=7).map(|l| 7usize.pow(l)).sum::<usize>());
    }
}
