//! Every standard descriptor a shell closes before the program starts is
//! seen closed, and no other: this program runs itself through `sh` with
//! the redirections of each case, and the child answers in its exit
//! status (bit n for fd n closed, 100 when nothing was looked at).
//! `std::process::Command` cannot start a child with a descriptor closed,
//! so the shell's `exec` does it.

use std::process::Command;

use uriscope_stdio::{at_start, AtStart, Fd};

/// Set in the child's environment: answer, do not test.
const CHILD: &str = "URISCOPE_STDIO_CHILD";

fn main() {
    if std::env::var_os(CHILD).is_some() {
        std::process::exit(answer());
    }
    if !cfg!(target_os = "linux") {
        // Elsewhere nothing is looked at, whatever the shell did.
        assert_eq!(run(">&-"), 100);
        println!("closed_at_start: not known on this target, as documented");
        return;
    }
    let cases: &[(&str, &[Fd])] = &[
        ("", &[]),
        (">/dev/null", &[]),
        // A daemon's child: all three open on /dev/null for reading and
        // writing. Open, not closed.
        ("<>/dev/null >&0 2>&0", &[]),
        (">&-", &[Fd::Stdout]),
        ("<&-", &[Fd::Stdin]),
        ("2>&-", &[Fd::Stderr]),
        (">&- 2>&-", &[Fd::Stdout, Fd::Stderr]),
        ("<&- >&- 2>&-", &[Fd::Stdin, Fd::Stdout, Fd::Stderr]),
    ];
    for (redirect, closed) in cases {
        let expected: i32 = closed.iter().map(|fd| 1 << *fd as i32).sum();
        let got = run(redirect);
        assert_eq!(
            got, expected,
            "`exec prog {redirect}`: closed fds seen {got:#b}, expected {expected:#b}"
        );
    }
    println!("closed_at_start: {} cases ok", cases.len());
}

/// The child's exit status: which of fds 0, 1, 2 it saw closed at start.
fn answer() -> i32 {
    let mut bits = 0;
    for fd in [Fd::Stdin, Fd::Stdout, Fd::Stderr] {
        match at_start(fd) {
            AtStart::NotKnown => return 100,
            AtStart::Closed => bits |= 1 << fd as i32,
            AtStart::Open => {}
        }
    }
    bits
}

/// Run this program as the child with the shell redirections `redirect`;
/// returns its exit status.
fn run(redirect: &str) -> i32 {
    let me = std::env::current_exe().expect("the test's own path");
    let status = Command::new("sh")
        .arg("-c")
        .arg(format!("exec \"$0\" {redirect}"))
        .arg(me)
        .env(CHILD, "1")
        .status()
        .expect("sh runs");
    status.code().expect("the child exits")
}
