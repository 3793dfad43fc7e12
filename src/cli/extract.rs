//! `uriscope extract [--json] [FILE]`: the URIs in running text (RFC 3986
//! Appendix C), one per line.

use std::io::{self, Read, Write};
use std::path::PathBuf;

use clap::Args;
use serde::Serialize;

use super::input::visible;
use crate::uri::extract::{extract, Extracted, LineCols};

/// Arguments of `uriscope extract`.
#[derive(Debug, Args)]
pub struct ExtractArgs {
    /// One JSON object per URI.
    #[arg(long)]
    pub json: bool,
    /// The text file to read; stdin when absent or `-`.
    pub file: Option<PathBuf>,
}

/// The JSON object `extract --json` prints for one URI.
#[derive(Debug, Serialize)]
pub struct JsonExtracted<'a> {
    /// The URI (whitespace removed; `http://` added to a guess).
    pub uri: &'a str,
    /// Byte offset of its first byte in the text (delimiters excluded).
    pub start: usize,
    /// Byte offset one past its last byte.
    pub end: usize,
    /// 1-based line of `start`.
    pub line: usize,
    /// 1-based column of `start`, in characters.
    pub column: usize,
    /// `angle-brackets`, `url-prefix`, `quotes` or `whitespace`.
    pub delimiter: &'static str,
    /// Whether the URI is a heuristic completion of a suffix reference.
    pub guess: bool,
    /// Remarks.
    pub notes: &'a [String],
}

/// Run `uriscope extract`; returns the exit status.
pub fn run(args: &ExtractArgs) -> io::Result<i32> {
    let mut bytes = Vec::new();
    let name = match &args.file {
        Some(p) if p.as_os_str() != "-" => {
            bytes = std::fs::read(p)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", p.display())))?;
            p.display().to_string()
        }
        _ => {
            io::stdin().lock().read_to_end(&mut bytes)?;
            "stdin".to_string()
        }
    };
    let text = String::from_utf8_lossy(&bytes);
    if let std::borrow::Cow::Owned(_) = text {
        let _ = writeln!(
            io::stderr(),
            "uriscope: note: {name} is not valid UTF-8; invalid bytes were replaced by U+FFFD \
             and offsets refer to the replaced text"
        );
    }
    let found = extract(&text);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match write_all(&mut out, &text, &found, args.json).and_then(|()| out.flush()) {
        Ok(()) => Ok(super::EXIT_OK),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(super::EXIT_OK),
        Err(e) => Err(e),
    }
}

/// Write the found URIs, one per line: `line:col  uri  (how; notes)`, or JSON lines.
pub fn write_all<W: Write>(
    out: &mut W,
    text: &str,
    found: &[Extracted],
    json: bool,
) -> io::Result<()> {
    // `found` is in text order: lines and columns carried forward, one pass.
    let mut at = LineCols::new(text);
    for e in found {
        let (line, column) = at.advance(e.span.start);
        if json {
            let v = JsonExtracted {
                uri: &e.uri,
                start: e.span.start,
                end: e.span.end,
                line,
                column,
                delimiter: e.delimiter.as_str(),
                guess: e.guess,
                notes: &e.notes,
            };
            super::json::write(&mut *out, &v)?;
            out.write_all(b"\n")?;
        } else {
            let mut how = e.delimiter.as_str().to_string();
            if e.guess {
                how.push_str(", guess");
            }
            for n in &e.notes {
                how.push_str("; ");
                how.push_str(n);
            }
            writeln!(
                out,
                "{line}:{column}  {}  ({})",
                visible(&e.uri),
                visible(&how)
            )?;
        }
    }
    Ok(())
}
