//! `--get FORMAT` as trurl reads it: `{part}` or `[part]` (whichever
//! comes first is the kind for the whole format; the other is text),
//! `{{` for a `{`, qualifiers `url:` (or a leading `:`), `default:`,
//! `puny:`, `idn:`, `strict:`, `must:`, then a component, `url`,
//! `query:KEY` or `query-all:KEY`; `\n`, `\t`, `\r`, `\\`, `\{`, `\[`.
//! A `{` that is never closed is text. The template is read by the one
//! reader of `--get` ([`crate::cli::get_template`], trurl's dialect); what
//! a field means is read here, for each URL, from libcurl's model.

use crate::cli::edit_flags::Flag;
use std::io::Write;
use std::ops::Range;

use super::{error, query, Mods, Runner, Stop, EXIT_BADURL, EXIT_GET};
use crate::cli::get_template::{Fields, Template};
use crate::curl::query::QueryPairs;
use crate::curl::{lossy, unescape, CurlUrl, Part, UrlCode};
use crate::text::answer::Refused;

impl<W: Write, E: Write> Runner<'_, W, E> {
    /// The line `template` (read from `format`) makes of `u`, written
    /// with its newline. An error stops the run after what was made of
    /// the line so far.
    pub(super) fn get(
        &mut self,
        u: &CurlUrl,
        pairs: &QueryPairs,
        format: &[u8],
        template: &Template<Range<usize>>,
    ) -> Result<(), Stop> {
        let mut line = Vec::with_capacity(format.len() + 32);
        let mut fields = CurlFields {
            runner: self,
            u,
            pairs,
            format,
        };
        let r = template.expand(&mut fields, &mut line);
        if r.is_ok() {
            line.push(b'\n');
        }
        self.out.write_all(&line)?;
        r
    }

    /// One `{…}` (with its braces) expanded into `line`; `tail` is the
    /// format from the field on, which trurl quotes for an empty name.
    fn field(
        &mut self,
        u: &CurlUrl,
        pairs: &QueryPairs,
        field: &[u8],
        tail: &[u8],
        line: &mut Vec<u8>,
    ) -> Result<(), Stop> {
        let body = &field[1..field.len() - 1];
        let mut m = Mods::default();
        let (mut strict, mut must) = (false, false);
        let mut name = body;
        if let Some(rest) = name.strip_prefix(b":") {
            m.encoded = true;
            name = rest;
        }
        let mut query: Option<(bool, &[u8])> = None;
        while let Some(colon) = name.iter().position(|&b| b == b':') {
            let word = &name[..=colon];
            let rest = &name[colon + 1..];
            match word {
                b"default:" => m.default = true,
                b"puny:" if m.idn => {
                    return Err(error(
                        EXIT_GET,
                        "puny modifier is mutually exclusive with idn",
                    ))
                }
                b"puny:" => m.puny = true,
                b"idn:" if m.puny => {
                    return Err(error(
                        EXIT_GET,
                        "idn modifier is mutually exclusive with puny",
                    ))
                }
                b"idn:" => m.idn = true,
                b"strict:" => strict = true,
                b"must:" => {
                    must = true;
                    m.empty = true;
                }
                b"url:" => m.encoded = true,
                b"query-all:" => {
                    query = Some((true, rest));
                    break;
                }
                b"query:" => {
                    query = Some((false, rest));
                    break;
                }
                _ => {
                    // An unknown qualifier: trurl quotes the field alone.
                    return Err(error(
                        EXIT_GET,
                        format!("Bad --get syntax: {}", lossy(field)),
                    ));
                }
            }
            name = rest;
        }
        if let Some((all, key)) = query {
            let decoded = !self.o.plan.on(Flag::Urlencode) && !m.encoded;
            let v = query::values(pairs, key, decoded, all);
            match self.refused(&v) {
                Some(r) if decoded => self.note(&format!(
                    "{} (query){}",
                    UrlCode::UrlDecode.message(),
                    decodes_to(r, &format!("query:{}", lossy(key)))
                )),
                _ => line.extend_from_slice(&v),
            }
            return Ok(());
        }
        if name.is_empty() {
            return Err(error(
                EXIT_GET,
                format!("Bad --get syntax: {}", lossy(tail)),
            ));
        }
        if name.len() <= 3 && b"url".starts_with(name) {
            match self.part(u, m, Part::Url) {
                Ok(url) => match self.refused(&url) {
                    Some(r) => self.warn(&format!(
                        "the URL holds {r}, which a terminal acts on; it is not written (--raw \
                         writes it)"
                    )),
                    None => line.extend_from_slice(&url),
                },
                Err(code) => {
                    self.verify(EXIT_BADURL, format!("invalid url [{}]", code.message()))?
                }
            }
            return Ok(());
        }
        let Some(part) = Part::component(name) else {
            return Err(error(
                EXIT_GET,
                format!("\"{}\" is not a recognized URL component", lossy(name)),
            ));
        };
        let decode = !m.encoded && !self.o.plan.on(Flag::Urlencode);
        let read = Mods { encoded: true, ..m };
        let got = self.part(u, read, part).and_then(|v| {
            if !decode {
                return Ok(v);
            }
            let d = unescape(&v);
            if d.contains(&0) {
                return Err(UrlCode::UrlDecode);
            }
            Ok(d.into_owned())
        });
        // A decoded component a terminal would act on is refused as
        // trurl refuses one holding a NUL.
        let mut refusal = None;
        let got = match got {
            Ok(v) if decode => match self.refused(&v) {
                Some(r) => {
                    refusal = Some(r);
                    Err(UrlCode::UrlDecode)
                }
                None => Ok(v),
            },
            other => other,
        };
        match got {
            Ok(v) => line.extend_from_slice(&v),
            Err(code) if code.is_missing() && must => {
                return Err(error(EXIT_GET, format!("missing must:{}", part.name())))
            }
            Err(code) if !code.is_missing() || strict => {
                if code == UrlCode::UrlDecode && strict {
                    return Err(error(
                        EXIT_GET,
                        format!("problems URL decoding {}", part.name()),
                    ));
                }
                let why = refusal.map_or_else(String::new, |r| decodes_to(r, part.name()));
                self.note(&format!("{} ({}){why}", code.message(), part.name()));
            }
            Err(_) => {}
        }
        Ok(())
    }
}

/// libcurl's model's reading of a template's fields: each field is
/// where it stands in the format, read for each URL as trurl reads it.
struct CurlFields<'r, 'a, W: Write, E: Write> {
    runner: &'r mut Runner<'a, W, E>,
    u: &'r CurlUrl,
    pairs: &'r QueryPairs,
    format: &'r [u8],
}

impl<W: Write, E: Write> Fields<Range<usize>> for CurlFields<'_, '_, W, E> {
    type Error = Stop;

    fn field(&mut self, at: &Range<usize>, line: &mut Vec<u8>) -> Result<(), Stop> {
        let (whole, tail) = (&self.format[at.clone()], &self.format[at.start..]);
        self.runner.field(self.u, self.pairs, whole, tail, line)
    }
}

/// Why a decoded value was not written: the character, and the ways to
/// get it.
fn decodes_to(r: Refused, name: &str) -> String {
    format!(
        ": it decodes to {r}, which a terminal acts on ({{:{name}}} gives it encoded, --raw \
         writes it)"
    )
}
