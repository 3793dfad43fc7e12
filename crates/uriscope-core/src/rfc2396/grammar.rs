//! RFC 2396 validation of a URI-reference (§3, §4, §5, Appendix A): every
//! problem as a [`Finding`], and the components as the 1998 grammar reads
//! them.
//!
//! ```text
//! URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]
//! absoluteURI   = scheme ":" ( hier_part | opaque_part )
//! relativeURI   = ( net_path | abs_path | rel_path ) [ "?" query ]
//! hier_part     = ( net_path | abs_path ) [ "?" query ]
//! ```

use super::authority::{classify_authority, Authority, AuthorityKind};
use super::chars::{self, is, PATH, REG_NAME, REL_SEGMENT, SCHEME, URIC, URIC_NO_SLASH};
use super::rule::Rule;
use crate::syntax::error::describe_char;
use crate::Code;
use crate::{Finding, Severity, Span};

/// Which path form of the 1998 grammar the reference took.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathForm {
    /// `net_path = "//" authority [ abs_path ]` (§3).
    NetPath,
    /// `abs_path = "/" path_segments` (§3).
    AbsPath,
    /// `rel_path = rel_segment [ abs_path ]` (§5).
    RelPath,
    /// `opaque_part = uric_no_slash *uric` (§3): no hierarchy, no query.
    OpaquePart,
    /// No path at all: the empty reference, a lone fragment, or an error
    /// such as `scheme:` with nothing after it.
    Empty,
}

impl PathForm {
    /// The rule name: `net_path`, `abs_path`, `rel_path`, `opaque_part` or `empty`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            PathForm::NetPath => "net_path",
            PathForm::AbsPath => "abs_path",
            PathForm::RelPath => "rel_path",
            PathForm::OpaquePart => "opaque_part",
            PathForm::Empty => "empty",
        }
    }
}

/// One path segment (§3.3): `segment = *pchar *( ";" param )`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    /// The whole segment, params included.
    pub span: Span,
    /// The `*pchar` before the first `;`.
    pub name: Span,
    /// Everything after the first `;` (the `;`-separated params), if any.
    pub params: Option<Span>,
}

impl Segment {
    /// The params as text: `"a;x;;y"` gives `["x", "", "y"]`.
    pub fn params<'a>(&self, input: &'a str) -> impl Iterator<Item = &'a str> {
        self.params
            .map(|p| p.slice(input))
            .into_iter()
            .flat_map(|p| p.split(';'))
    }
}

/// An input as RFC 2396 reads it, with every finding.
#[derive(Clone, Debug)]
pub struct Analysis<'a> {
    /// The input.
    pub input: &'a str,
    /// The scheme, without `:`, for an `absoluteURI`.
    pub scheme: Option<Span>,
    /// The authority of a `net_path`, without `//`.
    pub authority: Option<Authority>,
    /// The path: `abs_path`, `rel_path` or the whole `opaque_part` (which
    /// holds any `?`: an opaque URI has no query in RFC 2396).
    pub path: Span,
    /// Which path form matched.
    pub form: PathForm,
    /// The query, without `?` (only after a `net_path`, `abs_path` or `rel_path`).
    pub query: Option<Span>,
    /// The fragment, without `#`.
    pub fragment: Option<Span>,
    /// Every error and note, in input order.
    pub findings: Vec<Finding>,
}

impl Analysis<'_> {
    /// Whether the input is a valid RFC 2396 URI-reference (no error finding).
    #[must_use]
    pub fn is_valid(&self) -> bool {
        !self.findings.iter().any(|f| f.severity == Severity::Error)
    }

    /// The error findings.
    pub fn errors(&self) -> impl Iterator<Item = &Finding> {
        self.findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
    }

    /// The path segments of a hierarchical path (none for `opaque_part`).
    /// An `abs_path` has no segment for its leading `/`.
    #[must_use]
    pub fn segments(&self) -> Vec<Segment> {
        let p = self.path;
        if matches!(self.form, PathForm::OpaquePart | PathForm::Empty) {
            return Vec::new();
        }
        let text = p.slice(self.input);
        let (mut start, body) = match text.strip_prefix('/') {
            Some(rest) => (p.start + 1, rest),
            None => (p.start, text),
        };
        if body.is_empty() && self.form == PathForm::NetPath {
            return Vec::new();
        }
        let mut out = Vec::new();
        for seg in body.split('/') {
            let end = start + seg.len();
            let (name, params) = match seg.find(';') {
                Some(i) => (
                    Span::new(start, start + i),
                    Some(Span::new(start + i + 1, end)),
                ),
                None => (Span::new(start, end), None),
            };
            out.push(Segment {
                span: Span::new(start, end),
                name,
                params,
            });
            start = end + 1;
        }
        out
    }
}

/// Validate `input` as an RFC 2396 URI-reference: every problem as a
/// [`Finding`] (no error finding means valid), plus notes.
///
/// ```
/// use uriscope_core::rfc2396::validate;
/// use uriscope_core::Severity;
/// let errors = |s| validate(s).into_iter().filter(|f| f.severity == Severity::Error)
///     .map(|f| (f.span.start, f.code.as_str())).collect::<Vec<_>>();
/// assert_eq!(errors("http://a/b;p?q#f"), []);
/// assert_eq!(errors("http://[::1]/"), [(7, "unwise-char"), (11, "unwise-char")]);
/// assert_eq!(errors("?y"), [(0, "missing-path")]);
/// ```
#[must_use]
pub fn validate(input: &str) -> Vec<Finding> {
    analyze(input).findings
}

/// Read `input` with the RFC 2396 grammar: components, path form, authority
/// kind and every finding.
///
/// ```
/// use uriscope_core::rfc2396::{analyze, PathForm};
/// let a = analyze("mailto:joe@example.org?subject=hi");
/// assert!(a.is_valid());
/// assert_eq!(a.form, PathForm::OpaquePart);
/// assert_eq!(a.path.slice(a.input), "joe@example.org?subject=hi");
/// assert_eq!(a.query, None);
/// ```
#[must_use]
pub fn analyze(input: &str) -> Analysis<'_> {
    let mut v = Validator {
        input,
        b: input.as_bytes(),
        findings: Vec::new(),
    };
    let mut a = v.run();
    v.findings.sort_by_key(|f| (f.span.start, f.severity));
    a.findings = v.findings;
    a
}

struct Validator<'a> {
    input: &'a str,
    b: &'a [u8],
    findings: Vec<Finding>,
}

impl<'a> Validator<'a> {
    fn run(&mut self) -> Analysis<'a> {
        let b = self.b;
        // §4.3: the fragment starts at the first "#", which no uric contains.
        let end = b.iter().position(|&c| c == b'#').unwrap_or(b.len());
        let fragment = (end < b.len()).then(|| {
            self.scan(end + 1, b.len(), URIC, Rule::Fragment, |_| false);
            Span::new(end + 1, b.len())
        });
        let scheme = self.scheme(end);
        let mut pos = scheme.map_or(0, |s| s.end + 1);
        let mut authority = None;
        let form;
        if b[pos..end].starts_with(b"//") {
            let a_end = (pos + 2..end)
                .find(|&i| b[i] == b'/' || b[i] == b'?')
                .unwrap_or(end);
            let span = Span::new(pos + 2, a_end);
            let errors_before = self.findings.len();
            self.scan(span.start, span.end, REG_NAME, Rule::RegName, |_| false);
            let a = classify_authority(self.input, span);
            // With bad characters the authority is neither; the errors say why.
            let clean = self.findings.len() == errors_before;
            if let (AuthorityKind::RegName(why), true) = (a.kind, clean) {
                let message = format!(
                    "the authority \"{}\" is not a server (userinfo@host:port): {} at byte {}: {}; \
                     RFC 2396 reads it as a registry-based reg_name, with no host or port (RFC 2396 §3.2.1, §3.2.2)",
                    span.slice(self.input).escape_debug(),
                    describe_char(self.input, why.at),
                    why.at,
                    why.why
                );
                self.findings.push(Finding::new(
                    span,
                    Severity::Note,
                    Code::RegNameAuthority,
                    message,
                ));
            }
            authority = Some(a);
            pos = a_end;
            form = PathForm::NetPath;
        } else if pos < end && b[pos] == b'/' {
            form = PathForm::AbsPath;
        } else if scheme.is_some() {
            let path = Span::new(pos, end);
            if pos == end {
                self.empty_opaque_part(pos);
                return self.analysis(scheme, None, path, PathForm::Empty, None, fragment);
            }
            // opaque_part = uric_no_slash *uric; the first byte is not "/" here.
            self.scan(pos, end, URIC_NO_SLASH | URIC, Rule::OpaquePart, |_| false);
            return self.analysis(scheme, None, path, PathForm::OpaquePart, None, fragment);
        } else if pos == end {
            return self.analysis(None, None, Span::empty(0), PathForm::Empty, None, fragment);
        } else if b[pos] == b'?' {
            self.error(
                Span::new(pos, pos + 1),
                Code::MissingPath,
                format!(
                    "'?' at byte {pos} starts a query, but relativeURI = ( net_path | abs_path | rel_path ) \
                     [ \"?\" query ] needs a path before it ({}); RFC 3986 relative-part allows an empty path",
                    Rule::RelativeUri.section()
                ),
            );
            form = PathForm::Empty;
        } else {
            form = PathForm::RelPath;
        }
        let path_start = pos;
        if form == PathForm::RelPath {
            pos = self.scan(pos, end, REL_SEGMENT, Rule::RelSegment, |c| {
                c == b'/' || c == b'?'
            });
        }
        pos = self.scan(pos, end, PATH, Rule::PathSegments, |c| c == b'?');
        let path = Span::new(path_start, pos);
        let query = (pos < end).then(|| {
            self.scan(pos + 1, end, URIC, Rule::Query, |_| false);
            Span::new(pos + 1, end)
        });
        self.analysis(scheme, authority, path, form, query, fragment)
    }

    fn analysis(
        &mut self,
        scheme: Option<Span>,
        authority: Option<Authority>,
        path: Span,
        form: PathForm,
        query: Option<Span>,
        fragment: Option<Span>,
    ) -> Analysis<'a> {
        Analysis {
            input: self.input,
            scheme,
            authority,
            path,
            form,
            query,
            fragment,
            findings: Vec::new(),
        }
    }

    /// `scheme ":"` (§3.1) before `end`, or `None` for a relativeURI. As in
    /// RFC 3986's reading, a prefix that starts with a letter and reaches a
    /// ":" before any "/" or "?" is taken as a (possibly bad) scheme.
    fn scheme(&mut self, end: usize) -> Option<Span> {
        let b = self.b;
        let colon = (0..end).find(|&i| matches!(b[i], b':' | b'/' | b'?'))?;
        if b[colon] != b':' || colon == 0 || !b[0].is_ascii_alphabetic() {
            return None;
        }
        let mut i = 1;
        while i < colon {
            if is(b[i], SCHEME) {
                i += 1;
            } else {
                i += self.bad_char(i, Rule::Scheme);
            }
        }
        Some(Span::new(0, colon))
    }

    /// Scan `[start, end)` while bytes are in `mask` or form `escaped`,
    /// stopping before a byte for which `stop` holds; report the rest.
    fn scan(
        &mut self,
        start: usize,
        end: usize,
        mask: u32,
        rule: Rule,
        stop: impl Fn(u8) -> bool,
    ) -> usize {
        let b = self.b;
        let mut i = start;
        while i < end {
            let c = b[i];
            if is(c, mask) {
                i += 1;
            } else if stop(c) {
                break;
            } else if chars::is_escaped_at(&b[..end], i) {
                i += 3;
            } else {
                i += self.bad_char(i, rule);
            }
        }
        i
    }

    /// Report the character at `i`, which `rule` does not allow; returns its length.
    #[cold]
    fn bad_char(&mut self, i: usize, rule: Rule) -> usize {
        let c = self.b[i];
        let len = self.input[i..].chars().next().map_or(1, char::len_utf8);
        let what = describe_char(self.input, i);
        let (class, class_section) = chars::class_name(c);
        let (code, message) = match c {
            b'%' => (
                Code::BadEscape,
                format!(
                    "'%' at byte {i} must start escaped = \"%\" hex hex (RFC 2396 §2.4.1), but is followed by {}; \
                     '%' is in delims (§2.4.3): write %25 for a literal '%'",
                    escape_tail(self.input, i)
                ),
            ),
            b':' if rule == Rule::RelSegment => (
                Code::ColonInRelSegment,
                format!(
                    "':' at byte {i} is not allowed in rel_segment ({}): the first segment of a \
                     relative path cannot hold ':', or it would read as a scheme; write \"./\" before it",
                    rule.section()
                ),
            ),
            _ => {
                let code = match c {
                    b' ' => Code::Whitespace,
                    0..=0x1f | 0x7f => Code::ControlChar,
                    0x80.. => Code::NonAscii,
                    _ if chars::is_unwise(c) => Code::UnwiseChar,
                    _ if chars::is_delims(c) => Code::DelimsChar,
                    _ => Code::InvalidChar,
                };
                let extra = match c {
                    b'[' | b']' => "; RFC 2396 has no IP literals (RFC 2732 and RFC 3986 §3.2.2 added them)",
                    0x80.. => "; RFC 2396 has no IRIs: escape its UTF-8 octets",
                    _ => "",
                };
                (
                    code,
                    format!(
                        "{what} at byte {i} is not allowed in {}: it is {class} (RFC 2396 {class_section}); \
                         {} allows {}{extra} ({})",
                        rule.name(),
                        rule.name(),
                        rule.allowed(),
                        rule.section()
                    ),
                )
            }
        };
        self.error(Span::new(i, i + len), code, message);
        len
    }

    fn empty_opaque_part(&mut self, pos: usize) {
        self.error(
            Span::empty(pos),
            Code::EmptyOpaquePart,
            format!(
                "nothing follows the scheme's ':' at byte {}: absoluteURI = scheme \":\" ( hier_part | opaque_part ) \
                 needs a \"/\" or at least one uric_no_slash (RFC 2396 §3); RFC 3986 allows an empty path",
                pos.saturating_sub(1)
            ),
        );
    }

    fn error(&mut self, span: Span, code: Code, message: String) {
        self.findings
            .push(Finding::new(span, Severity::Error, code, message));
    }
}

fn escape_tail(input: &str, at: usize) -> String {
    let tail: String = input.get(at + 1..).unwrap_or("").chars().take(2).collect();
    if tail.is_empty() {
        "the end of the input".to_string()
    } else {
        format!("\"{}\"", tail.escape_debug())
    }
}
