//! The single-line editor's unit tests (a file of their own: the editor is
//! one job, its tests another).

use super::*;
use proptest::prelude::*;

proptest! {
    /// The kept columns are those of the text as it is after any edits:
    /// the cursor column and the scroll equal a fresh computation.
    #[test]
    fn kept_columns_follow_every_edit(ops in prop::collection::vec((0u8..9, "[a例\u{301}\u{1b} ]{0,3}"), 0..40)) {
        let mut e = Editor::new("x\u{1b}例");
        let mut fresh = Editor::new("x\u{1b}例");
        for (op, text) in ops {
            for ed in [&mut e, &mut fresh] {
                match op {
                    0 => text.chars().for_each(|c| ed.insert(c)),
                    1 => { ed.paste(&text); }
                    2 => ed.backspace(),
                    3 => ed.delete(),
                    4 => { ed.undo(); }
                    5 => ed.left(),
                    6 => ed.home(),
                    7 => ed.kill_to_start(),
                    _ => ed.set_text(&text),
                }
            }
            // Warm e's cache on every step; fresh's is dropped first.
            let _ = e.cursor_col();
            fresh.columns.take();
            prop_assert_eq!(&*e.columns(), &Columns::new(e.text()));
            prop_assert_eq!(e.cursor_col(), Columns::new(e.text()).col(e.cursor()));
            prop_assert_eq!(e.cursor_col(), fresh.cursor_col());
            prop_assert_eq!(e.scroll_for(5), fresh.scroll_for(5));
        }
    }
}

proptest! {
    /// Undo and redo keep only what each edit changed, and bring back
    /// exactly the whole states (text and cursor) that a history of
    /// snapshots would: the model below keeps a copy per undo step.
    #[test]
    fn undo_and_redo_bring_back_the_states_of_a_snapshot_history(
        ops in prop::collection::vec((0u8..12, "[a/例\u{301} ]{0,3}", 0usize..8), 0..60)
    ) {
        let mut e = Editor::new("ab/例\u{301}c");
        let mut undo: Vec<(String, usize)> = vec![];
        let mut redo: Vec<(String, usize)> = vec![];
        for (op, text, n) in ops {
            let before = (e.text().to_string(), e.cursor());
            let depth = e.undo_depth();
            match op {
                0 => text.chars().take(1).for_each(|c| e.insert(c)),
                1 => { e.paste(&text); }
                2 => e.backspace(),
                3 => e.delete(),
                4 | 5 => {
                    let done = e.undo();
                    prop_assert_eq!(done, !undo.is_empty());
                    if let Some(state) = undo.pop() {
                        redo.push(before);
                        prop_assert_eq!((e.text().to_string(), e.cursor()), state);
                    }
                    continue;
                }
                6 => {
                    let done = e.redo();
                    prop_assert_eq!(done, !redo.is_empty());
                    if let Some(state) = redo.pop() {
                        undo.push(before);
                        prop_assert_eq!((e.text().to_string(), e.cursor()), state);
                    }
                    continue;
                }
                7 => e.left(),
                8 => e.kill_to_end(),
                9 => { e.replace_range(n.min(e.text().len()), e.text().len(), &text); }
                10 => e.jump_left(&[n]),
                _ => e.set_text(&text),
            }
            // An edit is a new step, or a typed character joins the
            // step before it (the model's state from before that stays).
            if e.undo_depth() > depth {
                undo.push(before);
                redo.clear();
            } else if e.text() != before.0 {
                prop_assert_eq!(op, 0);
                redo.clear();
            }
            prop_assert_eq!(undo.len(), e.undo_depth());
        }
    }
}

#[test]
fn cursor_moves_by_cluster_and_width() {
    let mut e = Editor::new("a例😀e\u{301}b");
    assert_eq!(e.cursor_col(), 7);
    e.left(); // before b
    assert_eq!(e.cursor_col(), 6);
    e.left(); // before e + combining acute: one cluster
    assert_eq!(e.cursor_col(), 5);
    assert_eq!(&e.text()[e.cursor()..], "e\u{301}b");
    e.left(); // before 😀 (2 columns)
    assert_eq!(e.cursor_col(), 3);
    e.left(); // before 例 (2 columns)
    assert_eq!(e.cursor_col(), 1);
    e.backspace();
    assert_eq!(e.text(), "例😀e\u{301}b");
    assert_eq!(e.cursor_col(), 0);
    e.delete();
    assert_eq!(e.text(), "😀e\u{301}b");
    e.end();
    e.backspace();
    e.backspace(); // the whole e + U+0301 cluster
    assert_eq!(e.text(), "😀");
}

#[test]
fn the_cursor_steps_over_the_pieces_of_a_long_cluster() {
    use crate::text::MAX_GLYPH;
    // 64 KB of lone marks, one cluster, drawn in pieces: Right and
    // Backspace take a piece at a time, as it is drawn.
    let marks = "\u{301}".repeat(32 * 1024);
    let mut e = Editor::new(&marks);
    e.home();
    e.right();
    assert_eq!(e.cursor(), MAX_GLYPH);
    assert_eq!(e.cursor_col(), MAX_GLYPH / 2 * 8); // <U+0301> each
    e.right();
    assert_eq!(e.cursor(), 2 * MAX_GLYPH);
    e.left();
    assert_eq!(e.cursor(), MAX_GLYPH);
    e.end();
    e.backspace();
    assert_eq!(e.text().len(), marks.len() - MAX_GLYPH);
    // Revisions: a change draws a new one, a clone keeps it.
    let r = e.revision();
    assert_eq!(e.clone().revision(), r);
    e.insert('x');
    assert_ne!(e.revision(), r);
    let mut f = Editor::new("abc");
    f.follow(e.text());
    assert_eq!(
        (f.text(), f.cursor(), f.undo_depth()),
        (e.text(), e.text().len(), 0)
    );
    assert_ne!(f.revision(), e.revision());
    // Following an editor takes its column map with its text.
    let _ = e.columns();
    let mut g = Editor::new("abc");
    g.follow_editor(&e);
    assert_eq!(g.text(), e.text());
    assert!(g.columns.borrow().is_some());
    assert_eq!(*g.columns(), Columns::new(e.text()));
}

#[test]
fn paste_is_one_edit_without_newlines() {
    let mut e = Editor::new("x");
    let r = e.paste("http://a/\nb\tc\r\n");
    assert_eq!(e.text(), "xhttp://a/bc");
    assert_eq!(
        r,
        PasteReport {
            inserted: 11,
            removed: 4
        }
    );
    assert_eq!(e.undo_depth(), 1);
    assert!(e.undo());
    assert_eq!(e.text(), "x");
    assert!(!e.undo());
}

#[test]
fn typing_is_one_undo_step_per_run_and_redo_brings_it_back() {
    let mut e = Editor::new("");
    for c in "http://h/path".chars() {
        e.insert(c);
    }
    // Groups end after a delimiter: "http:" "/" "/" "h/" "path".
    assert!(e.undo());
    assert_eq!(e.text(), "http://h/");
    assert!(e.undo());
    assert_eq!(e.text(), "http://");
    assert!(e.redo());
    assert!(e.redo());
    assert_eq!(e.text(), "http://h/path");
    assert!(!e.redo());
    // A move ends the run; a new edit drops what was undone.
    e.left();
    e.insert('X');
    assert!(e.undo());
    assert_eq!(e.text(), "http://h/path");
    e.backspace();
    assert!(!e.redo());
    assert_eq!(e.text(), "http://h/pah");
    assert!(e.undo());
    assert_eq!(e.text(), "http://h/path");
}

#[test]
fn undo_history_is_bounded_in_steps_and_bytes() {
    // '/' ends a typing group: each one is an undo step of its own.
    let mut e = Editor::new("");
    for _ in 0..1500 {
        e.insert('/');
    }
    assert_eq!(e.undo_depth(), MAX_UNDO_STEPS);
    // A step keeps what it changed: typing into 64 KB keeps bytes,
    // not copies of the text.
    let big = "x".repeat(64 << 10);
    let mut e = Editor::new(&big);
    for _ in 0..300 {
        e.insert('/');
    }
    // Typing removes nothing: the steps hold no text.
    assert_eq!((e.undo_depth(), e.undo_bytes), (300, 0));
    assert!(e.undo());
    assert_eq!(e.text().len(), big.len() + 299);
    while e.undo() {}
    assert_eq!((e.text(), e.undo_bytes), (big.as_str(), 0));
    // Whole texts replaced: 64 KB a step (the text removed), at most
    // 8 MiB kept besides the newest, the newest first.
    let other = "o".repeat(64 << 10);
    for i in 0..300 {
        e.set_text(if i % 2 == 0 { &other } else { &big });
    }
    assert_eq!(e.undo_depth(), MAX_UNDO_BYTES / (64 << 10) + 1);
    assert!(e.undo());
    assert_eq!(e.text(), other);
    while e.undo() {}
    assert_eq!(e.undo_bytes, 0);
    assert_eq!(e.redo.len(), MAX_UNDO_BYTES / (64 << 10) + 1);
}

/// A paste over 8 MiB, then one more character: Ctrl-Z twice said
/// "nothing to undo" the second time, the text before the paste gone
/// (the paste's step, holding its 9 MiB twice, was over the budget).
#[test]
fn the_text_before_a_paste_over_8_mib_comes_back_after_the_next_edit() {
    let huge = "y".repeat(MAX_UNDO_BYTES + (1 << 20));
    let mut e = Editor::new("http://before/");
    e.paste(&huge);
    e.insert('z');
    assert_eq!((e.undo_depth(), e.undo_bytes), (2, 0));
    assert!(e.undo());
    assert!(e.undo());
    assert_eq!(e.text(), "http://before/");
    // And forward again: the redo stack holds what was taken out.
    assert!(e.redo());
    assert!(e.redo());
    assert_eq!(e.text().len(), "http://before/".len() + huge.len() + 1);
    // Removing 9 MiB keeps them for the undo, beside the newest step
    // only: the next edit drops everything older than it.
    let mut e = Editor::new(&huge);
    e.insert('a');
    e.kill_to_start();
    assert_eq!(e.undo_depth(), 2);
    assert!(e.undo());
    assert_eq!(e.text().len(), huge.len() + 1);
    assert!(e.redo());
    e.insert('b');
    assert_eq!((e.undo_depth(), e.undo_bytes), (1, 0));
    assert!(e.undo());
    assert_eq!(e.text(), "");
    assert!(!e.undo());
}

#[test]
fn kills() {
    let mut e = Editor::new("http://h/p?q");
    e.jump_left(&[0, 4, 7, 8, 9, 11, 12]);
    assert_eq!(e.cursor(), 11);
    e.kill_to_end();
    assert_eq!(e.text(), "http://h/p?");
    e.kill_back_to(&[0, 4, 7, 8, 9]);
    assert_eq!(e.text(), "http://h/");
    e.kill_to_start();
    assert_eq!(e.text(), "");
}

#[test]
fn scroll_keeps_cursor_visible() {
    let mut e = Editor::new("0123456789例例");
    // total width 14, plus the cursor cell after the end = 15
    assert_eq!(e.scroll_for(10), 5);
    e.home();
    assert_eq!(e.scroll_for(10), 0);
    e.end();
    assert_eq!(e.scroll_for(40), 0);
}

#[test]
fn an_edit_that_changes_nothing_is_no_step_and_keeps_the_revision() {
    let mut e = Editor::new("http://h/a");
    e.insert('b');
    let (r, depth) = (e.revision(), e.undo_depth());
    assert!(e.replace_range(7, 8, "h"));
    assert_eq!(
        (e.text(), e.revision(), e.undo_depth()),
        ("http://h/ab", r, depth)
    );
    assert_eq!(e.cursor(), 8);
    assert!(e.replace_range(7, 8, "g"));
    assert_ne!(e.revision(), r);
    assert!(e.undo());
    assert_eq!(e.text(), "http://h/ab");
}
