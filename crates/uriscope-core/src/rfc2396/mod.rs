//! RFC 2396 (1998), the URI syntax many deployed parsers still follow, as a
//! second validator and a second resolver, so uriscope can show where it
//! and RFC 3986 part (RFC 3986 Appendix D).
//!
//! - [`validate`] / [`analyze`]: the 1998 grammar (Appendix A) with its own
//!   character table (`chars.rs`): `absoluteURI` with `hier_part` or
//!   `opaque_part`, `net_path` / `abs_path` / `rel_path`, a server-based
//!   authority (`hostname`, `IPv4address`) or `reg_name`, `;` params, no IP
//!   literals. Every problem is a [`Finding`](crate::Finding).
//! - [`compare_grammars`]: where an input is valid under one RFC only, and
//!   where both accept it but read it differently.
//! - [`resolve`]: §5.2 steps 1–7 with step 6 a–h on a string buffer
//!   (`step6.rs`), each step traced, the step 6g policy selectable.
//!
//! ```
//! use uriscope_core::rfc2396::{resolve, validate, Options};
//! assert!(validate("http://a/b/c/d;p?q").is_empty());
//! let r = resolve("http://a/b/c/d;p?q", "g;x=1/../y", Options::default()).unwrap();
//! assert_eq!(r.target, "http://a/b/c/y");
//! let row = r.steps.iter().find(|s| s.rule == "6e").unwrap();
//! assert_eq!(row.to_string(), "6e: removed \"g;x=1/../\" at byte 5 -> /b/c/y");
//! ```

mod authority;
mod chars;
mod compare;
mod grammar;
mod resolve;
mod rule;
mod step6;

pub use authority::{
    classify_authority, is_ipv4address, Authority, AuthorityKind, HostKind, NotServer,
};
pub use compare::compare_grammars;
pub use grammar::{analyze, validate, Analysis, PathForm, Segment};
pub use resolve::{
    check_rfc3986, resolve, resolve_target, trace_len, AboveRoot, Options, Resolution,
    ResolveError, ResolveErrorKind, Step,
};
pub use rule::Rule;

#[cfg(test)]
mod step6_tests;
