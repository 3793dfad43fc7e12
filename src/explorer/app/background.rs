//! The results computed off the key's path from [`FROM_BYTES`] of input
//! on ([`super::offload`]): the browser's join and the traced RFC 3986
//! resolution of a long input.
//!
//! The url crate reads a reference whole, and comparing its answer with
//! RFC 3986's reads it again: on a 10 MB paste that is about a tenth of a
//! second, more than a key may take; the traced resolution copies the
//! path at each step of §5.2, a fifth of that. The Resolve pane asks for
//! them here and draws "computing" until they are done.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::{Arc, Weak};

use super::offload::Offload;
use crate::uri::trace::Resolution;
use crate::uri::{ResolveError, ResolveOptions};
use crate::whatwg::{self, Whatwg};

/// From this many bytes of input, the Resolve pane's results are
/// computed off the key's path.
pub const FROM_BYTES: usize = 1 << 20;

/// One copy of the input for the jobs of one revision: the join and the
/// traced resolution, asked for in one frame, read the same text, and a
/// job waiting behind a running one holds no copy of its own. Only the
/// jobs hold it: the cache is weak, so the copy goes with the last job.
#[derive(Clone, Debug, Default)]
pub struct Snapshot(Rc<RefCell<Option<Kept>>>);

/// The revision a snapshot is of, and the snapshot while a job holds it.
type Kept = (u64, Weak<str>);

impl Snapshot {
    /// The input at `revision` (whose text is `input`), shared with the
    /// jobs already holding it.
    pub fn of(&self, revision: u64, input: &str) -> Arc<str> {
        let mut kept = self.0.borrow_mut();
        if let Some(text) = kept
            .as_ref()
            .filter(|(r, _)| *r == revision)
            .and_then(|(_, w)| w.upgrade())
        {
            return text;
        }
        let text: Arc<str> = Arc::from(input);
        *kept = Some((revision, Arc::downgrade(&text)));
        text
    }
}

/// Which texts a join is of: the revisions of the input and of the base
/// ([`super::Editor::revision`], new at every change of a text).
pub type Texts = (u64, u64);

/// The joins asked for and the latest one done, shared by the clones of
/// an [`App`](super::App).
#[derive(Clone, Debug)]
pub struct Joins(Offload<Texts, Whatwg>);

impl Default for Joins {
    fn default() -> Self {
        Joins(Offload::new("uriscope-whatwg-join", || Whatwg {
            valid: false,
            href: None,
            differences: vec!["the WHATWG join failed (the url crate panicked)".to_string()],
        }))
    }
}

impl Joins {
    /// The join of `input` on `base` (whose texts are `texts`) if it is
    /// done; otherwise it is asked for (once for these texts) and `None`
    /// says it is being computed.
    pub fn get(
        &self,
        texts: Texts,
        base: &str,
        input: impl FnOnce() -> Arc<str>,
    ) -> Option<Rc<Whatwg>> {
        self.0.get(texts, || {
            let (base, input) = (base.to_string(), input());
            Box::new(move || whatwg::join(&base, &input))
        })
    }

    /// Whether the join last asked for has finished since the last look
    /// (the screen then has an answer to draw).
    pub fn arrived(&self) -> bool {
        self.0.arrived()
    }

    /// Whether a join asked for is not done yet (the loop then waits for
    /// it; the thread wakes the loop when it is done).
    pub fn pending(&self) -> bool {
        self.0.pending()
    }
}

/// Which state the Breakdown's sections are drawn for: the revisions of
/// the input and of the base, the reveal key, the theme (no color, light)
/// and the width.
pub type SectionsKey = (u64, u64, bool, (bool, bool), usize);

/// The Breakdown's sections below its RFC 3986 lines, drawn on a thread
/// of their own (`ui::sections`).
#[derive(Clone, Debug)]
pub struct SectionLines(pub Vec<ratatui::text::Line<'static>>);

/// The sections of a long input, drawn off the key's path.
pub fn sections() -> Offload<SectionsKey, SectionLines> {
    Offload::new("uriscope-sections", || {
        SectionLines(vec![ratatui::text::Line::raw(
            "the URI Template, data:, Parsers and WHATWG sections failed (a panic)",
        )])
    })
}

/// Which texts and options a resolution is of: the revisions of the
/// input and of the base, and whether it is compat (RFC 3986 §5.4.2).
pub type Resolved = (u64, u64, bool);

/// A traced resolution, or why there is none.
pub type Traced = Result<Resolution, ResolveError>;

/// The traced RFC 3986 resolutions of a long input, as [`Joins`] keeps
/// the joins.
#[derive(Clone, Debug)]
pub struct Resolutions(Offload<Resolved, Traced>);

impl Default for Resolutions {
    fn default() -> Self {
        Resolutions(Offload::new("uriscope-resolve", || {
            Err(ResolveError {
                subject: crate::uri::relative::Subject::Reference,
                code: crate::uri::Code::InvalidReference,
                message: "the resolution failed (it panicked)".to_string(),
                findings: Vec::new(),
            })
        }))
    }
}

impl Resolutions {
    /// The resolution of `input` against `base` under `options` (keyed
    /// by `key`) if it is done; otherwise it is asked for and `None` says
    /// it is being computed.
    pub fn get(
        &self,
        key: Resolved,
        base: &str,
        input: impl FnOnce() -> Arc<str>,
        options: ResolveOptions,
    ) -> Option<Rc<Traced>> {
        self.0.get(key, || {
            let (base, input) = (base.to_string(), input());
            Box::new(move || crate::uri::trace::resolve(&base, &input, options))
        })
    }

    /// Whether the resolution last asked for has just finished.
    pub fn arrived(&self) -> bool {
        self.0.arrived()
    }

    /// Whether a resolution asked for is not done yet.
    pub fn pending(&self) -> bool {
        self.0.pending()
    }
}

#[cfg(test)]
mod tests {
    use super::{Joins, Snapshot};
    use std::sync::Arc;

    #[test]
    fn the_jobs_of_one_revision_share_one_copy_that_goes_with_the_last() {
        let s = Snapshot::default();
        let a = s.of(1, "http://a/b");
        let b = s.of(1, "http://a/b");
        assert!(Arc::ptr_eq(&a, &b), "one copy for one revision");
        let c = s.of(2, "http://a/bx");
        assert_eq!(&*c, "http://a/bx");
        assert!(!Arc::ptr_eq(&a, &c), "a new revision, a new copy");
        drop(c);
        // Nothing holds revision 2's copy now: it is made again.
        assert_eq!(Arc::strong_count(&s.of(2, "http://a/bx")), 1);
    }
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
        assert_eq!(joins.get((1, 2), base, || input.into()), None);
        assert!(wait(&joins));
        let got = joins.get((1, 2), base, || input.into()).expect("done");
        assert_eq!(*got, crate::whatwg::join(base, input));
    }

    #[test]
    fn the_latest_request_wins() {
        let joins = Joins::default();
        let base = "http://a/b/c/d;p?q";
        assert_eq!(joins.get((1, 1), base, || "g".into()), None);
        assert_eq!(joins.get((2, 1), base, || "../x".into()), None);
        assert!(wait(&joins));
        // The first request's answer, if it was computed, is not kept.
        let got = joins.get((2, 1), base, || "../x".into()).expect("done");
        assert_eq!(got.href.as_deref(), Some("http://a/b/x"));
        assert_eq!(joins.0.done_key(), Some((2, 1)));
    }
}
