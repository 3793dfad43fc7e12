//! uriscope's trurl mode as a script meets it when the `trurl` link
//! replaces trurl 0.16.1: how it is invoked, trurl's command-line rules,
//! its notes and errors and its exit statuses (the manual's OPTIONS and
//! EXIT CODES), and `--explain`. Our own table, row by row from the
//! manual; trurl's test suite is not copied here.

use crate::support::{run_trurl, run_uriscope};

/// `args` succeed and print `want`.
#[track_caller]
pub(super) fn prints(args: &[&str], want: &str) {
    let (code, out, err) = run_trurl(args, b"");
    assert_eq!(code, 0, "{args:?}: {err}");
    assert_eq!(out, want, "{args:?}");
}

/// `args` stop with trurl's error `message` and exit status `code`.
#[track_caller]
fn fails(args: &[&str], code: i32, message: &str) {
    let (got, out, err) = run_trurl(args, b"");
    assert_eq!(
        (got, err.as_str()),
        (
            code,
            format!("trurl error: {message}\ntrurl error: Try trurl -h for help\n").as_str()
        ),
        "{args:?}"
    );
    assert_eq!(out, "", "{args:?}");
}

#[test]
fn the_link_and_edit_dash_dash_trurl_are_the_same_mode() {
    prints(&["example.com"], "http://example.com/\n");
    let (code, out, _) = run_uriscope(&["edit", "--trurl", "example.com"], b"");
    assert_eq!((code, out.as_str()), (0, "http://example.com/\n"));
    // Without --trurl, edit stays RFC 3986: no scheme is guessed.
    let (code, out, _) = run_uriscope(&["edit", "example.com"], b"");
    assert_eq!((code, out.as_str()), (0, "example.com\n"));
}

#[test]
fn version_says_it_is_uriscopes_trurl_mode() {
    for flag in ["-v", "--version"] {
        let (code, out, _) = run_trurl(&[flag], b"");
        assert_eq!(code, 0);
        let mut lines = out.lines();
        let first = lines.next().unwrap_or_default();
        assert!(
            first.starts_with("trurl version 0.16.1 (uriscope "),
            "{first}"
        );
        assert!(
            first.contains("trurl mode") && first.contains("no libcurl"),
            "{first}"
        );
        let features = lines.next().unwrap_or_default();
        for f in [
            "imap-options",
            "normalize-ipv4",
            "punycode2idn",
            "zone-id",
            "white-space",
        ] {
            assert!(features.contains(f), "{features} lacks {f}");
        }
    }
}

#[test]
fn help_lists_every_option_on_stdout() {
    let (code, out, _) = run_trurl(&["-h"], b"");
    assert_eq!(code, 0);
    for opt in [
        "--append",
        "--accept-space",
        "--as-idn",
        "--curl",
        "--default-port",
        "--url-file",
        "--get",
        "--iterate",
        "--json",
        "--keep-port",
        "--no-guess-scheme",
        "--punycode",
        "--qtrim",
        "--query-separator",
        "--quiet",
        "--redirect",
        "--replace",
        "--replace-append",
        "--set",
        "--sort-query",
        "--url",
        "--urlencode",
        "--verify",
        "--explain",
    ] {
        assert!(out.contains(opt), "help lacks {opt}");
    }
}

#[test]
fn options_take_their_value_glued_after_equals_or_next() {
    for args in [
        &["-shost=moo", "-sscheme=http"][..],
        &["--set=host=moo", "--set=scheme=http"],
        &["-s", "host=moo", "--set", "scheme=http"],
    ] {
        prints(args, "http://moo/\n");
    }
    prints(
        &["--url", "https://curl.se/we/are.html", "-g{path}"],
        "/we/are.html\n",
    );
    prints(&["--url=https://curl.se/we/are.html", "--get={port}"], "\n");
    // "--" ends the options: what follows is a URL even with a dash.
    prints(&["--", "-dash"], "http://-dash/\n");
}

#[test]
fn usage_mistakes_stop_with_trurls_messages_and_statuses() {
    let rows: &[(&[&str], i32, &str)] = &[
        (&["--url"], 3, "Missing argument for --url"),
        (&["u", "--set"], 3, "Missing argument for --set"),
        (&["u", "-s"], 3, "Missing argument for -s"),
        (&["u", "--append"], 3, "Missing argument for --append"),
        (&["u", "-g"], 3, "Missing argument for -g"),
        (&["--bogus"], 4, "unknown option: --bogus"),
        (&["--bogus=1"], 4, "unknown option: --bogus"),
        (&["-xyz"], 4, "unknown option: -x"),
        (&["--json=yes"], 4, "unknown option: --json"),
        (
            &["u", "--json", "-g", "{port}"],
            4,
            "--get is mutually exclusive with --json",
        ),
        (
            &["u", "-g", "{port}", "--json"],
            4,
            "--json is mutually exclusive with --get",
        ),
        (
            &["u", "-g", "a", "-g", "b"],
            4,
            "only one --get is supported",
        ),
        (
            &["u", "--redirect", "a", "--redirect", "b"],
            4,
            "only one --redirect is supported",
        ),
        (
            &["u", "--query-separator", "aa"],
            4,
            "only single-letter query separators are supported",
        ),
        (
            &["u", "--query-separator", ";", "--query-separator", ":"],
            4,
            "only one --query-separator is supported",
        ),
        (
            &["u", "--punycode", "--as-idn"],
            4,
            "--as-idn is mutually exclusive with --punycode",
        ),
        (
            &["u", "--as-idn", "--punycode"],
            4,
            "--punycode is mutually exclusive with --as-idn",
        ),
        (
            &["u", "-a", "fragment=x"],
            2,
            "--append unsupported component: fragment=x",
        ),
        (
            &["u", "--trim", "path=x"],
            8,
            "Unsupported trim component: path=x",
        ),
        (
            &["u", "--replace"],
            12,
            "No data passed to replace component",
        ),
        (
            &["u", "--replace-append"],
            12,
            "No data passed to replace component",
        ),
        (
            &["u", "-f", "/nonexistent/urls"],
            1,
            "--url-file /nonexistent/urls not found",
        ),
        (&["u", "-s", "nope=1"], 5, "unknown component: nope"),
        (&["u", "-s", "url=http://x/"], 5, "unknown component: url"),
        (&["u", "-s", "x"], 5, "invalid --set syntax: x"),
        (
            &["u", "-s", "port=1", "-s", "port=2"],
            5,
            "duplicate --set for component port",
        ),
        (&["u", "--iterate", "port"], 11, "wrong iterate syntax"),
        (
            &["u", "--iterate", "nope=1 2"],
            11,
            "bad component for iterate",
        ),
        (
            &["u", "--iterate", "port=1", "--iterate", "port=2"],
            11,
            "duplicate component for iterate: port",
        ),
        (
            &["u", "-s", "host=a", "--iterate", "host=b c"],
            11,
            "duplicate --iterate and --set for component host",
        ),
        (
            &["u", "-g", "{nope}"],
            10,
            "\"nope\" is not a recognized URL component",
        ),
        (
            &["u", "-g", "{bad:host}"],
            10,
            "Bad --get syntax: {bad:host}",
        ),
        (&["u", "-g", "{} rest"], 10, "Bad --get syntax: {} rest"),
        (
            &["u", "-g", "{puny:idn:host}"],
            10,
            "idn modifier is mutually exclusive with puny",
        ),
        (
            &["https://e/", "-g", "{must:query}"],
            10,
            "missing must:query",
        ),
        (
            &["https://e/", "-g", "{must:fragment}"],
            10,
            "missing must:fragment",
        ),
        (
            &["https://e/?q=%00", "-g", "{strict:query}"],
            10,
            "problems URL decoding query",
        ),
        (&[], 7, "not enough input for a URL"),
        (&["-s", "host=x"], 7, "not enough input for a URL"),
        (&["-s", "scheme=imap"], 7, "not enough input for a URL"),
        (
            &["--verify", "--no-guess-scheme", "hello"],
            9,
            "Bad scheme [hello]",
        ),
        (
            &["--verify", "a b"],
            9,
            "Malformed input to a URL function [a b]",
        ),
        (
            &["--curl", "--verify", "foo://bar"],
            9,
            "Unsupported URL scheme [foo://bar]",
        ),
        (
            &["--verify", "http:////x"],
            9,
            "Unsupported number of slashes following scheme [http:////x]",
        ),
        (
            &["--verify", "http://[::g]/"],
            9,
            "Bad IPv6 address [http://[::g]/]",
        ),
        (
            &["--verify", "http://h:99999/"],
            9,
            "Port number was not a decimal number between 0 and 65535 [http://h:99999/]",
        ),
    ];
    for (args, code, message) in rows {
        fails(args, *code, message);
    }
}

#[test]
fn help_and_version_win_where_they_stand() {
    let (code, out, _) = run_trurl(&["-v", "--bogus"], b"");
    assert_eq!((code, out.starts_with("trurl version")), (0, true));
    let (code, _, err) = run_trurl(&["--bogus", "-v"], b"");
    assert_eq!(
        (code, err.starts_with("trurl error: unknown option")),
        (4, true)
    );
}

#[test]
fn a_bad_url_is_a_note_and_the_run_goes_on() {
    let (code, out, err) = run_trurl(
        &["emanuele6://curl.se/trurl", "", "https://example.org"],
        b"",
    );
    assert_eq!(code, 0);
    assert_eq!(out, "emanuele6://curl.se/trurl\nhttps://example.org/\n");
    assert_eq!(err, "trurl note: Malformed input to a URL function []\n");
    let (code, out, err) = run_trurl(
        &["--no-guess-scheme", "foo", "https://example.org", "hey"],
        b"",
    );
    assert_eq!((code, out.as_str()), (0, "https://example.org/\n"));
    assert_eq!(
        err,
        "trurl note: Bad scheme [foo]\ntrurl note: Bad scheme [hey]\n"
    );
}

#[test]
fn verify_closes_the_json_array_before_it_stops() {
    let (code, out, err) = run_trurl(
        &["--verify", "--json", "ftp://example.org", "", "git://x/"],
        b"",
    );
    assert_eq!(code, 9);
    assert!(
        err.contains("Malformed input to a URL function []"),
        "{err}"
    );
    let v: serde_json::Value = serde_json::from_str(&out).expect("a closed array");
    assert_eq!(v[0]["url"], "ftp://example.org/");
    assert_eq!(v.as_array().map(Vec::len), Some(1));
}

#[test]
fn quiet_silences_trurls_notes_but_not_bad_urls() {
    let (_, out, err) = run_trurl(&["https://c.se?n=mr%00s", "-g", "{query}", "--quiet"], b"");
    assert_eq!((out.as_str(), err.as_str()), ("\n", ""));
    let (_, _, err) = run_trurl(&["https://c.se?n=mr%00s", "-g", "{query}"], b"");
    assert_eq!(
        err,
        "trurl note: URL decode error, most likely because of rubbish in the input (query)\n"
    );
    let (_, _, err) = run_trurl(&["--quiet", "--no-guess-scheme", "odd"], b"");
    assert_eq!(err, "trurl note: Bad scheme [odd]\n");
}

#[test]
fn a_value_libcurl_refuses_is_a_note_and_the_component_stays() {
    let (code, out, err) = run_trurl(&["http://h/", "-s", "port=x", "-s", "host=a b"], b"");
    assert_eq!((code, out.as_str()), (0, "http://h/\n"));
    assert_eq!(
        err,
        "trurl note: Error setting port: Port number was not a decimal number between 0 and \
         65535\ntrurl note: Error setting host: Bad hostname\n"
    );
}

#[test]
fn notes_and_errors_show_control_characters_escaped() {
    let (_, _, err) = run_trurl(&["--no-guess-scheme", "a\u{1b}]2;x\u{7}"], b"");
    assert_eq!(
        err,
        "trurl note: Malformed input to a URL function [a\\x1b]2;x\\x07]\n"
    );
    assert!(!err.contains('\u{1b}'));
}

#[test]
fn explain_says_what_changed_why_and_where_rfc_3986_parts() {
    let (code, out, err) = run_trurl(
        &[
            "http://ex%61mple:80/%62ath/a/../b?%2e%FF#tes%74",
            "--explain",
        ],
        b"",
    );
    assert_eq!(
        (code, out.as_str()),
        (0, "http://example/bath/b?.%ff#test\n")
    );
    for want in [
        "trurl explain: http://ex%61mple:80/%62ath/a/../b?%2e%FF#tes%74",
        "host: \"ex%61mple\" -> \"example\"",
        "path: \"/%62ath/a/../b\" -> \"/%62ath/b\"",
        "RFC 3986 §5.2.4",
        "query: \"%2e%FF\" -> \".%ff\"",
        "port: \"80\" -> \"\"",
        "RFC 3986 (§6.2.2, §6.2.3) reads it as: http://example/bath/b?.%FF#test",
        "trurl (libcurl) reads it as: http://example/bath/b?.%ff#test",
        "the readings part at character 25: trurl \"ff#test\", RFC 3986 \"FF#test\"",
    ] {
        assert!(err.contains(want), "no {want:?} in\n{err}");
    }
    let (_, _, err) = run_trurl(&["example.com", "--explain"], b"");
    assert!(err.contains("scheme: \"\" -> \"http\""), "{err}");
    assert!(err.contains("RFC 3986 guesses nothing"), "{err}");
    let (_, _, quiet) = run_trurl(&["example.com"], b"");
    assert_eq!(quiet, "", "no explanation without --explain");
}

/// The answer rule: what trurl mode writes holds no control or bidi
/// character a terminal acts on; a decoded component that would is
/// refused as trurl refuses one holding a NUL, unless `--raw`.
#[test]
fn decoded_control_characters_are_refused_unless_raw_esc_1b_5d_2() {
    let (code, out, err) = run_trurl(&["http://e/%1b]2;x%07", "-g", "{path}|{:path}"], b"");
    assert_eq!((code, out.as_str()), (0, "|/%1b%5d2%3bx%07\n"));
    assert_eq!(
        err,
        "trurl note: URL decode error, most likely because of rubbish in the input (path): it \
         decodes to ESC (U+001B), a control character, at byte 1, which a terminal acts on \
         ({:path} gives it encoded, --raw writes it)\n"
    );
    let (_, out, _) = run_trurl(&["http://e/%1b]2;x%07", "-g", "{path}", "--raw"], b"");
    assert_eq!(out, "/\u{1b}]2;x\u{7}\n");
    let (code, _, err) = run_trurl(&["http://e/%e2%80%ae", "-g", "{strict:path}"], b"");
    assert_eq!(code, 10);
    assert!(
        err.starts_with("trurl error: problems URL decoding path\n"),
        "{err}"
    );
    let (_, out, err) = run_trurl(&["http://e/?a=%07", "-g", "{query:a}"], b"");
    assert_eq!(out, "\n");
    assert!(
        err.contains("BEL (U+0007)") && err.contains("{:query:a}"),
        "{err}"
    );
    // A host decoded to a C1 control: the URL is not written, JSON escapes it.
    let (_, out, err) = run_trurl(&["http://%C2%9B/"], b"");
    assert_eq!(out, "");
    assert!(err.contains("CSI (U+009B)"), "{err}");
    let (_, out, _) = run_trurl(&["http://%C2%9B/", "--json"], b"");
    assert!(out.contains("\"http://\\u009b/\""), "{out}");
}

mod any_command_line {
    use proptest::prelude::*;

    /// Options and pieces of URLs a command line is made of; `-f` is
    /// left out (it would read stdin or a file).
    fn word() -> impl Strategy<Value = Vec<u8>> {
        let opts = prop::sample::select(vec![
            "-s",
            "-a",
            "-g",
            "--set",
            "--append",
            "--get",
            "--iterate",
            "--redirect",
            "--qtrim",
            "--trim",
            "--replace",
            "--replace-append",
            "--query-separator",
            "--json",
            "--verify",
            "--urlencode",
            "--keep-port",
            "--default-port",
            "--punycode",
            "--as-idn",
            "--accept-space",
            "--no-guess-scheme",
            "--sort-query",
            "--curl",
            "--quiet",
            "--explain",
            "--raw",
            "--",
            "host=",
            "port=8",
            "query=a=b",
            "path=x",
            "scheme=ftp",
            "{host}",
            "[path]",
            "{query:a}",
            "{:url}",
            "{must:fragment}",
            "http://h/?a=1&b",
            "imap://u:p;o@[::1%e]/",
            "0x7f.1",
            "example.com:8/../x#f",
        ]);
        prop_oneof![
            opts.prop_map(|s| s.as_bytes().to_vec()),
            prop::collection::vec(any::<u8>(), 0..12),
            "[a-z{}\\[\\]%:=@/?#&.*+ -]{0,12}".prop_map(String::into_bytes),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Bad input never panics: any command line ends with a status,
        /// and what it writes on stderr holds no raw escape.
        #[test]
        fn trurl_mode_never_panics(args in prop::collection::vec(word(), 0..8)) {
            prop_assume!(!args.iter().any(|a| a.starts_with(b"-f") || a.starts_with(b"--url-f")));
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let code = uriscope::cli::trurl::run_to(&args, &mut out, &mut err).expect("no I/O error");
            prop_assert!((0..=12).contains(&code));
            prop_assert!(!err.contains(&0x1b), "{}", String::from_utf8_lossy(&err));
        }
    }
}

/// The one `--get` reader in its two dialects: `edit` refuses a format
/// that mixes `{}` and `[]` or leaves a field open, and reads `{{` as a
/// `{` anywhere; trurl mode reads the other mark and an unclosed one as
/// text, and a doubled mark of its kind as one.
#[test]
fn get_dialects_edit_refuses_mixed_or_open_fields_trurl_reads_them_as_text() {
    prints(&["http://h:8/", "-g", "{host}[port]"], "h[port]\n");
    prints(&["http://h:8/", "-g", "[host]{port}"], "h{port}\n");
    prints(&["http://h:8/", "-g", "x{host"], "x{host\n");
    prints(&["http://h:8/", "-g", "{{[host]"], "{[host]\n");
    prints(&["http://h:8/", "-g", "[[host]"], "[host]\n");
    for (format, message) in [
        (
            "{host}[port]",
            "braces and brackets cannot be mixed in one format",
        ),
        (
            "[host]{port}",
            "braces and brackets cannot be mixed in one format",
        ),
        ("x{host", "{host is not closed with }"),
    ] {
        let (code, out, err) = run_uriscope(&["edit", "http://h:8/", "-g", format], b"");
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (
                10,
                "",
                format!("uriscope edit: --get: {message}\n").as_str()
            ),
            "{format}"
        );
    }
    let (code, out, _) = run_uriscope(&["edit", "http://h:8/", "-g", "{{[host]"], b"");
    assert_eq!((code, out.as_str()), (0, "{h\n"));
}
