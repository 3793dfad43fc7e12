//! One JSON string, written terminal-safe in one pass: the bytes that
//! need nothing are found eight at a time and copied as runs.

use std::io::{self, Write};

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// Whether `c` is written as an escape in a JSON string beyond what
/// JSON itself requires (`"`, `\` and the C0 controls): DEL, the C1
/// controls, and every character that draws nothing
/// ([`crate::uri::iri::is_invisible`]): each format character (Cf, the
/// bidi controls among them), the line and paragraph separators (Zl, Zp:
/// U+2028 ends a line for Python's `splitlines()` and JavaScript's
/// line terminators, and would cut a one-object-a-line output) and the
/// invisible characters of other categories.
pub(super) fn escaped_in_json(c: char) -> bool {
    c == '\u{7f}' || ('\u{80}'..='\u{9f}').contains(&c) || crate::uri::iri::is_invisible(c)
}

/// Whether the byte may begin something that is escaped: `"`, `\`, a C0
/// control, DEL, or the lead byte of a character [`escaped_in_json`] may
/// name ([`crate::text::plain::may_lead_unsafe`]).
#[inline]
fn needs_look(b: u8) -> bool {
    LOOK[usize::from(b)]
}

/// [`needs_look`] for every byte, one load each.
static LOOK: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c < 0x20 || c == b'"' || c == b'\\' || crate::text::plain::may_lead_unsafe(c);
        b += 1;
    }
    t
};

/// Whether any byte of the word is below 0x20, `"`, `\` or from 0x7F up
/// (borrows and carries only add false alarms, never hide a byte).
#[inline(always)]
fn word_may_need(x: u64) -> bool {
    let zero = |v: u64| v.wrapping_sub(LO) & !v & HI;
    let low = x.wrapping_sub(0x20 * LO) & !x;
    let high = x | x.wrapping_add(LO);
    (low | high) & HI != 0 || zero(x ^ (0x22 * LO)) | zero(x ^ (0x5c * LO)) != 0
}

/// The offset of the first byte from `i` on that [`needs_look`] names, or
/// the length of `b`.
#[inline]
fn next_look(b: &[u8], mut i: usize) -> usize {
    while i + 8 <= b.len() {
        let w: [u8; 8] = b[i..i + 8].try_into().expect("eight bytes");
        if word_may_need(u64::from_le_bytes(w)) {
            break;
        }
        i += 8;
    }
    b[i..]
        .iter()
        .position(|&c| needs_look(c))
        .map_or(b.len(), |k| i + k)
}

/// Write `s` as a JSON string, quotes included: serde_json's escapes for
/// `"`, `\` and the C0 controls (`\n`, `\u001b`), and `\uXXXX` (UTF-16,
/// lowercase hex) for every character [`escaped_in_json`] names.
pub(super) fn write_str<W: Write + ?Sized>(w: &mut W, s: &str) -> io::Result<()> {
    w.write_all(b"\"")?;
    write_body(w, s)?;
    w.write_all(b"\"")
}

/// Whether `b` surely holds no byte [`needs_look`] names, read a word at
/// a time (the last word overlapping, a string under eight bytes as two
/// overlapping halves): the keys and most values of a report, copied
/// whole without the byte loop a search for the first such byte ends in.
/// A false alarm only sends a string down the search.
#[inline(always)]
pub(super) fn plain(b: &[u8]) -> bool {
    let n = b.len();
    if let Some(last) = b.last_chunk::<8>() {
        let mut alarm = word_may_need(u64::from_le_bytes(*last));
        let mut i = 0;
        while let Some(w) = b[i..].first_chunk::<8>() {
            alarm |= word_may_need(u64::from_le_bytes(*w));
            i += 8;
        }
        return !alarm;
    }
    match (b.first_chunk::<4>(), b.last_chunk::<4>()) {
        (Some(lo), Some(hi)) => {
            let (lo, hi) = (u32::from_le_bytes(*lo), u32::from_le_bytes(*hi));
            !word_may_need(u64::from(lo) | u64::from(hi) << 32)
        }
        _ => b[..n].iter().all(|&c| !needs_look(c)),
    }
}

/// What [`write_str`] writes between the quotes. Inlined: a report
/// line writes some eighty keys and strings, nearly all plain.
#[inline(always)]
pub(super) fn write_body<W: Write + ?Sized>(w: &mut W, s: &str) -> io::Result<()> {
    if plain(s.as_bytes()) {
        return w.write_all(s.as_bytes());
    }
    write_escaped(w, s)
}

/// [`write_body`] of a string that may need an escape.
#[inline(never)]
fn write_escaped<W: Write + ?Sized>(w: &mut W, s: &str) -> io::Result<()> {
    let b = s.as_bytes();
    let mut start = 0;
    let mut i = 0;
    loop {
        i = next_look(b, i);
        if i == b.len() {
            break;
        }
        let c = b[i];
        if c < 0x80 {
            w.write_all(&b[start..i])?;
            write_ascii_escape(w, c)?;
            i += 1;
            start = i;
            continue;
        }
        // A lead byte that may start an escaped character: decode it.
        let ch = s[i..].chars().next().expect("a char boundary");
        let len = ch.len_utf8();
        if escaped_in_json(ch) {
            w.write_all(&b[start..i])?;
            let mut units = [0u16; 2];
            for u in ch.encode_utf16(&mut units) {
                write_unit(w, *u)?;
            }
            start = i + len;
        }
        i += len;
    }
    w.write_all(&b[start..])
}

/// The escape of an ASCII byte [`needs_look`] named.
fn write_ascii_escape<W: Write + ?Sized>(w: &mut W, c: u8) -> io::Result<()> {
    match c {
        b'"' => w.write_all(b"\\\""),
        b'\\' => w.write_all(b"\\\\"),
        b'\x08' => w.write_all(b"\\b"),
        b'\x0c' => w.write_all(b"\\f"),
        b'\n' => w.write_all(b"\\n"),
        b'\r' => w.write_all(b"\\r"),
        b'\t' => w.write_all(b"\\t"),
        c => write_unit(w, u16::from(c)),
    }
}

/// `\uXXXX` with lowercase hex digits, as serde_json writes them.
fn write_unit<W: Write + ?Sized>(w: &mut W, u: u16) -> io::Result<()> {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let d = |k: u32| HEX[usize::from((u >> k) & 0xf)];
    w.write_all(&[b'\\', b'u', d(12), d(8), d(4), d(0)])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `plain` never passes a string with a byte `needs_look` names, at
    /// any position of any length up to 24 (the halves, the words, the
    /// overlapping last word), and passes the ordinary ones.
    #[test]
    fn plain_misses_no_byte_that_needs_a_look() {
        for len in 0..=24 {
            assert!(plain(&vec![b'a'; len]), "{len} letters");
            for pos in 0..len {
                for byte in 0..=255u8 {
                    let mut b = vec![b'a'; len];
                    b[pos] = byte;
                    if needs_look(byte) {
                        assert!(!plain(&b), "byte {byte:#04x} at {pos} of {len}");
                    }
                }
            }
        }
    }
}
