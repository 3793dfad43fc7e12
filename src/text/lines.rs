//! The one line reader: every reader of lines (each subcommand's stdin,
//! `stats`/`dedupe`/the list view's files, `edit -f`, `confuse`'s stdin,
//! trurl mode's `--url-file`) reads through [`LineReader`], so each is
//! bounded the same way.
//!
//! A line is kept up to a cap ([`MAX_LINE`], 64 MiB, what `extract` holds
//! of one URI; trurl mode's own 4094 bytes). A line past the cap is not
//! kept: the rest of it is read and dropped as it comes, and the reader
//! says [`Line::TooLong`] with its number, its length and its first bytes
//! (for the message), then goes on with the next line. Memory is the
//! cap and the read buffer, whatever the stream: `/dev/zero` costs 64 MiB,
//! not all the memory there is.

use std::io::{self, BufRead};
use std::ops::Range;

/// The longest line kept, without its line ending: 64 MiB.
pub const MAX_LINE: usize = 64 << 20;

/// How many bytes of a line past the cap are kept, to show it in a
/// message.
pub const HEAD: usize = 256;

/// What [`LineReader::next_into`] read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line: where its text is in the buffer (without `\n`; with the
    /// uriscope conventions also without the `\r` of `\r\n` and, on the
    /// first line, a UTF-8 byte-order mark).
    Text(Range<usize>),
    /// A line longer than the cap, skipped: where its first [`HEAD`]
    /// bytes are in the buffer, and its whole length in bytes.
    TooLong {
        /// Its first bytes, kept for a message.
        head: Range<usize>,
        /// Its length, line ending excluded.
        length: u64,
    },
}

/// Lines of a [`BufRead`], each at most a cap long.
#[derive(Debug)]
pub struct LineReader<R> {
    inner: R,
    cap: usize,
    conventions: bool,
    number: u64,
    bytes: u64,
    newline: bool,
}

impl<R: BufRead> LineReader<R> {
    /// Lines of `inner` as uriscope reads them: at most [`MAX_LINE`]
    /// bytes, `\r\n` taken as a line ending, a UTF-8 byte-order mark
    /// before the first line dropped (an encoding signature, not text).
    pub fn new(inner: R) -> Self {
        LineReader {
            inner,
            cap: MAX_LINE,
            conventions: true,
            number: 0,
            bytes: 0,
            newline: false,
        }
    }

    /// Lines of `inner` as they are (only `\n` cut), at most `cap` bytes.
    pub fn raw(inner: R, cap: usize) -> Self {
        LineReader {
            inner,
            cap,
            conventions: false,
            number: 0,
            bytes: 0,
            newline: false,
        }
    }

    /// The same reader with another cap.
    pub fn with_cap(mut self, cap: usize) -> Self {
        self.cap = cap;
        self
    }

    /// The number of the last line read (1-based; 0 before the first).
    pub fn number(&self) -> u64 {
        self.number
    }

    /// Whether the last line read ended with `\n` (the last line of a
    /// stream may not).
    pub fn ended_with_newline(&self) -> bool {
        self.newline
    }

    /// Bytes read so far, line endings included.
    pub fn bytes_read(&self) -> u64 {
        self.bytes
    }

    /// The reader underneath (to ask what it has buffered).
    pub fn get_ref(&self) -> &R {
        &self.inner
    }

    /// Whether the reader holds no more bytes already read: the next
    /// line would wait for input (the time to flush an answer).
    pub fn nothing_buffered(&mut self) -> bool
    where
        R: Buffered,
    {
        self.inner.buffered() == 0
    }

    /// Read the next line onto the end of `buf`; `None` at the end of
    /// input. An interrupted read is retried; another error ends the
    /// line with it (the bytes read stay counted).
    pub fn next_into(&mut self, buf: &mut Vec<u8>) -> io::Result<Option<Line>> {
        let start = buf.len();
        let mut length: u64 = 0;
        let mut any = false;
        let mut over = false;
        let mut newline = false;
        loop {
            let chunk = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (piece, nl) = match memchr::memchr(b'\n', chunk) {
                Some(i) => (&chunk[..i], true),
                None => (chunk, false),
            };
            if !over && length + piece.len() as u64 > self.cap as u64 {
                over = true;
                buf.truncate(start + HEAD.min(buf.len() - start));
                // Let go of what a line near the cap made the buffer grow to.
                buf.shrink_to(start + (64 << 10));
            }
            if over {
                // Only the head is kept, from however many pieces it spans.
                let have = buf.len() - start;
                if have < HEAD {
                    buf.extend_from_slice(&piece[..(HEAD - have).min(piece.len())]);
                }
            } else {
                buf.extend_from_slice(piece);
            }
            length += piece.len() as u64;
            let used = piece.len() + usize::from(nl);
            self.inner.consume(used);
            self.bytes += used as u64;
            if nl {
                newline = true;
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.number += 1;
        self.newline = newline;
        if over {
            return Ok(Some(Line::TooLong {
                head: start..buf.len(),
                length,
            }));
        }
        let mut begin = start;
        let mut end = buf.len();
        if self.conventions {
            if newline && buf[begin..end].ends_with(b"\r") {
                end -= 1;
            }
            if self.number == 1 && buf[begin..end].starts_with(b"\xEF\xBB\xBF") {
                begin += 3;
            }
        }
        Ok(Some(Line::Text(begin..end)))
    }
}

/// A reader that can say how many bytes it holds already read.
pub trait Buffered {
    /// Bytes read and not yet consumed.
    fn buffered(&self) -> usize;
}

impl<R> Buffered for io::BufReader<R> {
    fn buffered(&self) -> usize {
        self.buffer().len()
    }
}

/// The message for a line past the cap: `longer than 64 MiB (N bytes);
/// skipped`.
pub fn too_long_message(cap: usize, length: u64) -> String {
    let cap = if cap >= 1 << 20 && cap.is_multiple_of(1 << 20) {
        format!("{} MiB", cap >> 20)
    } else {
        format!("{cap} bytes")
    };
    format!("a line longer than {cap} ({length} bytes); skipped")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line as the tests see it: its text, or its head and length.
    type Got = Result<Vec<u8>, (Vec<u8>, u64)>;

    fn all(input: &[u8], cap: usize, capacity: usize) -> Vec<(u64, Got)> {
        let mut r = LineReader::new(io::BufReader::with_capacity(capacity, input)).with_cap(cap);
        let mut out = Vec::new();
        let mut buf = Vec::new();
        while let Some(l) = r.next_into(&mut buf).unwrap() {
            let got = match l {
                Line::Text(t) => Ok(buf[t].to_vec()),
                Line::TooLong { head, length } => Err((buf[head].to_vec(), length)),
            };
            out.push((r.number(), got));
            buf.clear();
        }
        assert_eq!(r.bytes_read(), input.len() as u64);
        out
    }

    #[test]
    fn lines_past_the_cap_are_skipped_and_the_stream_goes_on() {
        let long = vec![b'x'; 1000];
        let mut input = b"\xEF\xBB\xBFa\r\n".to_vec();
        input.extend_from_slice(&long);
        input.extend_from_slice(b"\nb\r\n\xEF\xBB\xBFc\nlast\r");
        for capacity in [7, 64, 4096] {
            let got = all(&input, 10, capacity);
            assert_eq!(
                got,
                vec![
                    (1, Ok(b"a".to_vec())),
                    (2, Err((vec![b'x'; HEAD], 1000))),
                    (3, Ok(b"b".to_vec())),
                    (4, Ok(b"\xEF\xBB\xBFc".to_vec())),
                    (5, Ok(b"last\r".to_vec())),
                ],
                "buffer of {capacity}"
            );
        }
        // A line of exactly the cap is kept.
        assert_eq!(
            all(b"0123456789\n", 10, 4),
            vec![(1, Ok(b"0123456789".to_vec()))]
        );
        assert_eq!(all(b"", 10, 4), vec![]);
        // Raw: nothing but `\n` is cut.
        let mut r = LineReader::raw(&b"\xEF\xBB\xBFa\r\n"[..], 10);
        let mut buf = Vec::new();
        let Some(Line::Text(t)) = r.next_into(&mut buf).unwrap() else {
            panic!("a line")
        };
        assert_eq!(&buf[t], b"\xEF\xBB\xBFa\r");
    }

    #[test]
    fn the_message_names_the_cap() {
        assert_eq!(
            too_long_message(MAX_LINE, 70_000_000),
            "a line longer than 64 MiB (70000000 bytes); skipped"
        );
        assert_eq!(
            too_long_message(4094, 5000),
            "a line longer than 4094 bytes (5000 bytes); skipped"
        );
    }
}
