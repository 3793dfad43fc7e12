//! Answers are exact, explanations quote visibly: what a subcommand prints as its result is the result's
//! bytes, an answer that would hold a control or bidi formatting character
//! is refused on stderr, and text quoted in explanations keeps its
//! invisible characters visible. The rule is `uriscope::text::answer`.

use crate::support::run_uriscope;

/// Run `uriscope ARGS` with no stdin; (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    run_uriscope(args, b"")
}

/// `normalize --iri 'https://i❤️.ws/'` wrote `https://i❤\u{fe0f}.ws/`: the
/// bytes `\`, `u`, `{`… in the URL. The variation selector is data (a
/// scheme whose host is no DNS name keeps it; an https host is written in
/// its A-label form, which UTS #46 maps the selector out of).
#[test]
fn normalize_iri_writes_i_heart_vs16_ws_exactly() {
    let (code, out, err) = run(&["normalize", "--iri", "s://i❤\u{fe0f}.ws/"]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, "s://i❤\u{fe0f}.ws/\n", "")
    );
    let (code, out, _) = run(&["normalize", "--iri", "https://i❤\u{fe0f}.ws/"]);
    assert_eq!((code, out.as_str()), (0, "https://xn--i-7iq.ws/\n"));
}

/// `resolve --iri` wrote `👨\u{200d}👩\u{200d}👧`: a ZWJ sequence is one
/// emoji, and the target is its bytes.
#[test]
fn resolve_iri_writes_a_zwj_sequence_exactly() {
    let family = "👨\u{200d}👩\u{200d}👧";
    let (code, out, _) = run(&["resolve", "--iri", "--base", "http://a/b", family]);
    assert_eq!((code, out), (0, format!("http://a/{family}\n")));
    let (code, out, _) = run(&[
        "relative",
        "--iri",
        "--base",
        "http://a/b",
        &format!("http://a/{family}?\u{5e9}"),
    ]);
    assert_eq!((code, out), (0, format!("{family}?\u{5e9}\n")));
}

/// `normalize --iri 'http://a/x%E2%80%8Bw'` wrote `x\u{200b}w`: the IRI
/// form decodes only what RFC 3987 §3.2 lets it, so the escape of an
/// invisible character stays an escape, in `uri2iri` too.
#[test]
fn iri_forms_keep_the_escape_of_zwsp_x_e2_80_8b_w() {
    let (_, out, _) = run(&["normalize", "--iri", "http://a/x%E2%80%8Bw"]);
    assert_eq!(out, "http://a/x%E2%80%8Bw\n");
    let (_, out, _) = run(&["uri2iri", "http://a/x%E2%80%8Bw", "http://a/caf%C3%A9"]);
    assert_eq!(out, "http://a/x%E2%80%8Bw\nhttp://a/café\n");
    let (_, out, _) = run(&["iri2uri", "http://a/x\u{200b}w"]);
    assert_eq!(out, "http://a/x%E2%80%8Bw\n");
}

/// A decoded text is an answer: `%E2%80%8D` decodes to a real ZWJ, and one
/// that would hold ESC is refused with the reason on stderr (exit 1), the
/// other inputs answered in order.
#[test]
fn decode_writes_exact_text_and_refuses_control_characters() {
    let (code, out, err) = run(&["decode", "a%E2%80%8Db", "%1b%5d2;x%07", "c%20d"]);
    assert_eq!(code, 1);
    assert_eq!(out, "a\u{200d}b\nc d\n");
    assert!(
        err.contains(
            "uriscope decode: argument 2: '%1b%5d2;x%07': the decoded text holds ESC (U+001B)"
        ) && err.contains("--raw"),
        "{err}"
    );
    assert!(
        !err.contains('\u{1b}'),
        "the diagnostic quotes visibly: {err:?}"
    );
    // A bidi override and a C1 control likewise.
    for input in ["x%E2%80%AEy", "x%C2%9By", "a%0Ab", "a%09b"] {
        let (code, out, err) = run(&["decode", input]);
        assert_eq!((code, out.as_str()), (1, ""), "{input}: {err}");
        assert!(err.contains("is not written"), "{input}: {err}");
    }
    // --raw asks for the bytes as they are; --json escapes them exactly.
    let (code, out, _) = run(&["decode", "--raw", "%1b%5d2;x%07"]);
    assert_eq!((code, out.as_str()), (0, "\u{1b}]2;x\u{7}\n"));
    let (_, out, _) = run(&["decode", "--json", "%1b"]);
    assert!(out.contains(r#""decoded":"\u001b""#), "{out}");
}

/// `edit -g '{path}'` and `'{query:k}'` decoded
/// `%1b%5d2;…%07` into raw ESC and BEL, which retitle the terminal. Now
/// refused with the reason (exit 10, as every --get error), unless --raw.
#[test]
fn edit_get_refuses_to_decode_esc_1b_5d_2_into_the_terminal() {
    let url = "http://h/%1b%5d2;x%07?k=%1b%5d2;x%07&n=%00";
    for (format, name) in [("{path}", "path"), ("{query:k}", "query:k")] {
        let (code, out, err) = run(&["edit", "-g", format, url]);
        assert_eq!((code, out.as_str()), (10, ""), "{format}: {err}");
        assert!(
            err.contains(&format!(
                "{name} decodes to ESC (U+001B), a control character"
            )),
            "{format}: {err}"
        );
        assert!(err.contains("--raw") && !err.contains('\u{1b}'), "{err:?}");
    }
    let (code, out, _) = run(&["edit", "--raw", "-g", "{path}|{query:k}", url]);
    assert_eq!(
        (code, out.as_str()),
        (0, "/\u{1b}]2;x\u{7}|\u{1b}]2;x\u{7}\n")
    );
    // Encoded, or decoded to printable text, the component is written.
    let (code, out, _) = run(&["edit", "-g", "{:path} {query:n} {host}", url]);
    assert_eq!((code, out.as_str()), (0, "/%1b%5d2;x%07 . h\n"));
}

/// An extracted link is an answer: written as it is (an emoji ZWJ
/// sequence whole), its delimiter and notes as an explanation; a link
/// that would hold a bidi override is refused on stderr.
#[test]
fn extract_writes_links_exactly_and_refuses_bidi_overrides() {
    let text = "see <http://a/👨\u{200d}👩> and http://b/\u{202e}x and \"http://c/café\"\n";
    let (_, out, err) = run_uriscope(&["extract"], text.as_bytes());
    assert!(
        out.contains("  http://a/👨\u{200d}👩  (angle-brackets)"),
        "{out}"
    );
    assert!(out.contains("  http://c/café  (quotes)"), "{out}");
    assert!(!out.contains("http://b/"), "{out}");
    assert!(
        err.contains(
            "uriscope extract: line 1: 'http://b/\\u{202e}x': the link holds RLO (U+202E)"
        ),
        "{err}"
    );
}

/// Explanations quote user text visibly: the `--explain` table, errors
/// and traces keep showing invisible and control characters as escapes.
#[test]
fn explanations_still_show_invisible_characters_visibly() {
    let (_, out, _) = run(&["encode", "--explain", "a\u{200d}"]);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("a%E2%80%8D"));
    assert!(out.contains("\"\\u{200d}\""), "{out}");
    assert!(!out.contains('\u{200d}'), "{out:?}");
    let (_, out, err) = run(&["normalize", "http://a/\u{1b}x"]);
    assert_eq!(out, "");
    assert!(
        err.starts_with("uriscope normalize: argument 1: 'http://a/\\x1bx': ")
            && !err.contains('\u{1b}'),
        "{err:?}"
    );
    let (_, out, _) = run(&["normalize", "--iri", "--trace", "http://A/\u{200d}"]);
    assert!(
        out.contains("\\u{200d}") && !out.contains('\u{200d}'),
        "{out:?}"
    );
}
