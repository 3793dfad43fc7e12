//! On a long input the Breakdown writes the sections
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
    // At the end of the view they are drawn on a thread of their own,
    // then they are there, and the end moves with them.
    update(&mut a, Action::Bottom);
    screen(&a, 80, 24);
    super::large_panes::settle(&a);
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
    super::large_panes::settle(&a);
    let s = screen(&a, 80, 24);
    assert!(s.contains("legend"), "{s}");
}

/// On a long input the Resolve pane's WHATWG row says the join is being
/// computed, and shows it once its thread is done: the key does not wait
/// for the url crate to read megabytes.
#[test]
fn a_long_inputs_whatwg_join_comes_from_its_own_thread() {
    use uriscope::explorer::app::background::FROM_BYTES;
    let input = format!("../g?{}", "a".repeat(FROM_BYTES));
    let mut a = App::new("", None);
    update(&mut a, Action::Paste(input.clone()));
    update(&mut a, Action::FocusField(Pane::Resolve));
    let first = screen(&a, 100, 30);
    assert!(
        first.contains("computing on a thread of its own"),
        "{first}"
    );
    let start = std::time::Instant::now();
    while !a.joins.arrived() {
        assert!(start.elapsed().as_secs() < 60, "the join never arrived");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let then = screen(&a, 100, 30);
    let row = then
        .lines()
        .find(|l| l.contains("WHATWG join"))
        .unwrap_or_default()
        .to_string();
    let href = uriscope::whatwg::join(a.base(), &input)
        .href
        .unwrap_or_default();
    assert!(row.contains(&href[..40]), "{row} / {}", &href[..60]);
    assert!(!then.contains("computing on a thread"), "{then}");
    // Another key asks again: the row says so until the new join is in.
    update(&mut a, Action::FocusInput);
    update(&mut a, Action::Insert('b'));
    update(&mut a, Action::FocusField(Pane::Resolve));
    assert!(screen(&a, 100, 30).contains("computing on a thread"));
}

mod frame_analysis {
    use proptest::prelude::*;
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use uriscope::explorer::app::App;
    use uriscope::explorer::ui::{breakdown, frame_analysis, theme::Theme};

    /// The Breakdown drawn from `a` into a `w`×`h` buffer.
    fn drawn(app: &App, a: &uriscope::uri::Report<'_>, w: u16, h: u16) -> Buffer {
        let area = Rect::new(0, 0, w, h);
        let mut buf = Buffer::empty(area);
        let theme = Theme {
            no_color: false,
            light: false,
        };
        breakdown::render(app, a, area, &mut buf, &theme);
        buf
    }

    proptest! {
        /// The frame's analysis keeps only what a screen shows and counts
        /// the rest: the Breakdown drawn from it is the one drawn from the
        /// whole analysis, scrolled anywhere, findings grouped or listed,
        /// a password masked or not.
        #[test]
        fn the_breakdown_from_the_frames_analysis_is_the_whole_ones(
            head in "(http://(u:(p|longpassword0123456789)@)?h|data:text/html,|C:\\\\x|)",
            unit in "(<a>|\u{1b}\\[1m|%zz|\u{7}| |é|\\\\|%2F|/\\.\\./)",
            n in 1usize..300,
            x in 0usize..400,
            y in 0usize..40,
            all in any::<bool>(),
            w in 40u16..120,
        ) {
            let input = format!("{head}/{}", unit.repeat(n));
            let mut app = App::new(&input, None);
            app.breakdown.scroll.x = x;
            app.breakdown.scroll.y = y;
            app.breakdown.all_findings = all;
            let whole = app.analysis();
            let frame = frame_analysis(&app, w);
            prop_assert!(frame.len() <= whole.len());
            prop_assert_eq!(drawn(&app, &frame, w, 40), drawn(&app, &whole, w, 40));
        }
    }
}
