//! Side by side with the peer crates (fluent-uri, iri-string, url, oxiri).

pub mod crates;
mod differential;
mod resolve_peers;
