//! # uriscope-stdio
//!
//! Whether standard input, output and error (file descriptors 0, 1 and 2)
//! were closed when the process started.
//!
//! A program run as `prog >&-` starts with fd 1 closed. Rust's runtime
//! opens `/dev/null` on a closed fd 0, 1 or 2 before `main` runs (so that
//! the next file the program opens can never become its standard output
//! by accident), and [`std::io::Stdout`] reports a write that fails with
//! `EBADF` as written. So inside `main`, `prog >&-` looks exactly like
//! `prog >/dev/null`, and a program that prints its answer exits 0 having
//! written nothing anywhere. Careful programs fail instead: GNU coreutils'
//! `ls >&-` says "write error: Bad file descriptor" and exits non-zero,
//! while `true >&-`, which writes nothing, still succeeds.
//!
//! Telling the two apart takes a look before Rust's runtime changes the
//! descriptors: this crate puts a function in the ELF `.init_array`, which
//! the C runtime runs before the program's `main` (where Rust's runtime
//! starts), and that function records which of the three descriptors were
//! not open. The open flags of `/dev/null` seen later cannot tell it:
//! daemons and service managers commonly start a child with fds 0, 1 and
//! 2 all open on `/dev/null` for reading and writing, which is no error.
//!
//! It is a crate of its own so that the one piece of `unsafe` the program
//! needs (the constructor and its `fcntl(2)` call) stays here, and the
//! crates that use it keep `#![forbid(unsafe_code)]`. Its API is safe.
//!
//! ```
//! use uriscope_stdio::{at_start, AtStart, Fd};
//!
//! // Under `cargo test` standard output is open.
//! if cfg!(target_os = "linux") {
//!     assert_eq!(at_start(Fd::Stdout), AtStart::Open);
//! } else {
//!     assert_eq!(at_start(Fd::Stdout), AtStart::NotKnown);
//! }
//! ```
//!
//! The look is taken on Linux (glibc and musl both run `.init_array`);
//! elsewhere every descriptor is [`AtStart::NotKnown`], and a program
//! behaves as it would without this crate.

#![deny(unsafe_code)]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

use std::sync::atomic::{AtomicU8, Ordering};

/// One of the three standard file descriptors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fd {
    /// Standard input, fd 0.
    Stdin = 0,
    /// Standard output, fd 1.
    Stdout = 1,
    /// Standard error, fd 2.
    Stderr = 2,
}

/// What a standard descriptor was when the process started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AtStart {
    /// It was open (on anything: a terminal, a file, `/dev/null`, a pipe).
    Open,
    /// It was closed (`prog >&-`): whatever the descriptor is now was
    /// opened by the runtime, not given by the caller.
    Closed,
    /// Not looked at: a target where this crate cannot look before the
    /// runtime does. Treat it as today's behaviour, as if open.
    NotKnown,
}

/// Set once the look before `main` has been taken: without it the bits
/// below mean nothing.
const LOOKED: u8 = 1 << 7;

/// What the look found: [`LOOKED`], and bit `n` set for each fd `n` of
/// 0, 1, 2 that was closed. Written once, before `main`, by the only
/// thread there is then; read afterwards, so relaxed loads see it.
static SEEN: AtomicU8 = AtomicU8::new(0);

/// What `fd` was when the process started.
pub fn at_start(fd: Fd) -> AtStart {
    look::keep();
    let seen = SEEN.load(Ordering::Relaxed);
    if seen & LOOKED == 0 {
        AtStart::NotKnown
    } else if seen & (1 << fd as u8) != 0 {
        AtStart::Closed
    } else {
        AtStart::Open
    }
}

/// Whether `fd` is known to have been closed when the process started
/// ([`AtStart::Closed`]); `false` when it was open or is not known.
pub fn closed_at_start(fd: Fd) -> bool {
    at_start(fd) == AtStart::Closed
}

/// The error a write to a closed descriptor gives, `EBADF` ("Bad file
/// descriptor"): for a program that fails a write to an output closed at
/// start as the write itself would have failed, had the runtime left the
/// descriptor closed.
pub fn closed_error() -> std::io::Error {
    std::io::Error::from_raw_os_error(look::EBADF)
}

/// The look itself, on the targets where it can be taken before the
/// runtime's.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
mod look {
    use std::sync::atomic::Ordering;

    pub(crate) const EBADF: i32 = libc::EBADF;

    /// The constructor's entry in `.init_array`: the C runtime calls every
    /// function listed there, in the executable and in each shared
    /// library, before `main`. glibc passes (argc, argv, envp) and musl
    /// nothing; a C function that takes no arguments is right for both
    /// (the caller removes the arguments).
    ///
    /// `#[used]` keeps the entry in the object file; [`keep`] refers to
    /// it so that the object is linked in whenever `at_start` is, in
    /// every build (an archive member nothing refers to is left out).
    #[used]
    // SAFETY: `.init_array` holds pointers to functions of that C type,
    // and this static is exactly one such pointer; the function it names
    // is safe to run before `main` (below).
    #[unsafe(link_section = ".init_array")]
    static LOOK_AT_START: extern "C" fn() = look_at_start;

    /// Record which of fds 0, 1 and 2 are not open. It runs before Rust's
    /// runtime is set up, so it does only what needs none: three system
    /// calls, `errno`, one atomic store. It cannot panic.
    extern "C" fn look_at_start() {
        let mut seen = super::LOOKED;
        for fd in 0..3 {
            // SAFETY: F_GETFD takes no third argument and only reads the
            // descriptor table; for a number that is not an open
            // descriptor it fails with EBADF and changes nothing.
            let flags = unsafe { libc::fcntl(fd, libc::F_GETFD) };
            if flags == -1 && std::io::Error::last_os_error().raw_os_error() == Some(EBADF) {
                seen |= 1 << fd;
            }
        }
        super::SEEN.store(seen, Ordering::Relaxed);
    }

    /// Refer to the constructor's entry from the code that reads what it
    /// found, so the linker cannot drop one and keep the other.
    pub(crate) fn keep() {
        std::hint::black_box(&LOOK_AT_START);
    }
}

/// Elsewhere nothing is looked at: every descriptor is
/// [`AtStart::NotKnown`](super::AtStart::NotKnown).
#[cfg(not(target_os = "linux"))]
mod look {
    /// EBADF's number on every Unix and in Windows' C runtime.
    pub(crate) const EBADF: i32 = 9;

    pub(crate) fn keep() {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_os = "linux")]
    fn the_look_before_main_ran_and_saw_the_test_runners_output_open() {
        // Standard input is not asserted: CI may start without one.
        assert_ne!(at_start(Fd::Stdin), AtStart::NotKnown);
        for fd in [Fd::Stdout, Fd::Stderr] {
            assert_eq!(at_start(fd), AtStart::Open, "{fd:?}");
            assert!(!closed_at_start(fd));
        }
    }

    #[test]
    fn the_closed_error_is_ebadf() {
        let e = closed_error();
        assert_eq!(e.raw_os_error(), Some(look::EBADF));
        assert!(e.to_string().contains("Bad file descriptor"), "{e}");
    }
}
