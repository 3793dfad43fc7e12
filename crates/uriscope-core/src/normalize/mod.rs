//! RFC 3986 §6.2.2 and §6.2.3: normalization as a ladder of named rungs.
//!
//! [`normalize`] climbs the ladder one rung at a time and records each rung's
//! before, after and the byte spans of `after` that changed (the explorer
//! highlights them); [`crate::normalize`] produces the same final string in one
//! pass, without the trace.
//!
//! The rungs, in order:
//! 1. [`RungKind::Case`] (§6.2.2.1): scheme and host to lowercase, hex digits of
//!    escapes to uppercase (IPv6 hex is part of the host, so lowercase too).
//! 2. [`RungKind::Ipv6`] (RFC 5952 §4, only with [`NormalizeOptions::ipv6_rfc5952`]).
//! 3. [`RungKind::PercentEncoding`] (§6.2.2.2): escapes of unreserved characters decoded,
//!    `%2E` included, so the next rung removes the dot segments they spell (as
//!    fluent-uri, iri-string and uriparser do). With [`NormalizeOptions::keep_encoded_dots`]
//!    a path segment that would decode to `.` or `..` stays encoded (lint
//!    `encoded-dot-segment-kept`). With [`NormalizeOptions::iri`] (RFC 3987 §5.3.2.3),
//!    escapes of `iunreserved` characters (strictly valid UTF-8) are decoded too.
//! 4. [`RungKind::PathSegments`] (§6.2.2.3): `remove_dot_segments`, for URIs with a
//!    scheme; a path left starting with `//` without an authority is prefixed with `/.`.
//! 5. [`RungKind::EmptyPort`] (§3.2.3): an empty port and its `:` dropped (any
//!    scheme; "URI producers and normalizers should omit" it).
//! 6. [`RungKind::SchemeBased`] (§6.2.3, skipped with [`NormalizeOptions::syntax_only`]):
//!    for http, https, ws, wss and ftp the default port dropped and an empty
//!    path with an authority made `/`.
//! 7. [`RungKind::Idna`] (RFC 3987 §5.3.3, skipped with [`NormalizeOptions::syntax_only`]):
//!    for a scheme whose host is a DNS name (the scheme table's
//!    [`dns_host`](crate::scheme::SchemeInfo::dns_host)), a registered name in
//!    its IDNA A-label form ([`dns_form`](crate::host::dns_form), UTS #46):
//!    `r%C3%A9sum%C3%A9.example.org`, and with [`NormalizeOptions::iri`]
//!    `résumé.example.org` and fullwidth `Ｅｘａｍｐｌｅ.com`, become
//!    `xn--rsum-bpad.example.org` and `example.com`. A name IDNA refuses is
//!    kept, with a note (`host-not-idna`) saying why.
//!
//! No Unicode normalization (NFC) is applied to IRIs: RFC 3987 §5.3.2.2 says
//! equivalence "MUST rely on the assumption that IRIs are appropriately
//! pre-character-normalized rather than apply character normalization".

pub(crate) mod fast;
pub(crate) mod idna;
pub(crate) mod ladder;
pub(crate) mod text;

use std::fmt;
use std::sync::Arc;

use super::{Finding, ParseOptions, Span};

pub(crate) use fast::unfolded;
pub use ladder::normalize;

/// Options of [`normalize`] and [`crate::normalize`]; all off by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct NormalizeOptions {
    /// Stop after the syntax-based rungs of §6.2.2 (no scheme-based rung).
    pub syntax_only: bool,
    /// Rewrite IPv6 addresses in RFC 5952 canonical text.
    pub ipv6_rfc5952: bool,
    /// Keep `%2E` encoded in path segments that would decode to `.` or `..`
    /// (so the path rung does not remove them), for servers that do not
    /// decode before resolving. Off by default: §6.2.2.2 decodes every
    /// unreserved character, then §6.2.2.3 removes the dot segments formed.
    pub keep_encoded_dots: bool,
    /// Accept IRIs (RFC 3987 §5.3): the input may hold non-ASCII characters,
    /// and escapes of `iunreserved` characters are decoded where their
    /// octets are valid UTF-8 (RFC 3987 §5.3.2.3).
    pub iri: bool,
}

impl NormalizeOptions {
    /// Every option off (the default): the whole ladder, on URIs.
    #[must_use]
    pub const fn new() -> NormalizeOptions {
        NormalizeOptions {
            syntax_only: false,
            ipv6_rfc5952: false,
            keep_encoded_dots: false,
            iri: false,
        }
    }

    /// These options with [`NormalizeOptions::syntax_only`] set.
    #[must_use]
    pub const fn syntax_only(mut self, on: bool) -> NormalizeOptions {
        self.syntax_only = on;
        self
    }

    /// These options with [`NormalizeOptions::ipv6_rfc5952`] set.
    #[must_use]
    pub const fn ipv6_rfc5952(mut self, on: bool) -> NormalizeOptions {
        self.ipv6_rfc5952 = on;
        self
    }

    /// These options with [`NormalizeOptions::keep_encoded_dots`] set.
    #[must_use]
    pub const fn keep_encoded_dots(mut self, on: bool) -> NormalizeOptions {
        self.keep_encoded_dots = on;
        self
    }

    /// These options with IRIs accepted or not ([`NormalizeOptions::iri`]).
    #[must_use]
    pub const fn iri(mut self, iri: bool) -> NormalizeOptions {
        self.iri = iri;
        self
    }
}

/// One rung of the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RungKind {
    /// §6.2.2.1 case normalization.
    Case,
    /// RFC 5952 §4 canonical IPv6 text (optional).
    Ipv6,
    /// §6.2.2.2 percent-encoding normalization.
    PercentEncoding,
    /// §6.2.2.3 path segment normalization.
    PathSegments,
    /// §3.2.3: an empty port omitted.
    EmptyPort,
    /// §6.2.3 scheme-based normalization.
    SchemeBased,
    /// RFC 3987 §5.3.3: a DNS host in its IDNA A-label form.
    Idna,
}

impl RungKind {
    /// A kebab-case name: `case`, `ipv6`, `percent-encoding`, `path-segments`,
    /// `empty-port`, `scheme-based`, `idna`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            RungKind::Case => "case",
            RungKind::Ipv6 => "ipv6",
            RungKind::PercentEncoding => "percent-encoding",
            RungKind::PathSegments => "path-segments",
            RungKind::EmptyPort => "empty-port",
            RungKind::SchemeBased => "scheme-based",
            RungKind::Idna => "idna",
        }
    }

    /// The section that defines the rung.
    #[must_use]
    pub fn section(self) -> &'static str {
        match self {
            RungKind::Case => "RFC 3986 §6.2.2.1",
            RungKind::Ipv6 => "RFC 5952 §4",
            RungKind::PercentEncoding => "RFC 3986 §6.2.2.2",
            RungKind::PathSegments => "RFC 3986 §6.2.2.3",
            RungKind::EmptyPort => "RFC 3986 §3.2.3",
            RungKind::SchemeBased => "RFC 3986 §6.2.3",
            RungKind::Idna => "RFC 3987 §5.3.3",
        }
    }
}

impl fmt::Display for RungKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One rung climbed: the text before and after, and what changed. The
/// texts are shared: a rung that changes nothing holds the same text as
/// before and after, and each rung's `before` is the last one's `after`
/// (a ladder over a 10 MB input holds it once for each change, not
/// twice a rung).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rung {
    /// Which rung.
    pub kind: RungKind,
    /// The URI before the rung.
    pub before: Arc<str>,
    /// The URI after the rung.
    pub after: Arc<str>,
    /// Byte spans of `after` that differ from `before` (an empty span marks a deletion).
    pub changed: Vec<Span>,
    /// Remarks and hazards found by this rung (spans into `after`).
    pub findings: Vec<Finding>,
}

/// The result of [`normalize`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Normalization {
    /// The input.
    pub input: String,
    /// The normal form.
    pub normalized: String,
    /// Every rung climbed, in order (a rung that changed nothing is still listed).
    pub rungs: Vec<Rung>,
}

/// Why an input could not be normalized: it is not a valid URI-reference
/// (IRI-reference with [`NormalizeOptions::iri`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NormalizeError {
    /// A message naming the first problem and where it is.
    pub message: String,
    /// The first errors of [`analyze`](crate::analyze) on the input, at most
    /// three.
    pub findings: Vec<Finding>,
}

impl fmt::Display for NormalizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for NormalizeError {}

/// The error for an input that does not parse under `options`; without
/// `options.iri`, an input that is a valid IRI-reference says so. At most
/// [`FIRST_ERRORS`](crate::syntax::parse::FIRST_ERRORS) errors are kept.
pub(crate) fn invalid(input: &str, options: ParseOptions) -> NormalizeError {
    let (message, findings) = crate::syntax::parse::invalid_reference(
        "",
        input,
        options,
        "normalize it as an IRI (--iri)",
    );
    NormalizeError { message, findings }
}

/// The default port of a scheme known to the scheme-based rung, given in
/// lowercase: http 80, https 443, ws 80, wss 443, ftp 21.
pub(crate) fn default_port(scheme: &str) -> Option<&'static str> {
    match scheme {
        "http" | "ws" => Some("80"),
        "https" | "wss" => Some("443"),
        "ftp" => Some("21"),
        _ => None,
    }
}

/// Whether `port` (digits) is the default port of the lowercase `scheme`;
/// leading zeros are ignored (`080` is 80).
pub(crate) fn is_default_port(scheme: &str, port: &str) -> bool {
    default_port(scheme).is_some_and(|d| {
        let p = port.trim_start_matches('0');
        p == d
    })
}

/// The message of the path rung's `//` hazard finding.
pub(crate) fn double_slash_message(path: &str) -> String {
    format!(
        "after remove_dot_segments the path \"{path}\" starts with \"//\" and there is no \
         authority, so the string would re-parse with one; the path was prefixed with \"/.\" \
         (as WHATWG URL and fluent-uri do)"
    )
}
