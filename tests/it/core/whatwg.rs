//! The WHATWG column (src/whatwg.rs): each named difference from RFC 3986,
//! one row per cause, and the `"whatwg"` object of `parse --json`.

use uriscope::whatwg::{join, parse};

/// `input` parses (WHATWG) to `href`, and one difference mentions `needle`.
#[track_caller]
fn differs(input: &str, href: &str, needle: &str) {
    let w = parse(input, None);
    assert!(w.valid, "{input:?} rejected: {:?}", w.differences);
    assert_eq!(w.href.as_deref(), Some(href), "href of {input:?}");
    assert!(
        w.differences.iter().any(|d| d.contains(needle)),
        "no difference mentioning {needle:?} for {input:?}: {:#?}",
        w.differences
    );
}

#[test]
fn whatwg_names_each_difference_from_rfc3986() {
    let rows: &[(&str, &str, &str)] = &[
        ("http:\\\\a\\b", "http://a/b", "backslash"),
        (
            "http://a/b\tc\nd",
            "http://a/bcd",
            "tabs and newlines are removed",
        ),
        (" http://a/ ", "http://a/", "leading and trailing"),
        ("http://a:80/", "http://a/", "default port :80"),
        ("https://a:443/", "https://a/", "default port :443"),
        ("http://a:/", "http://a/", "empty port"),
        ("http://0x7f.1/", "http://127.0.0.1/", "IPv4 number forms"),
        ("http://017.0.0.1/", "http://15.0.0.1/", "IPv4 number forms"),
        (
            "http://2130706433/",
            "http://127.0.0.1/",
            "IPv4 number forms",
        ),
        (
            "http://bücher.example/",
            "http://xn--bcher-kva.example/",
            "IDNA",
        ),
        (
            "http://a/b c",
            "http://a/b%20c",
            "percent-encoding is applied in the path",
        ),
        (
            "http://a/?q=\"x\"",
            "http://a/?q=%22x%22",
            "percent-encoding is applied in the query",
        ),
        (
            "http://a/#é",
            "http://a/#%C3%A9",
            "percent-encoding is applied in the fragment",
        ),
        (
            "http:example.com/x",
            "http://example.com/x",
            "special scheme",
        ),
        ("http:///x", "http://x/", "special scheme"),
        ("http://a", "http://a/", "empty path becomes \"/\""),
        ("HTTP://EXAMPLE.COM/", "http://example.com/", "lowercased"),
        (
            "http://EXAMPLE.COM/",
            "http://example.com/",
            "host \"EXAMPLE.COM\" is lowercased",
        ),
        (
            "http://a/b/./c/../d",
            "http://a/b/d",
            "dot-segments are removed",
        ),
        (
            "http://a/%2e%2E/b",
            "http://a/b",
            "dot-segments are removed",
        ),
        ("http://[0:0::1]/", "http://[::1]/", "RFC 5952"),
    ];
    for &(input, href, needle) in rows {
        differs(input, href, needle);
    }
}

#[test]
fn whatwg_same_answer_has_no_differences() {
    for s in [
        "http://example.com/a/b?c=d#e",
        "mailto:someone@example.org",
        "urn:isbn:0451450523",
        "foo://EXAMPLE.com/%7e",
        "foo://H%41/x",
    ] {
        let w = parse(s, None);
        assert!(w.valid);
        assert_eq!(w.href.as_deref(), Some(s));
        assert!(w.differences.is_empty(), "{s:?}: {:?}", w.differences);
    }
}

#[test]
fn whatwg_rejections_say_which_side_accepts() {
    for s in [
        "http://[v7.x]/",
        "http://[fe80::1%25en0]/",
        "http://a:99999/",
    ] {
        let w = parse(s, None);
        assert!(!w.valid && w.href.is_none(), "{s:?}");
        assert!(
            w.differences[0].starts_with("RFC 3986 accepts it"),
            "{s:?}: {:?}",
            w.differences
        );
    }
    let w = parse("http://a b/", None);
    assert!(!w.valid);
    assert!(w.differences[0].starts_with("rejected by both"));
}

#[test]
fn whatwg_relative_needs_a_base_or_joins_against_it() {
    let w = parse("../g", None);
    assert!(!w.valid && w.href.is_none());
    assert!(w.differences[0].contains("needs a base URL"));
    let w = parse("../g", Some("http://a/b/c/d;p?q"));
    assert_eq!(w.href.as_deref(), Some("http://a/b/g"));
    assert!(w.differences.is_empty(), "{:?}", w.differences);
}

#[test]
fn whatwg_join_agrees_with_rfc3986_on_the_normal_examples_except_where_named() {
    // RFC 3986 §5.4.1: browsers agree on every normal example but `//g`,
    // where WHATWG adds the "/" of an empty path.
    let base = crate::rfc_tables::BASE;
    for (r, rfc) in crate::rfc_tables::rfc3986_normal() {
        let t = if r == "//g" { "http://g/" } else { rfc };
        let w = join(base, r);
        assert_eq!(w.href.as_deref(), Some(t), "{r:?}");
        // "//g": RFC 3986 gives http://g (empty path); WHATWG adds "/".
        if r == "//g" {
            assert!(w.differences.iter().any(|d| d.contains("empty path")));
        } else {
            assert!(w.differences.is_empty(), "{r:?}: {:?}", w.differences);
        }
    }
    // §5.4.2 "http:g" is the loophole browsers take for special schemes.
    let w = join(base, "http:g");
    assert_eq!(w.href.as_deref(), Some("http://a/b/c/g"));
    assert!(!w.differences.is_empty());
    // A backslash is a slash to a browser.
    let w = join(base, "..\\g");
    assert_eq!(w.href.as_deref(), Some("http://a/b/g"));
    assert!(w.differences.iter().any(|d| d.contains("backslash")));
}

#[test]
fn parse_json_carries_the_whatwg_object() {
    let (_, text, _) = crate::support::run_uriscope(
        &["parse", "--json", "HTTP://EXAMPLE.com:80/a/./b", "../x"],
        b"",
    );
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let w = &lines[0]["whatwg"];
    assert_eq!(w["valid"], true);
    assert_eq!(w["href"], "http://example.com/a/b");
    let diffs: Vec<&str> = w["differences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap())
        .collect();
    assert!(
        diffs.iter().any(|d| d.contains("default port :80")),
        "{diffs:?}"
    );
    assert!(
        diffs.iter().any(|d| d.contains("dot-segments")),
        "{diffs:?}"
    );
    assert!(diffs.iter().any(|d| d.contains("lowercased")), "{diffs:?}");
    let r = &lines[1]["whatwg"];
    assert_eq!(r["valid"], false);
    assert!(r["href"].is_null());
    assert!(r["differences"][0]
        .as_str()
        .unwrap()
        .contains("needs a base URL"));
}
