//! # uriscope-core
//!
//! The URI parser core of uriscope: RFC 3986 parsing of URI-references
//! with byte spans for every component, every problem with its position,
//! resolution with a step-by-step trace, normalization and equivalence,
//! percent-encoding per component, IRIs and IDNA hosts, URIs in running
//! text. No terminal, no I/O.
//!
//! The reference type, [`UriRef`], borrows its input and reads every
//! component with its [`Span`]; each operation takes one options value,
//! built with `const fn`s, and IRIs (RFC 3987) are one option of each
//! (`ParseOptions::new().iri(true)`, the same on [`ResolveOptions`] and
//! [`NormalizeOptions`]). The five things a program does first:
//!
//! ```
//! use uriscope_core::{analyze, Code, NormalizeOptions, ParseOptions, ResolveOptions, UriRef};
//!
//! // 1. Parse a URI-reference: every component with its byte span.
//! let u = UriRef::parse("foo://example.com:8042/over/there?name=ferret#nose").unwrap();
//! assert_eq!(u.host(), Some("example.com"));
//! assert_eq!(u.path_span(), uriscope_core::Span::new(22, 33));
//!
//! // 2. Every problem, located: what was found, where, what was expected.
//! let r = analyze("http://[::1/a b", ParseOptions::new());
//! assert!(!r.is_valid());
//! let f = r.finding(0);
//! assert_eq!((f.span.start, f.code), (7, Code::IpLiteralSyntax));
//! assert_eq!(f.code.as_str(), "ip-literal-syntax"); // the name JSON output uses
//!
//! // 3. Resolve a reference against a base (RFC 3986 §5.2).
//! let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
//! assert_eq!(base.resolve("../../g", ResolveOptions::new()).unwrap(), "http://a/g");
//!
//! // 4. Normalize (§6.2.2, §6.2.3) and 5. compare up the §6.2 ladder.
//! let u = UriRef::parse("HTTP://Example.COM:80/%7ea/./b").unwrap();
//! assert_eq!(u.normalize(NormalizeOptions::new()).unwrap(), "http://example.com/~a/b");
//! let e = u.equivalence("http://example.com/~a/b", NormalizeOptions::new()).unwrap();
//! assert!(e.is_equivalent());
//!
//! // The same operations on text, without a parse kept.
//! let t = uriscope_core::resolve("http://a/b/c/d;p?q", "../../g", ResolveOptions::new());
//! assert_eq!(t.unwrap(), "http://a/g");
//! ```
//!
//! The crate root holds the reference type, the options, the [`Report`]
//! with its [`Finding`]s and [`Code`]s, the errors, and one function per
//! operation: [`parse`], [`analyze`], [`resolve`](fn@resolve),
//! [`normalize`](fn@normalize). The steps of a resolution or a
//! normalization, row by row, are in [`trace`] under the same names; the
//! rest by topic:
//!
//! - [`component`]: the components' kinds, authority, host, segments and
//!   query pairs; the Appendix B split; recomposition (§5.3).
//! - [`report`]: reading a [`Report`]: marks, tallies, the verdict, a
//!   bounded analysis, a parse that never fails.
//! - [`relative`]: §5.2 pieces beside [`resolve`](fn@resolve): the mode, dot
//!   segments, the reverse (a relative reference from a target).
//! - [`compare`]: equivalence up the §6.2 ladder, and its key.
//! - [`percent`]: §2.1 encoding and decoding, one set per component.
//! - [`iri`] and [`host`]: RFC 3987 mappings; hosts compared as hosts,
//!   IDNA forms, IPv4 number forms, IPv6 text.
//! - [`lint`] and [`scheme`]: §7 security and sanity findings beside the
//!   grammar's, grouped for a reader; the scheme table.
//! - [`site`]: a host's public suffix and registrable domain, from the
//!   Public Suffix List (the `psl` feature).
//! - [`extract`]: URIs in running text (Appendix C), Markdown and HTML;
//!   [`shape`]: what a pasted thing that is not a URI is.
//! - [`edit`]: a reference taken apart, changed component by component.
//! - [`template`]: URI Templates (RFC 6570); `data_url`: `data:` URIs
//!   (RFC 2397, the `data-url` feature); [`rfc2396`]: the 1998 grammar and
//!   its resolution.
//!
//! # Features
//!
//! All on by default. `psl`: the Public Suffix List compiled in (the
//! `psl` crate), for [`site`]; without it every suffix is the last label.
//! `idna`: IDNA (UTS #46) host conversions, through
//! the `idna` crate; without it hosts keep their `xn--` labels and a
//! non-ASCII host is percent-encoded when an IRI becomes a URI.
//! `data-url`: the `data:` analysis, module `data_url` (`base64`,
//! `encoding_rs`, `imagesize`). With none, the crate depends on `memchr`
//! (and `safe_arch` on x86).

#![forbid(unsafe_code)]
#![warn(
    missing_docs,
    missing_debug_implementations,
    rust_2018_idioms,
    unreachable_pub,
    clippy::must_use_candidate,
    clippy::return_self_not_must_use
)]

mod as_written;
mod equivalence;
mod equivalence_key;
mod normalize;
mod operations;
mod quote;
mod resolution;
#[cfg(feature = "serde")]
mod serialize;
mod syntax;
mod verdict;

pub mod compare;
pub mod component;
#[cfg(feature = "data-url")]
pub mod data_url;
pub mod edit;
pub mod extract;
pub mod host;
pub mod iri;
pub mod lint;
pub mod percent;
pub mod relative;
pub mod report;
pub mod rfc2396;
pub mod scheme;
pub mod shape;
pub mod site;
pub mod template;
pub mod trace;

pub use normalize::fast::normalize;
pub use normalize::{NormalizeError, NormalizeOptions};
pub use resolution::target::{resolve, ResolveError, ResolveOptions};
pub use syntax::code::Code;
pub use syntax::error::{Finding, ParseError, Severity};
pub use syntax::parse::{analyze, parse, ParseOptions};
pub use syntax::report::Report;
pub use syntax::span::Span;
pub use syntax::uri_ref::UriRef;

// Inside the crate, the parts of the entry points the public API names
// differently, keeps to itself or shows in a topic module.
pub(crate) use resolution::dot_segments::remove_dot_segments;
pub(crate) use resolution::dot_segments::remove_dot_segments_into;
pub(crate) use resolution::target::Mode;
pub(crate) use syntax::error::Rule;
pub(crate) use syntax::parse::{analysis_with, parse_iri, parse_with, Analysis};
pub(crate) use syntax::recompose::Parts;
pub(crate) use syntax::report::Mark;
pub(crate) use syntax::split::{split, Split};
pub(crate) use syntax::uri_ref::{HostKind, RefKind};

/// The README's examples, compiled and run as doc-tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
