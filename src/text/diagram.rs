//! The layout of the underbrace diagram drawn under a URI (RFC 3986 §3's
//! picture): rows of one-column cells — underbraces, carets, labels and
//! their `|` connectors — each with a mark of the caller's (a terminal
//! style for the explorer, a CSS class for the HTML report), placed by
//! column. Columns come from [`Columns`](crate::text::Columns), so the
//! marks line up under the URI whatever its characters' widths. Only the
//! window of columns `lo..hi` is kept, so a 64 KB URI costs no more than
//! an 80-column one.
//!
//! ```
//! use uriscope::text::diagram::Cells;
//! let mut g: Cells<u8> = Cells::new();
//! g.brace(0, 0, 4, 1);
//! g.labels(2, &[(1, "http".into(), 1)]);
//! let row = |r: usize| g.row(r).iter().map(|c| c.map_or(' ', |(ch, _)| ch)).collect::<String>();
//! assert_eq!([row(0), row(1), row(2)], [r"\__/", " |", "http"]);
//! ```

/// Rows of one-column ASCII cells, each with a mark `S`, kept only for
/// the window of columns `lo..hi`; marks outside it are dropped.
#[derive(Clone, Debug)]
pub struct Cells<S> {
    rows: Vec<Vec<Option<(char, S)>>>,
    lo: usize,
    hi: usize,
}

impl<S: Copy> Cells<S> {
    /// An empty grid showing columns `skip..skip + max`.
    pub fn window(skip: usize, max: usize) -> Cells<S> {
        Cells {
            rows: Vec::new(),
            lo: skip,
            hi: skip.saturating_add(max),
        }
    }

    /// An empty grid with no window limit.
    pub fn new() -> Cells<S> {
        Cells::window(0, usize::MAX)
    }

    /// Whether any of the columns `a..b` is in the window.
    pub fn shows(&self, a: usize, b: usize) -> bool {
        a < self.hi && b > self.lo
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// Row `row`'s cells from the window's first column (empty past the
    /// last row).
    pub fn row(&self, row: usize) -> &[Option<(char, S)>] {
        self.rows.get(row).map_or(&[], Vec::as_slice)
    }

    fn row_mut(&mut self, row: usize) -> &mut Vec<Option<(char, S)>> {
        while self.rows.len() <= row {
            self.rows.push(Vec::new());
        }
        &mut self.rows[row]
    }

    /// Whether columns `a..b` of `row` are empty (outside the window
    /// counts as empty).
    pub fn free(&self, row: usize, a: usize, b: usize) -> bool {
        let a = a.max(self.lo);
        let b = b.min(self.hi);
        match self.rows.get(row) {
            None => true,
            Some(r) => (a..b).all(|c| r.get(c - self.lo).is_none_or(Option::is_none)),
        }
    }

    /// Put `ch` at `(row, col)`.
    pub fn put(&mut self, row: usize, col: usize, ch: char, mark: S) {
        if col < self.lo || col >= self.hi {
            return;
        }
        let i = col - self.lo;
        let r = self.row_mut(row);
        if r.len() <= i {
            r.resize(i + 1, None);
        }
        r[i] = Some((ch, mark));
    }

    /// Write ASCII `text` from `(row, col)`.
    pub fn text(&mut self, row: usize, col: usize, text: &str, mark: S) {
        for (i, ch) in text.chars().enumerate() {
            self.put(row, col + i, ch, mark);
        }
    }

    /// An underbrace over columns `a..b` on `row`: `\_/` style, `|` for
    /// one column, `\/` for two (RFC 3986 §3's diagram).
    pub fn brace(&mut self, row: usize, a: usize, b: usize, mark: S) {
        if !self.shows(a, b) {
            self.row_mut(row);
            return;
        }
        match b.saturating_sub(a) {
            0 => {}
            1 => self.put(row, a, '|', mark),
            2 => self.text(row, a, "\\/", mark),
            w => {
                self.put(row, a, '\\', mark);
                for c in (a + 1).max(self.lo)..(a + w - 1).min(self.hi) {
                    self.put(row, c, '_', mark);
                }
                self.put(row, a + w - 1, '/', mark);
            }
        }
    }

    /// Place labels under the marks at their `center` columns, starting at
    /// row `first`: each label goes on the first row where it fits without
    /// touching another (one column apart), and `|` connectors run down
    /// from row `first - 1` to the label. Labels wholly outside the window
    /// are skipped.
    pub fn labels(&mut self, first: usize, items: &[(usize, String, S)]) {
        for (center, text, mark) in items {
            let len = text.chars().count();
            let mut start = center.saturating_sub(len.saturating_sub(1) / 2);
            // A label whose mark is in the window is moved in from its
            // edge rather than cut there (the last label under a URI as
            // wide as the view), one column clear of the edge (a
            // scrollbar stands there); its connector still meets it.
            if (self.lo..self.hi).contains(center) && self.hi - self.lo > len {
                start = start.min(self.hi - len - 1).max(self.lo);
            } else if (self.lo..self.hi).contains(center) && self.hi - self.lo == len {
                start = self.lo;
            }
            if !self.shows(start.min(*center), (start + len).max(center + 1)) {
                continue;
            }
            let mut row = first;
            while !self.free(row, start.saturating_sub(1), start + len + 1) {
                row += 1;
                if row > first + 64 {
                    break;
                }
            }
            self.text(row, start, text, *mark);
            for r in first.saturating_sub(1)..row {
                if self.free(r, *center, center + 1) {
                    self.put(r, *center, '|', *mark);
                }
            }
        }
    }

    /// The components' diagram from row `row`: an underbrace over each
    /// `(first column, end column, name, mark)` and the names below,
    /// centred under their braces, as the explorer's Breakdown draws it.
    pub fn underbraces(&mut self, row: usize, items: &[(usize, usize, &str, S)]) {
        let mut labels = Vec::new();
        for &(c0, c1, name, mark) in items {
            self.brace(row, c0, c1, mark);
            labels.push(((c0 + c1 - 1) / 2, name.to_string(), mark));
        }
        if !labels.is_empty() {
            self.labels(row + 2, &labels);
        }
    }
}

impl<S: Copy> Default for Cells<S> {
    fn default() -> Cells<S> {
        Cells::new()
    }
}
