//! `uriscope parse` end to end: JSON shape, streaming stdin, exit codes.

fn uriscope(args: &[&str], stdin: &[u8]) -> (i32, String) {
    let (code, out, _) = crate::support::run_uriscope(args, stdin);
    (code, out)
}

#[test]
fn parse_json_has_exactly_the_documented_keys_in_order() {
    let (code, out) = uriscope(
        &[
            "parse",
            "--json",
            "foo://example.com:8042/over/there?name=ferret#nose",
        ],
        b"",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out.trim_end(),
        r#"{"input":"foo://example.com:8042/over/there?name=ferret#nose","valid":true,"kind":"uri","verdict":"uri","label":"valid URI (RFC 3986 §3)","uri_form":null,"scheme":"foo","authority":"example.com:8042","userinfo":null,"host":"example.com","host_kind":"reg-name","public_suffix":"com","registrable_domain":"example.com","port":"8042","path":"/over/there","query":"name=ferret","fragment":"nose","findings":[],"whatwg":{"valid":true,"href":"foo://example.com:8042/over/there?name=ferret#nose","differences":[]},"path_kind":"path-abempty","spans":{"scheme":{"start":0,"end":3},"authority":{"start":6,"end":22},"userinfo":null,"host":{"start":6,"end":17},"port":{"start":18,"end":22},"path":{"start":22,"end":33},"query":{"start":34,"end":45},"fragment":{"start":46,"end":50}},"segments":[{"start":23,"end":27,"raw":"over","decoded":"over","dot":null},{"start":28,"end":33,"raw":"there","decoded":"there","dot":null}],"query_pairs":[{"start":34,"end":45,"key":"name","value":"ferret","key_rfc":"name","value_rfc":"ferret","key_form":"name","value_form":"ferret"}],"host_details":{"kind":"reg-name","text":"example.com","ipv4":null,"ipv6_pieces":null,"ipv6_canonical":null,"zone":null,"ipvfuture_version":null,"idna":null},"scheme_facts":{"name":"foo","known":false,"default_port":null,"hierarchical":null,"authority":null,"spec":null}}"#
    );
}

#[test]
fn parse_json_reads_stdin_one_object_per_line_and_exits_1_on_invalid() {
    let (code, out) = uriscope(&["parse", "--json"], b"http://h/a b\r\n\xff\xfe\n#f\n");
    assert_eq!(code, 1);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["valid"], false);
    assert_eq!(lines[0]["path"], "/a b");
    // A URL with a space is one finding, which names the shape.
    assert_eq!(lines[0]["findings"][0]["code"], "url-with-spaces");
    assert_eq!(lines[0]["findings"][0]["start"], 0);
    assert_eq!(lines[0]["findings"][0]["end"], 12);
    assert_eq!(lines[0]["findings"][0]["severity"], "error");
    assert_eq!(lines[0]["shape"]["likely"], "http://h/a%20b");
    assert_eq!(lines[1]["findings"][0]["code"], "not-utf8");
    assert!(lines[1]["findings"][0]["message"]
        .as_str()
        .unwrap()
        .contains("line 2"));
    assert_eq!(lines[2]["kind"], "same-document");
    assert_eq!(lines[2]["fragment"], "f");
    assert_eq!(lines[2]["query"], serde_json::Value::Null);
}

#[test]
fn parse_json_invalid_input_carries_the_appendix_b_split() {
    let (code, out) = uriscope(&["parse", "--json", "ht tp://[::1/p?q#f"], b"");
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["scheme"], "ht tp");
    assert_eq!(v["authority"], "[::1");
    assert_eq!(v["path"], "/p");
    assert_eq!(v["query"], "q");
    assert_eq!(v["fragment"], "f");
}

#[test]
fn parse_plain_exit_codes() {
    assert_eq!(uriscope(&["parse", "http://h/"], b"").0, 0);
    assert_eq!(uriscope(&["parse", "http://h/%"], b"").0, 1);
    assert_eq!(uriscope(&["parse", "--no-such-flag"], b"").0, 2);
}

#[test]
fn plain_output_never_writes_control_characters_raw() {
    let (_, out) = uriscope(&["parse", "http://h/\u{1b}[2J\u{7}"], b"");
    assert!(!out.contains('\u{1b}'), "{out:?}");
    assert!(!out.contains('\u{7}'), "{out:?}");
    assert!(out.contains("\\x1b[2J\\x07"), "{out}");
}

#[test]
fn parse_streams_many_lines_in_order() {
    let input: String = (0..5000).map(|i| format!("http://h/{i}\n")).collect();
    let (code, out) = uriscope(&["parse", "--json"], input.as_bytes());
    assert_eq!(code, 0);
    let n = out.lines().count();
    assert_eq!(n, 5000);
    assert!(out.lines().last().unwrap().contains("\"path\":\"/4999\""));
}

/// Run `uriscope ARGS` with `stdin` and `URISCOPE_THREADS=threads`.
fn with_threads(threads: &str, args: &[&str], stdin: &[u8]) -> (i32, String) {
    let env = [("URISCOPE_THREADS", threads)];
    let (code, out, _) = crate::support::run_uriscope_env(args, stdin, &env);
    (code, out)
}

/// The lines answered on four threads are the bytes one thread writes,
/// in every format, with invalid and non-UTF-8 lines among them (each
/// with its own line number) and the exit status of the whole.
#[test]
fn parse_on_many_threads_writes_what_one_thread_writes() {
    let corpus = include_str!("../../../benches/uris.txt");
    let mut input: Vec<u8> = Vec::new();
    for (i, l) in corpus.lines().take(12_000).enumerate() {
        input.extend_from_slice(l.as_bytes());
        match i % 1000 {
            7 => input.extend_from_slice(b" \xff\n"),
            8 => input.extend_from_slice(b"\r\n"),
            _ => input.push(b'\n'),
        }
    }
    for args in [
        &["parse", "--json"][..],
        &["parse"],
        &["parse", "--format", "markdown"],
    ] {
        let (one_code, one) = with_threads("1", args, &input);
        let (four_code, four) = with_threads("4", args, &input);
        assert_eq!(one_code, 1, "{args:?}: the corpus has invalid lines");
        assert_eq!(four_code, one_code, "{args:?}");
        assert!(one == four, "{args:?}: the outputs differ");
        if args.contains(&"--json") {
            assert_eq!(one.lines().count(), 12_000);
            assert!(one.contains("line 8: not valid UTF-8"));
        }
    }
    // All valid: 0 on any thread count.
    let valid: String = (0..3000).map(|i| format!("http://h/{i}\n")).collect();
    assert_eq!(with_threads("4", &["parse"], valid.as_bytes()).0, 0);
}

/// Each line is answered as soon as it arrives, before the next is
/// written: a batch never waits for input that has not come.
#[test]
fn parse_answers_each_line_before_the_next_arrives() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_uriscope"))
        .args(["parse", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let (tx, rx) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().expect("stdout is piped");
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.expect("a line")).is_err() {
                return;
            }
        }
    });
    for i in 0..3 {
        writeln!(stdin, "http://h/{i}").expect("the line is written");
        stdin.flush().expect("flushed");
        let answer = rx
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("an answer before the next line");
        assert!(answer.contains(&format!("\"path\":\"/{i}\"")), "{answer}");
    }
    drop(stdin);
    assert!(child.wait().expect("it exits").success());
}
