//! Plain text for the CLI's output (a terminal, a pipe, a file): user
//! text with control, bidi and invisible format characters written as
//! Rust-style escapes (`\x1b`, `\t`, `\u{202e}`), which survive a copy
//! and paste and can be typed back.

/// Text from the user made safe to print on a terminal: control characters
/// (C0, DEL, C1), bidirectional formatting characters (RFC 3987 §4.1,
/// the "Trojan Source" reordering) and every other character that draws
/// nothing ([`crate::uri::iri::is_invisible`]: format characters, line
/// and paragraph separators, variation selectors…) become visible escapes
/// such as `\x1b`, `\t`, `\u{9b}`, `\u{202e}`, `\u{2028}`.
///
/// ```
/// assert_eq!(uriscope::text::plain::visible("a\u{1b}[31mb"), "a\\x1b[31mb");
/// ```
pub fn visible(s: &str) -> std::borrow::Cow<'_, str> {
    let Some(first) = first_unsafe(s) else {
        return std::borrow::Cow::Borrowed(s);
    };
    let mut out = String::with_capacity(s.len() + 8);
    out.push_str(&s[..first]);
    let mut buf = [0u8; ESCAPE_MAX];
    for c in s[first..].chars() {
        if is_unsafe(c) {
            out.push_str(escape(c, &mut buf));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// [`visible`] written to `out` as it is made, without a copy of `s` (a
/// 10 MB line of controls would take 40 MB escaped); returns the display
/// width written (a wide character counts two columns), what a column
/// after it is padded by.
///
/// ```
/// let mut out = Vec::new();
/// let n = uriscope::text::plain::write_visible(&mut out, "a\u{1}é例").unwrap();
/// assert_eq!((out.as_slice(), n), ("a\\x01é例".as_bytes(), 8));
/// ```
pub fn write_visible<W: std::io::Write>(out: &mut W, s: &str) -> std::io::Result<usize> {
    let count = |t: &str| {
        if t.is_ascii() {
            t.len()
        } else {
            unicode_width::UnicodeWidthStr::width(t)
        }
    };
    let mut written = 0;
    let mut rest = s;
    let mut buf = [0u8; ESCAPE_MAX];
    while let Some(i) = first_unsafe(rest) {
        let (safe, tail) = rest.split_at(i);
        let Some(c) = tail.chars().next() else {
            break;
        };
        let e = escape(c, &mut buf);
        out.write_all(safe.as_bytes())?;
        out.write_all(e.as_bytes())?;
        written += count(safe) + e.len();
        rest = &tail[c.len_utf8()..];
    }
    out.write_all(rest.as_bytes())?;
    Ok(written + count(rest))
}

/// The longest escape: `\u{10ffff}`.
const ESCAPE_MAX: usize = 10;

/// The escape [`visible`] writes for an unsafe `c`, made in `buf`.
fn escape(c: char, buf: &mut [u8; ESCAPE_MAX]) -> &str {
    use std::io::Write as _;
    let left = {
        let mut w = &mut buf[..];
        // Each escape fits the buffer: writing cannot fail.
        let _ = match c {
            '\t' => w.write_all(b"\\t"),
            '\n' => w.write_all(b"\\n"),
            '\r' => w.write_all(b"\\r"),
            c if (c as u32) < 0x80 => write!(w, "\\x{:02x}", c as u32),
            c => write!(w, "\\u{{{:x}}}", c as u32),
        };
        w.len()
    };
    std::str::from_utf8(&buf[..ESCAPE_MAX - left]).unwrap_or("")
}

/// Whether [`visible`] escapes `c`: a control character (C0, DEL, C1) or
/// a character that draws nothing ([`crate::uri::iri::is_invisible`], the
/// bidi controls among them).
fn is_unsafe(c: char) -> bool {
    c.is_control() || crate::uri::iri::is_invisible(c)
}

/// The byte offset of the first character [`visible`] escapes. A byte
/// scan: such a character is a C0 control or DEL, or starts with one of
/// the lead bytes [`may_lead_unsafe`] names.
/// Eight bytes at a
/// time are first tested for any byte below 0x20 or from 0x7F up; only a
/// word that has one is looked at byte by byte, and only those lead bytes
/// are decoded (a finding message is mostly ASCII and one `§`).
pub(crate) fn first_unsafe(s: &str) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let b = s.as_bytes();
    let at = |i: usize| match b[i] {
        0x00..=0x1f | 0x7f => true,
        c if may_lead_unsafe(c) => s[i..].chars().next().is_some_and(is_unsafe),
        _ => false,
    };
    let mut i = 0;
    while i + 8 <= b.len() {
        let mut w = [0u8; 8];
        w.copy_from_slice(&b[i..i + 8]);
        let x = u64::from_le_bytes(w);
        // A byte < 0x20 (borrows only add false alarms above it), or a
        // byte >= 0x7F (its high bit, or 0x7F + 1; carries likewise).
        let low = x.wrapping_sub(0x20 * LO) & !x & HI;
        let high = (x | x.wrapping_add(LO)) & HI;
        if low | high != 0 {
            if let Some(k) = (i..i + 8).find(|&k| at(k)) {
                return Some(k);
            }
        }
        i += 8;
    }
    (i..b.len()).find(|&k| at(k))
}

/// Whether a byte may begin a character [`visible`] escapes that is not a
/// C0 control: DEL, or the lead byte 0xC2 (C1 controls, soft hyphen),
/// 0xCD (U+034F), 0xD8 (U+0600..U+0605, U+061C), 0xDB (U+06DD), 0xDC
/// (U+070F), 0xE0 (U+0890, U+0891, U+08E2), 0xE1 (Hangul fillers,
/// Mongolian selectors), 0xE2 (U+200B..U+206F, the line and paragraph
/// separators), 0xE3 (U+3164), 0xEF (variation selectors, BOM, U+FFA0,
/// U+FFF9..U+FFFB), 0xF0 (the format characters of planes 1 and 2) or
/// 0xF3 (tags, U+E0100..). Shared with the JSON escaper, which escapes
/// the same characters.
#[inline]
pub(crate) const fn may_lead_unsafe(b: u8) -> bool {
    matches!(
        b,
        0x7f | 0xc2 | 0xcd | 0xd8 | 0xdb | 0xdc | 0xe0 | 0xe1 | 0xe2 | 0xe3 | 0xef | 0xf0 | 0xf3
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte scan finds exactly the characters `is_unsafe` names, for
    /// every Unicode scalar value, at every offset within an 8-byte word
    /// and in the tail.
    #[test]
    fn first_unsafe_agrees_with_is_unsafe_for_every_char() {
        let mut s = String::new();
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            for pad in [0, 3, 7, 9, 16] {
                s.clear();
                s.extend(std::iter::repeat_n('~', pad));
                s.push(c);
                s.push_str("abcdefgh\u{7e}");
                let expect = is_unsafe(c).then_some(pad);
                assert_eq!(first_unsafe(&s), expect, "U+{:04X} after {pad}", c as u32);
            }
        }
    }

    proptest::proptest! {
        /// Against the plain scan, on text mixing every kind of byte
        /// (mostly printable ASCII, as in real text).
        #[test]
        fn first_unsafe_equals_the_plain_scan(parts in proptest::collection::vec(
            proptest::prop_oneof![
                8 => proptest::strategy::Just("x"),
                1 => proptest::sample::select(&[
                    "~", "§", "\u{85}", "\u{7f}", "\u{1f}", "\u{202e}", "\u{2069}", "例", "ÿ",
                    "\u{61c}", "\u{600}", "\u{2028}", "😀", "\u{110bd}", "\u{8e2}",
                ][..]),
            ],
            0..40,
        )) {
            let s = parts.concat();
            let plain = s.char_indices().find(|&(_, c)| is_unsafe(c)).map(|(i, _)| i);
            proptest::prop_assert_eq!(first_unsafe(&s), plain, "{:?}", s);
        }

        /// Written piece by piece, the text is [`visible`]'s, and the
        /// count is its display width.
        #[test]
        fn write_visible_writes_what_visible_makes(parts in proptest::collection::vec(
            proptest::sample::select(&[
                "x", "~", "\t", "\n", "\r", "\u{7f}", "\u{1f}", "\u{85}", "\u{202e}", "例", "\u{2028}", "😀",
            ][..]),
            0..40,
        )) {
            let s = parts.concat();
            let mut out = Vec::new();
            let n = write_visible(&mut out, &s).unwrap();
            let want = visible(&s);
            proptest::prop_assert_eq!(std::str::from_utf8(&out).unwrap(), &*want);
            proptest::prop_assert_eq!(n, unicode_width::UnicodeWidthStr::width(&*want));
        }
    }

    #[test]
    fn visible_keeps_what_comes_before_the_first_escape() {
        assert_eq!(visible("§ok"), "§ok");
        assert_eq!(visible("§\u{202e}x\u{85}\t"), "§\\u{202e}x\\u{85}\\t");
        assert_eq!(visible("\u{61c}"), "\\u{61c}");
    }
}
