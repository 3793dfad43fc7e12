//! `--url-file`: one URL a line, as trurl reads them: a `\r` before the
//! `\n` and then trailing spaces and tabs cut, empty lines skipped, a
//! line of 4095 bytes or more skipped with a note (trurl reads lines
//! into a 4096-byte buffer). Memory stays bounded by that buffer however
//! long a line is, and the output is flushed before each read that
//! would wait, so `tail -f log | trurl -f -` answers each line as it
//! comes.

use std::io::{self, BufRead, BufReader, Read, Write};

use super::{Runner, Stop};

/// The longest line trurl takes, without its `\n` (a 4096-byte buffer
/// with its NUL).
const MAX_LINE: usize = 4094;

/// Every line of `reader` through `r`; a read error ends the input with
/// a note, as trurl's `fgets` failing does.
pub(super) fn each_line<W: Write, E: Write>(
    reader: Box<dyn Read>,
    r: &mut Runner<'_, W, E>,
) -> Result<(), Stop> {
    let mut reader = BufReader::with_capacity(64 * 1024, reader);
    let mut line = Vec::with_capacity(MAX_LINE + 1);
    loop {
        if reader.buffer().is_empty() {
            r.out.flush()?;
            r.err.flush()?;
        }
        let newline = match read_line(&mut reader, &mut line) {
            Ok(Some(newline)) => newline,
            Ok(None) => return Ok(()),
            Err(e) => {
                r.note(&format!("fgets: {e}"));
                return Ok(());
            }
        };
        if line.len() > MAX_LINE || line.contains(&0) {
            r.note("skipping long line");
            continue;
        }
        let mut end = line.len();
        if newline {
            if end == 0 {
                continue;
            }
            if line[end - 1] == b'\r' {
                end -= 1;
            }
        }
        while end > 0 && matches!(line[end - 1], b' ' | b'\t') {
            end -= 1;
        }
        if end > 0 {
            r.one(Some(&line[..end]))?;
        }
    }
}

/// The next line into `line` (without its `\n`), at most
/// `MAX_LINE + 1` bytes of it kept (the rest read and dropped); whether
/// it ended with `\n`, `None` at the end of input.
fn read_line(reader: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Option<bool>> {
    line.clear();
    let mut any = false;
    loop {
        let buf = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(any.then_some(false));
        }
        any = true;
        let (chunk, newline) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], true),
            None => (buf, false),
        };
        let room = (MAX_LINE + 1).saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len() + usize::from(newline);
        reader.consume(used);
        if newline {
            return Ok(Some(true));
        }
    }
}
