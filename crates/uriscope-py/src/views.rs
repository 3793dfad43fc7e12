//! Text columns whose rows are slices of the input: `utf8_view` columns
//! whose views point into the input chunk's own buffers (shared, not
//! copied). A component of a URL is a slice of the URL, so `parse` and
//! `component` write one 16-byte view per row and copy no text: a slice
//! of 12 bytes or fewer is held inside its view, a longer one is the
//! input buffer, an offset and a length. Texts that are not slices of
//! the input (the names of kinds and finding codes, or every text when
//! the input's buffer is too large for a view's 32-bit offset) are
//! copied once into a buffer of the answer's own.

use std::sync::Arc;

use arrow_array::builder::make_view;
use arrow_array::{ArrayRef, StringViewArray};
use arrow_buffer::{Buffer, ScalarBuffer};

use crate::bits::Bits;
use crate::column::{Place, Texts};

/// The longest text held inside its view.
const INLINE: usize = 12;

/// The size at which a buffer of the answer's own is closed and the next
/// one begun (views address 32-bit offsets).
const OWN_BLOCK: usize = 1 << 30;

/// The data buffers the views of one answer chunk point into: the input
/// chunk's (when they can be shared), then the answer's own.
pub struct Blocks {
    input: Vec<Buffer>,
    shared: bool,
    done: Vec<Buffer>,
    current: Vec<u8>,
    /// The views of the constant texts copied so far, by address and
    /// length (two constants may start at one address: "ab" in "abc").
    constants: Vec<((usize, usize), u128)>,
}

impl Blocks {
    /// The blocks of an answer to `t`.
    pub fn new(t: &Texts<'_>) -> Blocks {
        let input = t.blocks();
        Blocks {
            shared: input.is_some(),
            input: input.unwrap_or_default(),
            done: Vec::new(),
            current: Vec::new(),
            constants: Vec::new(),
        }
    }

    /// The view of `bytes`, copied into the answer's own buffer unless
    /// held inline.
    fn copy(&mut self, bytes: &[u8]) -> u128 {
        if bytes.len() <= INLINE {
            return make_view(bytes, 0, 0);
        }
        if self.current.len() + bytes.len() > OWN_BLOCK && !self.current.is_empty() {
            let full = std::mem::take(&mut self.current);
            self.done.push(Buffer::from_vec(full));
        }
        let block = (self.input.len() + self.done.len()) as u32;
        let offset = self.current.len() as u32;
        self.current.extend_from_slice(bytes);
        make_view(bytes, block, offset)
    }

    /// The view of a constant text (a kind, a code): copied once per
    /// answer, then shared by every row that names it.
    #[inline]
    pub fn constant(&mut self, s: &'static str) -> u128 {
        if s.len() <= INLINE {
            return make_view(s.as_bytes(), 0, 0);
        }
        let key = (s.as_ptr() as usize, s.len());
        if let Some(&(_, v)) = self.constants.iter().find(|(k, _)| *k == key) {
            return v;
        }
        let v = self.copy(s.as_bytes());
        self.constants.push((key, v));
        v
    }

    /// The view of `part`, a slice of `row`, the text of an input row at
    /// `place`: a view into the input's buffer (or inline), copied only
    /// when the input cannot be shared or `part` is not a slice of `row`.
    #[inline]
    pub fn part(&mut self, row: &str, place: Place, part: &str) -> u128 {
        let bytes = part.as_bytes();
        if bytes.len() <= INLINE {
            return make_view(bytes, 0, 0);
        }
        let start = (part.as_ptr() as usize).wrapping_sub(row.as_ptr() as usize);
        match place {
            Some((block, at))
                if self.shared
                    && start
                        .checked_add(bytes.len())
                        .is_some_and(|e| e <= row.len()) =>
            {
                make_view(bytes, block, at + start as u32)
            }
            _ => self.copy(bytes),
        }
    }

    /// Every buffer, for the columns of the answer.
    pub fn finish(mut self) -> Arc<[Buffer]> {
        if !self.current.is_empty() {
            let last = std::mem::take(&mut self.current);
            self.done.push(Buffer::from_vec(last));
        }
        self.input.extend(self.done);
        self.input.into()
    }
}

/// One `utf8_view` column of an answer, built row by row.
pub struct ViewColumn {
    views: Vec<u128>,
    present: Bits,
}

impl ViewColumn {
    /// A column for `rows` rows.
    pub fn with_capacity(rows: usize) -> ViewColumn {
        ViewColumn {
            views: Vec::with_capacity(rows),
            present: Bits::with_capacity(rows),
        }
    }

    /// Append a row: a view from [`Blocks`], or null.
    #[inline(always)]
    pub fn push(&mut self, view: Option<u128>) {
        self.views.push(view.unwrap_or(0));
        self.present.push(view.is_some());
    }

    /// The column, its views into `buffers`.
    pub fn finish(self, buffers: &Arc<[Buffer]>) -> ArrayRef {
        let views = ScalarBuffer::from(self.views);
        let nulls = self.present.nulls();
        if cfg!(debug_assertions) {
            // Arrow's own check, every view in bounds and UTF-8.
            let array = StringViewArray::try_new(views, Arc::clone(buffers), nulls)
                .expect("views of slices of UTF-8 texts, in bounds");
            return Arc::new(array);
        }
        // SAFETY: every view was made by `Blocks` with `make_view` from
        // the bytes it names: held inline, or a slice of a `&str` (whole
        // characters of UTF-8) at its place in one of `buffers` (the
        // input chunk's data buffers, read through the same offsets or
        // views that gave the `&str`, or a buffer of the answer's own
        // holding a copy), within 32-bit offsets. `try_new`'s check of
        // the same (debug builds above; the tests' `validate(full=True)`
        // over the corpus) costs as much as the answer's building.
        #[allow(unsafe_code)]
        let array = unsafe { StringViewArray::new_unchecked(views, Arc::clone(buffers), nulls) };
        Arc::new(array)
    }
}
