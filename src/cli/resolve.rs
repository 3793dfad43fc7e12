//! `uriscope resolve --base BASE [--compat] [--trace] [--json] [REF ...]`.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::input::{for_each, visible, Input};
use super::steps::{exit_status, resolution_steps_json, write_resolution_trace};
use crate::uri::{resolve, resolve_target, ResolveOptions};

/// Arguments of `uriscope resolve`.
#[derive(Debug, Args)]
pub struct ResolveArgs {
    /// The base URI (RFC 3986 §5.1); it must have a scheme.
    #[arg(long)]
    pub base: String,
    /// Backward-compatible mode (§5.4.2): a reference scheme equal to the
    /// base's is ignored, so `http:g` resolves like `g`.
    #[arg(long)]
    pub compat: bool,
    /// Print the steps: base pre-parse, branch, merge, the remove_dot_segments
    /// table, the target components, findings.
    #[arg(long)]
    pub trace: bool,
    /// One JSON object per input line.
    #[arg(long)]
    pub json: bool,
    /// The references; with none, read one per line from stdin.
    pub references: Vec<String>,
}

/// The JSON object `resolve --json` prints for one input.
#[derive(Debug, Serialize)]
pub struct JsonResolve<'a> {
    /// The base URI.
    pub base: &'a str,
    /// The reference.
    pub reference: &'a str,
    /// The target URI, or null on error.
    pub target: Option<&'a str>,
    /// The error message, or null.
    pub error: Option<String>,
    /// With `--trace`: the steps.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<serde_json::Value>,
}

/// Run `uriscope resolve`; returns the exit status.
pub fn run(args: &ResolveArgs) -> io::Result<i32> {
    let options = if args.compat {
        ResolveOptions::compat()
    } else {
        ResolveOptions::default()
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(64 * 1024, stdout.lock());
    let mut failed = false;
    let base = args.base.as_str();
    let result = for_each(&args.references, &mut out, |input, out| {
        let (reference, outcome) = match &input {
            Input::Text(s) => (*s, None),
            Input::NotUtf8 { line, lossy } => (
                lossy.as_str(),
                Some(format!("stdin line {line} is not valid UTF-8")),
            ),
        };
        let resolved = match outcome {
            Some(e) => Err(e),
            None if args.trace => resolve(base, reference, options)
                .map(|r| (r.target.clone(), Some(r)))
                .map_err(|e| e.message),
            None => resolve_target(base, reference, options)
                .map(|t| (t, None))
                .map_err(|e| e.message),
        };
        failed |= resolved.is_err();
        if args.json {
            let (target, error, steps) = match &resolved {
                Ok((t, r)) => (
                    Some(t.as_str()),
                    None,
                    r.as_ref().map(resolution_steps_json),
                ),
                Err(e) => (
                    None,
                    Some(e.clone()),
                    args.trace.then(|| serde_json::json!([])),
                ),
            };
            let v = JsonResolve {
                base,
                reference,
                target,
                error,
                steps,
            };
            serde_json::to_writer(&mut *out, &v)?;
            return out.write_all(b"\n");
        }
        match resolved {
            Ok((_, Some(r))) => {
                writeln!(out, "{}", visible(reference))?;
                write_resolution_trace(out, &r)?;
                writeln!(out)
            }
            Ok((t, None)) => writeln!(out, "{}", visible(&t)),
            Err(e) => writeln!(out, "error: {}", visible(&e)),
        }
    });
    exit_status(result, failed)
}
