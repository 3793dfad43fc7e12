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

    /// [`Editor::follow`] the text of `from`, with its column map when it
    /// has one (the same text, the same map: the Encode field following a
    /// 10 MB input does not walk it again).
    pub fn follow_editor(&mut self, from: &Editor) {
        self.follow(&from.text);
        *self.columns.borrow_mut() = from.columns.borrow().clone();
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

    /// `c` was inserted at byte `at`: a new revision, the column map kept
    /// when it can follow ([`Columns::inserted_ascii`]: a character typed
    /// into a 10 MB paste then costs no walk through it), else dropped.
    fn inserted(&mut self, at: usize, c: char) {
        let mut kept = self.columns.take();
        let followed = kept
            .as_mut()
            .and_then(Rc::get_mut)
            .is_some_and(|map| map.inserted_ascii(at, c, &self.text));
        self.changed();
        if followed {
            *self.columns.borrow_mut() = kept;
        }
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
    ///
    /// An edit that leaves the text as it is (the same bytes in place of
    /// themselves) is no step: no undo, no new revision, so the revision
    /// after an edit, an undo or a redo is new only when the text is (what
    /// the explorer compares instead of a copy of a 10 MB input).
    fn edit(&mut self, start: usize, end: usize, with: &str) {
        self.typing_at = None;
        if self.text[start..end] == *with {
            return;
        }
        self.redo.clear();
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
                self.inserted(at, c);
            }
            _ => {
                let map = self.columns.take();
                self.edit(at, at, c.encode_utf8(&mut [0; 4]));
                *self.columns.borrow_mut() = map;
                self.inserted(at, c);
            }
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
#[path = "editor_tests.rs"]
mod tests;
