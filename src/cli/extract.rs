//! `uriscope extract [--json] [FILE]`: the URIs in running text (RFC 3986
//! Appendix C), one per line.

use std::io::{self, Read, Write};
use std::path::PathBuf;

use clap::Args;
use serde::Serialize;

use crate::text::plain::visible;
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

/// How much text is read before a piece is cut off and searched.
const CHUNK: usize = 1 << 20;

/// A piece with no line break to cut at is cut at a space, or anywhere,
/// once it is this long.
const MAX_CHUNK: usize = 8 << 20;

/// Run `uriscope extract`; returns the exit status.
///
/// The text is read and searched piece by piece (about 1 MiB, cut after a
/// blank line or a line break outside angle brackets), so memory stays
/// flat on a file of any size; offsets, lines and columns are those of the
/// whole text.
pub fn run(args: &ExtractArgs) -> io::Result<i32> {
    let (mut reader, name): (Box<dyn Read>, String) = match &args.file {
        Some(p) if p.as_os_str() != "-" => {
            let f = std::fs::File::open(p)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", p.display())))?;
            (Box::new(f), p.display().to_string())
        }
        _ => (Box::new(io::stdin().lock()), "stdin".to_string()),
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut buf = Vec::with_capacity(CHUNK + (64 << 10));
    let mut block = vec![0u8; 64 << 10];
    let mut origin = Origin::default();
    let mut eof = false;
    let mut noted = false;
    let result = loop {
        while !eof && buf.len() < CHUNK {
            let n = match reader.read(&mut block) {
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            eof = n == 0;
            buf.extend_from_slice(&block[..n]);
        }
        let cut = if eof {
            buf.len()
        } else {
            match cut_point(&buf) {
                Some(c) => c,
                None if buf.len() < MAX_CHUNK => {
                    // No place to cut yet: read on.
                    let n = reader.read(&mut block)?;
                    eof = n == 0;
                    buf.extend_from_slice(&block[..n]);
                    continue;
                }
                None => forced_cut(&buf),
            }
        };
        let text = String::from_utf8_lossy(&buf[..cut]);
        if matches!(text, std::borrow::Cow::Owned(_)) && !noted {
            noted = true;
            let _ = writeln!(
                io::stderr(),
                "uriscope: note: {name} is not valid UTF-8; invalid bytes were replaced by \
                 U+FFFD and offsets refer to the replaced text"
            );
        }
        let found = extract(&text);
        if let Err(e) = write_piece(&mut out, &text, &found, args.json, &mut origin) {
            break Err(e);
        }
        drop(text);
        buf.drain(..cut);
        if eof && buf.is_empty() {
            break out.flush();
        }
    };
    match result {
        Ok(()) => Ok(super::EXIT_OK),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(super::EXIT_OK),
        Err(e) => Err(e),
    }
}

/// Where a piece of the text starts in the whole: its byte offset and the
/// line and column of its first byte.
#[derive(Clone, Copy, Debug)]
pub struct Origin {
    /// Byte offset of the piece in the (lossy) text.
    pub byte: usize,
    /// 1-based line of the piece's first byte.
    pub line: usize,
    /// 1-based column of the piece's first byte.
    pub column: usize,
}

impl Default for Origin {
    fn default() -> Self {
        Origin {
            byte: 0,
            line: 1,
            column: 1,
        }
    }
}

/// Where to end the next piece: after the last blank line in its second
/// half, else after the last line break that no `<` before it leaves open
/// (Appendix C lets a bracketed URI span lines).
fn cut_point(buf: &[u8]) -> Option<usize> {
    let half = buf.len() / 2;
    if let Some(p) = buf[half..].windows(2).rposition(|w| w == b"\n\n") {
        return Some(half + p + 2);
    }
    let mut end = buf.len();
    loop {
        let nl = buf[..end].iter().rposition(|&b| b == b'\n')?;
        let before = &buf[..nl];
        let open = before.iter().rposition(|&b| b == b'<');
        let close = before.iter().rposition(|&b| b == b'>');
        match (open, close) {
            (Some(o), c) if c.is_none_or(|c| c < o) => end = o,
            _ => return Some(nl + 1),
        }
    }
}

/// A cut in a piece with no usable line break: after its last space or
/// tab, else at the last character boundary.
fn forced_cut(buf: &[u8]) -> usize {
    if let Some(p) = buf.iter().rposition(|&b| b == b' ' || b == b'\t') {
        return p + 1;
    }
    // Back up over UTF-8 continuation bytes so no character is split.
    let mut c = buf.len();
    while c > 0 && (buf[c - 1] & 0xC0) == 0x80 {
        c -= 1;
    }
    if c > 0 && buf[c - 1] >= 0xC0 {
        c -= 1;
    }
    if c == 0 {
        buf.len()
    } else {
        c
    }
}

/// Write the found URIs, one per line: `line:col  uri  (how; notes)`, or JSON lines.
pub fn write_all<W: Write>(
    out: &mut W,
    text: &str,
    found: &[Extracted],
    json: bool,
) -> io::Result<()> {
    write_piece(out, text, found, json, &mut Origin::default())
}

/// [`write_all`] for one piece of a longer text that starts at `origin`;
/// `origin` becomes where the next piece starts.
pub fn write_piece<W: Write>(
    out: &mut W,
    text: &str,
    found: &[Extracted],
    json: bool,
    origin: &mut Origin,
) -> io::Result<()> {
    let o = *origin;
    let place = |(line, column): (usize, usize)| {
        if line == 1 {
            (o.line, o.column + column - 1)
        } else {
            (o.line + line - 1, column)
        }
    };
    // `found` is in text order: lines and columns carried forward, one pass.
    let mut at = LineCols::new(text);
    for e in found {
        let (line, column) = place(at.advance(e.span.start));
        if json {
            let v = JsonExtracted {
                uri: &e.uri,
                start: o.byte + e.span.start,
                end: o.byte + e.span.end,
                line,
                column,
                delimiter: e.delimiter.as_str(),
                guess: e.guess,
                notes: &e.notes,
            };
            crate::text::json::write(&mut *out, &v)?;
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
            // The link is the answer, exact; its place, delimiter and
            // notes are explanations around it.
            let why = crate::text::answer::Diagnostic {
                command: "extract",
                what: "the link",
                input: &e.uri,
                hint: "--json escapes it",
            };
            let (before, after) = (
                format!("{line}:{column}  "),
                format!("  ({})", visible(&how)),
            );
            crate::text::answer::write_answer_within(
                out,
                &mut io::stderr(),
                [&before, &e.uri, &after],
                why,
            )?;
        }
    }
    let (line, column) = place(at.advance(text.len()));
    *origin = Origin {
        byte: o.byte + text.len(),
        line,
        column,
    };
    Ok(())
}
