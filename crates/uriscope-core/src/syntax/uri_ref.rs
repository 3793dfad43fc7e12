//! The parsed URI-reference: spans for every component and sub-component.

use std::fmt;

use crate::syntax::recompose::Parts;
use crate::Span;

/// What kind of host an authority names (RFC 3986 §3.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// `reg-name`: a registered name such as a DNS name (possibly empty).
    RegName,
    /// `IPv4address` in dotted-decimal form.
    Ipv4,
    /// `IPv6address` inside `[` `]`, possibly with an RFC 6874 zone ID.
    Ipv6,
    /// `IPvFuture` inside `[` `]`: `v` + version + `.` + address.
    IpFuture,
}

impl HostKind {
    /// The JSON name: `reg-name`, `ipv4`, `ipv6` or `ipvfuture`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            HostKind::RegName => "reg-name",
            HostKind::Ipv4 => "ipv4",
            HostKind::Ipv6 => "ipv6",
            HostKind::IpFuture => "ipvfuture",
        }
    }
}

/// The host sub-component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Host {
    /// The whole host, brackets included for an IP literal.
    pub span: Span,
    /// Which alternative of `host` matched.
    pub kind: HostKind,
    /// For an IP literal, the address between the brackets without any zone ID.
    pub address: Span,
    /// The RFC 6874 `ZoneID` after `%25`, for IPv6 with a zone.
    pub zone: Option<Span>,
}

/// The authority component (§3.2) and its parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Authority {
    /// The whole authority, without the leading `//`.
    pub span: Span,
    /// The userinfo, without its `@`.
    pub userinfo: Option<Span>,
    /// The host (always present when there is an authority; may be empty).
    pub host: Host,
    /// The port, without its `:`; `Some(empty)` for `host:`.
    pub port: Option<Span>,
}

/// Which of the five path rules the path matched (§3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathKind {
    /// `path-abempty`: after an authority; empty or starts with `/`.
    AbEmpty,
    /// `path-absolute`: starts with `/` but not `//`.
    Absolute,
    /// `path-noscheme`: relative reference whose first segment has no `:`.
    NoScheme,
    /// `path-rootless`: after a scheme, starts with a segment.
    Rootless,
    /// `path-empty`: zero characters.
    Empty,
}

impl PathKind {
    /// The ABNF rule name, such as `path-abempty`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            PathKind::AbEmpty => "path-abempty",
            PathKind::Absolute => "path-absolute",
            PathKind::NoScheme => "path-noscheme",
            PathKind::Rootless => "path-rootless",
            PathKind::Empty => "path-empty",
        }
    }
}

/// What kind of reference this is (§4.1 to §4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RefKind {
    /// A URI with a scheme (§4.3 when it has no fragment).
    Uri,
    /// A network-path reference: begins with `//` (§4.2).
    NetworkPath,
    /// An absolute-path reference: begins with a single `/` (§4.2).
    AbsolutePath,
    /// A relative-path reference (§4.2).
    RelativePath,
    /// A same-document reference: empty, or only a fragment (§4.4).
    SameDocument,
}

impl RefKind {
    /// The kind in prose, the word before "reference" in a sentence:
    /// `URI`, `network-path`, `absolute-path`, `relative-path`,
    /// `same-document`.
    ///
    /// ```
    /// use uriscope_core::component::RefKind;
    /// assert_eq!(format!("a {} reference", RefKind::Uri.noun()), "a URI reference");
    /// assert_eq!(RefKind::SameDocument.noun(), "same-document");
    /// ```
    #[must_use]
    pub fn noun(self) -> &'static str {
        match self {
            RefKind::Uri => "URI",
            k => k.as_str(),
        }
    }

    /// The JSON name: `uri`, `network-path`, `absolute-path`, `relative-path`, `same-document`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            RefKind::Uri => "uri",
            RefKind::NetworkPath => "network-path",
            RefKind::AbsolutePath => "absolute-path",
            RefKind::RelativePath => "relative-path",
            RefKind::SameDocument => "same-document",
        }
    }
}

/// A parsed URI-reference borrowing its input. Built by [`parse`](fn@crate::parse).
///
/// ```
/// let u = uriscope_core::parse("foo://example.com:8042/over/there?name=ferret#nose").unwrap();
/// assert_eq!(u.scheme(), Some("foo"));
/// assert_eq!(u.host(), Some("example.com"));
/// assert_eq!(u.port(), Some("8042"));
/// assert_eq!(u.path(), "/over/there");
/// assert_eq!(u.query(), Some("name=ferret"));
/// assert_eq!(u.fragment(), Some("nose"));
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct UriRef<'a> {
    input: &'a str,
    // Byte offsets into `input`, 32-bit (the parser refuses longer input);
    // each meaningful only when its flag below says the part is present.
    // The layout keeps the value small (56 bytes) so that a parse returns
    // it in a few stores; every span is rebuilt from these on demand.
    /// End of the scheme (the position of its ':').
    scheme_end: u32,
    /// Start and end of the host; the userinfo ends one byte before it.
    host_start: u32,
    host_end: u32,
    /// End of an IP literal's address (where `%25` or `]` begins).
    addr_end: u32,
    /// Start of an IPv6 zone ID; it ends before the `]`.
    zone_start: u32,
    /// Start of the port (after ':'); it ends where the authority ends.
    port_start: u32,
    /// The path, which begins where the authority (if any) ends.
    path_start: u32,
    path_end: u32,
    /// End of the query, which begins one byte after the path.
    query_end: u32,
    flags: u8,
    host_kind: HostKind,
    path_kind: PathKind,
}

const HAS_SCHEME: u8 = 1;
const HAS_AUTHORITY: u8 = 1 << 1;
const HAS_USERINFO: u8 = 1 << 2;
const HAS_PORT: u8 = 1 << 3;
const HAS_ZONE: u8 = 1 << 4;
const HAS_QUERY: u8 = 1 << 5;
const HAS_FRAGMENT: u8 = 1 << 6;

/// The longest input a [`UriRef`] can describe (its offsets are 32-bit).
pub(crate) const MAX_INPUT_LEN: usize = u32::MAX as usize;

/// The components of a reference as spans, the parser's working form.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ComponentSpans {
    pub scheme: Option<Span>,
    pub authority: Option<Authority>,
    pub path: Span,
    pub path_kind: PathKind,
    pub query: Option<Span>,
    pub fragment: Option<Span>,
}

impl<'a> UriRef<'a> {
    /// Pack the parser's spans. The layout relies on how the parser lays
    /// them out (the authority begins right after `//`, the userinfo ends
    /// at the host's `@`, the port runs to the end of the authority, the
    /// query and fragment follow their delimiters); a debug build checks
    /// every accessor against the spans it was given.
    #[inline(always)]
    pub(crate) fn pack(input: &'a str, c: ComponentSpans) -> UriRef<'a> {
        let mut u = UriRef::with_path(input, c.path, c.path_kind);
        if let Some(s) = c.scheme {
            u.set_scheme(s);
        }
        if let Some(a) = c.authority {
            u.set_authority(&a);
        }
        if let Some(q) = c.query {
            u.set_query(q);
        }
        if c.fragment.is_some() {
            u.set_fragment();
        }
        debug_assert_eq!(u.scheme_span(), c.scheme, "scheme of {input:?}");
        debug_assert_eq!(u.authority_parts(), c.authority, "authority of {input:?}");
        debug_assert_eq!(u.path_span(), c.path, "path of {input:?}");
        debug_assert_eq!(u.query_span(), c.query, "query of {input:?}");
        debug_assert_eq!(u.fragment_span(), c.fragment, "fragment of {input:?}");
        u
    }

    /// A reference of `input` with only the path `path` of kind `kind`;
    /// the setters below add the other components, as [`UriRef::pack`]
    /// does (the parser calls them where it finds each component, so that
    /// which flags are set is known there rather than tested again).
    #[inline(always)]
    pub(crate) fn with_path(input: &'a str, path: Span, kind: PathKind) -> UriRef<'a> {
        debug_assert!(input.len() <= MAX_INPUT_LEN);
        UriRef {
            input,
            scheme_end: 0,
            host_start: 0,
            host_end: 0,
            addr_end: 0,
            zone_start: 0,
            port_start: 0,
            path_start: path.start as u32,
            path_end: path.end as u32,
            query_end: path.end as u32,
            flags: 0,
            host_kind: HostKind::RegName,
            path_kind: kind,
        }
    }

    /// Set the path to `path`, of kind `kind` (the query, if any, is set
    /// after it).
    #[inline(always)]
    pub(crate) fn set_path(&mut self, path: Span, kind: PathKind) {
        self.path_start = path.start as u32;
        self.path_end = path.end as u32;
        self.query_end = path.end as u32;
        self.path_kind = kind;
    }

    /// Add the scheme `scheme` (it starts the input).
    #[inline(always)]
    pub(crate) fn set_scheme(&mut self, scheme: Span) {
        self.flags |= HAS_SCHEME;
        self.scheme_end = scheme.end as u32;
    }

    /// Add the authority `a` (it begins right after `//`).
    #[inline(always)]
    pub(crate) fn set_authority(&mut self, a: &Authority) {
        let o = |x: usize| x as u32;
        self.flags |= HAS_AUTHORITY;
        self.host_start = o(a.host.span.start);
        self.host_end = o(a.host.span.end);
        self.addr_end = o(a.host.address.end);
        self.host_kind = a.host.kind;
        if a.userinfo.is_some() {
            self.flags |= HAS_USERINFO;
        }
        if let Some(z) = a.host.zone {
            self.flags |= HAS_ZONE;
            self.zone_start = o(z.start);
        }
        if let Some(p) = a.port {
            self.flags |= HAS_PORT;
            self.port_start = o(p.start);
        }
    }

    /// Add the query `q` (it follows the path's `?`).
    #[inline(always)]
    pub(crate) fn set_query(&mut self, q: Span) {
        self.flags |= HAS_QUERY;
        self.query_end = q.end as u32;
    }

    /// Add a fragment (it runs from after the `#` to the end).
    #[inline(always)]
    pub(crate) fn set_fragment(&mut self) {
        self.flags |= HAS_FRAGMENT;
    }

    #[inline]
    fn has(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }

    /// The input this reference was parsed from.
    #[inline]
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.input
    }
    /// The scheme span.
    #[inline]
    #[must_use]
    pub fn scheme_span(&self) -> Option<Span> {
        self.has(HAS_SCHEME)
            .then(|| Span::new(0, self.scheme_end as usize))
    }
    /// The scheme, without `:`.
    #[inline]
    #[must_use]
    pub fn scheme(&self) -> Option<&'a str> {
        self.scheme_span().map(|s| s.slice(self.input))
    }
    /// The authority with its sub-component spans.
    #[must_use]
    pub fn authority_parts(&self) -> Option<Authority> {
        if !self.has(HAS_AUTHORITY) {
            return None;
        }
        let start = if self.has(HAS_SCHEME) {
            self.scheme_end as usize + 3
        } else {
            2
        };
        let end = self.path_start as usize;
        let span = Span::new(self.host_start as usize, self.host_end as usize);
        let literal = matches!(self.host_kind, HostKind::Ipv6 | HostKind::IpFuture);
        let address = if literal {
            Span::new(span.start + 1, self.addr_end as usize)
        } else {
            span
        };
        Some(Authority {
            span: Span::new(start, end),
            userinfo: self
                .has(HAS_USERINFO)
                .then(|| Span::new(start, span.start - 1)),
            host: Host {
                span,
                kind: self.host_kind,
                address,
                zone: self
                    .has(HAS_ZONE)
                    .then(|| Span::new(self.zone_start as usize, span.end - 1)),
            },
            port: self
                .has(HAS_PORT)
                .then(|| Span::new(self.port_start as usize, end)),
        })
    }
    /// The authority, without `//`.
    #[inline]
    #[must_use]
    pub fn authority(&self) -> Option<&'a str> {
        self.authority_parts().map(|a| a.span.slice(self.input))
    }
    /// The userinfo, without `@`.
    #[inline]
    #[must_use]
    pub fn userinfo(&self) -> Option<&'a str> {
        self.authority_parts()
            .and_then(|a| a.userinfo)
            .map(|s| s.slice(self.input))
    }
    /// The host (brackets included for IP literals).
    #[inline]
    #[must_use]
    pub fn host(&self) -> Option<&'a str> {
        self.has(HAS_AUTHORITY)
            .then(|| &self.input[self.host_start as usize..self.host_end as usize])
    }
    /// The host kind, when there is an authority.
    #[must_use]
    pub fn host_kind(&self) -> Option<HostKind> {
        self.has(HAS_AUTHORITY).then_some(self.host_kind)
    }
    /// The port, without `:`.
    #[inline]
    #[must_use]
    pub fn port(&self) -> Option<&'a str> {
        self.authority_parts()
            .and_then(|a| a.port)
            .map(|s| s.slice(self.input))
    }
    /// The path span.
    #[inline]
    #[must_use]
    pub fn path_span(&self) -> Span {
        Span::new(self.path_start as usize, self.path_end as usize)
    }
    /// The path (always defined, possibly empty).
    #[inline]
    #[must_use]
    pub fn path(&self) -> &'a str {
        self.path_span().slice(self.input)
    }
    /// Which path rule matched.
    #[must_use]
    pub fn path_kind(&self) -> PathKind {
        self.path_kind
    }
    /// The query span.
    #[inline]
    #[must_use]
    pub fn query_span(&self) -> Option<Span> {
        self.has(HAS_QUERY)
            .then(|| Span::new(self.path_end as usize + 1, self.query_end as usize))
    }
    /// The query, without `?`.
    #[inline]
    #[must_use]
    pub fn query(&self) -> Option<&'a str> {
        self.query_span().map(|s| s.slice(self.input))
    }
    /// The fragment span.
    #[inline]
    #[must_use]
    pub fn fragment_span(&self) -> Option<Span> {
        self.has(HAS_FRAGMENT)
            .then(|| Span::new(self.query_end as usize + 1, self.input.len()))
    }
    /// The fragment, without `#`.
    #[inline]
    #[must_use]
    pub fn fragment(&self) -> Option<&'a str> {
        self.fragment_span().map(|s| s.slice(self.input))
    }

    /// The reference kind (§4).
    ///
    /// ```
    /// use uriscope_core::{parse, component::RefKind};
    /// assert_eq!(parse("//h/p").unwrap().kind(), RefKind::NetworkPath);
    /// assert_eq!(parse("#frag").unwrap().kind(), RefKind::SameDocument);
    /// assert_eq!(parse("../x").unwrap().kind(), RefKind::RelativePath);
    /// ```
    #[must_use]
    pub fn kind(&self) -> RefKind {
        if self.has(HAS_SCHEME) {
            RefKind::Uri
        } else if self.has(HAS_AUTHORITY) {
            RefKind::NetworkPath
        } else if self.path().starts_with('/') {
            RefKind::AbsolutePath
        } else if self.path_start == self.path_end && !self.has(HAS_QUERY) {
            RefKind::SameDocument
        } else {
            RefKind::RelativePath
        }
    }

    /// The components as borrowed strings, for recomposition (§5.3).
    #[must_use]
    pub fn parts(&self) -> Parts<'a> {
        Parts {
            scheme: self.scheme(),
            authority: self.authority(),
            path: self.path(),
            query: self.query(),
            fragment: self.fragment(),
        }
    }

    /// The path segments with their spans (the leading `/` of an absolute
    /// path does not open an empty first segment; `/` alone is one empty segment).
    ///
    /// ```
    /// let u = uriscope_core::parse("/a//b").unwrap();
    /// let segs: Vec<&str> = u.segments().map(|(_, s)| s).collect();
    /// assert_eq!(segs, ["a", "", "b"]);
    /// ```
    #[must_use]
    pub fn segments(&self) -> Segments<'a> {
        segments(self.input, self.path_span())
    }

    /// The query pairs split on `&` (or `sep`) and the first `=`, in order,
    /// empty and duplicate keys kept.
    ///
    /// ```
    /// let u = uriscope_core::parse("?a=1&&a=2&b").unwrap();
    /// let p: Vec<(&str, Option<&str>)> = u.query_pairs(b'&').map(|q| (q.key_str(u.as_str()), q.value_str(u.as_str()))).collect();
    /// assert_eq!(p, [("a", Some("1")), ("", None), ("a", Some("2")), ("b", None)]);
    /// ```
    #[must_use]
    pub fn query_pairs(&self, sep: u8) -> QueryPairs<'a> {
        query_pairs(self.input, self.query_span(), sep)
    }
}

impl fmt::Debug for UriRef<'_> {
    /// The components as spans, as the parser delimited them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UriRef")
            .field("input", &self.input)
            .field("scheme", &self.scheme_span())
            .field("authority", &self.authority_parts())
            .field("path", &self.path_span())
            .field("path_kind", &self.path_kind)
            .field("query", &self.query_span())
            .field("fragment", &self.fragment_span())
            .finish()
    }
}

impl fmt::Display for UriRef<'_> {
    /// Recomposes the reference from its components (§5.3).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.parts().write_to(f)
    }
}

/// Iterator over path segments: `(span, text)`.
#[derive(Clone, Debug)]
pub struct Segments<'a> {
    input: &'a str,
    pos: usize,
    end: usize,
    done: bool,
}

/// Segments of the path at `path` in `input` (see [`UriRef::segments`]).
#[must_use]
pub fn segments(input: &str, path: Span) -> Segments<'_> {
    let mut pos = path.start;
    if input.as_bytes().get(pos) == Some(&b'/') {
        pos += 1;
    }
    Segments {
        input,
        pos,
        end: path.end,
        done: path.is_empty(),
    }
}

impl<'a> Iterator for Segments<'a> {
    type Item = (Span, &'a str);
    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let rest = &self.input.as_bytes()[self.pos..self.end];
        let len = super::chars::find_byte(rest, b'/');
        self.done = len == rest.len();
        let span = Span::new(self.pos, self.pos + len);
        self.pos += len + 1;
        Some((span, span.slice(self.input)))
    }
}

/// One `key[=value]` pair of a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueryPair {
    /// The whole pair.
    pub span: Span,
    /// The key (before the first `=`).
    pub key: Span,
    /// The value (after the first `=`), if there is an `=`.
    pub value: Option<Span>,
}

impl QueryPair {
    /// The key's text in `input`.
    #[must_use]
    pub fn key_str<'a>(&self, input: &'a str) -> &'a str {
        self.key.slice(input)
    }
    /// The value's text in `input`.
    #[must_use]
    pub fn value_str<'a>(&self, input: &'a str) -> Option<&'a str> {
        self.value.map(|v| v.slice(input))
    }
}

/// Iterator over query pairs.
#[derive(Clone, Debug)]
pub struct QueryPairs<'a> {
    input: &'a str,
    pos: usize,
    end: usize,
    sep: u8,
    done: bool,
}

/// Pairs of the query at `query` in `input` (see [`UriRef::query_pairs`]).
#[must_use]
pub fn query_pairs(input: &str, query: Option<Span>, sep: u8) -> QueryPairs<'_> {
    let q = query.unwrap_or_default();
    QueryPairs {
        input,
        pos: q.start,
        end: q.end,
        sep,
        done: q.is_empty(),
    }
}

impl Iterator for QueryPairs<'_> {
    type Item = QueryPair;
    fn next(&mut self) -> Option<QueryPair> {
        if self.done {
            return None;
        }
        let rest = &self.input.as_bytes()[self.pos..self.end];
        let sep = self.sep;
        let len = super::chars::find_byte(rest, sep);
        self.done = len == rest.len();
        let span = Span::new(self.pos, self.pos + len);
        let pair = &rest[..len];
        let eq = super::chars::find_byte(pair, b'=');
        let (key, value) = match (eq < len).then_some(eq) {
            Some(eq) => (
                Span::new(span.start, span.start + eq),
                Some(Span::new(span.start + eq + 1, span.end)),
            ),
            None => (span, None),
        };
        self.pos += len + 1;
        Some(QueryPair { span, key, value })
    }
}
