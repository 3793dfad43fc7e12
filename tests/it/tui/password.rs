//! A password in userinfo is drawn nowhere but in the input line where it
//! is typed: not in any pane, not in the copy chooser, and with a mask of
//! fixed length (its length is not shown either).

use uriscope::explorer::app::{update, Action, App, Pane};

use crate::tui::screen::screen;

const URI: &str = "http://user:hunter2secret@host.example/a/../p?q=1#f";

/// Every row but the input line.
fn below_input(s: &str) -> String {
    s.lines().skip(1).collect::<Vec<_>>().join("\n")
}

#[track_caller]
fn no_password(app: &App, what: &str) {
    for (w, h) in [(80, 24), (120, 50), (200, 60)] {
        let s = screen(app, w, h);
        let rest = below_input(&s);
        assert!(
            !rest.contains("hunter2"),
            "{what} at {w}x{h} shows the password:\n{s}"
        );
        assert!(
            !rest.contains("*************"),
            "{what}: a mask as long as the password:\n{s}"
        );
    }
}

#[test]
fn the_password_appears_in_no_pane() {
    let mut app = App::new(URI, None);
    no_password(&app, "Breakdown");
    for pane in [Pane::Resolve, Pane::Compare, Pane::Encode] {
        update(&mut app, Action::FocusPane(pane));
        if pane == Pane::Encode {
            // The Encode field holds the text to encode (shown as typed,
            // like the input line); its per-character table lists the
            // text character by character but the password's, which are
            // one row, the mask; the encoded and decoded rows are masked.
            let s = screen(&app, 120, 50);
            // The default set (unreserved) encodes the `:` and `@` around
            // the password: the mask sits between their escapes.
            let rows: Vec<_> = s
                .lines()
                .filter(|l| l.starts_with("\"encoded") || l.starts_with("\"decoded"))
                .collect();
            assert_eq!(rows.len(), 2, "{s}");
            assert!(rows[0].contains("user%3A****%40host"), "{s}");
            assert!(rows[1].contains("user:****@host"), "{s}");
            for r in rows {
                assert!(!r.contains("hunter2"), "{s}");
            }
            // `2` is only in the password: no row of the table is its.
            assert!(!s.lines().any(|l| l.starts_with("\"2 ")), "{s}");
            let masked: Vec<_> = s
                .lines()
                .filter(|l| l.contains("the password, masked"))
                .collect();
            assert_eq!(masked.len(), 1, "{s}");
            assert!(masked[0].starts_with("\"****"), "{s}");
            continue;
        }
        no_password(&app, pane.title());
    }
    update(&mut app, Action::FocusField(Pane::Resolve));
    update(&mut app, Action::ToggleRfc2396);
    no_password(&app, "Resolve, RFC 2396");
    update(&mut app, Action::FocusInput);
    update(&mut app, Action::CopyChooser);
    no_password(&app, "copy chooser");
}

/// An invalid input whose password only the Appendix B split sees (the
/// grammar reads `<http:` as a first segment, not a scheme, so it finds
/// no authority): the breakdown shows the split's components, masked.
#[test]
fn a_password_only_the_split_sees_appears_in_no_pane() {
    for input in [
        "<http://user:hunter2secret@host.example/a>",
        "\"http://user:hunter2secret@host.example/a b\"",
        "1http://user:hunter2secret@host.example/",
    ] {
        let mut app = App::new(input, None);
        no_password(&app, &format!("Breakdown of {input}"));
        for pane in [Pane::Resolve, Pane::Compare] {
            update(&mut app, Action::FocusPane(pane));
            no_password(&app, &format!("{} of {input}", pane.title()));
        }
    }
}

#[test]
fn the_breakdown_shows_a_mask_of_fixed_length() {
    let app = App::new(URI, None);
    let s = below_input(&screen(&app, 120, 50));
    assert!(
        s.contains("http://user:****@host.example/a/../p?q=1#f"),
        "{s}"
    );
}

#[test]
fn the_resolve_target_and_whatwg_join_are_masked() {
    let mut app = App::new(URI, None);
    update(&mut app, Action::FocusField(Pane::Resolve));
    let s = below_input(&screen(&app, 120, 50));
    assert!(s.contains("http://user:****@host.example/p?q=1#f"), "{s}");
}

/// Copying copies the real text; the status line says it holds a password.
#[test]
fn copying_copies_the_password_and_says_so() {
    use uriscope::explorer::app::Effect;
    use uriscope::explorer::clipboard::FakeClipboard;
    use uriscope::explorer::run_effect;
    let mut app = App::new(URI, None);
    let mut cb = FakeClipboard::default();
    let e = update(&mut app, Action::CopyFocused);
    assert!(matches!(e, Effect::Copy(_)));
    run_effect(&mut app, e, &mut cb);
    assert_eq!(cb.copied, [URI]);
    let status = app
        .status
        .as_ref()
        .map(|s| s.text.clone())
        .unwrap_or_default();
    assert!(status.contains("it contains a password"), "{status}");
    let mut plain = App::new("http://h/", None);
    let e = update(&mut plain, Action::CopyFocused);
    run_effect(&mut plain, e, &mut cb);
    let status = plain
        .status
        .as_ref()
        .map(|s| s.text.clone())
        .unwrap_or_default();
    assert!(!status.contains("password"), "{status}");
}

/// In a real terminal, Tab through every pane: the password is on the
/// input line only.
#[test]
fn tmux_the_password_appears_only_on_the_input_line() {
    use crate::e2e::tmux::{tmux_available, Tmux};
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&[URI], &[], 120, 40);
    t.wait_text("valid URI");
    // Tab to each pane, waiting for a text only it draws.
    for (pane, marker, tabs) in [
        ("Breakdown", "valid URI", 1),
        ("Resolve", "RFC 3986 §5.2", 1),
        ("Compare", "§6.2.2", 2),
        ("Encode", "encoded", 2),
    ] {
        // From the input line, the first Tab focuses the Breakdown; a
        // pane's view comes before its field.
        for _ in 0..tabs {
            t.key("Tab");
        }
        let s = t.wait_text(marker);
        let leaks: Vec<&str> = s
            .lines()
            .skip(1)
            .filter(|l| l.contains("hunter2") && !l.trim_start().starts_with("text "))
            .collect();
        assert!(leaks.is_empty(), "{pane}: {leaks:?}\n{s}");
    }
    t.key("C-o");
    let s = t.wait_text("Copy which?");
    assert!(!s.lines().skip(1).any(|l| l.contains("hunter2")), "{s}");
    t.key("C-c");
    assert_eq!(t.wait_exit().0, 0);
}

/// The reveal key shows the password in every pane for the session, and
/// masks it again.
#[test]
fn the_reveal_key_shows_and_masks_again() {
    let mut app = App::new(URI, None);
    update(&mut app, Action::RevealPasswords);
    let s = below_input(&screen(&app, 120, 50));
    assert!(
        s.contains("http://user:hunter2secret@host.example/a/../p?q=1#f"),
        "{s}"
    );
    assert!(s.contains("password shown for this session"), "{s}");
    update(&mut app, Action::FocusField(Pane::Resolve));
    let s = below_input(&screen(&app, 120, 50));
    assert!(s.contains("user:hunter2secret@host.example/p"), "{s}");
    update(&mut app, Action::RevealPasswords);
    no_password(&app, "Resolve, masked again");
    // The key is in the table: F4.
    assert_eq!(
        uriscope::explorer::app::keymap::key_name(&Action::RevealPasswords).as_deref(),
        Some("F4")
    );
}
