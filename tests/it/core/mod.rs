//! The embedded core (`uriscope::uri`, `whatwg`): the RFC tables, properties, robustness.

mod extract;
mod extract_links;
mod iri;
mod lint;
mod normalize;
mod shape;
mod spec;
mod spec_texts;
mod whatwg;
mod worst_case;
