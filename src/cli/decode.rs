//! `uriscope decode [--plus] [--lossy] [--raw] [--explain] [--json] [TEXT ...]`.
//!
//! The answer ([`crate::text::answer`]) is the decoded text, exact. It is
//! refused, with a message on stderr (exit status 1), when the decoded
//! bytes are not UTF-8 (`--lossy` writes them with U+FFFD, saying so by
//! its name; `--raw` writes the bytes) or when it would hold a control or
//! bidi formatting character. A malformed escape is kept as it is, the
//! exact result every percent-decoder gives. The notes (bytes that are
//! not UTF-8, malformed escapes, double encoding) go to stderr with
//! `--explain`.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::input::{for_each, Input, Outcome};
use crate::text::answer::quote;
use crate::text::diag::Place;
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
    #[arg(long, conflicts_with_all = ["json", "lossy"])]
    pub raw: bool,
    /// Write decoded bytes that are not UTF-8 with U+FFFD in their place
    /// (a lossy result; without it such an input has no answer).
    #[arg(long)]
    pub lossy: bool,
    /// On stderr, a note for each remark: bytes that are not UTF-8,
    /// malformed escapes (kept as they are), double encoding.
    #[arg(long)]
    pub explain: bool,
    /// `--aligned`.
    #[command(flatten)]
    pub aligned: super::flags::Aligned,
    /// `--json`.
    #[command(flatten)]
    pub json: super::flags::Json,
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

/// Run `uriscope decode`; returns the exit status: 1 when an input has
/// no answer (bytes that are not UTF-8 without `--lossy` or `--raw`, a
/// control character, a line that is no text).
pub fn run(args: &DecodeArgs) -> io::Result<i32> {
    let options = DecodeOptions {
        plus_as_space: args.plus,
    };
    let mut out = io::BufWriter::with_capacity(64 * 1024, super::output::stdout());
    let mut told = Outcome::new("decode", args.aligned.on);
    let result = for_each(&args.texts, &mut out, |place, input, out| match input {
        Input::Text(s) => {
            let d = decode(s, options);
            if args.json.on {
                // The same exit status as the plain answer's.
                let mut v = JsonDecode::new(s, &d);
                if !d.is_utf8() && !args.lossy {
                    told.failed = true;
                    v.error = Some("the decoded bytes are not UTF-8".to_string());
                }
                crate::text::json::write(&mut *out, &v)?;
                return out.write_all(b"\n");
            }
            if args.explain {
                write_notes(&told, out, place, s, &d)?;
            }
            if args.raw {
                out.write_all(&d.bytes)?;
                out.write_all(b"\n")
            } else if !d.is_utf8() && !args.lossy {
                let bad = &d.invalid_utf8[0];
                let message = format!(
                    "the decoded bytes are not UTF-8 (bytes {}..{}: {}); not written (--lossy \
                     writes them with U+FFFD, --raw as they are, --json in hex)",
                    bad.start,
                    bad.end,
                    crate::uri::percent::hex(&d.bytes[bad.range()]),
                );
                told.refuse(out, place, s.as_bytes(), &message)
            } else {
                let hint = "--json escapes it, --raw writes it as it is";
                told.answer(out, place, s, &d.lossy(), ("the decoded text", hint))
            }
        }
        Input::Unreadable { bytes, why } => {
            if !args.json.on {
                return told.refuse(out, place, bytes, &why);
            }
            told.failed = true;
            let lossy = String::from_utf8_lossy(bytes);
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
                error: Some(why),
            };
            crate::text::json::write(&mut *out, &v)?;
            out.write_all(b"\n")
        }
    });
    told.status(result)
}

/// The most notes of one kind `--explain` writes for one input.
const NOTES: usize = 8;

/// `--explain`'s notes on stderr, one per remark, in the CLI's message
/// format.
fn write_notes<W: Write>(
    told: &Outcome,
    out: &mut W,
    place: Place,
    input: &str,
    d: &Decoded<'_>,
) -> io::Result<()> {
    for s in d.invalid_utf8.iter().take(NOTES) {
        told.note(
            out,
            place,
            input.as_bytes(),
            &format!(
                "not UTF-8: decoded bytes {}..{} ({}), U+FFFD with --lossy",
                s.start,
                s.end,
                crate::uri::percent::hex(&d.bytes[s.range()]),
            ),
        )?;
    }
    let malformed = d.malformed.len();
    for s in d.malformed.iter().take(NOTES) {
        told.note(
            out,
            place,
            input.as_bytes(),
            &format!(
                "malformed escape \"{}\" at {}..{}: not % followed by two hex digits; kept as is",
                quote(s.slice(input)),
                s.start,
                s.end
            ),
        )?;
    }
    let more = d.invalid_utf8.len().saturating_sub(NOTES) + malformed.saturating_sub(NOTES);
    if more > 0 {
        told.note(
            out,
            place,
            input.as_bytes(),
            &format!("and {more} more such notes"),
        )?;
    }
    if d.is_double_encoded() {
        let mut chain = quote(&crate::text::wrap::first_chars(input, 60)).into_owned();
        for r in &d.rounds {
            chain.push_str(" -> ");
            let r = String::from_utf8_lossy(r);
            chain.push_str(&quote(&crate::text::wrap::first_chars(&r, 60)));
        }
        told.note(
            out,
            place,
            input.as_bytes(),
            &format!("encoded {} times: {chain} (decoded once)", d.rounds.len()),
        )?;
    }
    Ok(())
}
