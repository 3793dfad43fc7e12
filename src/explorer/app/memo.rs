//! Results derived from the explorer's texts, kept until a text or a
//! toggle changes.
//!
//! Keys that change no text (a move in the copy chooser, copying,
//! stepping the Resolve table) and the draws between them ask for results
//! that depend only on the texts. Each asks once per state: on a
//! 2 KB input full of errors one analysis formats over a thousand findings,
//! which is too much to do again at every such key
//! (`examples/tui_replay.rs` replays key sequences to measure it).
//!
//! The memo compares the texts' revisions: each editor draws a new one
//! at every change of its text, by whatever path (an edit, an example, a
//! history walk, a test writing a field), so a changed state is seen
//! without copying and comparing 64 KB texts at every key.

use std::any::Any;
use std::cell::RefCell;
use std::rc::Rc;

use super::{App, Choice, CopyEntry, Pane};

/// The texts the derived results depend on, by revision
/// ([`super::Editor::revision`], new at every change of a text): the
/// input, then each pane's field (0 for a pane without one).
fn texts(app: &App) -> [u64; 1 + Pane::ALL.len()] {
    let mut out = [0; 1 + Pane::ALL.len()];
    out[0] = app.input.revision();
    for (i, p) in Pane::ALL.iter().enumerate() {
        out[1 + i] = p.component().field(app).map_or(0, super::Editor::revision);
    }
    out
}

/// The toggles they depend on: each pane's
/// ([`Component::toggles`](super::component::Component::toggles)).
fn toggles(app: &App) -> [u64; Pane::ALL.len()] {
    let mut out = [0; Pane::ALL.len()];
    for (i, p) in Pane::ALL.iter().enumerate() {
        out[i] = p.component().toggles(app);
    }
    out
}

/// Everything the derived results depend on ([`texts`], [`toggles`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Key {
    texts: [u64; 1 + Pane::ALL.len()],
    toggles: [u64; Pane::ALL.len()],
}

impl Key {
    fn of(app: &App) -> Key {
        Key {
            texts: texts(app),
            toggles: toggles(app),
        }
    }

    /// Whether `app` is still in this state.
    fn holds_for(&self, app: &App) -> bool {
        *self == Key::of(app)
    }
}

/// The results a pane keeps for itself ([`kept`]), one of each type.
#[derive(Clone, Default)]
struct Kept(Vec<Rc<dyn Any>>);

impl std::fmt::Debug for Kept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Kept({} results)", self.0.len())
    }
}

#[derive(Clone, Debug, Default)]
struct Slots {
    key: Key,
    entries: [Option<Vec<CopyEntry>>; Pane::ALL.len()],
    all: Option<Rc<[CopyEntry]>>,
    choices: Option<Rc<[Choice]>>,
    kept: Kept,
    passwords: Option<Vec<String>>,
    live: Option<Rc<super::parsers::Live>>,
}

/// The memo itself: one slot per derived result, all dropped together
/// when the state changes; and the history search's matches.
#[derive(Clone, Debug, Default)]
pub struct Memo(RefCell<Slots>, RefCell<Option<HistorySearch>>);

/// The matches of the history search (indices into the list searched, in
/// the order shown), with what they were found for: the filter's
/// revision (equal only for the same text), which list, and each entry's
/// address and length (an entry replaced, added or dropped changes them;
/// entries are never edited in place).
#[derive(Clone, Debug)]
struct HistorySearch {
    filter: u64,
    stdin: bool,
    entries: Vec<(usize, usize)>,
    matches: Rc<[usize]>,
}

/// Each entry's address and length, the search's key.
fn identities(list: &[String]) -> Vec<(usize, usize)> {
    list.iter()
        .map(|e| (e.as_ptr() as usize, e.len()))
        .collect()
}

/// The indices of `list`'s entries that the filter keeps, newest first
/// (the history, oldest first in `list`) or in order (the list from
/// stdin), found once for each filter and list: a search folds the case
/// of the filter and of every entry, and each move down the list asks for
/// their count, which a long filter would make slow at each move. `keeper` folds the filter and gives the test.
pub(super) fn history_matches<K: Fn(&str) -> bool>(
    memo: &Memo,
    filter: u64,
    stdin: bool,
    list: &[String],
    keeper: impl FnOnce() -> K,
) -> Rc<[usize]> {
    let ids = identities(list);
    if let Some(h) = memo.1.borrow().as_ref() {
        if h.stdin == stdin && h.filter == filter && h.entries == ids {
            return Rc::clone(&h.matches);
        }
    }
    let keep = keeper();
    let matches: Rc<[usize]> = if stdin {
        (0..list.len()).filter(|&i| keep(&list[i])).collect()
    } else {
        (0..list.len()).rev().filter(|&i| keep(&list[i])).collect()
    };
    *memo.1.borrow_mut() = Some(HistorySearch {
        filter,
        stdin,
        entries: ids,
        matches: Rc::clone(&matches),
    });
    matches
}

impl Memo {
    /// The slots for `app`'s current state, emptied first if it changed.
    fn with<T>(&self, app: &App, f: impl FnOnce(&mut Slots) -> T) -> T {
        let mut slots = self.0.borrow_mut();
        if !slots.key.holds_for(app) {
            *slots = Slots {
                key: Key::of(app),
                ..Slots::default()
            };
        }
        f(&mut slots)
    }

    /// `slot`'s value for the current state, computed by `compute` once.
    fn get<T: Clone>(
        &self,
        app: &App,
        slot: impl Fn(&mut Slots) -> &mut Option<T>,
        compute: impl FnOnce() -> T,
    ) -> T {
        if let Some(v) = self.with(app, |s| slot(s).clone()) {
            return v;
        }
        // Computed outside the borrow: `compute` may ask the memo too.
        let v = compute();
        self.with(app, |s| *slot(s) = Some(v.clone()));
        v
    }
}

/// What `pane` offers to copy, its main result first.
pub fn pane_entries(app: &App, pane: Pane) -> Vec<CopyEntry> {
    app.memo.get(
        app,
        |s| &mut s.entries[pane.index()],
        || pane.component().copy_entries(app),
    )
}

/// A result of type `T` for the current state, computed by `compute` once
/// (a pane's own: the breakdown text, the Resolve table's length, the
/// input's word edges). One per type: a pane keeps a result under a type
/// of its own.
pub fn kept<T: 'static>(app: &App, compute: impl FnOnce() -> T) -> Rc<T> {
    let found = app.memo.with(app, |s| {
        s.kept
            .0
            .iter()
            .find_map(|v| Rc::clone(v).downcast::<T>().ok())
    });
    if let Some(v) = found {
        return v;
    }
    // Computed outside the borrow: `compute` may ask the memo too.
    let v = Rc::new(compute());
    app.memo
        .with(app, |s| s.kept.0.push(Rc::clone(&v) as Rc<dyn Any>));
    v
}

/// Everything the copy chooser lists ([`App::copy_entries`]), shared.
pub(super) fn all_entries(app: &App) -> Rc<[CopyEntry]> {
    app.memo
        .get(app, |s| &mut s.all, || app.compute_copy_entries().into())
}

/// The copy chooser's rows ([`App::copy_choices`]), shared.
pub(super) fn all_choices(app: &App) -> Rc<[Choice]> {
    app.memo.get(
        app,
        |s| &mut s.choices,
        || app.compute_copy_choices().into(),
    )
}

/// The passwords of the input and of the panes' fields that show them
/// ([`Component::field_has_passwords`](super::component::Component::field_has_passwords): the base and the Encode text; each
/// analysed once per state, a text that two fields share once): every pane
/// that masks them asks, several times a frame, and a 64 KB input full of
/// errors took an analysis each time.
pub fn passwords(app: &App) -> Vec<String> {
    app.memo.get(
        app,
        |s| &mut s.passwords,
        || {
            let fields: Vec<&str> = std::iter::once(app.input.text())
                .chain(Pane::ALL.iter().filter_map(|p| {
                    let c = p.component();
                    c.field_has_passwords()
                        .then(|| c.field(app))
                        .flatten()
                        .map(super::Editor::text)
                }))
                .collect();
            let mut out: Vec<String> = Vec::new();
            for (i, &t) in fields.iter().enumerate() {
                if !t.contains('@') || fields[..i].contains(&t) {
                    continue;
                }
                // The components alone (the report's, without its
                // findings), or the split's for an input they do not read.
                if let Some(p) = crate::text::mask::password_in(t) {
                    let pw = p.slice(t).to_string();
                    if !out.contains(&pw) {
                        out.push(pw);
                    }
                }
            }
            out
        },
    )
}

/// The in-process engines' readings of the input (a reference without a
/// scheme against the base), for the Breakdown's Parsers section: read
/// once per state, not once per frame.
pub fn live(app: &App) -> Rc<super::parsers::Live> {
    app.memo.get(
        app,
        |s| &mut s.live,
        || Rc::new(super::parsers::Live::of(app.input.text(), app.base())),
    )
}
