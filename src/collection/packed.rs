//! A collection's lines in few bytes each: where each line's text ends
//! in 4 ([`Ends`]), and its facts in 8 ([`Rows`]: its host's id beside
//! the id of its shape, the kind, flags, scheme and set of codes, kept
//! once; a log's millions of lines have a few thousand shapes).

use hashbrown::HashMap;

use super::counts::Row;
use super::intern::NONE;

/// Where each line ends in the collection's text: the low 32 bits of
/// each end, and for each 4 GiB of text the first line that ends past it.
#[derive(Clone, Debug, Default)]
pub(super) struct Ends {
    low: Vec<u32>,
    wraps: Vec<u32>,
}

impl Ends {
    /// Add the next line, which ends at `end` (no less than the last).
    pub fn push(&mut self, end: usize) {
        let high = (end as u64 >> 32) as usize;
        while self.wraps.len() < high {
            self.wraps.push(self.low.len() as u32);
        }
        self.low.push(end as u32);
    }

    /// Where line `i` ends.
    pub fn get(&self, i: usize) -> Option<usize> {
        let low = *self.low.get(i)?;
        let high = if self.wraps.is_empty() {
            0
        } else {
            self.wraps.partition_point(|&w| w as usize <= i) as u64
        };
        usize::try_from(high << 32 | u64::from(low)).ok()
    }

    /// How many lines.
    pub fn len(&self) -> usize {
        self.low.len()
    }

    /// Room for `lines` more.
    pub fn reserve(&mut self, lines: usize) {
        self.low.reserve(lines);
    }

    /// Give back the room not used.
    pub fn shrink_to_fit(&mut self) {
        self.low.shrink_to_fit();
    }

    /// The bytes held on the heap.
    pub fn heap_bytes(&self) -> usize {
        (self.low.capacity() + self.wraps.capacity()) * 4
    }
}

/// A row without its host.
type Shape = (super::line::Kind, super::line::FlagSet, u32, u32);

/// The rows of a collection's lines (see the [module
/// documentation](self)).
#[derive(Clone, Debug, Default)]
pub(super) struct Rows {
    /// Each line's (shape, host).
    lines: Vec<[u32; 2]>,
    shapes: Vec<Shape>,
    ids: HashMap<Shape, u32>,
}

impl Rows {
    /// Add the next line's row.
    pub fn push(&mut self, row: Row) {
        let shape = (row.kind, row.flags, row.scheme, row.codes);
        let shapes = &mut self.shapes;
        let id = *self.ids.entry(shape).or_insert_with(|| {
            shapes.push(shape);
            (shapes.len() - 1).min(NONE as usize) as u32
        });
        self.lines.push([id, row.host]);
    }

    /// The row of line `line`.
    pub fn get(&self, line: u32) -> Option<Row> {
        let [shape, host] = *self.lines.get(line as usize)?;
        let (kind, flags, scheme, codes) = *self.shapes.get(shape as usize)?;
        Some(Row {
            kind,
            flags,
            scheme,
            host,
            codes,
        })
    }

    /// How many lines.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Room for `lines` more.
    pub fn reserve(&mut self, lines: usize) {
        self.lines.reserve(lines);
    }

    /// Give back the room not used.
    pub fn shrink_to_fit(&mut self) {
        self.lines.shrink_to_fit();
    }

    /// The bytes held on the heap (the shapes' table counted as their
    /// vector twice).
    pub fn heap_bytes(&self) -> usize {
        let shape = std::mem::size_of::<Shape>();
        self.lines.capacity() * 8 + self.shapes.capacity() * shape * 3
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ends_past_four_gibibytes_keep_their_high_bits() {
        let g = 1usize << 32;
        let mut e = Ends::default();
        for end in [5, g - 1, g + 3, g + 3, 3 * g + 1, 3 * g + 2] {
            e.push(end);
        }
        let got: Vec<_> = (0..7).map(|i| e.get(i)).collect();
        let want = [5, g - 1, g + 3, g + 3, 3 * g + 1, 3 * g + 2].map(Some);
        assert_eq!(got[..6], want);
        assert_eq!(got[6], None);
    }
    use crate::collection::{FlagSet, Kind};

    #[test]
    fn a_row_comes_back_as_it_went_in_and_shapes_are_kept_once() {
        let row = |host, codes| Row {
            kind: Kind::Uri,
            flags: FlagSet::default(),
            scheme: 0,
            host,
            codes,
        };
        let mut r = Rows::default();
        for (h, c) in [(1, 0), (2, 0), (NONE, 3), (1, 0)] {
            r.push(row(h, c));
        }
        assert_eq!(r.get(2), Some(row(NONE, 3)));
        assert_eq!(r.get(3), Some(row(1, 0)));
        assert_eq!(r.get(4), None);
        assert_eq!(r.shapes.len(), 2);
    }
}
