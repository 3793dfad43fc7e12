//! Findings of the adversarial review, each pinned as a regression test
//! now that it is fixed.

use uriscope::uri::lint::Linted;
use uriscope::uri::{self, Finding, ParseOptions, Severity};

/// What `parse` reports: the parser's findings and the lint's, merged.
struct LintedFindings {
    findings: Vec<Finding>,
}

fn analyze_linted(s: &str, options: ParseOptions) -> LintedFindings {
    let r = uri::analyze(s, options);
    let findings = Linted::new(&r).findings().collect();
    LintedFindings { findings }
}

fn uriscope(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    crate::support::run_uriscope(args, stdin)
}

#[test]
fn ipvfuture_percent_is_not_called_a_malformed_escape() {
    let a = uri::analyze("http://[v1.x%25]/", Default::default());
    assert!(!a.is_valid());
    let f = a.errors().next().expect("an error");
    assert_ne!(f.code, "bad-percent", "{}", f.message);
    assert!(f.message.contains("IPvFuture"), "{}", f.message);
}

#[test]
fn port_not_digits_message_explains() {
    let a = uri::analyze("http://::1/", Default::default());
    let f = a
        .findings()
        .find(|f| f.code == "port-not-digits")
        .expect("port-not-digits");
    assert!(!f.message.contains(": ("), "empty detail: {}", f.message);
}

#[test]
fn iri_with_bidi_override_is_flagged() {
    let s = "http://a/x\u{202E}y";
    let a = analyze_linted(s, ParseOptions::new().iri(true));
    assert!(
        a.findings
            .iter()
            .any(|f| f.span.start <= 10 && f.span.end >= 13 && f.severity != Severity::Note),
        "{:?}",
        a.findings
    );
}

#[test]
fn visible_escapes_bidi_controls() {
    for c in ['\u{202E}', '\u{2067}', '\u{200F}'] {
        let s = format!("a{c}b");
        assert_ne!(uriscope::text::plain::visible(&s), s, "U+{:04X}", c as u32);
    }
}

#[test]
fn port_out_of_range_is_flagged() {
    for s in ["http://a:65536/", "http://a:99999999999999999999/"] {
        let a = analyze_linted(s, ParseOptions::default());
        assert!(
            a.findings
                .iter()
                .any(|f| f.code != "non-default-port" && f.span.start == 9),
            "{s}: {:?}",
            a.findings
        );
    }
}

#[test]
fn breakdown_rejects_or_uses_base() {
    let (code, out, err) = uriscope(&["--base", "notabase", "g"], b"");
    assert!(
        code != 0 || out.contains("resolv") || err.contains("base"),
        "{code} {out} {err}"
    );
}

#[test]
fn no_uri_and_no_terminal_says_why() {
    let (code, out, err) = uriscope(&[], b"http://a/\n");
    assert!(
        (code == 2 && !err.trim().is_empty()) || out.contains("http://a/"),
        "{code} {out:?} {err:?}"
    );
}

#[test]
fn extract_strips_matching_single_quotes() {
    let found = uri::extract::extract("see 'http://q.com/z' here");
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].uri, "http://q.com/z");
}

#[test]
fn stdin_bom_is_stripped_or_named() {
    let (_, out, err) = uriscope(&["parse", "--json"], b"\xEF\xBB\xBFhttp://a/\n");
    assert!(
        out.contains("\"valid\":true") || (out + &err).to_lowercase().contains("bom"),
        "{err}"
    );
}

#[test]
fn equiv_stdin_error_names_the_line() {
    // Errors go to stderr (the output contract), naming the line and
    // quoting it.
    let (_, out, err) = uriscope(&["equiv"], b"a b\nonlyone\n");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        err.starts_with("uriscope equiv: line 2: 'onlyone': "),
        "{err}"
    );
}

#[test]
fn http_empty_host_is_at_least_a_warning() {
    let a = analyze_linted("http:///x", ParseOptions::default());
    assert!(
        a.findings.iter().any(|f| f.severity != Severity::Note),
        "{:?}",
        a.findings
    );
}

/// Review finding: relative compared schemes case-sensitively, so
/// HTTP://a/b/c -> http://a/b/d gave the absolute URI instead of "d"
/// (RFC 3986 §3.1: schemes are case-insensitive).
#[test]
fn relative_scheme_case_insensitive() {
    let (_, out, _) = uriscope(&["relative", "--base", "HTTP://a/b/c", "http://a/b/d"], b"");
    assert_eq!(out.trim(), "d");
}

#[test]
fn uppercase_host_ignores_escape_hex_digits() {
    for s in ["http://%C3%BC.com/", "http://a%2Db.com/"] {
        let a = uri::analyze(s, Default::default());
        assert!(
            !a.findings().any(|f| f.code == "uppercase-host"),
            "{s}: {:?}",
            a.findings().collect::<Vec<_>>()
        );
    }
}
