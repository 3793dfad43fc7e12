//! The Encode pane's model: a text field (it follows the input
//! until edited), the chosen encode set (RFC 3986 §2.1, one per
//! component), the encoded and decoded text. Drawn by `ui::encode`.

use super::citation::Citation;
use super::component::Component;
use super::keymap::Context;
use super::{Action, App, CopyEntry, Editor, StatusKind, ViewScroll};
use crate::uri::percent::encode_set::{self, EncodeSet};
use crate::uri::percent::{self, DecodeOptions, Decoded};

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

/// What F8 opens in the pane: the encode set's ABNF rule and section.
fn citation(app: &App) -> Citation {
    let set = app.encode.encode_set();
    let c = Citation::new(format!("the {} encode set", set.name));
    let c = match super::citation::first_rule(set.abnf) {
        Some(name) => c.rule(name),
        None => c,
    };
    c.cite(set.section).cite("RFC 3986 §2.1")
}

/// The Encode pane as the shared code sees it.
pub struct EncodePane;

impl Component for EncodePane {
    fn title(&self) -> &'static str {
        "Encode"
    }

    fn field<'a>(&self, app: &'a App) -> Option<&'a Editor> {
        Some(&app.encode.text)
    }

    fn field_mut<'a>(&self, app: &'a mut App) -> Option<&'a mut Editor> {
        Some(&mut app.encode.text)
    }

    fn scroll_mut<'a>(&self, app: &'a mut App) -> &'a mut ViewScroll {
        &mut app.encode.scroll
    }

    fn toggles(&self, app: &App) -> u64 {
        app.encode.set as u64
    }

    fn field_has_passwords(&self) -> bool {
        true
    }

    fn input_edited(&self, app: &mut App) {
        if !app.encode.edited {
            // A fresh editor: following the input is not an edit of
            // the field, so it leaves no undo history (64 KB inputs).
            app.encode.text.follow_editor(&app.input);
            app.encode.scroll = ViewScroll::default();
        }
    }

    fn field_edited(&self, app: &mut App) {
        app.encode.edited = true;
        app.encode.scroll = ViewScroll::default();
    }

    /// From the Encode pane, the example is loaded into its field too, and
    /// the pane keeps the focus.
    fn example_loaded(&self, app: &mut App, e: &super::examples::Example, focused: bool) -> bool {
        if focused {
            app.encode.text.set_text(e.input);
        }
        focused
    }

    /// The Encode field takes text as it is.
    fn pastes_raw(&self) -> bool {
        true
    }

    fn contexts(&self, app: &App) -> Option<&'static [Context]> {
        Some(if app.text_focused() {
            &[Context::Encode, Context::Text, Context::Global]
        } else {
            &[Context::Encode, Context::View, Context::Global]
        })
    }

    fn hint_contexts(&self) -> &'static [Context] {
        &[Context::Encode, Context::Global, Context::Text]
    }

    fn handle(&self, app: &mut App, action: &Action, _shown: bool) -> bool {
        if !matches!(action, Action::NextEncodeSet | Action::PrevEncodeSet) {
            return false;
        }
        cycle(app, *action == Action::NextEncodeSet);
        let set = app.encode.encode_set();
        app.say(
            StatusKind::Info,
            format!("encode set {} ({})", set.name, set.section),
        );
        true
    }

    fn citation(&self, app: &App) -> Citation {
        citation(app)
    }

    /// The input's report, the Breakdown's: offered once, as that pane's.
    fn offers_report(&self) -> bool {
        false
    }

    fn copy_entries(&self, app: &App) -> Vec<CopyEntry> {
        copy_entries(app)
    }
}
