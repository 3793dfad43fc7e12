//! How user text is shown on a terminal: every grapheme cluster becomes a
//! *glyph* with a safe, visible rendering and a display width.
//!
//! This is the ONE place where byte offsets become display columns
//! ([`Columns`]), so the editor cursor, the colored URI, the underbrace
//! diagram and the carets under findings all line up, with CJK (two
//! columns), emoji and control characters alike.
//!
//! Control characters, bidi controls and zero-width clusters are never
//! written raw: C0 controls become Unicode Control Pictures (`ESC` -> `␛`),
//! DEL becomes `␡`, everything else invisible becomes `<U+XXXX>`.

use std::borrow::Cow;

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

use super::boundary::{all_diacritics, ends_plain, starts_plain};

/// One grapheme cluster of the input as it is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Glyph<'a> {
    /// Byte offset of the cluster in the input.
    pub byte: usize,
    /// Byte length of the cluster in the input.
    pub len: usize,
    /// What is drawn: the cluster itself, or a visible escape.
    pub text: Cow<'a, str>,
    /// Display width of `text` in terminal columns (at least 1).
    pub width: usize,
}

/// Whether `c` must not reach the terminal as is: controls (C0, DEL, C1),
/// the bidi embedding/override/isolate controls that can reorder text, and
/// the invisible format characters ([`is_invisible_format`]).
fn is_hazard(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        || is_invisible_format(c)
}

/// Characters that draw nothing but change how their neighbours are
/// drawn or joined: a terminal (tmux among them) merges a ZWJ into the
/// cell before it, so the screen would show a character sequence that is
/// not the URI's. They are drawn as `<U+XXXX>` like the bidi controls:
/// ZWSP, ZWNJ, ZWJ, word joiner and the invisible operators, BOM, soft
/// hyphen, combining grapheme joiner, the Mongolian free variation
/// selectors and vowel separator, variation selectors, tag characters and
/// the Hangul fillers.
///
/// ```
/// use uriscope::text::{is_invisible_format, visible};
/// assert!(is_invisible_format('\u{200d}') && is_invisible_format('\u{fe0f}'));
/// assert!(!is_invisible_format('a') && !is_invisible_format('\u{301}'));
/// assert_eq!(visible("a\u{200d}b"), "a<U+200D>b");
/// ```
pub fn is_invisible_format(c: char) -> bool {
    matches!(
        c,
        '\u{00ad}'
            | '\u{034f}'
            | '\u{115f}'
            | '\u{1160}'
            | '\u{180b}'..='\u{180f}'
            | '\u{200b}'..='\u{200d}'
            | '\u{2060}'..='\u{2064}'
            | '\u{3164}'
            | '\u{fe00}'..='\u{fe0f}'
            | '\u{feff}'
            | '\u{ffa0}'
            | '\u{e0000}'..='\u{e007f}'
            | '\u{e0100}'..='\u{e01ef}'
    )
}

/// U+2400..U+241F, the picture of each C0 control.
const CONTROL_PICTURES: [&str; 32] = [
    "␀", "␁", "␂", "␃", "␄", "␅", "␆", "␇", "␈", "␉", "␊", "␋", "␌", "␍", "␎", "␏", "␐", "␑", "␒",
    "␓", "␔", "␕", "␖", "␗", "␘", "␙", "␚", "␛", "␜", "␝", "␞", "␟",
];

/// The visible form of one grapheme cluster `g`.
fn render(g: &str) -> Cow<'_, str> {
    if g.len() == 1 {
        let b = g.as_bytes()[0];
        return match b {
            // U+2400 Control Pictures: ␀ ␁ … ␛ … ␟, borrowed from a table
            // (an input of 64 KB of controls allocated one string each).
            0x00..=0x1f => Cow::Borrowed(CONTROL_PICTURES[usize::from(b)]),
            0x7f => Cow::Borrowed("␡"),
            _ => Cow::Borrowed(g),
        };
    }
    if g.chars().any(is_hazard) || g.width() == 0 {
        let char_width = |c: char| UnicodeWidthStr::width(c.encode_utf8(&mut [0; 4]) as &str);
        // Marks on a visible base stay marks (`á` with a ZWJ after it is
        // drawn `á<U+200D>`); with no visible base they are escaped too.
        let has_base = g.chars().any(|c| !is_hazard(c) && char_width(c) > 0);
        let mut out = String::new();
        for c in g.chars() {
            // A C0 control or DEL is its picture in a cluster too (CR LF
            // is one cluster): one notation for it on the screen.
            if let Some(p) = picture(c) {
                out.push_str(p);
            } else if is_hazard(c) || (!has_base && char_width(c) == 0) {
                use std::fmt::Write as _;
                let _ = write!(out, "<U+{:04X}>", c as u32);
            } else {
                out.push(c);
            }
        }
        return Cow::Owned(out);
    }
    Cow::Borrowed(g)
}

/// The picture of a C0 control or DEL (`␍`, `␡`), as one glyph of its own
/// is drawn.
fn picture(c: char) -> Option<&'static str> {
    match c {
        '\0'..='\u{1f}' => Some(CONTROL_PICTURES[c as usize]),
        '\u{7f}' => Some("␡"),
        _ => None,
    }
}

/// The display width of [`render`]`(g)` (at least 1), without building
/// it: what [`Columns`] needs of every cluster of a long text.
fn rendered_width(g: &str) -> usize {
    if g.len() == 1 {
        return 1;
    }
    // Lone diacritical marks: `<U+03XX>` each.
    if all_diacritics(g.as_bytes()) {
        return g.len() / 2 * 8;
    }
    if !(g.chars().any(is_hazard) || g.width() == 0) {
        return g.width().max(1);
    }
    let char_width = |c: char| UnicodeWidthStr::width(c.encode_utf8(&mut [0; 4]) as &str);
    let has_base = g.chars().any(|c| !is_hazard(c) && char_width(c) > 0);
    // Each escape is ASCII, `<U+` four or more hex digits `>`; the runs
    // of characters kept between escapes are measured as strings.
    let (mut w, mut run) = (0, 0);
    for (i, c) in g.char_indices() {
        if picture(c).is_some() {
            w += g[run..i].width() + 1;
            run = i + c.len_utf8();
        } else if is_hazard(c) || (!has_base && char_width(c) == 0) {
            w += g[run..i].width();
            let digits = (32 - (c as u32).leading_zeros()).div_ceil(4).max(4) as usize;
            w += 4 + digits;
            run = i + c.len_utf8();
        }
    }
    (w + g[run..].width()).max(1)
}

/// The longest glyph, in bytes: a grapheme cluster longer than this is
/// drawn, measured and stepped over by the cursor in pieces of at most
/// this many bytes (cut on a character boundary; what follows a cut is
/// segmented as if a text started there). Unicode's stream-safe format
/// (UAX #15) allows 30 combining marks in a row, 31 code points or 124
/// bytes; only Zalgo text or a hostile paste goes past it, and a paste of
/// 64 KB of lone combining marks, one cluster, was segmented and escaped
/// whole by every line of every frame that showed its first glyph.
///
/// ```
/// use uriscope::text::{glyphs, MAX_GLYPH};
/// let zalgo = format!("e{}", "\u{301}".repeat(100));
/// let g: Vec<_> = glyphs(&zalgo).collect();
/// assert!(g.len() > 1 && g.iter().all(|g| g.len <= MAX_GLYPH));
/// assert_eq!(g[0].width, 1); // the base with its first marks
/// assert!(g[1].text.starts_with("<U+0301>")); // then marks with no base
/// ```
pub const MAX_GLYPH: usize = 128;

/// How many bytes are segmented at a time: more than [`MAX_GLYPH`] and
/// the three bytes a cut to a character boundary may take off, so a
/// window always yields a glyph; little more, as a cluster cut into
/// pieces is segmented a window for each piece.
const WINDOW: usize = MAX_GLYPH + 8;

/// The glyphs of `s`, in order.
///
/// ```
/// use uriscope::text::glyphs;
/// let g: Vec<_> = glyphs("a\u{1b}例").map(|g| (g.byte, g.text.into_owned(), g.width)).collect();
/// assert_eq!(g, [(0, "a".into(), 1), (1, "␛".into(), 1), (2, "例".into(), 2)]);
/// ```
pub fn glyphs(s: &str) -> Glyphs<'_> {
    Glyphs(clusters(s))
}

fn clusters(s: &str) -> Clusters<'_> {
    clusters_at(s, 0)
}

/// The clusters of `s` from byte `pos` on, `pos` a cluster boundary (or
/// a cut): what the whole text's clusters are after it.
pub(super) fn clusters_at(s: &str, pos: usize) -> Clusters<'_> {
    Clusters {
        s,
        pos,
        chunk: None,
    }
}

/// Whether `b` is printable ASCII (a space up to `~`).
fn printable(b: u8) -> bool {
    (0x20..0x7f).contains(&b)
}

/// The largest character boundary of `s` at or below `i`.
pub(crate) fn floor_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The glyph of the cluster (or piece) `g` at byte `byte`.
fn glyph(byte: usize, g: &str) -> Glyph<'_> {
    if g.len() == 1 && printable(g.as_bytes()[0]) {
        return Glyph {
            byte,
            len: 1,
            text: Cow::Borrowed(g),
            width: 1,
        };
    }
    let text = render(g);
    let width = text.width().max(1);
    Glyph {
        byte,
        len: g.len(),
        text,
        width,
    }
}

/// The iterator of [`glyphs`]: the clusters, each drawn.
#[derive(Clone, Debug)]
pub struct Glyphs<'a>(Clusters<'a>);

impl<'a> Iterator for Glyphs<'a> {
    type Item = Glyph<'a>;

    fn next(&mut self) -> Option<Glyph<'a>> {
        self.0.next().map(|(byte, g)| glyph(byte, g))
    }
}

/// The grapheme clusters of a text with their offsets (cut at
/// [`MAX_GLYPH`] bytes), before they are drawn.
///
/// Printable ASCII needs no segmentation tables: between two printable
/// ASCII characters there is always a cluster boundary (UAX #29 GB999; no
/// rule joins them), and such a character followed by another is a
/// cluster of its own. Only the stretches in between (non-ASCII text,
/// controls, and the ASCII character just before them, which a combining
/// mark may extend) go through the grapheme segmenter, a window of at
/// most [`WINDOW`] bytes at a time. Each window starts on a true boundary
/// and every boundary inside it is one of the whole string (a UAX #29
/// rule looks at one character after a boundary and any number before),
/// so the clusters are those of the whole string; only the last cluster of
/// a window cut short may go on past it, and is segmented again from its
/// start. A cluster over [`MAX_GLYPH`] bytes is cut. Each cluster costs
/// what it covers, however long the text.
#[derive(Clone, Debug)]
pub(super) struct Clusters<'a> {
    s: &'a str,
    /// Where the next window starts (a cluster boundary, or a cut).
    pos: usize,
    /// The window being segmented: its offset in `s`, the clusters, its
    /// end, and whether the stretch goes on past that end.
    chunk: Option<(
        usize,
        unicode_segmentation::GraphemeIndices<'a>,
        usize,
        bool,
    )>,
}

impl<'a> Iterator for Clusters<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        if let Some((off, it, end, cut)) = &mut self.chunk {
            if let Some((i, g)) = it.next() {
                let byte = *off + i;
                if g.len() > MAX_GLYPH {
                    let piece = floor_boundary(g, MAX_GLYPH);
                    self.pos = byte + piece;
                    self.chunk = None;
                    return Some((byte, &g[..piece]));
                }
                if *cut && byte + g.len() == *end {
                    // It may go on past the window: segment from its start.
                    self.pos = byte;
                    self.chunk = None;
                } else {
                    return Some((byte, g));
                }
            } else {
                self.chunk = None;
            }
        }
        let b = self.s.as_bytes();
        let at = self.pos;
        if at >= b.len() {
            return None;
        }
        // Before any ASCII byte there is a boundary (GB999; GB5 before a
        // control).
        if printable(b[at])
            && b.get(at + 1)
                .is_none_or(|&n| n.is_ascii() || starts_plain(&b[at + 1..]))
        {
            self.pos = at + 1;
            return Some((at, &self.s[at..at + 1]));
        }
        // An ASCII control is a cluster of its own (UAX #29 GB4, GB5),
        // CR LF one together (GB3): no table needed for a paste of them.
        if b[at].is_ascii_control() {
            let len = if b[at] == b'\r' && b.get(at + 1) == Some(&b'\n') {
                2
            } else {
                1
            };
            self.pos = at + len;
            return Some((at, &self.s[at..at + len]));
        }
        // A run of combining diacritical marks (U+0300..U+036F, all
        // Grapheme_Cluster_Break=Extend: no rule breaks before one) belongs
        // to the cluster that starts here; a run of MAX_GLYPH bytes is a
        // piece without the segmenter (Zalgo text, a paste of lone marks).
        if at + MAX_GLYPH <= b.len() && all_diacritics(&b[at..at + MAX_GLYPH]) {
            self.pos = at + MAX_GLYPH;
            return Some((at, &self.s[at..at + MAX_GLYPH]));
        }
        // The stretch ends at the first sure boundary before a printable
        // ASCII character (a char boundary); the window there, or after
        // WINDOW bytes.
        let limit = floor_boundary(self.s, (at + WINDOW).min(b.len()));
        let (end, cut) = match (at + 1..limit).find(|&q| printable(b[q]) && ends_plain(&b[..q])) {
            Some(q) => (q, false),
            None => (limit, limit < b.len()),
        };
        self.pos = end;
        if !cut
            && end - at <= MAX_GLYPH
            && (self.s[at..end].chars().nth(1).is_none()
                || printable(b[at]) && all_diacritics(&b[at + 1..end]))
        {
            // One character between two boundaries, or a printable base
            // and diacritical marks (Extend: GB9): one cluster.
            return Some((at, &self.s[at..end]));
        }
        self.chunk = Some((at, self.s[at..end].grapheme_indices(true), end, cut));
        self.next()
    }
}

/// `s` as drawn: every glyph's visible text, concatenated.
///
/// ```
/// assert_eq!(uriscope::text::visible("a\u{1b}[1mb\u{202e}"), "a␛[1mb<U+202E>");
/// ```
pub fn visible(s: &str) -> Cow<'_, str> {
    if !s.chars().any(|c| is_hazard(c) || !c.is_ascii()) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    for g in glyphs(s) {
        out.push_str(&g.text);
    }
    Cow::Owned(out)
}

/// Display width of `s` as drawn (see [`glyphs`]).
pub fn width(s: &str) -> usize {
    if s.bytes().all(printable) {
        return s.len();
    }
    glyphs(s).map(|g| g.width).sum()
}

/// Byte offset -> display column for one input: the single helper every
/// span-to-column conversion goes through.
///
/// Most glyphs are one byte drawn in one column (printable ASCII, and a
/// control drawn as its one-column picture): for those, a byte's column
/// follows from the last glyph of another size before it. Only those
/// other glyphs are kept (16 bytes each), so the map of a 7 MB paste of
/// ASCII with a few odd characters is a few entries, not a pair for
/// every byte (over a hundred megabytes).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Columns {
    /// Every glyph that is not one byte wide in one column, ascending.
    pub(super) odd: Vec<Odd>,
    pub(super) len: usize,
    pub(super) total: usize,
    /// Whether every byte is printable ASCII (a byte a glyph a column,
    /// drawn as it is).
    pub(super) printable: bool,
}

/// A glyph of [`Columns`] whose bytes and columns differ in number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Odd {
    pub(super) byte: u32,
    pub(super) len: u32,
    pub(super) col: u32,
    pub(super) width: u32,
}

impl Columns {
    /// The column map of `s`.
    ///
    /// ```
    /// use uriscope::text::Columns;
    /// let c = Columns::new("//例え/x");
    /// assert_eq!(c.col(2), 2); // 例
    /// assert_eq!(c.col(5), 4); // え
    /// assert_eq!(c.col(8), 6); // /
    /// assert_eq!(c.width(), 8);
    /// ```
    pub fn new(s: &str) -> Columns {
        if s.bytes().all(printable) {
            return Columns {
                odd: Vec::new(),
                len: s.len(),
                total: s.len(),
                printable: true,
            };
        }
        // Offsets past 4 GiB saturate (no explorer holds such a text).
        let n = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
        let b = s.as_bytes();
        let mut odd = Vec::new();
        let (mut pos, mut col) = (0, 0);
        while pos < b.len() {
            // A run of ASCII bytes without a CR (which may pair with an LF):
            // each byte one glyph one column wide (a control is drawn as
            // its picture), with a boundary after each (UAX #29 GB4, GB5,
            // GB999); only the last, which a mark may extend, is left to
            // the segmenter.
            let run = b[pos..]
                .iter()
                .position(|&c| !c.is_ascii() || c == b'\r')
                .unwrap_or(b.len() - pos);
            let plain = if pos + run == b.len() {
                run
            } else {
                run.saturating_sub(1)
            };
            if plain > 0 {
                pos += plain;
                col += plain;
                continue;
            }
            let Some((byte, g)) = clusters_at(s, pos).next() else {
                break;
            };
            let width = rendered_width(g);
            if g.len() != 1 || width != 1 {
                odd.push(Odd {
                    byte: n(byte),
                    len: n(g.len()),
                    col: n(col),
                    width: n(width),
                });
            }
            col += width;
            pos = byte + g.len();
        }
        Columns {
            odd,
            len: s.len(),
            total: col,
            printable: false,
        }
    }

    /// Whether every byte of the text is printable ASCII: each is a glyph
    /// one column wide, drawn as it is, so a window of the text is a slice
    /// of it (the input line of a 10 MB paste scrolled to its end is not
    /// scanned to know it).
    pub fn is_printable_ascii(&self) -> bool {
        self.printable
    }

    /// The column where byte `byte` is drawn; an offset inside a cluster
    /// maps to the cluster's column; `len` (and beyond) maps to the end.
    pub fn col(&self, byte: usize) -> usize {
        if byte >= self.len {
            return self.total;
        }
        let at = self.odd.partition_point(|o| o.byte as usize <= byte);
        let Some(o) = at.checked_sub(1).map(|i| self.odd[i]) else {
            // Only one-byte, one-column glyphs before it.
            return byte;
        };
        let end = o.byte as usize + o.len as usize;
        if byte < end {
            o.col as usize
        } else {
            // One column a byte since the end of that glyph.
            o.col as usize + o.width as usize + (byte - end)
        }
    }

    /// The columns `start..end` a byte span covers (at least one column
    /// wide when the span is empty, so a caret can point at it).
    pub fn cols(&self, start: usize, end: usize) -> (usize, usize) {
        let a = self.col(start);
        let b = self.col(end).max(a + 1);
        (a, b)
    }

    /// Total display width.
    pub fn width(&self) -> usize {
        self.total
    }

    /// Where the glyph holding byte `byte` ends: the next place a cursor
    /// can stop (`None` at the end).
    ///
    /// ```
    /// use uriscope::text::Columns;
    /// let c = Columns::new("a例e\u{301}");
    /// assert_eq!(c.next_boundary(0), Some(1));
    /// assert_eq!(c.next_boundary(1), Some(4));
    /// assert_eq!(c.next_boundary(4), Some(7));
    /// assert_eq!(c.next_boundary(7), None);
    /// ```
    pub fn next_boundary(&self, byte: usize) -> Option<usize> {
        if byte >= self.len {
            return None;
        }
        match self.odd_holding(byte) {
            Some(o) => Some(o.byte as usize + o.len as usize),
            None => Some(byte + 1),
        }
    }

    /// Where the glyph before byte `byte` starts: the previous place a
    /// cursor can stop (`None` at the start).
    ///
    /// ```
    /// use uriscope::text::Columns;
    /// let c = Columns::new("a例e\u{301}");
    /// assert_eq!(c.prev_boundary(7), Some(4));
    /// assert_eq!(c.prev_boundary(4), Some(1));
    /// assert_eq!(c.prev_boundary(1), Some(0));
    /// assert_eq!(c.prev_boundary(0), None);
    /// ```
    pub fn prev_boundary(&self, byte: usize) -> Option<usize> {
        let before = byte.min(self.len).checked_sub(1)?;
        match self.odd_holding(before) {
            Some(o) => Some(o.byte as usize),
            None => Some(before),
        }
    }

    /// The first byte of the glyph that holds byte `byte` (`byte` itself
    /// at a glyph boundary or past the end).
    ///
    /// ```
    /// use uriscope::text::Columns;
    /// let c = Columns::new("a例b");
    /// assert_eq!((c.glyph_start(2), c.glyph_start(4), c.glyph_start(5)), (1, 4, 5));
    /// ```
    pub fn glyph_start(&self, byte: usize) -> usize {
        if byte >= self.len {
            return byte;
        }
        self.odd_holding(byte).map_or(byte, |o| o.byte as usize)
    }

    /// The odd glyph that holds byte `byte`, if one does.
    fn odd_holding(&self, byte: usize) -> Option<Odd> {
        let at = self.odd.partition_point(|o| o.byte as usize <= byte);
        let o = self.odd[at.checked_sub(1)?];
        (byte < o.byte as usize + o.len as usize).then_some(o)
    }

    /// The glyph drawn at column `col`: its first byte and its first
    /// column (before `col` when a wide glyph covers it). Past the end:
    /// the text's length and width. For drawing from a scroll position
    /// without segmenting the text before it.
    ///
    /// ```
    /// use uriscope::text::Columns;
    /// let c = Columns::new("ab例x");
    /// assert_eq!(c.glyph_at(1), (1, 1));
    /// assert_eq!(c.glyph_at(3), (2, 2)); // inside 例 (columns 2 and 3)
    /// assert_eq!(c.glyph_at(4), (5, 4)); // x
    /// assert_eq!(c.glyph_at(9), (6, 5));
    /// ```
    pub fn glyph_at(&self, col: usize) -> (usize, usize) {
        if col >= self.total {
            return (self.len, self.total);
        }
        let at = self.odd.partition_point(|o| o.col as usize <= col);
        let Some(o) = at.checked_sub(1).map(|i| self.odd[i]) else {
            // Only one-byte, one-column glyphs before it.
            return (col, col);
        };
        let (start, end_col) = (o.col as usize, o.col as usize + o.width as usize);
        if col < end_col {
            return (o.byte as usize, start);
        }
        // One byte a column since the end of that glyph.
        let end_byte = o.byte as usize + o.len as usize;
        (end_byte + (col - end_col), col)
    }
}

/// The start of `s` that draws at least `cols` columns, cut after a
/// glyph (all of `s` when it is narrower): all that a line fitted to
/// `cols - 1` columns or fewer can show of it. For building a line from
/// pieces of a long text and fitting the line afterwards, at the cost of
/// what shows.
///
/// ```
/// use uriscope::text::{clip, fit, visible};
/// let long = "\u{1b}".repeat(10_000);
/// assert_eq!(clip(&long, 3), "\u{1b}\u{1b}\u{1b}");
/// assert_eq!(clip("ab", 5), "ab");
/// let line = |t: &str| fit(&format!("path \"{}\"", visible(t)), 12).into_owned();
/// assert_eq!(line(clip(&long, 12)), line(&long));
/// ```
pub fn clip(s: &str, cols: usize) -> &str {
    if s.len() <= cols {
        return s;
    }
    let mut w = 0;
    for g in glyphs(s) {
        w += g.width;
        if w >= cols {
            return &s[..g.byte + g.len];
        }
    }
    s
}

/// `s` as drawn (see [`visible`]) and cut to at most `max` columns,
/// ending with `…` when something was cut. Looks at no more of `s` than
/// it shows, so it is cheap on a 64 KB input.
///
/// ```
/// use uriscope::text::fit;
/// assert_eq!(fit("abcdef", 4), "abc…");
/// assert_eq!(fit("a\u{1b}b", 8), "a␛b");
/// ```
pub fn fit(s: &str, max: usize) -> Cow<'_, str> {
    // Printable ASCII up to one byte past the cut decides it (no cluster
    // joins two printable ASCII characters): a 10 MB value is not scanned
    // to show 80 columns of it.
    let probe = &s.as_bytes()[..s.len().min(max.saturating_add(1))];
    if probe.iter().all(|b| (0x20..0x7f).contains(b)) {
        if s.len() <= max {
            return Cow::Borrowed(s);
        }
        if max == 0 {
            return Cow::Borrowed("");
        }
        let mut out = s[..max - 1].to_string();
        out.push('…');
        return Cow::Owned(out);
    }
    let mut out = String::new();
    let mut w = 0;
    // Byte length of `out` when it last fitted in `max - 1` columns.
    let mut cut = 0;
    for g in glyphs(s) {
        if w + g.width <= max.saturating_sub(1) {
            cut = out.len() + g.text.len();
        }
        w += g.width;
        if w > max {
            out.truncate(cut);
            if max > 0 {
                out.push('…');
            }
            return Cow::Owned(out);
        }
        out.push_str(&g.text);
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{glyph_after, glyph_before, glyph_start_at};
    use proptest::prelude::*;

    #[test]
    fn fit_decides_an_ascii_head_without_the_tail() {
        // A mark right after the last column joins the character before.
        assert_eq!(fit("aaa\u{301}", 3), "aaa\u{301}");
        assert_eq!(fit("aaaa\u{301}", 3), "aa…");
        assert_eq!(fit("abcd\u{1b}", 3), "ab…");
        assert_eq!(fit("abc\u{1b}", 3), "ab…");
        assert_eq!(fit("ab\u{1b}", 3), "ab␛");
        assert_eq!(fit(&"x".repeat(1 << 20), 4), "xxx…");
    }

    proptest! {
        /// The ASCII shortcut gives what walking the glyphs gives.
        #[test]
        fn fit_is_the_glyph_walk(s in "[a-c ]{0,6}(\u{301}|\u{1b}|例|\r\n)?[a-c]{0,3}", max in 0usize..10) {
            let mut walked = String::new();
            let mut w = 0;
            let mut cut = 0;
            for g in glyphs(&s) {
                if w + g.width <= max.saturating_sub(1) {
                    cut = walked.len() + g.text.len();
                }
                w += g.width;
                if w > max {
                    walked.truncate(cut);
                    if max > 0 {
                        walked.push('…');
                    }
                    break;
                }
                walked.push_str(&g.text);
            }
            let got = fit(&s, max);
            prop_assert_eq!(got.as_ref(), walked.as_str());
        }
    }

    #[test]
    fn control_pictures_are_u2400_on() {
        for (b, pic) in CONTROL_PICTURES.iter().enumerate() {
            assert_eq!(pic.chars().next(), char::from_u32(0x2400 + b as u32));
        }
    }

    /// Characters that take part in cluster rules next to ASCII: CR LF,
    /// controls, combining and spacing marks, Prepend, ZWJ sequences,
    /// regional indicators, Hangul jamo, variation selectors, bidi controls.
    const TRICKY: &[char] = &[
        'a',
        ' ',
        '~',
        '/',
        '\r',
        '\n',
        '\t',
        '\u{1b}',
        '\u{7f}',
        '\u{85}',
        '\u{301}',
        '\u{903}',
        '\u{600}',
        '\u{200d}',
        '\u{1f469}',
        '\u{1f1fa}',
        '\u{1f1f8}',
        '\u{1100}',
        '\u{ac00}',
        '\u{11a8}',
        '\u{fe0f}',
        '\u{202e}',
        '\u{200b}',
        '例',
        '§',
    ];

    /// The grapheme clusters of `s`, each segmented from the string's
    /// rest, those over MAX_GLYPH bytes cut (the slow, obvious way).
    fn reference(s: &str) -> Vec<Glyph<'_>> {
        let mut out = Vec::new();
        let mut pos = 0;
        while let Some(g) = s[pos..].graphemes(true).next() {
            let g = &g[..floor_boundary(g, MAX_GLYPH.min(g.len()))];
            out.push(glyph(pos, g));
            pos += g.len();
        }
        out
    }

    proptest! {
        #[test]
        fn glyphs_are_the_grapheme_clusters(
            chars in prop::collection::vec(prop::sample::select(TRICKY), 0..40)
        ) {
            let s: String = chars.into_iter().collect();
            prop_assert_eq!(glyphs(&s).collect::<Vec<_>>(), reference(&s));
        }

        /// The width Columns measures is the width of what is drawn.
        #[test]
        fn rendered_width_is_the_width_of_the_rendering(
            chars in prop::collection::vec(prop::sample::select(TRICKY), 0..12)
        ) {
            let s: String = chars.into_iter().collect();
            for (_, g) in clusters(&s) {
                prop_assert_eq!(rendered_width(g), render(g).width().max(1), "{:?}", g);
            }
        }

        #[test]
        fn rendered_width_of_any_text(s in any::<String>()) {
            for (_, g) in clusters(&s) {
                prop_assert_eq!(rendered_width(g), render(g).width().max(1), "{:?}", g);
            }
        }

        /// Long clusters and long stretches: cuts and windows.
        #[test]
        fn glyphs_of_long_clusters_are_cut_clusters(
            s in "(e|\u{301}{0,90}|\u{200d}\u{1f469}|例{0,400}|a ){0,8}",
        ) {
            prop_assert_eq!(glyphs(&s).collect::<Vec<_>>(), reference(&s));
        }

        #[test]
        fn glyphs_of_any_text_are_the_grapheme_clusters(s in any::<String>()) {
            prop_assert_eq!(glyphs(&s).collect::<Vec<_>>(), reference(&s));
        }

        /// The compact map gives every byte the column of the naive one:
        /// a `(byte, column)` pair for every glyph start.
        #[test]
        fn glyph_at_finds_the_glyph_of_every_column(
            s in "([a-z]{0,3}|例|😀|e\u{301}|\u{1b}|\u{200d}|\u{301}| |\r|\n|\t|\u{7}|\u{7f}){0,12}",
        ) {
            let c = Columns::new(&s);
            let mut col = 0;
            for g in glyphs(&s) {
                for k in col..col + g.width {
                    prop_assert_eq!(c.glyph_at(k), (g.byte, col), "{:?} column {}", s, k);
                }
                col += g.width;
            }
            prop_assert_eq!(c.glyph_at(col), (s.len(), col));
        }

        /// The map of any text (and of ASCII with controls, CR LF and
        /// marks, which skip the segmenter) puts every glyph at the sum of
        /// the widths before it.
        #[test]
        fn columns_are_the_running_widths_of_the_glyphs(
            s in prop_oneof![any::<String>(), "([a-z/]{0,3}|\r\n|\r|\n|\t|\u{1b}|\u{7f}|\u{301}|例){0,16}"],
        ) {
            let c = Columns::new(&s);
            let mut col = 0;
            for g in glyphs(&s) {
                prop_assert_eq!(c.col(g.byte), col, "byte {} of {:?}", g.byte, s);
                col += g.width;
            }
            prop_assert_eq!(c.width(), col, "{:?}", s);
        }

        /// The local steps agree with the map's wherever they answer.
        #[test]
        fn local_steps_agree_with_the_map(
            s in "([a-z/ ]{0,3}|例|😀|e\u{301}|\u{1b}|\r\n|\n|\u{200d}|\u{202e}|\u{feff}|\u{301}{0,70}|\u{600}|\u{a960}가|ü|©|®|\u{fffd}|\u{1100}|\u{11a8}|\u{1f1fa}|\u{94d}|\u{915}|😀\u{fe0f}|\u{200d}😀|\u{1f3fb}|\u{9f600}\u{fe0f}|\u{110bd}|\u{11000}|\u{1d165}|\u{e0100}|\u{483}|\u{20000}|\u{1f1e6}{2}){0,12}",
        ) {
            let c = Columns::new(&s);
            let starts: Vec<usize> = glyphs(&s).map(|g| g.byte).chain([s.len()]).collect();
            for &at in &starts {
                prop_assert_eq!(glyph_after(&s, at), c.next_boundary(at), "after {} in {:?}", at, s);
                if let Some(p) = glyph_before(&s, at) {
                    prop_assert_eq!(Some(p), c.prev_boundary(at), "before {} in {:?}", at, s);
                }
            }
            for at in 0..=s.len() {
                if let Some(p) = glyph_start_at(&s, at) {
                    prop_assert_eq!(p, c.glyph_start(at), "start at {} in {:?}", at, s);
                }
            }
        }

        /// The same on any text: the segmenter's own answer where the byte
        /// patterns have none.
        #[test]
        fn local_steps_agree_with_the_map_on_any_text(s in any::<String>()) {
            let c = Columns::new(&s);
            let starts: Vec<usize> = glyphs(&s).map(|g| g.byte).chain([s.len()]).collect();
            for &at in &starts {
                if let Some(p) = glyph_before(&s, at) {
                    prop_assert_eq!(Some(p), c.prev_boundary(at), "before {} in {:?}", at, s);
                }
            }
            for at in (0..=s.len()).filter(|&i| s.is_char_boundary(i)) {
                if let Some(p) = glyph_start_at(&s, at) {
                    prop_assert_eq!(p, c.glyph_start(at), "start at {} in {:?}", at, s);
                }
            }
        }

        /// Stepping by boundaries visits the glyph starts, both ways.
        #[test]
        fn boundaries_step_glyph_by_glyph(
            s in "([a-z]{0,3}|例|😀|e\u{301}|\u{1b}|\u{200d}|\u{301}{0,70}| ){0,10}",
        ) {
            let c = Columns::new(&s);
            let starts: Vec<usize> = glyphs(&s).map(|g| g.byte).chain([s.len()]).collect();
            let mut forward = vec![0];
            while let Some(n) = c.next_boundary(*forward.last().unwrap_or(&0)) {
                forward.push(n);
            }
            prop_assert_eq!(&forward, &starts);
            let mut back = vec![s.len()];
            while let Some(p) = c.prev_boundary(*back.last().unwrap_or(&0)) {
                back.push(p);
            }
            back.reverse();
            prop_assert_eq!(&back, &starts);
        }

        #[test]
        fn columns_equal_the_map_of_every_glyph(
            chars in prop::collection::vec(prop::sample::select(TRICKY), 0..60)
        ) {
            let s: String = chars.into_iter().collect();
            let starts: Vec<(usize, usize)> = glyphs(&s)
                .scan(0, |col, g| {
                    let at = (g.byte, *col);
                    *col += g.width;
                    Some(at)
                })
                .collect();
            let total: usize = glyphs(&s).map(|g| g.width).sum();
            let naive = |b: usize| -> usize {
                if b >= s.len() {
                    return total;
                }
                starts.iter().rev().find(|&&(gb, _)| gb <= b).map_or(0, |&(_, c)| c)
            };
            let c = Columns::new(&s);
            prop_assert_eq!(c.width(), total);
            for b in 0..=s.len() + 1 {
                prop_assert_eq!(c.col(b), naive(b), "byte {} of {:?}", b, s);
            }
        }
    }

    #[test]
    fn a_long_cluster_is_cut_into_pieces() {
        // 64 KB of lone marks, one cluster: glyphs of at most MAX_GLYPH
        // bytes, each escaped mark by mark, covering the whole text.
        let marks = "\u{301}".repeat(32 * 1024);
        let g: Vec<_> = glyphs(&marks).collect();
        assert_eq!(g.len(), marks.len() / (MAX_GLYPH / 2 * 2));
        let mut at = 0;
        for x in &g {
            assert_eq!(x.byte, at);
            assert_eq!(x.text, "<U+0301>".repeat(x.len / 2));
            at += x.len;
        }
        assert_eq!(at, marks.len());
        // A base and 200 marks: the base keeps the marks of its piece.
        let zalgo = format!("x{}y", "\u{301}".repeat(200));
        let g: Vec<_> = glyphs(&zalgo).collect();
        assert!(g[0].text.starts_with('x') && !g[0].text.contains('<'));
        assert_eq!(g.last().map(|g| g.text.as_ref()), Some("y"));
        assert_eq!(g, reference(&zalgo));
        // Marks after a control start a cluster of their own; marks
        // outside U+0300..U+036F go through the segmenter: the same pieces.
        for s in [
            format!("\u{1b}{}", "\u{301}".repeat(300)),
            format!("a{}b", "\u{618}".repeat(300)),
            format!("{}\u{618}{}", "\u{301}".repeat(70), "\u{301}".repeat(70)),
        ] {
            assert_eq!(glyphs(&s).collect::<Vec<_>>(), reference(&s));
        }
        // A window cut in the middle of a short cluster finds it whole.
        let mixed = format!("{}e\u{301}\u{302}", "例".repeat(WINDOW / 3));
        assert_eq!(glyphs(&mixed).collect::<Vec<_>>(), reference(&mixed));
        assert_eq!(glyphs(&mixed).last().map(|g| g.len), Some(5));
    }

    #[test]
    fn columns_of_cjk_and_emoji() {
        let s = "http://例.jp/😀?q";
        let c = Columns::new(s);
        assert_eq!(c.col(7), 7);
        assert_eq!(c.col(10), 9); // '.' after the 2-wide 例
        assert_eq!(c.col(13), 12); // '/'
        assert_eq!(c.col(14), 13); // 😀
        assert_eq!(c.col(18), 15); // '?'
        assert_eq!(c.width(), 17);
        assert_eq!(c.col(8), 7); // inside 例 -> its column
    }

    #[test]
    fn controls_are_visible_and_one_column() {
        let s = "a\u{1b}[31m\u{7f}\u{85}";
        let v = visible(s);
        assert!(!v.chars().any(char::is_control), "{v:?}");
        assert_eq!(v, "a␛[31m␡<U+0085>");
        assert_eq!(width(s), v.chars().count());
    }

    #[test]
    fn zero_width_clusters_are_shown() {
        assert_eq!(visible("a\u{200b}b"), "a<U+200B>b");
        assert_eq!(visible("\u{301}x"), "<U+0301>x");
        assert_eq!(visible("e\u{301}"), "e\u{301}"); // a combining mark on a base stays
    }

    #[test]
    fn fit_cuts_by_columns() {
        assert_eq!(fit("abcdef", 4), "abc…");
        assert_eq!(fit("例例例", 4), "例…");
        assert_eq!(fit("ab", 4), "ab");
        assert_eq!(fit("例例", 4), "例例");
        assert_eq!(fit("例例x", 4), "例…");
        assert_eq!(fit("a\u{1b}", 2), "a␛");
        assert_eq!(fit("abc", 0), "");
    }
}
