//! `uriscope encode [--set NAME] [--keep-escapes] [--explain] [--json] [TEXT ...]`.
//!
//! The answer ([`crate::text::answer`]) is the encoded text, one line per
//! input, exact (always ASCII: no set keeps a control or a non-ASCII
//! byte); the `--explain` table and error lines are explanations.

use std::io::{self, Write};

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::Args;
use serde::Serialize;

use super::input::{for_each, Input, Outcome};
use crate::text::answer::quote;
use crate::uri::percent::{encode_set, encode_with, explain, CharExplained, EncodeOptions};

/// Arguments of `uriscope encode`.
#[derive(Debug, Args)]
pub struct EncodeArgs {
    /// The component to encode for: every byte its ABNF does not allow
    /// literally becomes %HH (RFC 3986 §2.1).
    #[arg(long, value_name = "NAME", default_value = encode_set::DEFAULT.name, value_parser = set_names())]
    pub set: String,
    /// Leave a `%` that already starts an escape (`%` and two hex digits)
    /// as it is, to repair a text that is partly encoded already (`a
    /// b%20c` -> `a%20b%20c`). By default every octet outside the set is
    /// encoded, `%` included, so `decode` gives the text back.
    #[arg(long)]
    pub keep_escapes: bool,
    /// Accepted for compatibility and ignored: encoding every `%` is now
    /// the default.
    #[arg(long, hide = true, conflicts_with = "keep_escapes")]
    pub encode_percent: bool,
    /// After each result, a table: each character, its code point, UTF-8
    /// bytes, class, encoded form, and whether the set forced it.
    #[arg(long)]
    pub explain: bool,
    /// `--json`.
    #[command(flatten)]
    pub json: super::flags::Json,
    /// The texts; with none, read one per line from stdin.
    pub texts: Vec<String>,
    /// `--aligned`.
    #[command(flatten)]
    pub aligned: super::flags::Aligned,
}

/// The `--set` names, each with its description for `--help`.
fn set_names() -> PossibleValuesParser {
    PossibleValuesParser::new(
        encode_set::ALL
            .iter()
            .map(|s| PossibleValue::new(s.name).help(format!("{} ({})", s.title, s.section))),
    )
}

/// One row of `--explain` in JSON.
#[derive(Debug, Serialize)]
pub struct JsonChar<'a> {
    /// The input text of the row.
    pub char: &'a str,
    /// `U+XXXX`.
    pub code_point: String,
    /// The UTF-8 bytes in hex.
    pub utf8: String,
    /// `unreserved`, `gen-delim`, `sub-delim`, `pct-encoded` or `other`.
    pub class: &'static str,
    /// The output for this row.
    pub encoded: &'a str,
    /// `kept`, `encoded`, `escape kept` or `space as +`.
    pub action: &'static str,
    /// Whether the chosen set forced the encoding.
    pub forced: bool,
}

impl<'a> JsonChar<'a> {
    fn new(r: &'a CharExplained<'a>) -> Self {
        JsonChar {
            char: r.text,
            code_point: format!("U+{:04X}", r.code_point()),
            utf8: crate::uri::percent::hex(r.utf8()),
            class: r.class,
            encoded: &r.encoded,
            action: r.action.as_str(),
            forced: r.forced,
        }
    }
}

/// The JSON object `encode --json` prints for one input.
#[derive(Debug, Serialize)]
pub struct JsonEncode<'a> {
    /// The input line.
    pub input: &'a str,
    /// The set's name.
    pub set: &'static str,
    /// The encoded text (null when the input could not be read).
    pub encoded: Option<&'a str>,
    /// Why there is no result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The `--explain` table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explain: Option<Vec<JsonChar<'a>>>,
}

/// Run `uriscope encode`; returns the exit status.
pub fn run(args: &EncodeArgs) -> io::Result<i32> {
    // clap only lets known names through; fall back to usage otherwise.
    let Some(set) = encode_set::by_name(&args.set) else {
        let message = format!("unknown --set {}", quote(&args.set));
        crate::text::diag::say("encode", crate::text::diag::Place::Nowhere, None, &message);
        return Ok(super::EXIT_USAGE);
    };
    let options = EncodeOptions {
        keep_escapes: args.keep_escapes,
    };
    let mut out = io::BufWriter::with_capacity(64 * 1024, super::output::stdout());
    let mut told = Outcome::new("encode", args.aligned.on);
    let result = for_each(&args.texts, &mut out, |place, input, out| match input {
        Input::Text(s) => {
            let encoded = encode_with(s, set, options);
            let rows = args.explain.then(|| explain(s, set, options));
            if args.json.on {
                let v = JsonEncode {
                    input: s,
                    set: set.name,
                    encoded: Some(&encoded),
                    error: None,
                    explain: rows.as_ref().map(|r| r.iter().map(JsonChar::new).collect()),
                };
                crate::text::json::write(&mut *out, &v)?;
                return out.write_all(b"\n");
            }
            told.answer(out, place, s, &encoded, ("the encoded text", ""))?;
            match rows {
                Some(rows) => write_table(out, &rows, set.name),
                None => Ok(()),
            }
        }
        Input::Unreadable { bytes, why } => {
            if !args.json.on {
                return told.refuse(out, place, bytes, &why);
            }
            told.failed = true;
            let lossy = String::from_utf8_lossy(bytes);
            let v = JsonEncode {
                input: &lossy,
                set: set.name,
                encoded: None,
                error: Some(why),
                explain: None,
            };
            crate::text::json::write(&mut *out, &v)?;
            out.write_all(b"\n")
        }
    });
    told.status(result)
}

/// The `--explain` table under one result.
fn write_table<W: Write>(out: &mut W, rows: &[CharExplained<'_>], set: &str) -> io::Result<()> {
    writeln!(
        out,
        "  {:<8} {:<9} {:<12} {:<12} {:<14} action",
        "char", "code", "UTF-8", "class", "encoded"
    )?;
    for r in rows {
        let why = if r.forced {
            format!("{} (forced by set {set})", r.action.as_str())
        } else {
            r.action.as_str().to_owned()
        };
        writeln!(
            out,
            "  {:<8} {:<9} {:<12} {:<12} {:<14} {why}",
            format!("\"{}\"", quote(r.text)),
            format!("U+{:04X}", r.code_point()),
            crate::uri::percent::hex(r.utf8()),
            r.class,
            r.encoded,
        )?;
    }
    Ok(())
}
