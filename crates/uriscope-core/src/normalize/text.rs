//! The per-component text rewrites of §6.2.2.1 (case) and §6.2.2.2
//! (percent-encoding), shared by the traced ladder and the fast path through
//! the [`Emit`] trait: a `String` just appends, a [`Rewrite`] also records
//! which bytes of the result changed.

use crate::syntax::chars::{hex_value, is_unreserved};
use crate::Span;

/// Where rewritten text goes.
pub(crate) trait Emit {
    /// Append text copied unchanged from the input.
    fn keep(&mut self, s: &str);
    /// Append text that differs from the input it replaces (empty for a deletion).
    fn change(&mut self, s: &str);
}

impl Emit for String {
    #[inline]
    fn keep(&mut self, s: &str) {
        self.push_str(s);
    }
    #[inline]
    fn change(&mut self, s: &str) {
        self.push_str(s);
    }
}

/// A string being rebuilt from `source`, with the spans of it that differ
/// from the source. Until the first change the text is the source's
/// start, and nothing is copied: a rung that changes nothing in a 10 MB
/// input costs no copy of it.
#[derive(Debug)]
pub(crate) struct Rewrite<'s> {
    source: &'s str,
    /// The text, once something changed.
    out: Option<String>,
    /// How long the text is so far.
    len: usize,
    pub(crate) changed: Vec<Span>,
}

impl<'s> Rewrite<'s> {
    /// A rebuilding of `source`, nothing written yet.
    pub(crate) fn new(source: &'s str) -> Rewrite<'s> {
        Rewrite {
            source,
            out: None,
            len: 0,
            changed: Vec::new(),
        }
    }

    /// How long the text is so far.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The text rebuilt, or `None` when nothing changed: it is the source.
    pub(crate) fn into_changed(self) -> Option<String> {
        debug_assert!(self.out.is_some() || self.len == self.source.len());
        self.out
    }
}

impl Emit for Rewrite<'_> {
    fn keep(&mut self, s: &str) {
        match &mut self.out {
            Some(out) => out.push_str(s),
            // Kept text is the source's, where it stands in the source.
            None => debug_assert!(self.source[self.len..].starts_with(s)),
        }
        self.len += s.len();
    }
    fn change(&mut self, s: &str) {
        let (source, start) = (self.source, self.len);
        let out = self.out.get_or_insert_with(|| source[..start].to_string());
        out.push_str(s);
        self.len += s.len();
        let end = self.len;
        match self.changed.last_mut() {
            Some(last) if last.end == start => last.end = end,
            _ => self.changed.push(Span::new(start, end)),
        }
    }
}

const UPPER_HEX: &[u8; 16] = b"0123456789ABCDEF";

/// What to do with the text of one component.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TextRule {
    /// Lowercase ASCII letters outside escapes (scheme, host).
    pub(crate) lower: bool,
    /// Decode escapes of unreserved characters (§6.2.2.2).
    pub(crate) decode: bool,
    /// With `decode`: also decode escapes whose octets are the strictly
    /// valid UTF-8 of an `iunreserved` character (RFC 3987 §5.3.2.3, §2.2:
    /// a `ucschar`, never a bidirectional formatting character, §4.1).
    pub(crate) iri: bool,
}

impl TextRule {
    /// A rule with the given `lower` and `decode`, not decoding to IRI characters.
    pub(crate) const fn new(lower: bool, decode: bool) -> TextRule {
        TextRule {
            lower,
            decode,
            iri: false,
        }
    }

    /// This rule with `iri` set.
    pub(crate) const fn iri(self, iri: bool) -> TextRule {
        TextRule { iri, ..self }
    }
}

/// The `iunreserved` non-ASCII character whose UTF-8 is spelled by the
/// escapes starting at `b[i]` (lead byte `v`), and how many bytes they take.
fn escaped_iunreserved(b: &[u8], i: usize, v: u8) -> Option<(char, usize)> {
    let len = match v {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let mut octets = [v, 0, 0, 0];
    for (k, o) in octets.iter_mut().enumerate().take(len).skip(1) {
        let at = i + 3 * k;
        if b.get(at) != Some(&b'%') {
            return None;
        }
        *o = hex_value(*b.get(at + 1)?)? << 4 | hex_value(*b.get(at + 2)?)?;
    }
    let c = std::str::from_utf8(&octets[..len]).ok()?.chars().next()?;
    crate::iri::may_decode_in_iri(c, false).then_some((c, 3 * len))
}

/// Rewrite `s` under `rule`: escapes get uppercase hex digits (§6.2.2.1),
/// escapes of unreserved characters are decoded when `rule.decode`, letters
/// are lowercased when `rule.lower` (decoded ones too, so a second pass
/// changes nothing).
pub(crate) fn write_text<E: Emit>(s: &str, rule: TextRule, out: &mut E) {
    let b = s.as_bytes();
    // Most components are already normal: nothing to lowercase, no escape.
    // Said in one pass that the compiler can vectorize (no early exit; the
    // loop below is per byte, and memchr costs more than it saves on the
    // short components of a URI).
    let unchanged = if rule.lower {
        !b.iter()
            .fold(false, |any, &c| any | (c == b'%') | c.is_ascii_uppercase())
    } else {
        !b.iter().fold(false, |any, &c| any | (c == b'%'))
    };
    if unchanged {
        out.keep(s);
        return;
    }
    let mut run = 0;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'%' && i + 2 < b.len() {
            if let (Some(hi), Some(lo)) = (hex_value(b[i + 1]), hex_value(b[i + 2])) {
                out.keep(&s[run..i]);
                let v = hi * 16 + lo;
                let mut buf = [0u8; 4];
                if let Some((ch, n)) = (rule.decode && rule.iri && v >= 0x80)
                    .then(|| escaped_iunreserved(b, i, v))
                    .flatten()
                {
                    out.change(ch.encode_utf8(&mut buf));
                    i += n;
                    run = i;
                    continue;
                }
                if rule.decode && is_unreserved(v) {
                    let d = if rule.lower {
                        v.to_ascii_lowercase()
                    } else {
                        v
                    };
                    out.change(char::from(d).encode_utf8(&mut buf));
                } else {
                    let up = [b'%', UPPER_HEX[hi as usize], UPPER_HEX[lo as usize]];
                    if up == b[i..i + 3] {
                        out.keep(&s[i..i + 3]);
                    } else {
                        buf[..3].copy_from_slice(&up);
                        out.change(std::str::from_utf8(&buf[..3]).unwrap_or("%"));
                    }
                }
                i += 3;
                run = i;
                continue;
            }
        }
        if rule.lower && c.is_ascii_uppercase() {
            out.keep(&s[run..i]);
            let mut buf = [0u8; 4];
            out.change(char::from(c.to_ascii_lowercase()).encode_utf8(&mut buf));
            run = i + 1;
        }
        i += 1;
    }
    out.keep(&s[run..]);
}

/// Whether a path segment is a dot segment spelled with escapes: `%2E`,
/// `.%2E`, `%2e%2E`, ... (decoding it would create a `.` or `..` segment).
pub(crate) fn is_encoded_dot_segment(seg: &str) -> bool {
    let b = seg.as_bytes();
    let mut i = 0;
    let mut dots = 0;
    let mut escaped = false;
    while i < b.len() {
        if b[i] == b'.' {
            i += 1;
        } else if b[i..].len() >= 3
            && b[i] == b'%'
            && b[i + 1] == b'2'
            && matches!(b[i + 2], b'E' | b'e')
        {
            i += 3;
            escaped = true;
        } else {
            return false;
        }
        dots += 1;
    }
    escaped && (dots == 1 || dots == 2)
}

/// Rewrite a path under `rule`; with `keep_dots`, segment by segment,
/// leaving escaped dot segments encoded (hex uppercased).
pub(crate) fn write_path_text<E: Emit>(path: &str, rule: TextRule, keep_dots: bool, out: &mut E) {
    if !rule.decode || !keep_dots {
        return write_text(path, rule, out);
    }
    for (k, seg) in path.split('/').enumerate() {
        if k > 0 {
            out.keep("/");
        }
        if is_encoded_dot_segment(seg) {
            write_text(seg, TextRule::new(false, false), out);
        } else {
            write_text(seg, rule, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str, lower: bool, decode: bool) -> (String, Vec<(usize, usize)>) {
        let mut rw = Rewrite::new(s);
        write_text(s, TextRule::new(lower, decode), &mut rw);
        let mut plain = String::new();
        write_text(s, TextRule::new(lower, decode), &mut plain);
        let changed = rw.changed.iter().map(|s| (s.start, s.end)).collect();
        let out = rw.into_changed().unwrap_or_else(|| s.to_string());
        assert_eq!(plain, out);
        (out, changed)
    }

    #[test]
    fn case_uppercases_hex_and_lowercases_when_asked() {
        assert_eq!(text("a%7bB", false, false), ("a%7BB".into(), vec![(1, 4)]));
        assert_eq!(
            text("WwW%7b", true, false),
            ("www%7B".into(), vec![(0, 1), (2, 6)])
        );
        assert_eq!(text("%", false, true), ("%".into(), vec![]));
        assert_eq!(text("%4", false, true), ("%4".into(), vec![]));
    }

    #[test]
    fn percent_decodes_unreserved_only() {
        assert_eq!(
            text("%63%2F%7e%41", false, true),
            ("c%2F~A".into(), vec![(0, 1), (4, 6)])
        );
        assert_eq!(text("%41", true, true), ("a".into(), vec![(0, 1)]));
    }

    #[test]
    fn iri_decodes_escaped_iunreserved_utf8_only() {
        let iri = |s: &str| {
            let mut out = String::new();
            write_text(s, TextRule::new(false, true).iri(true), &mut out);
            out
        };
        assert_eq!(iri("D%c3%bcrst%7e"), "Dürst~");
        // Not UTF-8, a reserved or ASCII control byte, a bidi control (§4.1),
        // a private-use character (not iunreserved), a truncated sequence.
        assert_eq!(iri("%FC%2F%0A"), "%FC%2F%0A");
        assert_eq!(iri("%E2%80%AE"), "%E2%80%AE");
        assert_eq!(iri("%EE%80%80"), "%EE%80%80");
        assert_eq!(iri("%C3"), "%C3");
    }

    #[test]
    fn encoded_dot_segments() {
        for s in ["%2E", "%2e", ".%2E", "%2E.", "%2e%2E"] {
            assert!(is_encoded_dot_segment(s), "{s}");
        }
        for s in ["", ".", "..", "%2E%2E%2E", "%2Ea", "%2F"] {
            assert!(!is_encoded_dot_segment(s), "{s}");
        }
    }
}
