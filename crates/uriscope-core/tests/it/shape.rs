//! What a pasted thing is when it is not a URI (`uri::shape`): one
//! finding naming the shape, with the URI it most likely means, the same
//! in every surface.

use proptest::prelude::*;
use uriscope_core::lint::Linted;
use uriscope_core::shape::{recognize, ShapeKind};
use uriscope_core::{analyze, ParseOptions, Severity};

/// The shape of `input` (read as the explorer reads it, an IRI) and its
/// likely URI.
fn shape_of(input: &str) -> Option<(ShapeKind, String)> {
    let r = analyze(input, ParseOptions::new().iri(true));
    recognize(&r).map(|s| (s.kind, s.likely(input)))
}

#[track_caller]
fn is(input: &str, kind: ShapeKind, likely: &str) {
    assert_eq!(
        shape_of(input),
        Some((kind, likely.to_string())),
        "{input:?}"
    );
}

use ShapeKind::*;

/// The issue's examples, and the forms around them.
#[test]
fn each_shape_and_the_uri_it_most_likely_means() {
    is(
        r"C:\Users\x\My Docs\a.txt",
        WindowsPath,
        "file:///C:/Users/x/My%20Docs/a.txt",
    );
    is(
        r"d:\100% done\#1 [draft].txt",
        WindowsPath,
        "file:///d:/100%25%20done/%231%20%5Bdraft%5D.txt",
    );
    is("C:/Users/x", WindowsPath, "file:///C:/Users/x");
    is(r"\\?\C:\very\long", WindowsPath, "file:///C:/very/long");
    is(
        r"\\fileserver\share\x",
        UncPath,
        "file://fileserver/share/x",
    );
    is(
        r"\\host.example.com\Share\path\to\file.txt",
        UncPath,
        "file://host.example.com/Share/path/to/file.txt",
    );
    is(r"\\?\UNC\srv\s\a b", UncPath, "file://srv/s/a%20b");
    is(
        "git@github.com:org/repo.git",
        ScpAddress,
        "ssh://git@github.com/org/repo.git",
    );
    is(
        "deploy@10.0.0.5:/srv/app",
        ScpAddress,
        "ssh://deploy@10.0.0.5/srv/app",
    );
    is(
        "[docs](https://a.example/x)",
        MarkdownLink,
        "https://a.example/x",
    );
    is(
        "[docs]: https://a.example/x \"Docs\"",
        MarkdownLink,
        "https://a.example/x",
    );
    is(
        "<a href=\"https://a.example/s?q=1&amp;r=2\">search</a>",
        HtmlLink,
        "https://a.example/s?q=1&r=2",
    );
    is("<https://a.example/x>.", WrappedLink, "https://a.example/x");
    is(
        "\"https://a.example/x\",",
        WrappedLink,
        "https://a.example/x",
    );
    is(
        "https://example.com/my file name.pdf",
        SpacedUrl,
        "https://example.com/my%20file%20name.pdf",
    );
    is(
        "https://example.com/search?q=two words#a b",
        SpacedUrl,
        "https://example.com/search?q=two%20words#a%20b",
    );
    is("example.com/a/b", BareHost, "http://example.com/a/b");
    is("www.example.com", BareHost, "http://www.example.com");
    is("example.com:8080/x", BareHost, "http://example.com:8080/x");
    is(
        "example.com/my file.pdf",
        BareHost,
        "http://example.com/my%20file.pdf",
    );
}

#[test]
fn uris_and_other_texts_have_no_shape() {
    for input in [
        "https://example.com/",
        "file:///C:/x",
        "mailto:a@b.example",
        "urn:isbn:0451450523",
        "com.example.app:/oauth2redirect",
        "README.md",
        "docs/GUIDE.md",
        "//a.example/x",
        "user@example.com",
        "http://a/b c|d",
        "http://exa mple.com/",
        "a@b.example:has space",
        "\\\\",
        "\\\\.\\COM1",
        "see <https://a/> here",
        "",
    ] {
        assert_eq!(shape_of(input), None, "{input:?}");
    }
}

/// Regression: `C:\Users\x\My Docs\a.txt` gave
/// "scheme C is uppercase" and eight more findings, `\\fileserver\share\x`
/// an error and a warning per backslash, `git@github.com:org/repo.git`
/// and a Markdown link advice to write "./" before them. Each is now one
/// finding, which names it.
#[test]
fn a_shape_is_one_finding_not_one_per_character() {
    for (input, code) in [
        (r"C:\Users\x\My Docs\a.txt", "windows-path"),
        (r"\\fileserver\share\x", "unc-path"),
        ("git@github.com:org/repo.git", "scp-address"),
        ("[docs](https://a.example/x)", "markdown-link"),
        ("<a href=\"https://a.example/x\">docs</a>", "html-link"),
        ("https://example.com/my file name.pdf", "url-with-spaces"),
    ] {
        let r = analyze(input, Default::default());
        assert!(r.len() > 1 || !r.is_valid(), "{input:?}");
        let l = Linted::new(&r);
        let all: Vec<_> = l.findings().collect();
        assert_eq!(all.len(), 1, "{input:?}: {all:#?}");
        assert_eq!(l.len(), 1);
        assert_eq!(
            (all[0].code.as_str(), all[0].severity),
            (code, Severity::Error)
        );
        assert!(!all[0].message.contains("\"./\""), "{}", all[0].message);
        assert!(!l.is_valid());
    }
}

/// On a valid input the shape is a note or a warning beside the other
/// findings, which stay.
#[test]
fn on_a_valid_input_the_shape_comes_first_and_the_rest_stay() {
    let r = analyze("C:/Users/x", Default::default());
    let l = Linted::new(&r);
    let codes: Vec<_> = l.marks().map(|m| m.code).collect();
    assert_eq!(codes, ["windows-path", "uppercase-scheme"]);
    assert_eq!(l.len(), 2);
    let r = analyze("example.com/a", Default::default());
    let f: Vec<_> = Linted::new(&r).findings().collect();
    assert_eq!(
        (f[0].code.as_str(), f[0].severity),
        ("host-without-scheme", Severity::Note)
    );
    assert!(
        f[0].message.contains("http://example.com/a"),
        "{}",
        f[0].message
    );
}

/// A long input's message quotes the likely URI cut, not whole; the
/// likely URI itself is whole.
#[test]
fn a_long_shape_is_quoted_cut_in_its_message() {
    let input = format!(r"C:\{}", "a b\\".repeat(20_000));
    let r = analyze(&input, Default::default());
    let l = Linted::new(&r);
    let f = l.findings().next().expect("the shape's finding");
    assert!(f.message.len() < 1000, "{}", f.message.len());
    assert!(f.message.contains('…'));
    let likely = l.shape().expect("a shape").likely(&input);
    assert_eq!(likely.len(), "file:///C:/".len() + 20_000 * "a%20b/".len());
}

proptest! {
    /// Whatever the input, recognition does not panic, and a shape's
    /// likely URI is a valid IRI reference, but for a wrapped link's,
    /// which is the link inside as it was written.
    #[test]
    fn a_likely_uri_is_always_valid(
        input in r#"(C:\\|\\\\|git@|[a-z]{1,4}\.[a-z]{2,3}|https://|<|>|\[t\]\(|\)|"|[a-z]{1,4}|[ /\\:.@#?%é]|&amp;)*"#,
    ) {
        let r = analyze(&input, ParseOptions::new().iri(true));
        if let Some(s) = recognize(&r) {
            let likely = s.likely(&input);
            let wrapped = matches!(s.kind, MarkdownLink | HtmlLink | WrappedLink);
            prop_assert!(
                wrapped ||
                uriscope_core::UriRef::parse_with(&likely, uriscope_core::ParseOptions::new().iri(true)).is_ok(),
                "{:?} ({:?}) -> {:?}",
                input,
                s.kind,
                likely
            );
            let _ = s.finding(&input);
        }
    }
}
