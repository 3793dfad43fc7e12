//! The embedded core: RFC 3986 parsing with byte spans, findings with
//! positions, recomposition. No terminal, no I/O.

pub mod chars;
pub mod error;
pub mod host;
pub mod parse;
pub mod recompose;
pub mod rfc2396;
pub(crate) mod sink;
pub mod span;
pub mod split;
pub mod uri_ref;

pub use error::{Finding, ParseError, Rule, Severity};
pub use parse::{analyze, analyze_with, parse, parse_iri, parse_with, Analysis, ParseOptions};
pub use recompose::{recompose, Parts};
pub use span::Span;
pub use split::{split, Split};
pub use uri_ref::{Authority, Host, HostKind, PathKind, QueryPair, RefKind, UriRef};
