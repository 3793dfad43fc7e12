//! The Breakdown's sections for what an input is beyond RFC 3986:
//! a `data:` URI (media type, encoding, size,
//! findings by byte, preview) and a URI Template (each expression, its
//! operator, variables and expansion). Snapshots at 80x24 and 40x12,
//! scrolled to the section.

use crate::tui::screen::screen;
use uriscope::explorer::app::App;
use uriscope::uri::template::{Value, Variables};

/// `app` scrolled so `heading` is the first line of the Breakdown view,
/// or as near the top as the view scrolls.
fn scrolled_to(mut app: App, heading: &str, w: u16, h: u16) -> App {
    let mut seen = None;
    for y in 0..400 {
        app.breakdown.scroll.y = y;
        let s = screen(&app, w, h);
        match s.lines().position(|l| l.contains(heading)) {
            Some(2) => return app,
            Some(_) => seen = Some(y),
            None if seen.is_some() => break,
            None => {}
        }
    }
    let y = seen.unwrap_or_else(|| panic!("{heading} never shown:\n{}", screen(&app, w, h)));
    app.breakdown.scroll.y = y;
    app
}

fn both_sizes(name: &str, app: &App, heading: &str) {
    for (w, h) in [(80, 24), (40, 12)] {
        let a = scrolled_to(app.clone(), heading, w, h);
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), screen(&a, w, h));
    }
}

fn gif() -> &'static str {
    "data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAwAAAC8IyPqcvt3wCcDkiLc7C0qwyGHhSWpjQu5yqmCYsapyuvUUlvONmOZtfzgFzByTB10QgxOR0TqBQejhRNzOfkVJ+5YiUqrXF5Y5lKh/DeuNcP5yLWGsEbtLiOSpa/TPg7JpJHxyendzWTBfX0cxOnKPjgBzi4diinWGdkF8kjdfnycQZXZeYGejmJlZeGl9i2icVqaNVailT6F5iJ90m6mvuTS4OK05M0vDk0Q4XUtwvKOzrcd3iq9uisF81M1OIcR7lEewwcLp7tuNNkM3uNna3F2JQFo97Vriy/Xl4/f1cf5VWzXyym7PHhhx4dbgYKAAA7"
}

#[test]
fn a_data_uri_shows_its_media_type_size_and_preview() {
    let text = App::new(
        "data:text/plain;charset=utf-8;base64,SGVsbG8sIFdvcmxkIQpsaW5lIDIJdGFiGw==",
        None,
    );
    let s = screen(
        &scrolled_to(text.clone(), "data: URI (RFC 2397 §2, §3)", 80, 24),
        80,
        24,
    );
    assert!(s.contains("media type  text/plain"), "{s}");
    assert!(s.contains("charset     utf-8 → UTF-8"), "{s}");
    assert!(s.contains("decoded     25 bytes"), "{s}");
    // The text in its charset, its tab and escape drawn as pictures.
    assert!(
        s.contains("│ Hello, World!") && s.contains("│ line 2␉tab␛"),
        "{s}"
    );
    let img = App::new(gif(), None);
    let s = screen(
        &scrolled_to(img.clone(), "data: URI (RFC 2397 §2, §3)", 80, 24),
        80,
        24,
    );
    assert!(s.contains("preview     GIF image, 48×48 pixels"), "{s}");
    // Malformed base64 located by byte.
    let bad = App::new("data:;base64,SGV!sbG8", None);
    let s = screen(
        &scrolled_to(bad, "data: URI (RFC 2397 §2, §3)", 80, 24),
        80,
        24,
    );
    assert!(s.contains("at 16..17"), "{s}");
    both_sizes("data_text", &text, "data: URI (RFC 2397 §2, §3)");
    both_sizes("data_gif", &img, "data: URI (RFC 2397 §2, §3)");
    let bin = App::new(
        "data:application/octet-stream;base64,AAECAwQFBgcICQoLDA0ODxAREhM=",
        None,
    );
    both_sizes("data_binary", &bin, "data: URI (RFC 2397 §2, §3)");
}

#[test]
fn a_template_shows_each_expression_and_its_expansion() {
    let mut vars = Variables::new();
    vars.insert("var", Value::String("value".into()));
    vars.insert("list", Value::List(vec!["red".into(), "green".into()]));
    vars.insert(
        "keys",
        Value::Map(vec![
            ("semi".into(), ";".into()),
            ("dot".into(), ".".into()),
        ]),
    );
    vars.insert("x", Value::String("1024".into()));
    let mut a = App::new("http://example.com/{var}/{+list*}{?x,undef,keys*}", None);
    a.template_vars = vars;
    let s = screen(
        &scrolled_to(a.clone(), "URI Template (RFC 6570)", 80, 24),
        80,
        24,
    );
    assert!(
        s.contains("expands to  http://example.com/value/red,green?x=1024&semi=%3B&dot=."),
        "{s}"
    );
    assert!(
        s.contains("{?x,undef,keys*}  query (RFC 6570 §3.2.8)"),
        "{s}"
    );
    assert!(s.contains("undef  undefined  → nothing"), "{s}");
    both_sizes("template_with_vars", &a, "URI Template (RFC 6570)");
    // Without variables every one is undefined, and the view says so.
    let b = App::new("/search{?q,lang}", None);
    let s = screen(&scrolled_to(b, "URI Template (RFC 6570)", 80, 24), 80, 24);
    assert!(
        s.contains("all undefined (no --vars") && s.contains("expands to  /search"),
        "{s}"
    );
    // A broken template: the position and what was expected.
    let c = App::new("/x/{a,}", None);
    let s = screen(&scrolled_to(c, "URI Template (RFC 6570)", 80, 24), 80, 24);
    assert!(s.contains("not a template: position 6"), "{s}");
}

/// The Parsers section runs the in-process engines on every
/// keystroke, marks where they disagree, gives the verdict and the flags,
/// and names the external engines found and not found.
#[test]
fn the_parsers_section_shows_where_the_engines_disagree() {
    let mut a = App::new("http://0x7f.1/", None);
    a.engines = vec![("python urllib", true), ("go net/url", false)];
    let a = scrolled_to(a, "Parsers (the same URL", 80, 24);
    let s = screen(&a, 80, 24);
    assert!(s.contains("whatwg-url  host=127.0.0.1"), "{s}");
    assert!(s.contains("rfc3986     host=0x7f.1"), "{s}");
    // Two spellings of one address are one host: a note.
    assert!(
        s.contains("agree on the host: \"0x7f.1\" (spelled 2 ways:"),
        "{s}"
    );
    assert!(
        s.contains("internal-address \"0x7f.1\" is 127.0.0.1 (loopback)"),
        "{s}"
    );
    assert!(
        s.contains("also here, run by `uriscope confuse URL`: python urllib"),
        "{s}"
    );
    assert!(s.contains("not found on PATH: go net/url"), "{s}");
    both_sizes("parsers", &a, "Parsers (the same URL");
}

/// Regression: on a relative reference the Parsers
/// section said "whatwg-url rejects it: relative URL without a base" while
/// the WHATWG section on the same screen parsed it against the base. Both
/// now read it against the base; so does RFC 3986's row (it read the
/// unresolved reference, and the section counted two hosts).
#[test]
fn the_parsers_section_reads_a_relative_reference_against_the_base() {
    let a = App::new("../g?q#f", Some("http://a/b/c/d;p?q"));
    let a = scrolled_to(a, "Parsers (the same URL", 100, 40);
    let s = screen(&a, 100, 40);
    assert!(!s.contains("relative URL without a base"), "{s}");
    assert!(
        s.contains("whatwg-url  host=a scheme=http path=/b/g"),
        "{s}"
    );
    assert!(
        s.contains("a reference: every row reads it resolved against the base http://a/b/c/d;p?q"),
        "{s}"
    );
    assert!(
        s.contains("rfc3986     host=a scheme=http path=/b/g"),
        "{s}"
    );
    assert!(
        s.contains("all engines that parse it agree on the host"),
        "{s}"
    );
    assert!(s.contains("href       http://a/b/g?q#f"), "{s}");
}

/// The data: view cites RFC 2397 §2–§3, the default
/// charset by the section that sets it.
#[test]
fn the_data_view_cites_rfc_2397_sections_2_and_3() {
    let a = App::new("data:,A%20brief%20note", None);
    let s = screen(
        &scrolled_to(a, "data: URI (RFC 2397 §2, §3)", 80, 24),
        80,
        24,
    );
    assert!(
        s.contains("charset     US-ASCII → windows-1252, the default (RFC 2397 §2)"),
        "{s}"
    );
}
