//! Byte spans into the parsed input.

use std::ops::Range;

/// A half-open byte range `start..end` into the input a component was parsed from.
///
/// ```
/// use uriscope_core::Span;
/// let s = Span::new(0, 4);
/// assert_eq!(s.slice("http://x"), "http");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Span {
    /// First byte of the span.
    pub start: usize,
    /// One past the last byte of the span.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end` (half-open).
    #[inline]
    #[must_use]
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The empty span at `at`.
    #[inline]
    #[must_use]
    pub const fn empty(at: usize) -> Span {
        Span { start: at, end: at }
    }

    /// Length in bytes.
    #[inline]
    #[must_use]
    pub const fn len(&self) -> usize {
        self.end - self.start
    }

    /// Whether the span covers no byte.
    #[inline]
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.start == self.end
    }

    /// The text the span covers in `input`.
    ///
    /// Panics if the span is out of range or not on char boundaries; spans
    /// produced by this crate for an input always fit that input.
    #[inline]
    #[must_use]
    pub fn slice<'a>(&self, input: &'a str) -> &'a str {
        &input[self.start..self.end]
    }

    /// Whether byte offset `at` lies inside the span.
    #[inline]
    #[must_use]
    pub const fn contains(&self, at: usize) -> bool {
        self.start <= at && at < self.end
    }

    /// The span as a `Range`.
    #[inline]
    #[must_use]
    pub const fn range(&self) -> Range<usize> {
        self.start..self.end
    }
}

impl From<Range<usize>> for Span {
    fn from(r: Range<usize>) -> Span {
        Span::new(r.start, r.end)
    }
}
