//! Path segments by position: `edit -g '{path:N}'` (1-based, negative
//! from the end, `{:path:N}` encoded) and the `segments` arrays of
//! `edit --json` and `parse --json`, all from the core's one split.

use serde_json::{json, Value};

use crate::support::run_uriscope;

const URL: &str = "http://h/a/b%20c/%2e%2E/d/";

fn get(format: &str, url: &str) -> (i32, String, String) {
    run_uriscope(&["edit", "-g", format, url], b"")
}

#[test]
fn edit_get_reads_a_segment_by_position() {
    let (code, out, err) = get(
        "{path:1}|{path:2}|{:path:2}|{path:3}|{path:-2}|{path:-1}|",
        URL,
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "a|b c|b%20c|..|d||\n");
    // Past either end, nothing; with must:, an error.
    let (code, out, _) = get("<{path:6}><{path:-6}><{path:5}><{path:-5}>", URL);
    assert_eq!((code, out.as_str()), (0, "<><><><a>\n"));
    let (code, _, err) = get("{must:path:9}", URL);
    assert_ne!(code, 0);
    assert!(err.contains("path:9 is not in the URL (must:)"), "{err}");
    // A URL without a path has no segment.
    assert_eq!(get("<{path:1}>", "http://h").1, "<>\n");
}

#[test]
fn edit_get_refuses_segment_zero_and_a_word() {
    let (code, _, err) = get("{path:0}", URL);
    assert_ne!(code, 0);
    assert!(err.contains("path segments count from 1"), "{err}");
    let (code, _, err) = get("{path:last}", URL);
    assert_ne!(code, 0);
    assert!(
        err.contains(r#"{path:N} wants a segment number, not "last""#),
        "{err}"
    );
}

#[test]
fn a_decoded_segment_with_a_control_is_refused_unless_encoded() {
    let (code, _, err) = get("{path:1}", "http://h/%1b%5b31m/x");
    assert_ne!(code, 0);
    assert!(err.contains("path:1 decodes to ESC"), "{err}");
    assert_eq!(get("{:path:1}", "http://h/%1b%5b31m/x").1, "%1b%5b31m\n");
}

#[test]
fn edit_json_gives_the_segments_raw_and_decoded() {
    let (code, out, err) = run_uriscope(&["edit", "--json", "http://h/a/b%20c/%ff/"], b"");
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v[0]["segments"],
        json!([
            {"raw": "a", "decoded": "a"},
            {"raw": "b%20c", "decoded": "b c"},
            {"raw": "%ff", "decoded": null},
            {"raw": "", "decoded": ""}
        ])
    );
    let (_, out, _) = run_uriscope(&["edit", "--json", "mailto:x@y"], b"");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v[0]["segments"], json!([{"raw": "x@y", "decoded": "x@y"}]));
}

#[test]
fn parse_json_and_edit_json_split_the_path_alike() {
    for url in [
        URL,
        "http://h",
        "http://h/",
        "a/b//c",
        "/%ff/x",
        "urn:isbn:1",
    ] {
        let (_, p, _) = run_uriscope(&["parse", "--json", url], b"");
        let (_, e, _) = run_uriscope(&["edit", "--json", url], b"");
        let p: Value = serde_json::from_str(p.trim_end()).unwrap();
        let e: Value = serde_json::from_str(&e).unwrap();
        let of = |v: &Value, key: &str| -> Vec<(Value, Value)> {
            v.as_array()
                .unwrap()
                .iter()
                .map(|s| (s["raw"].clone(), s[key].clone()))
                .collect()
        };
        assert_eq!(
            of(&p["segments"], "decoded"),
            of(&e[0]["segments"], "decoded"),
            "{url}"
        );
    }
}
