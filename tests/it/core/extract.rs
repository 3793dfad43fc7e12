//! URIs in running text (RFC 3986 Appendix C, RFC 2396 Appendix E/F) and
//! the `extract` subcommand.

use proptest::prelude::*;
use uriscope::uri::extract::{extract, line_col, Delimiter, Extracted, LineCols};
use uriscope::uri::{parse, ParseOptions, UriRef};

fn uris(text: &str) -> Vec<String> {
    extract(text).into_iter().map(|e| e.uri).collect()
}

#[track_caller]
fn one(text: &str) -> Extracted {
    let mut all = extract(text);
    assert_eq!(all.len(), 1, "{text:?}: {all:#?}");
    all.remove(0)
}

/// RFC 2396 Appendix E, as printed (six spaces of indentation).
const RFC2396_E: &str = "      Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",
      but you can probably pick it up from <ftp://ds.internic.
      net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
      ietf/uri/historical.html#WARNING>.
";

/// RFC 3986 Appendix C, as printed.
const RFC3986_C: &str = "      Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",
      but you can probably pick it up from <ftp://foo.example.
      com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
      ietf/uri/historical.html#WARNING>.
";

#[test]
fn rfc2396_appendix_e_sample_yields_exactly_its_three_uris() {
    let found = extract(RFC2396_E);
    let got: Vec<(&str, Delimiter, bool)> = found
        .iter()
        .map(|e| (e.uri.as_str(), e.delimiter, e.guess))
        .collect();
    assert_eq!(
        got,
        [
            ("http://www.w3.org/Addressing/", Delimiter::Quotes, false),
            (
                "ftp://ds.internic.net/rfc/",
                Delimiter::AngleBrackets,
                false
            ),
            (
                "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
                Delimiter::AngleBrackets,
                false
            ),
        ]
    );
    for e in &found {
        assert!(parse(&e.uri).is_ok(), "{}", e.uri);
    }
    // The quoted one's span is exactly its text; the others span the line break.
    assert_eq!(
        found[0].span.slice(RFC2396_E),
        "http://www.w3.org/Addressing/"
    );
    assert_eq!(
        found[1].span.slice(RFC2396_E),
        "ftp://ds.internic.\n      net/rfc/"
    );
    assert!(
        found[1].notes[0].contains("7 whitespace characters"),
        "{:?}",
        found[1].notes
    );
}

#[test]
fn rfc3986_appendix_c_sample_yields_exactly_its_three_uris() {
    assert_eq!(
        uris(RFC3986_C),
        [
            "http://www.w3.org/Addressing/",
            "ftp://foo.example.com/rfc/",
            "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
        ]
    );
}

#[test]
fn angle_brackets_with_line_breaks_and_tabs() {
    let e = one("x <http://example.com/a/\r\n\t b/\n c> y");
    assert_eq!(e.uri, "http://example.com/a/b/c");
    assert_eq!(e.delimiter, Delimiter::AngleBrackets);
    assert_eq!(
        e.span.slice("x <http://example.com/a/\r\n\t b/\n c> y"),
        "http://example.com/a/\r\n\t b/\n c"
    );
    let e = one("< http://example.com/ >");
    assert_eq!(e.uri, "http://example.com/");
    assert!(e.notes.is_empty());
}

#[test]
fn url_prefix() {
    for text in [
        "<URL:http://example.com/>",
        "<URL: http://example.com/>",
        "<url:http://example.com/>",
    ] {
        let e = one(text);
        assert_eq!(e.uri, "http://example.com/", "{text}");
        assert_eq!(e.delimiter, Delimiter::UrlPrefix, "{text}");
    }
}

#[test]
fn quotes() {
    let e = one("he wrote \"mailto:a@example.com\" twice");
    assert_eq!(
        (e.uri.as_str(), e.delimiter),
        ("mailto:a@example.com", Delimiter::Quotes)
    );
    assert!(extract("\"not a uri\" and \"also: no\"").is_empty());
}

#[test]
fn trailing_punctuation_is_dropped() {
    let table: &[(&str, &str)] = &[
        ("see http://example.com/a.", "http://example.com/a"),
        ("see http://example.com/a, then", "http://example.com/a"),
        ("is it http://example.com/?!", "http://example.com/"),
        ("at http://example.com/a;", "http://example.com/a"),
        ("at http://example.com/a:", "http://example.com/a"),
        ("(http://example.com/a)", "http://example.com/a"),
        ("(see http://example.com/a).", "http://example.com/a"),
        (
            "http://en.wikipedia.org/wiki/Foo_(bar)",
            "http://en.wikipedia.org/wiki/Foo_(bar)",
        ),
        (
            "(http://en.wikipedia.org/wiki/Foo_(bar)).",
            "http://en.wikipedia.org/wiki/Foo_(bar)",
        ),
        ("http://example.com/a.b.", "http://example.com/a.b"),
        ("it's http://example.com/' ok", "http://example.com/"),
        ("urn:isbn:0451450523.", "urn:isbn:0451450523"),
        ("x<http://a.example/>y", "http://a.example/"),
        ("http://a.example/x|y", "http://a.example/x"),
    ];
    for &(text, want) in table {
        let e = one(text);
        assert_eq!(e.uri, want, "{text:?}");
        assert_eq!(
            e.delimiter == Delimiter::Whitespace,
            !text.contains('<'),
            "{text:?}"
        );
        assert_eq!(e.span.slice(text), want, "{text:?}");
    }
}

#[test]
fn not_uris() {
    for text in [
        "Note: this is text.",
        "re:subject e.g. i.e. foo.txt node.js a.b/c",
        "<b>bold</b> <i>",
        "C:\\Windows\\System32",
        "3:30 pm, ratio 1:2",
        "",
    ] {
        assert_eq!(extract(text), Vec::new(), "{text:?}");
    }
}

#[test]
fn hyphen_at_a_line_break_is_flagged() {
    let e = one("<http://example.com/long-\n   name/>");
    assert_eq!(e.uri, "http://example.com/long-name/");
    assert!(e.notes.iter().any(|n| n.contains("'-'")), "{:?}", e.notes);
    let text = "read http://example.com/long-\n  name/ now";
    let e = one(text);
    assert_eq!(e.uri, "http://example.com/long-name/");
    assert!(e.notes[0].contains("without the hyphen it reads http://example.com/longname/"));
    assert_eq!(e.span.slice(text), "http://example.com/long-\n  name/");
    // A blank line ends the URI: no joining.
    assert_eq!(
        uris("http://example.com/a-\n\nb"),
        ["http://example.com/a-"]
    );
    // A hyphen without a line break is just a hyphen.
    assert!(one("<http://example.com/a-b>").notes.is_empty());
}

#[test]
fn suffix_references_are_guesses() {
    let table: &[(&str, &str, &str)] = &[
        (
            "see www.w3.org/Addressing/ today",
            "www.w3.org/Addressing/",
            "http://www.w3.org/Addressing/",
        ),
        (
            "at www.example.com.",
            "www.example.com",
            "http://www.example.com",
        ),
        (
            "at example.com/path, ok",
            "example.com/path",
            "http://example.com/path",
        ),
        (
            "www.example.com:8080/x",
            "www.example.com:8080/x",
            "http://www.example.com:8080/x",
        ),
    ];
    for &(text, span, uri) in table {
        let e = one(text);
        assert!(e.guess, "{text}");
        assert_eq!((e.span.slice(text), e.uri.as_str()), (span, uri), "{text}");
        assert!(e.notes.iter().any(|n| n.contains("guess")), "{text}");
        assert!(parse(&e.uri).is_ok(), "{uri}");
    }
    assert!(!one("http://www.example.com/").guess);
    assert!(extract("example.com www.x").is_empty());
}

#[test]
fn non_ascii_text_and_iris() {
    let text = "Voir «http://例え.jp/パス» et ä http://bücher.example/。";
    let got = uris(text);
    assert_eq!(got, ["http://例え.jp/パス", "http://bücher.example/"]);
    for e in extract(text) {
        assert!(
            UriRef::parse_with(&e.uri, ParseOptions::new().iri(true)).is_ok(),
            "{}",
            e.uri
        );
    }
}

#[test]
fn line_and_column() {
    assert_eq!(line_col("abc", 0), (1, 1));
    assert_eq!(line_col("a\nbc", 3), (2, 2));
    assert_eq!(line_col("é\né x", 5), (2, 2));
}

#[test]
fn a_uri_that_does_not_parse_says_why() {
    let e = one("see http://[::1/x");
    assert!(UriRef::parse_with(&e.uri, ParseOptions::new().iri(true)).is_err());
    assert!(
        e.notes.iter().any(|n| n.starts_with("does not parse")),
        "{:?}",
        e.notes
    );
}

proptest! {
    #[test]
    fn extract_never_panics_and_spans_are_char_boundaries(text in any::<String>()) {
        check_invariants(&text)?;
    }

    #[test]
    fn extract_invariants_on_uri_rich_text(text in "([ \n\t.,;:!?()<>\"'-]|http://|www\\.|[a-zé例]{1,4}|[./#?%@:]|<URL:){0,30}") {
        check_invariants(&text)?;
    }

    /// A generated URI put in text with each delimiter comes back exactly.
    #[test]
    fn embedded_uri_round_trips(
        uri in "(https?|ftp)://[a-z]{1,8}(\\.[a-z]{2,3}){1,2}(/[a-zA-Z0-9_~-]{1,6}){0,3}/?(\\?[a-z]{1,4}=[0-9]{1,3})?",
        before in "[A-Za-z ]{0,10}",
        after in "[A-Za-z ]{0,10}",
        punct in "[.,;:!?]?",
        how in 0..4,
    ) {
        let text = match how {
            0 => format!("{before} {uri}{punct} {after}"),
            1 => format!("{before} <{uri}>{punct} {after}"),
            2 => format!("{before} \"{uri}\"{punct} {after}"),
            _ => format!("{before} '{uri}'{punct} {after}"),
        };
        let found = extract(&text);
        prop_assert_eq!(found.len(), 1, "{:?}: {:?}", text, found);
        prop_assert_eq!(&found[0].uri, &uri);
        prop_assert_eq!(found[0].span.slice(&text), uri.as_str());
    }
}

fn check_invariants(text: &str) -> Result<(), TestCaseError> {
    let found = extract(text);
    let mut last_end = 0;
    for e in &found {
        prop_assert!(e.span.start <= e.span.end && e.span.end <= text.len());
        prop_assert!(text.is_char_boundary(e.span.start) && text.is_char_boundary(e.span.end));
        prop_assert!(e.span.start >= last_end, "overlap in {:?}", found);
        last_end = e.span.end;
        if !e.guess {
            let parses = UriRef::parse_with(&e.uri, ParseOptions::new().iri(true)).is_ok();
            let says_why = e.notes.iter().any(|n| n.starts_with("does not parse"));
            prop_assert!(parses != says_why, "{:?}", e);
        }
    }
    Ok(())
}

fn run(args: &[&str], stdin: &[u8]) -> (String, String, i32) {
    let (code, out, err) = crate::support::run_uriscope(args, stdin);
    (out, err, code)
}

#[test]
fn cli_extract_plain_from_stdin() {
    let (out, _, code) = run(&["extract"], RFC2396_E.as_bytes());
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0], "1:35  http://www.w3.org/Addressing/  (quotes)");
    assert!(
        lines[1].starts_with("2:45  ftp://ds.internic.net/rfc/  (angle-brackets; "),
        "{}",
        lines[1]
    );
    assert!(lines[2].starts_with(
        "3:40  http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING  (angle-brackets"
    ));
}

#[test]
fn cli_extract_json_from_a_file() {
    let path = std::env::temp_dir().join(format!("uriscope-extract-{}.txt", std::process::id()));
    std::fs::write(
        &path,
        "go to www.w3.org/Addressing/\nor <URL:http://a.example/>.\n",
    )
    .expect("write");
    let (out, _, code) = run(&["extract", "--json", path.to_str().expect("path")], b"");
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, 0);
    let v: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect();
    assert_eq!(v.len(), 2, "{out}");
    assert_eq!(v[0]["uri"], "http://www.w3.org/Addressing/");
    assert_eq!(
        (v[0]["start"].as_u64(), v[0]["end"].as_u64()),
        (Some(6), Some(28))
    );
    assert_eq!(
        (v[0]["line"].as_u64(), v[0]["column"].as_u64()),
        (Some(1), Some(7))
    );
    assert_eq!(v[0]["delimiter"], "whitespace");
    assert_eq!(v[0]["guess"], true);
    assert_eq!(v[1]["uri"], "http://a.example/");
    assert_eq!(
        (v[1]["line"].as_u64(), v[1]["column"].as_u64()),
        (Some(2), Some(9))
    );
    assert_eq!(v[1]["delimiter"], "url-prefix");
    assert_eq!(v[1]["guess"], false);
    assert!(v[1]["notes"].is_array());
}

#[test]
fn cli_extract_non_utf8_input_is_lossy_with_a_note() {
    let (out, err, code) = run(&["extract", "--json"], b"\xff\xfe http://a.example/ \xc3");
    assert_eq!(code, 0);
    assert!(err.contains("not valid UTF-8"), "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["uri"], "http://a.example/");
    assert_eq!(
        v["start"], 7,
        "offsets count the 3-byte U+FFFD replacements"
    );
}

#[test]
fn cli_extract_missing_file_fails_cleanly() {
    let (out, err, code) = run(&["extract", "/nonexistent/uriscope-test"], b"");
    // As grep: 2 for a file that cannot be read.
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(err.contains("/nonexistent/uriscope-test"), "{err}");
}

/// Regression: a Unicode space (U+00A0, U+3000) between tokens made the
/// scanner loop forever (found by the any-string property).
#[test]
fn unicode_whitespace_between_tokens_does_not_hang() {
    assert_eq!(
        uris("a\u{a0}http://a.example/\u{3000}b\u{2003}"),
        ["http://a.example/"]
    );
    assert_eq!(extract("\u{a0}"), Vec::new());
}

/// The JSON array of `n` objects `{"url": "https://example.com/items/<i>?ref=abc"}`
/// on one line, as a minifier writes it (the review's 40k-URL input).
fn minified_json(n: usize) -> String {
    let items: Vec<String> = (0..n)
        .map(|i| format!("{{\"url\": \"https://example.com/items/{i}?ref=abc\"}}"))
        .collect();
    format!("[{}]", items.join(", "))
}

/// Regression: `extract` recounted the characters from the start of the line
/// for every URI, quadratic in the URIs on one line (a 40k-URL minified JSON
/// took 7 s). Checked on the review's input against the [`line_col`] oracle.
#[test]
fn extract_many_uris_on_one_line_is_not_quadratic() {
    let text = format!("é\n{}", minified_json(10_000));
    let found = extract(&text);
    assert_eq!(found.len(), 10_000);
    let mut out = Vec::new();
    uriscope::cli::extract::write_all(&mut out, &text, &found, false).expect("write");
    let out = String::from_utf8(out).expect("utf-8");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 10_000);
    for i in [0, 1, 1_234, 9_999] {
        let (line, col) = line_col(&text, found[i].span.start);
        let uri = format!("https://example.com/items/{i}?ref=abc");
        assert_eq!(lines[i], format!("{line}:{col}  {uri}  (quotes)"));
    }
    assert!(lines[9_999].starts_with("2:"), "{}", lines[9_999]);
}

/// [`LineCols`] walking forward agrees with [`line_col`] from the start.
#[track_caller]
fn check_line_cols(text: &str, offsets: &[usize]) {
    let mut at = LineCols::new(text);
    for &o in offsets {
        assert_eq!(at.advance(o), line_col(text, o), "{text:?} at {o}");
    }
}

#[test]
fn line_cols_table() {
    check_line_cols("ab\ncé d\n\nx", &[0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11]);
    check_line_cols("a\nb", &[3, 0, 2]);
    check_line_cols("", &[0, 0]);
    // Past the end: clamped to the end of the text.
    assert_eq!(LineCols::new("a\nbc").advance(99), (2, 3));
}

/// Regression: `trim_uri` recounted every `(` and `)` for each trailing `)`,
/// quadratic in the run (`(`×100000 `http://a/` `)`×100000 took 11 s).
#[test]
fn extract_long_paren_runs_trim_in_one_pass() {
    let n = 100_000;
    let text = format!("{}http://a/{}", "(".repeat(n), ")".repeat(n));
    assert_eq!(uris(&text), ["http://a/"]);
    // Balanced parentheses inside the URI stay; only the unbalanced tail goes.
    let text = format!("http://a/(b){}.", ")".repeat(n));
    assert_eq!(uris(&text), ["http://a/(b)"]);
    let text = format!("http://a/{}b{}", "(".repeat(n), ")".repeat(2 * n));
    assert_eq!(
        uris(&text),
        [format!("http://a/{}b{}", "(".repeat(n), ")".repeat(n))]
    );
}

#[test]
fn paren_trimming_table() {
    for (text, want) in [
        ("(http://a/b)", "http://a/b"),
        ("(http://a/(b)).", "http://a/(b)"),
        ("http://a/b)).)", "http://a/b"),
        ("http://a/(b)", "http://a/(b)"),
        ("http://a/b(", "http://a/b("),
        ("http://a/b).,", "http://a/b"),
    ] {
        assert_eq!(uris(text), [want], "{text:?}");
    }
}

proptest! {
    #[test]
    fn line_cols_agree_with_line_col(
        text in "([a-zé例\n ]){0,40}",
        mut offsets in proptest::collection::vec(0usize..120, 0..10),
    ) {
        offsets.sort_unstable();
        let mut at = LineCols::new(&text);
        for o in offsets {
            // Char boundaries only, as span starts are.
            let o = (0..=o.min(text.len()))
                .rev()
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(0);
            prop_assert_eq!(at.advance(o), line_col(&text, o));
        }
    }
}

/// Regression: `see 'http://q.com/z' here` gave `http://q.com/z'`, closing
/// quote included. A URI right after `'` ends at the next `'`; elsewhere a
/// trailing unbalanced `'` is sentence punctuation.
#[test]
fn extract_single_quoted_uri_drops_its_quotes() {
    let e = one("see 'http://q.com/z' here");
    assert_eq!(
        (e.uri.as_str(), e.delimiter),
        ("http://q.com/z", Delimiter::Quotes)
    );
    assert_eq!(e.span, uriscope::uri::Span::new(5, 19));
    for (text, want) in [
        ("('http://q.com/z').", "http://q.com/z"),
        ("'http://q.com/z'x", "http://q.com/z"),
        ("'http://a/it's'", "http://a/it"),
        ("http://q.com/z' said", "http://q.com/z"),
        ("http://a/it's fine", "http://a/it's"),
        ("http://a/'b'", "http://a/'b'"),
        ("http://a/'b''.", "http://a/'b'"),
        ("'www.w3.org/a'", "http://www.w3.org/a"),
    ] {
        assert_eq!(uris(text), [want], "{text:?}");
    }
    // Two single-quoted URIs in one token.
    assert_eq!(uris("'http://a/''http://b/'"), ["http://a/", "http://b/"]);
}
