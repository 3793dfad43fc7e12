//! `uriscope parse [--json] [--iri] [URI ...]`.

use std::io::{self, Write};

use clap::Args;

use super::batches::{for_each_parallel, Answer};
use super::format::Format;
use super::input::Input;
use crate::report::json::JsonParse;
use crate::report::text::write_breakdown;
use crate::text::diag::Place;
use crate::uri::lint::Linted;
use crate::uri::{analyze, ParseOptions};

/// Arguments of `uriscope parse`.
#[derive(Debug, Args)]
pub struct ParseArgs {
    /// `--json` and `--format`.
    #[command(flatten)]
    pub output: super::flags::Output,
    /// `--iri`.
    #[command(flatten)]
    pub iri: super::flags::Iri,
    /// The URI-references; with none, read one per line from stdin.
    pub uris: Vec<String>,
}

/// Run `uriscope parse`; returns the exit status.
pub fn run(args: &ParseArgs) -> io::Result<i32> {
    let options = ParseOptions::new().iri(args.iri.on);
    let mut out = io::BufWriter::with_capacity(64 * 1024, super::output::stdout());
    let format = args.output.pick();
    // Each line's answer depends on that line alone: stdin is answered
    // on every core, in input order (cli::batches).
    let answer = ParseAnswer { options, format };
    if format == Format::Html {
        crate::report::html::page_start(&mut out, "uriscope parse")?;
    }
    let result = for_each_parallel(&args.uris, &mut out, super::batches::threads(), &answer);
    let result = match result {
        Ok(valid) if format == Format::Html => crate::report::html::page_end(&mut out)
            .and_then(|()| out.flush())
            .map(|()| valid),
        other => other,
    };
    match result {
        Ok(all_valid) => Ok(if all_valid {
            super::EXIT_OK
        } else {
            super::EXIT_FAILED
        }),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(super::EXIT_OK),
        Err(e) => Err(e),
    }
}

/// How `parse` answers one input.
struct ParseAnswer {
    options: ParseOptions,
    format: Format,
}

impl Answer for ParseAnswer {
    fn answer<W: Write>(&self, place: Place, input: Input<'_>, out: &mut W) -> io::Result<bool> {
        match input {
            Input::Text(s) => write_answer(out, s, self.options, self.format),
            Input::Unreadable { bytes, why } => {
                if self.format == Format::Json {
                    let lossy = String::from_utf8_lossy(bytes);
                    let message = format!("{place}: {why}");
                    JsonParse::not_utf8(&lossy, &message).write_json_line(out)?;
                } else {
                    out.flush()?;
                    crate::text::diag::say("parse", place, Some(bytes), &why);
                }
                Ok(false)
            }
        }
    }
}

/// Write `parse`'s answer for the input `s` in `format`; returns whether
/// `s` is valid. A line with nothing to say (valid, no finding, a host
/// that needs no IDNA look, a WHATWG column known without the `url`
/// crate) costs no allocation: `tests/allocations.rs` counts them.
///
/// ```
/// use uriscope::cli::{format::Format, parse::write_answer};
/// let mut out = Vec::new();
/// let valid = write_answer(&mut out, "http://a/b", Default::default(), Format::Json).unwrap();
/// assert!(valid && out.starts_with(br#"{"input":"http://a/b","valid":true"#));
/// ```
pub fn write_answer<W: Write>(
    out: &mut W,
    s: &str,
    options: ParseOptions,
    format: Format,
) -> io::Result<bool> {
    let r = analyze(s, options);
    let l = Linted::new(&r);
    match format {
        Format::Json => JsonParse::new(&l).write_json_line(out)?,
        Format::Markdown => crate::report::markdown::write_parse(out, &l)?,
        Format::Html => crate::report::html::write_parse(out, &l)?,
        Format::Text => write_breakdown(out, &l)?,
    }
    Ok(l.is_valid())
}
