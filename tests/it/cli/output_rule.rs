//! One rule for every output: a write error is
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
    for args in [&["normalize"][..], &["parse"], &["dedupe"], &["decode"]] {
        let (code, _, err) = run_sh(args, ">&-", b"");
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
    }
    // `extract` on nothing finds nothing: 1, as grep, and no error.
    let (code, _, err) = run_sh(&["extract"], ">&-", b"");
    assert_eq!((code, err.as_str()), (1, ""));
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
        // The daemon's stdin is /dev/null too: the command on no input
        // (`extract` then finds nothing and exits 1, as grep).
        let on_empty = run_sh(&args, "", b"").0;
        for (redirect, want) in [(">/dev/null", code), ("<>/dev/null >&0 2>&0", on_empty)] {
            let (c, o, _) = run_sh(&args, redirect, stdin);
            assert_eq!((c, o.as_str()), (want, ""), "{shown:?} {redirect}");
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

/// One subcommand's case for the output contract: its arguments, three
/// inputs of which the second has no answer, and what it says of it.
struct Case {
    args: &'static [&'static str],
    inputs: [&'static [u8]; 3],
    /// Words the second input's message holds.
    says: &'static str,
}

/// Every subcommand that answers input by input, with an input it cannot
/// answer between two it can.
fn contract_cases() -> Vec<Case> {
    vec![
        Case {
            args: &["normalize"],
            inputs: [b"HTTP://a/%7e", b"::bad", b"http://b/"],
            says: "not a valid URI-reference",
        },
        Case {
            args: &["resolve", "--base", "http://a/b/c"],
            inputs: [b"../d", b"::bad", b"e"],
            says: "not a valid URI-reference",
        },
        Case {
            args: &["relative", "--base", "http://a/b/c"],
            inputs: [b"http://a/b/d", b"::bad", b"http://a/e"],
            says: "",
        },
        Case {
            args: &["iri2uri"],
            inputs: [b"http://\xc3\xa9/", b"http://a/\xff", b"http://b/"],
            says: "not valid UTF-8",
        },
        Case {
            args: &["uri2iri"],
            inputs: [b"http://a/%C3%A9", b"http://a/\xff", b"http://b/"],
            says: "not valid UTF-8",
        },
        Case {
            args: &["decode"],
            inputs: [b"%41", b"%C3%28", b"b"],
            says: "not UTF-8",
        },
        Case {
            args: &["encode"],
            inputs: [b"a b", b"a\xffb", b"c"],
            says: "not valid UTF-8",
        },
        Case {
            args: &["expand", "--var", "x=1"],
            inputs: [b"{x}", b"{x", b"/{x}"],
            says: "",
        },
        Case {
            args: &["parse"],
            inputs: [b"http://a/", b"http://a/\xff", b"http://b/"],
            says: "not valid UTF-8",
        },
        Case {
            args: &["dedupe"],
            inputs: [b"http://a/", b"http://a/\xff", b"http://b/"],
            says: "not valid UTF-8",
        },
        Case {
            args: &["edit", "-f", "-"],
            inputs: [b"http://a/", b"http://a b/", b"http://b/"],
            says: "not a URI-reference",
        },
        Case {
            args: &["equiv"],
            inputs: [
                b"http://a/ HTTP://a/",
                b"http://a/ ::bad",
                b"http://b/ http://b/",
            ],
            says: "not a valid URI-reference",
        },
    ]
}

/// The shape of every message: `uriscope SUB: PLACE: 'INPUT…': words`.
fn assert_message(line: &str, sub: &str, place: &str, context: &str) {
    let head = format!("uriscope {sub}: {place}: '");
    assert!(line.starts_with(&head), "{context}: {line:?}");
    assert!(line[head.len()..].contains("': "), "{context}: {line:?}");
}

/// The output contract (docs/GUIDE.md, "Output contract"), held over
/// every subcommand that answers input by input: stdout holds answers
/// only; the input without an answer is named on stderr, `line 2` from
/// stdin and `argument 2` from the command line, in the one format;
/// `--aligned` leaves an empty line in its place; `--json` gives one
/// object per input, the error included; the exit status is 1 (2 for
/// `equiv`, which answers as `cmp`).
#[test]
fn every_subcommand_keeps_the_output_contract() {
    for case in contract_cases() {
        let sub = case.args[0];
        let status = if sub == "equiv" { 2 } else { 1 };
        let mut stdin = Vec::new();
        for i in case.inputs {
            stdin.extend_from_slice(i);
            stdin.push(b'\n');
        }
        // From stdin.
        let (code, out, err) = crate::support::run_uriscope(case.args, &stdin);
        let context = format!("{:?} on stdin", case.args);
        assert_eq!(code, status, "{context}: {err}");
        assert!(!out.contains("error"), "{context}: stdout {out:?}");
        assert!(!out.contains("uriscope"), "{context}: stdout {out:?}");
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 1, "{context}: stderr {err:?}");
        assert_message(lines[0], sub, "line 2", &context);
        assert!(lines[0].contains(case.says), "{context}: {err:?}");
        // From the command line, where the input can be given there.
        let utf8: Vec<&str> = case
            .inputs
            .iter()
            .filter_map(|i| std::str::from_utf8(i).ok())
            .collect();
        if utf8.len() == 3 && !matches!(sub, "equiv" | "edit" | "dedupe") {
            let mut args = case.args.to_vec();
            args.extend(&utf8);
            let (code, out2, err) = crate::support::run_uriscope(&args, b"");
            let context = format!("{args:?}");
            assert_eq!((code, out2.as_str()), (status, out.as_str()), "{context}");
            assert_message(err.trim_end(), sub, "argument 2", &context);
        }
        // --aligned: an empty line in its place.
        if !matches!(sub, "parse" | "dedupe" | "edit") {
            let mut args = case.args.to_vec();
            args.push("--aligned");
            let (_, out, _) = crate::support::run_uriscope(&args, &stdin);
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines.len(), 3, "{args:?}: {out:?}");
            assert_eq!(lines[1], "", "{args:?}: {out:?}");
            assert!(!lines[0].is_empty() && !lines[2].is_empty(), "{args:?}");
        }
        // --json: one object per input, the error in the second.
        if !matches!(sub, "edit") {
            let mut args = case.args.to_vec();
            args.push("--json");
            let (code, out, _) = crate::support::run_uriscope(&args, &stdin);
            let objects: Vec<serde_json::Value> = out
                .lines()
                .map(|l| serde_json::from_str(l).expect("a JSON line"))
                .collect();
            assert_eq!(objects.len(), 3, "{args:?}: {out}");
            assert_eq!(code, status, "{args:?}");
            let failed = |v: &serde_json::Value| {
                v.get("error").is_some_and(|e| !e.is_null())
                    || v.get("valid") == Some(&serde_json::Value::Bool(false))
            };
            assert!(failed(&objects[1]), "{args:?}: {}", objects[1]);
            assert!(
                !failed(&objects[0]) && !failed(&objects[2]),
                "{args:?}: {out}"
            );
        }
    }
}

/// `equiv` answers as `cmp`: 0 equivalent, 1 not equivalent, 2 trouble;
/// `--quiet` prints nothing.
#[test]
fn equiv_exits_as_cmp() {
    let run = |args: &[&str]| crate::support::run_uriscope(args, b"");
    let (code, out, _) = run(&["equiv", "http://a/", "HTTP://a/"]);
    assert_eq!((code, out.lines().count()), (0, 1));
    let (code, out, _) = run(&["equiv", "http://a/", "http://b/"]);
    assert_eq!(
        (code, out.starts_with("not equivalent")),
        (1, true),
        "{out}"
    );
    assert_eq!(
        run(&["equiv", "-q", "http://a/", "http://b/"]),
        (1, String::new(), String::new())
    );
    assert_eq!(run(&["equiv", "--quiet", "http://a/", "HTTP://a/"]).0, 0);
    let (code, out, err) = run(&["equiv", "http://a/", "::"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_message(err.trim_end(), "equiv", "argument 1", "equiv trouble");
    assert_eq!(run(&["equiv", "http://a/"]).0, 2);
}

/// `rfc` gives 1 for what it cannot print, a section or an RFC alike.
#[test]
fn rfc_exits_1_for_what_it_cannot_print() {
    for args in [
        &["rfc", "3986", "99.9"][..],
        &["rfc", "9110"],
        &["rfc", "1"],
        &["rfc", "--code", "nope"],
    ] {
        let (code, out, err) = crate::support::run_uriscope(args, b"");
        assert_eq!((code, out.as_str()), (1, ""), "{args:?}: {err}");
        assert!(err.starts_with("uriscope rfc: '"), "{args:?}: {err}");
    }
}

/// `decode` writes a lossy result only with `--lossy`; its notes go to
/// stderr with `--explain`; a malformed escape is kept, an answer.
#[test]
fn decode_writes_a_lossy_result_only_when_asked() {
    let run = |args: &[&str]| crate::support::run_uriscope(args, b"");
    let (code, out, err) = run(&["decode", "%C3%28"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("--lossy"), "{err}");
    assert_eq!(
        run(&["decode", "--lossy", "%C3%28"]),
        (0, "\u{fffd}(\n".into(), String::new())
    );
    assert_eq!(run(&["decode", "%zz"]), (0, "%zz\n".into(), String::new()));
    let (code, out, err) = run(&["decode", "--explain", "%zz", "%252F"]);
    assert_eq!((code, out.as_str()), (0, "%zz\n%2F\n"));
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert_message(lines[0], "decode", "argument 1", "malformed");
    assert!(lines[0].contains("malformed escape"), "{err}");
    assert_message(lines[1], "decode", "argument 2", "double");
    assert!(lines[1].contains("encoded 2 times"), "{err}");
}

/// `extract -o` prints the links alone; `extract` takes several files
/// and exits as grep: 0 found, 1 none, 2 a file unread.
#[test]
fn extract_prints_links_alone_reads_several_files_and_exits_as_grep() {
    let dir = std::env::temp_dir().join(format!("uriscope-extract-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let (a, b) = (dir.join("a.md"), dir.join("b.md"));
    std::fs::write(&a, "see http://a/x and <http://b/y>\n").expect("written");
    std::fs::write(&b, "nothing here\n").expect("written");
    let (a, b) = (a.to_str().expect("a path"), b.to_str().expect("a path"));
    let run = |args: &[&str]| crate::support::run_uriscope(args, b"");
    assert_eq!(
        run(&["extract", "-o", a, b]),
        (0, "http://a/x\nhttp://b/y\n".into(), String::new())
    );
    assert_eq!(run(&["extract", "--only-matching", b]).0, 1);
    assert_eq!(run(&["extract"]).0, 1);
    let (code, out, _) = run(&["extract", a, b]);
    assert_eq!(code, 0);
    assert!(out.starts_with(&format!("{a}:1:5  http://a/x")), "{out}");
    let (code, out, err) = run(&["extract", "-o", a, "/nonexistent/x"]);
    assert_eq!((code, out.lines().count()), (2, 2));
    assert!(
        err.starts_with("uriscope extract: '/nonexistent/x': "),
        "{err}"
    );
    // -o feeds normalize.
    let (code, out, _) = crate::support::run_uriscope(&["normalize"], b"http://a/x\nhttp://b/y\n");
    assert_eq!((code, out.lines().count()), (0, 2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `dedupe` keys on bytes: two lines whose bad bytes differ are both
/// refused, by line, never merged, and never grouped with the valid
/// `U+FFFD` line; nothing is dropped silently.
#[test]
fn dedupe_never_merges_lines_that_are_not_utf8() {
    let input = b"http://a/\xff\nhttp://a/\xfe\nhttp://a/\xef\xbf\xbd\n";
    let (code, out, err) = crate::support::run_uriscope(&["dedupe"], input);
    assert_eq!((code, out.as_str()), (1, "http://a/\u{fffd}\n"));
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with("uriscope dedupe: line 1: 'http://a/\\xff': "),
        "{err}"
    );
    assert!(
        lines[1].starts_with("uriscope dedupe: line 2: 'http://a/\\xfe': "),
        "{err}"
    );
    let (code, out, _) = crate::support::run_uriscope(&["dedupe", "--json"], input);
    assert_eq!(code, 1);
    let v: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(v.len(), 3);
    assert!(v[0]["group"].is_null() && v[1]["group"].is_null(), "{out}");
    assert_eq!(v[2]["group"], 1);
    assert_eq!(v[2]["first"], true);
}

/// A line past the cap is named on stderr with its line number and
/// skipped; the lines after it are answered.
#[test]
fn a_line_past_the_cap_is_skipped_and_the_stream_goes_on() {
    let mut input = vec![b'a'; (64 << 20) + 1];
    input.extend_from_slice(b"\nhttp://a/%7e\n");
    let (code, out, err) = crate::support::run_uriscope(&["normalize"], &input);
    assert_eq!((code, out.as_str()), (1, "http://a/~\n"));
    assert!(
        err.starts_with("uriscope normalize: line 1: 'aaaa")
            && err.contains("…': a line longer than 64 MiB (67108865 bytes); skipped"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
}

/// trurl mode's errors all start `trurl error:`, as trurl's do, a
/// failed write's too; a closed pipe stays quiet.
#[test]
fn trurl_mode_reports_a_failed_write_as_trurl_does() {
    let (code, out, err) = run_redirected(trurl_link(), &["http://a/"], ">/dev/full", b"");
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(err, "trurl error: No space left on device (os error 28)\n");
}
