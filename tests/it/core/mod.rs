//! The embedded core (`uriscope::uri`, `whatwg`): the RFC tables, properties, robustness.

mod data_url;
mod extract;
mod extract_links;
mod iri;
mod lint;
mod messages;
mod metamorphic;
mod normalize;
mod parse;
mod parse_props;
mod percent;
mod relative;
pub mod resolve;
mod resolve_robustness;
mod rfc2396;
mod scheme;
mod shape;
mod spec;
mod spec_texts;
mod template;
mod whatwg;
mod worst_case;
