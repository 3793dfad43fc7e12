//! JSON output that is safe to `cat` to a terminal: serde_json writes C1
//! controls (U+0080..U+009F, among them CSI U+009B), DEL, bidi controls
//! and invisible format characters raw, and a terminal acts on some of
//! them. Here they are written as `\uXXXX` escapes (a character past
//! U+FFFF as its surrogate pair, as JSON requires), which every JSON
//! reader decodes back to the same string.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{Formatter, Serializer};

/// Whether `c` is written as an escape in JSON strings (serde_json already
/// escapes C0 controls, `"` and `\`).
fn escaped_in_json(c: char) -> bool {
    c == '\u{7f}'
        || ('\u{80}'..='\u{9f}').contains(&c)
        || crate::uri::iri::is_bidi_control(c)
        || crate::text::is_invisible_format(c)
}

/// serde_json's compact formatter, escaping [`escaped_in_json`] too.
struct TerminalSafe;

impl Formatter for TerminalSafe {
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        // Most strings have nothing to escape: one word-at-a-time scan
        // (the plain escaper's; serde_json has already cut the fragment
        // at the C0 controls it escapes itself, so what the scan finds is
        // one of ours) instead of a walk over every character.
        let Some(first) = super::plain::first_unsafe(fragment) else {
            return writer.write_all(fragment.as_bytes());
        };
        writer.write_all(&fragment.as_bytes()[..first])?;
        let fragment = &fragment[first..];
        let mut start = 0;
        for (i, c) in fragment.char_indices() {
            if !escaped_in_json(c) {
                continue;
            }
            writer.write_all(&fragment.as_bytes()[start..i])?;
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                write!(writer, "\\u{u:04x}")?;
            }
            start = i + c.len_utf8();
        }
        writer.write_all(&fragment.as_bytes()[start..])
    }

    // Every other method: the compact formatter's defaults.
}

/// Write `value` as one line of compact JSON, terminal-safe.
///
/// ```
/// let mut out = Vec::new();
/// uriscope::text::json::write(&mut out, &"a\u{9b}31m\u{202e}").unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), r#""a\u009b31m\u202e""#);
/// ```
pub fn write<W: Write, T: Serialize + ?Sized>(out: &mut W, value: &T) -> io::Result<()> {
    let mut ser = Serializer::with_formatter(out, TerminalSafe);
    value.serialize(&mut ser).map_err(io::Error::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn json(s: &str) -> String {
        let mut out = Vec::new();
        write(&mut out, s).expect("write to a Vec");
        String::from_utf8(out).expect("UTF-8")
    }

    #[test]
    fn hazards_are_escaped_and_the_rest_is_as_serde_json_writes_it() {
        assert_eq!(json("\u{1b}[31m"), r#""\u001b[31m""#);
        assert_eq!(json("x\u{7f}\u{85}\u{200d}é"), r#""x\u007f\u0085\u200dé""#);
        assert_eq!(json("\u{e0041}"), r#""\udb40\udc41""#);
        assert_eq!(json("例 \"q\""), serde_json::to_string("例 \"q\"").unwrap());
    }

    proptest! {
        /// Whatever the string, the output reads back to it and holds no
        /// character a terminal acts on.
        #[test]
        fn output_reads_back_and_is_terminal_safe(s in any::<String>()) {
            let j = json(&s);
            prop_assert!(!j.chars().any(|c| c.is_control() || escaped_in_json(c)));
            let back: String = serde_json::from_str(&j).expect("valid JSON");
            prop_assert_eq!(back, s);
        }
    }
}
