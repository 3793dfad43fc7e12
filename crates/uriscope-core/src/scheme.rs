//! What uriscope knows of each scheme: its default port, whether it needs
//! an authority, whether its host is a DNS name, where it is defined. The one table the lint, the
//! normalization's default-port rung and the explorer read.
//!
//! ```
//! use uriscope_core::scheme;
//! assert_eq!(scheme::default_port("HTTPS"), Some(443));
//! assert_eq!(scheme::lookup("mailto").map(|s| s.spec), Some("RFC 6068"));
//! ```

pub use crate::lint::scheme::{
    default_port, has_dns_host, lookup, AuthorityRule, SchemeInfo, SCHEMES,
};
