//! One integration-test binary (link time dominates on small machines):
//! each module covers one area.

mod differential;
mod parse;
mod peers;
