//! What an edit of a text field (typing, paste, undo, an example, a
//! component or pair edited) changes in the panes that read it. A file of
//! its own so that the files that edit the input ([`edit`](super::edit),
//! [`query`](super::query), [`update`](fn@super::update))
//! depend on it, and not on the key glue ([`panes`](super::panes)) that
//! depends on them.

use super::{App, Focus, Pane};

/// A text field's content changed (typing, paste, undo, an example):
/// the panes that depend on it start over.
pub fn edited(app: &mut App, field: Focus) {
    match field {
        Focus::Input => {
            for &p in Pane::ALL {
                p.component().input_edited(app);
            }
        }
        Focus::Pane(p) | Focus::Field(p) => p.component().field_edited(app),
    }
}
