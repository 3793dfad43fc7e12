//! Stdin lines answered in batches on every core, written in input order:
//! what [`super::input::for_each`] does, for a subcommand whose answer to
//! one line depends on that line alone (`parse`), at the speed of all the
//! machine's cores.
//!
//! A batch is the lines stdin has already delivered (at most
//! [`MAX_BATCH`], [`MAX_BATCH_BYTES`] of them): nothing waits for input that has not arrived, so a
//! pipeline still sees each answer as soon as its line is read, and a
//! batch is flushed when stdin has nothing more buffered, as before. A
//! batch of [`MIN_SPLIT`] lines or more is cut into one contiguous part
//! per thread; each part's answers go to a buffer of their own, written
//! out in order once all are done, so the bytes are exactly those of one
//! thread answering line by line. A smaller batch, or one that holds a
//! line over [`STREAM_LINE`] bytes, is answered on the reading thread
//! straight to the output, as `for_each` does: the answer to a 64 KB line
//! full of errors is megabytes, and is streamed, never held.

use std::io::{self, BufReader, Read, Write};
use std::ops::Range;
use std::sync::{mpsc, Arc};

use super::input::{line_input, Input};
use crate::text::diag::Place;
use crate::text::lines::{Line, LineReader, MAX_LINE};

/// The most lines in one batch.
pub const MAX_BATCH: usize = 4096;

/// A batch ends once it holds this many bytes of input: an answer can be
/// hundreds of times its line (a finding per byte of a garbage line), and
/// a batch's answers are held until all its parts are done.
pub const MAX_BATCH_BYTES: usize = 64 * 1024;

/// Fewer lines than this are answered on the reading thread (a thread
/// costs tens of microseconds; a line, about two).
pub const MIN_SPLIT: usize = 64;

/// A batch with a line longer than this is answered on the reading
/// thread, each answer written as it is made.
pub const STREAM_LINE: usize = 4096;

/// How a subcommand answers one input, into any writer.
pub trait Answer: Sync {
    /// Write the answer to `input`, found at `place`, to `out`; returns
    /// whether the input was good (the exit status is 0 when all were).
    /// An [`Input::Unreadable`] is only ever given on the reading thread,
    /// so its message on stderr keeps its place among the answers.
    fn answer<W: Write>(&self, place: Place, input: Input<'_>, out: &mut W) -> io::Result<bool>;
}

/// How many threads answer: `URISCOPE_THREADS` when it is a positive
/// number no larger than the machine's cores (1 answers every line on the
/// reading thread), else one per core. A value that cannot be used is
/// said once on stderr, with the count used instead.
pub fn threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let var = std::env::var("URISCOPE_THREADS").ok();
    let (n, note) = thread_count(var.as_deref(), cores);
    if let Some(note) = note {
        let _ = writeln!(io::stderr(), "uriscope: {note}");
    }
    n
}

/// The thread count for `URISCOPE_THREADS=var` on a machine of `cores`
/// cores, and what to say when `var` is not used as given. More threads
/// than cores answer no faster, and each costs a stack: thousands of them
/// ran the process out of memory.
///
/// ```
/// use uriscope::cli::batches::thread_count;
/// assert_eq!(thread_count(Some("2"), 8), (2, None));
/// assert_eq!(thread_count(None, 8), (8, None));
/// let (n, note) = thread_count(Some("30000"), 2);
/// assert_eq!(n, 2);
/// assert!(note.unwrap().contains("more than the 2 cores"));
/// ```
pub fn thread_count(var: Option<&str>, cores: usize) -> (usize, Option<String>) {
    let cores = cores.max(1);
    let Some(var) = var else {
        return (cores, None);
    };
    match var.trim().parse::<usize>() {
        Ok(n @ 1..) if n <= cores => (n, None),
        Ok(n @ 1..) => (
            cores,
            Some(format!(
                "URISCOPE_THREADS={n} is more than the {cores} cores of this machine: using {cores}"
            )),
        ),
        _ => (
            cores,
            Some(format!(
                "URISCOPE_THREADS={} is not a positive number: using one thread per core ({cores})",
                crate::text::plain::visible(var)
            )),
        ),
    }
}

/// Lines read from stdin and not yet answered: their bytes, one after
/// another, and where each is with its 1-based line number.
#[derive(Clone, Default)]
struct Batch {
    text: Vec<u8>,
    lines: Vec<(Line, u64)>,
    longest: usize,
    /// Whether every line is text: UTF-8 and within the cap.
    all_text: bool,
}

impl Batch {
    /// Read the lines `reader` holds, blocking only for the first: stops
    /// when nothing more is buffered, at [`MAX_BATCH`] lines or
    /// [`MAX_BATCH_BYTES`], or at the end of input. `seen` counts the
    /// lines read before.
    fn fill<R: Read>(&mut self, reader: &mut LineReader<BufReader<R>>) -> io::Result<()> {
        self.text.clear();
        self.lines.clear();
        self.longest = 0;
        self.all_text = true;
        while self.lines.len() < MAX_BATCH && self.text.len() < MAX_BATCH_BYTES {
            let Some(line) = reader.next_into(&mut self.text)? else {
                break;
            };
            match &line {
                Line::Text(text) => self.longest = self.longest.max(text.len()),
                Line::TooLong { .. } => self.all_text = false,
            }
            self.lines.push((line, reader.number()));
            // What is buffered, not what a read would bring: a read
            // would wait for a line that may not have been typed yet.
            if reader.get_ref().buffer().is_empty() {
                break;
            }
        }
        self.all_text &= as_str(&self.text, &self.lines).is_some();
        Ok(())
    }

    /// Whether the batch is answered on the reading thread, straight to
    /// the output: a small one, one with a long line, one with a line
    /// that is no text (its message goes to stderr in its place).
    fn streamed(&self, threads: usize) -> bool {
        threads <= 1 || self.lines.len() < MIN_SPLIT || self.longest > STREAM_LINE || !self.all_text
    }
}

/// The text of `lines` (from the first's start to the last's end) as a
/// `str` when it is all UTF-8, with where it starts in `text`: one check
/// for a batch, not one per line (a per-line `from_utf8` was 7% of
/// `parse`'s time). A batch with a line that is not UTF-8 is checked
/// line by line.
fn as_str<'t>(text: &'t [u8], lines: &[(Line, u64)]) -> Option<(&'t str, usize)> {
    let range = |l: &Line| match l {
        Line::Text(r) => r.clone(),
        Line::TooLong { head, .. } => head.clone(),
    };
    let (first, last) = (range(&lines.first()?.0), range(&lines.last()?.0));
    let all = text.get(first.start..last.end)?;
    std::str::from_utf8(all).ok().map(|s| (s, first.start))
}

/// Answer one line of `text` to `out`; `whole` is [`as_str`] of the
/// lines it is among.
fn answer_line<A: Answer, W: Write>(
    text: &[u8],
    whole: Option<(&str, usize)>,
    (line, number): &(Line, u64),
    a: &A,
    out: &mut W,
) -> io::Result<bool> {
    let checked = match line {
        Line::Text(range) => whole.and_then(|(s, at)| s.get(range.start - at..range.end - at)),
        Line::TooLong { .. } => None,
    };
    let input = match checked {
        Some(s) => Input::Text(s),
        None => line_input(text, line.clone(), MAX_LINE),
    };
    a.answer(Place::Line(*number), input, out)
}

/// What one part of a batch gave: its answers, whether every line was
/// good, and the error that stopped it.
struct Part {
    out: Vec<u8>,
    good: bool,
    error: Option<io::Error>,
}

/// Answer `lines` of `text` in order into `out` (emptied first; a
/// buffer of an earlier batch, whose pages are already there: a fresh
/// megabyte per part and batch cost its page faults and regrowth).
fn answer_part<A: Answer>(text: &[u8], lines: &[(Line, u64)], a: &A, mut out: Vec<u8>) -> Part {
    out.clear();
    let mut part = Part {
        out,
        good: true,
        error: None,
    };
    let whole = as_str(text, lines);
    for l in lines {
        match answer_line(text, whole, l, a, &mut part.out) {
            Ok(good) => part.good &= good,
            Err(e) => {
                part.error = Some(e);
                break;
            }
        }
    }
    part
}

/// Answer each input with `a`, as [`super::input::for_each`] does,
/// writing to `out` in input order; the lines of stdin are answered on
/// `threads` threads (see the module's documentation). Returns whether
/// every input was good.
pub fn for_each_parallel<W: Write, A: Answer>(
    args: &[String],
    out: &mut W,
    threads: usize,
    a: &A,
) -> io::Result<bool> {
    let mut all_good = true;
    if !args.is_empty() {
        for (i, arg) in args.iter().enumerate() {
            all_good &= a.answer(Place::Argument(i + 1), Input::Text(arg), out)?;
        }
        out.flush()?;
        return Ok(all_good);
    }
    let stdin = io::stdin();
    let mut reader = LineReader::new(io::BufReader::with_capacity(64 * 1024, stdin.lock()));
    answer_lines(&mut reader, out, threads, a)
}

/// [`for_each_parallel`] on the lines of `reader`. The helpers (one
/// fewer than `threads`) live as long as the input: a batch is a few
/// hundred lines, and a thread spawned per batch cost a tenth of the time.
fn answer_lines<R: Read, W: Write, A: Answer>(
    reader: &mut LineReader<BufReader<R>>,
    out: &mut W,
    threads: usize,
    a: &A,
) -> io::Result<bool> {
    if threads <= 1 {
        return answer_lines_with(reader, out, a, &[]);
    }
    std::thread::scope(|s| {
        let helpers: Vec<Helper> = (1..threads)
            .map(|_| {
                let (jobs, job_rx) = mpsc::channel::<Job>();
                let (part_tx, parts) = mpsc::channel::<Part>();
                s.spawn(move || {
                    for (batch, range, out) in job_rx {
                        let part = answer_part(&batch.text, &batch.lines[range], a, out);
                        // Let go of the batch before the part arrives: the
                        // reading thread then refills it without a copy.
                        drop(batch);
                        if part_tx.send(part).is_err() {
                            return;
                        }
                    }
                });
                Helper { jobs, parts }
            })
            .collect();
        // The helpers' channels close when this returns; a helper that
        // panicked is reported by the scope.
        answer_lines_with(reader, out, a, &helpers)
    })
}

/// A batch's lines `range` to answer into a spare buffer.
type Job = (Arc<Batch>, Range<usize>, Vec<u8>);

/// A helper thread: where its jobs go and its parts come from.
struct Helper {
    jobs: mpsc::Sender<Job>,
    parts: mpsc::Receiver<Part>,
}

/// The reading thread's loop: each batch streamed, or cut in parts for
/// itself and `helpers`.
fn answer_lines_with<R: Read, W: Write, A: Answer>(
    reader: &mut LineReader<BufReader<R>>,
    out: &mut W,
    a: &A,
    helpers: &[Helper],
) -> io::Result<bool> {
    let threads = helpers.len() + 1;
    let mut all_good = true;
    let mut spare: Vec<Vec<u8>> = Vec::new();
    let mut batch = Arc::new(Batch::default());
    loop {
        // The helpers have given back their parts: the batch is ours.
        let b = Arc::make_mut(&mut batch);
        b.fill(reader)?;
        if b.lines.is_empty() {
            break;
        }
        if b.streamed(threads) {
            let whole = as_str(&b.text, &b.lines);
            for l in &b.lines {
                all_good &= answer_line(&b.text, whole, l, a, out)?;
            }
        } else {
            let n = b.lines.len();
            let per = n.div_ceil(threads);
            let mut ranges = (0..n).step_by(per).map(|k| k..(k + per).min(n));
            let first = ranges.next().unwrap_or(0..0);
            let mut asked = 0;
            for (h, r) in helpers.iter().zip(ranges) {
                let job = (Arc::clone(&batch), r, spare.pop().unwrap_or_default());
                if h.jobs.send(job).is_err() {
                    break;
                }
                asked += 1;
            }
            let mine = answer_part(
                &batch.text,
                &batch.lines[first],
                a,
                spare.pop().unwrap_or_default(),
            );
            let theirs = helpers[..asked].iter().map(|h| h.parts.recv());
            for part in std::iter::once(Ok(mine)).chain(theirs) {
                // A helper that stopped without a part panicked.
                let Ok(part) = part else {
                    return Err(io::Error::other("a helper thread stopped"));
                };
                all_good &= part.good;
                out.write_all(&part.out)?;
                if let Some(e) = part.error {
                    out.flush()?;
                    return Err(e);
                }
                spare.push(part.out);
            }
        }
        if reader.get_ref().buffer().is_empty() {
            out.flush()?;
        }
    }
    out.flush()?;
    Ok(all_good)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Echo each line with its kind, as a subcommand would answer it;
    /// a line `stop` is an error.
    struct Echo;

    impl Answer for Echo {
        fn answer<W: Write>(
            &self,
            place: Place,
            input: Input<'_>,
            out: &mut W,
        ) -> io::Result<bool> {
            match input {
                Input::Text("stop") => Err(io::Error::other("stop")),
                Input::Text(s) => {
                    writeln!(out, "text {s}")?;
                    Ok(!s.contains('!'))
                }
                Input::Unreadable { bytes, why } => {
                    let lossy = String::from_utf8_lossy(bytes);
                    writeln!(out, "{place} {why}: {lossy}")?;
                    Ok(false)
                }
            }
        }
    }

    /// The batches of a whole input, read through a buffer of `capacity`
    /// bytes.
    fn batches(input: &[u8], capacity: usize) -> Vec<Batch> {
        let mut reader = LineReader::new(BufReader::with_capacity(capacity, input));
        let mut all = Vec::new();
        loop {
            let mut b = Batch::default();
            b.fill(&mut reader).unwrap();
            if b.lines.is_empty() {
                return all;
            }
            all.push(b);
        }
    }

    /// `input` answered on `threads` threads through a buffer of
    /// `capacity` bytes: the output, and whether all lines were good.
    fn run(input: &[u8], capacity: usize, threads: usize) -> io::Result<(Vec<u8>, bool)> {
        let mut out = Vec::new();
        let good = answer_lines(
            &mut LineReader::new(BufReader::with_capacity(capacity, input)),
            &mut out,
            threads,
            &Echo,
        )?;
        Ok((out, good))
    }

    /// Every thread count answers with the bytes one thread writes,
    /// non-UTF-8 lines with their own line numbers, batches checked for
    /// UTF-8 whole or line by line, the BOM dropped from
    /// the first line only, `\r\n`, a line too long to be held and a
    /// last line without `\n` alike.
    #[test]
    fn parts_join_into_what_one_thread_writes() {
        let mut input = b"\xEF\xBB\xBFa\r\n".to_vec();
        for i in 0..20_000 {
            match i % 97 {
                // Only the first tenth has bytes that are not UTF-8 (its
                // batch is answered on the reading thread, each such
                // line's message in its place): the batches after it
                // are checked as a whole.
                0 if i < 2000 => input.extend_from_slice(b"bad \xff byte\n"),
                3 => input.extend_from_slice("€ and é\n".as_bytes()),
                1 => input.extend_from_slice(b"\xEF\xBB\xBFnot first\n"),
                2 => input.extend_from_slice(b"loud!\r\n"),
                _ => input.extend_from_slice(format!("line {i}\n").as_bytes()),
            }
            if i == 9000 {
                input.extend_from_slice(&[b'x'; STREAM_LINE + 1]);
                input.push(b'\n');
            }
        }
        input.extend_from_slice(b"last");
        let mut want = Vec::new();
        let mut want_good = true;
        for (i, l) in input.split(|&b| b == b'\n').enumerate() {
            let l = l.strip_suffix(b"\r").unwrap_or(l);
            let l = if i == 0 { &l[3..] } else { l };
            let place = Place::Line(i as u64 + 1);
            want_good &= match std::str::from_utf8(l) {
                Ok(s) => Echo.answer(place, Input::Text(s), &mut want).unwrap(),
                Err(_) => {
                    let why = "not valid UTF-8".to_string();
                    let input = Input::Unreadable { bytes: l, why };
                    Echo.answer(place, input, &mut want).unwrap()
                }
            };
        }
        // Whole batches (MAX_BATCH lines or MAX_BATCH_BYTES) cut in
        // parts; the one with the long line streamed; small ones at each
        // 16-byte fill.
        let big = batches(&input, 1 << 20);
        assert_eq!(big.iter().map(|b| b.lines.len()).sum::<usize>(), 20_003);
        for b in &big[..big.len() - 1] {
            assert!(b.lines.len() == MAX_BATCH || b.text.len() >= MAX_BATCH_BYTES);
        }
        assert!(big.iter().filter(|b| !b.streamed(2)).count() >= 2);
        assert!(big.iter().any(|b| b.longest > STREAM_LINE && b.streamed(2)));
        assert!(big.iter().any(|b| !b.all_text && b.streamed(2)));
        assert!(big.iter().any(|b| b.all_text));
        for (threads, capacity) in [
            (1, 1 << 20),
            (2, 1 << 20),
            (3, 1 << 20),
            (8, 1 << 20),
            (2, 16),
        ] {
            let (got, good) = run(&input, capacity, threads).unwrap();
            assert!(got == want, "{threads} threads, {capacity} bytes");
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
        let mut reader = LineReader::new(BufReader::new(Trickle(vec![b"a\nb\n", b"c\n", b"d"])));
        let mut got = Vec::new();
        loop {
            let mut b = Batch::default();
            b.fill(&mut reader).unwrap();
            if b.lines.is_empty() {
                break;
            }
            let lines = b.lines.iter().map(|(l, n)| match l {
                Line::Text(r) => (b.text[r.clone()].to_vec(), *n),
                Line::TooLong { .. } => unreachable!("short lines"),
            });
            got.push(lines.collect::<Vec<_>>());
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

    /// An error stops the answers at its line, on any thread count: the
    /// lines before it are answered, none after.
    #[test]
    fn an_error_stops_at_its_line() {
        let input: String = (0..500)
            .map(|i| {
                if i == 300 {
                    "stop\n".into()
                } else {
                    format!("{i}\n")
                }
            })
            .collect();
        let want: String = (0..300).map(|i| format!("text {i}\n")).collect();
        for threads in [1, 4] {
            let mut out = Vec::new();
            let mut reader = LineReader::new(BufReader::with_capacity(1 << 20, input.as_bytes()));
            let r = answer_lines(&mut reader, &mut out, threads, &Echo);
            assert_eq!(r.unwrap_err().to_string(), "stop");
            assert_eq!(String::from_utf8(out).unwrap(), want, "{threads} threads");
        }
    }
}
