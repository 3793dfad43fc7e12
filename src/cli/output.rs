//! Standard output as every answer is written to it: the subcommands',
//! trurl mode's, clap's help and version, `uriscope URI`'s breakdown and
//! the list view's `--print`.
//!
//! A standard output the caller closed (`uriscope parse >&-`) is not
//! there to take an answer, but Rust's runtime has put `/dev/null` in its
//! place before `main`, and writes there succeed. [`Stdout`] fails the
//! first byte written to it instead, with the error the write would have
//! had (`EBADF`), which [`super::exit_status_of`] reports once, as it
//! reports `> /dev/full`: GNU coreutils' rule. A command that writes
//! nothing still succeeds, and an open standard output (`> /dev/null`
//! too) is written as before.

use std::io::{self, Write};

use uriscope_stdio::Fd;

/// Standard output, locked, for a command's whole answer.
pub fn stdout() -> Locked {
    Stdout::over(io::stdout().lock())
}

/// What [`stdout`] gives.
pub type Locked = Stdout<io::StdoutLock<'static>>;

/// A writer to what the process has as standard output (`io::stdout()`,
/// or a descriptor duplicated from it) that fails every non-empty write
/// when the caller closed standard output before the process started.
#[derive(Debug)]
pub struct Stdout<W> {
    inner: W,
    closed: bool,
}

impl<W: Write> Stdout<W> {
    /// `inner`, which writes to standard output, under the rule above.
    pub fn over(inner: W) -> Self {
        Stdout {
            inner,
            closed: uriscope_stdio::closed_at_start(Fd::Stdout),
        }
    }

    /// The error for `buf` when it must not be written.
    fn refuse(&self, buf: &[u8]) -> io::Result<()> {
        if self.closed && !buf.is_empty() {
            Err(uriscope_stdio::closed_error())
        } else {
            Ok(())
        }
    }
}

impl<W: Write> Write for Stdout<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.refuse(buf)?;
        self.inner.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.refuse(buf)?;
        self.inner.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}
