//! The collection view: a whole list of URLs at once (`uriscope FILE…
//! --list`, or `… | uriscope` on a terminal). A header with the counts
//! (URIs, IRIs, relative references, invalid), bar charts of schemes,
//! hosts, finding codes and confusion flags, a filter field and the list
//! below it, grouped by normal form, by query keys or by site on a toggle. Enter
//! opens the explorer on the selected URL; Esc there comes back here.
//!
//! It stands on [`crate::collection`]: the lines are loaded in batches
//! on threads while the view is in use, the counts and groups are the
//! collection's (the numbers `uriscope stats` and `dedupe` print), and
//! the filter is searched a slice at a time by the loop's tick.
//!
//! The Elm split, as the explorer's: [`state`] (the state and what it
//! derives), [`keys`] (the key table), [`update`](mod@update) (pure, returns a
//! [`ListEffect`] for the loop), [`view`] (pure drawing), [`rows`] (the
//! grouped rows) and [`run`] (the loop, on the terminal `term` set up).

pub mod keys;
pub mod rows;
pub mod run;
pub mod state;
pub mod update;
pub mod view;

pub use keys::{action_for, ListAction};
pub use rows::{Entries, Entry};
pub use state::{Chart, CopyWhat, Focus, Grouped, ListView};
pub use update::{update, ListEffect, Print};
