//! The lines of stdin as the explorer's list (`grep -o 'https\?://[^ ]*'
//! access.log | uriscope`), read on a thread of their own so that a stream
//! that does not end (`tail -f access.log | uriscope`) opens the explorer
//! at once and fills the list as lines arrive.
//!
//! The reader keeps the non-empty lines (trimmed, lossy UTF-8), each once,
//! at most [`LIST_MAX`], and hands them over in batches: whatever has
//! arrived when reading would wait for more.

use std::collections::HashSet;
use std::io::{BufRead, Read};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// At most this many stdin lines are offered in the explorer's list.
pub const LIST_MAX: usize = 100_000;

/// The lines still to come from a reader thread (see [`spawn`]).
#[derive(Clone)]
pub struct Feed {
    rx: Arc<Mutex<Receiver<Vec<String>>>>,
}

impl std::fmt::Debug for Feed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Feed")
    }
}

/// What [`Feed::take`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Taken {
    /// New lines.
    Lines(Vec<String>),
    /// Nothing yet; more may come.
    Nothing,
    /// The input ended (and every line was taken).
    Ended,
}

impl Feed {
    /// The lines that arrive within `wait` (all of them when the input ends
    /// sooner), and whether it ended.
    pub fn first(&self, wait: Duration) -> (Vec<String>, bool) {
        let deadline = Instant::now() + wait;
        let mut out = Vec::new();
        let Ok(rx) = self.rx.lock() else {
            return (out, true);
        };
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(batch) => out.extend(batch),
                Err(RecvTimeoutError::Timeout) => return (out, false),
                Err(RecvTimeoutError::Disconnected) => return (out, true),
            }
        }
    }

    /// The lines that have arrived since the last call, without waiting.
    pub fn take(&self) -> Taken {
        let Ok(rx) = self.rx.lock() else {
            return Taken::Ended;
        };
        let mut out = Vec::new();
        loop {
            match rx.try_recv() {
                Ok(batch) => out.extend(batch),
                Err(TryRecvError::Empty) if out.is_empty() => return Taken::Nothing,
                Err(TryRecvError::Disconnected) if out.is_empty() => return Taken::Ended,
                Err(_) => return Taken::Lines(out),
            }
        }
    }
}

/// Read `input` on a thread of its own; its lines come through the feed.
///
/// ```
/// use std::time::Duration;
/// use uriscope::explorer::stdin_list::{spawn, Taken};
/// let feed = spawn(&b"http://a/\n\n  http://b/ \nhttp://a/\n"[..]);
/// let (lines, ended) = feed.first(Duration::from_secs(5));
/// assert_eq!(lines, ["http://a/", "http://b/"]);
/// assert!(ended);
/// assert_eq!(feed.take(), Taken::Ended);
/// ```
pub fn spawn<R: Read + Send + 'static>(input: R) -> Feed {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut input = std::io::BufReader::new(input);
        let mut seen = HashSet::new();
        let mut kept = 0usize;
        let mut batch = Vec::new();
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match input.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let line = String::from_utf8_lossy(&buf).trim().to_string();
            if !line.is_empty() && kept < LIST_MAX && seen.insert(line.clone()) {
                kept += 1;
                batch.push(line);
            }
            // Hand over what has come when the next read would wait.
            if input.buffer().is_empty()
                && !batch.is_empty()
                && tx.send(std::mem::take(&mut batch)).is_err()
            {
                return;
            }
        }
        if !batch.is_empty() {
            let _ = tx.send(batch);
        }
    });
    Feed {
        rx: Arc::new(Mutex::new(rx)),
    }
}
