//! `uriscope equiv [--json] A B`: the RFC 3986 §6.2 comparison ladder.
//! With no arguments, each stdin line holds A and B separated by whitespace.
//!
//! The answer is the verdict, words of uriscope's own with no user text in
//! them; errors and notes go to stderr in the CLI's message format. The
//! exit status is `cmp`'s: 0 equivalent, 1 not equivalent, 2 trouble.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::input::{for_each, Input};
use crate::text::answer::quote;
use crate::text::diag::{say, Place};
use crate::uri::compare::equivalence;
use crate::uri::NormalizeOptions;

/// Arguments of `uriscope equiv`.
#[derive(Debug, Args)]
#[command(mut_args(super::flags::reword(&[
    ("json", r#"One JSON object per comparison"#),
    ("keep_encoded_dots", r#"Keep `%2E` path segments that would decode to `.` or `..` encoded before comparing (as `normalize --keep-encoded-dots`)"#),
    ("iri", r#"Accept IRIs (RFC 3987 §5.3) and compare them up its ladder"#),
    ("aligned", r#"Plain text: an empty line for a pair without a verdict, so line N of the output answers input N"#),
    ("decode_dot_segments", r#"Accepted for compatibility and ignored: decoding is the default"#),
])))]
pub struct EquivArgs {
    /// `--json`.
    #[command(flatten)]
    pub json: super::flags::Json,
    /// `--keep-encoded-dots`.
    #[command(flatten)]
    pub encoded_dots: super::flags::EncodedDots,
    /// `--iri`.
    #[command(flatten)]
    pub iri: super::flags::Iri,
    /// Print nothing: the exit status says it all (0 equivalent, 1 not,
    /// 2 trouble), as `cmp -s`; errors still go to stderr.
    #[arg(long, short = 'q', conflicts_with = "json")]
    pub quiet: bool,
    /// `--aligned`.
    #[command(flatten)]
    pub aligned: super::flags::Aligned,
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
    /// `syntax-based`, `scheme-based`, `idna`), or null.
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

/// Run `uriscope equiv`; returns the exit status as `cmp` does: 0 when
/// every pair is equivalent, 1 when one is not, 2 on trouble (an input
/// that is not a URI-reference, a stdin line that is not a pair, one
/// argument given).
pub fn run(args: &EquivArgs) -> io::Result<i32> {
    if args.uris.len() == 1 {
        say(
            "equiv",
            Place::Nowhere,
            None,
            "give two URIs (A B), or none to read pairs from stdin",
        );
        return Ok(super::EXIT_USAGE);
    }
    let mut out = io::BufWriter::with_capacity(64 * 1024, super::output::stdout());
    let (mut differ, mut trouble) = (false, false);
    // Two arguments become one input "A\nB": a stdin line never holds a
    // line feed, so the separator cannot be confused with one.
    let pair = if args.uris.len() == 2 {
        vec![format!("{}\n{}", args.uris[0], args.uris[1])]
    } else {
        Vec::new()
    };
    let options = NormalizeOptions::new()
        .keep_encoded_dots(args.encoded_dots.keep)
        .iri(args.iri.on);
    let result = for_each(&pair, &mut out, |place, input, out| {
        let lossy = input.lossy();
        let line: &str = &lossy;
        let from_args = line.contains('\n');
        // The first two parts, without a list of them all (a long line of
        // spaces and controls has one part every other byte).
        let (a, b) = if from_args {
            line.split_once('\n').unwrap_or((line, ""))
        } else {
            let mut parts = line.split_whitespace();
            (parts.next().unwrap_or(""), parts.next().unwrap_or(""))
        };
        let outcome = match &input {
            Input::Unreadable { why, .. } => Err(why.clone()),
            Input::Text(_) if !from_args && line.split_whitespace().nth(2).is_some() => {
                Err("expected two URIs separated by whitespace, found more".to_string())
            }
            Input::Text(_) if !from_args && b.is_empty() => {
                Err("expected two URIs separated by whitespace".to_string())
            }
            Input::Text(_) => equivalence(a, b, options).map_err(|e| e.message),
        };
        trouble |= outcome.is_err();
        differ |= outcome.as_ref().is_ok_and(|e| !e.is_equivalent());
        if args.json.on {
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
        // The pair as a message shows it: `A B`.
        let shown = || {
            let mut s = a.as_bytes().to_vec();
            if s.len() < 4 * crate::text::diag::SHOWN && !b.is_empty() {
                s.push(b' ');
                s.extend_from_slice(b.as_bytes());
            }
            s
        };
        let place = if from_args { Place::Argument(1) } else { place };
        match outcome {
            Ok(_) if args.quiet => Ok(()),
            Ok(e) => {
                writeln!(out, "{}", e.verdict())?;
                match &e.hint {
                    Some(h) => {
                        out.flush()?;
                        say(
                            "equiv",
                            place,
                            Some(&shown()),
                            &format!("note: {}", quote(h)),
                        );
                        Ok(())
                    }
                    None => Ok(()),
                }
            }
            Err(m) => {
                out.flush()?;
                let shown = match input {
                    Input::Unreadable { bytes, .. } => bytes.to_vec(),
                    Input::Text(_) => shown(),
                };
                say("equiv", place, Some(&shown), &quote(&m));
                if args.aligned.on {
                    out.write_all(b"\n")?;
                }
                Ok(())
            }
        }
    });
    let status = match result {
        Ok(()) if trouble => super::EXIT_USAGE,
        Ok(()) if differ => super::EXIT_FAILED,
        Ok(()) => super::EXIT_OK,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => super::EXIT_OK,
        Err(e) => return Err(e),
    };
    Ok(status)
}
