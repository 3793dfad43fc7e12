//! `uriscope expand --explain`: the expansion, then
//! each expression cited by its operator's RFC 6570 section, and an
//! error followed by the sections that explain it, all of them shipped.

use crate::support::run_uriscope;
use uriscope::spec;

#[test]
fn each_expression_is_cited_by_its_operators_section() {
    let (code, out, err) = run_uriscope(
        &[
            "expand",
            "--explain",
            "--var",
            "who=fred",
            "--list",
            "tags=a,b",
            "/u/{who}{?tags*}{#who}",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "/u/fred?tags=a&tags=b#fred\n\
         \x20 {who}  simple expansion (RFC 6570 §3.2.2)\n\
         \x20   who  string → fred\n\
         \x20 {?tags*}  query expansion (RFC 6570 §3.2.8)\n\
         \x20   tags*  list, explode (RFC 6570 §2.4.2) → tags=a&tags=b\n\
         \x20 {#who}  fragment expansion (RFC 6570 §3.2.4)\n\
         \x20   who  string → fred\n"
    );
    // Every section cited is one `uriscope rfc` prints.
    for c in out.lines().flat_map(spec::cite) {
        assert!(c.exists(), "{c}");
    }
    // The first line is what `expand` alone prints.
    let (_, plain, _) = run_uriscope(
        &[
            "expand",
            "--var",
            "who=fred",
            "--list",
            "tags=a,b",
            "/u/{who}{?tags*}{#who}",
        ],
        b"",
    );
    assert_eq!(out.lines().next(), plain.lines().next());
}

#[test]
fn an_error_is_followed_by_the_sections_that_explain_it() {
    let (code, out, err) = run_uriscope(&["expand", "--explain", "{a|b}"], b"");
    assert_eq!(code, 1);
    assert!(out.is_empty(), "{out}");
    let mut lines = err.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("uriscope expand: argument 1: '{a|b}': position 2: "),
        "{err}"
    );
    assert_eq!(
        lines.next(),
        Some("  invalid-varname-char: RFC 6570 §2.3, §2.4 (uriscope rfc --code invalid-varname-char prints them)")
    );
    let (code, _, err) = run_uriscope(&["expand", "--explain", "--list", "l=a", "{l:1}"], b"");
    assert_eq!(code, 1);
    assert!(
        err.contains("  prefix-on-composite: RFC 6570 §2.4.1, §3.2.1"),
        "{err}"
    );
    // Templates from stdin, one explained after the other.
    let (code, out, _) = run_uriscope(&["expand", "--explain", "--var", "x=1"], b"{x}\n{/x}\n");
    assert_eq!(code, 0);
    assert_eq!(
        out.lines()
            .filter(|l| !l.starts_with(' '))
            .collect::<Vec<_>>(),
        ["1", "/1"]
    );
    // An answer and an explanation: not with --json.
    let (code, _, err) = run_uriscope(&["expand", "--explain", "--json", "{x}"], b"");
    assert_eq!(code, 2, "{err}");
}
