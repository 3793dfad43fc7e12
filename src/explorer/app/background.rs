//! The browser's join of a long input, computed on a thread of its own.
//!
//! The url crate reads a reference whole, and comparing its answer with
//! RFC 3986's reads it again: on a 10 MB paste that is about a tenth of a
//! second, more than a key may take. From [`FROM_BYTES`] on, the Resolve
//! pane asks for the join here and draws "computing" until it is done; the
//! main loop looks for finished joins between events
//! ([`Joins::arrived`]) and draws again.
//!
//! The latest request wins: at most one waits, replaced by each newer one
//! (typing into a 10 MB paste asks once a key; the thread computes the
//! last one asked for when it is free), and a result is kept only when it
//! is for the texts as they are.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex, PoisonError};

use crate::whatwg::{self, Whatwg};

/// From this many bytes of input, the join is computed off the key's path.
pub const FROM_BYTES: usize = 1 << 20;

/// Which texts a join is of: the revisions of the input and of the base
/// ([`super::Editor::revision`], new at every change of a text).
pub type Texts = (u64, u64);

/// The joins asked for and the latest one done, shared by the clones of
/// an [`App`](super::App).
#[derive(Clone, Debug, Default)]
pub struct Joins(Rc<RefCell<State>>);

#[derive(Debug, Default)]
struct State {
    worker: Option<Worker>,
    /// The texts of the latest request.
    asked: Option<Texts>,
    /// The latest join done for them.
    done: Option<(Texts, Rc<Whatwg>)>,
}

impl Joins {
    /// The join of `input` on `base` (whose texts are `texts`) if it is
    /// done; otherwise it is asked for (once for these texts) and `None`
    /// says it is being computed.
    pub fn get(&self, texts: Texts, base: &str, input: &str) -> Option<Rc<Whatwg>> {
        let mut s = self.0.borrow_mut();
        s.collect();
        if let Some((t, w)) = &s.done {
            if *t == texts {
                return Some(Rc::clone(w));
            }
        }
        if s.asked != Some(texts) {
            s.asked = Some(texts);
            s.worker.get_or_insert_with(Worker::start).ask(Job {
                texts,
                base: base.to_string(),
                input: input.to_string(),
            });
        }
        None
    }

    /// Whether the join last asked for has finished since the last look
    /// (the screen then has an answer to draw).
    pub fn arrived(&self) -> bool {
        self.0.borrow_mut().collect()
    }

    /// Whether a join asked for is not done yet (the loop then waits for
    /// it; the thread wakes the loop when it is done).
    pub fn pending(&self) -> bool {
        let s = self.0.borrow();
        s.asked.is_some() && s.done.as_ref().map(|(t, _)| *t) != s.asked
    }
}

impl State {
    /// Take the finished joins; whether the one asked for is among them.
    fn collect(&mut self) -> bool {
        let Some(w) = &self.worker else { return false };
        let mut arrived = false;
        while let Ok((texts, join)) = w.results.try_recv() {
            if Some(texts) == self.asked {
                self.done = Some((texts, Rc::new(join)));
                arrived = true;
            }
        }
        arrived
    }
}

/// One join to compute.
struct Job {
    texts: Texts,
    base: String,
    input: String,
}

/// The request waiting for the thread, and whether the explorer is gone.
#[derive(Default)]
struct Slot {
    job: Option<Job>,
    closed: bool,
}

/// The thread and the way to it.
struct Worker {
    slot: Arc<(Mutex<Slot>, Condvar)>,
    results: Receiver<(Texts, Whatwg)>,
}

impl std::fmt::Debug for Worker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Worker")
    }
}

impl Worker {
    fn start() -> Worker {
        let slot: Arc<(Mutex<Slot>, Condvar)> = Arc::default();
        let (tx, results) = mpsc::channel();
        let theirs = Arc::clone(&slot);
        // Without a thread the join is never done: the row keeps saying
        // so, and the rest of the explorer works.
        let _ = std::thread::Builder::new()
            .name("uriscope-whatwg-join".into())
            .spawn(move || serve(&theirs, &tx));
        Worker { slot, results }
    }

    /// Put `job` in the slot, in place of any still waiting.
    fn ask(&self, job: Job) {
        let (lock, ready) = &*self.slot;
        lock.lock().unwrap_or_else(PoisonError::into_inner).job = Some(job);
        ready.notify_one();
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let (lock, ready) = &*self.slot;
        lock.lock().unwrap_or_else(PoisonError::into_inner).closed = true;
        ready.notify_one();
    }
}

/// The thread: take the waiting job, join, send, until the explorer is
/// gone. A panic in the url crate becomes a rejected join that says so
/// (the panic hook reports it on the status line too).
fn serve(slot: &(Mutex<Slot>, Condvar), tx: &Sender<(Texts, Whatwg)>) {
    let (lock, ready) = slot;
    loop {
        let job = {
            let mut s = lock.lock().unwrap_or_else(PoisonError::into_inner);
            loop {
                if s.closed {
                    return;
                }
                if let Some(job) = s.job.take() {
                    break job;
                }
                s = ready.wait(s).unwrap_or_else(PoisonError::into_inner);
            }
        };
        let join = std::panic::catch_unwind(|| whatwg::join(&job.base, &job.input)).unwrap_or_else(
            |_| Whatwg {
                valid: false,
                href: None,
                differences: vec!["the WHATWG join failed (the url crate panicked)".to_string()],
            },
        );
        if tx.send((job.texts, join)).is_err() {
            return;
        }
        crate::explorer::term::wake();
    }
}

#[cfg(test)]
mod tests {
    use super::Joins;
    use std::time::{Duration, Instant};

    /// Wait until the join asked for arrives (or ten seconds pass).
    fn wait(joins: &Joins) -> bool {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if joins.arrived() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        false
    }

    #[test]
    fn a_join_asked_for_arrives_and_is_the_joins_answer() {
        let joins = Joins::default();
        let (base, input) = ("http://a/b/c/d;p?q", "../g h");
        assert_eq!(joins.get((1, 2), base, input), None);
        assert!(wait(&joins));
        let got = joins.get((1, 2), base, input).expect("done");
        assert_eq!(*got, crate::whatwg::join(base, input));
    }

    #[test]
    fn the_latest_request_wins() {
        let joins = Joins::default();
        let base = "http://a/b/c/d;p?q";
        assert_eq!(joins.get((1, 1), base, "g"), None);
        assert_eq!(joins.get((2, 1), base, "../x"), None);
        assert!(wait(&joins));
        // The first request's answer, if it was computed, is not kept.
        let got = joins.get((2, 1), base, "../x").expect("done");
        assert_eq!(got.href.as_deref(), Some("http://a/b/x"));
        assert!(joins
            .0
            .borrow()
            .done
            .as_ref()
            .is_some_and(|(t, _)| *t == (2, 1)));
    }
}
