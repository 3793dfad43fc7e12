//! What the resolve, normalize, equiv and relative subcommands share: the
//! exit status after streaming, and the step tables (from
//! [`crate::report::trace`]).

use std::io;

pub use crate::report::trace::*;

/// The exit status after streaming: [`super::EXIT_FAILED`] when an input
/// `failed`; a write error is left to [`super::exit_status_of`], the one
/// rule for every output.
pub fn exit_status(result: io::Result<()>, failed: bool) -> io::Result<i32> {
    result.map(|()| {
        if failed {
            super::EXIT_FAILED
        } else {
            super::EXIT_OK
        }
    })
}
