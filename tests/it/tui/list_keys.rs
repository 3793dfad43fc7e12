//! The list view's keys through its key table and pure update: the
//! filter, the charts, the grouping toggle, copying and what `--print`
//! prints.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use uriscope::explorer::list::{
    action_for, update, CopyWhat, Focus, Grouped, ListAction, ListEffect, Print,
};

use crate::tui::list_view::{act, screen, type_in, view_of, LIST};

fn key(
    v: &mut uriscope::explorer::list::ListView,
    code: KeyCode,
    mods: KeyModifiers,
) -> ListEffect {
    let a = action_for(v, &KeyEvent::new(code, mods)).expect("a bound key");
    let e = update(v, a);
    v.finish();
    e
}

#[test]
fn typing_filters_and_backspace_widens_again() {
    let mut v = view_of(LIST);
    assert_eq!(v.row_count(), 19);
    type_in(&mut v, "shop");
    assert_eq!(v.row_count(), 4);
    type_in(&mut v, " lang=de");
    assert_eq!(v.row_count(), 1);
    assert_eq!(
        v.selected_text(),
        Some("https://shop.example/item?id=7&lang=de")
    );
    for _ in 0.." lang=de".len() {
        key(&mut v, KeyCode::Backspace, KeyModifiers::NONE);
    }
    assert_eq!(v.row_count(), 4);
}

#[test]
fn the_models_terms_filter_the_list() {
    let mut v = view_of(LIST);
    type_in(&mut v, "invalid");
    assert_eq!(
        v.text_of(uriscope::explorer::list::CopyWhat::Filtered)
            .as_deref(),
        Some("http://evil.com\\@good.com/\na b c\n")
    );
    act(&mut v, [ListAction::KillToStart]);
    type_in(&mut v, "scheme:https !lang=");
    assert_eq!(v.selected_text(), Some("https://shop.example/item?id=2"));
    assert_eq!(
        v.row_count(),
        1,
        "{:?}",
        v.text_of(uriscope::explorer::list::CopyWhat::Filtered)
    );
    act(&mut v, [ListAction::KillToStart]);
    type_in(&mut v, "flag:backslash");
    assert_eq!(v.selected_text(), Some("http://evil.com\\@good.com/"));
}

#[test]
fn printable_keys_go_to_the_filter_never_to_a_command() {
    let v = view_of(LIST);
    for c in ['q', 'g', 'y', '/', ' ', '!', ':'] {
        let a = action_for(&v, &KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        assert_eq!(a, Some(ListAction::Insert(c)));
    }
    let a = action_for(&v, &KeyEvent::new(KeyCode::Char('G'), KeyModifiers::SHIFT));
    assert_eq!(a, Some(ListAction::Insert('G')));
}

#[test]
fn enter_on_a_bar_filters_by_it() {
    let mut v = view_of(LIST);
    let _ = screen(&v, 80, 24); // the charts as shown
    key(&mut v, KeyCode::Tab, KeyModifiers::NONE);
    assert_eq!(v.focus, Focus::Bars);
    key(&mut v, KeyCode::Right, KeyModifiers::NONE);
    key(&mut v, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(v.focus, Focus::Filter);
    assert_eq!(v.filter.text(), "host:=example.com");
    assert_eq!(v.row_count(), 5);
    // A second bar adds its term.
    let _ = screen(&v, 80, 24);
    key(&mut v, KeyCode::Tab, KeyModifiers::NONE);
    key(&mut v, KeyCode::Left, KeyModifiers::NONE);
    key(&mut v, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(v.filter.text(), "host:=example.com scheme:http");
    assert_eq!(v.row_count(), 5);
}

#[test]
fn enter_opens_the_selected_url_and_the_state_stays() {
    let mut v = view_of(LIST);
    type_in(&mut v, "shop");
    key(&mut v, KeyCode::Down, KeyModifiers::NONE);
    let e = key(&mut v, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(
        e,
        ListEffect::Open("https://shop.example/item?id=7&lang=de".into())
    );
    assert_eq!((v.filter.text(), v.selected), ("shop", 1));
}

#[test]
fn esc_clears_the_filter_then_quits() {
    let mut v = view_of(LIST);
    type_in(&mut v, "shop");
    assert_eq!(
        key(&mut v, KeyCode::Esc, KeyModifiers::NONE),
        ListEffect::None
    );
    assert_eq!((v.filter.text(), v.row_count()), ("", 19));
    let e = key(&mut v, KeyCode::Esc, KeyModifiers::NONE);
    assert_eq!(e, ListEffect::Quit(Print::Selected));
    let e = key(&mut v, KeyCode::Char('x'), KeyModifiers::CONTROL);
    assert_eq!(e, ListEffect::Quit(Print::Filtered));
}

#[test]
fn the_grouping_toggle_cycles_and_keeps_the_selected_line() {
    let mut v = view_of(LIST);
    act(&mut v, [ListAction::Last]);
    let line = v.selected_line();
    assert_eq!(v.selected_text(), Some("http://Example.com/a/%7euser"));
    key(&mut v, KeyCode::Char('g'), KeyModifiers::CONTROL);
    assert_eq!(v.grouped, Grouped::Normal);
    // The last line is in the first group: its head is selected.
    assert_eq!(v.selected, 0);
    assert_eq!(v.selected_line(), Some(0));
    key(&mut v, KeyCode::Char('g'), KeyModifiers::CONTROL);
    assert_eq!(v.grouped, Grouped::Keys);
    key(&mut v, KeyCode::Char('g'), KeyModifiers::CONTROL);
    assert_eq!(v.grouped, Grouped::Site);
    // The last line's site (example.com) is the first group's.
    assert_eq!((v.selected, v.selected_line()), (0, Some(0)));
    key(&mut v, KeyCode::Char('g'), KeyModifiers::CONTROL);
    assert_eq!(v.grouped, Grouped::Off);
    assert!(line.is_some());
}

#[test]
fn ctrl_y_copies_the_selected_url_exactly() {
    let mut v = view_of("http://a/\u{1b}[31mred\nhttp://b/\n");
    let e = key(&mut v, KeyCode::Char('y'), KeyModifiers::CONTROL);
    assert_eq!(
        e,
        ListEffect::Copy {
            label: CopyWhat::Selected.label(),
            text: "http://a/\u{1b}[31mred".into()
        }
    );
}

#[test]
fn the_chooser_copies_the_filtered_list_and_the_unique_normal_forms() {
    let mut v = view_of(LIST);
    type_in(&mut v, "example.com");
    key(&mut v, KeyCode::Char('o'), KeyModifiers::CONTROL);
    key(&mut v, KeyCode::Down, KeyModifiers::NONE);
    let e = key(&mut v, KeyCode::Enter, KeyModifiers::NONE);
    let ListEffect::Copy { text, .. } = e else {
        panic!("{e:?}")
    };
    assert_eq!(
        text,
        "http://Example.com/a/%7euser\nHTTP://example.COM/a/~user\nhttp://example.com:80/a/~user\n\
         http://example.com/a/./b/../~user\nhttp://Example.com/a/%7euser\n"
    );
    key(&mut v, KeyCode::Char('o'), KeyModifiers::CONTROL);
    key(&mut v, KeyCode::Down, KeyModifiers::NONE);
    key(&mut v, KeyCode::Down, KeyModifiers::NONE);
    let e = key(&mut v, KeyCode::Enter, KeyModifiers::NONE);
    let ListEffect::Copy { text, .. } = e else {
        panic!("{e:?}")
    };
    assert_eq!(text, "http://example.com/a/~user\n");
}

#[test]
fn a_key_sets_the_search_and_leaves_the_scan_to_the_tick() {
    // 50,000 lines: typing must not test them (the loop's tick does, a
    // slice at a time), so a key costs the same on any list.
    let big: String = (0..50_000)
        .map(|i| format!("http://h{i}.example/p\n"))
        .collect();
    let mut v = view_of(&big);
    update(&mut v, ListAction::Insert('z'));
    assert_eq!(v.searches.current().tested(&v.collection), 0);
    assert!(!v.searched());
    v.tick(std::time::Duration::from_secs(60));
    assert!(v.searched());
    assert_eq!(v.row_count(), 0);
}

#[test]
fn the_grouping_toggle_builds_a_slice_and_the_ticks_the_rest() {
    // 50,000 lines in 25,000 groups of two: the toggle's own key builds
    // the first rows only; the ticks build the rest, to the same rows as
    // a build in one go.
    let big: String = (0..50_000)
        .map(|i| {
            let scheme = if i < 25_000 { "http" } else { "HTTP" };
            format!("{scheme}://h{}.example/p\n", i % 25_000)
        })
        .collect();
    let mut v = view_of(&big);
    update(&mut v, ListAction::ToggleGrouping);
    assert!(v.grouping(), "the toggle built every row at once");
    assert!(v.row_count() < 75_000, "{}", v.row_count());
    assert!(v.row_count() > 0);
    while v.grouping() {
        v.tick(std::time::Duration::from_millis(1));
    }
    let sliced = v.entries.clone();
    assert_eq!(sliced.len(), 25_000 * 3);
    let mut w = view_of(&big);
    w.grouped = Grouped::Normal;
    w.refresh(true);
    assert_eq!(sliced, w.entries);
}

#[test]
fn the_view_is_usable_while_the_rest_loads() {
    use std::io::Write;
    let (reader, mut writer) = std::io::pipe().expect("a pipe");
    let plan = uriscope::collection::Plan {
        threads: 1,
        ..Default::default()
    };
    let loader = uriscope::collection::Loader::from_reader(reader, plan);
    let mut v = uriscope::explorer::list::ListView::new(loader, plan);
    writeln!(writer, "http://a.example/one\nhttp://b.example/two").expect("write");
    writer.flush().expect("flush");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while v.row_count() < 2 {
        assert!(
            std::time::Instant::now() < deadline,
            "the first lines never showed"
        );
        v.tick(std::time::Duration::from_millis(5));
    }
    // The input has not ended: the view says so, and filters what came.
    assert!(v.loading());
    let rows = crate::tui::list_view::rows(&v, 80, 24);
    assert!(
        rows[0].contains("2 lines") && rows[0].contains("reading…"),
        "{rows:?}"
    );
    update(&mut v, ListAction::Insert('b'));
    while !v.searched() {
        v.tick(std::time::Duration::from_millis(5));
    }
    assert_eq!(v.selected_text(), Some("http://b.example/two"));
    writeln!(writer, "http://b.example/three").expect("write");
    drop(writer);
    v.finish();
    assert!(!v.loading());
    assert_eq!(v.row_count(), 2, "a line that came later is filtered too");
    assert!(!crate::tui::list_view::rows(&v, 80, 24)[0].contains("reading…"));
}
