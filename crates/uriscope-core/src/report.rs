//! What an [`analyze`](crate::analyze) report is read with: the findings'
//! marks and tallies, the grammar rule a finding is about, the one-word
//! verdict, a bounded analysis for long inputs ([`analyze_within`]) and a
//! parse that never fails ([`recover`]).
//!
//! ```
//! use uriscope_core::report::{recover, Verdict};
//! let r = uriscope_core::analyze("http://a/b c", Default::default());
//! assert!(matches!(Verdict::of(&r), Verdict::Invalid { errors: 1, .. }));
//! let (u, first_error) = recover("http://a/b c", Default::default());
//! assert_eq!((u.host(), first_error.is_some()), (Some("a"), true));
//! ```

pub use crate::syntax::error::Rule;
pub use crate::syntax::parse::{analyze_within, recover, Within};
pub use crate::syntax::report::{Mark, Tally};
pub use crate::verdict::Verdict;
