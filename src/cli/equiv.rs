//! `uriscope equiv [--json] A B`: the RFC 3986 §6.2 comparison ladder.
//! With no arguments, each stdin line holds A and B separated by whitespace.
//!
//! The answer is the verdict, words of uriscope's own with no user text in
//! them; error lines are explanations that quote the input
//! ([`crate::text::answer::quote`]).

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::input::{for_each, Input};
use super::steps::exit_status;
use crate::text::answer::quote;
use crate::uri::equivalence;
use crate::uri::NormalizeOptions;

/// Arguments of `uriscope equiv`.
#[derive(Debug, Args)]
pub struct EquivArgs {
    /// One JSON object per comparison.
    #[arg(long)]
    pub json: bool,
    /// Keep `%2E` path segments that would decode to `.` or `..` encoded
    /// before comparing (as `normalize --keep-encoded-dots`).
    #[arg(long)]
    pub keep_encoded_dots: bool,
    /// Accepted for compatibility and ignored: decoding is the default.
    #[arg(long, hide = true, conflicts_with = "keep_encoded_dots")]
    pub decode_dot_segments: bool,
    /// Accept IRIs (RFC 3987 §5.3) and compare them up its ladder.
    #[arg(long)]
    pub iri: bool,
    /// The two URI-references; with none, read pairs from stdin ("A B" per line).
    #[arg(num_args = 0..=2)]
    pub uris: Vec<String>,
}

/// The JSON object `equiv --json` prints for one pair.
#[derive(Debug, Serialize)]
pub struct JsonEquiv<'a> {
    /// The first URI.
    pub a: &'a str,
    /// The second URI.
    pub b: &'a str,
    /// Whether they are equivalent on some rung.
    pub equivalent: bool,
    /// The first rung at which they are equal (`simple-string`,
    /// `syntax-based`, `scheme-based`), or null.
    pub rung: Option<&'static str>,
    /// Components that still differ after scheme-based normalization.
    pub differs: Vec<&'static str>,
    /// Why they are not equivalent when only `%2E` dot segments kept encoded
    /// stand between them (only then present).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// The error message when an input is not a URI-reference (only then present).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Run `uriscope equiv`; returns the exit status (2 when one argument is given).
pub fn run(args: &EquivArgs) -> io::Result<i32> {
    if args.uris.len() == 1 {
        let _ = writeln!(
            io::stderr(),
            "uriscope equiv: give two URIs (A B), or none to read pairs from stdin"
        );
        return Ok(super::EXIT_USAGE);
    }
    let mut out = io::BufWriter::with_capacity(64 * 1024, super::output::stdout());
    let mut failed = false;
    // Two arguments become one input "A\nB": a stdin line never holds a
    // line feed, so the separator cannot be confused with one.
    let pair = if args.uris.len() == 2 {
        vec![format!("{}\n{}", args.uris[0], args.uris[1])]
    } else {
        Vec::new()
    };
    let result = for_each(&pair, &mut out, |input, out| {
        let line = match &input {
            Input::Text(s) => *s,
            Input::NotUtf8 { lossy, .. } => lossy.as_str(),
        };
        let from_args = line.contains('\n');
        // The first two parts, without a list of them all (a long line of
        // spaces and controls has one part every other byte).
        let (a, b) = if from_args {
            line.split_once('\n').unwrap_or((line, ""))
        } else {
            let mut parts = line.split_whitespace();
            (parts.next().unwrap_or(""), parts.next().unwrap_or(""))
        };
        let outcome = match input {
            Input::NotUtf8 { line, .. } => Err(format!("stdin line {line} is not valid UTF-8")),
            Input::Text(_) if !from_args && line.split_whitespace().count() != 2 => Err(format!(
                "expected two URIs separated by whitespace, found \"{}\"",
                quote(line)
            )),
            Input::Text(_) => {
                let options = NormalizeOptions {
                    keep_encoded_dots: args.keep_encoded_dots,
                    iri: args.iri,
                    ..NormalizeOptions::default()
                };
                equivalence(a, b, options).map_err(|e| e.message)
            }
        };
        failed |= outcome.is_err();
        if args.json {
            let v = match &outcome {
                Ok(e) => JsonEquiv {
                    a,
                    b,
                    equivalent: e.is_equivalent(),
                    rung: e.rung.map(|r| r.name()),
                    differs: e.differs.clone(),
                    hint: e.hint.clone(),
                    error: None,
                },
                Err(m) => JsonEquiv {
                    a,
                    b,
                    equivalent: false,
                    rung: None,
                    differs: Vec::new(),
                    hint: None,
                    error: Some(m.clone()),
                },
            };
            crate::text::json::write(&mut *out, &v)?;
            return out.write_all(b"\n");
        }
        match outcome {
            Ok(e) => {
                writeln!(out, "{}", e.verdict())?;
                match &e.hint {
                    Some(h) => writeln!(out, "  note: {h}"),
                    None => Ok(()),
                }
            }
            Err(m) => writeln!(out, "error: {}", quote(&m)),
        }
    });
    exit_status(result, failed)
}
