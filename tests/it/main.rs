//! One integration-test binary (link time dominates on small machines):
//! each module covers one area.

mod cli_parse;
mod parse;
mod parse_props;
mod resolve;
