//! The `encode`, `decode`, `iri2uri` and `uri2iri` subcommands, run as the
//! real binary.

/// Run `uriscope ARGS` with `stdin`; returns (exit code, stdout, stderr).
fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    crate::support::run_uriscope(args, stdin)
}

fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

#[test]
fn encode_args_and_sets() {
    let (code, out, _) = run(&["encode", "--set", "segment", "a/b c", "ア"], b"");
    assert_eq!((code, out.as_str()), (0, "a%2Fb%20c\n%E3%82%A2\n"));
    let (code, out, _) = run(&["encode", "--set", "form", "a b+c"], b"");
    assert_eq!((code, out.as_str()), (0, "a+b%2Bc\n"));
    // Default set: unreserved only.
    let (_, out, _) = run(&["encode", "a/b"], b"");
    assert_eq!(out, "a%2Fb\n");
}

#[test]
fn keep_escapes_flag() {
    let (_, out, _) = run(&["encode", "--set", "path", "%2F x"], b"");
    assert_eq!(out, "%252F%20x\n");
    let (_, out, _) = run(&["encode", "--set", "path", "--keep-escapes", "%2F x"], b"");
    assert_eq!(out, "%2F%20x\n");
    // The old flag is still accepted and asks for what is now the default.
    let (code, out, _) = run(
        &["encode", "--set", "path", "--encode-percent", "%2F x"],
        b"",
    );
    assert_eq!((code, out.as_str()), (0, "%252F%20x\n"));
}

/// `encode '50%25 more'` gave `50%25%20more`, which
/// decodes to `50% more`, not to what was given. Every set now encodes the
/// `%` like Python's `quote`, JavaScript's `encodeURIComponent` and the
/// WHATWG form serializer, and `decode` gives the text back.
#[test]
fn encode_50_percent_25_more_encodes_the_percent_sign() {
    let (_, out, _) = run(&["encode", "50%25 more"], b"");
    assert_eq!(out, "50%2525%20more\n");
    let (_, out, _) = run(&["encode", "--set", "form", "50%25 more"], b"");
    assert_eq!(out, "50%2525+more\n");
    // The answer alone (a note on double encoding only with --explain).
    let (_, back, _) = run(&["decode", "50%2525%20more"], b"");
    assert_eq!(back, "50%25 more\n");
    let (_, back, _) = run(&["decode", "--plus", "50%2525+more"], b"");
    assert_eq!(back, "50%25 more\n");
}

#[test]
fn encode_reads_stdin_and_reports_non_utf8_lines() {
    let (code, out, err) = run(&["encode", "--set", "query"], b"a b\n\xff\nc?d\r\n");
    assert_eq!(code, 1);
    assert_eq!(out, "a%20b\nc?d\n");
    assert_eq!(err, "uriscope encode: line 2: '\\xff': not valid UTF-8\n");
}

#[test]
fn encode_explain_table() {
    let (code, out, _) = run(&["encode", "--set", "segment", "--explain", "/é"], b"");
    assert_eq!(code, 0);
    let lines: Vec<_> = out.lines().collect();
    assert_eq!(lines[0], "%2F%C3%A9");
    assert!(lines[1].contains("char") && lines[1].contains("class"));
    assert!(lines[2].contains("U+002F") && lines[2].contains("gen-delim"));
    assert!(lines[2].contains("forced by set segment"));
    assert!(lines[3].contains("U+00E9") && lines[3].contains("C3 A9"));
    assert!(lines[3].contains("%C3%A9") && !lines[3].contains("forced"));
}

#[test]
fn encode_json() {
    let (code, out, _) = run(&["encode", "--json", "--set", "query", "a b"], b"");
    assert_eq!(code, 0);
    let v = json_lines(&out);
    assert_eq!(
        v,
        [serde_json::json!({"input": "a b", "set": "query", "encoded": "a%20b"})]
    );
    let (_, out, _) = run(&["encode", "--json", "--explain", "/"], b"");
    let v = json_lines(&out);
    assert_eq!(v[0]["explain"][0]["code_point"], "U+002F");
    assert_eq!(v[0]["explain"][0]["forced"], true);
}

#[test]
fn encode_unknown_set_is_a_usage_error_listing_the_names() {
    let (code, _, err) = run(&["encode", "--set", "nope", "x"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("query-param") && err.contains("segment-nz-nc"));
    let (code, out, _) = run(&["encode", "--help"], b"");
    assert_eq!(code, 0);
    for name in uriscope::uri::percent::encode_set::NAMES {
        assert!(out.contains(name), "--help lists {name}");
    }
}

#[test]
fn decode_plain_shows_remarks() {
    let (code, out, err) = run(&["decode", "--explain", "a%20b", "%252F"], b"");
    assert_eq!(code, 0);
    assert_eq!(out, "a b\n%2F\n");
    assert_eq!(
        err,
        "uriscope decode: argument 2: '%252F': encoded 2 times: %252F -> %2F -> / (decoded once)\n"
    );
    // Bytes that are not UTF-8: no answer without --lossy.
    let (code, out, _) = run(&["decode", "a%G1%FF"], b"");
    assert_eq!((code, out.as_str()), (1, ""));
    let (code, out, err) = run(&["decode", "--lossy", "--explain", "a%G1%FF"], b"");
    assert_eq!((code, out.as_str()), (0, "a%G1\u{FFFD}\n"));
    let lines: Vec<_> = err.lines().collect();
    let head = "uriscope decode: argument 1: 'a%G1%FF': ";
    assert!(lines[0].starts_with(&format!("{head}not UTF-8: decoded bytes 4..5 (FF)")));
    assert!(lines[1].starts_with(&format!("{head}malformed escape \"%G1\" at 1..4")));
}

#[test]
fn decode_plus_and_control_characters() {
    let (_, out, _) = run(&["decode", "--plus", "a+b%2B"], b"");
    assert_eq!(out, "a b+\n");
    let (_, out, _) = run(&["decode", "a+b"], b"");
    assert_eq!(out, "a+b\n");
    // A decoded escape character is never written raw: the answer is
    // refused, stderr says why (cli::answers has the rest).
    let (code, out, err) = run(&["decode", "%1B[31m"], b"");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.contains("ESC (U+001B)") && !err.contains('\u{1b}'),
        "{err:?}"
    );
}

#[test]
fn decode_json() {
    let (code, out, _) = run(&["decode", "--json"], b"%252F\na%G1%ff%4\n");
    assert_eq!(code, 1);
    let v = json_lines(&out);
    assert_eq!(
        v[0],
        serde_json::json!({"input": "%252F", "decoded": "%2F", "hex": "25 32 46",
                           "utf8": true, "invalid_utf8": [],
                           "malformed": [], "rounds": ["%2F", "/"]})
    );
    assert_eq!(v[1]["utf8"], false);
    assert_eq!(v[1]["hex"], "61 25 47 31 FF 25 34");
    assert_eq!(
        v[1]["malformed"],
        serde_json::json!([{"start": 1, "end": 4, "text": "%G1"},
                           {"start": 7, "end": 9, "text": "%4"}])
    );
    assert_eq!(
        v[1]["invalid_utf8"],
        serde_json::json!([{"start": 4, "end": 5}])
    );
}

#[test]
fn iri2uri_plain_and_errors() {
    let (code, out, _) = run(
        &["iri2uri", "http://bücher.example/Dürst?q=ア", "http://a b/"],
        b"",
    );
    assert_eq!(code, 1);
    let lines: Vec<_> = out.lines().collect();
    assert_eq!(
        lines[0],
        "http://xn--bcher-kva.example/D%C3%BCrst?q=%E3%82%A2"
    );
    assert_eq!(lines.len(), 1);
    let (_, _, err) = run(&["iri2uri", "http://a b/"], b"");
    assert!(err.starts_with("uriscope iri2uri: argument 1: 'http://a b/': not an IRI-reference"));
    let (code, out, _) = run(&["iri2uri"], "http://résumé.example.org\n".as_bytes());
    assert_eq!(
        (code, out.as_str()),
        (0, "http://xn--rsum-bpad.example.org\n")
    );
}

#[test]
fn uri2iri_plain_and_json() {
    let (code, out, _) = run(
        &["uri2iri", "http://www.example.org/D%C3%BCrst%E2%80%AE"],
        b"",
    );
    assert_eq!(
        (code, out.as_str()),
        (0, "http://www.example.org/Dürst%E2%80%AE\n")
    );
    let (code, out, _) = run(&["uri2iri", "--json"], b"/%C3%A9\n%zz\n");
    assert_eq!(code, 1);
    let v = json_lines(&out);
    assert_eq!(
        v[0],
        serde_json::json!({"input": "/%C3%A9", "output": "/é", "error": null})
    );
    assert_eq!(v[1]["output"], serde_json::Value::Null);
    assert!(v[1]["error"]
        .as_str()
        .unwrap()
        .contains("not an IRI-reference"));
}

#[test]
fn iri2uri_json() {
    let (code, out, _) = run(&["iri2uri", "--json", "http://ok.bü_cher/"], b"");
    assert_eq!(code, 1);
    let v = json_lines(&out);
    assert_eq!(v[0]["output"], serde_json::Value::Null);
    assert!(v[0]["error"].as_str().unwrap().contains("bü_cher"));
}
