//! The one reader of `--get` templates, for `uriscope edit` and trurl
//! mode: text with `{part}` (or `[part]`) fields, `\n`, `\t`, `\r`,
//! `\\`, `\{`, `\[` escapes and `{{` for a `{`. The two command lines
//! read brackets and an unclosed `{` differently ([`Dialect`]); what a
//! field means is the URL model's ([`Fields`]), so one template expands
//! over the RFC 3986 editor and over libcurl's model alike.

use std::ops::Range;

/// How a template's fields are marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// `uriscope edit`: `{part}` and `[part]` are both fields, but not
    /// both kinds in one template; `{{` is a `{` anywhere; a field left
    /// open is an error.
    Strict,
    /// trurl's: whichever of `{` and `[` comes first is the kind for the
    /// whole template (the other is text); two of it are one as text;
    /// one that is never closed is text.
    Trurl,
}

/// One piece of a template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece<T> {
    /// Text, escapes applied.
    Text(Vec<u8>),
    /// A field, as the model read it.
    Field(T),
}

/// Where a field stands in its template, for the model to read.
#[derive(Clone, Debug)]
pub struct FieldAt<'f> {
    /// Between the marks.
    pub name: &'f [u8],
    /// With its marks.
    pub whole: &'f [u8],
    /// From its opening mark to the end of the template.
    pub tail: &'f [u8],
    /// Where it stands, marks included.
    pub span: Range<usize>,
}

/// A template read once: text and fields, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template<T>(pub Vec<Piece<T>>);

/// What a URL model makes of the fields of a template: a line, one
/// field at a time.
pub trait Fields<T> {
    /// What stops a line.
    type Error;
    /// Write `field` into `line`.
    fn field(&mut self, field: &T, line: &mut Vec<u8>) -> Result<(), Self::Error>;
}

impl<T> Template<T> {
    /// Read `f` in `dialect`, each field made a `T` by `field` (which
    /// may refuse it). The error names an open mark never closed, or
    /// the two kinds mixed (the strict dialect only).
    ///
    /// ```
    /// use uriscope::cli::get_template::{Dialect, Piece, Template};
    /// let name = |f: uriscope::cli::get_template::FieldAt| Ok::<_, String>(f.name.to_vec());
    /// let t = Template::read(b"a{{[x]", Dialect::Trurl, name).unwrap();
    /// assert_eq!(t.0, vec![Piece::Text(b"a{[x]".to_vec())]);
    /// let t = Template::read(b"a{{[x]", Dialect::Strict, name).unwrap();
    /// assert_eq!(t.0, vec![Piece::Text(b"a{".to_vec()), Piece::Field(b"x".to_vec())]);
    /// assert!(Template::read(b"{host", Dialect::Strict, name).is_err());
    /// ```
    pub fn read<E: From<String>>(
        f: &[u8],
        dialect: Dialect,
        mut field: impl FnMut(FieldAt) -> Result<T, E>,
    ) -> Result<Template<T>, E> {
        let mut pieces = Vec::new();
        let mut text = Vec::new();
        let mut kind: Option<u8> = None;
        let mut i = 0;
        while i < f.len() {
            let c = f[i];
            let next = f.get(i + 1).copied();
            let opens = match dialect {
                Dialect::Strict => {
                    if c == b'{' && next == Some(b'{') {
                        text.push(b'{');
                        i += 2;
                        continue;
                    }
                    c == b'{' || c == b'['
                }
                Dialect::Trurl => {
                    if kind.is_none() && (c == b'{' || c == b'[') {
                        kind = Some(c);
                    }
                    kind == Some(c)
                }
            };
            if opens {
                if dialect == Dialect::Strict {
                    if kind.is_some_and(|k| k != c) {
                        return Err("braces and brackets cannot be mixed in one format"
                            .to_string()
                            .into());
                    }
                    kind = Some(c);
                } else if next == Some(c) {
                    text.push(c);
                    i += 2;
                    continue;
                }
                let close = if c == b'{' { b'}' } else { b']' };
                let Some(end) = f[i + 1..]
                    .iter()
                    .position(|&b| b == close)
                    .map(|p| i + 1 + p)
                else {
                    if dialect == Dialect::Strict {
                        let open = String::from_utf8_lossy(&f[i..]);
                        return Err(format!("{open} is not closed with {}", close as char).into());
                    }
                    text.push(c);
                    i += 1;
                    continue;
                };
                if !text.is_empty() {
                    pieces.push(Piece::Text(std::mem::take(&mut text)));
                }
                pieces.push(Piece::Field(field(FieldAt {
                    name: &f[i + 1..end],
                    whole: &f[i..=end],
                    tail: &f[i..],
                    span: i..end + 1,
                })?));
                i = end + 1;
            } else if c == b'\\' && i + 1 < f.len() {
                match f[i + 1] {
                    b'r' => text.push(b'\r'),
                    b'n' => text.push(b'\n'),
                    b't' => text.push(b'\t'),
                    x @ (b'\\' | b'{' | b'[') => text.push(x),
                    x => text.extend_from_slice(&[b'\\', x]),
                }
                i += 2;
            } else {
                text.push(c);
                i += 1;
            }
        }
        if !text.is_empty() {
            pieces.push(Piece::Text(text));
        }
        Ok(Template(pieces))
    }

    /// The line this template makes with `fields`, appended to `line`;
    /// an error stops it after what was made so far.
    pub fn expand<M: Fields<T>>(&self, fields: &mut M, line: &mut Vec<u8>) -> Result<(), M::Error> {
        for p in &self.0 {
            match p {
                Piece::Text(t) => line.extend_from_slice(t),
                Piece::Field(f) => fields.field(f, line)?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The template as `T{text}` and `F{name}` pieces, or the error.
    fn read(f: &str, dialect: Dialect) -> Result<String, String> {
        let t = Template::read(f.as_bytes(), dialect, |at| {
            Ok::<_, String>(String::from_utf8_lossy(at.name).into_owned())
        })?;
        Ok(t.0
            .iter()
            .map(|p| match p {
                Piece::Text(t) => format!("T{{{}}}", String::from_utf8_lossy(t)),
                Piece::Field(n) => format!("F{{{n}}}"),
            })
            .collect())
    }

    /// Where the dialects part: `[` after `{` (and `{` after `[`), `{{`
    /// before a `[` field, `[[`, and a mark never closed.
    #[test]
    fn the_dialects_part_on_the_other_mark_and_an_unclosed_one() {
        let cases: &[(&str, Result<&str, &str>, &str)] = &[
            (
                "{host}[port]",
                Err("braces and brackets cannot be mixed in one format"),
                "F{host}T{[port]}",
            ),
            (
                "[host]{port}",
                Err("braces and brackets cannot be mixed in one format"),
                "F{host}T{{port}}",
            ),
            ("{{[host]", Ok("T{{}F{host}"), "T{{[host]}"),
            ("[host]{{", Ok("F{host}T{{}"), "F{host}T{{{}"),
            ("[[host]]", Ok("F{[host}T{]}"), "T{[host]]}"),
            ("{host", Err("{host is not closed with }"), "T{{host}"),
            ("a{", Err("{ is not closed with }"), "T{a{}"),
            ("x{a}{b", Err("{b is not closed with }"), "T{x}F{a}T{{b}"),
            ("[a", Err("[a is not closed with ]"), "T{[a}"),
        ];
        for &(f, strict, trurl) in cases {
            assert_eq!(
                read(f, Dialect::Strict),
                strict.map(str::to_string).map_err(str::to_string),
                "strict {f:?}"
            );
            assert_eq!(read(f, Dialect::Trurl).as_deref(), Ok(trurl), "trurl {f:?}");
        }
    }

    /// Escapes, `{{` before a brace field, a trailing backslash and an
    /// unknown escape read the same in both dialects.
    #[test]
    fn the_dialects_agree_on_escapes_and_doubled_braces() {
        let cases = [
            (r"\{host\}\n\t\r\\", "T{{host\\}\n\t\r\\}"),
            (r"\[x]", "T{[x]}"),
            ("{{host}}", "T{{host}}}"),
            ("{{", "T{{}"),
            (r"{:query}\", "F{:query}T{\\}"),
            (r"a\qb", "T{a\\qb}"),
            ("{default:port}{puny:host}", "F{default:port}F{puny:host}"),
            ("{}", "F{}"),
        ];
        for (f, want) in cases {
            for d in [Dialect::Strict, Dialect::Trurl] {
                assert_eq!(read(f, d).as_deref(), Ok(want), "{d:?} {f:?}");
            }
        }
    }

    #[test]
    fn a_field_knows_its_span_and_the_tail_from_it() {
        let mut seen = Vec::new();
        Template::read(b"ab{x}c{y", Dialect::Trurl, |at| {
            seen.push((at.span.clone(), at.whole.to_vec(), at.tail.to_vec()));
            Ok::<_, String>(())
        })
        .unwrap();
        assert_eq!(seen, vec![(2..5, b"{x}".to_vec(), b"{x}c{y".to_vec())]);
    }

    #[test]
    fn expanding_stops_at_the_first_field_that_fails_with_the_line_so_far() {
        struct Upper;
        impl Fields<String> for Upper {
            type Error = String;
            fn field(&mut self, f: &String, line: &mut Vec<u8>) -> Result<(), String> {
                if f == "bad" {
                    return Err("bad field".into());
                }
                line.extend_from_slice(f.to_uppercase().as_bytes());
                Ok(())
            }
        }
        let t = Template::read(b"<{a}|{bad}|{c}>", Dialect::Strict, |at| {
            Ok::<_, String>(String::from_utf8_lossy(at.name).into_owned())
        })
        .unwrap();
        let mut line = Vec::new();
        assert_eq!(t.expand(&mut Upper, &mut line), Err("bad field".into()));
        assert_eq!(line, b"<A|");
    }

    proptest! {
        /// trurl's dialect reads any bytes; fields stand in order within
        /// the template, each between its marks; without a mark or a
        /// backslash both dialects give the template back as one text.
        #[test]
        fn any_bytes_read_and_fields_stand_in_order(f in proptest::collection::vec(
            prop_oneof![Just(b'{'), Just(b'}'), Just(b'['), Just(b']'), Just(b'\\'), any::<u8>()],
            0..40,
        )) {
            let mut spans = Vec::new();
            let t = Template::read(&f, Dialect::Trurl, |at| {
                spans.push(at.span.clone());
                Ok::<_, String>(())
            });
            prop_assert!(t.is_ok());
            for w in spans.windows(2) {
                prop_assert!(w[0].end <= w[1].start);
            }
            for s in &spans {
                prop_assert!(s.end <= f.len());
                let marked = matches!((f[s.start], f[s.end - 1]), (b'{', b'}') | (b'[', b']'));
                prop_assert!(marked, "{:?} in {:?}", s, f);
            }
            let _ = Template::read(&f, Dialect::Strict, |_| Ok::<_, String>(()));
            if !f.iter().any(|b| b"{[\\".contains(b)) {
                for d in [Dialect::Strict, Dialect::Trurl] {
                    let t = Template::read(&f, d, |_| Ok::<_, String>(())).unwrap();
                    let want = if f.is_empty() { vec![] } else { vec![Piece::Text(f.clone())] };
                    prop_assert_eq!(t.0, want);
                }
            }
        }
    }
}
