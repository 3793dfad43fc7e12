//! The algorithms step by step, as the explorer and `--trace` show them:
//! RFC 3986 §5.2 resolution (the pre-parse, the §5.2.2 branch, the §5.2.3
//! merge, remove_dot_segments rule by rule, §5.2.4) and the §6.2.2 /
//! §6.2.3 normalization ladder rung by rung. The untraced answers are
//! [`crate::resolve`] and [`crate::normalize`]; each traced answer ends in
//! the same target or normal form.
//!
//! ```
//! use uriscope_core::trace;
//! let r = trace::resolve("http://a/b/c/d;p?q", "../g", Default::default()).unwrap();
//! assert_eq!(r.target, "http://a/b/g");
//! assert_eq!(r.branch, trace::Branch::Merge);
//! let n = trace::normalize("HTTP://a/%7e", Default::default()).unwrap();
//! assert_eq!(n.normalized, "http://a/~");
//! ```

pub use crate::normalize::{normalize, Normalization, Rung, RungKind};
pub use crate::resolution::dot_segments::{
    remove_dot_segments_traced, DotRule, DotSegmentsTrace, DotStep, DotTableRow, DOT_TABLE_COLUMNS,
};
pub use crate::resolution::excerpt::{excerpt, excerpt_concat, EXCERPT_MAX, ROW_LIMIT};
pub use crate::resolution::trace::{resolve, Branch, Components, Resolution, Step};
