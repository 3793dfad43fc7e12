//! References relative to a base, beside [`resolve`](fn@crate::resolve):
//! how strictly §5.2.2 reads a scheme ([`Mode`]), which input an error is
//! about ([`Subject`]), a resolution that keeps the target's parse
//! ([`resolve_ref`]), §5.2.4 on its own ([`remove_dot_segments`]) and the
//! reverse of resolution ([`make_relative`]).
//!
//! ```
//! use uriscope_core::relative::{make_relative, remove_dot_segments};
//! assert_eq!(remove_dot_segments("/a/b/../c/./d"), "/a/c/d");
//! let r = make_relative("http://a/b/c/d", "http://a/b/e", Default::default()).unwrap();
//! assert_eq!(r.reference, "../e");
//! ```

pub use crate::resolution::dot_segments::remove_dot_segments;
pub use crate::resolution::relative::{make_relative, Relative};
pub use crate::resolution::target::{resolve_ref, Mode, Subject};
