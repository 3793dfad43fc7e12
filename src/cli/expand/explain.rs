//! `uriscope expand --explain`: the expansion, then each expression with
//! the RFC 6570 section of its operator, and each varspec with its value,
//! its modifier's section and what it contributed. The first line is the
//! answer, the same bytes `expand` prints; the lines under it explain,
//! quoting the template and the values with invisible characters shown.
//!
//! ```text
//! $ uriscope expand --explain --var who=fred --list tags=a,b '/u/{who}{?tags*}'
//! /u/fred?tags=a&tags=b
//!   {who}  simple expansion (RFC 6570 §3.2.2)
//!     who  string → fred
//!   {?tags*}  query expansion (RFC 6570 §3.2.8)
//!     tags*  list, explode (RFC 6570 §2.4.2) → tags=a&tags=b
//! ```
//!
//! A template that does not parse, or a prefix on a list or map, is an
//! error on stderr as without `--explain`, followed by the sections that
//! explain it (its code's citation, `uriscope rfc --code CODE`).

use std::io::{self, Write};

use crate::spec;
use crate::text::answer::quote;
use crate::text::diag::Place;
use crate::uri::template::{expand_parts, parse, ExpandedVar, Modifier, Variables};

/// The expansion and its explanation on stdout, or the error and its
/// sections on stderr; whether it expanded.
pub(super) fn write<W: Write>(
    out: &mut W,
    place: Place,
    template: &str,
    vars: &Variables,
) -> io::Result<bool> {
    let t = match parse(template) {
        Ok(t) => t,
        Err(e) => return error(out, place, template, &e.to_string(), e.kind.code().as_str()),
    };
    let parts = expand_parts(&t, vars);
    if let Some(e) = parts.iter().flat_map(|p| p.errors()).next() {
        return error(out, place, template, &e.to_string(), e.kind.code().as_str());
    }
    // Expansions are ASCII (pct-encoded): the answer needs no escaping.
    let whole: String = parts.iter().map(|p| p.text.as_str()).collect();
    writeln!(out, "{whole}")?;
    for p in &parts {
        let Some(e) = p.expression() else { continue };
        writeln!(
            out,
            "  {}  {} expansion (RFC 6570 §{})",
            quote(p.span().slice(template)),
            e.operator.name(),
            e.operator.section()
        )?;
        for v in &p.vars {
            writeln!(out, "    {}", varspec(v))?;
        }
    }
    Ok(true)
}

/// One varspec: its name and modifier, its value's kind and modifier's
/// section, and what it contributed.
fn varspec(v: &ExpandedVar<'_>) -> String {
    let mut what = match (v.value, v.defined) {
        (None, _) => "undefined (RFC 6570 §2.3)".to_string(),
        (Some(k), false) => format!("empty {}: undefined (RFC 6570 §2.3)", k.name()),
        (Some(k), true) => k.name().to_string(),
    };
    let modifier = match v.varspec.modifier {
        Modifier::None => None,
        Modifier::Prefix(n) => Some(format!("prefix of {n}")),
        Modifier::Explode => Some("explode".to_string()),
    };
    if let (Some(m), Some(s)) = (modifier, v.varspec.modifier.section()) {
        what.push_str(&format!(", {m} (RFC 6570 §{s})"));
    }
    let got = if v.text.is_empty() {
        "nothing"
    } else {
        v.text.as_str()
    };
    format!(
        "{}{}  {what} → {got}",
        quote(&v.varspec.name),
        v.varspec.modifier
    )
}

/// The error on stderr as `expand` writes it, then the sections its code
/// cites.
fn error<W: Write>(
    out: &mut W,
    place: Place,
    template: &str,
    message: &str,
    code: &str,
) -> io::Result<bool> {
    // Keep stdout and stderr in order on a shared terminal.
    out.flush()?;
    let mut err = io::stderr().lock();
    let line = crate::text::diag::line("expand", place, Some(template.as_bytes()), &quote(message));
    let _ = writeln!(err, "{line}");
    if let Some(citation) = spec::for_code(code) {
        let _ = writeln!(
            err,
            "  {code}: {citation} (uriscope rfc --code {code} prints them)"
        );
    }
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uri::template::Value;

    fn explained(template: &str, vars: &Variables) -> (bool, String) {
        let mut out = Vec::new();
        let ok = write(&mut out, Place::Argument(1), template, vars).unwrap();
        (ok, String::from_utf8(out).unwrap())
    }

    #[test]
    fn each_operator_is_cited_by_its_section() {
        let mut vars = Variables::new();
        vars.insert("x", "a b");
        for (op, section) in [
            ("", "3.2.2"),
            ("+", "3.2.3"),
            ("#", "3.2.4"),
            (".", "3.2.5"),
            ("/", "3.2.6"),
            (";", "3.2.7"),
            ("?", "3.2.8"),
            ("&", "3.2.9"),
        ] {
            let (ok, out) = explained(&format!("{{{op}x}}"), &vars);
            assert!(ok);
            let line = out.lines().nth(1).unwrap();
            assert!(line.ends_with(&format!("(RFC 6570 §{section})")), "{out}");
            assert!(
                spec::section(6570, section).is_some(),
                "{section} is shipped"
            );
        }
    }

    #[test]
    fn the_first_line_is_the_expansion_and_values_are_explained() {
        let mut vars = Variables::new();
        vars.insert("who", "fred\u{1b}");
        vars.insert("tags", Value::List(vec!["a".into(), "b".into()]));
        vars.insert("none", Value::List(vec![]));
        let (ok, out) = explained("/u/{who:3}{?tags*,none,gone}", &vars);
        assert!(ok);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines,
            [
                "/u/fre?tags=a&tags=b",
                "  {who:3}  simple expansion (RFC 6570 §3.2.2)",
                "    who:3  string, prefix of 3 (RFC 6570 §2.4.1) → fre",
                "  {?tags*,none,gone}  query expansion (RFC 6570 §3.2.8)",
                "    tags*  list, explode (RFC 6570 §2.4.2) → tags=a&tags=b",
                "    none  empty list: undefined (RFC 6570 §2.3) → nothing",
                "    gone  undefined (RFC 6570 §2.3) → nothing",
            ]
        );
    }

    #[test]
    fn an_error_prints_nothing_on_stdout() {
        let (ok, out) = explained("{x", &Variables::new());
        assert!(!ok);
        assert!(out.is_empty());
        let mut vars = Variables::new();
        vars.insert("l", Value::List(vec!["a".into()]));
        let (ok, out) = explained("{l:1}", &vars);
        assert!(!ok);
        assert!(out.is_empty());
    }
}
