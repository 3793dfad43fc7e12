//! One integration-test binary (link time dominates on small machines):
//! each module covers one area.

mod cli_parse;
mod cli_resolve;
mod codec_cli;
mod differential;
mod explorer;
mod explorer_panes;
mod explorer_props;
mod extract;
mod fuzz_regressions;
mod iri;
mod lint;
mod metamorphic;
mod normalize;
mod parse;
mod parse_props;
mod peers;
mod percent;
mod relative;
mod render;
mod render_panes;
mod render_whatwg;
mod resolve;
mod resolve_peers;
mod resolve_robustness;
mod review;
mod rfc2396;
mod scheme;
mod screen;
mod smoke;
mod support;
mod tmux;
mod tmux_panes;
mod trace_bounds;
mod tui_program;
mod whatwg;
