//! Percent-encoding (RFC 3986 §2.1, §2.5): text to UTF-8, then every byte
//! outside the component's set as `%` and two uppercase hex digits.

use std::borrow::Cow;

use super::encode_set::EncodeSet;
use crate::syntax::chars::is_pct_encoded_at;

/// `"%00%01…%FF"`: the escape of byte `b` is `ESCAPES[3 * b..3 * b + 3]`.
const ESCAPES: &str = match std::str::from_utf8(&ESCAPE_BYTES) {
    Ok(s) => s,
    Err(_) => panic!("the escape table is ASCII"),
};

const ESCAPE_BYTES: [u8; 768] = escape_table();

const fn escape_table() -> [u8; 768] {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut t = [0u8; 768];
    let mut b = 0;
    while b < 256 {
        t[3 * b] = b'%';
        t[3 * b + 1] = HEX[b >> 4];
        t[3 * b + 2] = HEX[b & 15];
        b += 1;
    }
    t
}

/// The escape `%HH` (uppercase, §2.1) of one byte.
///
/// ```
/// assert_eq!(uriscope_core::percent::escape(b' '), "%20");
/// assert_eq!(uriscope_core::percent::escape(0xC3), "%C3");
/// ```
#[inline]
#[must_use]
pub fn escape(b: u8) -> &'static str {
    let i = 3 * b as usize;
    &ESCAPES[i..i + 3]
}

/// How to treat a `%` in the text being encoded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EncodeOptions {
    /// Leave a `%` that already starts a valid escape (`%` and two hex
    /// digits) as it is, for repairing a text that is partly encoded
    /// already (`a b%20c` becomes `a%20b%20c`, not `a%20b%2520c`). Off by
    /// default: encoding encodes every octet outside the set, `%`
    /// included, so decoding gives back exactly the text that was given
    /// (§2.4: a `%` in the data is itself encoded as `%25`).
    pub keep_escapes: bool,
}

/// Percent-encode `text` for the component of `set`: every octet outside
/// the set, `%` included, so that decoding the result gives `text` back.
/// Borrows when nothing changes.
///
/// ```
/// use std::borrow::Cow;
/// use uriscope_core::percent::{encode, encode_set};
/// // RFC 3986 §2.5: "À" is UTF-8 C3 80, "ア" is E3 82 A2.
/// assert_eq!(encode("À", &encode_set::PATH), "%C3%80");
/// assert_eq!(encode("ア", &encode_set::PATH), "%E3%82%A2");
/// assert!(matches!(encode("a/b", &encode_set::PATH), Cow::Borrowed(_)));
/// assert_eq!(encode("a/b", &encode_set::SEGMENT), "a%2Fb");
/// // A literal `%` is data like any other octet outside the set.
/// assert_eq!(encode("50%25 off", &encode_set::QUERY), "50%2525%20off");
/// ```
#[inline]
#[must_use]
pub fn encode<'a>(text: &'a str, set: &EncodeSet) -> Cow<'a, str> {
    encode_with(text, set, EncodeOptions::default())
}

/// Percent-encode `text` for `set` under `options`.
///
/// ```
/// use uriscope_core::percent::{encode_with, encode_set, EncodeOptions};
/// let keep = EncodeOptions { keep_escapes: true };
/// assert_eq!(encode_with("%2F a", &encode_set::PATH, keep), "%2F%20a");
/// assert_eq!(encode_with("100%", &encode_set::PATH, keep), "100%25");
/// let all = EncodeOptions::default();
/// assert_eq!(encode_with("%2F", &encode_set::PATH, all), "%252F");
/// assert_eq!(encode_with("a b+c", &encode_set::FORM, all), "a+b%2Bc");
/// ```
#[must_use]
pub fn encode_with<'a>(text: &'a str, set: &EncodeSet, options: EncodeOptions) -> Cow<'a, str> {
    let b = text.as_bytes();
    let Some(first) = first_to_encode(b, set, options) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + text.len() / 2 + 8);
    let mut run = 0; // start of the current run of bytes written as themselves
    let mut i = first;
    while i < b.len() {
        let byte = b[i];
        if stays(b, i, set, options) {
            i += 1;
            continue;
        }
        // Kept bytes are ASCII, so `run` and `i` both sit on char boundaries.
        if run < i {
            out.push_str(&text[run..i]);
        }
        if byte == b' ' && set.space_as_plus() {
            out.push('+');
        } else {
            out.push_str(escape(byte));
        }
        i += 1;
        run = i;
    }
    if run < b.len() {
        out.push_str(&text[run..]);
    }
    Cow::Owned(out)
}

/// The index of the first byte that must change, if any.
#[inline]
fn first_to_encode(b: &[u8], set: &EncodeSet, options: EncodeOptions) -> Option<usize> {
    (0..b.len()).find(|&i| !stays(b, i, set, options))
}

/// Whether byte `i` is written as itself.
#[inline(always)]
fn stays(b: &[u8], i: usize, set: &EncodeSet, options: EncodeOptions) -> bool {
    let byte = b[i];
    set.keeps(byte) || (byte == b'%' && options.keep_escapes && is_pct_encoded_at(b, i))
}
