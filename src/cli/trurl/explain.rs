//! `--explain`, in both modes: on stderr, for each URL, what was changed
//! and why (libcurl's rule and RFC 3986's), then how RFC 3986 and trurl
//! each read the input and where the two readings part. Explanations
//! quote user text, so control and bidi characters are shown escaped.

use std::io::{self, Write};

use crate::text::plain::visible;
use crate::uri::edit::curl::{lossy, trurl, Step, Trace, UrlCode};
use crate::uri::trace::{normalize, Normalization};
use crate::uri::{NormalizeError, NormalizeOptions};

/// The RFC 3986 reading of `input`: its §6.2.2 and §6.2.3 normal form
/// (as an IRI), rung by rung.
pub fn rfc_reading(input: &str) -> Result<Normalization, NormalizeError> {
    normalize(
        input,
        NormalizeOptions {
            iri: true,
            ..NormalizeOptions::default()
        },
    )
}

/// trurl's reading of `input` with no option ([`trurl::print`]), and
/// each step of it.
pub fn trurl_reading(input: &str) -> (Result<String, UrlCode>, Vec<Step>) {
    let mut t = Trace::on();
    let r = trurl::print_traced(input, &mut t);
    (r, t.take())
}

/// trurl mode: what this run did to `input` (`None`: the URL made from
/// `--set`), then the two readings of the input.
pub(super) fn write_trurl(
    err: &mut impl Write,
    input: Option<&[u8]>,
    steps: &[Step],
) -> io::Result<()> {
    let shown = input.map_or_else(|| "(the --set components)".into(), lossy);
    writeln!(err, "trurl explain: {}", visible(&shown))?;
    if steps.is_empty() {
        writeln!(err, "  libcurl and trurl changed nothing")?;
    }
    write_steps(err, "  ", steps)?;
    if input.is_some() {
        write_readings(err, &shown)?;
    }
    Ok(())
}

/// Each step: the part, before and after, and why.
pub fn write_steps(err: &mut impl Write, indent: &str, steps: &[Step]) -> io::Result<()> {
    for s in steps {
        writeln!(
            err,
            "{indent}{}: \"{}\" -> \"{}\"",
            s.part,
            visible(&s.before),
            visible(&s.after)
        )?;
        writeln!(err, "{indent}  {}", s.why.reason())?;
    }
    Ok(())
}

/// How RFC 3986 and trurl read `input`, and where they part.
pub fn write_readings(err: &mut impl Write, input: &str) -> io::Result<()> {
    let rfc = rfc_reading(input);
    match &rfc {
        Ok(n) => writeln!(
            err,
            "  RFC 3986 (§6.2.2, §6.2.3) reads it as: {}",
            visible(&n.normalized)
        )?,
        Err(e) => writeln!(
            err,
            "  RFC 3986: not a URI-reference: {}",
            visible(&e.message)
        )?,
    }
    let (t, _) = trurl_reading(input);
    match &t {
        Ok(s) => writeln!(err, "  trurl (libcurl) prints: {}", visible(s))?,
        Err(code) => writeln!(err, "  trurl (libcurl) refuses it: {}", code.message())?,
    }
    if let (Ok(n), Ok(s)) = (&rfc, &t) {
        match parting(s, &n.normalized) {
            None => writeln!(err, "  the two readings agree")?,
            Some(at) => writeln!(
                err,
                "  the readings part at character {}: trurl \"{}\", RFC 3986 \"{}\"",
                at.0 + 1,
                visible(at.1),
                visible(at.2)
            )?,
        }
    }
    Ok(())
}

/// Where `a` and `b` first differ (a character count) and what follows
/// there in each, 24 characters at most; `None` when they are equal.
fn parting<'a>(a: &'a str, b: &'a str) -> Option<(usize, &'a str, &'a str)> {
    if a == b {
        return None;
    }
    let (n, byte) = a
        .char_indices()
        .zip(b.chars())
        .enumerate()
        .find(|(_, ((_, x), y))| x != y)
        .map_or_else(
            || {
                let n = a.chars().count().min(b.chars().count());
                (n, a.char_indices().nth(n).map_or(a.len(), |(i, _)| i))
            },
            |(n, ((i, _), _))| (n, i),
        );
    let b_byte = b.char_indices().nth(n).map_or(b.len(), |(i, _)| i);
    let cut = |s: &'a str| s.char_indices().nth(24).map_or(s, |(i, _)| &s[..i]);
    Some((n, cut(&a[byte..]), cut(&b[b_byte..])))
}

/// `uriscope edit --explain`: what this run wrote for `input` (`None`:
/// the URL made from `--set`), the RFC 3986 normalization it applied
/// (`edited` is the URL before it, with `--curl-normalize`), then how
/// trurl reads the input, step by step, and where the readings part.
pub fn write_default(
    err: &mut impl Write,
    input: Option<&str>,
    edited: &str,
    written: &str,
    normalized: bool,
) -> io::Result<()> {
    writeln!(
        err,
        "explain: {}",
        visible(input.unwrap_or("(the --set components)"))
    )?;
    writeln!(
        err,
        "  uriscope edit (RFC 3986) wrote: {}",
        visible(written)
    )?;
    if normalized {
        if let Ok(n) = rfc_reading(edited) {
            for r in n.rungs.iter().filter(|r| r.before != r.after) {
                writeln!(
                    err,
                    "    {} {}: \"{}\" -> \"{}\"",
                    r.kind.section(),
                    r.kind.name(),
                    visible(&r.before),
                    visible(&r.after)
                )?;
            }
        }
    } else {
        writeln!(
            err,
            "    no normalization: an edit changes only what it is told to \
             (--curl-normalize applies RFC 3986 §6.2.2 and §6.2.3)"
        )?;
    }
    let Some(input) = input else {
        return Ok(());
    };
    let (_, steps) = trurl_reading(input);
    if !steps.is_empty() {
        writeln!(err, "  trurl (libcurl) would change:")?;
        write_steps(err, "    ", &steps)?;
    }
    write_readings(err, input)
}

#[cfg(test)]
mod tests {
    use super::parting;

    #[test]
    fn parting_finds_the_first_difference_on_character_boundaries() {
        assert_eq!(parting("abc", "abc"), None);
        assert_eq!(parting("a%ffx", "a%FFx"), Some((2, "ffx", "FFx")));
        assert_eq!(parting("é/", "é"), Some((1, "/", "")));
        assert_eq!(parting("http://h/", "http://h"), Some((8, "/", "")));
    }
}
