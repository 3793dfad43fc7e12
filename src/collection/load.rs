//! Reading a list: the lines of files or stdin, read on a thread of their
//! own and analysed on every core, handed over in batches as they come, so
//! that a view shows the first lines and the progress while the rest
//! loads, and a script streams its answers.
//!
//! A batch is the lines already read (at most [`MAX_LINES`] or
//! [`MAX_BYTES`]): nothing waits for input that has not arrived, so
//! `tail -f log | …` sees each line soon after it is written. At most
//! [`QUEUED`] batches wait to be taken: a consumer that is slower than
//! the reading holds the reader back, so memory stays bounded.
//!
//! Lines are read by the one line reader ([`crate::text::lines`]): a line
//! past 64 MiB is not kept but reported ([`Event::Skipped`]) and the
//! reading goes on, so a stream without a line break (`/dev/zero`)
//! costs the cap, not all the memory there is. The progress of a file
//! that grows while it is read is not made up: once more bytes were read
//! than the files held when the reading began, the total is unknown
//! ([`Batch::total_bytes`] is `None`).

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::time::Duration;

use super::line::{keys_of, Facts, Key};
use crate::text::lines::{too_long_message, Line, LineReader, MAX_LINE};
use crate::uri::NormalizeOptions;

/// The most lines in a batch: a view takes a batch in at once, and a
/// thousand lines cost it about a millisecond.
pub const MAX_LINES: usize = 1024;
/// A batch ends once it holds this many bytes of text.
pub const MAX_BYTES: usize = 64 * 1024;
/// A batch of fewer lines is analysed on the reading thread alone.
pub const MIN_SPLIT: usize = 128;
/// The most batches read and not yet taken.
pub const QUEUED: usize = 8;

/// Where lines come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Standard input.
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Source {
    /// The sources a command line names: each file, `-` for stdin, and
    /// stdin when there is none.
    pub fn from_args(files: &[PathBuf]) -> Vec<Source> {
        if files.is_empty() {
            return vec![Source::Stdin];
        }
        files
            .iter()
            .map(|f| {
                if f.as_os_str() == "-" {
                    Source::Stdin
                } else {
                    Source::File(f.clone())
                }
            })
            .collect()
    }

    /// How it is named in a message (a file's path, shown lossy).
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => "stdin".to_string(),
            Source::File(p) => p.to_string_lossy().into_owned(),
        }
    }

    /// Its size in bytes, when it is a file whose size is known.
    fn size(&self) -> Option<u64> {
        match self {
            Source::Stdin => None,
            Source::File(p) => std::fs::metadata(p)
                .ok()
                .filter(|m| m.is_file())
                .map(|m| m.len()),
        }
    }
}

/// What to compute for each line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The line's [`Facts`] (`stats`, the view).
    pub facts: bool,
    /// Its keys by normal form and by query keys (`dedupe`, the view).
    pub keys: [bool; 2],
    /// The normalization the keys use (`uriscope normalize`'s options).
    pub normalize: NormalizeOptions,
    /// How many threads analyse a batch (1: the reading thread alone).
    pub threads: usize,
}

impl Default for Plan {
    /// Everything, on every core.
    fn default() -> Self {
        Plan {
            facts: true,
            keys: [true, true],
            normalize: NormalizeOptions::default(),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// One line of a batch, analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analyzed {
    /// Its 1-based number in the input (the sources one after another).
    pub number: u64,
    /// Where its text ends in the batch's text.
    end: usize,
    /// Whether it was not UTF-8 (its text is then shown with U+FFFD;
    /// [`Batch::bytes`] gives its bytes).
    pub not_utf8: bool,
    /// Where its bytes are in the batch's `raw`, when it was not UTF-8.
    raw: std::ops::Range<usize>,
    /// Its facts, when planned.
    pub facts: Option<Facts>,
    /// Its keys by normal form and by query keys, when planned.
    pub keys: [Option<Key>; 2],
}

/// Lines read and analysed, with the progress of the reading.
#[derive(Clone, Debug, Default)]
pub struct Batch {
    text: String,
    /// The bytes of the lines that are not UTF-8, one after another.
    raw: Vec<u8>,
    lines: Vec<Analyzed>,
    /// Blank lines (empty or only whitespace) read since the last batch,
    /// skipped.
    pub blank: u64,
    /// Bytes read so far, from all sources.
    pub bytes_read: u64,
    /// The bytes of all sources, when all are files and none has grown
    /// past its size since the reading began.
    pub total_bytes: Option<u64>,
}

impl Batch {
    /// Its lines: each one's text and analysis.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Analyzed)> + '_ {
        let mut start = 0;
        self.lines.iter().map(move |a| {
            let text = &self.text[start..a.end];
            start = a.end;
            (text, a)
        })
    }

    /// The line's bytes as they were read: its text for a UTF-8 line,
    /// the bytes U+FFFD stands for in its text otherwise (`a` must be
    /// one of this batch's lines).
    pub fn bytes<'b>(&'b self, text: &'b str, a: &Analyzed) -> &'b [u8] {
        if a.not_utf8 {
            self.raw.get(a.raw.clone()).unwrap_or_default()
        } else {
            text.as_bytes()
        }
    }

    /// How many lines it has.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether it has none (only blank lines, or progress).
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Analyse every line as `plan` says, on its threads.
    fn analyze(&mut self, plan: &Plan) {
        let threads = plan.threads.max(1);
        if threads == 1 || self.lines.len() < MIN_SPLIT {
            analyze_part(&self.text, 0, &mut self.lines, plan);
            return;
        }
        let per = self.lines.len().div_ceil(threads);
        // Where each part's first line starts: the end of the line before
        // it (the ends were set as the lines were read).
        let starts: Vec<usize> = (0..self.lines.len())
            .step_by(per)
            .map(|i| if i == 0 { 0 } else { self.lines[i - 1].end })
            .collect();
        let text = &self.text;
        std::thread::scope(|s| {
            let mut parts = self.lines.chunks_mut(per).zip(starts);
            let mine = parts.next();
            for (part, from) in parts {
                s.spawn(move || analyze_part(text, from, part, plan));
            }
            if let Some((part, from)) = mine {
                analyze_part(text, from, part, plan);
            }
        });
    }
}

/// Analyse `lines`, whose texts follow one another in `text` from `start`.
fn analyze_part(text: &str, mut start: usize, lines: &mut [Analyzed], plan: &Plan) {
    for a in lines {
        let line = &text[start..a.end];
        start = a.end;
        if a.not_utf8 {
            a.facts = plan.facts.then(Facts::not_utf8);
            a.keys = plan.keys.map(|w| w.then_some(Key::Raw));
            continue;
        }
        a.facts = plan.facts.then(|| Facts::of(line));
        a.keys = keys_of(line, plan.keys, plan.normalize);
    }
}

/// What the loader hands over.
#[derive(Debug)]
pub enum Event {
    /// Lines read and analysed.
    Batch(Batch),
    /// A line past the cap, skipped; the reading goes on.
    Skipped(Skipped),
    /// A source could not be read; the others are read all the same.
    Failed {
        /// The source, named as in [`Source::name`].
        source: String,
        /// Why.
        error: String,
    },
}

/// A line longer than [`MAX_LINE`], not read into memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// Its 1-based number in the input (the sources one after another).
    pub number: u64,
    /// Its first bytes, to show it.
    pub head: Vec<u8>,
    /// Its length in bytes.
    pub length: u64,
}

impl Skipped {
    /// Where it is, as a message names it: `line 7`.
    pub fn place(&self) -> String {
        format!("line {}", self.number)
    }

    /// What a message says of it: its first characters, escaped, and
    /// why it was skipped.
    pub fn message(&self) -> String {
        format!(
            "'{}': {}",
            crate::text::diag::shown(&self.head),
            too_long_message(MAX_LINE, self.length)
        )
    }
}

/// What [`Loader::poll`] found.
#[derive(Debug)]
pub enum Poll {
    /// Something came.
    Event(Event),
    /// Nothing yet; more may come.
    Pending,
    /// Every source was read and every event taken.
    Ended,
}

/// The lines of the sources, read and analysed on threads of their own.
#[derive(Debug)]
pub struct Loader {
    rx: Receiver<Event>,
}

impl Loader {
    /// Start reading `sources` one after the other.
    pub fn spawn(sources: Vec<Source>, plan: Plan) -> Loader {
        let total = sources.iter().map(Source::size).sum::<Option<u64>>();
        reading_thread(move |tx| {
            let mut reading = Reading::new(plan, total);
            for source in sources {
                let opened: io::Result<Box<dyn Read>> = match &source {
                    Source::Stdin => Ok(Box::new(io::stdin())),
                    Source::File(p) => File::open(p).map(|f| Box::new(f) as Box<dyn Read>),
                };
                let result = opened.and_then(|r| reading.read(r, tx));
                match result {
                    Ok(true) => {}
                    // The consumer is gone: nothing more to read for.
                    Ok(false) => return,
                    Err(e) => {
                        let failed = Event::Failed {
                            source: source.name(),
                            error: e.to_string(),
                        };
                        if tx.send(failed).is_err() {
                            return;
                        }
                    }
                }
            }
            reading.finish(tx);
        })
    }

    /// Start reading `reader` (a pipe, a socket, a test's bytes).
    pub fn from_reader<R: Read + Send + 'static>(reader: R, plan: Plan) -> Loader {
        reading_thread(move |tx| {
            let mut reading = Reading::new(plan, None);
            match reading.read(reader, tx) {
                Ok(true) => reading.finish(tx),
                Ok(false) => {}
                Err(e) => {
                    let _ = tx.send(Event::Failed {
                        source: "input".to_string(),
                        error: e.to_string(),
                    });
                }
            }
        })
    }

    /// This loader, calling `wake` after each event it hands over and once
    /// when the reading ends: a consumer that sleeps until woken (the list
    /// view, on a stream that is quiet for hours) needs no timer to see
    /// lines arrive. The events pass through a thread of their own.
    pub fn waking(self, wake: fn()) -> Loader {
        let (tx, rx) = mpsc::sync_channel(QUEUED);
        std::thread::spawn(move || {
            for event in self.rx.iter() {
                if tx.send(event).is_err() {
                    return;
                }
                wake();
            }
            drop(tx);
            wake();
        });
        Loader { rx }
    }

    /// The next event, waiting for it; `None` once all were taken.
    pub fn next_event(&self) -> Option<Event> {
        self.rx.recv().ok()
    }

    /// The next event if one has come, without waiting.
    pub fn poll(&self) -> Poll {
        match self.rx.try_recv() {
            Ok(e) => Poll::Event(e),
            Err(TryRecvError::Empty) => Poll::Pending,
            Err(TryRecvError::Disconnected) => Poll::Ended,
        }
    }

    /// The next event, waiting at most `wait`.
    pub fn poll_for(&self, wait: Duration) -> Poll {
        match self.rx.recv_timeout(wait) {
            Ok(e) => Poll::Event(e),
            Err(RecvTimeoutError::Timeout) => Poll::Pending,
            Err(RecvTimeoutError::Disconnected) => Poll::Ended,
        }
    }
}

/// A loader whose thread runs `body` with the sending end. Should the
/// analysis panic (a bug), the consumer is told so with an
/// [`Event::Failed`], instead of seeing the input end early.
fn reading_thread(body: impl FnOnce(&mpsc::SyncSender<Event>) + Send + 'static) -> Loader {
    let (tx, rx) = mpsc::sync_channel(QUEUED);
    std::thread::spawn(move || {
        let run = std::panic::AssertUnwindSafe(|| body(&tx));
        if let Err(panic) = std::panic::catch_unwind(run) {
            let why = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            let _ = tx.send(Event::Failed {
                source: "uriscope".to_string(),
                error: format!("the analysis stopped, the lines after it are not read: {why}"),
            });
        }
    });
    Loader { rx }
}

impl Iterator for Loader {
    type Item = Event;

    /// [`Loader::next_event`].
    fn next(&mut self) -> Option<Event> {
        self.next_event()
    }
}

/// The reading thread's state across sources.
struct Reading {
    plan: Plan,
    batch: Batch,
    number: u64,
    buf: Vec<u8>,
    /// The most a line may hold.
    cap: usize,
}

impl Reading {
    fn new(plan: Plan, total: Option<u64>) -> Reading {
        Reading {
            plan,
            batch: Batch {
                total_bytes: total,
                ..Batch::default()
            },
            number: 0,
            buf: Vec::new(),
            cap: MAX_LINE,
        }
    }

    /// Read `reader` to its end, sending batches; `false` when the
    /// consumer is gone.
    fn read<R: Read>(&mut self, reader: R, tx: &mpsc::SyncSender<Event>) -> io::Result<bool> {
        let reader = BufReader::with_capacity(64 * 1024, reader);
        let mut lines = LineReader::new(reader).with_cap(self.cap);
        loop {
            self.buf.clear();
            let before = lines.bytes_read();
            let line = lines.next_into(&mut self.buf)?;
            self.progress(lines.bytes_read() - before);
            let Some(line) = line else {
                return Ok(true);
            };
            self.number += 1;
            match line {
                Line::Text(t) => push(&mut self.batch, self.number, &self.buf[t]),
                Line::TooLong { head, length } => {
                    let skipped = Event::Skipped(Skipped {
                        number: self.number,
                        head: self.buf[head].to_vec(),
                        length,
                    });
                    // After the lines before it, so a consumer tells
                    // them in order.
                    if !self.send(tx) || tx.send(skipped).is_err() {
                        return Ok(false);
                    }
                }
            }
            let full = self.batch.lines.len() >= MAX_LINES || self.batch.text.len() >= MAX_BYTES;
            // What is buffered, not what a read would bring: a read would
            // wait for a line that may not have been written yet.
            if (full || lines.get_ref().buffer().is_empty()) && !self.send(tx) {
                return Ok(false);
            }
        }
    }

    /// Count `n` more bytes read; past the total the files had, the
    /// total is no longer known (a file that grows while it is read).
    fn progress(&mut self, n: u64) {
        self.batch.bytes_read += n;
        if self
            .batch
            .total_bytes
            .is_some_and(|total| self.batch.bytes_read > total)
        {
            self.batch.total_bytes = None;
        }
    }

    /// Analyse and hand over the batch; `false` when the consumer is gone.
    fn send(&mut self, tx: &mpsc::SyncSender<Event>) -> bool {
        if self.batch.lines.is_empty() && self.batch.blank == 0 {
            return true;
        }
        self.batch.analyze(&self.plan);
        let next = Batch {
            bytes_read: self.batch.bytes_read,
            total_bytes: self.batch.total_bytes,
            ..Batch::default()
        };
        let batch = std::mem::replace(&mut self.batch, next);
        tx.send(Event::Batch(batch)).is_ok()
    }

    /// Hand over what is left.
    fn finish(&mut self, tx: &mpsc::SyncSender<Event>) {
        self.send(tx);
    }
}

/// Add the line `bytes`, number `number`, to `batch` (or count it blank).
fn push(batch: &mut Batch, number: u64, bytes: &[u8]) {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        batch.blank += 1;
        return;
    }
    let start = batch.raw.len();
    let not_utf8 = match std::str::from_utf8(bytes) {
        Ok(s) => {
            batch.text.push_str(s);
            false
        }
        Err(_) => {
            batch.text.push_str(&String::from_utf8_lossy(bytes));
            batch.raw.extend_from_slice(bytes);
            true
        }
    };
    batch.lines.push(Analyzed {
        number,
        end: batch.text.len(),
        not_utf8,
        raw: start..batch.raw.len(),
        facts: None,
        keys: [None, None],
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The batches `reading` sends for `input`.
    fn read_all(reading: &mut Reading, input: &[u8]) -> Vec<Event> {
        let (tx, rx) = mpsc::sync_channel(1024);
        assert!(reading.read(input, &tx).unwrap());
        reading.finish(&tx);
        drop(tx);
        rx.into_iter().collect()
    }

    /// A file that grew past the size it had when the reading began: the
    /// progress says the total is unknown, never more than 100 %.
    #[test]
    fn a_waking_loader_wakes_after_each_event_and_at_the_end() {
        static WOKEN: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        fn wake() {
            WOKEN.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
        let loader =
            Loader::from_reader(&b"http://a/\nhttp://b/\n"[..], Plan::default()).waking(wake);
        let events: Vec<Event> = loader.collect();
        assert!(!events.is_empty());
        // Every event was handed over before its wake-up; the last one
        // comes when the channel is closed.
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while WOKEN.load(std::sync::atomic::Ordering::SeqCst) < events.len() + 1
            && std::time::Instant::now() < deadline
        {
            std::thread::yield_now();
        }
        assert_eq!(
            WOKEN.load(std::sync::atomic::Ordering::SeqCst),
            events.len() + 1
        );
    }

    #[test]
    fn a_file_that_grows_while_read_has_no_total() {
        let mut reading = Reading::new(Plan::default(), Some(10));
        let events = read_all(&mut reading, b"http://a/\nhttp://b/\nhttp://c/\n");
        let batches: Vec<&Batch> = events
            .iter()
            .filter_map(|e| match e {
                Event::Batch(b) => Some(b),
                _ => None,
            })
            .collect();
        let last = batches.last().expect("a batch");
        assert_eq!(last.bytes_read, 30);
        assert_eq!(last.total_bytes, None);
        for b in &batches {
            assert!(b.total_bytes.is_none_or(|t| b.bytes_read <= t));
        }
        // Within its size, the total stays.
        let mut reading = Reading::new(Plan::default(), Some(30));
        let events = read_all(&mut reading, b"http://a/\nhttp://b/\nhttp://c/\n");
        let Some(Event::Batch(b)) = events.last() else {
            panic!("a batch")
        };
        assert_eq!((b.bytes_read, b.total_bytes), (30, Some(30)));
    }

    /// A line past the cap is an [`Event::Skipped`] between the lines
    /// around it, and its bytes are counted; a line that is not UTF-8
    /// keeps its bytes.
    #[test]
    fn a_line_past_the_cap_is_skipped_in_its_place() {
        let mut reading = Reading::new(Plan::default(), None);
        reading.cap = 8;
        let events = read_all(&mut reading, b"http://a\n0123456789\nx\xff\n");
        let mut seen = Vec::new();
        for e in &events {
            match e {
                Event::Batch(b) => {
                    for (text, a) in b.iter() {
                        seen.push(format!("{} {:?}", a.number, b.bytes(text, a)));
                    }
                }
                Event::Skipped(s) => seen.push(format!("{} skipped {}", s.number, s.length)),
                Event::Failed { .. } => panic!("failed"),
            }
        }
        assert_eq!(
            seen,
            [
                format!("1 {:?}", b"http://a"),
                "2 skipped 10".to_string(),
                format!("3 {:?}", b"x\xff"),
            ]
        );
        let Some(Event::Batch(b)) = events.last() else {
            panic!("a batch")
        };
        assert_eq!(b.bytes_read, 23);
    }
}
