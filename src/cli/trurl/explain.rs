//! `--explain`, in both modes: on stderr, for each URL, what was changed
//! and why (libcurl's rule and RFC 3986's), then how RFC 3986 and trurl
//! each read the input and where the two readings part. Explanations
//! quote user text, so control and bidi characters are shown escaped,
//! and a long URL is shown once, cut ([`crate::text::diag::shown`]): a
//! 100 MB URL costs a line, not four copies of itself.

use std::io::{self, Write};

use crate::curl::{lossy, trurl, Step, Trace, UrlCode};
use crate::text::diag::shown as cut;
use crate::text::plain::visible;
use crate::uri::trace::{normalize, Normalization};
use crate::uri::{NormalizeError, NormalizeOptions};

/// The RFC 3986 reading of `input`: its §6.2.2 and §6.2.3 normal form
/// (as an IRI), rung by rung.
pub fn rfc_reading(input: &str) -> Result<Normalization, NormalizeError> {
    normalize(input, NormalizeOptions::new().iri(true))
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
    writeln!(err, "trurl explain: {}", cut(shown.as_bytes()))?;
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
            cut(s.before.as_bytes()),
            cut(s.after.as_bytes())
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
            cut(n.normalized.as_bytes())
        )?,
        Err(e) => writeln!(
            err,
            "  RFC 3986: not a URI-reference: {}",
            visible(&e.message)
        )?,
    }
    let (t, _) = trurl_reading(input);
    match &t {
        Ok(s) => writeln!(err, "  trurl (libcurl) reads it as: {}", cut(s.as_bytes()))?,
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

/// What `uriscope edit --explain` says of one URL it wrote.
#[derive(Clone, Copy, Debug)]
pub struct Explained<'a> {
    /// The message's head, naming the input: `uriscope edit: argument
    /// 1: 'http://a:80/x': explain`.
    pub head: &'a str,
    /// The input (`None`: the URL made from `--set`).
    pub input: Option<&'a str>,
    /// The URL after the edits, before normalization.
    pub edited: &'a str,
    /// What the run wrote.
    pub written: &'a str,
    /// Whether `--curl-normalize` normalized it.
    pub normalized: bool,
    /// What trurl 0.16.1 prints for the same command line and input:
    /// its output, or its error; `None` when it cannot be asked (an
    /// `--iterate` run, whose every combination trurl would print).
    pub trurl: Option<&'a Result<String, String>>,
}

/// `uriscope edit --explain`: what this run wrote for the input, the RFC
/// 3986 normalization it applied, what trurl prints for the same command
/// line (edits included) and where the two part, then how trurl reads
/// the input alone, step by step.
pub fn write_default(err: &mut impl Write, e: Explained<'_>) -> io::Result<()> {
    writeln!(err, "{}", e.head)?;
    writeln!(
        err,
        "  uriscope edit (RFC 3986) wrote: {}",
        cut(e.written.as_bytes())
    )?;
    if e.normalized {
        if let Ok(n) = rfc_reading(e.edited) {
            for r in n.rungs.iter().filter(|r| r.before != r.after) {
                writeln!(
                    err,
                    "    {} {}: \"{}\" -> \"{}\"",
                    r.kind.section(),
                    r.kind.name(),
                    cut(r.before.as_bytes()),
                    cut(r.after.as_bytes())
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
    match e.trurl {
        Some(Ok(t)) => {
            writeln!(
                err,
                "  trurl 0.16.1 prints for this command line: {}",
                cut(t.as_bytes())
            )?;
            match parting(t, e.written) {
                None => writeln!(err, "  the two agree")?,
                Some(at) => writeln!(
                    err,
                    "  they part at character {}: trurl \"{}\", uriscope \"{}\"",
                    at.0 + 1,
                    visible(at.1),
                    visible(at.2)
                )?,
            }
        }
        Some(Err(why)) => writeln!(
            err,
            "  trurl 0.16.1 refuses this command line: {}",
            visible(why)
        )?,
        None => writeln!(
            err,
            "  trurl's result is not shown for --iterate (it prints every combination)"
        )?,
    }
    let Some(input) = e.input else {
        return Ok(());
    };
    let (_, steps) = trurl_reading(input);
    writeln!(err, "  the input alone:")?;
    if !steps.is_empty() {
        writeln!(err, "  trurl (libcurl) would change:")?;
        write_steps(err, "    ", &steps)?;
    }
    write_readings(err, input)
}

/// What trurl mode prints for `argv` (trurl's arguments): its output
/// without the final line feed, or its error message. Run in memory,
/// quietly: no note, no stdin.
pub fn trurl_prints(argv: &[Vec<u8>]) -> Result<String, String> {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    match super::run_to(argv, &mut out, &mut err) {
        Ok(0) => {
            let mut s = String::from_utf8_lossy(&out).into_owned();
            if s.ends_with('\n') {
                s.pop();
            }
            Ok(s)
        }
        Ok(_) => {
            let err = String::from_utf8_lossy(&err);
            let first = err.lines().next().unwrap_or("");
            Err(first
                .strip_prefix("trurl error: ")
                .unwrap_or(first)
                .to_string())
        }
        Err(e) => Err(e.to_string()),
    }
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
