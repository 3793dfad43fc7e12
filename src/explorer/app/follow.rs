//! What an edit of a text field (typing, paste, undo, an example, a
//! component or pair edited) changes in the panes that read it. A file of
//! its own so that the files that edit the input ([`edit`](super::edit),
//! [`query_pairs`](super::query_pairs), [`update`](fn@super::update))
//! depend on it, and not on the key glue ([`panes`](super::panes)) that
//! depends on them.

use super::{resolve, App, Focus, Pane};

/// A text field's content changed (typing, paste, undo, an example):
/// the panes that depend on it start over.
pub fn edited(app: &mut App, field: Focus) {
    match field {
        Focus::Input => {
            resolve::reset(app);
            app.compare.scroll = Default::default();
            if !app.encode.edited {
                // A fresh editor: following the input is not an edit of
                // the field, so it leaves no undo history (64 KB inputs).
                app.encode.text.follow(app.input.text());
                app.encode.scroll = Default::default();
            }
        }
        Focus::Pane(Pane::Resolve) => resolve::reset(app),
        Focus::Pane(Pane::Compare) => app.compare.scroll = Default::default(),
        Focus::Pane(Pane::Encode) => {
            app.encode.edited = true;
            app.encode.scroll = Default::default();
        }
        Focus::Pane(Pane::Breakdown) => {}
    }
}
