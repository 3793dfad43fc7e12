//! RFC 3986 character classes (§2.2, §2.3, Appendix A) as one 256-entry byte table.
//!
//! Every byte maps to a bit set; each `is_*` function and each component's
//! allowed set is one mask over that table, so validating a component is a
//! single table lookup per byte.

// The runs and byte searches go sixteen bytes at a time in SSE2 registers
// where every x86-64 processor has them, eight at a time through a table
// of byte pairs elsewhere: the one place the module is chosen.
#[cfg(not(all(
    any(target_arch = "x86", target_arch = "x86_64"),
    target_feature = "sse2"
)))]
use crate::syntax::eights as wide;
#[cfg(all(
    any(target_arch = "x86", target_arch = "x86_64"),
    target_feature = "sse2"
))]
use crate::syntax::sixteen as wide;

/// `ALPHA` (RFC 5234 core rule).
pub(crate) const ALPHA: u16 = 1 << 0;
/// `DIGIT` (RFC 5234 core rule).
pub(crate) const DIGIT: u16 = 1 << 1;
/// `HEXDIG`: digits and `A-F` / `a-f` (ABNF strings are case-insensitive).
pub(crate) const HEXDIG: u16 = 1 << 2;
/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (§2.3).
pub(crate) const UNRESERVED: u16 = 1 << 3;
/// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"` (§2.2).
pub(crate) const GEN_DELIM: u16 = 1 << 4;
/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (§2.2).
pub(crate) const SUB_DELIM: u16 = 1 << 5;
/// Characters allowed after the first in `scheme` (§3.1): `ALPHA / DIGIT / "+" / "-" / "."`.
pub(crate) const SCHEME: u16 = 1 << 6;
/// `pchar` without `pct-encoded` (§3.3): unreserved, sub-delims, `:` and `@`.
pub(crate) const PCHAR: u16 = 1 << 7;
/// Characters of `userinfo` without `pct-encoded` (§3.2.1): unreserved, sub-delims, `:`.
pub(crate) const USERINFO: u16 = 1 << 8;
/// Characters of `reg-name` without `pct-encoded` (§3.2.2): unreserved, sub-delims.
pub(crate) const REG_NAME: u16 = 1 << 9;
/// Characters of a path (`pchar / "/"`) without `pct-encoded`.
pub(crate) const PATH: u16 = 1 << 10;
/// Characters of `query` and `fragment` without `pct-encoded` (§3.4, §3.5): `pchar / "/" / "?"`.
pub(crate) const QUERY: u16 = 1 << 11;
/// The Appendix B delimiters that end a scheme candidate: `:` `/` `?` `#`.
pub(crate) const SCHEME_END: u16 = 1 << 12;
/// The delimiters that end an authority (§3.2): `/` `?` `#`.
pub(crate) const AUTHORITY_END: u16 = 1 << 13;
/// `segment-nz-nc` characters without `pct-encoded` (§3.3): pchar minus `:`.
pub(crate) const SEGMENT_NC: u16 = 1 << 14;
/// Characters of the `IPvFuture` tail (§3.2.2): unreserved, sub-delims, `:`.
pub(crate) const IPV_FUTURE: u16 = USERINFO;

pub(crate) const fn build() -> [u16; 256] {
    let mut t = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        let mut c = 0u16;
        if b.is_ascii_alphabetic() {
            c |= ALPHA | UNRESERVED | SCHEME;
        }
        if b.is_ascii_digit() {
            c |= DIGIT | UNRESERVED | SCHEME;
        }
        if b.is_ascii_hexdigit() {
            c |= HEXDIG;
        }
        match b {
            b'-' | b'.' | b'_' | b'~' => c |= UNRESERVED,
            b':' | b'/' | b'?' | b'#' | b'[' | b']' | b'@' => c |= GEN_DELIM,
            b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'=' => {
                c |= SUB_DELIM
            }
            _ => {}
        }
        if matches!(b, b'+' | b'-' | b'.') {
            c |= SCHEME;
        }
        let ur_sd = c & (UNRESERVED | SUB_DELIM) != 0;
        if ur_sd {
            c |= REG_NAME | USERINFO | PCHAR | PATH | QUERY | SEGMENT_NC;
        }
        if b == b':' {
            c |= USERINFO | PCHAR | PATH | QUERY;
        }
        if b == b'@' {
            c |= PCHAR | PATH | QUERY | SEGMENT_NC;
        }
        if b == b'/' {
            c |= PATH | QUERY;
        }
        if b == b'?' {
            c |= QUERY;
        }
        if matches!(b, b':' | b'/' | b'?' | b'#') {
            c |= SCHEME_END;
        }
        if matches!(b, b'/' | b'?' | b'#') {
            c |= AUTHORITY_END;
        }
        t[i] = c;
        i += 1;
    }
    t
}

/// The class table: `TABLE[b]` is the set of classes byte `b` belongs to.
pub(crate) static TABLE: [u16; 256] = build();

/// Whether byte `b` is in any class of `mask`.
#[inline(always)]
pub(crate) fn is(b: u8, mask: u16) -> bool {
    TABLE[b as usize] & mask != 0
}

/// `unreserved` (§2.3).
#[inline]
pub(crate) fn is_unreserved(b: u8) -> bool {
    is(b, UNRESERVED)
}

/// `gen-delims` (§2.2).
#[inline]
pub(crate) fn is_gen_delim(b: u8) -> bool {
    is(b, GEN_DELIM)
}

/// `sub-delims` (§2.2).
#[inline]
pub(crate) fn is_sub_delim(b: u8) -> bool {
    is(b, SUB_DELIM)
}

/// `reserved = gen-delims / sub-delims` (§2.2).
#[inline]
pub(crate) fn is_reserved(b: u8) -> bool {
    is(b, GEN_DELIM | SUB_DELIM)
}

/// `HEXDIG`.
#[inline]
pub(crate) fn is_hexdig(b: u8) -> bool {
    is(b, HEXDIG)
}

/// The value of a hex digit, or `None`.
#[inline]
pub(crate) fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

/// Whether `s[i..]` starts with a well-formed `pct-encoded` (`"%" HEXDIG HEXDIG`).
#[inline]
pub(crate) fn is_pct_encoded_at(s: &[u8], i: usize) -> bool {
    i + 2 < s.len() && s[i] == b'%' && is_hexdig(s[i + 1]) && is_hexdig(s[i + 2])
}

/// The RFC 3987 §2.2 `ucschar` ranges: characters an IRI may hold anywhere.
pub(crate) fn is_ucschar(c: char) -> bool {
    let c = c as u32;
    match c {
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF | 0xE1000..=0xEFFFD => true,
        // Planes 1 to 13, each without its last two code points (U+xFFFE, U+xFFFF).
        0x10000..=0xDFFFD => c & 0xFFFF <= 0xFFFD,
        _ => false,
    }
}

/// The RFC 3987 §2.2 `iprivate` ranges: private-use characters, allowed only in an IRI's query.
pub(crate) fn is_iprivate(c: char) -> bool {
    let c = c as u32;
    matches!(c, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// The class of one byte in RFC 3986 §2 words, for explanations.
pub(crate) fn class_name(b: u8) -> &'static str {
    if is_unreserved(b) {
        "unreserved"
    } else if is_gen_delim(b) {
        "gen-delim"
    } else if is_sub_delim(b) {
        "sub-delim"
    } else {
        "other"
    }
}

/// One table per class bit: `BYTE_TABLES[k][b]` is `0xFF` when byte `b` is
/// in class `1 << k`, else `0`, so eight lookups assemble into a `u64`
/// whose zero bytes mark the bytes outside the class.
static BYTE_TABLES: [[u8; 256]; 16] = {
    let mut t = [[0u8; 256]; 16];
    let mut k = 0;
    while k < 16 {
        let mut b = 0;
        while b < 256 {
            if TABLE[b] & (1 << k) != 0 {
                t[k][b] = 0xFF;
            }
            b += 1;
        }
        k += 1;
    }
    t
};

/// `0xFF` when every byte of `c` is in `t`'s class, else `0`.
#[inline(always)]
fn all8(c: &[u8; 8], t: &[u8; 256]) -> u8 {
    (t[c[0] as usize] & t[c[1] as usize])
        & (t[c[2] as usize] & t[c[3] as usize])
        & ((t[c[4] as usize] & t[c[5] as usize]) & (t[c[6] as usize] & t[c[7] as usize]))
}

/// The eight bytes of `c` mapped through `t`: `0xFF` in byte `k` when
/// `c[k]` is in the class.
#[inline(always)]
fn members8(c: &[u8; 8], t: &[u8; 256]) -> u64 {
    u64::from_le_bytes([
        t[c[0] as usize],
        t[c[1] as usize],
        t[c[2] as usize],
        t[c[3] as usize],
        t[c[4] as usize],
        t[c[5] as usize],
        t[c[6] as usize],
        t[c[7] as usize],
    ])
}

/// The classes the parser scans runs of, one bit each in [`PAIRS`].
pub(crate) const RUN_CLASSES: [u16; 8] = [
    SCHEME, DIGIT, USERINFO, REG_NAME, PATH, QUERY, SEGMENT_NC, UNRESERVED,
];

/// The [`RUN_CLASSES`] byte `b` is in, one bit each.
const fn run_bits(b: u8) -> u8 {
    let mut bits = 0;
    let mut k = 0;
    while k < RUN_CLASSES.len() {
        if TABLE[b as usize] & RUN_CLASSES[k] != 0 {
            bits |= 1 << k;
        }
        k += 1;
    }
    bits
}

/// [`run_bits`] of every byte.
pub(crate) static SINGLES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = run_bits(b as u8);
        b += 1;
    }
    t
};

/// How many leading bytes of `b` are in class `class` (one class bit):
/// [`run_end`] from the start.
#[inline(always)]
pub(crate) fn run_len(b: &[u8], class: u16) -> usize {
    run_end(b, 0, class)
}

/// Where the run of class `class` (one class bit) that starts at `start`
/// in `b` ends: [`run_len`] of `&b[start..]`, plus `start`.
///
/// The hot loop of the validator. Where 16-byte registers are there
/// (SSE2: every x86-64), sixteen bytes at a time against the class's
/// ranges, and the first byte outside it found in the comparison's bit
/// mask, without a branch (`sixteen`; inputs under sixteen bytes a byte
/// at a time); elsewhere, eight at a time through a table of byte pairs
/// (`eights`). Either way, a run that starts near the end of `b` still
/// takes one chunk: the last bytes of `b`, those before the run not
/// counted. Classes the parser does not scan go through a table per
/// class (`BYTE_TABLES`).
#[inline(always)]
pub(crate) fn run_end(b: &[u8], start: usize, class: u16) -> usize {
    debug_assert_eq!(class.count_ones(), 1, "run_end takes a single class bit");
    let Some(k) = run_index(class) else {
        return start + run_len_by_bytes(&b[start..], class);
    };
    wide::run_end(b, start, k)
}

/// Where the first `byte` of `b` is, or `b.len()`: for the short
/// distances between the delimiters of a path or a query (a segment, a
/// pair), one sixteen-byte compare on SSE2 targets rather than a byte loop
/// or a `memchr` call; a byte loop under sixteen bytes, `memchr` on other
/// targets.
#[inline]
pub(crate) fn find_byte(b: &[u8], byte: u8) -> usize {
    find_either(b, byte, byte)
}

/// Where the first `x` or `y` of `b` is, or `b.len()`: [`find_byte`] for
/// two bytes (a `memchr2` call cost some fifty instructions before it
/// looked at a short URI's first byte).
#[inline]
pub(crate) fn find_either(b: &[u8], x: u8, y: u8) -> usize {
    if b.len() < 16 {
        return b.iter().position(|&c| c == x || c == y).unwrap_or(b.len());
    }
    wide::find_either(b, x, y)
}

/// The index of `class` in [`RUN_CLASSES`], if it is one.
#[inline(always)]
const fn run_index(class: u16) -> Option<usize> {
    let mut k = 0;
    while k < RUN_CLASSES.len() {
        if RUN_CLASSES[k] == class {
            return Some(k);
        }
        k += 1;
    }
    None
}

/// [`run_len`] through the table of `class` alone, eight bytes at a time.
#[inline(always)]
fn run_len_by_bytes(b: &[u8], class: u16) -> usize {
    let t = &BYTE_TABLES[class.trailing_zeros() as usize];
    let mut n = 0;
    let mut chunks = b.chunks_exact(8);
    for c in &mut chunks {
        let c: &[u8; 8] = c.try_into().expect("chunks of eight");
        if all8(c, t) == 0 {
            return n + c.iter().position(|&x| t[x as usize] == 0).unwrap_or(8);
        }
        n += 8;
    }
    let rest = chunks.remainder().len();
    if let Some(last) = b.last_chunk::<8>() {
        // The last eight bytes overlap the `8 - rest` already accepted;
        // a sentinel stop just past the end bounds the answer (the shift
        // is 64 bits, all of them, when nothing is left).
        let seen = (!members8(last, t)).checked_shr(8 * (8 - rest) as u32);
        let stops = seen.unwrap_or(0) | (1 << (8 * rest));
        return n + (stops.trailing_zeros() / 8) as usize;
    }
    n + b.iter().position(|&c| t[c as usize] == 0).unwrap_or(rest)
}

/// The examples of the crate-private items above.
/// The bidirectional formatting characters an IRI must not contain
/// (RFC 3987 §4.1: LRM, RLM, LRE, RLE, PDF, LRO, RLO), together with the
/// ones Unicode added later with the same effect (ALM U+061C and the
/// isolates LRI, RLI, FSI, PDI U+2066–U+2069).
#[must_use]
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{061C}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod examples {
    #[test]
    fn find_either_example() {
        use crate::syntax::chars::find_either;
        assert_eq!(find_either(b"http://h/a\\b%20", b'%', b'\\'), 10);
        assert_eq!(find_either(b"http://h/", b'%', b'+'), 9);
    }

    #[test]
    fn find_byte_example() {
        use crate::syntax::chars::find_byte;
        assert_eq!(find_byte(b"a/b", b'/'), 1);
        assert_eq!(find_byte(b"wiki/Uniform_Resource_Identifier", b'&'), 32);
    }

    #[test]
    fn run_end_example() {
        use crate::syntax::chars::{run_end, QUERY};
        assert_eq!(run_end(b"http://h/?q=1#f", 10, QUERY), 13);
    }

    #[test]
    fn run_len_example() {
        use crate::syntax::chars::{run_len, PATH};
        assert_eq!(run_len(b"/a/b?q", PATH), 4);
    }

    #[test]
    fn is_unreserved_example() {
        assert!(crate::syntax::chars::is_unreserved(b'~'));
        assert!(!crate::syntax::chars::is_unreserved(b'%'));
    }
}
