//! Inputs for a subcommand: the command-line arguments, or one line at a
//! time from stdin, in constant memory.

use std::io::{self, BufRead, Write};
use std::ops::Range;

/// One input line.
#[derive(Debug)]
pub enum Input<'a> {
    /// Text (a command-line argument or a UTF-8 line without its line ending).
    Text(&'a str),
    /// A stdin line that is not UTF-8: its 1-based number and a lossy rendering.
    NotUtf8 {
        /// 1-based line number on stdin.
        line: usize,
        /// The line with invalid bytes replaced by U+FFFD.
        lossy: String,
    },
}

/// Call `f` for each input: every element of `args`, or, when `args` is
/// empty, every line of stdin (without `\n` or `\r\n`). Output written to
/// `out` is flushed whenever stdin has nothing more buffered, so a pipeline
/// sees answers as soon as their inputs arrive. A UTF-8 byte-order mark at
/// the start of stdin is dropped.
pub fn for_each<W: Write>(
    args: &[String],
    out: &mut W,
    mut f: impl FnMut(Input<'_>, &mut W) -> io::Result<()>,
) -> io::Result<()> {
    if !args.is_empty() {
        for a in args {
            f(Input::Text(a), out)?;
        }
        return out.flush();
    }
    let stdin = io::stdin();
    let mut reader = io::BufReader::with_capacity(64 * 1024, stdin.lock());
    let mut buf = Vec::new();
    let mut line = 0usize;
    loop {
        buf.clear();
        let Some(text) = read_line(&mut reader, &mut buf, &mut line)? else {
            break;
        };
        f(line_input(&buf[text], line), out)?;
        if reader.buffer().is_empty() {
            out.flush()?;
        }
    }
    out.flush()
}

/// Read the next line of `reader` onto the end of `buf`; returns where
/// its text is in `buf` (without `\n` or `\r\n`; a UTF-8 byte-order
/// mark before the first line dropped, an encoding signature, not part
/// of the input), or `None` at the end. `line` counts the lines read.
pub(crate) fn read_line<R: BufRead>(
    reader: &mut R,
    buf: &mut Vec<u8>,
    line: &mut usize,
) -> io::Result<Option<Range<usize>>> {
    let start = buf.len();
    if reader.read_until(b'\n', buf)? == 0 {
        return Ok(None);
    }
    *line += 1;
    let mut text = &buf[start..];
    text = text
        .strip_suffix(b"\n")
        .map_or(text, |t| t.strip_suffix(b"\r").unwrap_or(t));
    let mut begin = start;
    if *line == 1 && text.starts_with(b"\xEF\xBB\xBF") {
        begin += 3;
    }
    Ok(Some(begin..start + text.len()))
}

/// The input the bytes of stdin line number `line` make: its text, or
/// for bytes that are not UTF-8, a rendering with U+FFFD replacements.
pub(crate) fn line_input(bytes: &[u8], line: usize) -> Input<'_> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Input::Text(s),
        Err(_) => Input::NotUtf8 {
            line,
            lossy: String::from_utf8_lossy(bytes).into_owned(),
        },
    }
}
