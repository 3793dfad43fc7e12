//! `uriscope extract [--json | -o] [FILE ...]`: the URIs in running text
//! (RFC 3986 Appendix C), one per line: with its place and how it was
//! delimited, or alone (`-o`, `--only-matching`, as grep's), or as JSON.
//! The exit status is grep's: 0 when a link was found, 1 when none was,
//! 2 when a file could not be read.

use std::io::{self, Read, Write};
use std::path::PathBuf;

use clap::Args;
use serde::Serialize;

use crate::text::diag::{say, Place};
use crate::text::plain::visible;
use crate::uri::extract::{extract, Extracted, LineCols};

/// Arguments of `uriscope extract`.
#[derive(Debug, Args)]
#[command(mut_args(super::flags::reword(&[
    ("json", r#"One JSON object per URI"#),
])))]
pub struct ExtractArgs {
    /// `--json`.
    #[command(flatten)]
    pub json: super::flags::Json,
    /// The links alone, one per line, nothing around them (as grep's
    /// `-o`): `uriscope extract -o notes.md | uriscope normalize`.
    #[arg(short = 'o', long, conflicts_with = "json")]
    pub only_matching: bool,
    /// The text files to read, one after another; stdin when none is
    /// given, or for `-`.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// How `extract` writes each link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `line:column  link  (how)`.
    Text,
    /// One JSON object a link.
    Json,
    /// The link alone (`-o`).
    Only,
}

impl Mode {
    /// `--json` as a mode.
    fn of(json: bool) -> Mode {
        if json {
            Mode::Json
        } else {
            Mode::Text
        }
    }
}

/// What reading a text found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// Whether the text was not valid UTF-8 (read with U+FFFD).
    pub lossy: bool,
    /// How many links were written.
    pub links: u64,
}

/// The JSON object `extract --json` prints for one URI.
#[derive(Debug, Serialize)]
pub struct JsonExtracted<'a> {
    /// The URI (whitespace removed; `http://` added to a guess).
    pub uri: &'a str,
    /// The file it was found in, when several are read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<&'a str>,
    /// Byte offset of its first byte in the text (delimiters excluded).
    pub start: usize,
    /// Byte offset one past its last byte.
    pub end: usize,
    /// 1-based line of `start`.
    pub line: usize,
    /// 1-based column of `start`, in characters.
    pub column: usize,
    /// `angle-brackets`, `url-prefix`, `quotes`, `whitespace`, `markdown`
    /// or `html`.
    pub delimiter: &'static str,
    /// Whether the URI is a heuristic completion of a suffix reference.
    pub guess: bool,
    /// Whether the URI was cut short: the text ran on without whitespace
    /// past what one piece holds ([`Pieces::max`]); a note says where.
    pub cut: bool,
    /// Remarks.
    pub notes: &'a [String],
}

/// How much text is read before a piece is cut off and searched, and
/// how long a piece may grow while no place to cut it is found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pieces {
    /// A piece is cut after about this many bytes, at a blank line or a
    /// line break outside angle brackets.
    pub chunk: usize,
    /// A piece with no such place grows (doubling) up to this many bytes;
    /// then it is cut at its last whitespace or `<`, and a run without
    /// either (a URI this long) is cut there and the cut is reported.
    pub max: usize,
}

impl Default for Pieces {
    /// 1 MiB pieces; a URI of up to 64 MiB is found whole.
    fn default() -> Self {
        Pieces {
            chunk: 1 << 20,
            max: 64 << 20,
        }
    }
}

/// Run `uriscope extract`; returns the exit status (grep's: 0 when a
/// link was found, 1 when none was, 2 when a file could not be read).
pub fn run(args: &ExtractArgs) -> io::Result<i32> {
    let mode = if args.only_matching {
        Mode::Only
    } else {
        Mode::of(args.json.on)
    };
    let stdin_only = [PathBuf::from("-")];
    let files = if args.files.is_empty() {
        &stdin_only[..]
    } else {
        &args.files[..]
    };
    let mut out = io::BufWriter::new(super::output::stdout());
    let (mut links, mut unreadable) = (0u64, false);
    for path in files {
        let name = path.to_string_lossy();
        let reader: Box<dyn Read> = if path.as_os_str() == "-" {
            Box::new(io::stdin().lock())
        } else {
            match std::fs::File::open(path) {
                Ok(f) => Box::new(f),
                Err(e) => {
                    out.flush()?;
                    say(
                        "extract",
                        Place::Nowhere,
                        Some(name.as_bytes()),
                        &e.to_string(),
                    );
                    unreadable = true;
                    continue;
                }
            }
        };
        let from = (files.len() > 1).then_some(&*name);
        match extract_stream_as(reader, &mut out, mode, from, Pieces::default()) {
            Ok(found) => {
                links += found.links;
                if found.lossy {
                    out.flush()?;
                    say(
                        "extract",
                        Place::Nowhere,
                        Some(name.as_bytes()),
                        "note: not valid UTF-8; invalid bytes were replaced by U+FFFD and \
                         offsets refer to the replaced text",
                    );
                }
            }
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(super::EXIT_OK),
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                out.flush()?;
                say(
                    "extract",
                    Place::Nowhere,
                    Some(name.as_bytes()),
                    &e.to_string(),
                );
                unreadable = true;
            }
            Err(e) => return Err(e),
        }
    }
    match out.flush() {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(super::EXIT_OK),
        r => r?,
    }
    Ok(if unreadable {
        super::EXIT_USAGE
    } else if links == 0 {
        super::EXIT_FAILED
    } else {
        super::EXIT_OK
    })
}

/// The text of `reader` searched piece by piece (see [`Pieces`]), each URI
/// written to `out` as `extract` prints it; returns whether the text was
/// not valid UTF-8 (its invalid bytes then read as U+FFFD). Memory stays
/// within a few pieces on a text of any size; offsets, lines and columns
/// are those of the whole text.
///
/// A piece that reaches `pieces.max` bytes with no whitespace or `<` in
/// it is cut there: a URI running into the cut gets a note and
/// `"cut": true`, and the rest of that run, which can hold no URI of its
/// own (the search starts one only after a break), is not searched.
pub fn extract_stream<R: Read, W: Write>(
    reader: R,
    out: &mut W,
    json: bool,
    pieces: Pieces,
) -> io::Result<bool> {
    extract_stream_as(reader, out, Mode::of(json), None, pieces).map(|f| f.lossy)
}

/// [`extract_stream`] writing in `mode`, each link's line prefixed with
/// `file` when given (several files: `FILE:line:column`, JSON's `file`);
/// what was found.
pub fn extract_stream_as<R: Read, W: Write>(
    mut reader: R,
    out: &mut W,
    mode: Mode,
    file: Option<&str>,
    pieces: Pieces,
) -> io::Result<Found> {
    let mut links = 0;
    let mut buf: Vec<u8> = Vec::with_capacity(pieces.chunk + (64 << 10));
    let mut block = vec![0u8; 64 << 10];
    let mut origin = Origin::default();
    let mut eof = false;
    let mut lossy = false;
    // The piece is searched once this many bytes are read (doubled while
    // no place to cut is found, so a long line is scanned a bounded number
    // of times, not once per block read).
    let mut want = pieces.chunk.max(1);
    // The piece starts inside a run that a forced cut broke.
    let mut continued = false;
    loop {
        while !eof && buf.len() < want {
            let n = match reader.read(&mut block) {
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            eof = n == 0;
            buf.extend_from_slice(&block[..n]);
        }
        let (cut, broke_run) = if eof {
            (buf.len(), false)
        } else if let Some(c) = cut_point(&buf) {
            (c, false)
        } else if buf.len() < pieces.max {
            want = buf
                .len()
                .saturating_mul(2)
                .min(pieces.max)
                .max(buf.len() + 1);
            continue;
        } else {
            // A read may bring more than the longest piece: the cut is
            // made within it.
            forced_cut(&buf[..pieces.max.clamp(1, buf.len())])
        };
        want = pieces.chunk.max(1);
        let text = String::from_utf8_lossy(&buf[..cut]);
        lossy |= matches!(text, std::borrow::Cow::Owned(_));
        let mut found = extract(&text);
        if continued {
            // The run the cut broke goes on here: what the search finds
            // inside it is a piece of that run, not a URI of its own.
            let run = text.find(ends_run).unwrap_or(text.len());
            found.retain(|e| e.span.start >= run);
        }
        let cut_at = broke_run.then(|| origin.byte + text.len());
        let mut cuts = Vec::new();
        if let Some(at) = cut_at {
            for e in found.iter_mut().filter(|e| e.span.end == text.len()) {
                e.notes.push(format!(
                    "cut at byte {at}: the text runs on for more than {} MiB without whitespace; \
                     the rest of it was not searched",
                    pieces.max >> 20
                ));
                cuts.push(e.span.start);
            }
        }
        let how = How {
            mode,
            file,
            cuts: &cuts,
        };
        links += write_piece_cut(out, &text, &found, how, &mut origin)?;
        continued = broke_run;
        drop(text);
        buf.drain(..cut);
        if eof && buf.is_empty() {
            return Ok(Found { lossy, links });
        }
    }
}

/// Whether `c` ends a run of the search (whitespace, `<`, `>`, `"`).
fn ends_run(c: char) -> bool {
    c.is_whitespace() || matches!(c, '<' | '>' | '"')
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

/// A cut in a piece with no usable line break: after its last ASCII
/// whitespace, else before its last `<` (where a bracketed URI may
/// start), else at its last character boundary, a run broken (`true`).
fn forced_cut(buf: &[u8]) -> (usize, bool) {
    if let Some(p) = buf.iter().rposition(u8::is_ascii_whitespace) {
        return (p + 1, false);
    }
    if let Some(p) = buf.iter().rposition(|&b| b == b'<').filter(|&p| p > 0) {
        return (p, false);
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
        (buf.len(), true)
    } else {
        (c, true)
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
    let how = How {
        mode: Mode::of(json),
        file: None,
        cuts: &[],
    };
    write_piece_cut(out, text, found, how, origin).map(drop)
}

/// How a piece's links are written: the mode, the file named before
/// each, and the offsets of links cut short by the end of a piece.
#[derive(Clone, Copy, Debug)]
struct How<'a> {
    mode: Mode,
    file: Option<&'a str>,
    cuts: &'a [usize],
}

/// [`write_piece`] as `how` says (the URIs starting at `how.cuts` were
/// cut short by the end of a piece: their JSON says `"cut": true`);
/// how many links were written.
fn write_piece_cut<W: Write>(
    out: &mut W,
    text: &str,
    found: &[Extracted],
    how: How<'_>,
    origin: &mut Origin,
) -> io::Result<u64> {
    let How { mode, file, cuts } = how;
    let mut links = 0;
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
        if mode == Mode::Json {
            let v = JsonExtracted {
                uri: &e.uri,
                file,
                start: o.byte + e.span.start,
                end: o.byte + e.span.end,
                line,
                column,
                delimiter: e.delimiter.as_str(),
                guess: e.guess,
                cut: cuts.contains(&e.span.start),
                notes: &e.notes,
            };
            crate::text::json::write(&mut *out, &v)?;
            out.write_all(b"\n")?;
            links += 1;
            continue;
        }
        // The link is the answer, exact; its place, delimiter and notes
        // are explanations around it (`-o`: its notes on stderr).
        let why = crate::text::answer::Diagnostic {
            command: "extract",
            what: "the link",
            input: &e.uri,
            hint: "--json escapes it",
            place: Place::Line(line as u64),
        };
        let prefix = file.map(|f| format!("{}:", visible(f))).unwrap_or_default();
        let (before, after) = if mode == Mode::Only {
            for n in &e.notes {
                out.flush()?;
                let message = format!("note: {}", visible(n));
                say("extract", why.place, Some(e.uri.as_bytes()), &message);
            }
            (String::new(), String::new())
        } else {
            let mut how = e.delimiter.as_str().to_string();
            if e.guess {
                how.push_str(", guess");
            }
            for n in &e.notes {
                how.push_str("; ");
                how.push_str(n);
            }
            (
                format!("{prefix}{line}:{column}  "),
                format!("  ({})", visible(&how)),
            )
        };
        if crate::text::answer::write_answer_within(
            out,
            &mut io::stderr(),
            [&before, &e.uri, &after],
            why,
        )? {
            links += 1;
        }
    }
    let (line, column) = place(at.advance(text.len()));
    *origin = Origin {
        byte: o.byte + text.len(),
        line,
        column,
    };
    Ok(links)
}
