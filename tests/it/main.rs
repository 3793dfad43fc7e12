//! One integration-test binary (link time dominates on small machines):
//! each module covers one area.

mod normalize;
mod parse;
mod relative;
mod resolve;
