//! Bounded text for traces: a buffer recorded on every row of a trace is
//! kept whole when short and elided in the middle when long, so a trace of
//! an n-byte input costs O(n) rather than O(n²) (one row per segment, each
//! row holding a buffer of up to n bytes).

use std::borrow::Cow;

/// Buffers up to this many bytes are recorded whole.
pub const EXCERPT_MAX: usize = 256;

/// Bytes kept at each end of an elided buffer.
const KEEP: usize = 100;

/// Rows recorded per traced loop (RFC 3986 §5.2.4 step 2, RFC 2396 §5.2
/// step 6c and 6e); the rows past it are counted, not stored.
pub const ROW_LIMIT: usize = 1000;

/// `s` whole when at most [`EXCERPT_MAX`] bytes, otherwise its first and last
/// ~100 bytes around a marker naming how many bytes were left out.
///
/// ```
/// use uriscope_core::trace::excerpt;
/// assert_eq!(excerpt("/a/b"), "/a/b");
/// let long = "a/".repeat(500);
/// let e = excerpt(&long);
/// assert!(e.starts_with("a/a/") && e.ends_with("a/a/"));
/// assert!(e.contains("…[800 bytes elided]…"), "{e}");
/// ```
#[must_use]
pub fn excerpt(s: &str) -> Cow<'_, str> {
    if s.len() <= EXCERPT_MAX {
        Cow::Borrowed(s)
    } else {
        Cow::Owned(excerpt_concat(s, ""))
    }
}

/// [`excerpt`] of `a` followed by `b`, without building the concatenation.
///
/// ```
/// use uriscope_core::trace::{excerpt, excerpt_concat};
/// let (a, b) = ("x".repeat(300), "/y".repeat(40));
/// assert_eq!(excerpt_concat(&a, &b), excerpt(&format!("{a}{b}")));
/// assert_eq!(excerpt_concat("/a", "/b"), "/a/b");
/// ```
#[must_use]
pub fn excerpt_concat(a: &str, b: &str) -> String {
    let n = a.len() + b.len();
    if n <= EXCERPT_MAX {
        let mut s = String::with_capacity(n);
        s.push_str(a);
        s.push_str(b);
        return s;
    }
    // The head: the first KEEP bytes of a+b, cut back to a char boundary.
    let mut head = String::with_capacity(2 * KEEP + 32);
    let from_a = floor(a, KEEP.min(a.len()));
    head.push_str(&a[..from_a]);
    let head_len = if from_a == a.len() {
        let from_b = floor(b, KEEP - a.len());
        head.push_str(&b[..from_b]);
        a.len() + from_b
    } else {
        from_a
    };
    // The tail: the last KEEP bytes of a+b, cut forward to a char boundary.
    let mut tail = String::with_capacity(KEEP);
    let tail_len = if b.len() >= KEEP {
        let at = ceil(b, b.len() - KEEP);
        tail.push_str(&b[at..]);
        b.len() - at
    } else {
        let at = ceil(a, a.len() - (KEEP - b.len()));
        tail.push_str(&a[at..]);
        tail.push_str(b);
        a.len() - at + b.len()
    };
    let elided = n - head_len - tail_len;
    head.push_str(&format!("…[{elided} bytes elided]…"));
    head.push_str(&tail);
    head
}

/// The largest char boundary of `s` at or below `at`.
fn floor(s: &str, mut at: usize) -> usize {
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The smallest char boundary of `s` at or above `at`.
fn ceil(s: &str, mut at: usize) -> usize {
    while !s.is_char_boundary(at) {
        at += 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpt_concat_matches_excerpt_of_the_concatenation_at_every_split() {
        let s = format!("{}é{}", "ab/".repeat(40), "€/".repeat(60));
        for k in (0..=s.len()).filter(|&k| s.is_char_boundary(k)) {
            assert_eq!(excerpt_concat(&s[..k], &s[k..]), excerpt(&s), "split {k}");
        }
    }

    #[test]
    fn elided_form_counts_the_bytes_left_out() {
        let s = "x".repeat(1000);
        let e = excerpt(&s);
        assert_eq!(e.matches('x').count(), 200);
        assert!(e.contains("[800 bytes elided]"), "{e}");
        assert_eq!(excerpt(&"y".repeat(EXCERPT_MAX)).len(), EXCERPT_MAX);
    }
}
