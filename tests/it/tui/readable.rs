//! Every row readable at 80 columns: a pane's view has the focus before
//! its field, scrolls sideways, opens its rows whole (Enter), and a long
//! status message wraps over the hint bar.

use crate::tui::screen::press;
use crossterm::event::{KeyCode, KeyModifiers};
use uriscope::explorer::app::{update, Action, App, Focus, Overlay, Pane, StatusKind};

/// A long IRI with userinfo and a port.
const LONG: &str = "https://user:pass@例え.テスト:8443/パス/長い/ファイル.html?q=検索&lang=ja#節";

/// `input` with the focus on `pane`'s view (Tab from the input line).
fn view_of(input: &str, pane: Pane) -> App {
    let mut a = App::new(input, None);
    while a.focus != Focus::Pane(pane) {
        press(&mut a, KeyCode::Tab, KeyModifiers::NONE);
    }
    a
}

/// The screen's rows as plain text (a wide character once).
fn rows(a: &App, w: u16, h: u16) -> Vec<String> {
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).unwrap();
    t.draw(|f| f.render_widget(a, f.area())).unwrap();
    let b = t.backend().buffer();
    (0..h)
        .map(|y| {
            let mut out = String::new();
            let mut x = 0;
            while x < w {
                let s = b[(x, y)].symbol();
                out.push_str(s);
                x += u16::try_from(unicode_width::UnicodeWidthStr::width(s).max(1)).unwrap();
            }
            out
        })
        .collect()
}

/// The view's rows (below the input line and the tabs).
fn view(a: &App) -> String {
    rows(a, 80, 24)[2..22].join("\n")
}

#[test]
fn tab_reaches_a_panes_view_before_its_field() {
    let mut a = view_of(LONG, Pane::Resolve);
    // A letter scrolls (as in a pager): the base is not typed into.
    let base = a.resolve.base.text().to_string();
    press(&mut a, KeyCode::Char('l'), KeyModifiers::NONE);
    assert_eq!(a.resolve.base.text(), base);
    // The base field is one Tab away, and takes the text there.
    press(&mut a, KeyCode::Tab, KeyModifiers::NONE);
    assert_eq!(a.focus, Focus::Field(Pane::Resolve));
    press(&mut a, KeyCode::Char('x'), KeyModifiers::NONE);
    assert_eq!(a.resolve.base.text(), format!("{base}x"));
    // The pane's own keys work from its view too.
    let mut a = view_of("../g", Pane::Resolve);
    press(&mut a, KeyCode::Char('p'), KeyModifiers::CONTROL);
    assert!(a
        .status
        .as_ref()
        .is_some_and(|s| s.text.starts_with("row ")));
}

#[test]
fn the_resolve_view_scrolls_sideways_to_the_end_of_a_long_row() {
    let mut a = view_of(LONG, Pane::Resolve);
    let target = |a: &App| {
        rows(a, 80, 24)
            .into_iter()
            .find(|l| l.contains("target (§5.3)") || l.contains("#節"))
            .unwrap_or_default()
    };
    let before = view(&a);
    assert!(!before.contains("lang=ja#節"), "{before}");
    for _ in 0..6 {
        press(&mut a, KeyCode::Right, KeyModifiers::NONE);
        let _ = rows(&a, 80, 24);
    }
    let after = view(&a);
    assert!(after.contains("lang=ja#節"), "{after}\n{}", target(&a));
    // Back to the start with ←, no more presses than went right.
    for _ in 0..6 {
        press(&mut a, KeyCode::Left, KeyModifiers::NONE);
    }
    assert_eq!(a.resolve.scroll.x, 0);
    assert_eq!(view(&a), before);
}

#[test]
fn enter_opens_the_rows_whole_and_ctrl_y_copies_them() {
    let mut a = view_of(LONG, Pane::Resolve);
    press(&mut a, KeyCode::Enter, KeyModifiers::NONE);
    assert!(matches!(a.overlay, Some(Overlay::Whole { .. })));
    let s = rows(&a, 80, 24).join("\n");
    assert!(s.contains("Resolve rows whole"), "{s}");
    // Every row of the pane whole: the WHATWG join's long href, wrapped.
    let text = a.whole_text.borrow().clone();
    assert!(text.contains("WHATWG join"), "{text}");
    assert!(
        text.contains("xn--r8jz45g.xn--zckzah:8443/%E3%83%91%E3%82%B9"),
        "{text}"
    );
    let e = update(&mut a, Action::CopyFocused);
    assert_eq!(
        e,
        uriscope::explorer::app::Effect::Copy(uriscope::explorer::app::CopySource::Focused)
    );
    let copied = a.focused_copy().expect("the rows");
    assert_eq!(copied.text, text);
    press(&mut a, KeyCode::Esc, KeyModifiers::NONE);
    assert!(a.overlay.is_none());
}

#[test]
fn a_long_status_message_wraps_over_the_hint_bar() {
    let mut a = App::new("http://h/", None);
    let msg = "copied input to tmux's paste buffer only (prefix ]): the terminal did not \
               answer the clipboard query, so set-clipboard on in tmux.conf for the system one";
    a.say(StatusKind::Info, msg);
    let r = rows(&a, 80, 24);
    let bottom = format!("{} {}", r[22].trim_end(), r[23].trim_end());
    let bottom: Vec<&str> = bottom.split_whitespace().collect();
    let want: Vec<&str> = msg.split_whitespace().collect();
    assert_eq!(bottom.join(" "), want.join(" "), "{r:#?}");
}

crate::tui::screen::sizes!(breakdown_long_iri, App::new(LONG, None));
crate::tui::screen::sizes!(resolve_long_iri, view_of(LONG, Pane::Resolve));
crate::tui::screen::sizes!(compare_long_iri, view_of(LONG, Pane::Compare));
crate::tui::screen::sizes!(encode_long_iri, view_of(LONG, Pane::Encode));
crate::tui::screen::sizes!(query_long_iri, view_of(LONG, Pane::Query));
crate::tui::screen::sizes!(resolve_long_iri_whole, {
    let mut a = view_of(LONG, Pane::Resolve);
    press(&mut a, KeyCode::Enter, KeyModifiers::NONE);
    a
});

/// The Resolve pane's WHATWG row on an IRI: the browser's URI-form href is
/// the RFC 3986 target, in URI form, not another target.
#[test]
fn the_whatwg_join_of_an_iri_is_the_same_target_in_uri_form() {
    let a = view_of("http://例え.jp/パス", Pane::Resolve);
    let r = rows(&a, 120, 40).join("\n");
    assert!(r.contains("= RFC 3986 (same, in URI form)"), "{r}");
    assert!(!r.contains("≠ RFC 3986"), "{r}");
}

/// The RFC 2396 steps at 120 columns: each buffer is drawn whole, wrapped
/// in its column where it is wider (it was cut: `path=".…`).
#[test]
fn rfc2396_steps_draw_every_buffer_whole() {
    let mut a = view_of("g;x=1/../y/./z/../../w?path=./.", Pane::Resolve);
    update(&mut a, Action::ToggleRfc2396);
    insta::assert_snapshot!("rfc2396_steps_120x40", rows(&a, 120, 40).join("\n"));
    let drawn: String = rows(&a, 120, 40)
        .join("")
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '…')
        .collect();
    for want in ["path=\"g;x=1/../y/./z/../../w\"", "query=\"path=./.\""] {
        assert!(drawn.contains(want), "{want} not drawn whole");
    }
}
