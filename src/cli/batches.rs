//! Stdin lines answered in batches on every core, written in input order:
//! what [`super::input::for_each`] does, for a subcommand whose answer to
//! one line depends on that line alone (`parse`), at the speed of all the
//! machine's cores.
//!
//! A batch is the lines stdin has already delivered (at most
//! [`MAX_BATCH`]): nothing waits for input that has not arrived, so a
//! pipeline still sees each answer as soon as its line is read, and a
//! batch is flushed when stdin has nothing more buffered, as before. A
//! batch of [`MIN_SPLIT`] lines or more is cut into one contiguous part
//! per thread; each part's answers go to a buffer of their own, written
//! out in order once all are done, so the bytes are exactly those of one
//! thread answering line by line.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::ops::Range;

use super::input::Input;

/// The most lines in one batch.
pub const MAX_BATCH: usize = 4096;

/// Fewer lines than this are answered on the reading thread (a thread
/// costs tens of microseconds; a line, about two).
pub const MIN_SPLIT: usize = 64;

/// How many threads answer: `URISCOPE_THREADS` when it is a positive
/// number (1 answers every line on the reading thread), else one per
/// core.
pub fn threads() -> usize {
    std::env::var("URISCOPE_THREADS")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Lines read from stdin and not yet answered: their bytes, one after
/// another, and where each is with its 1-based line number.
#[derive(Default)]
struct Batch {
    text: Vec<u8>,
    lines: Vec<(Range<usize>, usize)>,
}

impl Batch {
    /// Read the lines `reader` holds, blocking only for the first: stops
    /// when nothing more is buffered, at [`MAX_BATCH`] lines, or at the
    /// end of input. `seen` counts the lines read before.
    fn fill<R: Read>(&mut self, reader: &mut BufReader<R>, seen: &mut usize) -> io::Result<()> {
        self.text.clear();
        self.lines.clear();
        while self.lines.len() < MAX_BATCH {
            let start = self.text.len();
            if reader.read_until(b'\n', &mut self.text)? == 0 {
                break;
            }
            *seen += 1;
            let mut end = self.text.len();
            if self.text[start..end].ends_with(b"\n") {
                end -= 1;
                if self.text[start..end].ends_with(b"\r") {
                    end -= 1;
                }
            }
            // A UTF-8 byte-order mark before the first line is an
            // encoding signature, not part of the input.
            let mut begin = start;
            if *seen == 1 && self.text[start..end].starts_with(b"\xEF\xBB\xBF") {
                begin += 3;
            }
            self.lines.push((begin..end, *seen));
            // What is buffered, not what a read would bring: a read
            // would wait for a line that may not have been typed yet.
            if reader.buffer().is_empty() {
                break;
            }
        }
        Ok(())
    }
}

/// What one part of a batch gave: its answers, whether `f` called every
/// line good, and the error that stopped it.
struct Part {
    out: Vec<u8>,
    good: bool,
    error: Option<io::Error>,
}

/// Answer `lines` of `text` in order into `out` (emptied first; a
/// buffer of an earlier batch, whose pages are already there: a fresh
/// megabyte per part and batch cost its page faults and regrowth).
fn answer<F>(text: &[u8], lines: &[(Range<usize>, usize)], f: &F, mut out: Vec<u8>) -> Part
where
    F: Fn(Input<'_>, &mut Vec<u8>) -> io::Result<bool>,
{
    out.clear();
    let mut part = Part {
        out,
        good: true,
        error: None,
    };
    for (range, line) in lines {
        let bytes = &text[range.clone()];
        let result = match std::str::from_utf8(bytes) {
            Ok(s) => f(Input::Text(s), &mut part.out),
            Err(_) => {
                let lossy = String::from_utf8_lossy(bytes).into_owned();
                f(Input::NotUtf8 { line: *line, lossy }, &mut part.out)
            }
        };
        match result {
            Ok(good) => part.good &= good,
            Err(e) => {
                part.error = Some(e);
                break;
            }
        }
    }
    part
}

/// Call `f` for each input, as [`super::input::for_each`] does, writing
/// what it writes to `out` in input order; the lines of stdin are
/// answered on `threads` threads (see the module's documentation).
/// `f` returns whether the input was good; the result is whether all
/// were.
pub fn for_each_parallel<W, F>(
    args: &[String],
    out: &mut W,
    threads: usize,
    f: F,
) -> io::Result<bool>
where
    W: Write,
    F: Fn(Input<'_>, &mut Vec<u8>) -> io::Result<bool> + Sync,
{
    let mut all_good = true;
    if !args.is_empty() {
        let mut buf = Vec::new();
        for a in args {
            buf.clear();
            all_good &= f(Input::Text(a), &mut buf)?;
            out.write_all(&buf)?;
        }
        out.flush()?;
        return Ok(all_good);
    }
    let stdin = io::stdin();
    let mut reader = io::BufReader::with_capacity(64 * 1024, stdin.lock());
    let mut batch = Batch::default();
    let mut seen = 0;
    let mut spare = Vec::new();
    loop {
        batch.fill(&mut reader, &mut seen)?;
        if batch.lines.is_empty() {
            break;
        }
        for part in answer_batch(&batch, threads, &f, &mut spare) {
            all_good &= part.good;
            out.write_all(&part.out)?;
            if let Some(e) = part.error {
                out.flush()?;
                return Err(e);
            }
            spare.push(part.out);
        }
        if reader.buffer().is_empty() {
            out.flush()?;
        }
    }
    out.flush()?;
    Ok(all_good)
}

/// The parts of `batch`, answered on up to `threads` threads, in order,
/// each into a buffer taken from `spare` (or a new one).
fn answer_batch<F>(batch: &Batch, threads: usize, f: &F, spare: &mut Vec<Vec<u8>>) -> Vec<Part>
where
    F: Fn(Input<'_>, &mut Vec<u8>) -> io::Result<bool> + Sync,
{
    let n = batch.lines.len();
    if threads <= 1 || n < MIN_SPLIT {
        let out = spare.pop().unwrap_or_default();
        return vec![answer(&batch.text, &batch.lines, f, out)];
    }
    let per = n.div_ceil(threads.min(n / (MIN_SPLIT / 2)).max(1));
    let mut chunks = batch.lines.chunks(per);
    let first = chunks.next().unwrap_or_default();
    std::thread::scope(|s| {
        let helpers: Vec<_> = chunks
            .map(|c| {
                let out = spare.pop().unwrap_or_default();
                s.spawn(move || answer(&batch.text, c, f, out))
            })
            .collect();
        let mut parts = vec![answer(
            &batch.text,
            first,
            f,
            spare.pop().unwrap_or_default(),
        )];
        for h in helpers {
            parts.push(match h.join() {
                Ok(p) => p,
                Err(panic) => std::panic::resume_unwind(panic),
            });
        }
        parts
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Echo each line with its kind, as a subcommand would answer it.
    fn echo(input: Input<'_>, out: &mut Vec<u8>) -> io::Result<bool> {
        match input {
            Input::Text(s) => {
                writeln!(out, "text {s}")?;
                Ok(!s.contains('!'))
            }
            Input::NotUtf8 { line, lossy } => {
                writeln!(out, "line {line} not utf-8: {lossy}")?;
                Ok(false)
            }
        }
    }

    /// The batches of a whole input, read through a buffer of `capacity`
    /// bytes.
    fn batches(input: &[u8], capacity: usize) -> Vec<Batch> {
        let mut reader = BufReader::with_capacity(capacity, input);
        let mut seen = 0;
        let mut all = Vec::new();
        loop {
            let mut b = Batch::default();
            b.fill(&mut reader, &mut seen).unwrap();
            if b.lines.is_empty() {
                return all;
            }
            all.push(b);
        }
    }

    /// Every thread count answers with the bytes one thread writes,
    /// non-UTF-8 lines with their own line numbers, the BOM dropped from
    /// the first line only, `\r\n` and a last line without `\n` alike.
    #[test]
    fn parts_join_into_what_one_thread_writes() {
        let mut input = b"\xEF\xBB\xBFa\r\n".to_vec();
        for i in 0..10_000 {
            match i % 97 {
                0 => input.extend_from_slice(b"bad \xff byte\n"),
                1 => input.extend_from_slice(b"\xEF\xBB\xBFnot first\n"),
                2 => input.extend_from_slice(b"loud!\r\n"),
                _ => input.extend_from_slice(format!("line {i}\n").as_bytes()),
            }
        }
        input.extend_from_slice(b"last");
        let mut want = Vec::new();
        let mut want_good = true;
        for (i, l) in input.split(|&b| b == b'\n').enumerate() {
            let l = l.strip_suffix(b"\r").unwrap_or(l);
            let l = if i == 0 { &l[3..] } else { l };
            want_good &= match std::str::from_utf8(l) {
                Ok(s) => echo(Input::Text(s), &mut want).unwrap(),
                Err(_) => {
                    let lossy = String::from_utf8_lossy(l).into_owned();
                    echo(Input::NotUtf8 { line: i + 1, lossy }, &mut want).unwrap()
                }
            };
        }
        // Whole batches of MAX_BATCH lines cut in parts, and small ones
        // at each 16-byte fill.
        let sizes: Vec<usize> = batches(&input, 1 << 20)
            .iter()
            .map(|b| b.lines.len())
            .collect();
        assert_eq!(sizes, [MAX_BATCH, MAX_BATCH, 10_002 - 2 * MAX_BATCH]);
        for (threads, capacity) in [
            (1, 1 << 20),
            (2, 1 << 20),
            (3, 1 << 20),
            (8, 1 << 20),
            (2, 16),
        ] {
            let mut got = Vec::new();
            let mut good = true;
            for b in batches(&input, capacity) {
                for p in answer_batch(&b, threads, &echo, &mut Vec::new()) {
                    good &= p.good;
                    got.extend_from_slice(&p.out);
                }
            }
            assert_eq!(
                String::from_utf8_lossy(&got),
                String::from_utf8_lossy(&want)
            );
            assert_eq!(good, want_good, "{threads} threads, {capacity} bytes");
        }
        assert!(!want_good);
    }

    /// A reader that hands out one piece per read, as a pipe gives what
    /// has been written so far.
    struct Trickle(Vec<&'static [u8]>);

    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Ok(0);
            }
            let piece = self.0.remove(0);
            buf[..piece.len()].copy_from_slice(piece);
            Ok(piece.len())
        }
    }

    /// A batch ends where the reader has nothing more buffered: the
    /// lines that arrived are answered without waiting for more (a read
    /// past them would block on a terminal or a quiet pipe).
    #[test]
    fn a_batch_is_what_has_arrived() {
        let mut reader = BufReader::new(Trickle(vec![b"a\nb\n", b"c\n", b"d"]));
        let mut seen = 0;
        let mut got = Vec::new();
        loop {
            let mut b = Batch::default();
            b.fill(&mut reader, &mut seen).unwrap();
            if b.lines.is_empty() {
                break;
            }
            got.push(
                b.lines
                    .iter()
                    .map(|(r, n)| (b.text[r.clone()].to_vec(), *n))
                    .collect::<Vec<_>>(),
            );
        }
        let line = |s: &str, n| (s.as_bytes().to_vec(), n);
        assert_eq!(
            got,
            [
                vec![line("a", 1), line("b", 2)],
                vec![line("c", 3)],
                vec![line("d", 4)]
            ]
        );
    }

    /// An error stops the part at its line; the parts before are whole.
    #[test]
    fn an_error_stops_at_its_line() {
        let fail = |input: Input<'_>, out: &mut Vec<u8>| match input {
            Input::Text("stop") => Err(io::Error::other("stop")),
            Input::Text(s) => {
                writeln!(out, "{s}")?;
                Ok(true)
            }
            Input::NotUtf8 { .. } => Ok(false),
        };
        let input: String = (0..500)
            .map(|i| {
                if i == 300 {
                    "stop\n".into()
                } else {
                    format!("{i}\n")
                }
            })
            .collect();
        let mut whole = Batch::default();
        let mut seen = 0;
        whole
            .fill(&mut BufReader::new(input.as_bytes()), &mut seen)
            .unwrap();
        let mut got = Vec::new();
        for p in answer_batch(&whole, 4, &fail, &mut Vec::new()) {
            got.extend_from_slice(&p.out);
            if p.error.is_some() {
                break;
            }
        }
        let want: String = (0..300).map(|i| format!("{i}\n")).collect();
        assert_eq!(String::from_utf8(got).unwrap(), want);
    }
}
