//! One rule for every output (issue 38 point 17): a write error is
//! reported once on stderr and exits 1; a closed pipe exits quietly with 0.
//! Every kind of writer is covered: the subcommands' buffered streams,
//! clap's help and version, clap_complete's scripts, the man page, `edit`.

use crate::support::{closed_pipe, dev_full, run_redirected, run_uriscope_to, trurl_link};

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

/// Every command of the rule with its stdin: [`commands`] on an empty
/// one, then [`more_commands`].
fn every_run(long: &str) -> Vec<(Vec<&str>, &[u8])> {
    let mut runs: Vec<(Vec<&str>, &[u8])> =
        commands(long).into_iter().map(|a| (a, &b""[..])).collect();
    runs.extend(more_commands());
    runs
}

/// Commands beside [`commands`] that write an answer: the other
/// subcommands, and those that read their inputs from stdin.
fn more_commands() -> Vec<(Vec<&'static str>, &'static [u8])> {
    vec![
        (vec!["normalize"], b"HTTP://a/%7e\n"),
        (vec![], b"http://a/b\n"), // `… | uriscope | …`
        (vec!["decode", "%41"], b""),
        (vec!["iri2uri", "http://\u{e9}/"], b""),
        (vec!["uri2iri", "http://a/%C3%A9"], b""),
        (vec!["extract"], b"see http://a/b\n"),
        (vec!["equiv", "http://a/", "HTTP://a/"], b""),
        (
            vec!["relative", "--base", "http://a/b/c", "http://a/b/d"],
            b"",
        ),
        (vec!["stats"], b"http://a/\n"),
        (vec!["dedupe"], b"http://a/\n"),
        (vec!["edit", "--trurl", "--url", "http://a/"], b""),
        (vec!["confuse", "--engines"], b""),
    ]
}

/// Run the binary as `sh -c 'exec uriscope ARGS REDIRECT'`.
fn run_sh(args: &[&str], redirect: &str, stdin: &[u8]) -> (i32, String, String) {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_uriscope"));
    run_redirected(bin, args, redirect, stdin)
}

/// `uriscope parse http://a >&-` used to exit 0 having written nothing:
/// Rust's runtime opens /dev/null on a closed stdout before `main`.
/// Every output closed at start is one error, "Bad file descriptor", and
/// exit 1, as coreutils' `ls >&-`.
#[test]
fn regression_stdout_closed_at_start_is_one_error_and_exit_1_for_every_output() {
    let long = long_url();
    for (args, stdin) in every_run(&long) {
        let (code, out, err) = run_sh(&args, ">&-", stdin);
        let shown = &args[..args.len().min(3)];
        assert_eq!(code, 1, "{shown:?}: exit {code}, stderr {err:?}");
        assert_eq!(out, "", "{shown:?}");
        assert_eq!(
            err.matches("Bad file descriptor").count(),
            1,
            "{shown:?}: {err:?}"
        );
        assert_eq!(err.lines().count(), 1, "{shown:?}: {err:?}");
    }
    // trurl mode, through a link named `trurl`.
    for args in [&["--url", "http://a/"][..], &["--version"], &["--help"]] {
        let (code, _, err) = run_redirected(trurl_link(), args, ">&-", b"");
        assert_eq!(code, 1, "trurl {args:?}: exit {code}, stderr {err:?}");
        assert_eq!(err.matches("Bad file descriptor").count(), 1, "{err:?}");
    }
}

/// The error is for output written, not for the descriptor: a command
/// with nothing to write to a stdout closed at start exits as it would
/// with stdout open (`true >&-` succeeds), and a usage error still goes
/// to stderr alone, with its own status.
#[test]
fn stdout_closed_at_start_with_nothing_to_write_exits_as_before() {
    for args in [
        &["normalize"][..],
        &["parse"],
        &["dedupe"],
        &["extract"],
        &["decode"],
    ] {
        let (code, _, err) = run_sh(args, ">&-", b"");
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
    }
    let (code, _, err) = run_sh(&["resolve", "a"], ">&-", b"");
    assert_eq!(code, 2, "{err:?}");
    assert!(err.contains("--base"), "{err:?}");
    assert!(!err.contains("Bad file descriptor"), "{err:?}");
}

/// What the rule must not touch: stdout open on /dev/null (the caller's
/// own `> /dev/null`, or a daemon's child with fds 0, 1 and 2 all on
/// /dev/null for reading and writing), stdin closed (read as empty, as
/// `< /dev/null`), stderr closed (the answer still written): each run
/// gives what the same command gives with every descriptor open.
#[test]
fn stdout_on_dev_null_and_stdin_or_stderr_closed_behave_as_with_them_open() {
    let long = long_url();
    for (args, stdin) in every_run(&long) {
        let shown = &args[..args.len().min(3)];
        let (code, out, err) = run_sh(&args, "", stdin);
        for redirect in [">/dev/null", "<>/dev/null >&0 2>&0"] {
            let (c, o, _) = run_sh(&args, redirect, stdin);
            assert_eq!((c, o.as_str()), (code, ""), "{shown:?} {redirect}");
        }
        let (c, o, e) = run_sh(&args, "2>&-", stdin);
        assert_eq!(
            (c, o == out, e.as_str()),
            (code, true, ""),
            "{shown:?} 2>&-"
        );
        let as_empty = run_sh(&args, "</dev/null", b"");
        assert_eq!(run_sh(&args, "<&-", b""), as_empty, "{shown:?} <&-");
        assert!(!err.contains("Bad file descriptor"), "{shown:?}: {err}");
    }
}

/// The rule holds for every output because every output is written
/// through `cli::output`: no other file of the CLI, nor `main.rs`, writes
/// to `io::stdout()` itself (asking whether it is a terminal, or
/// duplicating it for the list view's `--print`, writes nothing).
#[test]
fn every_answer_is_written_through_cli_output() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("src/main.rs")];
    let mut dirs = vec![root.join("src/cli")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("src/cli").flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("output.rs") {
                files.push(path);
            }
        }
    }
    let mut found = Vec::new();
    for path in &files {
        let code = std::fs::read_to_string(path).expect("a source file");
        for (n, line) in code.lines().enumerate() {
            let line = line.trim_start();
            if line.starts_with("//") {
                continue;
            }
            let mut rest = line;
            while let Some(i) = rest.find("stdout()") {
                let after = &rest[i + "stdout()".len()..];
                // `…_stdout()`: a name that ends so, not the function.
                let named = rest[..i]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_');
                let writes = !(named
                    || rest[..i].ends_with("output::")
                    || after.starts_with(".is_terminal()")
                    || rest[..i].ends_with("dup(io::"));
                if writes {
                    found.push(format!("{}:{}: {line}", path.display(), n + 1));
                }
                rest = after;
            }
        }
    }
    assert!(files.len() > 20, "{files:?}");
    assert!(
        found.is_empty(),
        "stdout written past cli::output:\n{}",
        found.join("\n")
    );
}
