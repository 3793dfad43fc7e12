//! One computation at a time on a thread of its own, for results too
//! costly for a key's path (the browser's join of a 10 MB paste, its
//! traced resolution): the pane asks for the result of the texts as they
//! are and draws "computing" until it is there; the main loop looks for
//! finished results between events ([`Offload::arrived`]) and draws again.
//!
//! The latest request wins: at most one waits, replaced by each newer one
//! (typing into a 10 MB paste asks once a key; the thread computes the
//! last one asked for when it is free), and a result is kept only when it
//! is for the texts as they are.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex, PoisonError};

/// A computation to run off the key's path: it owns what it reads.
pub type Job<T> = Box<dyn FnOnce() -> T + Send>;

/// The results of one kind of computation, asked for by key `K` (the
/// revisions of the texts and toggles a result is of), the latest one
/// done kept.
pub struct Offload<K, T> {
    state: Rc<RefCell<State<K, T>>>,
    /// The worker thread's name.
    name: &'static str,
    /// The result of a job that panicked (the panic hook reports the
    /// panic on the status line too).
    panicked: fn() -> T,
}

impl<K, T> Clone for Offload<K, T> {
    fn clone(&self) -> Self {
        Offload {
            state: Rc::clone(&self.state),
            name: self.name,
            panicked: self.panicked,
        }
    }
}

impl<K, T> std::fmt::Debug for Offload<K, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Offload({})", self.name)
    }
}

struct State<K, T> {
    worker: Option<Worker<K, T>>,
    /// The key of the latest request.
    asked: Option<K>,
    /// The latest result done for it.
    done: Option<(K, Rc<T>)>,
}

impl<K: Copy + PartialEq + Send + 'static, T: Send + 'static> Offload<K, T> {
    /// No result yet; the thread `name` starts at the first request.
    pub fn new(name: &'static str, panicked: fn() -> T) -> Self {
        Offload {
            state: Rc::new(RefCell::new(State {
                worker: None,
                asked: None,
                done: None,
            })),
            name,
            panicked,
        }
    }

    /// The result for `key` if it is done; otherwise the job `make`
    /// builds is asked for (once for this key) and `None` says it is
    /// being computed. `make` runs only when the job is asked for: it
    /// copies what the job reads.
    pub fn get(&self, key: K, make: impl FnOnce() -> Job<T>) -> Option<Rc<T>> {
        let mut s = self.state.borrow_mut();
        s.collect();
        if let Some((k, t)) = &s.done {
            if *k == key {
                return Some(Rc::clone(t));
            }
        }
        if s.asked != Some(key) {
            // A result for other texts is never drawn again: its memory
            // goes back before the new one is computed.
            s.done = None;
            s.asked = Some(key);
            let (name, panicked) = (self.name, self.panicked);
            s.worker
                .get_or_insert_with(|| Worker::start(name, panicked))
                .ask(key, make());
        }
        None
    }

    /// Whether the result last asked for has finished since the last
    /// look (the screen then has an answer to draw).
    pub fn arrived(&self) -> bool {
        self.state.borrow_mut().collect()
    }

    /// Whether a result asked for is not done yet (the loop then waits
    /// for it; the thread wakes the loop when it is done).
    pub fn pending(&self) -> bool {
        let s = self.state.borrow();
        s.asked.is_some() && s.done.as_ref().map(|(k, _)| *k) != s.asked
    }

    /// The key of the result kept, if any.
    pub fn done_key(&self) -> Option<K> {
        self.state.borrow().done.as_ref().map(|(k, _)| *k)
    }
}

impl<K: Copy + PartialEq, T> State<K, T> {
    /// Take the finished results; whether the one asked for is among them.
    fn collect(&mut self) -> bool {
        let Some(w) = &self.worker else { return false };
        let mut arrived = false;
        while let Ok((key, result)) = w.results.try_recv() {
            if Some(key) == self.asked {
                self.done = Some((key, Rc::new(result)));
                arrived = true;
            }
        }
        arrived
    }
}

/// The request waiting for the thread, and whether the explorer is gone.
struct Slot<K, T> {
    job: Option<(K, Job<T>)>,
    closed: bool,
}

type Shared<K, T> = Arc<(Mutex<Slot<K, T>>, Condvar)>;

/// The thread and the way to it.
struct Worker<K, T> {
    slot: Shared<K, T>,
    results: Receiver<(K, T)>,
}

impl<K: Send + 'static, T: Send + 'static> Worker<K, T> {
    fn start(name: &'static str, panicked: fn() -> T) -> Self {
        let slot: Shared<K, T> = Arc::new((
            Mutex::new(Slot {
                job: None,
                closed: false,
            }),
            Condvar::new(),
        ));
        let (tx, results) = mpsc::channel();
        let theirs = Arc::clone(&slot);
        // Without a thread the result is never done: the row keeps saying
        // so, and the rest of the explorer works.
        let _ = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || serve(&theirs, &tx, panicked));
        Worker { slot, results }
    }

    /// Put `job` in the slot, in place of any still waiting.
    fn ask(&self, key: K, job: Job<T>) {
        let (lock, ready) = &*self.slot;
        lock.lock().unwrap_or_else(PoisonError::into_inner).job = Some((key, job));
        ready.notify_one();
    }
}

impl<K, T> Drop for Worker<K, T> {
    fn drop(&mut self) {
        let (lock, ready) = &*self.slot;
        lock.lock().unwrap_or_else(PoisonError::into_inner).closed = true;
        ready.notify_one();
    }
}

/// The thread: take the waiting job, run it, send its result, until the
/// explorer is gone. A job that panics gives `panicked()`.
fn serve<K, T>(slot: &(Mutex<Slot<K, T>>, Condvar), tx: &Sender<(K, T)>, panicked: fn() -> T) {
    let (lock, ready) = slot;
    loop {
        let (key, job) = {
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
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job))
            .unwrap_or_else(|_| panicked());
        // A newer request waiting means these texts are gone: the result
        // would only be dropped on arrival, after the newer job has begun
        // beside it, so its memory goes back now.
        if lock
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .job
            .is_some()
        {
            drop(result);
            continue;
        }
        if tx.send((key, result)).is_err() {
            return;
        }
        crate::explorer::term::wake();
    }
}
