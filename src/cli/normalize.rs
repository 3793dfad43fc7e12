//! `uriscope normalize [--syntax-only] [--rfc5952] [--keep-encoded-dots] [--iri] [--trace] [--json] [URI ...]`.
//!
//! The answer ([`crate::text::answer`]) is the normal form, one line per
//! input, exact; `--trace` tables and error lines are explanations.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::input::{for_each, Input, Outcome};
use super::steps::{normalization_steps_json, write_normalization_trace};
use crate::text::answer::quote;
use crate::uri::{normalize, trace, NormalizeOptions};

/// Arguments of `uriscope normalize`.
#[derive(Debug, Args)]
#[command(mut_args(super::flags::reword(&[
    ("keep_encoded_dots", r#"Keep %2E encoded in path segments that would decode to "." or ".." (so they are not removed), for servers that do not decode first. By default RFC 3986 §6.2.2.2 decodes them and §6.2.2.3 removes them"#),
    ("iri", r#"Accept IRIs (RFC 3987 §5.3): non-ASCII input; escapes of iunreserved characters that are valid UTF-8 are decoded. No NFC is applied"#),
    ("format", r#"Text (the default), json (as --json) or markdown (a report for an issue or pull request; with --trace, the steps)"#),
    ("aligned", r#"Plain text: an empty line for an input without a normal form, so line N of the output answers input N"#),
    ("decode_dot_segments", r#"Accepted for compatibility and ignored: decoding %2E dot segments is now the default"#),
])))]
pub struct NormalizeArgs {
    /// Stop after the syntax-based rungs (RFC 3986 §6.2.2): no default-port
    /// removal or empty-path-to-"/" (§6.2.3).
    #[arg(long)]
    pub syntax_only: bool,
    /// Write IPv6 addresses in RFC 5952 canonical text.
    #[arg(long)]
    pub rfc5952: bool,
    /// `--keep-encoded-dots`.
    #[command(flatten)]
    pub encoded_dots: super::flags::EncodedDots,
    /// `--iri`.
    #[command(flatten)]
    pub iri: super::flags::Iri,
    /// Print each rung: what it did, with carets under what changed.
    #[arg(long)]
    pub trace: bool,
    /// `--json` and `--format`.
    #[command(flatten)]
    pub output: super::flags::Output,
    /// `--aligned`.
    #[command(flatten)]
    pub aligned: super::flags::Aligned,
    /// The URI-references; with none, read one per line from stdin.
    pub uris: Vec<String>,
}

/// The JSON object `normalize --json` prints for one input.
#[derive(Debug, Serialize)]
pub struct JsonNormalize<'a> {
    /// The input line.
    pub input: &'a str,
    /// The normal form, or null on error.
    pub normalized: Option<&'a str>,
    /// The error message, or null.
    pub error: Option<String>,
    /// With `--trace`: one object per rung.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<serde_json::Value>,
}

/// Run `uriscope normalize`; returns the exit status.
pub fn run(args: &NormalizeArgs) -> io::Result<i32> {
    let options = NormalizeOptions::new()
        .syntax_only(args.syntax_only)
        .ipv6_rfc5952(args.rfc5952)
        .keep_encoded_dots(args.encoded_dots.keep)
        .iri(args.iri.on);
    let mut out = io::BufWriter::with_capacity(64 * 1024, super::output::stdout());
    let mut told = Outcome::new("normalize", args.aligned.on);
    let format = args.output.pick();
    let html = format == super::format::Format::Html;
    if html {
        crate::report::html::page_start(&mut out, "uriscope normalize")?;
    }
    let result = for_each(&args.uris, &mut out, |place, input, out| {
        let text = input.lossy();
        let outcome = match &input {
            Input::Unreadable { why, .. } => Err(why.clone()),
            Input::Text(text) if args.trace => trace::normalize(text, options)
                .map(|n| (n.normalized.clone(), Some(n)))
                .map_err(|e| e.message),
            Input::Text(text) => normalize(text, options)
                .map(|s| (s, None))
                .map_err(|e| e.message),
        };
        if format == super::format::Format::Markdown || html {
            told.failed |= outcome.is_err();
            let o = match &outcome {
                Ok((s, n)) => Ok((s.as_str(), n.as_ref())),
                Err(e) => Err(e.as_str()),
            };
            if html {
                return crate::report::html::write_normalize(out, &text, o);
            }
            return crate::report::markdown::write_normalize(out, &text, o);
        }
        if format == super::format::Format::Json {
            told.failed |= outcome.is_err();
            let (normalized, error, steps) = match &outcome {
                Ok((s, n)) => (
                    Some(s.as_str()),
                    None,
                    n.as_ref().map(normalization_steps_json),
                ),
                Err(e) => (
                    None,
                    Some(e.clone()),
                    args.trace.then(|| serde_json::json!([])),
                ),
            };
            let v = JsonNormalize {
                input: &text,
                normalized,
                error,
                steps,
            };
            crate::text::json::write(&mut *out, &v)?;
            return out.write_all(b"\n");
        }
        match outcome {
            // The trace is an explanation, its last row included.
            Ok((s, Some(n))) => {
                write_normalization_trace(out, &n)?;
                writeln!(out, "  = {}\n", quote(&s))
            }
            Ok((s, None)) => told.answer(
                out,
                place,
                &text,
                &s,
                ("the normal form", "--json escapes it"),
            ),
            Err(e) => told.refuse(out, place, input.bytes(), &quote(&e)),
        }
    });
    let result = match result {
        Ok(()) if html => crate::report::html::page_end(&mut out),
        other => other,
    };
    told.status(result)
}
