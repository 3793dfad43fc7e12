//! Properties of the explorer: no input, key sequence or terminal size
//! makes it panic, the editor cursor stays on a character boundary, and
//! nothing drawn contains a raw control character.

use proptest::prelude::*;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use uriscope::explorer::app::breakdown::{boundaries, components};
use uriscope::explorer::app::{update, Action, App, Choice};
use uriscope::uri::component::segments;
use uriscope::uri::{analyze, ParseOptions};

fn text() -> impl Strategy<Value = String> {
    // URI-ish ASCII, controls, CJK, emoji, combining marks, bidi controls.
    proptest::collection::vec(
        prop_oneof![
            4 => proptest::char::range(' ', '~'),
            1 => proptest::char::range('\u{0}', '\u{1f}'),
            1 => Just('例'),
            1 => Just('😀'),
            1 => Just('\u{301}'),
            1 => Just('\u{202e}'),
            1 => Just('\u{85}'),
        ],
        0..40,
    )
    .prop_map(|v| v.into_iter().collect())
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        proptest::char::any().prop_map(Action::Insert),
        text().prop_map(Action::Paste),
        Just(Action::Left),
        Just(Action::Right),
        Just(Action::BoundaryLeft),
        Just(Action::BoundaryRight),
        Just(Action::Home),
        Just(Action::End),
        Just(Action::Backspace),
        Just(Action::Delete),
        Just(Action::KillToStart),
        Just(Action::KillToEnd),
        Just(Action::KillBoundary),
        Just(Action::Undo),
        Just(Action::HistoryPrev),
        Just(Action::HistoryNext),
        Just(Action::Commit),
        Just(Action::FocusNext),
        Just(Action::ScrollDown),
        Just(Action::ScrollRight),
        Just(Action::Help),
        Just(Action::Examples),
        Just(Action::CopyChooser),
        Just(Action::ListDown),
        Just(Action::ListPick),
        Just(Action::Close),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The copy chooser's rows, built without the breakdown text, are the
    /// label, first line and "more lines" of each entry, in order.
    #[test]
    fn copy_chooser_rows_follow_the_entries(s in prop_oneof![
        text(),
        "(s:)?(//([a-z%]{0,3}@)?[a-z0-9.%\u{4e16}]{0,6}(:[0-9]{0,3})?)?(/[a-z0-9.% ]{0,4}){0,4}(\\?[a-z=&%\u{e9}]{0,8})?(#[a-z%]{0,3})?",
    ]) {
        let app = App::new(&s, None);
        let rows: Vec<Choice> = app.copy_entries().iter().map(Choice::of).collect();
        // The three Markdown rows after the base are written only when
        // chosen (App::copy_entry); their row is the report's first line.
        let choices = app.copy_choices();
        let mut without: Vec<Choice> = choices[..2].to_vec();
        // The last row, the HTML report, is written only when chosen too.
        without.extend_from_slice(&choices[5..choices.len() - 1]);
        prop_assert_eq!(without.len(), rows.len());
        // The breakdown's and the Markdown reports' rows show the user's
        // text as typed (drawn in the screen's notation), where the text copied writes it in the plain notation:
        // written back in that notation, the row is the text's first line
        // (each cut after its 200 characters).
        let shows = |row: &Choice, e: &Choice| {
            let plain = uriscope::text::plain::visible(&row.preview);
            row.label == e.label
                && row.more == e.more
                && (plain.starts_with(&e.preview) || e.preview.starts_with(plain.as_ref()))
        };
        for (row, e) in without.iter().zip(&rows) {
            if row.label == "breakdown" {
                prop_assert!(shows(row, e), "{:?} vs {:?}", row, e);
            } else {
                prop_assert_eq!(row, e);
            }
        }
        for (k, pane) in uriscope::explorer::app::markdown::views().iter().enumerate() {
            let e = app.copy_entry(2 + k).unwrap();
            prop_assert!(shows(&choices[2 + k], &Choice::of(&e)), "{:?} vs {:?}", choices[2 + k], Choice::of(&e));
            prop_assert_eq!(e.label, uriscope::explorer::app::markdown::label(*pane));
        }
    }

    /// The stops near the cursor give a jump or kill at the cursor the
    /// same nearest stop on either side as the whole list.
    #[test]
    fn boundaries_near_the_cursor_have_the_same_neighbours(s in prop_oneof![
        text(),
        "(s:)?(//([a-z]{0,3}@)?[a-z0-9.]{0,6}(:[0-9]{0,3})?)?(/{1,2}[a-z0-9.% ]{0,3}){0,12}(\\?([a-z=\u{e9}]{0,3}&{1,2}){0,8})?(#[a-z/&]{0,3})?",
    ], at in any::<prop::sample::Index>()) {
        let all = boundaries(&s);
        let cuts: Vec<usize> = (0..=s.len()).filter(|&i| s.is_char_boundary(i)).collect();
        let cursor = cuts[at.index(cuts.len())];
        let near = uriscope::explorer::app::breakdown::boundaries_near(&s, cursor);
        let before = |b: &[usize]| b.iter().copied().filter(|&i| i < cursor).max();
        let after = |b: &[usize]| b.iter().copied().filter(|&i| i > cursor).min();
        prop_assert_eq!(before(&near), before(&all), "{:?} at {}: {:?} vs {:?}", s, cursor, near, all);
        prop_assert_eq!(after(&near), after(&all), "{:?} at {}: {:?} vs {:?}", s, cursor, near, all);
        prop_assert!(near.iter().all(|i| all.contains(i)), "{:?} vs {:?}", near, all);
    }

    /// The word-jump stops (from the fast parse) are ordered, distinct,
    /// on character boundaries, include both ends, every component edge of
    /// the analysis and every path-segment edge.
    #[test]
    fn boundaries_hold_every_component_edge(s in prop_oneof![
        text(),
        "(s:)?(//([a-z]{0,3}@)?[a-z0-9.\u{4e16}]{0,6}(:[0-9]{0,3})?)?(/[a-z0-9.% ]{0,4}){0,4}(\\?[a-z=&\u{e9}]{0,8})?(#[a-z]{0,3})?",
    ]) {
        let b = boundaries(&s);
        prop_assert_eq!(b.first(), Some(&0));
        prop_assert_eq!(b.last(), Some(&s.len()));
        prop_assert!(b.windows(2).all(|w| w[0] < w[1]), "{:?}", b);
        prop_assert!(b.iter().all(|&i| s.is_char_boundary(i)));
        let a = analyze(&s, ParseOptions::new().iri(true));
        for c in components(&a) {
            prop_assert!(b.contains(&c.span.start) && b.contains(&c.span.end), "{} {:?}", c.name, b);
        }
        let path = if a.is_valid() { a.uri.path_span() } else { a.split.path };
        for (seg, _) in segments(&s, path) {
            prop_assert!(b.contains(&seg.start) && b.contains(&seg.end));
        }
    }


    #[test]
    fn any_session_renders_at_any_size(
        start in text(),
        actions in proptest::collection::vec(action(), 0..30),
        w in 0u16..100,
        h in 0u16..30,
    ) {
        let mut app = App::new(&start, None);
        for a in actions {
            update(&mut app, a);
            let t = app.input.text();
            prop_assert!(t.is_char_boundary(app.input.cursor()));
        }
        let area = Rect::new(0, 0, w, h);
        let mut buf = Buffer::empty(area);
        (&app).render(area, &mut buf);
        let _ = uriscope::explorer::ui::cursor(&app, area);
        for cell in buf.content() {
            prop_assert!(!cell.symbol().chars().any(|c| c.is_control()), "{:?}", cell.symbol());
        }
    }
}
