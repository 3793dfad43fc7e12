//! `--json`: trurl's array of objects, laid out as trurl lays it out
//! (two-space indents, one member a line), each with `url`, `parts` (the
//! components there, decoded unless `--urlencode`, a query's `+` as a
//! space) and `params` (the query's pairs, when it has any). Strings are
//! written by [`crate::text::json`], safe to `cat` to a terminal: a JSON
//! reader gets the same values trurl gives.

use std::io::{self, Write};

use super::{Mods, Runner, Stop, EXIT_BADURL};
use crate::curl::query::QueryPairs;
use crate::curl::{lossy, unescape, CurlUrl, Part};

impl<W: Write, E: Write> Runner<'_, W, E> {
    /// `u` as one object of the array.
    pub(super) fn json(&mut self, u: &CurlUrl, pairs: &QueryPairs) -> Result<(), Stop> {
        let url = match self.part(u, Mods::default(), Part::Url) {
            Ok(url) => url,
            Err(code) => {
                return self.verify(EXIT_BADURL, format!("invalid url [{}]", code.message()))
            }
        };
        let mut s = Vec::with_capacity(256);
        s.extend_from_slice(if self.urls > 0 { b",\n" } else { b"\n" });
        s.extend_from_slice(b"  {\n    \"url\": ");
        string(&mut s, &url)?;
        s.extend_from_slice(b",\n    \"parts\": {\n");
        let mut first = true;
        let mut part_errors = false;
        let read = Mods {
            encoded: true,
            ..Mods::default()
        };
        for part in Part::COMPONENTS {
            match self.part(u, read, part) {
                Ok(mut v) => {
                    if !self.o.urlencode {
                        if part == Part::Query {
                            v.iter_mut().filter(|b| **b == b'+').for_each(|b| *b = b' ');
                        }
                        v = unescape(&v).into_owned();
                    }
                    if !first {
                        s.extend_from_slice(b",\n");
                    }
                    first = false;
                    s.extend_from_slice(format!("      \"{}\": ", part.name()).as_bytes());
                    string(&mut s, &v)?;
                }
                Err(code) if !code.is_missing() => {
                    self.note(&format!("{} ({})", code.message(), part.name()));
                    part_errors = true;
                }
                Err(_) => {}
            }
        }
        s.extend_from_slice(b"\n    }");
        if !pairs.pairs.is_empty() && !part_errors {
            s.extend_from_slice(b",\n    \"params\": [\n");
            let mut first = true;
            for p in &pairs.pairs {
                if p.decoded.first().is_none_or(|&b| b == 0) {
                    continue;
                }
                let (key, value) = match p.decoded.iter().position(|&b| b == b'=') {
                    Some(eq) => (&p.decoded[..eq], &p.decoded[eq + 1..]),
                    None => (&p.decoded[..], &b""[..]),
                };
                if !first {
                    s.extend_from_slice(b",\n");
                }
                first = false;
                s.extend_from_slice(b"      {\n        \"key\": ");
                string(&mut s, key)?;
                s.extend_from_slice(b",\n        \"value\": ");
                string(&mut s, value)?;
                s.extend_from_slice(b"\n      }");
            }
            s.extend_from_slice(b"\n    ]");
        }
        s.extend_from_slice(b"\n  }");
        self.out.write_all(&s)?;
        Ok(())
    }
}

/// `b` as a JSON string (bytes that are not UTF-8 as U+FFFD).
fn string(s: &mut Vec<u8>, b: &[u8]) -> io::Result<()> {
    crate::text::json::write_string(s, &lossy(b))
}
