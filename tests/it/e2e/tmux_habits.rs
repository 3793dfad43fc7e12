//! The status line is about
//! the last key, a letter typed in the Breakdown goes to the input line,
//! `q` asks before losing a typed input, PgDn moves a page less a line,
//! End reaches the last line, and no label is cut at 100 columns.

use crate::e2e::tmux::{tmux_available, Tmux};

/// The line of the screen that starts with `prefix` (after spaces).
fn line_starting<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    s.lines().find(|l| l.trim_start().starts_with(prefix))
}

#[test]
fn typing_in_the_breakdown_goes_to_the_input_and_q_asks_first() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&[], &[], 100, 30);
    t.wait_text("type or paste a URI-reference");
    t.type_text("http://example.com/a");
    t.wait_text("valid URI");
    // Tab: the Breakdown view has the focus; a letter that is no command
    // there is typed into the input line.
    t.key("Tab");
    t.type_text("x");
    t.wait_text(" URI  http://example.com/ax");
    // The status line said nothing stale meanwhile; q asks once...
    t.key("Tab");
    t.key("q");
    t.wait_text("not kept: q again quits");
    // ...and a second q quits, the terminal restored.
    t.key("q");
    t.expect_restored_exit(0);
}

#[test]
fn page_down_keeps_a_line_and_end_reaches_the_legend() {
    if !tmux_available() {
        return;
    }
    let uri = "https://www.example.com/some/long/path/to/a/resource/index.html?query=value&other=thing&x=1#fragment";
    let t = Tmux::start(&[uri], &[], 100, 30);
    let s = t.wait_text("valid URI");
    // At 100 columns the last label is whole beside the scrollbar.
    let labels = line_starting(&s, "scheme").expect("the labels row");
    assert!(labels.contains("fragment"), "{s}");
    t.key("C-c");
    t.wait_exit();
    // A Breakdown of several pages: a query of 40 pairs, a line each.
    let pairs: Vec<String> = (0..40).map(|i| format!("k{i}=v")).collect();
    let uri = format!("http://h/?{}", pairs.join("&"));
    let t = Tmux::start(&[&uri], &[], 100, 30);
    let s = t.wait_text("valid URI");
    t.key("Tab");
    // The view is 26 lines: the line at its bottom comes to its top.
    let bottom = s.lines().nth(27).expect("the view's last line").to_string();
    let bottom = bottom.trim_end_matches(|c: char| c == ' ' || "▲▼█║".contains(c));
    assert!(!bottom.trim().is_empty(), "{s}");
    t.key("PageDown");
    t.wait_for("the bottom line at the top", |s| {
        s.lines().nth(2).is_some_and(|l| l.starts_with(bottom))
    });
    t.key("End");
    t.wait_for("the legend on the last line", |s| {
        s.lines().nth(27).is_some_and(|l| l.starts_with("legend"))
    });
    t.key("g");
    t.wait_for("the first line again", |s| {
        s.lines()
            .nth(2)
            .is_some_and(|l| l.starts_with("http://h/?k0=v"))
    });
    t.key("C-c");
    let (code, _, s) = t.wait_exit();
    assert_eq!(code, 0, "{s}");
}

#[test]
fn a_paste_message_goes_at_the_next_key() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&[], &[], 100, 30);
    t.wait_text("type or paste a URI-reference");
    t.tmux(&["set-buffer", "http://example.com/pasted"]);
    t.tmux(&["paste-buffer", "-p", "-t", "t"]);
    t.wait_text("pasted 25 characters");
    t.type_text("x");
    t.wait_for("the paste message gone", |s| {
        s.contains("/pastedx") && !s.contains("pasted 25 characters")
    });
    t.key("C-c");
    let (code, _, s) = t.wait_exit();
    assert_eq!(code, 0, "{s}");
}
