//! The `--json` object of `uriscope edit` and of trurl mode, one shape
//! for both URL models: `url`, `parts` (each component that is there, in
//! the model's order) and `params` (the query's pairs). Both write it
//! through serde_json with [`crate::text::json::TerminalSafe`]'s
//! escaping: `edit` one compact object a line, trurl mode laid out as
//! trurl lays it out ([`TrurlLayout`]).

use std::io::{self, Write};

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use serde_json::ser::Formatter;

use crate::text::json::TerminalSafe;

/// One URL in trurl's `--json` shape; `S` writes the path's segments
/// where the model gives them (`edit --json`; trurl has none).
#[derive(Debug, Serialize)]
pub struct UrlObject<S: Serialize = NoSegments> {
    /// The complete URL.
    pub url: String,
    /// Each component that is there, by name, in the model's order.
    pub parts: Parts,
    /// The query's pairs (absent when the model has none to give).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub params: Option<Vec<Param>>,
    /// The path's segments (absent when the model has none to give).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub segments: Option<S>,
}

/// The segments of a model that gives none: never written.
#[derive(Clone, Copy, Debug, Serialize)]
pub enum NoSegments {}

/// The `parts` object: component names and values, in order.
#[derive(Debug, Default)]
pub struct Parts(pub Vec<(&'static str, String)>);

impl Serialize for Parts {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// One query pair.
#[derive(Debug, Serialize)]
pub struct Param {
    /// Key, decoded as an HTML form sends it (`+` a space), as trurl does.
    pub key: String,
    /// Value, decoded the same way (empty for a pair without `=`).
    pub value: String,
}

impl<S: Serialize> UrlObject<S> {
    /// The object as one line of compact JSON (`uriscope edit --json`).
    pub fn write_compact<W: Write>(&self, out: &mut W) -> io::Result<()> {
        crate::text::json::write(out, self)
    }

    /// The object as trurl writes it inside its array: two-space indents,
    /// one member a line, the object itself one level in (the caller
    /// writes the indent before it and the separators between objects).
    pub fn write_trurl<W: Write>(&self, out: &mut W) -> io::Result<()> {
        let mut ser = serde_json::Serializer::with_formatter(out, TrurlLayout { level: 1 });
        self.serialize(&mut ser).map_err(io::Error::from)
    }
}

/// trurl's layout of its JSON: each member and element on a line of its
/// own, indented two spaces a level, `": "` after a key, and an empty
/// object or array still opened and closed on lines of their own.
/// Strings are escaped as [`TerminalSafe`] escapes them.
pub struct TrurlLayout {
    /// How deep the value being written is.
    pub level: usize,
}

impl TrurlLayout {
    fn indent<W: ?Sized + Write>(&self, w: &mut W) -> io::Result<()> {
        for _ in 0..self.level {
            w.write_all(b"  ")?;
        }
        Ok(())
    }

    fn open<W: ?Sized + Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.level += 1;
        w.write_all(bracket)?;
        w.write_all(b"\n")
    }

    fn close<W: ?Sized + Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.level -= 1;
        w.write_all(b"\n")?;
        self.indent(w)?;
        w.write_all(bracket)
    }

    fn member<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if !first {
            w.write_all(b",\n")?;
        }
        self.indent(w)
    }
}

impl Formatter for TrurlLayout {
    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(w, b"[")
    }
    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"]")
    }
    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.member(w, first)
    }
    fn end_array_value<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        Ok(())
    }
    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(w, b"{")
    }
    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"}")
    }
    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.member(w, first)
    }
    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }
    fn end_object_value<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        Ok(())
    }
    fn write_string_fragment<W: ?Sized + Write>(&mut self, w: &mut W, s: &str) -> io::Result<()> {
        TerminalSafe.write_string_fragment(w, s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn object(params: Option<Vec<Param>>, parts: Vec<(&'static str, String)>) -> UrlObject {
        UrlObject {
            url: "http://h/\u{202e}".into(),
            parts: Parts(parts),
            params,
            segments: None,
        }
    }

    #[test]
    fn trurl_layout_is_two_space_indents_one_member_a_line() {
        let o = object(
            Some(vec![Param {
                key: "a".into(),
                value: "\u{1b}".into(),
            }]),
            vec![("scheme", "http".into()), ("path", "/".into())],
        );
        let mut out = Vec::new();
        o.write_trurl(&mut out).unwrap();
        let want = "{\n    \"url\": \"http://h/\\u202e\",\n    \"parts\": {\n      \"scheme\": \"http\",\n      \"path\": \"/\"\n    },\n    \"params\": [\n      {\n        \"key\": \"a\",\n        \"value\": \"\\u001b\"\n      }\n    ]\n  }";
        assert_eq!(String::from_utf8(out).unwrap(), want);
    }

    #[test]
    fn an_empty_object_or_array_still_takes_its_lines() {
        let o = object(Some(vec![]), vec![]);
        let mut out = Vec::new();
        o.write_trurl(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("\"parts\": {\n\n    }"), "{text}");
        assert!(text.contains("\"params\": [\n\n    ]"), "{text}");
    }

    #[test]
    fn compact_is_one_line_and_reads_back() {
        let o = object(None, vec![("host", "h\u{2028}".into())]);
        let mut out = Vec::new();
        o.write_compact(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            r#"{"url":"http://h/\u202e","parts":{"host":"h\u2028"}}"#
        );
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back["parts"]["host"], "h\u{2028}");
    }
}
