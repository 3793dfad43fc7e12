//! The generic syntax of RFC 3986: byte classes, spans, the Appendix B
//! split, the strict one-pass validator with its findings, hosts (IPv4,
//! the nine IPv6 forms, IPvFuture, zone IDs), the parsed reference with
//! a span for every component, and recomposition (§5.3).

pub mod chars;
#[cfg(test)]
mod chars_tests;
pub mod code;
mod eights;
pub mod error;
pub mod host;
pub mod ipv6_text;
pub mod parse;
pub mod recompose;
pub mod report;
pub(crate) mod sink;
#[cfg(all(
    any(target_arch = "x86", target_arch = "x86_64"),
    target_feature = "sse2"
))]
pub(crate) mod sixteen;
pub mod span;
pub mod split;
pub mod uri_ref;
