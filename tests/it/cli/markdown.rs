//! `--format markdown`: a report to paste into an
//! issue or a pull request — the breakdown table, the findings with their
//! sections, the resolution trace, the normalization ladder — with
//! passwords masked and no raw control character.

use crate::support::run_uriscope;

#[test]
fn parse_writes_the_table_the_findings_and_the_analysis() {
    let (code, out, _) = run_uriscope(
        &[
            "parse",
            "--format",
            "markdown",
            "http://user:secret@h:8080/a/%2e%2E?q=a+b|c#f",
        ],
        b"",
    );
    assert_eq!(code, 1, "the | makes it invalid");
    assert!(
        out.starts_with("### `http://user:****@h:8080/a/%2e%2E?q=a+b|c#f`\n"),
        "{out}"
    );
    assert!(out.contains("| component | value | bytes | defined in |\n|---|---|---|---|\n"));
    assert!(
        out.contains("| scheme | `http` | 0..4 | RFC 3986 §3.1 |"),
        "{out}"
    );
    // In a table cell the pipe is escaped, so the row keeps its columns.
    assert!(out.contains("| query | `q=a+b\\|c` |"), "{out}");
    assert!(out.contains("#### Findings ("), "{out}");
    assert!(out.contains("| warning | `userinfo-password` |"), "{out}");
    assert!(out.contains("| RFC 3986 §7.5, §3.2.1 |"), "{out}");
    assert!(
        !out.contains("secret"),
        "the password is masked everywhere:\n{out}"
    );
    let (_, valid, _) = run_uriscope(
        &["parse", "--format", "markdown", "http://h/a/%2e%2E?q=a+b"],
        b"",
    );
    assert!(valid.contains("**valid** URI (RFC 3986 §3)"), "{valid}");
    assert!(valid.contains("| path (path-abempty) |"), "{valid}");
    assert!(valid.contains("dot segment `..` (§5.2.4)"), "{valid}");
    assert!(valid.contains("| `q` | `a+b` | `q` | `a b` |"), "{valid}");
    assert!(valid.contains("**WHATWG URL Standard**"), "{valid}");
}

#[test]
fn parse_shows_the_hosts_site_as_the_html_report_does() {
    let md = |input: &str| run_uriscope(&["parse", "--format", "markdown", input], b"").1;
    let out = md("https://user:secret@a.b.Example.co.uk/x");
    assert!(
        out.contains(
            "**Site** (Public Suffix List): registrable domain `Example.co.uk`, public suffix `co.uk`"
        ),
        "{out}"
    );
    // The same two answers as `parse --json` (the core's `site`).
    let (_, json, _) = run_uriscope(&["parse", "--json", "https://a.b.Example.co.uk/x"], b"");
    assert!(
        json.contains(r#""public_suffix":"co.uk","registrable_domain":"Example.co.uk""#),
        "{json}"
    );
    let (_, html, _) = run_uriscope(
        &["parse", "--format", "html", "https://a.b.Example.co.uk/x"],
        b"",
    );
    assert!(html.contains("<strong>Site</strong>"), "{html}");
    // A host that is a public suffix has no registrable domain.
    let out = md("http://co.uk/");
    assert!(
        out.contains("registrable domain none (the host is a single label or a public suffix), public suffix `co.uk`"),
        "{out}"
    );
    // An IP address has no site, and no site line.
    assert!(!md("http://192.0.2.1/").contains("**Site**"));
    assert!(!md("mailto:x@example.com").contains("**Site**"));
}

#[test]
fn controls_are_visible_and_backticks_cannot_break_out() {
    let (_, out, _) = run_uriscope(
        &["parse", "--format", "markdown"],
        b"http://h/`x`\x1b[31m\n",
    );
    assert!(!out.contains('\x1b'), "{out:?}");
    assert!(
        out.starts_with("### ``http://h/`x`"),
        "a longer fence around backticks: {out}"
    );
}

#[test]
fn resolve_with_trace_writes_the_steps_in_a_fenced_block() {
    let (code, out, _) = run_uriscope(
        &[
            "resolve",
            "--format",
            "markdown",
            "--trace",
            "--base",
            "http://u:pw@a/b/c/d;p?q",
            "../../g",
        ],
        b"",
    );
    assert_eq!(code, 0);
    assert!(
        out.starts_with("### Resolving `../../g` against `http://u:****@a/b/c/d;p?q`\n"),
        "{out}"
    );
    assert!(out.contains("**target**: `http://u:****@a/g`"), "{out}");
    assert!(out.contains("Trace (RFC 3986 §5.2):\n\n```text\n"), "{out}");
    assert!(out.contains("    2C:                  /g"), "{out}");
    assert!(!out.contains(":pw@"), "{out}");
    let fences = out.lines().filter(|l| l.starts_with("```")).count();
    assert_eq!(fences, 2, "{out}");
    // Without --trace: the target only.
    let (_, plain, _) = run_uriscope(
        &[
            "resolve",
            "--format",
            "markdown",
            "--base",
            "http://a/b/c/d;p?q",
            "g",
        ],
        b"",
    );
    assert!(
        plain.contains("**target**: `http://a/b/c/g`") && !plain.contains("```"),
        "{plain}"
    );
    // The RFC 2396 algorithm too.
    let (_, old, _) = run_uriscope(
        &[
            "resolve",
            "--format",
            "markdown",
            "--trace",
            "--rfc2396",
            "--base",
            "http://a/b/c/d;p?q",
            "../../../g",
        ],
        b"",
    );
    assert!(
        old.contains("Trace (RFC 2396 §5.2):") && old.contains("6g"),
        "{old}"
    );
}

#[test]
fn normalize_with_trace_writes_the_ladder() {
    let (_, out, _) = run_uriscope(
        &[
            "normalize",
            "--format",
            "markdown",
            "--trace",
            "HTTP://A/%7e/./x",
        ],
        b"",
    );
    assert!(out.contains("**normalized**: `http://a/~/x`"), "{out}");
    assert!(
        out.contains("| case | RFC 3986 §6.2.2.1 | `http://a/%7E/./x` | yes |"),
        "{out}"
    );
    assert!(
        out.contains("| path-segments | RFC 3986 §6.2.2.3 | `http://a/~/x` | yes |"),
        "{out}"
    );
    let (code, bad, _) = run_uriscope(&["normalize", "--format", "markdown", "http://a b/"], b"");
    assert_eq!(code, 1);
    assert!(bad.contains("**error**:"), "{bad}");
    // --json and --format conflict.
    let (code, _, err) = run_uriscope(&["normalize", "--json", "--format", "markdown", "x"], b"");
    assert_eq!(code, 2, "{err}");
}
