//! Where a grapheme cluster boundary surely lies, from the characters
//! on either side alone (UAX #29's rules, read for the few classes that
//! settle it), so that [`super::screen`] can skip the segmenter and the
//! editor can step next to its cursor without the column map of the whole
//! text. Every rule here is checked against the segmenter by the
//! proptests of `screen.rs`.

use super::screen::clusters_at;

/// Whether the character `b` ends with is surely not Prepend, so that a
/// cluster boundary follows it whenever the next character is one that
/// no other rule of UAX #29 joins to it (printable ASCII, say: not
/// Extend, SpacingMark, ZWJ, LF, a regional indicator, a Hangul jamo or a
/// consonant). The Prepend characters all lie in U+0600..U+0DFF and
/// U+11000..U+11FFF, so: any ASCII character (a control too: GB4 breaks
/// after it), and any character outside those two ranges.
pub(super) fn ends_plain(b: &[u8]) -> bool {
    let n = b.len();
    let Some(&last) = b.last() else {
        return false;
    };
    if last < 0x80 {
        // Printable (GB999) or a control, CR included (GB4).
        return true;
    }
    // The character `b` ends with, decoded from its lead byte on.
    let Some(k) = (2..=4.min(n)).find(|&k| b[n - k] & 0xC0 != 0x80) else {
        return false;
    };
    let tail = |x: u8| u32::from(x & 0x3F);
    let c = &b[n - k..];
    let cp = match k {
        2 => u32::from(c[0] & 0x1F) << 6 | tail(c[1]),
        3 => u32::from(c[0] & 0x0F) << 12 | tail(c[1]) << 6 | tail(c[2]),
        _ => u32::from(c[0] & 0x07) << 18 | tail(c[1]) << 12 | tail(c[2]) << 6 | tail(c[3]),
    };
    !(0x600..0xE00).contains(&cp) && !(0x11000..0x12000).contains(&cp)
}

/// Whether a cluster boundary surely comes before `b` when a printable
/// ASCII character comes first: `b` starts with a character that no
/// rule joins to the one before it (not Extend, SpacingMark or ZWJ):
/// one of U+00A0..U+02FF (Latin, before the combining marks), the CJK
/// ideographs U+4000..U+9FFF or the Hangul syllables U+AC00..U+D79F.
pub(super) fn starts_plain(b: &[u8]) -> bool {
    match b {
        [0xC2, x, ..] => *x >= 0xA0,
        [0xC3..=0xCB, ..] | [0xE4..=0xE9, ..] | [0xEB | 0xEC, ..] => true,
        [0xEA, x, ..] => *x >= 0xB0,
        [0xED, x, ..] => *x < 0x9E,
        _ => false,
    }
}

/// Whether `c` (three bytes of UTF-8) is a format character of
/// Grapheme_Cluster_Break=Control: ZWSP, LRM, RLM, the line and paragraph
/// separators, the bidi embeddings, overrides and isolates, the word
/// joiner and invisible operators, BOM. A boundary comes before and after
/// each (UAX #29 GB4, GB5).
fn is_format_control(c: &[u8]) -> bool {
    matches!(
        c,
        [0xE2, 0x80, 0x8B | 0x8E | 0x8F | 0xA8..=0xAE]
            | [0xE2, 0x81, 0xA0..=0xAF]
            | [0xEF, 0xBB, 0xBF]
    )
}

/// Whether byte `q` of `b` (a text's bytes) is surely a cluster boundary,
/// from the characters on either side alone: the start; a printable
/// ASCII or control character, a format control, or a Latin or CJK letter
/// after a character that is not Prepend ([`ends_plain`]), and anything
/// after a format control. From such a place the clusters finds the
/// glyphs the whole text has after it.
fn sure_boundary(b: &[u8], q: usize) -> bool {
    if q == 0 {
        return true;
    }
    let Some(&next) = b.get(q) else {
        return true;
    };
    if (0x80..0xC0).contains(&next) {
        return false;
    }
    if q >= 3 && is_format_control(&b[q - 3..q]) {
        return true;
    }
    let next_plain = match &b[q..] {
        // LF after CR is no boundary (GB3); other controls have one (GB5).
        [b'\n', ..] => b[q - 1] != b'\r',
        [x, ..] if *x < 0x80 => true,
        // Latin (not the Extended_Pictographic © and ®, which GB11 joins
        // to a ZWJ after an emoji), CJK, U+FFFD.
        [0xC2, x, ..] => *x >= 0xA0 && *x != 0xA9 && *x != 0xAE,
        [0xC3..=0xCB, ..] | [0xE4..=0xE9, ..] | [0xEF, 0xBF, 0xBD, ..] => true,
        // The skin tone modifiers U+1F3FB..U+1F3FF are Extend.
        [0xF0, 0x9F, 0x8F, 0xBB..=0xBF, ..] => false,
        // Another emoji of U+1F300..U+1FAFF (not a regional indicator),
        // unless a ZWJ comes before it (GB11 may join them).
        [0xF0, 0x9F, 0x8C..=0xAB, ..] => q < 3 || b[q - 3..q] != [0xE2, 0x80, 0x8D],
        rest => rest.len() >= 3 && is_format_control(&rest[..3]),
    };
    next_plain && (ends_plain(&b[..q]) || b.get(q..q + 3).is_some_and(is_format_control))
}

/// Whether byte `q` of `s` is a cluster boundary whatever comes before
/// the character ending there, as the segmenter itself decides from the
/// two characters on either side: it asks for more text before them
/// exactly when a rule (GB9c, GB11, GB12, GB13) looks further back, and
/// then `q` is not taken. The slow path of [`sure_boundary`], for the
/// characters its byte patterns do not know (an unassigned plane-9
/// character before a variation selector, say).
fn segmenter_boundary(s: &str, q: usize) -> bool {
    if q == 0 || q >= s.len() || !s.is_char_boundary(q) {
        return q == 0 || q == s.len();
    }
    let start = crate::text::screen::floor_boundary(s, q - 1);
    let end = (q + 1..=s.len())
        .find(|&i| s.is_char_boundary(i))
        .unwrap_or(s.len());
    let mut cursor = unicode_segmentation::GraphemeCursor::new(q, s.len(), true);
    matches!(cursor.is_boundary(&s[start..end], start), Ok(true))
}

/// Whether byte `q` of `s` is surely a cluster boundary: the byte patterns
/// of [`sure_boundary`], then the segmenter on the two characters there.
fn sure_boundary_in(s: &str, q: usize) -> bool {
    sure_boundary(s.as_bytes(), q) || segmenter_boundary(s, q)
}

/// How far back [`glyph_before`] looks for a sure boundary before it
/// asks for the column map of the whole text.
const LOOK_BACK: usize = 4096;

/// Where the glyph before byte `at` (a glyph boundary) of `s` starts, as
/// [`Columns::prev_boundary`](super::Columns::prev_boundary) finds it, from the nearest sure boundary
/// before it: an edit's next step needs no map of the whole text.
/// `None` at the start, or when no sure boundary lies within 4 KB (a
/// paste of 64 KB of lone marks): then the caller asks the map.
pub fn glyph_before(s: &str, at: usize) -> Option<usize> {
    let b = s.as_bytes();
    let at = at.min(b.len());
    if at == 0 {
        return None;
    }
    let floor = at.saturating_sub(LOOK_BACK);
    let mut q = at - 1;
    while !sure_boundary_in(s, q) {
        if q <= floor {
            return None;
        }
        q -= 1;
    }
    let mut last = q;
    let run = clusters_at(s, q);
    for (byte, _) in run {
        if byte >= at {
            break;
        }
        last = byte;
    }
    Some(last)
}

/// The first byte of the glyph of `s` that holds byte `at`, as
/// [`Columns::glyph_start`](super::Columns::glyph_start) finds it, from the nearest sure boundary at or
/// before it; `None` when none lies within 4 KB (then ask the map).
pub fn glyph_start_at(s: &str, at: usize) -> Option<usize> {
    let b = s.as_bytes();
    if at >= b.len() {
        return Some(at);
    }
    let floor = at.saturating_sub(LOOK_BACK);
    let mut q = at;
    while !sure_boundary_in(s, q) {
        if q <= floor {
            return None;
        }
        q -= 1;
    }
    let run = clusters_at(s, q);
    for (byte, g) in run {
        if byte + g.len() > at {
            return Some(byte);
        }
    }
    Some(at)
}

/// Where the glyph at byte `at` (a glyph boundary) of `s` ends, as
/// [`Columns::next_boundary`](super::Columns::next_boundary) finds it (`None` at the end).
pub fn glyph_after(s: &str, at: usize) -> Option<usize> {
    let run = clusters_at(s, at);
    run.take(1)
        .next()
        .map(|(byte, g)| byte + g.len())
        .filter(|_| at < s.len())
}

/// Whether `b` is combining diacritical marks alone, U+0300..U+036F (two
/// bytes each: `CC 80`..`CD AF`; `b` starts on a character of valid UTF-8,
/// so a pair starting `CC` or `CD` is one whole character). Checked pair
/// by pair without stopping early, which the compiler vectorizes.
pub(super) fn all_diacritics(b: &[u8]) -> bool {
    b.len().is_multiple_of(2)
        && b.chunks_exact(2).fold(true, |ok, c| {
            ok & (0xCC80..=0xCDAF).contains(&u16::from_be_bytes([c[0], c[1]]))
        })
}
