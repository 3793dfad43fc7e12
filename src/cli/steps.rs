//! What the resolve, normalize, equiv and relative subcommands share: the
//! exit status after streaming, and the step tables (from
//! [`crate::report::trace`]).

use std::io;

pub use crate::report::trace::*;

/// The exit status after streaming: broken pipes are not failures.
pub fn exit_status(result: io::Result<()>, failed: bool) -> io::Result<i32> {
    match result {
        Ok(()) if failed => Ok(super::EXIT_FAILED),
        Ok(()) => Ok(super::EXIT_OK),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(super::EXIT_OK),
        Err(e) => Err(e),
    }
}
