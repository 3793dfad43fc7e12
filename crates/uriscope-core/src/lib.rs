//! # uriscope-core
//!
//! The URI parser core of uriscope: RFC 3986 parsing of URI-references
//! with byte spans for every component, every problem with its position,
//! resolution with a step-by-step trace, normalization and equivalence,
//! percent-encoding per component, IRIs and IDNA hosts, URIs in running
//! text. No terminal, no I/O.
//!
//! - [`syntax`]: the generic syntax (parse, split, hosts, spans, findings).
//! - [`resolution`]: §5 resolution, traced or not, and its inverse.
//! - [`normalize`](mod@normalize) and [`equivalence`](mod@equivalence): §6 normalization and comparison.
//! - [`percent`]: §2.1 encoding and decoding per component.
//! - [`lint`]: §7 security and sanity findings, the scheme table.
//! - [`iri`], [`idn`]: RFC 3987 IRIs and IDNA hosts; [`extract`]: URIs in
//!   running text (Appendix C); [`rfc2396`]: the 1998 grammar and algorithm.
//! - [`shape`]: what a pasted thing that is not a URI is (a Windows path,
//!   a Markdown link, …) and the URI it most likely means.

#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod data_url;
pub mod edit;
pub mod equivalence;
pub mod extract;
pub mod host_identity;
pub mod idn;
pub mod iri;
pub mod lint;
pub mod normalize;
pub mod percent;
pub mod quote;
pub mod resolution;
pub mod rfc2396;
pub mod shape;
pub mod syntax;
pub mod template;
pub mod verdict;

pub use equivalence::{equivalence, ComparisonRung, Equivalence};
pub use normalize::{normalize, normalize_str, Normalization, NormalizeError, NormalizeOptions};
pub use resolution::dot_segments::{
    remove_dot_segments, remove_dot_segments_into, remove_dot_segments_traced,
};
pub use resolution::relative::{make_relative, Relative};
pub use resolution::target::{
    resolve_ref, resolve_target, Mode, ResolveError, ResolveOptions, Subject,
};
pub use resolution::trace::{resolve, Branch, Components, Resolution, Step};
pub use syntax::error::{Finding, ParseError, Rule, Severity};
pub use syntax::parse::{
    analyze, analyze_with, parse, parse_iri, parse_with, recover, report, report_with, Analysis,
    ParseOptions,
};
pub use syntax::recompose::{recompose, Parts};
pub use syntax::report::{Mark, Report};
pub use syntax::span::Span;
pub use syntax::split::{split, Split};
pub use syntax::uri_ref::{Authority, Host, HostKind, PathKind, QueryPair, RefKind, UriRef};
pub use verdict::Verdict;
