//! `--json`: trurl's array of objects, laid out as trurl lays it out
//! (two-space indents, one member a line), each with `url`, `parts` (the
//! components there, decoded unless `--urlencode`, a query's `+` as a
//! space) and `params` (the query's pairs, when it has any): the object
//! `uriscope edit --json` writes ([`crate::cli::url_json`]), in trurl's
//! layout, safe to `cat` to a terminal: a JSON reader gets the same
//! values trurl gives.

use crate::cli::edit_flags::Flag;
use std::io::Write;

use super::{Mods, Runner, Stop, EXIT_BADURL};
use crate::cli::url_json::{Param, Parts, UrlObject};
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
        let mut parts = Vec::with_capacity(Part::COMPONENTS.len());
        let mut part_errors = false;
        let read = Mods {
            encoded: true,
            ..Mods::default()
        };
        for part in Part::COMPONENTS {
            match self.part(u, read, part) {
                Ok(mut v) => {
                    if !self.o.plan.on(Flag::Urlencode) {
                        if part == Part::Query {
                            v.iter_mut().filter(|b| **b == b'+').for_each(|b| *b = b' ');
                        }
                        v = unescape(&v).into_owned();
                    }
                    parts.push((part.name(), lossy(&v)));
                }
                Err(code) if !code.is_missing() => {
                    self.note(&format!("{} ({})", code.message(), part.name()));
                    part_errors = true;
                }
                Err(_) => {}
            }
        }
        let params = (!pairs.pairs.is_empty() && !part_errors).then(|| {
            pairs
                .pairs
                .iter()
                .filter(|p| p.decoded.first().is_some_and(|&b| b != 0))
                .map(|p| {
                    let (key, value) = match p.decoded.iter().position(|&b| b == b'=') {
                        Some(eq) => (&p.decoded[..eq], &p.decoded[eq + 1..]),
                        None => (&p.decoded[..], &b""[..]),
                    };
                    Param {
                        key: lossy(key),
                        value: lossy(value),
                    }
                })
                .collect()
        });
        let object: UrlObject = UrlObject {
            url: lossy(&url),
            parts: Parts(parts),
            params,
            segments: None,
        };
        let mut s = Vec::with_capacity(256);
        s.extend_from_slice(if self.urls > 0 { b",\n  " } else { b"\n  " });
        object.write_trurl(&mut s)?;
        self.out.write_all(&s)?;
        Ok(())
    }
}
