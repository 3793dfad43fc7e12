//! One integration-test binary (link time dominates on small machines):
//! each module covers one area.

mod cli_parse;
mod cli_resolve;
mod normalize;
mod parse;
mod parse_props;
mod relative;
mod resolve;
mod resolve_peers;
mod rfc2396;
mod codec_cli;
mod iri;
mod parse;
mod percent;
mod lint;
mod parse;
mod scheme;
mod explorer;
mod parse;
mod render;
mod tmux;
