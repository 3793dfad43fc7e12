//! What a reg-name host may mean beyond RFC 3986's grammar: rare IPv4
//! forms that resolvers read as addresses (RFC 3986 §7.4), and labels that
//! mix writing systems, a homograph risk (RFC 3986 §7.6, RFC 3987 §8,
//! Unicode UTS #39 §5.2).

use std::net::Ipv4Addr;

/// A writing system, as far as the small range table below tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Script {
    /// Digits, punctuation, symbols: mix with anything.
    Common,
    /// Combining marks, ZWJ/ZWNJ: take the script of what they follow.
    Inherited,
    /// Latin letters (ASCII, Latin-1, Latin Extended, fullwidth).
    Latin,
    /// Greek and Coptic, Greek Extended.
    Greek,
    /// Cyrillic and its supplements.
    Cyrillic,
    /// Armenian.
    Armenian,
    /// Hebrew.
    Hebrew,
    /// Arabic and its supplements and presentation forms.
    Arabic,
    /// Devanagari.
    Devanagari,
    /// Bengali.
    Bengali,
    /// Thai.
    Thai,
    /// Georgian.
    Georgian,
    /// Hangul (Korean).
    Hangul,
    /// Hiragana and Katakana (Japanese kana).
    Kana,
    /// Bopomofo.
    Bopomofo,
    /// Han ideographs (Chinese, Japanese kanji, Korean hanja).
    Han,
    /// Any letter outside the ranges above.
    Other,
}

impl Script {
    /// The script's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Script::Common => "Common",
            Script::Inherited => "Inherited",
            Script::Latin => "Latin",
            Script::Greek => "Greek",
            Script::Cyrillic => "Cyrillic",
            Script::Armenian => "Armenian",
            Script::Hebrew => "Hebrew",
            Script::Arabic => "Arabic",
            Script::Devanagari => "Devanagari",
            Script::Bengali => "Bengali",
            Script::Thai => "Thai",
            Script::Georgian => "Georgian",
            Script::Hangul => "Hangul",
            Script::Kana => "Kana",
            Script::Bopomofo => "Bopomofo",
            Script::Han => "Han",
            Script::Other => "another script",
        }
    }
}

/// `(first, last, script)`, sorted, non-overlapping. An approximation of
/// Unicode's Scripts.txt at block granularity, with the Common and
/// Inherited exceptions inside those blocks that matter for host names.
static RANGES: &[(u32, u32, Script)] = {
    use Script::*;
    &[
        (0x0000, 0x0040, Common),
        (0x0041, 0x005A, Latin),
        (0x005B, 0x0060, Common),
        (0x0061, 0x007A, Latin),
        (0x007B, 0x00A9, Common),
        (0x00AA, 0x00AA, Latin),
        (0x00AB, 0x00B9, Common),
        (0x00BA, 0x00BA, Latin),
        (0x00BB, 0x00BF, Common),
        (0x00C0, 0x00D6, Latin),
        (0x00D7, 0x00D7, Common),
        (0x00D8, 0x00F6, Latin),
        (0x00F7, 0x00F7, Common),
        (0x00F8, 0x02AF, Latin),
        (0x02B0, 0x02FF, Common),
        (0x0300, 0x036F, Inherited),
        (0x0370, 0x03FF, Greek),
        (0x0400, 0x052F, Cyrillic),
        (0x0530, 0x058F, Armenian),
        (0x0590, 0x05FF, Hebrew),
        (0x0600, 0x060B, Arabic),
        (0x060C, 0x060C, Common),
        (0x060D, 0x061A, Arabic),
        (0x061B, 0x061B, Common),
        (0x061C, 0x061E, Arabic),
        (0x061F, 0x061F, Common),
        (0x0620, 0x063F, Arabic),
        (0x0640, 0x0640, Common),
        (0x0641, 0x064A, Arabic),
        (0x064B, 0x0655, Inherited),
        (0x0656, 0x06FF, Arabic),
        (0x0750, 0x077F, Arabic),
        (0x08A0, 0x08FF, Arabic),
        (0x0900, 0x097F, Devanagari),
        (0x0980, 0x09FF, Bengali),
        (0x0E00, 0x0E7F, Thai),
        (0x10A0, 0x10FF, Georgian),
        (0x1100, 0x11FF, Hangul),
        (0x1AB0, 0x1AFF, Inherited),
        (0x1C80, 0x1C8F, Cyrillic),
        (0x1C90, 0x1CBF, Georgian),
        (0x1DC0, 0x1DFF, Inherited),
        (0x1E00, 0x1EFF, Latin),
        (0x1F00, 0x1FFF, Greek),
        (0x2000, 0x200B, Common),
        (0x200C, 0x200D, Inherited),
        (0x200E, 0x20CF, Common),
        (0x20D0, 0x20FF, Inherited),
        (0x2100, 0x2BFF, Common),
        (0x2C60, 0x2C7F, Latin),
        (0x2D00, 0x2D2F, Georgian),
        (0x2DE0, 0x2DFF, Cyrillic),
        (0x2E80, 0x2FDF, Han),
        (0x3000, 0x3004, Common),
        (0x3005, 0x3005, Han),
        (0x3006, 0x3006, Common),
        (0x3007, 0x3007, Han),
        (0x3008, 0x3020, Common),
        (0x3021, 0x3029, Han),
        (0x302A, 0x302D, Inherited),
        (0x302E, 0x3037, Common),
        (0x3038, 0x303B, Han),
        (0x303C, 0x303F, Common),
        (0x3041, 0x3096, Kana),
        (0x3099, 0x309A, Inherited),
        (0x309B, 0x309C, Common),
        (0x309D, 0x30FA, Kana),
        (0x30FB, 0x30FC, Common),
        (0x30FD, 0x30FF, Kana),
        (0x3100, 0x312F, Bopomofo),
        (0x3130, 0x318F, Hangul),
        (0x31A0, 0x31BF, Bopomofo),
        (0x31F0, 0x31FF, Kana),
        (0x3400, 0x4DBF, Han),
        (0x4E00, 0x9FFF, Han),
        (0xA640, 0xA69F, Cyrillic),
        (0xA720, 0xA7FF, Latin),
        (0xA960, 0xA97F, Hangul),
        (0xAB30, 0xAB6F, Latin),
        (0xAC00, 0xD7FF, Hangul),
        (0xF900, 0xFAFF, Han),
        (0xFB00, 0xFB06, Latin),
        (0xFB1D, 0xFB4F, Hebrew),
        (0xFB50, 0xFDFF, Arabic),
        (0xFE00, 0xFE0F, Inherited),
        (0xFE20, 0xFE2F, Inherited),
        (0xFE30, 0xFE6F, Common),
        (0xFE70, 0xFEFF, Arabic),
        (0xFF00, 0xFF20, Common),
        (0xFF21, 0xFF3A, Latin),
        (0xFF3B, 0xFF40, Common),
        (0xFF41, 0xFF5A, Latin),
        (0xFF5B, 0xFF65, Common),
        (0xFF66, 0xFF9D, Kana),
        (0xFF9E, 0xFF9F, Common),
        (0xFFA0, 0xFFDC, Hangul),
        (0xFFE0, 0xFFFF, Common),
        (0x1F000, 0x1FAFF, Common),
        (0x20000, 0x3134F, Han),
        (0xE0100, 0xE01EF, Inherited),
    ]
};

/// The script of `c` (see [`Script`]; characters outside the table are
/// [`Script::Other`]).
///
/// ```
/// use uriscope_core::host::{script_of, Script};
/// assert_eq!(script_of('p'), Script::Latin);
/// assert_eq!(script_of('а'), Script::Cyrillic); // U+0430
/// assert_eq!(script_of('例'), Script::Han);
/// assert_eq!(script_of('-'), Script::Common);
/// ```
#[must_use]
pub fn script_of(c: char) -> Script {
    let cp = c as u32;
    match RANGES.binary_search_by(|&(lo, hi, _)| {
        if hi < cp {
            std::cmp::Ordering::Less
        } else if lo > cp {
            std::cmp::Ordering::Greater
        } else {
            std::cmp::Ordering::Equal
        }
    }) {
        Ok(i) => RANGES[i].2,
        Err(_) => Script::Other,
    }
}

/// Combinations that a single label may legitimately use together,
/// following UTS #39 §5.2 "Highly Restrictive": one script, or Latin with
/// Han and Kana (Japanese), Han and Bopomofo (Chinese), Han and Hangul (Korean).
const ALLOWED_SETS: &[&[Script]] = &[
    &[Script::Latin, Script::Han, Script::Kana],
    &[Script::Latin, Script::Han, Script::Bopomofo],
    &[Script::Latin, Script::Han, Script::Hangul],
];

/// The scripts `label` mixes in a way no single writing system does, or
/// `None` when it is single-script (Common and Inherited characters mix
/// with anything).
///
/// ```
/// use uriscope_core::host::{mixed_scripts, Script};
/// assert_eq!(mixed_scripts("pаypal"), Some(vec![Script::Latin, Script::Cyrillic]));
/// assert_eq!(mixed_scripts("bücher"), None);
/// assert_eq!(mixed_scripts("例え"), None);
/// assert_eq!(mixed_scripts("a1-b"), None);
/// ```
#[must_use]
pub fn mixed_scripts(label: &str) -> Option<Vec<Script>> {
    let mut seen: Vec<Script> = Vec::new();
    for c in label.chars() {
        let s = script_of(c);
        if !matches!(s, Script::Common | Script::Inherited) && !seen.contains(&s) {
            seen.push(s);
        }
    }
    if seen.len() <= 1
        || ALLOWED_SETS
            .iter()
            .any(|set| seen.iter().all(|s| set.contains(s)))
    {
        return None;
    }
    Some(seen)
}

/// How [`inet_aton`] read one part of a host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Radix {
    /// Digits without a leading `0`.
    Decimal,
    /// A leading `0` followed by octal digits.
    Octal,
    /// A leading `0x` or `0X`.
    Hex,
}

/// Read `host` the way BSD/glibc `inet_aton()` does (RFC 3986 §7.4):
///
/// - 1 to 4 parts separated by `.`, no empty part, nothing else;
/// - each part is decimal (`[1-9][0-9]*` or `0`), octal (`0[0-7]+`) or
///   hexadecimal (`0x` or `0X` followed by at least one hex digit);
/// - every part but the last is one byte (at most 255); the last part fills
///   the remaining bytes: 4 bytes for `a`, 3 for `a.b`, 2 for `a.b.c`, 1 for `a.b.c.d`.
///
/// ```
/// use std::net::Ipv4Addr;
/// use uriscope_core::host::inet_aton;
/// assert_eq!(inet_aton("0x7f.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
/// assert_eq!(inet_aton("2130706433"), Some(Ipv4Addr::new(127, 0, 0, 1)));
/// assert_eq!(inet_aton("0177.0.0.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
/// assert_eq!(inet_aton("127.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
/// assert_eq!(inet_aton("256.1"), None);
/// assert_eq!(inet_aton("example.com"), None);
/// ```
#[must_use]
pub fn inet_aton(host: &str) -> Option<Ipv4Addr> {
    let mut parts = [0u64; 4];
    let mut n = 0;
    for part in host.split('.') {
        if n == 4 {
            return None;
        }
        parts[n] = aton_part(part.as_bytes())?.0;
        n += 1;
    }
    let (head, last) = (&parts[..n - 1], parts[n - 1]);
    if head.iter().any(|&p| p > 0xff) {
        return None;
    }
    let last_bits = 8 * (5 - n as u32);
    if last >= 1u64 << last_bits {
        return None;
    }
    let mut value = last;
    for (i, &p) in head.iter().enumerate() {
        value |= p << (24 - 8 * i as u32);
    }
    Some(Ipv4Addr::from(value as u32))
}

/// One `inet_aton` part: its value (saturated above 2^32) and radix.
pub(crate) fn aton_part(p: &[u8]) -> Option<(u64, Radix)> {
    let (digits, radix) = match p {
        [] => return None,
        [b'0', b'x' | b'X', rest @ ..] => (rest, Radix::Hex),
        [b'0', rest @ ..] if !rest.is_empty() => (rest, Radix::Octal),
        _ => (p, Radix::Decimal),
    };
    if digits.is_empty() {
        return None;
    }
    let base = match radix {
        Radix::Decimal => 10,
        Radix::Octal => 8,
        Radix::Hex => 16,
    };
    let mut v: u64 = 0;
    for &d in digits {
        let x = (d as char).to_digit(base)? as u64;
        v = (v * base as u64 + x).min(1 << 40);
    }
    Some((v, radix))
}

/// Percent-decode `s` byte-wise (malformed `%` sequences are kept as they
/// are); borrowed when `s` has no `%`, so a lint of text without escapes
/// allocates nothing.
pub(crate) fn percent_decode(s: &str) -> std::borrow::Cow<'_, [u8]> {
    let b = s.as_bytes();
    if memchr::memchr(b'%', b).is_none() {
        return std::borrow::Cow::Borrowed(b);
    }
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            if let (Some(h), Some(l)) = (
                crate::syntax::chars::hex_value(b[i + 1]),
                crate::syntax::chars::hex_value(b[i + 2]),
            ) {
                out.push(h << 4 | l);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The naive oracle: every code point of every range, checked against a linear scan.
    #[test]
    fn ranges_are_sorted_and_binary_search_matches_linear_scan() {
        for w in RANGES.windows(2) {
            assert!(w[0].1 < w[1].0, "{:X?} overlaps {:X?}", w[0], w[1]);
        }
        for cp in (0..0x32000u32).step_by(7).chain(0xE0100..0xE0110) {
            let Some(c) = char::from_u32(cp) else {
                continue;
            };
            let linear = RANGES
                .iter()
                .find(|&&(lo, hi, _)| lo <= cp && cp <= hi)
                .map_or(Script::Other, |r| r.2);
            assert_eq!(script_of(c), linear, "U+{cp:04X}");
        }
    }

    #[test]
    fn percent_decode_keeps_malformed_escapes() {
        assert_eq!(&*percent_decode("a%41%4"), b"aA%4");
        assert_eq!(&*percent_decode("%zz%"), b"%zz%");
        assert_eq!(&*percent_decode("%2e%2E"), b"..");
        // Nothing to decode: the text itself, not a copy.
        assert!(matches!(
            percent_decode("a.b"),
            std::borrow::Cow::Borrowed(b"a.b")
        ));
        assert!(matches!(percent_decode("%41"), std::borrow::Cow::Owned(_)));
    }
}
