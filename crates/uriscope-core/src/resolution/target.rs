//! RFC 3986 §5.2: resolving a reference against a base URI.
//!
//! Two entry points share the §5.2.2 decisions: [`trace::resolve`](crate::trace::resolve) records every step
//! for the explorer (see [`trace`](super::trace)), and
//! [`resolve`] builds only the target string, with one allocation in
//! the usual case.

use crate::Code;
use std::fmt;

use crate::resolution::dot_segments::{
    has_dot_segments, remove_dot_segments_into, remove_dot_segments_merged,
};
use crate::{analysis_with, parse_with, Finding, ParseOptions, Severity, UriRef};

/// How strictly §5.2.2 treats a reference whose scheme equals the base's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// RFC 3986 as written: a scheme in the reference makes it absolute (`http:g` = `http:g`).
    #[default]
    Strict,
    /// The backward-compatible loophole of §5.4.2: a reference scheme equal to
    /// the base's is ignored (`http:g` = `http://a/b/c/g`).
    Compat,
}

/// Options of [`resolve`] and [`trace::resolve`](crate::trace::resolve).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ResolveOptions {
    /// Strict (the default) or compat (§5.4.2).
    pub mode: Mode,
    /// Accept IRIs (RFC 3987 §2.2) as base, reference and target. RFC 3987
    /// §6.5 resolves IRI references with the RFC 3986 §5.2 algorithm as it
    /// stands, directly on the IRIs, which is what this does.
    pub iri: bool,
}

impl ResolveOptions {
    /// Strict resolution of URIs (the default).
    #[must_use]
    pub const fn new() -> ResolveOptions {
        ResolveOptions {
            mode: Mode::Strict,
            iri: false,
        }
    }

    /// The backward-compatible mode of §5.4.2: `new().mode(Mode::Compat)`.
    #[must_use]
    pub const fn compat() -> ResolveOptions {
        ResolveOptions::new().mode(Mode::Compat)
    }

    /// These options with `mode` ([`ResolveOptions::mode`]).
    #[must_use]
    pub const fn mode(mut self, mode: Mode) -> ResolveOptions {
        self.mode = mode;
        self
    }

    /// These options with IRIs accepted or not (RFC 3987 §6.5,
    /// [`ResolveOptions::iri`]).
    #[must_use]
    pub const fn iri(mut self, iri: bool) -> ResolveOptions {
        self.iri = iri;
        self
    }

    /// The grammar inputs are parsed with.
    pub(crate) fn parse_options(self) -> ParseOptions {
        ParseOptions { iri: self.iri }
    }
}

/// Which input a resolution error, or a finding in a trace, is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Subject {
    /// The base URI.
    Base,
    /// The reference being resolved.
    Reference,
    /// The target URI produced.
    Target,
}

impl Subject {
    /// `"base"`, `"reference"` or `"target"`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Subject::Base => "base",
            Subject::Reference => "reference",
            Subject::Target => "target",
        }
    }
}

/// Why a reference could not be resolved: the base or the reference does not
/// parse, or the base has no scheme (§5.2.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolveError {
    /// Which input is at fault.
    pub subject: Subject,
    /// A stable code: `base-not-absolute`, `invalid-base` or `invalid-reference`.
    pub code: Code,
    /// A message naming the problem and where it is.
    pub message: String,
    /// The first errors of [`analyze`](crate::analyze) on the faulty input, at most
    /// three (empty for
    /// `base-not-absolute` when the base is otherwise valid).
    pub findings: Vec<Finding>,
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ResolveError {}

/// The error for an input that does not parse under `options`, with the
/// first error finding of [`analyze`](crate::analyze) as the message (and at most
/// [`FIRST_ERRORS`](crate::syntax::parse::FIRST_ERRORS) errors kept). Without
/// `options.iri`, an input that is a valid IRI-reference says so.
pub(crate) fn invalid(subject: Subject, input: &str, options: ParseOptions) -> ResolveError {
    let what = match subject {
        Subject::Base => "the base is ",
        Subject::Reference => "the reference is ",
        Subject::Target => "the target is ",
    };
    let (message, findings) = crate::syntax::parse::invalid_reference(
        what,
        input,
        options,
        "resolve it as an IRI (--iri)",
    );
    ResolveError {
        subject,
        code: match subject {
            Subject::Base => Code::InvalidBase,
            Subject::Reference => Code::InvalidReference,
            Subject::Target => Code::InvalidTarget,
        },
        message,
        findings,
    }
}

/// §5.2.1: parse the base (as an IRI with `options.iri`) and require a scheme.
pub(crate) fn parse_base(base: &str, options: ParseOptions) -> Result<UriRef<'_>, ResolveError> {
    let b = parse_with(base, options).map_err(|_| invalid(Subject::Base, base, options))?;
    if b.scheme().is_none() {
        let mut findings = analysis_with(base, options).findings;
        let message = format!(
            "the base must be an absolute URI with a scheme (RFC 3986 §5.2.1), but {:?} is a {} reference",
            base,
            b.kind().noun()
        );
        findings.push(Finding::new(
            crate::Span::empty(0),
            Severity::Error,
            Code::BaseNotAbsolute,
            message.clone(),
        ));
        return Err(ResolveError {
            subject: Subject::Base,
            code: Code::BaseNotAbsolute,
            message,
            findings,
        });
    }
    Ok(b)
}

/// Parse the reference (as an IRI-reference with `options.iri`).
pub(crate) fn parse_reference(
    reference: &str,
    options: ParseOptions,
) -> Result<UriRef<'_>, ResolveError> {
    parse_with(reference, options).map_err(|_| invalid(Subject::Reference, reference, options))
}

/// Whether `r` loses its scheme under `options` (§5.2.2, "not strict").
#[inline]
pub(crate) fn compat_drops_scheme(
    options: ResolveOptions,
    base: &UriRef<'_>,
    r: &UriRef<'_>,
) -> bool {
    options.mode == Mode::Compat
        && matches!((r.scheme(), base.scheme()), (Some(a), Some(b)) if a.eq_ignore_ascii_case(b))
}

/// §5.2.3 merge: the part of the base path kept before the reference path,
/// and whether a `/` must be inserted (base with an authority and an empty path).
pub(crate) fn merge_prefix<'a>(base: &UriRef<'a>) -> (&'a str, bool) {
    let path = base.path();
    if base.authority().is_some() && path.is_empty() {
        ("", true)
    } else {
        (path.rfind('/').map_or("", |k| &path[..=k]), false)
    }
}

/// Resolve `reference` against `base` (§5.2) and return only the target
/// string, recomposed (§5.3). Equal to `resolve(..)?.target`, without the trace.
///
/// ```
/// use uriscope_core::{resolve, ResolveOptions};
/// let t = resolve("http://a/b/c/d;p?q", "../g?y#s", ResolveOptions::default()).unwrap();
/// assert_eq!(t, "http://a/b/g?y#s");
/// // RFC 3987 §6.5: IRIs resolve with the same algorithm.
/// let o = ResolveOptions::default().iri(true);
/// assert_eq!(resolve("https://münchen.de/straße?q=ü", "../ö", o).unwrap(), "https://münchen.de/ö");
/// assert!(resolve("https://münchen.de/", "ö", ResolveOptions::default()).is_err());
/// ```
pub fn resolve(
    base: &str,
    reference: &str,
    options: ResolveOptions,
) -> Result<String, ResolveError> {
    let b = parse_base(base, options.parse_options())?;
    let r = parse_reference(reference, options.parse_options())?;
    Ok(resolve_parsed(&b, &r, options))
}

/// [`resolve`] on already-parsed inputs, for resolving many
/// references against one base without re-parsing it. Fails only when the
/// base has no scheme (§5.2.1).
///
/// ```
/// use uriscope_core::{parse, relative::resolve_ref, ResolveOptions};
/// let base = parse("http://a/b/c/d;p?q").unwrap();
/// let r = parse("g;x?y#s").unwrap();
/// assert_eq!(resolve_ref(&base, &r, ResolveOptions::default()).unwrap(), "http://a/b/c/g;x?y#s");
/// ```
#[inline]
pub fn resolve_ref(
    base: &UriRef<'_>,
    reference: &UriRef<'_>,
    options: ResolveOptions,
) -> Result<String, ResolveError> {
    if base.scheme().is_none() {
        return parse_base(base.as_str(), options.parse_options()).map(|_| String::new());
    }
    Ok(resolve_parsed(base, reference, options))
}

/// The untraced transform on parsed inputs (the base must have a scheme).
/// The usual reference, with its own scheme and no dot segment, is its
/// own target (§5.2.2 takes every component from it, and §5.3 recomposes
/// them into the text they were parsed from): one copy, tested here
/// before the call that handles every other case.
#[inline]
pub(crate) fn resolve_parsed(b: &UriRef<'_>, r: &UriRef<'_>, options: ResolveOptions) -> String {
    if options.mode != Mode::Compat && r.scheme().is_some() && !has_dot_segments(r.path()) {
        return r.as_str().to_owned();
    }
    resolve_other(b, r, options)
}

/// [`resolve_parsed`] for every reference.
#[inline(never)]
fn resolve_other(b: &UriRef<'_>, r: &UriRef<'_>, options: ResolveOptions) -> String {
    let r_scheme = if compat_drops_scheme(options, b, r) {
        None
    } else {
        r.scheme()
    };
    let base_scheme = b.scheme().unwrap_or_default();
    // A reference with its own scheme, or its own authority, and no dot
    // segment is its own target (§5.2.2 takes every component from it,
    // and §5.3 recomposes them into the text they were parsed from): one
    // copy instead of a push per component (most of the corpus).
    if (r_scheme.is_some() || r.authority().is_some()) && !has_dot_segments(r.path()) {
        let text = r.as_str();
        if r_scheme.is_some() {
            return text.to_owned();
        }
        // The base's scheme, and the reference's own dropped if the
        // compat mode dropped it (`http://x` against an http base).
        let rest = match r.scheme() {
            Some(s) => &text[s.len() + 1..],
            None => text,
        };
        let mut out = String::with_capacity(base_scheme.len() + 1 + rest.len());
        out.push_str(base_scheme);
        out.push(':');
        out.push_str(rest);
        return out;
    }
    // A reference with neither scheme nor authority, against a base with
    // an authority (so no path can start with "//"): when no dot segment
    // is to remove, the target is the base's text up to where the
    // reference's part goes, then the reference's own text (its path,
    // query and fragment as written): two copies.
    if r_scheme.is_none() && r.authority().is_none() && b.authority().is_some() {
        let base = b.as_str();
        let path = r.path();
        let head = if path.is_empty() {
            // The base's path, and its query unless the reference has one.
            let end = match (r.query(), b.fragment_span()) {
                (Some(_), _) => b.path_span().end,
                (None, Some(f)) => f.start - 1,
                (None, None) => base.len(),
            };
            Some((&base[..end], false))
        } else if has_dot_segments(path) {
            None
        } else if path.starts_with('/') {
            Some((&base[..b.path_span().start], false))
        } else {
            let (prefix, slash) = merge_prefix(b);
            (!has_dot_segments(prefix))
                .then(|| (&base[..b.path_span().start + prefix.len()], slash))
        };
        if let Some((head, slash)) = head {
            // The reference's text, its scheme gone if the compat mode dropped it.
            let rest = match r.scheme() {
                Some(s) => &r.as_str()[s.len() + 1..],
                None => r.as_str(),
            };
            let mut out = String::with_capacity(head.len() + usize::from(slash) + rest.len());
            out.push_str(head);
            if slash {
                out.push('/');
            }
            out.push_str(rest);
            return out;
        }
    }
    let mut out = String::with_capacity(b.as_str().len() + r.as_str().len() + 2);
    // T.scheme, T.authority, then the path written through remove_dot_segments.
    let (authority, query) = if let Some(s) = r_scheme {
        out.push_str(s);
        out.push(':');
        (r.authority(), r.query())
    } else {
        out.push_str(base_scheme);
        out.push(':');
        if r.authority().is_some() {
            (r.authority(), r.query())
        } else if r.path().is_empty() {
            (b.authority(), r.query().or(b.query()))
        } else {
            (b.authority(), r.query())
        }
    };
    if let Some(a) = authority {
        out.push_str("//");
        out.push_str(a);
    }
    let path_start = out.len();
    if r_scheme.is_some() || r.authority().is_some() || r.path().starts_with('/') {
        write_path(r.path(), &mut out);
    } else if r.path().is_empty() {
        out.push_str(b.path());
    } else {
        let (prefix, slash) = merge_prefix(b);
        if !has_dot_segments(prefix) && !has_dot_segments(r.path()) {
            if slash {
                out.push('/');
            }
            out.push_str(prefix);
            out.push_str(r.path());
        } else if !has_dot_segments(prefix) {
            remove_dot_segments_merged(prefix, slash, r.path(), &mut out);
        } else {
            let mut merged = String::with_capacity(prefix.len() + r.path().len() + 1);
            if slash {
                merged.push('/');
            }
            merged.push_str(prefix);
            merged.push_str(r.path());
            remove_dot_segments_into(&merged, &mut out);
        }
    }
    if authority.is_none() && out[path_start..].starts_with("//") {
        out.insert_str(path_start, "/.");
    }
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = r.fragment() {
        out.push('#');
        out.push_str(f);
    }
    out
}

/// `remove_dot_segments(path)` appended to `out`, skipping the work for paths without dot segments.
#[inline]
fn write_path(path: &str, out: &mut String) {
    if has_dot_segments(path) {
        remove_dot_segments_into(path, out);
    } else {
        out.push_str(path);
    }
}
