//! `uriscope resolve --base BASE [--rfc2396] [--compat] [--iri] [--trace] [--json] [REF ...]`.
//!
//! The answer ([`crate::text::answer`]) is the target, one line per
//! reference, exact; `--trace` tables and error lines are explanations.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::input::{for_each, Input, Outcome};
use super::steps::{
    resolution_steps_json, rfc2396_steps_json, write_resolution_trace, write_rfc2396_trace,
};
use crate::text::answer::quote;
use crate::uri::{resolve, rfc2396, trace, ResolveOptions};

/// What one resolution produced: the target and, with `--trace`, its steps.
enum Traced {
    None,
    Rfc3986(Box<crate::uri::trace::Resolution>),
    Rfc2396(rfc2396::Resolution),
}

/// Resolve by RFC 2396 §5.2, after checking both inputs with the RFC 3986 parser.
fn resolve_rfc2396(base: &str, reference: &str, trace: bool) -> Result<(String, Traced), String> {
    rfc2396::check_rfc3986(base, reference)?;
    let options = rfc2396::Options::default();
    if trace {
        rfc2396::resolve(base, reference, options)
            .map(|r| (r.target.clone(), Traced::Rfc2396(r)))
            .map_err(|e| e.to_string())
    } else {
        rfc2396::resolve_target(base, reference, options)
            .map(|t| (t, Traced::None))
            .map_err(|e| e.to_string())
    }
}

/// Arguments of `uriscope resolve`.
#[derive(Debug, Args)]
#[command(mut_args(super::flags::reword(&[
    ("iri", r#"Accept IRIs (RFC 3987): base, references and targets may hold non-ASCII characters; RFC 3987 §6.5 resolves them with the RFC 3986 §5.2 algorithm, on the IRIs themselves (no conversion to URIs)"#),
    ("format", r#"Text (the default), json (as --json) or markdown (a report for an issue or pull request; with --trace, the steps)"#),
    ("aligned", r#"Plain text: an empty line for a reference without a target, so line N of the output answers input N"#),
])))]
pub struct ResolveArgs {
    /// The base URI (RFC 3986 §5.1); it must have a scheme.
    #[arg(long)]
    pub base: String,
    /// Backward-compatible mode (§5.4.2): a reference scheme equal to the
    /// base's is ignored, so `http:g` resolves like `g`.
    #[arg(long)]
    pub compat: bool,
    /// Resolve with the 1998 algorithm of RFC 2396 §5.2 (steps 1-7, step 6
    /// a-h; ".." above the root kept, as in its Appendix C). Inputs are
    /// still checked against the RFC 3986 grammar first.
    #[arg(long, conflicts_with = "compat")]
    pub rfc2396: bool,
    /// `--iri`.
    #[command(flatten)]
    pub iri: super::flags::Iri,
    /// Print the steps: base pre-parse, branch, merge, the remove_dot_segments
    /// table, the target components, findings.
    #[arg(long)]
    pub trace: bool,
    /// `--json` and `--format`.
    #[command(flatten)]
    pub output: super::flags::Output,
    /// The references; with none, read one per line from stdin.
    pub references: Vec<String>,
    /// `--aligned`.
    #[command(flatten)]
    pub aligned: super::flags::Aligned,
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
    /// What a browser (the WHATWG URL Standard, not RFC 3986) joins the
    /// reference to, or null when it rejects the base or the reference.
    pub whatwg_target: Option<String>,
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
    }
    .iri(args.iri.on);
    let mut out = io::BufWriter::with_capacity(64 * 1024, super::output::stdout());
    let mut told = Outcome::new("resolve", args.aligned.on);
    let base = args.base.as_str();
    let format = args.output.pick();
    let html = format == super::format::Format::Html;
    if html {
        crate::report::html::page_start(&mut out, "uriscope resolve")?;
    }
    let result = for_each(&args.references, &mut out, |place, input, out| {
        let lossy = input.lossy();
        let reference: &str = &lossy;
        let outcome = match &input {
            Input::Text(_) => None,
            Input::Unreadable { why, .. } => Some(why.clone()),
        };
        let resolved = match outcome {
            Some(e) => Err(e),
            None if args.rfc2396 => resolve_rfc2396(base, reference, args.trace),
            None if args.trace => trace::resolve(base, reference, options)
                .map(|r| (r.target.clone(), Traced::Rfc3986(Box::new(r))))
                .map_err(|e| e.message),
            None => resolve(base, reference, options)
                .map(|t| (t, Traced::None))
                .map_err(|e| e.message),
        };
        told.failed |= resolved.is_err();
        if format == super::format::Format::Markdown || html {
            use crate::report::markdown::{write_resolve, Trace};
            let outcome = match &resolved {
                Ok((t, Traced::None)) => Ok((t.as_str(), Trace::None)),
                Ok((t, Traced::Rfc3986(r))) => Ok((t.as_str(), Trace::Rfc3986(r))),
                Ok((t, Traced::Rfc2396(r))) => Ok((t.as_str(), Trace::Rfc2396(r))),
                Err(e) => Err(e.as_str()),
            };
            if html {
                return crate::report::html::write_resolve(out, base, reference, outcome);
            }
            return write_resolve(out, base, reference, outcome);
        }
        if format == super::format::Format::Json {
            let (target, error, steps) = match &resolved {
                Ok((t, r)) => (
                    Some(t.as_str()),
                    None,
                    match r {
                        Traced::None => None,
                        Traced::Rfc3986(r) => Some(resolution_steps_json(r)),
                        Traced::Rfc2396(r) => Some(rfc2396_steps_json(r)),
                    },
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
                // A line that is not UTF-8 has no reference to join.
                whatwg_target: matches!(input, Input::Text(_))
                    .then(|| crate::whatwg::join(base, reference).href)
                    .flatten(),
                steps,
            };
            crate::text::json::write(&mut *out, &v)?;
            return out.write_all(b"\n");
        }
        match resolved {
            Ok((_, Traced::Rfc3986(r))) => {
                writeln!(out, "{}", quote(reference))?;
                write_resolution_trace(out, &r)?;
                writeln!(out)
            }
            Ok((_, Traced::Rfc2396(r))) => {
                writeln!(out, "{}", quote(reference))?;
                write_rfc2396_trace(out, &r)?;
                writeln!(out)
            }
            Ok((t, Traced::None)) => told.answer(
                out,
                place,
                reference,
                &t,
                ("the target", "--json escapes it"),
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
