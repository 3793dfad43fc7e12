//! The embedded core: RFC 3986 parsing with byte spans, findings with
//! positions, recomposition. No terminal, no I/O.

pub mod chars;
pub mod dot_segments;
pub mod equivalence;
pub mod error;
pub mod excerpt;
pub mod extract;
pub mod host;
pub mod host_insight;
pub mod idn;
pub mod ipv6_text;
pub mod iri;
pub mod lint;
pub mod normalize;
pub mod parse;
pub mod percent;
pub mod recompose;
pub mod relative_reference;
pub mod report;
pub mod resolve;
pub mod resolve_trace;
pub mod rfc2396;
pub mod scheme;
pub mod scheme_checks;
pub(crate) mod sink;
pub mod span;
pub mod split;
pub mod uri_ref;

pub use dot_segments::{remove_dot_segments, remove_dot_segments_into, remove_dot_segments_traced};
pub use equivalence::{equivalence, ComparisonRung, Equivalence};
pub use error::{Finding, ParseError, Rule, Severity};
pub use normalize::{normalize, normalize_str, Normalization, NormalizeError, NormalizeOptions};
pub use parse::{
    analyze, analyze_with, parse, parse_iri, parse_with, recover, report, report_with, Analysis,
    ParseOptions,
};
pub use recompose::{recompose, Parts};
pub use relative_reference::{make_relative, Relative};
pub use report::{Mark, Report};
pub use resolve::{resolve_ref, resolve_target, Mode, ResolveError, ResolveOptions, Subject};
pub use resolve_trace::{resolve, Branch, Components, Resolution, Step};
pub use span::Span;
pub use split::{split, Split};
pub use uri_ref::{Authority, Host, HostKind, PathKind, QueryPair, RefKind, UriRef};
