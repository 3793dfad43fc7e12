//! RFC 2396 character classes (§1.6, §2.2–§2.4.3, Appendix A) as one
//! 256-entry byte table, in the style of [`crate::syntax::chars`].
//!
//! RFC 2396 draws the lines differently from RFC 3986: `mark`
//! (`- _ . ! ~ * ' ( )`) is all unreserved, `reserved` has no `[` `]` `#`
//! (and no `! * ' ( )`), and `[` `]` are `unwise`, so never allowed
//! unescaped.

/// `alpha = lowalpha | upalpha` (§1.6).
pub(super) const ALPHA: u32 = 1 << 0;
/// `digit` (§1.6).
pub(super) const DIGIT: u32 = 1 << 1;
/// `hex = digit | "A".."F" | "a".."f"` (§2.4.1).
pub(super) const HEX: u32 = 1 << 2;
/// `mark = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"` (§2.3).
pub(super) const MARK: u32 = 1 << 3;
/// `unreserved = alphanum | mark` (§2.3).
pub(super) const UNRESERVED: u32 = 1 << 4;
/// `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | ","` (§2.2).
pub(super) const RESERVED: u32 = 1 << 5;
/// `delims = "<" | ">" | "#" | "%" | <">` (§2.4.3).
pub(super) const DELIMS: u32 = 1 << 6;
/// `unwise = "{" | "}" | "|" | "\" | "^" | "[" | "]" | "`"` (§2.4.3).
pub(super) const UNWISE: u32 = 1 << 7;
/// `control`: US-ASCII 00-1F and 7F (§2.4.3).
pub(super) const CONTROL: u32 = 1 << 8;
/// `space`: US-ASCII 20 (§2.4.3).
pub(super) const SPACE: u32 = 1 << 9;
/// `uric = reserved | unreserved | escaped` without `escaped` (§2): query,
/// fragment and the tail of `opaque_part`.
pub(super) const URIC: u32 = 1 << 10;
/// `uric_no_slash` without `escaped` (§3): the first character of `opaque_part`.
pub(super) const URIC_NO_SLASH: u32 = 1 << 11;
/// `pchar` without `escaped` (§3.3): unreserved, `: @ & = + $ ,`.
pub(super) const PCHAR: u32 = 1 << 12;
/// Characters of `path_segments` (§3.3): `pchar`, `;` (params) and `/`.
pub(super) const PATH: u32 = 1 << 13;
/// `rel_segment` without `escaped` (§5): unreserved, `; @ & = + $ ,` (no `:`).
pub(super) const REL_SEGMENT: u32 = 1 << 14;
/// `reg_name` without `escaped` (§3.2.1): unreserved, `$ , ; : @ & = +`.
pub(super) const REG_NAME: u32 = 1 << 15;
/// `userinfo` without `escaped` (§3.2.2): unreserved, `; : & = + $ ,`.
pub(super) const USERINFO: u32 = 1 << 16;
/// Characters after the first of `scheme` (§3.1): `alpha | digit | "+" | "-" | "."`.
pub(super) const SCHEME: u32 = 1 << 17;

const fn build() -> [u32; 256] {
    let mut t = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        let mut c = 0u32;
        if b.is_ascii_alphabetic() {
            c |= ALPHA | UNRESERVED | SCHEME;
        }
        if b.is_ascii_digit() {
            c |= DIGIT | UNRESERVED | SCHEME;
        }
        if b.is_ascii_hexdigit() {
            c |= HEX;
        }
        match b {
            b'-' | b'_' | b'.' | b'!' | b'~' | b'*' | b'\'' | b'(' | b')' => c |= MARK | UNRESERVED,
            b';' | b'/' | b'?' | b':' | b'@' | b'&' | b'=' | b'+' | b'$' | b',' => c |= RESERVED,
            b'<' | b'>' | b'#' | b'%' | b'"' => c |= DELIMS,
            b'{' | b'}' | b'|' | b'\\' | b'^' | b'[' | b']' | b'`' => c |= UNWISE,
            b' ' => c |= SPACE,
            0..=0x1f | 0x7f => c |= CONTROL,
            _ => {}
        }
        if matches!(b, b'+' | b'-' | b'.') {
            c |= SCHEME;
        }
        let unreserved = c & UNRESERVED != 0;
        if unreserved || c & RESERVED != 0 {
            c |= URIC;
        }
        if unreserved || (c & RESERVED != 0 && b != b'/') {
            c |= URIC_NO_SLASH;
        }
        if unreserved || matches!(b, b':' | b'@' | b'&' | b'=' | b'+' | b'$' | b',') {
            c |= PCHAR | PATH;
        }
        if matches!(b, b';' | b'/') {
            c |= PATH;
        }
        if unreserved || matches!(b, b';' | b'@' | b'&' | b'=' | b'+' | b'$' | b',') {
            c |= REL_SEGMENT;
        }
        if unreserved || matches!(b, b'$' | b',' | b';' | b':' | b'@' | b'&' | b'=' | b'+') {
            c |= REG_NAME;
        }
        if unreserved || matches!(b, b';' | b':' | b'&' | b'=' | b'+' | b'$' | b',') {
            c |= USERINFO;
        }
        t[i] = c;
        i += 1;
    }
    t
}

/// The class table: `TABLE[b]` is the set of RFC 2396 classes byte `b` belongs to.
pub(super) static TABLE: [u32; 256] = build();

/// Whether byte `b` is in any class of `mask`.
#[inline(always)]
pub(super) fn is(b: u8, mask: u32) -> bool {
    TABLE[b as usize] & mask != 0
}

/// `unreserved` (§2.3).
#[inline]
pub(super) fn is_unreserved(b: u8) -> bool {
    is(b, UNRESERVED)
}

/// `unwise` (§2.4.3).
#[inline]
pub(crate) fn is_unwise(b: u8) -> bool {
    is(b, UNWISE)
}

/// `delims` (§2.4.3).
#[inline]
pub(crate) fn is_delims(b: u8) -> bool {
    is(b, DELIMS)
}

/// Whether `s[i..]` starts with `escaped = "%" hex hex` (§2.4.1).
#[inline]
pub(crate) fn is_escaped_at(s: &[u8], i: usize) -> bool {
    i + 2 < s.len() && s[i] == b'%' && is(s[i + 1], HEX) && is(s[i + 2], HEX)
}

/// The RFC 2396 class of byte `b` with the section defining it, for messages:
/// `("mark", "§2.3")`, `("unwise", "§2.4.3")`, …. Bytes 0x80 and up are
/// outside US-ASCII, which RFC 2396 has no place for unescaped (§2.1).
pub(super) fn class_name(b: u8) -> (&'static str, &'static str) {
    let t = TABLE[b as usize];
    if t & (ALPHA | DIGIT) != 0 {
        ("alphanum", "§1.6")
    } else if t & MARK != 0 {
        ("mark", "§2.3")
    } else if t & RESERVED != 0 {
        ("reserved", "§2.2")
    } else if t & DELIMS != 0 {
        ("delims", "§2.4.3")
    } else if t & UNWISE != 0 {
        ("unwise", "§2.4.3")
    } else if t & CONTROL != 0 {
        ("control", "§2.4.3")
    } else if t & SPACE != 0 {
        ("space", "§2.4.3")
    } else {
        ("not US-ASCII", "§2.1")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The naive oracle: each class written out from Appendix A, checked byte by byte.
    #[test]
    fn table_matches_appendix_a_sets() {
        let mark = b"-_.!~*'()";
        let reserved = b";/?:@&=+$,";
        for b in 0..=255u8 {
            let alnum = b.is_ascii_alphanumeric();
            let unres = alnum || mark.contains(&b);
            let res = reserved.contains(&b);
            assert_eq!(is_unreserved(b), unres, "unreserved {b:#x}");
            assert_eq!(is(b, RESERVED), res, "reserved {b:#x}");
            assert_eq!(is(b, URIC), unres || res, "uric {b:#x}");
            assert_eq!(is(b, URIC_NO_SLASH), unres || (res && b != b'/'), "{b:#x}");
            let pchar = unres || b":@&=+$,".contains(&b);
            assert_eq!(is(b, PCHAR), pchar, "pchar {b:#x}");
            assert_eq!(is(b, PATH), pchar || b == b';' || b == b'/', "path {b:#x}");
            let rel = unres || b";@&=+$,".contains(&b);
            assert_eq!(is(b, REL_SEGMENT), rel, "rel_segment {b:#x}");
            let reg = unres || b"$,;:@&=+".contains(&b);
            assert_eq!(is(b, REG_NAME), reg, "reg_name {b:#x}");
            let ui = unres || b";:&=+$,".contains(&b);
            assert_eq!(is(b, USERINFO), ui, "userinfo {b:#x}");
            let excluded = b < 0x21 || b == 0x7f || b"<>#%\"{}|\\^[]`".contains(&b);
            if b < 0x80 {
                assert_eq!(excluded, !(unres || res), "excluded {b:#x}");
            }
        }
    }
}

/// The examples of the crate-private items above.
#[cfg(test)]
mod examples {
    #[test]
    fn class_name_example() {
        use crate::rfc2396::chars::class_name;
        assert_eq!(class_name(b'['), ("unwise", "§2.4.3"));
        assert_eq!(class_name(b'~'), ("mark", "§2.3"));
    }

    #[test]
    fn is_unreserved_example() {
        use crate::rfc2396::chars::is_unreserved;
        assert!(is_unreserved(b'!')); // a `mark` in 1998, a sub-delim in RFC 3986
        assert!(!is_unreserved(b'['));
    }
}
