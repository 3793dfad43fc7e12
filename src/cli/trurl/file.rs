//! `--url-file`: one URL a line, as trurl reads them: a `\r` before the
//! `\n` and then trailing spaces and tabs cut, empty lines skipped, a
//! line of 4095 bytes or more skipped with a note (trurl reads lines
//! into a 4096-byte buffer). Memory stays bounded by that buffer however
//! long a line is, and the output is flushed before each read that
//! would wait, so `tail -f log | trurl -f -` answers each line as it
//! comes.

use std::io::{BufReader, Read, Write};

use crate::text::lines::{Line, LineReader};

use super::{Runner, Stop};

/// The longest line trurl takes, without its `\n` (a 4096-byte buffer
/// with its NUL).
const MAX_LINE: usize = 4094;

/// Every line of `reader` through `r`; a read error ends the input with
/// a note, as trurl's `fgets` failing does. Read by the one line reader
/// ([`crate::text::lines`]) with trurl's cap.
pub(super) fn each_line<W: Write, E: Write>(
    reader: Box<dyn Read>,
    r: &mut Runner<'_, W, E>,
) -> Result<(), Stop> {
    let mut lines = LineReader::raw(BufReader::with_capacity(64 * 1024, reader), MAX_LINE);
    let mut line = Vec::with_capacity(MAX_LINE + 1);
    loop {
        if lines.get_ref().buffer().is_empty() {
            r.out.flush()?;
            r.err.flush()?;
        }
        line.clear();
        let text = match lines.next_into(&mut line) {
            Ok(Some(Line::Text(t))) => t,
            Ok(Some(Line::TooLong { .. })) => {
                r.note("skipping long line");
                continue;
            }
            Ok(None) => return Ok(()),
            Err(e) => {
                r.note(&format!("fgets: {e}"));
                return Ok(());
            }
        };
        let line = &line[text];
        if line.contains(&0) {
            r.note("skipping long line");
            continue;
        }
        let mut end = line.len();
        if lines.ended_with_newline() {
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
