//! Links in real text: Markdown and HTML links, links followed by
//! punctuation, and `extract` reading a text in pieces without cutting a
//! URI short unless it says so.

use proptest::prelude::*;
use uriscope::cli::extract::{extract_stream, write_all, Pieces};
use uriscope::uri::extract::{extract, Delimiter};

/// `(uri, delimiter)` of every link found in `text`.
fn links(text: &str) -> Vec<(String, Delimiter)> {
    extract(text)
        .into_iter()
        .map(|e| (e.uri, e.delimiter))
        .collect()
}

#[track_caller]
fn finds(text: &str, want: &[(&str, Delimiter)]) {
    let got = links(text);
    let want: Vec<(String, Delimiter)> = want.iter().map(|&(u, d)| (u.to_string(), d)).collect();
    assert_eq!(got, want, "{text:?}");
}

use Delimiter::{AngleBrackets, Html, Markdown, Quotes, Whitespace};

#[test]
fn markdown_inline_links_images_and_reference_definitions() {
    // The issue's example: nothing was found.
    finds(
        "[docs](https://a.example/x)\n",
        &[("https://a.example/x", Markdown)],
    );
    finds(
        "see [the docs](https://a.example/x \"Title\") and ![logo](img/logo.png).",
        &[
            ("https://a.example/x", Markdown),
            ("img/logo.png", Markdown),
        ],
    );
    finds(
        "[Foo](https://en.wikipedia.org/wiki/Foo_(bar)), then [top](#usage)",
        &[
            ("https://en.wikipedia.org/wiki/Foo_(bar)", Markdown),
            ("#usage", Markdown),
        ],
    );
    // A badge: an image inside a link.
    finds(
        "[![CI](https://ci.example/badge.svg)](https://ci.example/run)",
        &[
            ("https://ci.example/badge.svg", Markdown),
            ("https://ci.example/run", Markdown),
        ],
    );
    finds(
        "[a]: https://a.example/\n  [b]:\n  ../b.md \"B\"\n[c]: <https://c.example/>\n",
        &[
            ("https://a.example/", Markdown),
            ("../b.md", Markdown),
            ("https://c.example/", AngleBrackets),
        ],
    );
    // Mid-sentence, `[1]:` is no definition, and a relative word is no link.
    assert!(links("as in [1]: see above").is_empty());
    // The angle-bracket destination and the autolink.
    finds(
        "[x](<https://a.example/y>) <https://b.example/>",
        &[
            ("https://a.example/y", AngleBrackets),
            ("https://b.example/", AngleBrackets),
        ],
    );
}

#[test]
fn a_relative_markdown_destination_says_so() {
    let e = &extract("[guide](docs/GUIDE.md#keys)")[0];
    assert_eq!(e.uri, "docs/GUIDE.md#keys");
    assert!(
        e.notes.iter().any(|n| n.contains("relative reference")),
        "{e:?}"
    );
    assert!(extract("[x](https://a/)")[0].notes.is_empty());
}

#[test]
fn an_email_autolink_gets_mailto() {
    let e = &extract("write to <someone@example.org>.")[0];
    assert_eq!(
        (e.uri.as_str(), e.delimiter),
        ("mailto:someone@example.org", AngleBrackets)
    );
    assert_eq!(
        e.span.slice("write to <someone@example.org>."),
        "someone@example.org"
    );
    assert!(e.notes[0].contains("CommonMark"), "{:?}", e.notes);
    assert!(extract("<someone@localhost> <a b@c.org>").is_empty());
}

/// Regression: prose naming the form, `<URL:…>`, was found as a URI "…".
#[test]
fn url_prefix_without_a_scheme_is_not_a_uri() {
    assert!(extract("wrapped as `<URL:…>` in old mail").is_empty());
    assert_eq!(links("<URL:http://a/>")[0].0, "http://a/");
}

#[test]
fn links_followed_by_punctuation() {
    finds(
        "Read <https://a.example/x>.",
        &[("https://a.example/x", AngleBrackets)],
    );
    finds(
        "[\"https://a.example/x\", \"https://b.example/y\"]",
        &[
            ("https://a.example/x", Quotes),
            ("https://b.example/y", Quotes),
        ],
    );
    finds(
        "(see https://a.example/x)",
        &[("https://a.example/x", Whitespace)],
    );
    finds(
        "(see https://a.example/x).",
        &[("https://a.example/x", Whitespace)],
    );
    finds(
        "it is at 'https://a.example/x'; or <https://b.example/>!",
        &[
            ("https://a.example/x", Quotes),
            ("https://b.example/", AngleBrackets),
        ],
    );
}

/// A page as a site serves it: head links, scripts, a meta URL, character
/// references in a query, single-quoted and unquoted values, an end tag
/// whose text is a URL, a comment.
const PAGE: &str = r#"<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta property="og:url" content="https://www.example.org/news/2024/rfc">
  <link rel="stylesheet" href="/static/site.css?v=3">
  <script src='https://cdn.example.net/lib.js' defer></script>
  <title>News &amp; notes</title>
</head>
<body>
  <!-- old: http://old.example.org/ -->
  <p>See <a href="https://www.example.org/search?q=uri&amp;lang=en" class=link>the search</a>,
  or <a href=../archive/index.html>the archive</a>.</p>
  <img src = "images/logo.png" alt="a > b">
  <a href="https://www.example.org/x">https://www.example.org/x</a>
  <form action="/submit" method="post"><input name="q" value="not a link"></form>
</body>
</html>
"#;

#[test]
fn html_page_links_are_found_with_references_decoded() {
    finds(
        PAGE,
        &[
            ("https://www.example.org/news/2024/rfc", Html),
            ("/static/site.css?v=3", Html),
            ("https://cdn.example.net/lib.js", Html),
            ("http://old.example.org/", Whitespace),
            ("https://www.example.org/search?q=uri&lang=en", Html),
            ("../archive/index.html", Html),
            ("images/logo.png", Html),
            ("https://www.example.org/x", Html),
            ("https://www.example.org/x", Whitespace),
            ("/submit", Html),
        ],
    );
    let found = extract(PAGE);
    let search = &found[4];
    assert_eq!(
        search.span.slice(PAGE),
        "https://www.example.org/search?q=uri&amp;lang=en"
    );
    assert!(
        search.notes[0].contains("character references"),
        "{:?}",
        search.notes
    );
}

/// Every Markdown link of this project's own README and docs, as a naive
/// reading finds them (the text after each `](` up to its `)`: none of
/// these documents nests parentheses in a destination), is found, at its
/// place, and nothing else is found as a Markdown link.
#[test]
fn this_projects_documents_give_every_markdown_link() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut total = 0;
    for doc in [
        "README.md",
        "CONTRIBUTING.md",
        "DIFFERENCES.md",
        "docs/GUIDE.md",
        "docs/ARCHITECTURE.md",
        "docs/TESTING.md",
        "docs/BENCHMARKS.md",
    ] {
        let text = std::fs::read_to_string(format!("{root}/{doc}")).expect(doc);
        let naive: Vec<(usize, &str)> = text
            .match_indices("](")
            .map(|(i, _)| {
                let start = i + 2;
                let end = start + text[start..].find(')').expect("a closing parenthesis");
                (start, &text[start..end])
            })
            .collect();
        let found: Vec<(usize, &str)> = extract(&text)
            .into_iter()
            .filter(|e| e.delimiter == Markdown)
            .map(|e| (e.span.start, &text[e.span.start..e.span.end]))
            .collect();
        assert_eq!(found, naive, "{doc}");
        total += found.len();
    }
    assert!(total > 40, "{total}");
}

#[test]
fn cli_extract_finds_the_markdown_link() {
    let (code, out, _) =
        crate::support::run_uriscope(&["extract"], b"[docs](https://a.example/x)\n");
    assert_eq!(
        (code, out.as_str()),
        (0, "1:8  https://a.example/x  (markdown)\n")
    );
}

/// What `extract_stream` writes for `text` read in `pieces`.
fn streamed(text: &str, pieces: Pieces) -> String {
    let mut out = Vec::new();
    extract_stream(text.as_bytes(), &mut out, true, pieces).expect("write to a Vec");
    String::from_utf8(out).expect("UTF-8")
}

/// What `extract --json` writes for `text` searched whole.
fn whole(text: &str) -> String {
    let mut out = Vec::new();
    write_all(&mut out, text, &extract(text), true).expect("write to a Vec");
    String::from_utf8(out).expect("UTF-8")
}

/// Regression: a URI longer than the longest piece (8 MiB) was cut there
/// without a word (`end` 8454144, the rest lost). A run without a break
/// now grows its piece: a URI eight times the piece comes out whole.
#[test]
fn extract_a_uri_longer_than_a_piece_comes_out_whole() {
    let uri = format!("https://a.example/{}", "x".repeat(1000));
    let text = format!("one <https://b.example/>\nthen {uri} and\nmore http://c.example/\n");
    let pieces = Pieces {
        chunk: 128,
        max: 4096,
    };
    let out = streamed(&text, pieces);
    assert_eq!(out, whole(&text));
    assert!(out.contains(&format!("\"uri\":\"{uri}\"")), "{out}");
    assert!(!out.contains("\"cut\":true"), "{out}");
}

/// The same through the binary, at the size the issue reported: a 9 MiB
/// URI on one line is written whole.
#[test]
fn cli_extract_a_nine_mib_uri_comes_out_whole() {
    let uri = format!("http://a.example/{}", "a".repeat(9 << 20));
    let (code, out, err) = crate::support::run_uriscope(&["extract", "--json"], uri.as_bytes());
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON line");
    assert_eq!(v["end"].as_u64(), Some(uri.len() as u64));
    assert_eq!(v["uri"].as_str().map(str::len), Some(uri.len()));
    assert_eq!(v["cut"], false);
}

/// Past the longest piece, a run without a break is cut, and the output
/// says so: the URI has `"cut": true` and a note naming the byte; the
/// rest of the run is not searched (no URI starts inside it), and what
/// follows the run is found at its true offsets.
#[test]
fn extract_a_run_past_the_limit_reports_the_cut() {
    let run = format!(
        "https://a.example/{}http://inside.example/",
        "y".repeat(3000)
    );
    let text = format!("{run} then https://after.example/ ok");
    let out = streamed(
        &text,
        Pieces {
            chunk: 64,
            max: 1024,
        },
    );
    let v: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(v.len(), 2, "{out}");
    assert_eq!(v[0]["cut"], true);
    assert_eq!(v[0]["start"], 0);
    assert_eq!(v[0]["end"], 1024);
    let note = v[0]["notes"][0].as_str().unwrap_or_default();
    assert!(note.starts_with("cut at byte 1024"), "{note}");
    let after = text.find("https://after").expect("in the text");
    assert_eq!(v[1]["uri"], "https://after.example/");
    assert_eq!(v[1]["start"], after);
    assert_eq!(v[1]["cut"], false);
}

proptest! {
    /// Read in pieces of any size, none forced (the longest piece holds
    /// the text), the text gives what the one-piece search gives, byte
    /// for byte.
    #[test]
    fn pieces_of_any_size_give_what_the_whole_text_gives(
        parts in proptest::collection::vec(
            "( |\n|\n\n|<http://a.example/p\n q>|\\[t\\]\\(https://b.example/\\)|\"x:y\"|www\\.w3\\.org/a|é|<a href=\"/z\">|[a-z]{1,5})",
            0..60,
        ),
        chunk in 1usize..40,
    ) {
        let text: String = parts.concat();
        let pieces = Pieces { chunk, max: text.len() + 1 };
        prop_assert_eq!(streamed(&text, pieces), whole(&text));
    }
}
