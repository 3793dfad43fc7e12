//! Render snapshots of the explorer (TestBackend text at 80x24, 40x12 and
//! 12x4; a Buffer debug snapshot for the colors; NO_COLOR).

use crate::tui::screen::sizes;
use crate::tui::screen::{press, screen};
use crossterm::event::{KeyCode, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use uriscope::explorer::app::{update, Action, App};

const FULL: &str = "foo://user@example.com:8042/over/there?name=ferret&x=%41#nose";
const ZONE: &str = "http://[fe80::1%25eth0]:8080/index.html";
const INVALID: &str = "ht^tp://exa mple.com:80x/a%zz/b?q=<1>#f#g";
const CJK: &str = "http://例え.テスト/パス/😀?キー=値#片";

fn app(input: &str) -> App {
    App::new(input, None)
}

sizes!(full_uri, app(FULL));
sizes!(ipv6_zone, app(ZONE));
sizes!(invalid_with_findings, app(INVALID));
sizes!(iri_cjk, app(CJK));
sizes!(help_overlay, {
    let mut a = app(FULL);
    press(&mut a, KeyCode::F(1), KeyModifiers::NONE);
    a
});
sizes!(copy_chooser, {
    let mut a = app(FULL);
    press(&mut a, KeyCode::Char('o'), KeyModifiers::CONTROL);
    press(&mut a, KeyCode::Down, KeyModifiers::NONE);
    a
});
sizes!(examples_picker, {
    let mut a = app(FULL);
    press(&mut a, KeyCode::F(2), KeyModifiers::NONE);
    for _ in 0..4 {
        press(&mut a, KeyCode::Down, KeyModifiers::NONE);
    }
    a
});
sizes!(empty_input, app(""));

#[test]
fn no_color_breakdown() {
    let mut a = app(FULL);
    a.no_color = true;
    insta::assert_snapshot!(screen(&a, 80, 24));
    let mut a = app(INVALID);
    a.no_color = true;
    insta::assert_snapshot!("no_color_invalid", screen(&a, 80, 24));
}

#[test]
fn colors_of_the_components() {
    // The URI line and the underbraces only: the Debug of a Buffer lists
    // every cell's style, so the snapshot shows which color each component gets.
    let a = app("s://u@h:1/p?q#f");
    let mut buf = Buffer::empty(Rect::new(0, 0, 40, 16));
    (&a).render(buf.area, &mut buf);
    let mut top = Buffer::empty(Rect::new(0, 0, 40, 6));
    for y in 0..6 {
        for x in 0..40 {
            top[(x, y)] = buf[(x, y + 2)].clone();
        }
    }
    insta::assert_debug_snapshot!(top);
}

#[test]
fn control_characters_are_drawn_visibly() {
    let a = app("http://h/\u{1b}[2J\u{7}x\u{202e}y");
    let s = screen(&a, 80, 24);
    assert!(!s.contains('\u{1b}') && !s.contains('\u{7}') && !s.contains('\u{202e}'));
    assert!(s.contains("␛[2J␇x<U+202E>y"), "{s}");
}

#[test]
fn carets_line_up_under_cjk() {
    // 例 and え are two columns wide (three bytes each): the space is byte
    // 15 but column 13, and the caret must sit under it.
    let a = app("http://例え/a b");
    let area = Rect::new(0, 0, 80, 24);
    let mut buf = Buffer::empty(area);
    (&a).render(area, &mut buf);
    let sym = |x: u16, y: u16| buf[(x, y)].symbol().to_string();
    let row = (2..24)
        .find(|&y| sym(0, y) == "h")
        .expect("URI row in the view");
    let space = (1..80)
        .find(|&x| sym(x - 1, row) == "a" && sym(x, row) == " ")
        .unwrap();
    let caret = (0..80).find(|&x| sym(x, row + 1) == "^").unwrap();
    assert_eq!((space, caret), (13, 13));
    // And the path's underbrace starts under the "/" after え (column 11).
    let brace_row = (row + 1..24).find(|&y| sym(0, y) == "\\").unwrap();
    assert_eq!(sym(11, brace_row), "\\");
    assert_eq!(sym(11, row), "/");
}

#[test]
fn no_size_panics() {
    let apps = [
        app(FULL),
        app(CJK),
        app(INVALID),
        {
            let mut a = app(FULL);
            update(&mut a, Action::Help);
            a
        },
        {
            let mut a = app(FULL);
            update(&mut a, Action::Examples);
            a
        },
        {
            let mut a = app(CJK);
            update(&mut a, Action::CopyChooser);
            a
        },
    ];
    for a in &apps {
        for w in 0..90u16 {
            for h in [0u16, 1, 2, 3, 4, 11, 12, 13, 15, 16, 24, 30] {
                let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
                a.render(buf.area, &mut buf);
                let _ = uriscope::explorer::ui::cursor(a, buf.area);
            }
        }
    }
}

#[test]
fn breakdown_scrolls_when_taller_than_the_view() {
    let mut a = app(INVALID);
    let before = screen(&a, 80, 24);
    press(&mut a, KeyCode::Tab, KeyModifiers::NONE);
    // ↓ selects component rows there; a page scrolls.
    press(&mut a, KeyCode::PageDown, KeyModifiers::NONE);
    let after = screen(&a, 80, 24);
    assert_ne!(before, after);
    let view = |s: &str| s.lines().nth(2).unwrap_or("").to_string();
    assert_ne!(view(&before), view(&after));
}

#[test]
fn lint_warnings_are_listed_with_carets() {
    // RFC 3986 §7.6: userinfo that reads like a host hides the real host.
    let mut a = app("https://trusted.example@evil.example/login");
    update(&mut a, Action::FocusNext);
    for _ in 0..3 {
        update(&mut a, Action::PageDown);
    }
    let s = screen(&a, 100, 40);
    assert!(s.contains("warning userinfo-looks-like-host 8..23"), "{s}");
    let top = screen(&app("https://trusted.example@evil.example/login"), 100, 40);
    let caret_line = top.lines().nth(3).unwrap();
    assert!(
        caret_line.contains(&format!("\"{}{}", " ".repeat(8), "^".repeat(15))),
        "{top}"
    );
}

#[test]
fn clicks_focus_the_input_and_the_panes() {
    use uriscope::explorer::app::{Focus, Pane};
    let mut a = app(FULL);
    let area = Rect::new(0, 0, 80, 24);
    let act = uriscope::explorer::ui::click(&a, area, 3, 1).expect("a tab");
    update(&mut a, act);
    assert_eq!(a.focus, Focus::Pane(Pane::Breakdown));
    let act = uriscope::explorer::ui::click(&a, area, 30, 0).expect("the input line");
    update(&mut a, act);
    assert_eq!(a.focus, Focus::Input);
    let act = uriscope::explorer::ui::click(&a, area, 30, 10).expect("the view");
    assert_eq!(act, Action::FocusPane(Pane::Breakdown));
    assert_eq!(
        uriscope::explorer::ui::click(&a, Rect::new(0, 0, 12, 4), 1, 1),
        None
    );
}
