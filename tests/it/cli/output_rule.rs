//! One rule for every output (issue 38 point 17): a write error is
//! reported once on stderr and exits 1; a closed pipe exits quietly with 0.
//! Every kind of writer is covered: the subcommands' buffered streams,
//! clap's help and version, clap_complete's scripts, the man page, `edit`.

use crate::support::{closed_pipe, dev_full, run_uriscope_to};

/// A URL longer than the 64 KB output buffer: `edit` writes it straight
/// through, so its write error comes from the write, not the last flush.
fn long_url() -> String {
    format!("http://a/{}", "b".repeat(100_000))
}

/// Commands whose whole answer goes to stdout, one of each writer.
fn commands(long: &str) -> Vec<Vec<&str>> {
    let mut v: Vec<Vec<&str>> = ["bash", "zsh", "fish", "elvish", "powershell"]
        .iter()
        .map(|s| vec!["completions", *s])
        .collect();
    v.extend([
        vec!["--help"],
        vec!["--version"],
        vec!["parse", "--help"],
        vec!["man"],
        vec!["rfc", "3986", "5.2.4"],
        vec!["parse", "http://a/"],
        vec!["parse", "--json", "http://a/"],
        vec!["resolve", "--base", "http://a/b", "../c"],
        vec!["normalize", "--trace", "HTTP://a/%7e"],
        vec!["encode", "a b"],
        vec!["expand", "--var", "x=1", "{x}"],
        vec!["edit", "http://a/"],
        vec!["edit", "--json", "http://a/"],
        vec!["edit", long, long],
        vec!["http://a/b?c"],
    ]);
    v
}

#[test]
fn regression_a_full_disk_is_one_error_and_exit_1_for_every_output() {
    let long = long_url();
    for args in commands(&long) {
        let (code, err) = run_uriscope_to(&args, dev_full());
        let shown = &args[..args.len().min(3)];
        assert_eq!(code, 1, "{shown:?}: exit {code}, stderr {err:?}");
        assert!(!err.contains("panicked"), "{shown:?}: {err}");
        assert_eq!(
            err.matches("No space left on device").count(),
            1,
            "{shown:?}: {err:?}"
        );
        assert_eq!(err.lines().count(), 1, "{shown:?}: {err:?}");
    }
}

#[test]
fn regression_a_closed_pipe_is_a_quiet_exit_0_for_every_output() {
    let long = long_url();
    for args in commands(&long) {
        let (code, err) = run_uriscope_to(&args, closed_pipe());
        let shown = &args[..args.len().min(3)];
        assert_eq!(code, 0, "{shown:?}: exit {code}, stderr {err:?}");
        assert_eq!(err, "", "{shown:?}");
    }
}
