//! The core's integration tests, one binary: the RFC tables, properties,
//! robustness, and the differential runs beside the peer crates
//! (fluent-uri, iri-string, url, oxiri). They compile the core alone, with
//! no terminal crate. The modules that read IDNA, `data:` and Public Suffix
//! List answers run with the default features.

#[cfg(feature = "data-url")]
mod data_url;
mod homograph;
mod idna_equivalence;
#[cfg(all(feature = "idna", feature = "data-url", feature = "psl"))]
mod iri;
#[cfg(all(feature = "idna", feature = "data-url", feature = "psl"))]
mod lint;
#[cfg(all(feature = "idna", feature = "data-url", feature = "psl"))]
mod messages;
mod metamorphic;
#[cfg(all(feature = "idna", feature = "data-url", feature = "psl"))]
mod normalize;
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
mod shape;
#[cfg(feature = "psl")]
mod site;
mod template;
