//! The list view in a real terminal (the release binary in tmux):
//! filtering, the grouping toggle, Enter into the explorer and Esc back
//! to the list as it was, a list on stdin and a stream that fills it, and
//! `--print` writing the selected or filtered URLs to stdout while the
//! view draws on the terminal.

use super::tmux::{tmux_available, Tmux};

/// A small list: equivalent spellings, query variants, an invalid line.
const LIST: &str = "http://Example.com/a/%7euser
HTTP://example.COM/a/~user
https://shop.example/item?id=1&lang=en
https://shop.example/item?id=7&lang=de
https://shop.example/item?lang=fr&id=9#top

ftp://ftp.example.org/file.txt
a b c
";

/// A folder of the test's own with `list.txt` holding `LIST`.
fn list_file(name: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("uriscope-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let list = dir.join("list.txt");
    std::fs::write(&list, LIST).expect("write");
    let l = list.display().to_string();
    (dir, l)
}

#[test]
fn the_list_filters_groups_and_comes_back_from_the_explorer_as_it_was() {
    if !tmux_available() {
        return;
    }
    let (dir, l) = list_file("list-view");
    let t = Tmux::start(&["--list", &l], &[], 100, 30);
    t.wait_text("7 lines: 6 URI · 0 IRI · 0 relative · 1 invalid · 1 blank");
    t.type_text("shop");
    t.wait_text("3 of 7 · ungrouped");
    t.key("C-g");
    t.wait_text("3 of 7 · grouped by normal form");
    t.key("C-g");
    let s = t.wait_text("3 of 7 · grouped by query keys");
    assert!(s.contains("▾ 3× https://shop.example/item?id&lang"), "{s}");
    t.key("Down");
    t.key("Down");
    t.key("Enter");
    let s = t.wait_text("Breakdown");
    assert!(
        s.lines()
            .next()
            .is_some_and(|r| r.contains("https://shop.example/item?id=7&lang=de")),
        "{s}"
    );
    t.key("Escape");
    let s = t.wait_text("3 of 7 · grouped by query keys");
    assert!(s.contains("> shop"), "the filter is kept:\n{s}");
    t.key("C-q");
    t.expect_restored_exit(0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_list_on_stdin_opens_the_list_view() {
    if !tmux_available() {
        return;
    }
    let (dir, l) = list_file("list-stdin");
    let t = Tmux::start(&[], &[("URISCOPE_STDIN", l.as_str())], 100, 30);
    t.wait_text("7 of 7 · ungrouped");
    t.type_text("ftp");
    t.wait_text("1 of 7");
    t.key("Enter");
    t.wait_for("the explorer on the chosen line", |s| {
        s.lines()
            .next()
            .is_some_and(|r| r.contains("ftp://ftp.example.org/file.txt"))
            && s.contains("Breakdown")
    });
    t.key("Escape");
    t.wait_text("1 of 7 · ungrouped");
    t.key("C-c");
    t.expect_restored_exit(0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `tail -f log | uriscope`: the view opens at once, says it is still
/// reading, and each line joins the list as it arrives.
#[test]
fn a_stream_on_stdin_fills_the_list_as_it_comes() {
    use std::io::Write;
    if !tmux_available() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("uriscope-list-stream-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let fifo = dir.join("stream");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let (tx, rx) = std::sync::mpsc::channel::<Option<&'static str>>();
    let path = fifo.clone();
    let writer = std::thread::spawn(move || {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .expect("open the stream");
        while let Ok(Some(line)) = rx.recv() {
            writeln!(f, "{line}").expect("write a line");
            f.flush().expect("flush");
        }
    });
    let l = fifo.display().to_string();
    let t = Tmux::start(&[], &[("URISCOPE_STDIN", l.as_str())], 100, 30);
    tx.send(Some("https://first.example/a")).expect("send");
    let s = t.wait_text("1 of 1 · ungrouped");
    assert!(s.contains("reading…"), "{s}");
    tx.send(Some("https://second.example/b")).expect("send");
    let s = t.wait_text("2 of 2 · ungrouped");
    assert!(s.contains("https://second.example/b"), "{s}");
    tx.send(None).expect("send");
    writer.join().expect("the writer");
    t.wait_for("the end of the input", |s| {
        s.contains("2 lines: 2 URI") && !s.contains("reading…")
    });
    t.key("C-c");
    let (code, _, s) = t.wait_exit();
    assert_eq!(code, 0, "{s}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `uriscope --list FILE --print > out`, driven by `drive` after `typed`
/// is typed: the exit status and what `out` holds.
fn printed(name: &str, typed: &str, drive: impl Fn(&Tmux)) -> (i32, String) {
    let (dir, l) = list_file(name);
    let out = dir.join("out.txt");
    let wrap = dir.join("wrap.sh");
    std::fs::write(&wrap, format!("#!/bin/sh\n\"$@\" > '{}'\n", out.display())).expect("wrap");
    let w = format!("sh {}", wrap.display());
    let t = Tmux::start(
        &["--list", &l, "--print"],
        &[("URISCOPE_WRAP", w.as_str())],
        100,
        30,
    );
    t.wait_text("7 of 7 · ungrouped");
    if !typed.is_empty() {
        t.type_text(typed);
        t.wait_text("3 of 7");
    }
    drive(&t);
    let (code, stty, s) = t.wait_exit();
    t.assert_restored(&stty, &s);
    let text = std::fs::read_to_string(&out).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    (code, text)
}

#[test]
fn print_writes_the_filtered_urls_to_stdout_exactly() {
    if !tmux_available() {
        return;
    }
    let (code, text) = printed("print-all", "shop", |t| t.key("C-x"));
    assert_eq!(code, 0);
    assert_eq!(
        text,
        "https://shop.example/item?id=1&lang=en\nhttps://shop.example/item?id=7&lang=de\n\
         https://shop.example/item?lang=fr&id=9#top\n"
    );
}

#[test]
fn print_writes_the_url_selected_before_the_explorer_was_opened() {
    if !tmux_available() {
        return;
    }
    // Down, Enter into the explorer, Esc back: the selection is kept, and
    // Ctrl-Q prints it.
    let (code, text) = printed("print-one", "shop", |t| {
        t.key("Down");
        t.key("Enter");
        t.wait_text("Breakdown");
        t.key("Escape");
        t.wait_text("3 of 7 · ungrouped");
        t.key("C-q");
    });
    assert_eq!(code, 0);
    assert_eq!(text, "https://shop.example/item?id=7&lang=de\n");
}

/// A folder of the test's own with `list.txt` holding `bytes`.
fn list_of(name: &str, bytes: &[u8]) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("uriscope-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let list = dir.join("list.txt");
    std::fs::write(&list, bytes).expect("write");
    let l = list.display().to_string();
    (dir, l)
}

/// `--print` with stdout the terminal: a line holding `ESC ] 2 ; pwned
/// BEL` is refused on stderr as every answer with a control is, the window
/// keeps its title, and the other line is printed; the status says a line
/// was refused.
#[test]
fn print_to_a_terminal_refuses_a_line_that_holds_an_escape_sequence() {
    if !tmux_available() {
        return;
    }
    let (dir, l) = list_of(
        "print-tty",
        b"http://ok.example/\nhttp://a/\x1b]2;pwned\x07\n",
    );
    let t = Tmux::start(&["--list", &l, "--print"], &[], 120, 30);
    t.wait_text("2 of 2");
    let title = t.format("#{pane_title}");
    t.key("C-x");
    let (code, stty, s) = t.wait_exit();
    t.assert_restored(&stty, &s);
    assert_eq!(code, 1, "{s}");
    assert!(s.contains("http://ok.example/"), "{s}");
    assert!(s.contains("holds ESC (U+001B)"), "{s}");
    assert_eq!(t.format("#{pane_title}"), title, "the title was set");
    assert_ne!(t.format("#{pane_title}"), "pwned");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--print` to a file: every line is written as the bytes that were read,
/// a line that is not UTF-8 too (the list shows it with U+FFFD; written
/// so, it would be a different URL for whoever reads the file).
#[test]
fn print_to_a_file_writes_each_line_as_its_own_bytes() {
    if !tmux_available() {
        return;
    }
    let (dir, l) = list_of("print-bytes", b"http://a/\xff\nhttp://b/\n");
    let out = dir.join("out.txt");
    let wrap = dir.join("wrap.sh");
    std::fs::write(&wrap, format!("#!/bin/sh\n\"$@\" > '{}'\n", out.display())).expect("wrap");
    let w = format!("sh {}", wrap.display());
    let t = Tmux::start(
        &["--list", &l, "--print"],
        &[("URISCOPE_WRAP", w.as_str())],
        120,
        30,
    );
    t.wait_text("2 of 2");
    t.key("C-x");
    let (code, stty, s) = t.wait_exit();
    t.assert_restored(&stty, &s);
    assert_eq!(code, 0, "{s}");
    let written = std::fs::read(&out).expect("out");
    assert_eq!(
        written, b"http://a/\xff\nhttp://b/\n",
        "the lines' own bytes"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
