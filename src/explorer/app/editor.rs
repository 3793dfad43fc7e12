//! The single-line editor: a cursor on glyph boundaries (grapheme clusters,
//! an over-long one in pieces as drawn), edits that can be undone one at a
//! time, paste as one edit, and a horizontal
//! scroll that keeps the cursor visible. Widths come from
//! [`display`](crate::text), the same helper the renderer uses.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use crate::text::Columns;

/// What a paste removed from its text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PasteReport {
    /// Characters inserted.
    pub inserted: usize,
    /// Line breaks (`\n`, `\r`) and tabs removed.
    pub removed: usize,
}

/// The most edits that can be undone.
pub const MAX_UNDO_STEPS: usize = 1000;

/// The most text the undo history keeps besides its newest edit, in
/// bytes: the text the edits removed, which an undo puts back. What an
/// edit inserted is not kept (its length is enough to take it out
/// again), so a paste costs nothing here, and the newest edit is kept
/// whatever it holds: the state before the latest edit can always be
/// restored, and so can the one before a paste that was unwrapped.
pub const MAX_UNDO_BYTES: usize = 8 << 20;

/// One edit as undo or redo replays it: at byte `at`, the `len` bytes
/// there give way to `text`. On the undo stack `text` is what the edit
/// removed and `len` what it inserted; taking it back swaps the two, and
/// the change pushed on the redo stack holds the bytes taken out. Only
/// the changed bytes are kept, never the whole text (a burst of Backspace
/// on a 64 KB input copied 64 KB per key), and never the inserted ones
/// while they are in the text (a 9 MiB paste held its text twice).
#[derive(Clone, Debug, Default)]
struct Change {
    at: usize,
    text: String,
    len: usize,
    /// Where the cursor goes when the change is replayed: the cursor
    /// from before the step.
    cursor: usize,
}

impl Change {
    /// Bytes of text it holds.
    fn bytes(&self) -> usize {
        self.text.len()
    }

    /// Replay the change on `text` (undo on the undo stack, redo on the
    /// redo stack): the change for the other stack, which puts it back.
    fn swap(self, text: &mut String, cursor: usize) -> Change {
        let end = self.at + self.len;
        let taken = text[self.at..end].to_string();
        text.replace_range(self.at..end, &self.text);
        Change {
            at: self.at,
            len: self.text.len(),
            text: taken,
            cursor,
        }
    }
}

/// A one-line text field.
#[derive(Clone, Debug, Default)]
pub struct Editor {
    text: String,
    /// Byte offset of the cursor, always on a cluster boundary.
    cursor: usize,
    /// The edits that made the text, newest last.
    undo: Vec<Change>,
    /// Bytes of text held in `undo` (see [`MAX_UNDO_BYTES`]).
    undo_bytes: usize,
    /// First display column shown; adjusted while drawing.
    scroll: Cell<usize>,
    /// The text's columns, computed once per text: the input line asks
    /// for the cursor column and the scroll several times a frame, and on
    /// a 64 KB input full of controls each was a walk over every glyph.
    columns: RefCell<Option<Rc<Columns>>>,
    /// Which text this is: a number drawn afresh at every change of the
    /// text (no two texts of any editors share one), so results kept for
    /// a text can tell it from another without comparing them
    /// (`app::memo`, on a 64 KB input at every key).
    revision: u64,
    /// Edits undone, newest last: what redo brings back; a new edit
    /// drops them.
    redo: Vec<Change>,
    /// Where the run of typed characters being grouped into one undo step
    /// ends (the cursor after the last one); `None` when the last edit was
    /// no plain typing, or ended a group (a delimiter such as `/` or `?`).
    typing_at: Option<usize>,
}

/// The next [`Editor`] revision (0 is the empty text of a default one).
fn next_revision() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl Editor {
    /// An editor holding `text`, cursor at the end.
    pub fn new(text: &str) -> Editor {
        Editor {
            text: text.to_string(),
            cursor: text.len(),
            revision: next_revision(),
            ..Editor::default()
        }
    }

    /// Hold `text` as a fresh editor would (cursor at the end, no undo
    /// history, scroll at the start), keeping the allocation: the Encode
    /// field follows the input this way at every edit of a 64 KB input.
    pub fn follow(&mut self, text: &str) {
        self.text.clear();
        self.text.push_str(text);
        self.cursor = self.text.len();
        self.undo.clear();
        self.undo_bytes = 0;
        self.redo.clear();
        self.typing_at = None;
        self.scroll.set(0);
        self.changed();
    }

    /// The text's revision: equal for two editors only when they hold
    /// the same text (an editor and its clone, say).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The text changed: a new revision, the column map dropped.
    fn changed(&mut self) {
        self.columns.take();
        self.revision = next_revision();
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The cursor as a byte offset.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The cursor's display column (from the start of the text).
    pub fn cursor_col(&self) -> usize {
        self.columns().col(self.cursor)
    }

    /// The text's columns, kept until the text changes (the input line and
    /// the Breakdown's diagram share them: one segmentation a frame).
    pub fn columns(&self) -> Rc<Columns> {
        if let Some(c) = self.columns.borrow().as_ref() {
            return Rc::clone(c);
        }
        let c = Rc::new(Columns::new(&self.text));
        *self.columns.borrow_mut() = Some(Rc::clone(&c));
        c
    }

    /// How many edits can be undone.
    pub fn undo_depth(&self) -> usize {
        self.undo.len()
    }

    /// Replace the whole text as one edit (history, examples).
    pub fn set_text(&mut self, text: &str) {
        if text != self.text {
            self.edit(0, self.text.len(), text);
        }
        self.cursor = self.text.len();
    }

    /// Replace the bytes `start..end` (on character boundaries) by `with`
    /// as one undo step, the cursor left where it is. The oldest steps go
    /// first when there are more than [`MAX_UNDO_STEPS`], or when the
    /// steps before the newest hold more than [`MAX_UNDO_BYTES`]; the
    /// newest always stays.
    fn edit(&mut self, start: usize, end: usize, with: &str) {
        self.redo.clear();
        self.typing_at = None;
        let change = Change {
            at: start,
            text: self.text[start..end].to_string(),
            len: with.len(),
            cursor: self.cursor,
        };
        let newest = change.bytes();
        self.undo_bytes += newest;
        self.undo.push(change);
        let mut drop = 0;
        while drop + 1 < self.undo.len()
            && (self.undo.len() - drop > MAX_UNDO_STEPS
                || self.undo_bytes - newest > MAX_UNDO_BYTES)
        {
            self.undo_bytes -= self.undo[drop].bytes();
            drop += 1;
        }
        self.undo.drain(..drop);
        self.text.replace_range(start..end, with);
        self.changed();
    }

    /// Insert `c` at the cursor. A run of typed characters is one undo
    /// step, up to and including a delimiter (`/ ? # & = : @ ;` or a
    /// space): typing `http://h/path` then Ctrl-Z takes back `path`.
    pub fn insert(&mut self, c: char) {
        let at = self.cursor;
        // The group goes on where the last step's insertion ends.
        let grouped = self.typing_at == Some(at)
            && self
                .undo
                .last()
                .is_some_and(|last| last.at + last.len == at);
        match self.undo.last_mut() {
            Some(last) if grouped => {
                self.redo.clear();
                last.len += c.len_utf8();
                self.text.insert(at, c);
                self.changed();
            }
            _ => self.edit(at, at, c.encode_utf8(&mut [0; 4])),
        }
        self.cursor += c.len_utf8();
        self.snap();
        let ends_group = matches!(c, '/' | '?' | '#' | '&' | '=' | ':' | '@' | ';' | ' ');
        self.typing_at = (!ends_group).then_some(self.cursor);
    }

    /// Insert pasted text as ONE edit, without line breaks and tabs (a
    /// URI never contains them; terminals add them when copying wrapped lines).
    pub fn paste(&mut self, pasted: &str) -> PasteReport {
        let mut report = PasteReport::default();
        let clean: String = pasted
            .chars()
            .filter(|&c| {
                let drop = matches!(c, '\n' | '\r' | '\t');
                report.removed += usize::from(drop);
                !drop
            })
            .collect();
        report.inserted = clean.chars().count();
        if !clean.is_empty() {
            self.edit(self.cursor, self.cursor, &clean);
            self.cursor += clean.len();
            self.snap();
        }
        report
    }

    /// Replace the bytes `start..end` by `with` as one edit, the cursor
    /// after it (a pasted link unwrapped: one undo brings the raw paste
    /// back). False, and nothing changed, when the range is not on
    /// character boundaries.
    pub fn replace_range(&mut self, start: usize, end: usize, with: &str) -> bool {
        if start > end || !self.text.is_char_boundary(start) || !self.text.is_char_boundary(end) {
            return false;
        }
        self.edit(start, end, with);
        self.cursor = start + with.len();
        self.snap();
        true
    }

    /// Undo the last edit; false when there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        match self.undo.pop() {
            Some(c) => {
                self.undo_bytes -= c.bytes();
                let back = c.cursor;
                let redo = c.swap(&mut self.text, self.cursor);
                self.redo.push(redo);
                self.restored(back);
                true
            }
            None => false,
        }
    }

    /// Redo the last edit undone; false when there is none (a new edit
    /// since then drops what was undone).
    pub fn redo(&mut self) -> bool {
        match self.redo.pop() {
            Some(c) => {
                let back = c.cursor;
                let undo = c.swap(&mut self.text, self.cursor);
                self.undo_bytes += undo.bytes();
                self.undo.push(undo);
                self.restored(back);
                true
            }
            None => false,
        }
    }

    /// After an undo or redo put a text back: the cursor at `c`.
    fn restored(&mut self, c: usize) {
        self.changed();
        self.typing_at = None;
        self.cursor = c.min(self.text.len());
        self.snap();
    }

    /// Move the cursor to the nearest glyph boundary at or before it (by
    /// the kept map, else from the text around it, as [`Self::prev_glyph`]:
    /// a kill that stopped inside 64 KB of lone marks walked back through
    /// all of them with the grapheme cursor, 3.8 ms).
    fn snap(&mut self) {
        let at = self.cursor.min(self.text.len());
        let kept = self.columns.borrow().as_ref().map(|c| c.glyph_start(at));
        self.cursor = kept
            .or_else(|| crate::text::glyph_start_at(&self.text, at))
            .unwrap_or_else(|| self.columns().glyph_start(at));
    }

    /// The glyph boundaries around the cursor, from the kept column map:
    /// the cursor steps over what is drawn as one glyph (a cluster, or a
    /// piece of one over `MAX_GLYPH` bytes), and a step costs a lookup, not
    /// a walk through the cluster (Home then Right on 64 KB of lone marks
    /// segmented all of them each time).
    ///
    /// Right after an edit the map is gone; the glyph next to the cursor is
    /// then found from the text around it (the same answer), and the map
    /// is built only when that cannot tell (a burst of Backspace on a
    /// 64 KB IRI built it at every key, 1 to 2.5 ms each).
    fn prev_glyph(&self) -> Option<usize> {
        if let Some(c) = self.columns.borrow().as_ref() {
            return c.prev_boundary(self.cursor);
        }
        if self.cursor == 0 {
            return None;
        }
        crate::text::glyph_before(&self.text, self.cursor)
            .or_else(|| self.columns().prev_boundary(self.cursor))
    }

    fn next_glyph(&self) -> Option<usize> {
        if let Some(c) = self.columns.borrow().as_ref() {
            return c.next_boundary(self.cursor);
        }
        crate::text::glyph_after(&self.text, self.cursor)
    }

    /// Cursor one glyph left (a cluster, or a piece of a long one).
    pub fn left(&mut self) {
        if let Some(p) = self.prev_glyph() {
            self.cursor = p;
        }
    }

    /// Cursor one glyph right.
    pub fn right(&mut self) {
        if let Some(p) = self.next_glyph() {
            self.cursor = p;
        }
    }

    /// Cursor to the start.
    pub fn home(&mut self) {
        self.cursor = 0;
    }

    /// Cursor to the end.
    pub fn end(&mut self) {
        self.cursor = self.text.len();
    }

    /// Cursor to the nearest boundary in `stops` before it (or the start).
    pub fn jump_left(&mut self, stops: &[usize]) {
        // A stop that is not a character boundary of this text is ignored
        // (stops computed for another text must never cut a character).
        self.cursor = stops
            .iter()
            .copied()
            .filter(|&s| s < self.cursor && self.text.is_char_boundary(s))
            .max()
            .unwrap_or(0);
        self.snap();
    }

    /// Cursor to the nearest boundary in `stops` after it (or the end).
    pub fn jump_right(&mut self, stops: &[usize]) {
        self.cursor = stops
            .iter()
            .copied()
            .filter(|&s| s > self.cursor && self.text.is_char_boundary(s))
            .min()
            .unwrap_or(self.text.len());
        self.snap();
    }

    fn delete_range(&mut self, start: usize, end: usize) {
        if start < end && self.text.is_char_boundary(start) && self.text.is_char_boundary(end) {
            self.edit(start, end, "");
            self.cursor = start;
        }
    }

    /// Delete the cluster before the cursor.
    pub fn backspace(&mut self) {
        if let Some(p) = self.prev_glyph() {
            self.delete_range(p, self.cursor);
        }
    }

    /// Delete the cluster under the cursor.
    pub fn delete(&mut self) {
        if let Some(n) = self.next_glyph() {
            let at = self.cursor;
            self.delete_range(at, n);
            self.cursor = at;
        }
    }

    /// Delete from the start to the cursor (Ctrl-U).
    pub fn kill_to_start(&mut self) {
        self.delete_range(0, self.cursor);
    }

    /// Delete from the cursor to the end (Ctrl-K).
    pub fn kill_to_end(&mut self) {
        let at = self.cursor;
        self.delete_range(at, self.text.len());
        self.cursor = at;
    }

    /// Delete back to the nearest boundary in `stops` (Ctrl-W).
    pub fn kill_back_to(&mut self, stops: &[usize]) {
        let end = self.cursor;
        self.jump_left(stops);
        let start = self.cursor;
        self.cursor = end;
        self.delete_range(start, end);
    }

    /// The first column to show so that the cursor stays visible in a
    /// field `width` columns wide; remembered between frames so the view
    /// only moves when the cursor leaves it.
    pub fn scroll_for(&self, width: usize) -> usize {
        let width = width.max(1);
        let cols = self.columns();
        let cur = cols.col(self.cursor);
        let mut s = self.scroll.get();
        // Room for the cursor cell itself after the last glyph.
        if cur + 1 > s + width {
            s = cur + 1 - width;
        }
        if cur < s {
            s = cur;
        }
        // Do not leave empty space on the right when the text fits.
        let total = cols.width() + 1;
        if total <= width {
            s = 0;
        } else if s + width > total {
            s = total - width;
        }
        self.scroll.set(s);
        s
    }
}

impl PartialEq for Editor {
    /// Two editors are equal when they hold the same text with the cursor
    /// at the same place (their undo history aside).
    fn eq(&self, other: &Editor) -> bool {
        self.text() == other.text() && self.cursor() == other.cursor()
    }
}

impl Eq for Editor {}

#[cfg(test)]
mod tests {
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
}
