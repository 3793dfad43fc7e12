//! Issue 38 point 13: on a long input the Breakdown writes the sections
//! below its RFC 3986 lines (URI Template, `data:`, Parsers, WHATWG) only
//! when the view reaches them; nothing of them is lost.

use uriscope::explorer::app::{update, Action, App, Pane};
use uriscope::explorer::ui::breakdown::LAZY_SECTIONS;

use super::screen::screen;

#[test]
fn a_long_input_writes_its_sections_when_the_view_reaches_them() {
    let mut input = String::from("data:text/plain;base64,");
    while input.len() < LAZY_SECTIONS {
        input.push_str("QUJD");
    }
    let mut a = App::new("", None);
    update(&mut a, Action::Paste(input));
    update(&mut a, Action::FocusPane(Pane::Breakdown));
    let top = screen(&a, 80, 24);
    assert!(top.contains("valid URI"), "{top}");
    assert!(!top.contains("WHATWG"), "{top}");
    // At the end of the view they are there, and the end moves with them.
    update(&mut a, Action::Bottom);
    screen(&a, 80, 24);
    update(&mut a, Action::Bottom);
    let end = screen(&a, 80, 24);
    assert!(end.contains("WHATWG URL Standard"), "{end}");
    assert!(end.contains("legend"), "{end}");
    assert!(!end.contains("written when the view reaches"), "{end}");
    // Back at the top, the placeholder stands for them again.
    update(&mut a, Action::Top);
    update(&mut a, Action::Bottom);
    let s = screen(&a, 80, 24);
    assert!(s.contains("legend"), "{s}");
}
