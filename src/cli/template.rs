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
    /// use uriscope::cli::template::{Dialect, Piece, Template};
    /// let name = |f: uriscope::cli::template::FieldAt| Ok::<_, String>(f.name.to_vec());
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
