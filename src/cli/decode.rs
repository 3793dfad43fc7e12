//! `uriscope decode [--plus] [--raw] [--json] [TEXT ...]`.
//!
//! The answer ([`crate::text::answer`]) is the decoded text, exact; one
//! that would hold a control or bidi formatting character is refused with
//! a diagnostic on stderr, unless `--raw` asks for the bytes as they are.
//! The remark lines under it (bytes that are not UTF-8, malformed escapes,
//! double encoding) are explanations.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::encode::finish;
use super::input::{for_each, Input};
use crate::text::answer::{quote, write_answer, Diagnostic};
use crate::uri::percent::{decode, DecodeOptions, Decoded, Malformed};

/// Arguments of `uriscope decode`.
#[derive(Debug, Args)]
pub struct DecodeArgs {
    /// Read `+` as a space (application/x-www-form-urlencoded).
    #[arg(long)]
    pub plus: bool,
    /// Write the decoded bytes exactly as they are, control characters and
    /// bytes that are not UTF-8 included, one input per line and nothing
    /// else. Without it a decoded text that holds a control or bidi
    /// formatting character is not written (stderr says why).
    #[arg(long, conflicts_with = "json")]
    pub raw: bool,
    /// One JSON object per input line.
    #[arg(long)]
    pub json: bool,
    /// The texts; with none, read one per line from stdin.
    pub texts: Vec<String>,
}

/// A malformed escape in the JSON output.
#[derive(Debug, Serialize)]
pub struct JsonMalformed<'a> {
    /// Byte offset of its `%`.
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
    /// Its text.
    pub text: &'a str,
}

/// The malformed escapes of an input as a JSON array, written as they are
/// found (an input made of malformed escapes holds no list of them).
#[derive(Debug)]
pub struct JsonMalformedList<'a> {
    input: &'a str,
    spans: Option<Malformed<'a>>,
}

impl Serialize for JsonMalformedList<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.spans.iter().flatten().map(|s| JsonMalformed {
            start: s.start,
            end: s.end,
            text: s.slice(self.input),
        }))
    }
}

/// A byte range of the decoded bytes that is not UTF-8.
#[derive(Debug, Serialize)]
pub struct JsonRange {
    /// First byte (offset in the decoded bytes).
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// The JSON object `decode --json` prints for one input.
#[derive(Debug, Serialize)]
pub struct JsonDecode<'a> {
    /// The input line.
    pub input: &'a str,
    /// The decoded text (invalid UTF-8 shown as U+FFFD).
    pub decoded: Option<String>,
    /// The decoded bytes in hex (null when there is no result).
    pub hex: Option<String>,
    /// Whether the decoded bytes are UTF-8.
    pub utf8: bool,
    /// Where the decoded bytes are not UTF-8 (empty when they are).
    pub invalid_utf8: Vec<JsonRange>,
    /// Malformed escapes, kept as they are.
    pub malformed: JsonMalformedList<'a>,
    /// Every round of decoding that changed the text (two or more: double
    /// encoding).
    pub rounds: Vec<String>,
    /// Why there is no result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl<'a> JsonDecode<'a> {
    fn new(input: &'a str, d: &Decoded<'a>) -> Self {
        JsonDecode {
            input,
            decoded: Some(d.lossy().into_owned()),
            hex: Some(d.hex()),
            utf8: d.is_utf8(),
            invalid_utf8: d
                .invalid_utf8
                .iter()
                .map(|s| JsonRange {
                    start: s.start,
                    end: s.end,
                })
                .collect(),
            malformed: JsonMalformedList {
                input,
                spans: Some(d.malformed),
            },
            rounds: d
                .rounds
                .iter()
                .map(|r| String::from_utf8_lossy(r).into_owned())
                .collect(),
            error: None,
        }
    }
}

/// Run `uriscope decode`; returns the exit status. An input with a
/// malformed escape counts as failed (exit 1); bytes that are not UTF-8 are
/// a legitimate result and do not.
pub fn run(args: &DecodeArgs) -> io::Result<i32> {
    let options = DecodeOptions {
        plus_as_space: args.plus,
    };
    let mut out = io::BufWriter::with_capacity(64 * 1024, super::output::stdout());
    let mut failed = false;
    let result = for_each(&args.texts, &mut out, |input, out| match input {
        Input::Text(s) => {
            let d = decode(s, options);
            failed |= !d.malformed.is_empty();
            if args.json {
                crate::text::json::write(&mut *out, &JsonDecode::new(s, &d))?;
                out.write_all(b"\n")
            } else if args.raw {
                out.write_all(&d.bytes)?;
                out.write_all(b"\n")
            } else {
                failed |= !write_plain(out, s, &d)?;
                Ok(())
            }
        }
        Input::NotUtf8 { line, lossy } => {
            failed = true;
            let error = format!("stdin line {line} is not valid UTF-8");
            if args.json {
                let v = JsonDecode {
                    input: &lossy,
                    decoded: None,
                    hex: None,
                    utf8: false,
                    invalid_utf8: Vec::new(),
                    malformed: JsonMalformedList {
                        input: "",
                        spans: None,
                    },
                    rounds: Vec::new(),
                    error: Some(error),
                };
                crate::text::json::write(&mut *out, &v)?;
                out.write_all(b"\n")
            } else {
                writeln!(out, "error: {error}")
            }
        }
    });
    finish(result, failed)
}

/// The answer line, then one readable line per remark; returns whether
/// the answer was written (nothing is when it is refused).
fn write_plain<W: Write>(out: &mut W, input: &str, d: &Decoded<'_>) -> io::Result<bool> {
    let why = Diagnostic {
        command: "decode",
        what: "the decoded text",
        input,
        hint: "--json escapes it, --raw writes it as it is",
    };
    if !write_answer(out, &mut io::stderr(), &d.lossy(), why)? {
        return Ok(false);
    }
    for s in &d.invalid_utf8 {
        writeln!(
            out,
            "  not UTF-8: decoded bytes {}..{} ({}), shown as U+FFFD; all bytes: {}",
            s.start,
            s.end,
            crate::uri::percent::hex(&d.bytes[s.range()]),
            d.hex()
        )?;
    }
    for s in &d.malformed {
        writeln!(
            out,
            "  malformed escape \"{}\" at {}..{}: not % followed by two hex digits; kept as is",
            quote(s.slice(input)),
            s.start,
            s.end
        )?;
    }
    if d.is_double_encoded() {
        let mut chain = quote(input).into_owned();
        for r in &d.rounds {
            chain.push_str(" -> ");
            chain.push_str(&quote(&String::from_utf8_lossy(r)));
        }
        writeln!(
            out,
            "  encoded {} times: {chain} (decoded once above)",
            d.rounds.len()
        )?;
    }
    Ok(true)
}
