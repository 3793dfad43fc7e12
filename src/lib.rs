//! # uriscope
//!
//! A terminal explorer for URIs, built on a URI parser core of its own.
//!
//! The [`uri`] module is the core, the crate `uriscope-core` re-exported:
//! RFC 3986 parsing of URI-references with byte spans for every component
//! ([`uri::parse`](fn@uri::parse)), every problem with its position ([`uri::analyze`]), the
//! Appendix B split ([`uri::component::split`](fn@uri::component::split)) and recomposition (§5.3). It knows
//! nothing of terminals.
//!
//! ```
//! use uriscope::uri::{analyze, parse};
//!
//! let u = parse("foo://example.com:8042/over/there?name=ferret#nose").unwrap();
//! assert_eq!(u.authority(), Some("example.com:8042"));
//! assert_eq!(u.to_string(), "foo://example.com:8042/over/there?name=ferret#nose");
//!
//! let a = analyze("http://[::1/", Default::default());
//! assert!(!a.is_valid());
//! assert_eq!(a.finding(0).code, "ip-literal-syntax");
//! ```
//!
//! References: RFC 3986 (URI generic syntax), RFC 3987 (IRIs), RFC 6874
//! (IPv6 zone IDs), RFC 2396 (the 1998 syntax).

#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod cli;
pub mod collection;
pub mod confuse;
pub mod curl;
pub mod explorer;
#[cfg(unix)]
pub mod guardian;
pub mod report;
pub mod spec;
pub mod text;
pub mod whatwg;

/// The URI parser core, a crate of its own ([`uriscope_core`]).
pub use uriscope_core as uri;
