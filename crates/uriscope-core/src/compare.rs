//! Comparison up the RFC 3986 §6.2 ladder: whether two references are
//! equivalent, at which rung, and a key equal for equivalent references.
//!
//! ```
//! use uriscope_core::compare::{equivalence, equivalence_key};
//! let e = equivalence("http://a/%7e", "HTTP://A/~", Default::default()).unwrap();
//! assert!(e.is_equivalent());
//! assert_eq!(equivalence_key("HTTP://A/%7e", Default::default()), equivalence_key("http://a/~", Default::default()));
//! ```

pub use crate::equivalence::{equivalence, ComparisonRung, Equivalence};
pub use crate::equivalence_key::equivalence_key;
