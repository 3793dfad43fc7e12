//! One integration-test binary (link time dominates on small machines):
//! each module covers one area.

mod extract;
mod lint;
mod parse;
mod scheme;
