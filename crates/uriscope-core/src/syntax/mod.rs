//! The generic syntax of RFC 3986: byte classes, spans, the Appendix B
//! split, the strict one-pass validator with its findings, hosts (IPv4,
//! the nine IPv6 forms, IPvFuture, zone IDs), the parsed reference with
//! a span for every component, and recomposition (§5.3).

pub(crate) mod chars;
#[cfg(test)]
mod chars_tests;
pub(crate) mod code;
mod eights;
pub(crate) mod error;
pub(crate) mod host;
pub(crate) mod ipv6_text;
pub(crate) mod parse;
pub(crate) mod recompose;
pub(crate) mod report;
pub(crate) mod sink;
#[cfg(all(
    any(target_arch = "x86", target_arch = "x86_64"),
    target_feature = "sse2"
))]
pub(crate) mod sixteen;
pub(crate) mod span;
pub(crate) mod split;
pub(crate) mod uri_ref;
