//! `--format html`: one self-contained page per run, read back with an
//! HTML tokenizer (html5gum, the WHATWG tokenization a browser does):
//! every part of the report is there, user text is text (never markup),
//! no control character reaches the page, passwords are masked, and
//! nothing points outside the page.

use html5gum::{Token, Tokenizer};

use crate::support::run_uriscope;

/// A start tag: its name and attributes.
pub struct Tag {
    pub name: String,
    pub attrs: Vec<(String, String)>,
}

impl Tag {
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The page read as a browser tokenizes it: its start tags and its text.
pub fn read(html: &str) -> (Vec<Tag>, String) {
    let (mut tags, mut text) = (Vec::new(), String::new());
    for token in Tokenizer::new(html).flatten() {
        match token {
            Token::StartTag(t) => tags.push(Tag {
                name: String::from_utf8_lossy(&t.name).into_owned(),
                attrs: t
                    .attributes
                    .iter()
                    .map(|(k, v)| {
                        let v: &[u8] = v;
                        (
                            String::from_utf8_lossy(k).into_owned(),
                            String::from_utf8_lossy(v).into_owned(),
                        )
                    })
                    .collect(),
            }),
            Token::String(s) => text.push_str(&String::from_utf8_lossy(&s)),
            _ => {}
        }
    }
    (tags, text)
}

/// The checks every page passes: a document with its style inline, no
/// script, no external resource, no raw control character.
pub fn self_contained(html: &str) {
    assert!(html.starts_with("<!DOCTYPE html>\n"), "{html}");
    assert!(html.trim_end().ends_with("</html>"));
    assert!(html.contains("prefers-color-scheme:dark"), "a dark palette");
    let (tags, _) = read(html);
    for t in &tags {
        assert!(
            !["script", "link", "img", "iframe", "object", "embed", "base"]
                .contains(&t.name.as_str()),
            "no <{}> in a self-contained page",
            t.name
        );
        for (k, v) in &t.attrs {
            assert!(
                !(matches!(
                    k.as_str(),
                    "src" | "href" | "action" | "srcset" | "xlink:href"
                ) || k.starts_with("on")),
                "<{} {k}={v:?}>: the page loads and runs nothing",
                t.name
            );
        }
    }
    assert!(!html.contains("url("), "no resource in the style sheet");
    assert!(!html.contains("@import"));
    let bad = html
        .chars()
        .find(|&c| (c.is_control() && c != '\n') || ('\u{202a}'..='\u{202e}').contains(&c));
    assert_eq!(bad, None, "no raw control or bidi character");
}

fn classes(tags: &[Tag]) -> Vec<&str> {
    tags.iter()
        .filter_map(|t| t.attr("class"))
        .flat_map(str::split_whitespace)
        .collect()
}

const HOSTILE: &str = "http://user:s3cret@a.b.example.co.uk:8080/p/%2e%2E/x?q=a&b=%3Cc%3E#f";

#[test]
fn parse_html_holds_every_component_the_diagram_and_the_findings_with_their_sections() {
    let (code, html, err) = run_uriscope(&["parse", "--format", "html", HOSTILE], b"");
    assert_eq!(code, 0, "{err}");
    self_contained(&html);
    let (tags, text) = read(&html);
    let cls = classes(&tags);
    for c in [
        "diagram",
        "components",
        "scheme",
        "authority",
        "userinfo",
        "host",
        "port",
        "path",
        "query",
        "fragment",
        "findings",
        "rfc",
        "segments",
        "pairs",
        "site",
        "whatwg",
        "verdict",
    ] {
        assert!(cls.contains(&c), "class {c} is on the page: {cls:?}");
    }
    // The diagram: the URI, its underbraces and the component names.
    let diagram = html
        .split("<pre class=\"diagram\">")
        .nth(1)
        .unwrap()
        .split("</pre>")
        .next()
        .unwrap();
    for name in ["scheme", "authority", "path", "query", "fragment"] {
        assert!(diagram.contains(&format!(">{name}</span>")), "{diagram}");
    }
    assert!(diagram.contains(r"\__/"), "{diagram}");
    // The finding about the password, with its RFC paragraph's text.
    assert!(text.contains("userinfo-password"), "{text}");
    assert!(text.contains("RFC 3986 §7.5"));
    assert!(
        text.contains("Sensitive Information"),
        "the §7.5 paragraph itself is on the page"
    );
    assert!(
        text.contains("registrable domain example.co.uk, public suffix co.uk"),
        "{text}"
    );
    assert!(
        !html.contains("s3cret"),
        "the password is masked everywhere"
    );
    assert!(text.contains("user:****@"));
}

#[test]
fn user_text_is_escaped_and_its_controls_made_visible() {
    let input = "http://h/<b>&\"x\"'\u{1b}[31m\u{202e}</title><script>alert(1)</script>";
    let (_, html, _) = run_uriscope(&["parse", "--format", "html", input], b"");
    self_contained(&html);
    let (tags, text) = read(&html);
    let names: Vec<&str> = tags.iter().map(|t| t.name.as_str()).collect();
    assert!(
        !names.contains(&"b") && !names.contains(&"script"),
        "{names:?}"
    );
    assert_eq!(names.iter().filter(|n| **n == "title").count(), 1);
    // The text reads as typed, with the controls shown as escapes.
    assert!(
        text.contains("<b>&\"x\"'\\x1b[31m\\u{202e}</title><script>alert(1)</script>"),
        "{text}"
    );
    assert!(html.contains("&lt;b&gt;&amp;&quot;x&quot;&#39;"));
}

#[test]
fn resolve_and_normalize_pages_hold_their_steps() {
    let (code, html, err) = run_uriscope(
        &[
            "resolve",
            "--trace",
            "--format",
            "html",
            "--base",
            "http://u:pw@a/b/c/d;p?q",
            "../g",
            "g<x",
        ],
        b"",
    );
    assert_eq!(code, 1, "g<x is no reference: {err}");
    self_contained(&html);
    let (tags, text) = read(&html);
    assert_eq!(
        classes(&tags).iter().filter(|c| **c == "resolve").count(),
        2
    );
    assert!(text.contains("target: http://u:****@a/b/g"), "{text}");
    assert!(
        text.contains("§5.2.1") && text.contains("§5.2.4"),
        "the steps: {text}"
    );
    assert!(!text.contains(":pw@"), "{text}");
    assert!(text.contains("error"));

    let (code, html, err) = run_uriscope(
        &[
            "normalize",
            "--trace",
            "--format",
            "html",
            "HTTP://A:80/%7e/./b",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    self_contained(&html);
    let (tags, text) = read(&html);
    assert!(classes(&tags).contains(&"steps"));
    assert!(text.contains("normalized: http://a/~/b"), "{text}");
    for rung in ["case", "percent-encoding", "path-segments", "scheme-based"] {
        assert!(text.to_lowercase().contains(rung), "rung {rung}: {text}");
    }
}

#[test]
fn stats_html_draws_each_table_as_an_svg_chart() {
    let lines = b"http://a.example.co.uk/\nhttp://b.example.co.uk/\nhttps://x.org/<\n";
    let (code, html, err) = run_uriscope(&["stats", "--format", "html"], lines);
    assert_eq!(code, 0, "{err}");
    self_contained(&html);
    let (tags, text) = read(&html);
    let svgs = tags.iter().filter(|t| t.name == "svg").count();
    assert_eq!(svgs, 4, "schemes, hosts, sites, codes (no line has a flag)");
    let bars = tags.iter().filter(|t| t.name == "rect").count();
    assert_eq!(bars, 2 + 2 + 1 + 1, "a bar a row");
    assert!(text.contains("sites (1 distinct)"), "{text}");
    assert!(text.contains("confusion flags (0 distinct)"), "{text}");
    assert!(text.contains("example.co.uk"));
}

#[test]
fn stats_has_no_markdown_format() {
    let (code, out, err) = run_uriscope(&["stats", "--format", "markdown"], b"http://a/\n");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("possible values: text, json, html"), "{err}");
}
