//! `uriscope iri2uri [--json] [IRI ...]` and `uriscope uri2iri [--json] [URI ...]`.
//!
//! The answer ([`crate::text::answer`]) is the converted reference, one
//! line per input, exact; error lines are explanations.

use std::borrow::Cow;
use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::input::{for_each, Input, Outcome};
use crate::text::answer::quote;
use crate::uri::iri::{iri_to_uri_with, uri_to_iri, IriError, IriOptions};

/// Arguments of `uriscope iri2uri` and `uriscope uri2iri`.
#[derive(Debug, Args)]
#[command(mut_args(super::flags::reword(&[
    ("aligned", r#"Plain text: an empty line for an input that cannot be converted, so line N of the output answers input N"#),
])))]
pub struct IriArgs {
    /// `--json`.
    #[command(flatten)]
    pub json: super::flags::Json,
    /// iri2uri only: percent-encode a non-ASCII host like the rest instead
    /// of converting it with IDNA ToASCII (for schemes whose hosts are not
    /// DNS names).
    #[arg(long)]
    pub no_idna: bool,
    /// `--aligned`.
    #[command(flatten)]
    pub aligned: super::flags::Aligned,
    /// The references; with none, read one per line from stdin.
    pub inputs: Vec<String>,
}

/// The JSON object `iri2uri --json` / `uri2iri --json` print for one input.
#[derive(Debug, Serialize)]
pub struct JsonIri<'a> {
    /// The input line.
    pub input: &'a str,
    /// The converted reference, or null.
    pub output: Option<&'a str>,
    /// Why it could not be converted, or null.
    pub error: Option<String>,
}

/// Which way to convert.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// IRI to URI (RFC 3987 §3.1).
    IriToUri,
    /// URI to IRI (RFC 3987 §3.2).
    UriToIri,
}

/// Run `uriscope iri2uri` or `uriscope uri2iri`; returns the exit status.
pub fn run(args: &IriArgs, direction: Direction) -> io::Result<i32> {
    let options = IriOptions {
        percent_encode_host: args.no_idna,
    };
    let convert = |s: &str| -> Result<String, IriError> {
        match direction {
            Direction::IriToUri => iri_to_uri_with(s, options).map(Cow::into_owned),
            Direction::UriToIri => uri_to_iri(s).map(Cow::into_owned),
        }
    };
    let mut out = io::BufWriter::with_capacity(64 * 1024, super::output::stdout());
    let (command, what) = match direction {
        Direction::IriToUri => ("iri2uri", "the URI"),
        Direction::UriToIri => ("uri2iri", "the IRI"),
    };
    let mut told = Outcome::new(command, args.aligned.on);
    let result = for_each(&args.inputs, &mut out, |place, input, out| {
        let lossy = input.lossy();
        let text: &str = &lossy;
        let converted = match &input {
            Input::Text(s) => convert(s).map_err(|e| e.to_string()),
            Input::Unreadable { why, .. } => Err(why.clone()),
        };
        if args.json.on {
            told.failed |= converted.is_err();
        }
        if args.json.on {
            let (output, error) = match &converted {
                Ok(o) => (Some(&**o), None),
                Err(e) => (None, Some(e.clone())),
            };
            let v = JsonIri {
                input: text,
                output,
                error,
            };
            crate::text::json::write(&mut *out, &v)?;
            return out.write_all(b"\n");
        }
        match converted {
            Ok(o) => told.answer(out, place, text, &o, (what, "--json escapes it")),
            Err(e) => told.refuse(out, place, input.bytes(), &quote(&e)),
        }
    });
    told.status(result)
}
