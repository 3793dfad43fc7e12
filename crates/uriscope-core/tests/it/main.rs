//! The core's integration tests, one binary: the RFC tables, properties,
//! robustness, and the differential runs beside the peer crates
//! (fluent-uri, iri-string, url, oxiri). They compile the core alone, with
//! no terminal crate.

#[cfg(feature = "data-url")]
mod data_url;
mod homograph;
mod idna_equivalence;
mod metamorphic;
mod parse;
mod parse_props;
mod peers;
mod percent;
mod relative;
pub mod resolve;
mod resolve_robustness;
mod rfc2396;
mod rfc_tables;
mod same_case;
mod scheme;
#[cfg(feature = "serde")]
mod serialize;
#[cfg(feature = "psl")]
mod site;
mod template;
