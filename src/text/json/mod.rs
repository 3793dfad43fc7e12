//! JSON output that is safe to `cat` to a terminal and to split into
//! lines: serde_json writes C1 controls (U+0080..U+009F, among them CSI
//! U+009B), DEL, bidi controls, the other format characters (Cf) and the
//! line and paragraph separators (U+2028, U+2029) raw; a terminal acts on
//! some of them, and a reader that splits lines on U+2028 (Python's
//! `splitlines()`) cuts an object in two. Here they are written as
//! `\uXXXX` escapes (a character past U+FFFF as its surrogate pair, as
//! JSON requires), which every JSON reader decodes back to the same
//! string.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::Formatter;

mod escape;

#[cfg(test)]
use escape::escaped_in_json;

/// serde_json's compact formatter, escaping what [`write()`] escapes
/// beyond JSON's own: serde_json escapes `"`, `\` and the C0 controls
/// and hands every run between them here, which writes a run that holds
/// nothing else as it is (looked at eight bytes at a time) and the
/// characters that draw nothing, DEL and the C1 controls as `\uXXXX`.
pub struct TerminalSafe;

impl Formatter for TerminalSafe {
    #[inline]
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        escape::write_body(writer, fragment)
    }
}

/// Write `value` as one line of compact JSON, terminal-safe: the bytes
/// serde_json's compact serializer writes, except that DEL, the C1
/// controls and every character that draws nothing (format characters,
/// bidi controls among them; line and paragraph separators; variation
/// selectors…, [`crate::uri::iri::is_invisible`]) are `\uXXXX` escapes too
/// ([`TerminalSafe`]).
///
/// ```
/// let mut out = Vec::new();
/// uriscope::text::json::write(&mut out, &"a\u{9b}31m\u{202e}").unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), r#""a\u009b31m\u202e""#);
/// ```
pub fn write<W: Write, T: Serialize + ?Sized>(out: &mut W, value: &T) -> io::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(out, TerminalSafe);
    value.serialize(&mut ser).map_err(io::Error::from)
}

/// Write `s` as a JSON string, quotes included, as [`write()`] writes a
/// string: for the writer that assembles a report line by hand
/// ([`crate::report::json_line`]).
///
/// ```
/// let mut out = Vec::new();
/// uriscope::text::json::write_string(&mut out, "a\"\u{9b}").unwrap();
/// assert_eq!(out, br#""a\"\u009b""#);
/// ```
pub fn write_string<W: Write + ?Sized>(out: &mut W, s: &str) -> io::Result<()> {
    escape::write_str(out, s)
}

/// Whether `s` is surely written as itself between the quotes (no byte
/// of it is escaped), read a word at a time. `false` may be a false
/// alarm: it only means [`write_string`] must look. A writer that checks
/// a line's input once may copy every slice of it unlooked-at
/// ([`crate::report::json_line`]).
///
/// ```
/// use uriscope::text::json::is_plain;
/// assert!(is_plain("http://example.com/a?b#c"));
/// assert!(!is_plain("say \"hi\""));
/// assert!(!is_plain("a\u{1b}[31m"));
/// ```
#[inline]
pub fn is_plain(s: &str) -> bool {
    escape::plain(s.as_bytes())
}

/// The reference [`write()`] is tested against: serde_json's compact
/// serializer with a formatter that looks at every character of a run
/// and escapes [`escape::escaped_in_json`], the simplest form of
/// [`TerminalSafe`].
#[cfg(test)]
pub(crate) fn write_with_serde_json<W: Write, T: Serialize + ?Sized>(
    out: &mut W,
    value: &T,
) -> io::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(out, oracle::CharByChar);
    value.serialize(&mut ser).map_err(io::Error::from)
}

#[cfg(test)]
mod oracle {
    use std::io::{self, Write};

    use serde_json::ser::Formatter;

    use super::escaped_in_json;

    /// serde_json's compact formatter, escaping [`escaped_in_json`] too,
    /// a character at a time.
    pub(crate) struct CharByChar;

    impl Formatter for CharByChar {
        fn write_string_fragment<W: ?Sized + Write>(
            &mut self,
            writer: &mut W,
            fragment: &str,
        ) -> io::Result<()> {
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn json<T: Serialize + ?Sized>(v: &T) -> String {
        let mut out = Vec::new();
        write(&mut out, v).expect("write to a Vec");
        String::from_utf8(out).expect("UTF-8")
    }

    fn reference<T: Serialize + ?Sized>(v: &T) -> String {
        let mut out = Vec::new();
        write_with_serde_json(&mut out, v).expect("write to a Vec");
        String::from_utf8(out).expect("UTF-8")
    }

    #[test]
    fn hazards_are_escaped_and_the_rest_is_as_serde_json_writes_it() {
        assert_eq!(json("\u{1b}[31m"), r#""\u001b[31m""#);
        assert_eq!(json("x\u{7f}\u{85}\u{200d}é"), r#""x\u007f\u0085\u200dé""#);
        assert_eq!(json("\u{e0041}"), r#""\udb40\udc41""#);
        assert_eq!(json("例 \"q\""), serde_json::to_string("例 \"q\"").unwrap());
        assert_eq!(json("\u{8}\u{c}\n\r\t\\"), r#""\b\f\n\r\t\\""#);
    }

    /// Every Unicode scalar value, at every offset of an 8-byte word and
    /// in the tail, is written as serde_json with the terminal-safe
    /// formatter writes it.
    #[test]
    fn every_character_is_written_as_the_reference_writes_it() {
        let mut s = String::new();
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            for pad in [0, 3, 7, 9] {
                s.clear();
                s.extend(std::iter::repeat_n('~', pad));
                s.push(c);
                s.push_str("abcdefg\"");
                assert_eq!(json(&s), reference(&s), "U+{:04X} after {pad}", c as u32);
            }
        }
    }

    /// Short strings, written whole when nothing in them needs a look:
    /// every ASCII byte and a few that lead escaped characters, at every
    /// position of every length up to 17, as the reference writes them.
    #[test]
    fn short_strings_are_written_as_the_reference_writes_them() {
        let odd = [
            'é',
            '\u{9b}',
            '\u{202e}',
            '€',
            '\u{feff}',
            '😀',
            '\u{2028}',
            '\u{110bd}',
        ];
        let chars = (0..0x80u8).map(char::from).chain(odd);
        for c in chars {
            for len in 1..=17 {
                for pos in 0..len {
                    let s: String = (0..len).map(|i| if i == pos { c } else { 'k' }).collect();
                    assert_eq!(json(&s), reference(&s), "{c:?} at {pos} of {len}");
                }
            }
        }
    }

    /// Any JSON value: objects, arrays, numbers of every kind, strings.
    fn value() -> impl Strategy<Value = serde_json::Value> {
        use serde_json::Value;
        let text = prop_oneof![
            any::<String>(),
            "[a-z\"\\\u{0}-\u{1f}\u{7f}-\u{a0}\u{200b}-\u{2069}\u{feff}\u{e0001}]{0,24}",
        ];
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            text.clone().prop_map(Value::from),
        ];
        leaf.prop_recursive(4, 64, 8, move |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::from),
                proptest::collection::btree_map(text.clone(), inner, 0..6)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
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

        /// Byte for byte what serde_json (with the terminal-safe
        /// formatter) writes, on any value.
        #[test]
        fn any_value_is_written_as_the_reference_writes_it(v in value()) {
            prop_assert_eq!(json(&v), reference(&v));
        }
    }

    /// Structs, enums of every shape, flattened fields, maps with
    /// integer and character keys, bytes and tuples.
    #[test]
    fn every_serde_shape_is_written_as_the_reference_writes_it() {
        #[derive(Serialize)]
        enum E {
            Unit,
            New(u8),
            Tuple(i32, &'static str),
            Struct { a: f32, b: Option<char> },
        }
        #[derive(Serialize)]
        struct Inner {
            x: u128,
            y: (),
        }
        #[derive(Serialize)]
        struct Unit;
        #[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
        enum K {
            A,
            B,
        }
        #[derive(Serialize)]
        struct New(&'static str);
        #[derive(Serialize)]
        struct Outer<'a> {
            e: Vec<E>,
            #[serde(flatten)]
            inner: Inner,
            ints: std::collections::BTreeMap<i16, bool>,
            chars: std::collections::BTreeMap<char, Unit>,
            bools: std::collections::BTreeMap<bool, u8>,
            variants: std::collections::BTreeMap<K, u8>,
            #[serde(with = "serde_bytes_like")]
            bytes: &'a [u8],
            tuple: (New, f64, i128),
            skipped: Option<u8>,
        }
        mod serde_bytes_like {
            pub fn serialize<S: serde::Serializer>(b: &&[u8], s: S) -> Result<S::Ok, S::Error> {
                s.serialize_bytes(b)
            }
        }
        let v = Outer {
            e: vec![
                E::Unit,
                E::New(7),
                E::Tuple(-3, "\u{9b}"),
                E::Struct {
                    a: 1.5,
                    b: Some('\u{202e}'),
                },
            ],
            inner: Inner {
                x: u128::MAX,
                y: (),
            },
            ints: [(-1, true), (2, false)].into_iter().collect(),
            chars: [('"', Unit), ('é', Unit)].into_iter().collect(),
            bools: [(false, 0), (true, 1)].into_iter().collect(),
            variants: [(K::A, 0), (K::B, 1)].into_iter().collect(),
            bytes: b"\x00\xff",
            tuple: (New("n"), f64::NAN, i128::MIN),
            skipped: None,
        };
        assert_eq!(json(&v), reference(&v));
        assert!(
            json(&v).contains(r#""Tuple":[-3,"\u009b"]"#),
            "{}",
            json(&v)
        );
        let bad: std::collections::BTreeMap<Vec<u8>, u8> = [(vec![1], 1)].into_iter().collect();
        let mut sink = Vec::new();
        assert!(write(&mut sink, &bad).is_err());
        assert!(write_with_serde_json(&mut Vec::new(), &bad).is_err());
    }
}
