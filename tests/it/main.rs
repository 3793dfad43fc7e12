//! One integration-test binary (link time dominates on small machines):
//! each module covers one area.

mod codec_cli;
mod iri;
mod parse;
mod percent;
