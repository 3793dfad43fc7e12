//! Hosts compared as their scheme compares them, on the command line:
//! `equiv` names the `idna` rung, `dedupe --iri` groups the Unicode,
//! escaped, fullwidth and A-label spellings of one host, and a host IDNA
//! refuses is said to be kept. Stdout is checked, not exit codes.

use crate::support::run_uriscope;

fn stdout(args: &[&str], stdin: &str) -> String {
    run_uriscope(args, stdin.as_bytes()).1
}

#[test]
fn equiv_iri_names_the_idna_rung_for_each_spelling_of_a_host() {
    for (a, b) in [
        (
            "http://r%C3%A9sum%C3%A9.example.org",
            "http://xn--rsum-bpad.example.org",
        ),
        ("http://münchen.de", "http://xn--mnchen-3ya.de"),
        ("http://Ｅｘａｍｐｌｅ.com", "http://example.com"),
    ] {
        assert_eq!(
            stdout(&["equiv", "--iri", a, b], ""),
            "equivalent (idna, RFC 3987 §5.3.3)\n",
            "{a} {b}"
        );
    }
    // The escaped form is a URI: no --iri needed.
    assert_eq!(
        stdout(
            &[
                "equiv",
                "http://r%C3%A9sum%C3%A9.example.org",
                "http://xn--rsum-bpad.example.org"
            ],
            ""
        ),
        "equivalent (idna, RFC 3987 §5.3.3)\n"
    );
    let json = stdout(
        &[
            "equiv",
            "--json",
            "--iri",
            "http://münchen.de",
            "http://xn--mnchen-3ya.de",
        ],
        "",
    );
    assert!(json.contains("\"rung\":\"idna\""), "{json}");
}

#[test]
fn equiv_says_why_a_host_idna_refuses_stays_apart() {
    let out = stdout(
        &[
            "equiv",
            "--iri",
            "http://résumé_.example.org",
            "http://xn--rsum-bpad.example.org",
        ],
        "",
    );
    assert!(
        out.starts_with("not equivalent: host differs; the first host has no IDNA A-label form"),
        "{out}"
    );
    assert!(out.contains("IDNA ToASCII fails on \"résumé_\""), "{out}");
    // Not a DNS scheme: no fold, no reason.
    let out = stdout(
        &[
            "equiv",
            "--iri",
            "foo://münchen.de",
            "foo://xn--mnchen-3ya.de",
        ],
        "",
    );
    assert_eq!(out, "not equivalent: host differs\n");
}

#[test]
fn dedupe_iri_groups_the_spellings_of_one_host() {
    let lines = "http://xn--mnchen-3ya.de/a\nhttp://münchen.de/a\nhttp://M%C3%BCnchen.de:80/a\n\
                 http://Ｅｘａｍｐｌｅ.com/\nhttp://example.com/\nhttp://other.de/a\n";
    assert_eq!(
        stdout(&["dedupe", "--iri"], lines),
        "http://xn--mnchen-3ya.de/a\nhttp://Ｅｘａｍｐｌｅ.com/\nhttp://other.de/a\n"
    );
    let json = stdout(&["dedupe", "--iri", "--json"], lines);
    let rungs: Vec<&str> = json
        .lines()
        .map(|l| {
            l.split("\"rung\":")
                .nth(1)
                .unwrap_or("")
                .split(',')
                .next()
                .unwrap_or("")
        })
        .collect();
    assert_eq!(
        rungs,
        ["null", "\"idna\"", "\"idna\"", "null", "\"idna\"", "null"],
        "{json}"
    );
    assert!(
        json.contains("\"key\":\"http://xn--mnchen-3ya.de/a\""),
        "{json}"
    );
}

#[test]
fn normalize_writes_a_dns_host_in_its_a_label_form() {
    assert_eq!(
        stdout(&["normalize", "--iri", "HTTP://MÜNCHEN.de:80"], ""),
        "http://xn--mnchen-3ya.de/\n"
    );
    assert_eq!(
        stdout(
            &["normalize", "--iri", "--syntax-only", "http://MÜNCHEN.de"],
            ""
        ),
        "http://mÜnchen.de\n"
    );
}

#[test]
fn parse_names_what_a_homograph_host_reads_as() {
    let out = stdout(&["parse", "http://аррӏе.com/"], "");
    assert!(
        out.contains("warning whole-script-confusable [7..17]"),
        "{out}"
    );
    assert!(out.contains("the host reads as apple.com"), "{out}");
    let out = stdout(&["parse", "http://xn--bcher-kva.de/"], "");
    assert!(
        !out.contains("confusable") && !out.contains("mixed-script"),
        "{out}"
    );
    let json = stdout(&["parse", "--json", "http://paypa1.com/"], "");
    assert!(json.contains("\"confusable-name\""), "{json}");
}

#[test]
fn parse_notes_a_forgotten_colon_after_the_scheme() {
    let out = stdout(&["parse", "https//example.com/x"], "");
    assert!(
        out.contains("note missing-scheme-colon [0..7]: missing ':' after the scheme?"),
        "{out}"
    );
    assert!(out.contains("\"https://example.com/x\""), "{out}");
}
