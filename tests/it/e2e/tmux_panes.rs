//! End-to-end tests of the new panes in a real terminal (tmux), with the
//! harness of `tmux.rs`: switch to Resolve, set a base, step through every
//! row of the remove_dot_segments table reading each rule letter on
//! screen; copy the resolved target with OSC 52 and read it back with
//! `show-buffer`; edit the query's pairs with the Query pane's keys.

use std::time::{Duration, Instant};

use crate::e2e::tmux::{tmux_available, Tmux, DEADLINE};

/// Whether a screen line holds row `i` of the table with rule `2X`.
fn has_row(screen: &str, i: usize, rule: char) -> bool {
    // The rows are labelled as RFC 3986 §5.2.4 writes them (`2E:`), so
    // row i is the i-th of them.
    screen
        .lines()
        .map(|l| l.trim_start().as_bytes())
        .filter(|l| l.len() > 3 && l[0] == b'2' && l[1].is_ascii_uppercase() && l[2] == b':')
        .nth(i - 1)
        .is_some_and(|l| l[1] == rule as u8)
}

#[test]
fn step_through_every_row_of_remove_dot_segments() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["../../../g"], &[], 100, 30);
    t.wait_text(" URI ");
    // Tab: the Breakdown, Tab: the Resolve pane's view, Tab: its base
    // field.
    t.key("Tab");
    t.key("Tab");
    t.key("Tab");
    t.wait_text(" base ");
    t.key("C-u");
    t.type_text("http://x/b/c/d");
    t.wait_text("\"/b/c/\" + \"../../../g\"");
    // Back to row 0, then forward one row at a time.
    for _ in 0..8 {
        t.key("C-p");
    }
    t.wait_text("row 0 of 6");
    for (i, rule) in "EECCCE".chars().enumerate() {
        t.key("C-n");
        let s = t.wait_for(&format!("row {} (rule {rule})", i + 1), |s| {
            has_row(s, i + 1, rule) && s.contains(&format!("row {} of 6", i + 1))
        });
        // Rows not reached yet are not shown.
        assert!(!has_row(&s, i + 2, 'E') && !has_row(&s, i + 2, 'C'), "{s}");
    }
    let s = t.wait_text("http://x/g");
    assert!(s.contains("target (§5.3)"), "{s}");
    // One more step stays on the last row.
    t.key("C-n");
    t.wait_text("row 6 of 6");
    t.key("C-c");
    let (code, _, s) = t.wait_exit();
    assert_eq!(code, 0, "{s}");
}

#[test]
fn copy_the_resolved_target_through_osc52() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(
        &["--base", "http://a/b/c/d;p?q", "../../../g"],
        &[("SSH_TTY", "/dev/pts/99")],
        100,
        30,
    );
    let out = t.tmux(&["set-option", "-s", "set-clipboard", "on"]);
    assert!(out.status.success(), "{out:?}");
    t.wait_text(" URI ");
    t.key("Tab");
    t.key("Tab");
    t.wait_text("target (§5.3)");
    t.key("C-y");
    t.wait_text("copied resolved (RFC 3986) to the terminal clipboard (OSC 52)");
    wait_buffer(&t, "http://a/g");
    // The RFC 2396 target from the copy chooser (the entry after 3986's).
    t.key("C-o");
    t.wait_text("Copy which?");
    let s = t.screen();
    let lines: Vec<&str> = s.lines().collect();
    let first = lines
        .iter()
        .position(|l| l.contains("input  "))
        .expect("chooser");
    let at = lines
        .iter()
        .position(|l| l.contains("resolved (RFC 2396)"))
        .expect("2396 entry listed");
    for _ in 0..(at - first) {
        t.key("Down");
    }
    t.key("Enter");
    t.wait_text("copied resolved (RFC 2396)");
    wait_buffer(&t, "http://a/../g");
    t.key("C-c");
    let (code, _, s) = t.wait_exit();
    assert_eq!(code, 0, "{s}");
}

fn wait_buffer(t: &Tmux, want: &str) {
    let start = Instant::now();
    loop {
        let out = t.tmux(&["show-buffer"]);
        if String::from_utf8_lossy(&out.stdout) == want {
            return;
        }
        assert!(start.elapsed() < DEADLINE, "buffer: {out:?}, want {want}");
        std::thread::sleep(Duration::from_millis(25));
    }
}

/// Edit the host in the Breakdown of the real binary; the input
/// line shows the recomposed URI, and Ctrl-Z brings the old one back.
#[test]
fn edit_the_host_in_the_breakdown_and_undo() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["https://curl.se/we/are.html"], &[], 100, 30);
    t.wait_text("valid URI");
    t.key("Tab");
    t.key("Down");
    t.key("Down");
    t.wait_text("host: Enter edits it");
    t.key("Enter");
    t.wait_text("Edit host");
    t.key("C-u");
    t.type_text("example.org");
    t.wait_text("https://example.org/we/are.html");
    t.key("Enter");
    let s = t.wait_for(
        "the input line holds the new host and the status says so",
        |s| {
            s.lines()
                .next()
                .is_some_and(|l| l.contains("https://example.org/we/are.html"))
                && !s.contains("Edit host")
                && s.contains("host set")
        },
    );
    assert!(s.contains("Ctrl-Z undoes"), "{s}");
    t.key("C-z");
    t.wait_for("the old host is back", |s| {
        s.lines()
            .next()
            .is_some_and(|l| l.contains("https://curl.se/we/are.html"))
    });
    t.key("C-c");
    let (code, _, s) = t.wait_exit();
    assert_eq!(code, 0, "{s}");
}

/// A config file sets the base and the theme; a bad one never
/// stops the explorer, which starts with the defaults and says why,
/// naming the file, line and column.
#[test]
fn config_file_good_and_bad() {
    if !tmux_available() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("uriscope-config-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let good = dir.join("good.toml");
    std::fs::write(
        &good,
        "base = \"https://x.example/a/b\"\ntheme = \"light\"\n",
    )
    .expect("write");
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "theme = \"light\"\ncolour = 1\n").expect("write");

    let g = good.display().to_string();
    let t = Tmux::start(&["--config", &g, "../c"], &[], 100, 30);
    t.wait_text("base https://x.example/a/b");
    t.key("F1");
    t.wait_text("theme: light (config)");
    t.key("C-c");
    assert_eq!(t.wait_exit().0, 0);

    let b = bad.display().to_string();
    let t = Tmux::start(&["--config", &b, "http://h/"], &[], 120, 30);
    let s = t.wait_text("config not used");
    assert!(
        s.contains("started with the defaults") && s.contains("bad.toml:2:1"),
        "{s}"
    );
    t.wait_text("base http://a/b/c/d;p?q");
    t.key("C-c");
    assert_eq!(t.wait_exit().0, 0);
}

/// With `theme = auto` (the default) and no COLORFGBG,
/// the explorer asks the terminal its background (OSC 11); tmux answers
/// with the pane's `window-style`. A terminal that does not answer leaves
/// the dark default, and says so.
#[test]
fn theme_follows_the_terminal_background() {
    if !tmux_available() {
        return;
    }
    for (style, want) in [
        (
            "bg=white,fg=black",
            "theme: light (detected: the terminal's background)",
        ),
        (
            "bg=black,fg=white",
            "theme: dark (detected: the terminal's background)",
        ),
        (
            "",
            "theme: dark (the default: no COLORFGBG, the terminal did not say)",
        ),
    ] {
        let conf = if style.is_empty() {
            String::new()
        } else {
            format!("set -g window-style '{style}'\n")
        };
        let t = Tmux::start_configured(&["http://h/"], &[("COLORFGBG", "")], 100, 40, &conf);
        t.wait_text("valid URI");
        t.key("F1");
        t.wait_text(want);
        t.key("C-c");
        assert_eq!(t.wait_exit().0, 0, "{style}");
    }
}

/// Inputs kept with Enter come back in the next run (↑, and the
/// search with F7); an input with a password is never written to the file.
#[test]
fn history_across_runs_without_passwords() {
    if !tmux_available() {
        return;
    }
    let state = std::env::temp_dir().join(format!("uriscope-state-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&state);
    let st = state.display().to_string();
    let env = [("XDG_STATE_HOME", st.as_str())];
    let t = Tmux::start(&[], &env, 100, 30);
    t.wait_text(" URI ");
    t.type_text("https://kept.example/one");
    t.key("Enter");
    t.wait_text("kept in the history");
    t.key("C-u");
    t.type_text("https://u:secret@h.example/");
    t.key("Enter");
    t.wait_text("kept in the history");
    t.key("C-c");
    assert_eq!(t.wait_exit().0, 0);
    let file =
        std::fs::read_to_string(state.join("uriscope").join("history")).expect("a history file");
    assert_eq!(file, "https://kept.example/one\n", "no password written");

    let t = Tmux::start(&[], &env, 100, 30);
    t.wait_text(" URI ");
    t.key("Up");
    t.wait_for("the kept input is back", |s| {
        s.lines()
            .next()
            .is_some_and(|l| l.contains("https://kept.example/one"))
    });
    t.key("C-u");
    t.key("F7");
    t.wait_text("History (1 of 1");
    t.type_text("kept");
    t.key("Enter");
    t.wait_for("loaded from the search", |s| {
        s.lines()
            .next()
            .is_some_and(|l| l.contains("https://kept.example/one"))
    });
    t.key("C-c");
    assert_eq!(t.wait_exit().0, 0);
    let _ = std::fs::remove_dir_all(&state);
}

/// F9 runs the external engines in the background and their
/// readings arrive in the open overlay; typing a host there tests the
/// naive allowlist checks. Python is required under CI=true (`.ci/run`
/// installs it); without it the test says so and stops after the
/// in-process engines.
#[test]
fn the_parsers_overlay_runs_the_real_engines() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["http://evil.com\\@good.com/"], &[], 110, 34);
    t.wait_text("invalid");
    t.key("F9");
    t.wait_text("whatwg-url     evil.com");
    let python = std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok();
    assert!(
        python || std::env::var("CI").as_deref() != Ok("true"),
        "python3 is required under CI=true"
    );
    if python {
        t.wait_text("python urllib  good.com");
        t.wait_text("different hosts");
    } else {
        crate::support::skipped("python3 not found: the external engines were not checked");
    }
    t.type_text("good.com");
    t.wait_text("FOOLED: lets it through");
    t.key("Escape");
    t.key("C-c");
    assert_eq!(t.wait_exit().0, 0);
}

/// The Query pane in a real terminal: Tab reaches it, and its bare keys
/// (`s`, Shift-`J`, `+`, `d`) edit the pairs while any other printable key
/// still types into the input line.
#[test]
fn the_query_pane_edits_the_pairs_with_its_keys() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["http://h/?b=2&a=x+y"], &[], 100, 30);
    t.wait_text(" URI ");
    // Input → Breakdown → Resolve and its base → Compare and its field →
    // Encode and its text → Query.
    for _ in 0..8 {
        t.key("Tab");
    }
    t.wait_text("RFC 3986 decoding");
    t.type_text("s");
    t.wait_text("URI  http://h/?a=x+y&b=2");
    t.type_text("+");
    t.wait_text("URI  http://h/?a=x%20y&b=2");
    t.type_text("J");
    t.wait_text("URI  http://h/?b=2&a=x%20y");
    // The moved pair stays selected: `d` deletes it.
    t.type_text("d");
    t.wait_for("the pair deleted", |s| s.contains("URI  http://h/?b=2 "));
    t.key("C-z");
    t.wait_text("URI  http://h/?b=2&a=x%20y");
    t.key("C-c");
    let (code, _, s) = t.wait_exit();
    assert_eq!(code, 0, "{s}");
}

/// On a paste of megabytes the Resolve pane's WHATWG
/// row is computed on a thread of its own; the loop draws it when it
/// arrives, with no key pressed.
#[test]
fn the_whatwg_join_of_a_long_paste_arrives_without_a_key() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["../g?"], &[], 100, 30);
    t.wait_text(" URI ");
    let file = t.dir().join("paste");
    std::fs::write(&file, "a".repeat(2_000_000)).expect("write the paste");
    let out = t.tmux(&["load-buffer", &file.display().to_string()]);
    assert!(out.status.success(), "{out:?}");
    t.tmux(&["paste-buffer", "-p", "-t", "t"]);
    t.key("Tab");
    t.key("Tab");
    t.wait_text(" base ");
    let s = t.wait_for("the WHATWG join's href", |s| {
        s.lines()
            .any(|l| l.contains("WHATWG join") && l.contains("/g?aaaaaaaa"))
    });
    assert!(!s.contains("computing on a thread"), "{s}");
    t.key("C-c");
    let (code, _, s) = t.wait_exit();
    assert_eq!(code, 0, "{s}");
}

/// At 80 columns the Resolve pane's long rows are read by scrolling its
/// view sideways (the base field one Tab further), and whole with Enter.
#[test]
fn the_resolve_view_scrolls_sideways_and_opens_its_rows_whole_at_80_columns() {
    if !tmux_available() {
        return;
    }
    let uri = "https://user:pass@例え.テスト:8443/パス/長い/ファイル.html?q=検索&lang=ja#節";
    let t = Tmux::start(&[uri], &[], 80, 24);
    t.wait_text(" URI ");
    t.key("Tab");
    t.key("Tab");
    let s = t.wait_text("WHATWG join");
    // The end of the WHATWG join's href, below the input line and tabs.
    let end = |s: &str| s.lines().skip(2).any(|l| l.contains("&lang=ja#%E7"));
    assert!(!end(&s), "{s}");
    let base = "base     http://a/b/c/d;p?q";
    // `l` scrolls the view, it is not typed into the base.
    for _ in 0..12 {
        t.type_text("l");
    }
    let s = t.wait_for("the join's end", end);
    assert!(s.contains(base), "{s}");
    // Enter: every row whole, wrapped.
    t.key("Enter");
    let s = t.wait_text("Resolve rows whole");
    assert!(s.contains("xn--r8jz45g.xn--zckzah:8443"), "{s}");
    t.key("Escape");
    // One Tab more: the base field, which takes the text.
    t.key("Tab");
    t.type_text("x");
    t.wait_text("base     http://a/b/c/d;p?qx");
    t.key("C-c");
    let (code, _, s) = t.wait_exit();
    assert_eq!(code, 0, "{s}");
}

/// An argument that names a file opens the explorer on the text, with a
/// note that `--list` opens the file; `--list` on a missing file stops
/// with exit status 2 before anything opens.
#[test]
fn a_file_argument_is_noted_and_a_missing_list_file_is_an_error() {
    if !tmux_available() {
        return;
    }
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    let t = Tmux::start(&[file], &[], 100, 30);
    t.wait_text("a file of this name exists");
    t.key("C-c");
    let (code, _, s) = t.wait_exit();
    assert_eq!(code, 0, "{s}");
    let t = Tmux::start(&["no-such-file.txt", "--list"], &[], 100, 30);
    let (code, _, s) = t.wait_exit();
    assert_eq!(code, 2, "{s}");
    assert!(
        s.contains("no-such-file.txt: No such file or directory"),
        "{s}"
    );
}
