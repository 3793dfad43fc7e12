//! `uriscope relative --base BASE [--iri] [--json] [TARGET ...]`: the shortest
//! reference that resolves back to each target.
//!
//! The answer ([`crate::text::answer`]) is the reference, one line per
//! target, exact; error lines are explanations.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::input::{for_each, Input};
use super::steps::exit_status;
use crate::text::answer::{quote, write_answer, Diagnostic};
use crate::uri::{make_relative, ResolveOptions};

/// Arguments of `uriscope relative`.
#[derive(Debug, Args)]
pub struct RelativeArgs {
    /// The base URI; it must have a scheme.
    #[arg(long)]
    pub base: String,
    /// One JSON object per input line.
    #[arg(long)]
    pub json: bool,
    /// Accept IRIs (RFC 3987) as base and targets (resolved as RFC 3987
    /// §6.5 says: the RFC 3986 §5.2 algorithm on the IRIs themselves).
    #[arg(long)]
    pub iri: bool,
    /// The target URIs; with none, read one per line from stdin.
    pub targets: Vec<String>,
}

/// The JSON object `relative --json` prints for one input.
#[derive(Debug, Serialize)]
pub struct JsonRelative<'a> {
    /// The base URI.
    pub base: &'a str,
    /// The target URI.
    pub target: &'a str,
    /// The shortest reference, or null on error.
    pub reference: Option<&'a str>,
    /// Whether resolving `reference` against `base` gave `target` back (up to
    /// scheme and host case, RFC 3986 §6.2.2.1).
    pub verified: bool,
    /// The error message, or null.
    pub error: Option<String>,
}

/// Run `uriscope relative`; returns the exit status.
pub fn run(args: &RelativeArgs) -> io::Result<i32> {
    let mut out = io::BufWriter::with_capacity(64 * 1024, super::output::stdout());
    let mut failed = false;
    let base = args.base.as_str();
    let options = ResolveOptions::default().with_iri(args.iri);
    let result = for_each(&args.targets, &mut out, |input, out| {
        let (target, outcome) = match &input {
            Input::Text(s) => (*s, make_relative(base, s, options).map_err(|e| e.message)),
            Input::NotUtf8 { line, lossy } => (
                lossy.as_str(),
                Err(format!("stdin line {line} is not valid UTF-8")),
            ),
        };
        let outcome = outcome.map(|r| (r.reference, r.verified));
        failed |= !matches!(outcome, Ok((_, true)));
        if args.json {
            let (reference, verified, error) = match &outcome {
                Ok((r, v)) => (Some(r.as_str()), *v, None),
                Err(e) => (None, false, Some(e.clone())),
            };
            let v = JsonRelative {
                base,
                target,
                reference,
                verified,
                error,
            };
            crate::text::json::write(&mut *out, &v)?;
            return out.write_all(b"\n");
        }
        match outcome {
            Ok((r, true)) => {
                let why = Diagnostic {
                    command: "relative",
                    what: "the reference",
                    input: target,
                    hint: "--json escapes it",
                };
                failed |= !write_answer(out, &mut io::stderr(), &r, why)?;
                Ok(())
            }
            Ok((r, false)) => writeln!(
                out,
                "error: {} does not resolve back to the target",
                quote(&r)
            ),
            Err(e) => writeln!(out, "error: {}", quote(&e)),
        }
    });
    exit_status(result, failed)
}
