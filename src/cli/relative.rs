//! `uriscope relative --base BASE [--iri] [--json] [TARGET ...]`: the shortest
//! reference that resolves back to each target.
//!
//! The answer ([`crate::text::answer`]) is the reference, one line per
//! target, exact; error lines are explanations.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::input::{for_each, Input, Outcome};
use crate::text::answer::quote;
use crate::uri::{relative::make_relative, ResolveOptions};

/// Arguments of `uriscope relative`.
#[derive(Debug, Args)]
#[command(mut_args(super::flags::reword(&[
    ("iri", r#"Accept IRIs (RFC 3987) as base and targets (resolved as RFC 3987 §6.5 says: the RFC 3986 §5.2 algorithm on the IRIs themselves)"#),
    ("aligned", r#"Plain text: an empty line for a target without a reference, so line N of the output answers input N"#),
])))]
pub struct RelativeArgs {
    /// The base URI; it must have a scheme.
    #[arg(long)]
    pub base: String,
    /// `--json`.
    #[command(flatten)]
    pub json: super::flags::Json,
    /// `--iri`.
    #[command(flatten)]
    pub iri: super::flags::Iri,
    /// The target URIs; with none, read one per line from stdin.
    pub targets: Vec<String>,
    /// `--aligned`.
    #[command(flatten)]
    pub aligned: super::flags::Aligned,
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
    let mut told = Outcome::new("relative", args.aligned.on);
    let base = args.base.as_str();
    let options = ResolveOptions::default().iri(args.iri.on);
    let result = for_each(&args.targets, &mut out, |place, input, out| {
        let lossy = input.lossy();
        let target: &str = &lossy;
        let outcome = match &input {
            Input::Text(s) => make_relative(base, s, options).map_err(|e| e.message),
            Input::Unreadable { why, .. } => Err(why.clone()),
        };
        let outcome = outcome.map(|r| (r.reference, r.verified));
        if args.json.on {
            told.failed |= !matches!(outcome, Ok((_, true)));
        }
        if args.json.on {
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
            Ok((r, true)) => told.answer(
                out,
                place,
                target,
                &r,
                ("the reference", "--json escapes it"),
            ),
            Ok((r, false)) => {
                let message = format!(
                    "'{}' does not resolve back to the target",
                    crate::text::diag::shown(r.as_bytes())
                );
                told.refuse(out, place, input.bytes(), &message)
            }
            Err(e) => told.refuse(out, place, input.bytes(), &quote(&e)),
        }
    });
    told.status(result)
}
