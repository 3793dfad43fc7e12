//! One integration-test binary (link time dominates on small machines):
//! each module covers one area.

mod explorer;
mod parse;
mod render;
mod tmux;
