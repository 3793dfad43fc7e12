//! `uriscope relative --base BASE [--json] [TARGET ...]`: the shortest
//! reference that resolves back to each target.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::input::{for_each, visible, Input};
use super::steps::exit_status;
use crate::uri::make_relative;
use crate::uri::relative_reference::same_up_to_scheme_and_host_case;

/// Arguments of `uriscope relative`.
#[derive(Debug, Args)]
pub struct RelativeArgs {
    /// The base URI; it must have a scheme.
    #[arg(long)]
    pub base: String,
    /// One JSON object per input line.
    #[arg(long)]
    pub json: bool,
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
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(64 * 1024, stdout.lock());
    let mut failed = false;
    let base = args.base.as_str();
    let result = for_each(&args.targets, &mut out, |input, out| {
        let (target, outcome) = match &input {
            Input::Text(s) => (*s, make_relative(base, s).map_err(|e| e.message)),
            Input::NotUtf8 { line, lossy } => (
                lossy.as_str(),
                Err(format!("stdin line {line} is not valid UTF-8")),
            ),
        };
        let outcome = outcome.map(|r| {
            let verified = same_up_to_scheme_and_host_case(&r.proof.target, target);
            (r.reference, verified)
        });
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
            super::json::write(&mut *out, &v)?;
            return out.write_all(b"\n");
        }
        match outcome {
            Ok((r, true)) => writeln!(out, "{}", visible(&r)),
            Ok((r, false)) => writeln!(
                out,
                "error: {} does not resolve back to the target",
                visible(&r)
            ),
            Err(e) => writeln!(out, "error: {}", visible(&e)),
        }
    });
    exit_status(result, failed)
}
