//! `uriscope resolve | normalize | equiv | relative` end to end: plain and
//! --json output, --trace, stdin streaming, exit codes.

use serde_json::Value;

fn uriscope(args: &[&str], stdin: &[u8]) -> (i32, String) {
    let (code, out, _) = crate::support::run_uriscope(args, stdin);
    (code, out)
}

fn json_lines(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn keys(v: &Value) -> Vec<&str> {
    v.as_object().unwrap().keys().map(String::as_str).collect()
}

const BASE: &str = "http://a/b/c/d;p?q";

#[test]
fn resolve_plain_one_line_per_input_in_order() {
    let (code, out) = uriscope(
        &["resolve", "--base", BASE, "g", "../..", "#s", "http:g"],
        b"",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "http://a/b/c/g\nhttp://a/\nhttp://a/b/c/d;p?q#s\nhttp:g\n"
    );
    let (code, out) = uriscope(&["resolve", "--compat", "--base", BASE, "http:g"], b"");
    assert_eq!((code, out.as_str()), (0, "http://a/b/c/g\n"));
}

#[test]
fn resolve_reads_stdin_and_exits_1_on_a_bad_reference() {
    let (code, out, err) =
        crate::support::run_uriscope(&["resolve", "--base", BASE], b"g\na b\n\xff\n/g\n");
    assert_eq!(code, 1);
    assert_eq!(
        out, "http://a/b/c/g\nhttp://a/g\n",
        "answers only on stdout"
    );
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with(
            "uriscope resolve: line 2: 'a b': the reference is not a valid URI-reference"
        ),
        "{}",
        lines[0]
    );
    assert_eq!(
        lines[1],
        "uriscope resolve: line 3: '\\xff': not valid UTF-8"
    );
}

#[test]
fn resolve_json_has_exactly_the_documented_keys() {
    let (code, out) = uriscope(&["resolve", "--json", "--base", BASE, "../g", "g h"], b"");
    assert_eq!(code, 1);
    let v = json_lines(&out);
    assert_eq!(
        keys(&v[0]),
        ["base", "error", "reference", "target", "whatwg_target"]
    );
    assert_eq!(v[0]["base"], BASE);
    assert_eq!(v[0]["reference"], "../g");
    assert_eq!(v[0]["target"], "http://a/b/g");
    assert_eq!(v[0]["error"], Value::Null);
    assert_eq!(v[1]["target"], Value::Null);
    assert!(v[1]["error"]
        .as_str()
        .unwrap()
        .contains("not a valid URI-reference"));
    // Exact text and key order of one line.
    let (_, out) = uriscope(&["resolve", "--json", "--base", BASE, "g"], b"");
    assert_eq!(out, format!("{{\"base\":\"{BASE}\",\"reference\":\"g\",\"target\":\"http://a/b/c/g\",\"error\":null,\"whatwg_target\":\"http://a/b/c/g\"}}\n"));
}

#[test]
fn resolve_with_a_base_without_scheme_fails_every_input() {
    let (code, out) = uriscope(&["resolve", "--base", "/b/c", "g", "h"], b"");
    assert_eq!(code, 1);
    assert!(
        out.lines()
            .all(|l| l.starts_with("error: the base must be an absolute URI")),
        "{out}"
    );
}

#[test]
fn resolve_trace_prints_the_dot_segment_table_aligned() {
    let (code, out) = uriscope(
        &["resolve", "--trace", "--base", "http://a/b/c/./../../g", ""],
        b"",
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("branch (§5.2.2) empty-path: if (R.path == \"\") then"),
        "{out}"
    );
    let (code, out) = uriscope(
        &["resolve", "--trace", "--base", "s:/", "a/b/c/./../../g"],
        b"",
    );
    assert_eq!(code, 0);
    let table: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.contains("STEP"))
        .take(9)
        .collect();
    assert_eq!(table[0].trim_end(), "    STEP  OUTPUT BUFFER  INPUT BUFFER");
    assert_eq!(
        table[1].trim_end(),
        "    1 :                  /a/b/c/./../../g"
    );
    assert!(
        table[2].starts_with("    2E:   /a             /b/c/./../../g"),
        "{}",
        table[2]
    );
    assert!(
        table[5].starts_with("    2B:   /a/b/c         /../../g"),
        "{}",
        table[5]
    );
    assert!(table[8].starts_with("    2E:   /a/g"), "{}", table[8]);
    assert!(out.contains("recomposed (§5.3) s:/a/g"));
}

#[test]
fn resolve_json_trace_adds_steps() {
    let (code, out) = uriscope(
        &[
            "resolve",
            "--json",
            "--trace",
            "--base",
            "scheme:/a",
            "/.//foo",
        ],
        b"",
    );
    assert_eq!(code, 0);
    let v = &json_lines(&out)[0];
    assert_eq!(
        keys(v),
        [
            "base",
            "error",
            "reference",
            "steps",
            "target",
            "whatwg_target"
        ]
    );
    assert_eq!(v["target"], "scheme:/.//foo");
    let steps = v["steps"].as_array().unwrap();
    let names: Vec<&str> = steps.iter().map(|s| s["step"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "base",
            "reference",
            "branch",
            "remove-dot-segments",
            "finding",
            "target",
            "recomposed"
        ]
    );
    assert_eq!(steps[4]["code"], "double-slash-path-without-authority");
    assert_eq!(steps[3]["rows"][0]["rule"], "B");
}

#[test]
fn normalize_plain_json_and_exit_codes() {
    let (code, out) = uriscope(
        &[
            "normalize",
            "HTTP://www.EXAMPLE.com/",
            "http://example.com:80",
        ],
        b"",
    );
    assert_eq!(
        (code, out.as_str()),
        (0, "http://www.example.com/\nhttp://example.com/\n")
    );
    let (code, out, err) = crate::support::run_uriscope(
        &["normalize", "--syntax-only"],
        b"http://example.com:80\n%zz\n",
    );
    assert_eq!(code, 1);
    assert_eq!(out, "http://example.com:80\n");
    assert!(
        err.starts_with("uriscope normalize: line 2: '%zz': not a valid URI-reference"),
        "{err}"
    );
    let (code, out) = uriscope(
        &["normalize", "--json", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"],
        b"",
    );
    assert_eq!(code, 0);
    assert_eq!(out, "{\"input\":\"eXAMPLE://a/./b/../b/%63/%7bfoo%7d\",\"normalized\":\"example://a/b/c/%7Bfoo%7D\",\"error\":null}\n");
    let (code, out) = uriscope(&["normalize", "--json"], b"a b\n");
    assert_eq!(code, 1);
    let v = &json_lines(&out)[0];
    assert_eq!(keys(v), ["error", "input", "normalized"]);
    assert_eq!(v["normalized"], Value::Null);
}

#[test]
fn normalize_trace_shows_each_rung_with_carets() {
    let (code, out) = uriscope(&["normalize", "--trace", "HTTP://h:80"], b"");
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>(),
        ["RUNG", "SECTION", "AFTER"]
    );
    assert!(
        lines[2].starts_with("  case              RFC 3986 §6.2.2.1  http://h:80"),
        "{out}"
    );
    assert_eq!(lines[3].trim(), "^^^^");
    assert!(
        out.contains("scheme-based      RFC 3986 §6.2.3    http://h/"),
        "{out}"
    );
    assert!(out.contains("  = http://h/"));
    let (_, out) = uriscope(&["normalize", "--json", "--trace", "HTTP://h"], b"");
    let v = &json_lines(&out)[0];
    let rungs: Vec<&str> = v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rung"].as_str().unwrap())
        .collect();
    assert_eq!(
        rungs,
        [
            "case",
            "percent-encoding",
            "path-segments",
            "empty-port",
            "scheme-based",
            "idna"
        ]
    );
    assert_eq!(v["steps"][0]["changed"], serde_json::json!([[0, 4]]));
}

#[test]
fn equiv_plain_json_stdin_and_usage() {
    let (code, out) = uriscope(
        &["equiv", "http://example.com", "http://example.com:/"],
        b"",
    );
    assert_eq!(
        (code, out.as_str()),
        (0, "equivalent (scheme-based, RFC 3986 §6.2.3)\n")
    );
    let (code, out) = uriscope(
        &[
            "equiv",
            "--json",
            "example://a/b/c/%7Bfoo%7D",
            "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
        ],
        b"",
    );
    assert_eq!(code, 0);
    assert_eq!(out, "{\"a\":\"example://a/b/c/%7Bfoo%7D\",\"b\":\"eXAMPLE://a/./b/../b/%63/%7bfoo%7d\",\"equivalent\":true,\"rung\":\"syntax-based\",\"differs\":[]}\n");
    let (code, out) = uriscope(&["equiv", "--json"], b"http://a/x http://b/x?\n");
    assert_eq!(code, 1, "not equivalent, as cmp");
    let v = &json_lines(&out)[0];
    assert_eq!(keys(v), ["a", "b", "differs", "equivalent", "rung"]);
    assert_eq!(v["differs"], serde_json::json!(["host", "query"]));
    assert_eq!(v["rung"], Value::Null);
    let (code, out, err) =
        crate::support::run_uriscope(&["equiv"], b"x y\nonly-one\nhttp://a/%zz http://a/\n");
    assert_eq!(code, 2, "trouble, as cmp");
    assert_eq!(out, "not equivalent: path differs\n");
    let lines: Vec<&str> = err.lines().collect();
    assert!(
        lines[0].starts_with("uriscope equiv: line 2: 'only-one': "),
        "{err}"
    );
    assert!(
        lines[1].starts_with("uriscope equiv: line 3: 'http://a/%zz http://a/': "),
        "{err}"
    );
    let (_, out) = uriscope(
        &["equiv"],
        b"http://a/x http://b/x?\nhttp://a/b?x#1 http://b/c?y\n",
    );
    let plural: Vec<&str> = out.lines().collect();
    assert_eq!(plural[0], "not equivalent: host and query differ");
    assert_eq!(
        plural[1],
        "not equivalent: host, path, query and fragment differ"
    );
    assert_eq!(uriscope(&["equiv", "x"], b"").0, 2);
    assert_eq!(uriscope(&["equiv", "a", "b", "c"], b"").0, 2);
}

#[test]
fn relative_plain_json_and_exit_codes() {
    let (code, out) = uriscope(
        &[
            "relative",
            "--base",
            BASE,
            "http://a/b/c/g",
            "http://a/g",
            "http://g/x",
        ],
        b"",
    );
    assert_eq!((code, out.as_str()), (0, "g\n/g\n//g/x\n"));
    let (code, out) = uriscope(
        &["relative", "--json", "--base", BASE],
        b"http://a/b/g\nhttp://a/b/../g\n",
    );
    assert_eq!(code, 1);
    let v = json_lines(&out);
    assert_eq!(out.lines().next().unwrap(), format!("{{\"base\":\"{BASE}\",\"target\":\"http://a/b/g\",\"reference\":\"../g\",\"verified\":true,\"error\":null}}"));
    assert_eq!(
        keys(&v[1]),
        ["base", "error", "reference", "target", "verified"]
    );
    assert_eq!(v[1]["verified"], false);
    assert_eq!(v[1]["reference"], Value::Null);
    assert!(v[1]["error"]
        .as_str()
        .unwrap()
        .contains("no reference resolves"));
}

#[test]
fn missing_base_is_a_usage_error() {
    assert_eq!(uriscope(&["resolve", "g"], b"").0, 2);
    assert_eq!(uriscope(&["relative", "g"], b"").0, 2);
    assert_eq!(uriscope(&["normalize", "--bogus"], b"").0, 2);
}

#[test]
fn resolve_rfc2396_uses_the_1998_algorithm() {
    let (code, out) = uriscope(
        &[
            "resolve",
            "--rfc2396",
            "--base",
            BASE,
            "?y",
            "../../../g",
            "g",
        ],
        b"",
    );
    assert_eq!(
        (code, out.as_str()),
        (0, "http://a/b/c/?y\nhttp://a/../g\nhttp://a/b/c/g\n")
    );
    let (code, out, err) =
        crate::support::run_uriscope(&["resolve", "--rfc2396", "--base", BASE], b"a b\n");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.starts_with(
            "uriscope resolve: line 1: 'a b': the reference is not a valid URI-reference"
        ),
        "{err}"
    );
    let (code, out) = uriscope(
        &["resolve", "--rfc2396", "--trace", "--base", BASE, "g/../h"],
        b"",
    );
    assert_eq!(code, 0);
    let rules: Vec<&str> = out
        .lines()
        .skip(2)
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(
        rules.starts_with(&["1", "2", "3", "4", "5", "6a", "6b"]),
        "{out}"
    );
    assert!(out.contains("  target http://a/b/c/h"), "{out}");
    let (code, out) = uriscope(
        &[
            "resolve",
            "--rfc2396",
            "--json",
            "--trace",
            "--base",
            BASE,
            "g",
        ],
        b"",
    );
    assert_eq!(code, 0);
    let v = &json_lines(&out)[0];
    assert_eq!(v["target"], "http://a/b/c/g");
    assert_eq!(v["steps"][0]["step"], "1");
    assert_eq!(
        uriscope(
            &["resolve", "--rfc2396", "--compat", "--base", BASE, "g"],
            b""
        )
        .0,
        2
    );
}

#[test]
fn resolve_json_carries_the_whatwg_target() {
    let (_, out) = uriscope(
        &[
            "resolve",
            "--json",
            "--base",
            "http://a/b/c/d;p?q",
            "http:g",
            "..\\g",
        ],
        b"",
    );
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // RFC 3986 strict keeps `http:g`; a browser joins it like `g`.
    assert_eq!(lines[0]["target"], "http:g");
    assert_eq!(lines[0]["whatwg_target"], "http://a/b/c/g");
    // A backslash is not RFC 3986 at all; a browser reads it as '/'.
    assert_eq!(lines[1]["target"], serde_json::Value::Null);
    assert_eq!(lines[1]["whatwg_target"], "http://a/b/g");
}

#[test]
fn plain_breakdown_without_subcommand_includes_lint_findings() {
    let (_, text) = uriscope(&["http://user:secret@trusted.example@evil.example/"], b"");
    assert!(text.contains("userinfo-password"), "{text}");
}

/// `--iri` on `resolve` and `relative`.
#[test]
fn resolve_and_relative_take_iri_with_the_flag() {
    let base = "https://münchen.de/straße?q=ü";
    let (code, out) = uriscope(&["resolve", "--iri", "--base", base, "ö", "?x=é"], b"");
    assert_eq!(
        (code, out.as_str()),
        (0, "https://münchen.de/ö\nhttps://münchen.de/straße?x=é\n")
    );
    let (code, out, err) = crate::support::run_uriscope(&["resolve", "--base", base, "ö"], b"");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("--iri"), "{err}");
    let (code, out) = uriscope(
        &["relative", "--iri", "--base", base, "https://münchen.de/ö"],
        b"",
    );
    assert_eq!((code, out.as_str()), (0, "ö\n"));
}
