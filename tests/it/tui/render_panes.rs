//! Render snapshots of the Resolve, Normalize & compare and Encode/decode
//! panes and of the Breakdown additions (lint warnings, masked password),
//! at 80x24, 40x12 and 12x4; a Buffer debug snapshot of the highlight of
//! a segment removed by remove_dot_segments.

use crate::tui::screen::sizes;
use crate::tui::screen::{press, screen};
use crossterm::event::{KeyCode, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::widgets::Widget;
use uriscope::explorer::app::{update, Action, App, Pane};

fn ctrl(app: &mut App, c: char) {
    press(app, KeyCode::Char(c), KeyModifiers::CONTROL);
}

/// `input` with the pane `pane` focused.
fn on(input: &str, pane: Pane) -> App {
    let mut a = App::new(input, None);
    update(&mut a, Action::FocusField(pane));
    a
}

/// `../../../g` against the default base, stepped back to row 2.
fn resolve_mid_way() -> App {
    let mut a = on("../../../g", Pane::Resolve);
    for _ in 0..10 {
        ctrl(&mut a, 'p');
    }
    ctrl(&mut a, 'n');
    ctrl(&mut a, 'n');
    a
}

sizes!(resolve_stopped_after_two_rows, resolve_mid_way());
sizes!(resolve_rfc2396_toggle, {
    let mut a = on("../../../g", Pane::Resolve);
    ctrl(&mut a, 'r');
    a
});
sizes!(normalize_and_compare, {
    let mut a = on("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", Pane::Compare);
    update(&mut a, Action::Paste("example://a/b/c/%7Bfoo%7D".into()));
    a
});
sizes!(encode_decode, on("%252F%G1caf%C3%A9%FF", Pane::Encode));
sizes!(
    breakdown_masked_password,
    App::new("http://user:secret@trusted.example@evil.example/", None)
);

#[test]
fn resolve_all_rows_and_the_hazard() {
    // `http:g` in compat mode, and a target path starting with "//".
    let mut a = on("http:g", Pane::Resolve);
    ctrl(&mut a, 't');
    let s = screen(&a, 80, 24);
    assert!(s.contains("compat (§5.4.2)"), "{s}");
    assert!(s.contains("http://a/b/c/g"), "{s}");
    let a = App::new(".//g", Some("foo:/a"));
    let mut a2 = a.clone();
    update(&mut a2, Action::FocusField(Pane::Resolve));
    let s = screen(&a2, 100, 30);
    assert!(s.contains("double-slash-path-without-authority"), "{s}");
}

#[test]
fn resolve_errors_are_messages() {
    let mut a = App::new("g", Some("/no/scheme"));
    update(&mut a, Action::FocusField(Pane::Resolve));
    let s = screen(&a, 80, 24);
    assert!(s.contains("cannot resolve"), "{s}");
    let mut a = App::new("http://a b", None);
    update(&mut a, Action::FocusField(Pane::Resolve));
    let s = screen(&a, 80, 24);
    assert!(s.contains("cannot resolve"), "{s}");
}

#[test]
fn removed_segment_is_highlighted() {
    // Row 3 of `../../../g` is rule C: "/../" -> "/", removing "/c" from the
    // output buffer. That "/c" is drawn crossed out.
    let mut a = resolve_mid_way();
    ctrl(&mut a, 'n');
    let area = Rect::new(0, 0, 80, 24);
    let mut buf = Buffer::empty(area);
    (&a).render(area, &mut buf);
    let row = (0..24)
        .find(|&y| {
            let line: String = (0..80).map(|x| buf[(x, y)].symbol().to_string()).collect();
            line.contains("  2C:   ")
        })
        .expect("row 3 on screen");
    let mut line = Buffer::empty(Rect::new(0, 0, 80, 1));
    for x in 0..80 {
        line[(x, 0)] = buf[(x, row)].clone();
    }
    let text: String = (0..80).map(|x| line[(x, 0)].symbol().to_string()).collect();
    let at = text.find("\"/c\"").expect("removed segment named");
    let at = text[..at].chars().count() as u16;
    assert!(line[(at + 1, 0)].modifier.contains(Modifier::CROSSED_OUT));
    insta::assert_debug_snapshot!(line);
}

#[test]
fn no_size_panics_in_the_new_panes() {
    let long = "a/".repeat(300) + "../".repeat(200).as_str() + "g";
    let apps = [
        resolve_mid_way(),
        on("../../../g", Pane::Compare),
        on("%252F%G1caf%C3%A9%FF", Pane::Encode),
        on(&long, Pane::Resolve),
        on("http://例え.jp/%E4", Pane::Encode),
        on("x:\u{1b}[2J", Pane::Resolve),
    ];
    for a in &apps {
        for w in [0u16, 1, 5, 12, 39, 40, 41, 60, 80, 100] {
            for h in [0u16, 1, 4, 11, 12, 13, 16, 24] {
                let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
                a.render(buf.area, &mut buf);
                let _ = uriscope::explorer::ui::cursor(a, buf.area);
            }
        }
    }
}

/// The screen rows below the input line and the pane strip.
fn view(s: &str) -> String {
    s.lines().skip(2).collect::<Vec<_>>().join("\n")
}

#[test]
fn password_is_masked_below_the_input_line() {
    let a = App::new("http://user:secret@host.example/x", None);
    let s = screen(&a, 100, 30);
    assert!(s.lines().next().unwrap().contains("user:secret@"), "{s}");
    let v = view(&s);
    assert!(!v.contains("secret"), "{v}");
    // A mask of fixed length: the password's length is not shown.
    assert!(v.contains("http://user:****@host.example/x"), "{v}");
    assert!(v.contains("user:****"), "{v}");
    assert!(v.contains("password masked"), "{v}");
    assert!(v.contains("userinfo-password"), "{v}");
}

#[test]
fn idna_form_of_the_host() {
    let a = App::new("http://xn--bcher-kva.example/", None);
    let s = screen(&a, 100, 40);
    assert!(s.contains("(IDNA)   Unicode bücher.example"), "{s}");
    let a = App::new("http://bücher.example/", None);
    let s = screen(&a, 100, 40);
    assert!(s.contains("(IDNA)   punycode xn--bcher-kva.example"), "{s}");
    let a = App::new("http://Example.COM/", None);
    assert!(!screen(&a, 100, 40).contains("(IDNA)"));
}

#[test]
fn user_text_in_the_pane_fields_is_drawn_visibly() {
    let mut a = App::new("g\u{1b}[2J", Some("http://a/\u{7}b"));
    update(&mut a, Action::FocusField(Pane::Resolve));
    let s = screen(&a, 100, 30);
    assert!(!s.contains('\u{1b}') && !s.contains('\u{7}'), "{s}");
    assert!(s.contains("http://a/␇b"), "{s}");
    update(&mut a, Action::FocusField(Pane::Encode));
    let s = screen(&a, 100, 30);
    assert!(!s.contains('\u{1b}'), "{s}");
    assert!(s.contains("g␛[2J"), "{s}");
}

#[test]
fn every_example_draws_in_every_pane() {
    for e in uriscope::explorer::app::examples::all() {
        let mut a = App::new(e.input, Some(e.base));
        for pane in [Pane::Resolve, Pane::Compare, Pane::Encode] {
            update(&mut a, Action::FocusPane(pane));
            for (w, h) in [(80, 24), (40, 12)] {
                let s = screen(&a, w, h);
                assert!(s.contains(" URI "), "{}: {s}", e.input);
            }
        }
        // The RFC 2396 table too.
        update(&mut a, Action::FocusField(Pane::Resolve));
        update(&mut a, Action::ToggleRfc2396);
        let _ = screen(&a, 80, 24);
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Any input, base and compare text, stepped anywhere, draws
        /// every new pane without a panic.
        #[test]
        fn any_text_draws(input in "[a-z:/?#@%.\\[\\]0-9é\u{1b}]{0,40}",
                          base in "[a-z:/?#@%.0-9]{0,24}",
                          steps in 0usize..12, back in 0usize..12) {
            let mut a = App::new(&input, Some(&base));
            a.compare.text = uriscope::explorer::app::Editor::new(&base);
            for pane in [Pane::Resolve, Pane::Compare, Pane::Encode] {
                update(&mut a, Action::FocusPane(pane));
                for _ in 0..back { update(&mut a, Action::StepPrev); }
                for _ in 0..steps { update(&mut a, Action::StepNext); }
                let _ = screen(&a, 40, 12);
                update(&mut a, Action::ToggleRfc2396);
                let _ = screen(&a, 80, 24);
            }
        }
    }
}

#[test]
fn compare_pane_shows_the_idna_rung_that_made_two_hosts_equal() {
    let mut a = on("http://résumé.example.org", Pane::Compare);
    update(
        &mut a,
        Action::Paste("http://xn--rsum-bpad.example.org".into()),
    );
    let s = screen(&a, 100, 50);
    let row = |name: &str| {
        s.lines()
            .find(|l| l.contains(&format!("  {name:<14}")))
            .unwrap_or_else(|| panic!("no {name} row in\n{s}"))
            .to_string()
    };
    assert!(row("scheme-based").contains("differ"), "{s}");
    let idna = row("idna");
    assert!(idna.contains("equal"), "{s}");
    assert!(idna.contains("http://xn--rsum-bpad.example.org/"), "{s}");
    assert!(s.contains("equivalent (idna, RFC 3987 §5.3.3)"), "{s}");
    // A host IDNA refuses: the verdict says why.
    let mut a = on("http://résumé_.example.org", Pane::Compare);
    update(
        &mut a,
        Action::Paste("http://xn--rsum-bpad.example.org".into()),
    );
    let s = screen(&a, 300, 50);
    assert!(
        s.contains("not equivalent: host differs; the first host has no IDNA A-label form"),
        "{s}"
    );
    assert!(
        !s.contains(&format!("  {:<14}", "idna")),
        "no idna row where nothing was folded:\n{s}"
    );
}

/// The Breakdown's findings at 120x50, scrolled to its end.
fn breakdown_findings(input: &str) -> String {
    let mut a = App::new(input, None);
    update(&mut a, Action::FocusNext);
    for _ in 0..4 {
        update(&mut a, Action::PageDown);
    }
    screen(&a, 120, 50)
}

#[test]
fn breakdown_lists_a_homograph_host_with_what_it_reads_as() {
    let s = breakdown_findings("http://аррӏе.com/");
    assert!(s.contains("whole-script-confusable"), "{s}");
    assert!(s.contains("reads as apple.com"), "{s}");
    let s = breakdown_findings("http://xn--bcher-kva.de/");
    assert!(
        !s.contains("confusable") && !s.contains("mixed-script"),
        "{s}"
    );
}

#[test]
fn breakdown_notes_a_forgotten_colon_after_the_scheme() {
    let s = breakdown_findings("https//example.com/x");
    assert!(s.contains("missing-scheme-colon"), "{s}");
    assert!(s.contains("missing ':' after the scheme?"), "{s}");
}
