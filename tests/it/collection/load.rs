//! Loading a list: lines handed over as they come (the first before the
//! input ends), line endings, blank lines, a byte-order mark and bytes
//! that are not UTF-8, and several files with one missing.

use std::io::Read;
use std::sync::mpsc;
use std::time::Duration;

use uriscope::collection::{Collection, Event, Kind, Loader, Plan, Poll, Source};

/// A reader fed through a channel: it blocks until the test sends more,
/// and ends when the sender is dropped, as a pipe does.
struct Pipe {
    rx: mpsc::Receiver<Vec<u8>>,
    held: Vec<u8>,
}

impl Read for Pipe {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.held.is_empty() {
            match self.rx.recv() {
                Ok(bytes) => self.held = bytes,
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.held.len());
        buf[..n].copy_from_slice(&self.held[..n]);
        self.held.drain(..n);
        Ok(n)
    }
}

/// Poll `loader` into `c` until `c` has `n` lines (or 20 s pass).
fn until(loader: &Loader, c: &mut Collection, n: usize) {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while c.len() < n && std::time::Instant::now() < deadline {
        match loader.poll_for(Duration::from_millis(50)) {
            Poll::Event(e) => c.apply(e),
            Poll::Pending => {}
            Poll::Ended => break,
        }
    }
}

#[test]
fn the_first_lines_are_there_before_the_input_ends() {
    let (tx, rx) = mpsc::channel();
    let loader = Loader::from_reader(
        Pipe {
            rx,
            held: Vec::new(),
        },
        Plan::default(),
    );
    let mut c = Collection::new(Plan::default());
    tx.send(b"http://a/1\nhttp://a/2\n".to_vec()).expect("sent");
    until(&loader, &mut c, 2);
    assert_eq!(c.len(), 2, "the first lines, while the input is still open");
    assert!(matches!(loader.poll(), Poll::Pending));
    // A line in two writes is one line.
    tx.send(b"http://b".to_vec()).expect("sent");
    tx.send(b"/3\n".to_vec()).expect("sent");
    until(&loader, &mut c, 3);
    assert_eq!(c.text(2), "http://b/3");
    drop(tx);
    for e in loader {
        c.apply(e);
    }
    assert_eq!(c.len(), 3);
}

#[test]
fn line_endings_blank_lines_a_bom_and_bytes_that_are_not_utf8() {
    let input = b"\xEF\xBB\xBFhttp://a/\r\n\r\n  \nhttp://b/\xFF\nlast-without-newline".to_vec();
    let mut c = Collection::new(Plan::default());
    let mut numbers = Vec::new();
    for e in Loader::from_reader(std::io::Cursor::new(input.clone()), Plan::default()) {
        if let Event::Batch(b) = &e {
            numbers.extend(b.iter().map(|(_, a)| (a.number, a.not_utf8)));
            assert_eq!(b.bytes_read, input.len() as u64);
        }
        c.apply(e);
    }
    assert_eq!(numbers, [(1, false), (4, true), (5, false)]);
    assert_eq!(c.len(), 3);
    assert_eq!(c.text(0), "http://a/");
    assert_eq!(c.text(1), "http://b/\u{FFFD}");
    assert_eq!(c.text(2), "last-without-newline");
    assert_eq!(c.tally().blank, 2);
    assert_eq!(c.row(1).kind, Kind::Invalid);
    let codes = c.tally().code_sets.codes(c.row(1).codes);
    assert_eq!(
        codes
            .iter()
            .map(|&i| c.tally().codes.name(i))
            .collect::<Vec<_>>(),
        ["not-utf8"]
    );
    assert_eq!(c.bytes_read(), input.len() as u64);
}

#[test]
fn several_files_one_after_another_and_one_missing() {
    let dir = std::env::temp_dir().join(format!("uriscope-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    std::fs::write(&a, "http://a/1\nhttp://a/2\n").expect("written");
    std::fs::write(&b, "\u{FEFF}http://b/1\n").expect("written");
    let sources = vec![
        Source::File(a.clone()),
        Source::File(dir.join("missing.txt")),
        Source::File(b.clone()),
    ];
    let mut c = Collection::new(Plan::default());
    let mut numbers = Vec::new();
    for e in Loader::spawn(sources, Plan::default()) {
        if let Event::Batch(b) = &e {
            numbers.extend(b.iter().map(|(_, a)| a.number));
        }
        c.apply(e);
    }
    assert_eq!(numbers, [1, 2, 3]);
    assert_eq!(
        c.text(2),
        "http://b/1",
        "each file's byte-order mark is dropped"
    );
    assert_eq!(c.failures().len(), 1);
    assert!(c.failures()[0].0.ends_with("missing.txt"));
    assert_eq!(c.total_bytes(), None, "a missing file has no size");
    let both = vec![Source::File(a), Source::File(b)];
    let mut c = Collection::new(Plan::default());
    for e in Loader::spawn(both, Plan::default()) {
        c.apply(e);
    }
    assert_eq!(c.total_bytes(), Some(22 + 14));
    assert_eq!(c.bytes_read(), 36);
    let _ = std::fs::remove_dir_all(dir);
}

/// A reader (or an analysis) that panics: the consumer is told, with an
/// event, instead of seeing the input end early.
#[test]
fn a_panic_while_reading_is_an_event_not_an_early_end() {
    struct Boom(bool);
    impl Read for Boom {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if std::mem::replace(&mut self.0, true) {
                panic!("the reader broke");
            }
            buf[..11].copy_from_slice(b"http://a/\n\n");
            Ok(11)
        }
    }
    let mut c = Collection::new(Plan::default());
    for e in Loader::from_reader(Boom(false), Plan::default()) {
        c.apply(e);
    }
    assert_eq!(c.len(), 1, "the lines before it are kept");
    assert_eq!(c.failures().len(), 1);
    assert!(
        c.failures()[0].1.contains("the reader broke"),
        "{:?}",
        c.failures()
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    /// Any bytes: no panic, every line counted once (kept or blank), each
    /// kept line in exactly one group of each grouping, and any filter
    /// text parses or says why.
    #[test]
    fn any_bytes_load_count_and_filter(
        bytes in proptest::collection::vec(
            proptest::prop_oneof![
                proptest::prelude::any::<u8>(),
                proptest::sample::select(b"\n\r \t%:/?#@[]\\.h".to_vec()),
            ],
            0..600,
        ),
        filter in "[ -~\u{e9}\u{202e}]{0,12}",
    ) {
        let mut c = Collection::new(Plan::default());
        for e in Loader::from_reader(std::io::Cursor::new(bytes.clone()), Plan::default()) {
            c.apply(e);
        }
        let lines = bytes.split(|&b| b == b'\n').count() - usize::from(bytes.last() == Some(&b'\n'));
        let lines = if bytes.is_empty() { 0 } else { lines };
        proptest::prop_assert_eq!(c.len() as u64 + c.tally().blank, lines as u64);
        let kinds: u64 = Kind::ALL.iter().map(|&k| c.tally().counts.kind(k)).sum();
        proptest::prop_assert_eq!(kinds, c.len() as u64);
        for by in uriscope::collection::GroupBy::ALL {
            let members: usize = (0..c.grouping(by).len()).map(|g| c.members(by, g).count()).sum();
            proptest::prop_assert_eq!(members, c.len());
        }
        let mut s = uriscope::collection::Searches::default();
        if s.set(&filter).is_ok() {
            proptest::prop_assert!(s.step(&c, usize::MAX));
            proptest::prop_assert!(s.current().len(&c) <= c.len());
        }
    }
}
