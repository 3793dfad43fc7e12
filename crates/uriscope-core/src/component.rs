//! The components of a reference (RFC 3986 §3) and what they are made of:
//! the kinds a [`UriRef`](crate::UriRef) reports, an analysed input's
//! components as written ([`AsWritten`], valid or not), its authority and host,
//! path segments and query pairs read lazily, the Appendix B split that
//! never fails, and the reverse of a split ([`recompose`], §5.3).
//!
//! ```
//! use uriscope_core::component::{split, HostKind, RefKind};
//! let u = uriscope_core::parse("//[::1]:80/a").unwrap();
//! assert_eq!(u.kind(), RefKind::NetworkPath);
//! assert_eq!(u.host_kind(), Some(HostKind::Ipv6));
//! // Appendix B reads any text, a scheme with a space included.
//! assert_eq!(split("a b:c").scheme, Some(uriscope_core::Span::new(0, 3)));
//! ```

pub use crate::as_written::AsWritten;
pub use crate::syntax::recompose::{recompose, Parts};
pub use crate::syntax::split::{loose_authority, split, LooseAuthority, Split};
pub use crate::syntax::uri_ref::{
    query_pairs, segments, Authority, Host, HostKind, PathKind, QueryPair, QueryPairs, RefKind,
    Segments,
};
