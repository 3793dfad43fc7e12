//! The Encode pane's model: a text field (it follows the input
//! until edited), the chosen encode set (RFC 3986 §2.1, one per
//! component), the encoded and decoded text. Drawn by `ui::encode`.

use super::{App, CopyEntry, Editor, ViewScroll};
use crate::uri::percent::{self, encode_set, DecodeOptions, Decoded, EncodeSet};

/// The pane's own state.
#[derive(Clone, Debug)]
pub struct EncodeView {
    /// The text to encode and decode.
    pub text: Editor,
    /// Index into [`encode_set::ALL`].
    pub set: usize,
    /// Whether the user edited the field; until then it follows the input.
    pub edited: bool,
    /// Scroll of the view.
    pub scroll: ViewScroll,
}

impl Default for EncodeView {
    /// An empty field with the default set.
    fn default() -> EncodeView {
        EncodeView::new("")
    }
}

impl EncodeView {
    /// The pane starting on `input`, with the default set (the CLI's,
    /// [`encode_set::DEFAULT`]).
    pub fn new(input: &str) -> EncodeView {
        EncodeView {
            text: Editor::new(input),
            set: encode_set::ALL
                .iter()
                .position(|s| s.name == encode_set::DEFAULT.name)
                .unwrap_or(0),
            edited: false,
            scroll: ViewScroll::default(),
        }
    }

    /// The chosen encode set.
    pub fn encode_set(&self) -> &'static EncodeSet {
        encode_set::ALL[self.set % encode_set::ALL.len()]
    }
}

/// Choose the next (or previous) encode set, wrapping around.
pub fn cycle(app: &mut App, forward: bool) {
    let n = encode_set::ALL.len();
    let at = app.encode.set % n;
    app.encode.set = if forward {
        (at + 1) % n
    } else {
        (at + n - 1) % n
    };
}

/// The field's text percent-encoded for the chosen set: every octet
/// outside it, `%` included, as `uriscope encode` does by default, so
/// decoding the result gives the field's text back (RFC 3986 §2.4).
pub fn encoded(app: &App) -> String {
    percent::encode(app.encode.text.text(), app.encode.encode_set()).into_owned()
}

/// The field's text decoded once, with every round of a double encoding.
/// The form set reads `+` as a space.
pub fn decoded(app: &App) -> Decoded<'_> {
    let options = DecodeOptions {
        plus_as_space: app.encode.encode_set().space_as_plus(),
    };
    percent::decode(app.encode.text.text(), options)
}

/// The encoded and the decoded text (the latter with U+FFFD for bytes
/// that are not UTF-8).
pub fn copy_entries(app: &App) -> Vec<CopyEntry> {
    vec![
        CopyEntry {
            // The Encode pane's text, not the URI: said so in the label.
            label: format!("text encoded ({})", app.encode.encode_set().name),
            text: encoded(app),
        },
        CopyEntry {
            label: "text decoded".into(),
            text: decoded(app).lossy().into_owned(),
        },
    ]
}
