//! Pasted and quoted links (RFC 3986 Appendix C): a paste or an argument
//! that is one link wrapped in `<…>`, `<URL:…>`, quotes, parentheses or
//! whitespace, or given as a Markdown link or an HTML element, sentence
//! punctuation after it or not, is unwrapped by the same search `extract`
//! uses; one undo brings the raw paste back; the Encode field takes text
//! as it is.

use uriscope::explorer::app::{update, Action, App, Pane};
use uriscope::uri::extract::unwrap_link;

#[track_caller]
fn unwraps(text: &str, uri: &str, removed: &str) {
    let u = unwrap_link(text).unwrap_or_else(|| panic!("{text:?} not unwrapped"));
    assert_eq!(
        (u.uri.as_str(), u.removed.as_str()),
        (uri, removed),
        "{text:?}"
    );
}

#[test]
fn wrapped_links_are_unwrapped() {
    unwraps(
        "<https://example.com/a>",
        "https://example.com/a",
        "the angle brackets <…>",
    );
    unwraps("<URL:http://a/b>", "http://a/b", "the wrapper <URL:…>");
    unwraps("\"http://a/b?q=1\"", "http://a/b?q=1", "the quotes \"…\"");
    unwraps(
        "'mailto:x@example.com'",
        "mailto:x@example.com",
        "the quotes '…'",
    );
    unwraps(
        "  http://a/b \n",
        "http://a/b",
        "the surrounding whitespace",
    );
    // Appendix C: whitespace inside the brackets is removed.
    unwraps(
        "<http://a/very/\n      long>",
        "http://a/very/long",
        "the angle brackets <…>",
    );
}

/// Regression: a paste ending in punctuation after
/// its closing delimiter (`<https://…>.`, `"https://…",`) was left as it
/// was, where the exact `<…>` was unwrapped.
#[test]
fn a_wrapped_link_followed_by_punctuation_is_unwrapped() {
    unwraps(
        "<https://example.com/a?b=c>.",
        "https://example.com/a?b=c",
        "the angle brackets <…> and the \".\" after it",
    );
    unwraps(
        " \"https://example.com/x\",\n",
        "https://example.com/x",
        "the quotes \"…\" and the \",\" after it",
    );
    unwraps(
        "(https://example.com/x)?!",
        "https://example.com/x",
        "the parentheses (…) and the \"?!\" after them",
    );
}

#[test]
fn markdown_and_html_links_are_unwrapped() {
    unwraps(
        "[docs](https://a.example/x)",
        "https://a.example/x",
        "the Markdown link [text](…)",
    );
    unwraps(
        "![logo](https://a.example/l.png \"Logo\").",
        "https://a.example/l.png",
        "the Markdown link [text](…) and the \".\" after it",
    );
    unwraps(
        "[docs]: https://a.example/x",
        "https://a.example/x",
        "the Markdown reference definition [id]: …",
    );
    unwraps(
        "<a href=\"https://a.example/s?q=1&amp;r=2\" class=\"x\">the search</a>",
        "https://a.example/s?q=1&r=2",
        "the HTML element <…>",
    );
    unwraps(
        "<a href='https://a.example/x'>https://a.example/x</a>",
        "https://a.example/x",
        "the HTML element <…>",
    );
    unwraps(
        "<img src=\"https://a.example/i.png\" alt=\"\">",
        "https://a.example/i.png",
        "the HTML element <…>",
    );
}

#[test]
fn anything_but_one_wrapped_link_is_left_alone() {
    for text in [
        "http://a/b",       // nothing to take off
        "see <http://a/b>", // text around it
        "<http://a/> <http://b/>",
        "http://a/b.",            // a sentence's period is not a wrapper
        "www.w3.org/Addressing/", // a guess is never made in a paste
        "<>",
        "",
        "  ",
        "[a](https://a/) and [b](https://b/)",
        "[a](https://a/) more",
        "<a href=\"https://a/\">x</a> <b>y</b>",
        "<a href=\"https://a/\" src=\"https://b/\">",
        "<p>https://a/</p>",
        "\"http://a/b\" said",
    ] {
        assert_eq!(unwrap_link(text), None, "{text:?}");
    }
}

#[test]
fn a_pasted_wrapped_link_is_unwrapped_and_one_undo_restores_the_paste() {
    let mut app = App::new("", None);
    update(&mut app, Action::Paste("<https://example.com/a b>".into()));
    assert_eq!(app.input.text(), "https://example.com/ab");
    let status = app
        .status
        .as_ref()
        .map(|s| s.text.clone())
        .unwrap_or_default();
    assert!(
        status.contains("took off the angle brackets <…>"),
        "{status}"
    );
    update(&mut app, Action::Undo);
    assert_eq!(app.input.text(), "<https://example.com/a b>");
    update(&mut app, Action::Undo);
    assert_eq!(app.input.text(), "");
}

#[test]
fn a_pasted_markdown_link_is_unwrapped_and_one_undo_restores_it() {
    let mut app = App::new("", None);
    let paste = "[the docs](https://a.example/x \"Docs\"),";
    update(&mut app, Action::Paste(paste.into()));
    assert_eq!(app.input.text(), "https://a.example/x");
    let status = app
        .status
        .as_ref()
        .map(|s| s.text.clone())
        .unwrap_or_default();
    assert!(status.contains("took off the Markdown link"), "{status}");
    update(&mut app, Action::Undo);
    assert_eq!(app.input.text(), paste);
}

#[test]
fn a_wrapped_link_never_gets_the_colon_advice() {
    let mut app = App::new("", None);
    update(&mut app, Action::Paste("<http://a/b>".into()));
    let screen = crate::tui::screen::screen(&app, 100, 30);
    assert!(screen.contains("valid URI"), "{screen}");
    assert!(!screen.contains("./"), "{screen}");
}

#[test]
fn the_encode_field_takes_a_paste_as_it_is() {
    let mut app = App::new("", None);
    update(&mut app, Action::FocusField(Pane::Encode));
    let before = app.encode.text.text().to_string();
    update(&mut app, Action::Paste("<a b>".into()));
    assert_eq!(app.encode.text.text(), format!("{before}<a b>"));
}

/// In a real terminal: a bracketed paste of `<https://…>` lands unwrapped,
/// the status line says so, and Ctrl-Z brings the paste back.
#[test]
fn tmux_paste_of_a_bracketed_link_is_unwrapped() {
    use crate::e2e::tmux::{tmux_available, Tmux};
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&[""], &[], 100, 30);
    t.wait_text("Ctrl-C");
    let out = t.tmux(&["set-buffer", "<https://example.com/a>"]);
    assert!(out.status.success(), "{out:?}");
    t.tmux(&["paste-buffer", "-p", "-t", "t"]);
    let s = t.wait_text("took off the angle brackets");
    let first = s.lines().next().unwrap_or("");
    assert!(
        first.contains("https://example.com/a") && !first.contains('<'),
        "{s}"
    );
    t.key("C-z");
    t.wait_for("the raw paste back", |s| {
        s.lines()
            .next()
            .is_some_and(|l| l.contains("<https://example.com/a>"))
    });
    t.key("C-c");
    assert_eq!(t.wait_exit().0, 0);
}

/// An argument given wrapped is unwrapped when the explorer opens.
#[test]
fn tmux_wrapped_argument_is_unwrapped() {
    use crate::e2e::tmux::{tmux_available, Tmux};
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["\"http://example.com/q\""], &[], 100, 30);
    let s = t.wait_text("took off the quotes");
    assert!(s.contains("valid URI"), "{s}");
    t.key("C-c");
    assert_eq!(t.wait_exit().0, 0);
}
