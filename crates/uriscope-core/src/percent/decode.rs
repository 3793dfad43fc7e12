//! Percent-decoding (RFC 3986 §2.1, §2.4) with everything a reader needs to
//! see: malformed escapes with their spans, bytes that are not UTF-8, and
//! the rounds of a double encoding.

use std::borrow::Cow;
use std::fmt::Write as _;

use crate::Span;

/// How to decode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DecodeOptions {
    /// Read `+` as a space (`application/x-www-form-urlencoded`). RFC 3986
    /// gives `+` no such meaning, so this is off by default.
    pub plus_as_space: bool,
}

/// At most this many rounds are listed (each round shortens the text, so
/// the limit is only a guard for very long inputs).
pub const MAX_ROUNDS: usize = 16;

/// Decode the escapes of `input`; a `%` that does not start a valid escape
/// is kept as it is. Borrows when nothing changes.
///
/// ```
/// use uriscope_core::percent::{decode_bytes, DecodeOptions};
/// let o = DecodeOptions::default();
/// assert_eq!(&*decode_bytes(b"a%20b%2fc", o), b"a b/c");
/// assert_eq!(&*decode_bytes(b"100%", o), b"100%");
/// let form = DecodeOptions { plus_as_space: true };
/// assert_eq!(&*decode_bytes(b"a+b%2B", form), b"a b+");
/// ```
#[must_use]
pub fn decode_bytes(input: &[u8], options: DecodeOptions) -> Cow<'_, [u8]> {
    let plus = options.plus_as_space;
    let special = |b: &u8| *b == b'%' || (plus && *b == b'+');
    let Some(first) = input.iter().position(special) else {
        return Cow::Borrowed(input);
    };
    let mut out = Vec::with_capacity(input.len());
    out.extend_from_slice(&input[..first]);
    let mut changed = false;
    let mut rest = &input[first..];
    loop {
        match rest {
            [b'%', h, l, tail @ ..] if (HEX_VALUE[*h as usize] | HEX_VALUE[*l as usize]) < 16 => {
                out.push(HEX_VALUE[*h as usize] << 4 | HEX_VALUE[*l as usize]);
                changed = true;
                rest = tail;
            }
            [b'+', tail @ ..] if plus => {
                out.push(b' ');
                changed = true;
                rest = tail;
            }
            [b, tail @ ..] => {
                // Copy up to the next byte that may change in one go.
                out.push(*b);
                let n = tail.iter().position(special).unwrap_or(tail.len());
                out.extend_from_slice(&tail[..n]);
                rest = &tail[n..];
            }
            [] => break,
        }
    }
    if !changed {
        return Cow::Borrowed(input);
    }
    Cow::Owned(out)
}

/// `HEX_VALUE[b]`: the value of hex digit `b` (`HEXDIG`), or `0xFF`.
static HEX_VALUE: [u8; 256] = {
    let mut t = [0xFF; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = match c {
            b'0'..=b'9' => c - b'0',
            b'A'..=b'F' => c - b'A' + 10,
            b'a'..=b'f' => c - b'a' + 10,
            _ => 0xFF,
        };
        b += 1;
    }
    t
};

/// The byte a valid escape at `i` stands for.
#[inline(always)]
fn escape_at(b: &[u8], i: usize) -> Option<u8> {
    let (hi, lo) = match b.get(i + 1..i + 3) {
        Some(&[h, l]) => (HEX_VALUE[h as usize], HEX_VALUE[l as usize]),
        _ => return None,
    };
    ((hi | lo) < 16).then_some(hi << 4 | lo)
}

/// Everything [`decode`] found out about one input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded<'a> {
    /// The decoded bytes (one round).
    pub bytes: Cow<'a, [u8]>,
    /// Malformed escapes in the input (`%G1`, a final `%4`, a lone `%`),
    /// kept as they are in `bytes`. Each span starts at the `%` and covers
    /// the (at most two) ASCII characters that should have been hex digits.
    /// Found when iterated, so that an input made of malformed escapes
    /// costs no memory per escape.
    pub malformed: Malformed<'a>,
    /// Byte ranges of `bytes` that are not UTF-8.
    pub invalid_utf8: Vec<Span>,
    /// Each round of decoding that changed something, until nothing
    /// changes: `%252F` gives `["%2F", "/"]`. Two or more rounds mean the
    /// text was encoded more than once. Only the first round reads `+` as
    /// a space; later ones decode `%` escapes only.
    pub rounds: Vec<Vec<u8>>,
}

impl Decoded<'_> {
    /// Whether the decoded bytes are UTF-8.
    #[must_use]
    pub fn is_utf8(&self) -> bool {
        self.invalid_utf8.is_empty()
    }

    /// The decoded text, when it is UTF-8.
    #[must_use]
    pub fn text(&self) -> Option<&str> {
        std::str::from_utf8(&self.bytes).ok()
    }

    /// The decoded text with each invalid byte sequence as U+FFFD.
    #[must_use]
    pub fn lossy(&self) -> Cow<'_, str> {
        String::from_utf8_lossy(&self.bytes)
    }

    /// The decoded bytes in uppercase hex, space-separated (`"61 FF 62"`).
    #[must_use]
    pub fn hex(&self) -> String {
        hex(&self.bytes)
    }

    /// Whether decoding once more still changes the text (double encoding).
    #[must_use]
    pub fn is_double_encoded(&self) -> bool {
        self.rounds.len() > 1
    }
}

/// Bytes in uppercase hex, space-separated.
///
/// ```
/// assert_eq!(uriscope_core::percent::hex(b"a\xff"), "61 FF");
/// ```
#[must_use]
pub fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 3);
    for (i, b) in bytes.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let _ = write!(s, "{b:02X}");
    }
    s
}

/// Decode `text` once, and report malformed escapes, bytes that are not
/// UTF-8 and every further round of decoding that still changes the text.
///
/// ```
/// use uriscope_core::percent::{decode, DecodeOptions};
/// use uriscope_core::Span;
/// let d = decode("%252F", DecodeOptions::default());
/// assert_eq!(d.rounds, [b"%2F".to_vec(), b"/".to_vec()]);
/// assert!(d.is_double_encoded());
///
/// let d = decode("a%G1%ff", DecodeOptions::default());
/// assert_eq!(&*d.bytes, b"a%G1\xff");
/// assert_eq!(d.malformed.iter().collect::<Vec<_>>(), [Span::new(1, 4)]);
/// assert_eq!(d.invalid_utf8, [Span::new(4, 5)]);
/// ```
pub fn decode(text: &str, options: DecodeOptions) -> Decoded<'_> {
    let bytes = decode_bytes(text.as_bytes(), options);
    let invalid_utf8 = invalid_utf8(&bytes);
    let mut rounds = Vec::new();
    if let Cow::Owned(first) = &bytes {
        rounds.push(first.clone());
        while rounds.len() < MAX_ROUNDS {
            let last = rounds.last().map(Vec::as_slice).unwrap_or_default();
            // A `+` that a round produced is most likely a decoded `%2B`,
            // so later rounds decode escapes only.
            match decode_bytes(last, DecodeOptions::default()) {
                Cow::Owned(next) => rounds.push(next),
                Cow::Borrowed(_) => break,
            }
        }
    }
    Decoded {
        bytes,
        malformed: malformed_escapes(text),
        invalid_utf8,
        rounds,
    }
}

/// The malformed escapes of `text`: each `%` not followed by two hex
/// digits, with the (at most two) ASCII characters after it that are not
/// `%`. Nothing is scanned until the result is iterated.
///
/// ```
/// use uriscope_core::{percent::malformed_escapes, Span};
/// let spans = |t| malformed_escapes(t).iter().collect::<Vec<_>>();
/// assert_eq!(spans("%G1 %4"), [Span::new(0, 3), Span::new(4, 6)]);
/// assert_eq!(spans("%%41"), [Span::new(0, 1)]);
/// assert!(malformed_escapes("%41").is_empty());
/// ```
#[must_use]
pub fn malformed_escapes(text: &str) -> Malformed<'_> {
    Malformed { text }
}

/// The malformed escapes of a text (see [`malformed_escapes`]): a view of
/// the text that finds them as it is iterated, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Malformed<'a> {
    text: &'a str,
}

impl<'a> Malformed<'a> {
    /// The spans, in order.
    #[must_use]
    pub fn iter(&self) -> MalformedIter<'a> {
        MalformedIter {
            bytes: self.text.as_bytes(),
            at: 0,
        }
    }

    /// How many there are (a scan of the text).
    #[must_use]
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    /// Whether there is none (a scan up to the first).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.iter().next().is_none()
    }
}

impl<'a> IntoIterator for Malformed<'a> {
    type Item = Span;
    type IntoIter = MalformedIter<'a>;
    fn into_iter(self) -> MalformedIter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &Malformed<'a> {
    type Item = Span;
    type IntoIter = MalformedIter<'a>;
    fn into_iter(self) -> MalformedIter<'a> {
        self.iter()
    }
}

/// The iterator of [`Malformed`]: the span of each malformed escape.
#[derive(Clone, Debug)]
pub struct MalformedIter<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Iterator for MalformedIter<'_> {
    type Item = Span;

    fn next(&mut self) -> Option<Span> {
        let b = self.bytes;
        while let Some(p) = memchr::memchr(b'%', &b[self.at..]) {
            let i = self.at + p;
            if escape_at(b, i).is_some() {
                self.at = i + 3;
                continue;
            }
            let span = malformed_at(b, i);
            self.at = span.end;
            return Some(span);
        }
        self.at = b.len();
        None
    }
}

/// The span of the malformed escape whose `%` is at `i`: the `%` and the
/// (at most two) ASCII characters after it that are not `%`.
fn malformed_at(b: &[u8], i: usize) -> Span {
    let mut end = i + 1;
    while end < b.len() && end < i + 3 && b[end].is_ascii() && b[end] != b'%' {
        end += 1;
    }
    Span::new(i, end)
}

/// The byte ranges of `bytes` that are not UTF-8: each maximal invalid
/// sequence as `std` reports it (one range per U+FFFD of a lossy view).
///
/// ```
/// use uriscope_core::{percent::invalid_utf8, Span};
/// assert_eq!(invalid_utf8(b"a\xffb\xe3\x82"), [Span::new(1, 2), Span::new(3, 5)]);
/// assert!(invalid_utf8("ア".as_bytes()).is_empty());
/// ```
#[must_use]
pub fn invalid_utf8(bytes: &[u8]) -> Vec<Span> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        match std::str::from_utf8(&bytes[at..]) {
            Ok(_) => break,
            Err(e) => {
                let start = at + e.valid_up_to();
                let len = e.error_len().unwrap_or(bytes.len() - start);
                out.push(Span::new(start, start + len));
                at = start + len;
            }
        }
    }
    out
}
