//! Inputs for a subcommand: the command-line arguments, or one line at a
//! time from stdin, in constant memory.

use std::io::{self, BufRead, Write};

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
        if reader.read_until(b'\n', &mut buf)? == 0 {
            break;
        }
        line += 1;
        if buf.last() == Some(&b'\n') {
            buf.pop();
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
        }
        // A UTF-8 byte-order mark before the first line is an encoding
        // signature, not part of the input.
        if line == 1 && buf.starts_with(b"\xEF\xBB\xBF") {
            buf.drain(..3);
        }
        match std::str::from_utf8(&buf) {
            Ok(s) => f(Input::Text(s), out)?,
            Err(_) => {
                let lossy = String::from_utf8_lossy(&buf).into_owned();
                f(Input::NotUtf8 { line, lossy }, out)?
            }
        }
        if reader.buffer().is_empty() {
            out.flush()?;
        }
    }
    out.flush()
}
