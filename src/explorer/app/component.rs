//! What a pane is to the rest of the explorer: one trait, [`Component`],
//! that each pane's model file implements, so that the shared code (the
//! focus, the memo, the copy chooser, F8, the Markdown reports, the key
//! contexts and hints, the cursor) asks "the shown pane" or "every pane"
//! instead of naming one. Its drawing is the view side's own trait
//! (`ui::pane::View`): this folder never draws.
//!
//! The shape follows gitui's `Component` and helix's `Component` (an
//! event is consumed or ignored; the cursor is the component's to say),
//! with one difference: a pane's state is a field of [`App`], which every
//! method takes, since a pane's results read the input (and the Resolve
//! pane's base) as much as its own state. The implementations are unit
//! values, listed in tab order by [`Pane::component`](super::Pane::component).

use super::citation::Citation;
use super::examples::Example;
use super::keymap::Context;
use super::{Action, App, Choice, CopyEntry, Editor, ViewScroll};

/// A pane, as the shared code sees it. Every method has the whole [`App`]:
/// the pane reads its own state there, and the shared analysis through
/// [`App::analysis`] and the [`memo`](super::memo).
pub trait Component: Sync {
    /// The tab title (and the pane's name in labels: "Markdown report
    /// (Resolve view)").
    fn title(&self) -> &'static str;

    /// The pane's text field, when it has one (the first row of its view;
    /// typing goes there while the pane has focus).
    fn field<'a>(&self, _app: &'a App) -> Option<&'a Editor> {
        None
    }

    /// [`Component::field`], mutably.
    fn field_mut<'a>(&self, _app: &'a mut App) -> Option<&'a mut Editor> {
        None
    }

    /// The scroll of the pane's view.
    fn scroll_mut<'a>(&self, app: &'a mut App) -> &'a mut ViewScroll;

    /// What besides the texts the pane's results depend on (its toggles),
    /// packed in a number: the memo drops its results when it changes.
    fn toggles(&self, _app: &App) -> u64 {
        0
    }

    /// Whether a password in the pane's field is masked wherever it is
    /// shown, as the input's is (the field is analysed for it).
    fn field_has_passwords(&self) -> bool {
        false
    }

    /// The input line's text changed: what of the pane starts over.
    fn input_edited(&self, _app: &mut App) {}

    /// A new input replaced the input (an example, an edit that changed
    /// its length): what of the pane goes back to the top.
    fn input_replaced(&self, _app: &mut App) {}

    /// Example `e` was loaded into the input (after
    /// [`Component::input_edited`]); `focused`: the pane has the focus.
    /// `true`: the pane keeps the focus (else it goes to the input line).
    fn example_loaded(&self, _app: &mut App, _e: &Example, _focused: bool) -> bool {
        false
    }

    /// Whether a paste into the pane's field is taken as it is, a pasted
    /// link not unwrapped (RFC 3986 Appendix C) as the URI fields do.
    fn pastes_raw(&self) -> bool {
        false
    }

    /// The pane's own field changed: what of the pane starts over.
    fn field_edited(&self, _app: &mut App) {}

    /// The key contexts that apply while the pane is shown and no overlay
    /// is open, most specific first, when the pane has keys of its own
    /// that apply in `app`'s state; `None` leaves the shared contexts.
    fn contexts(&self, _app: &App) -> Option<&'static [Context]> {
        None
    }

    /// The contexts whose rows the hint bar shows for [`Component::contexts`],
    /// in the bar's order.
    fn hint_contexts(&self) -> &'static [Context] {
        &[]
    }

    /// A row's hint as it applies in `app`'s state, when the pane words it
    /// otherwise than the table (`Some("")` hides it).
    fn hint(&self, _app: &App, _action: &Action) -> Option<&'static str> {
        None
    }

    /// Apply `action` if it is one of the pane's (`shown`: the pane is the
    /// one drawn). `true`: consumed, nothing else applies it; `false`:
    /// ignored (the shared keys apply it, after what the pane did).
    fn handle(&self, _app: &mut App, _action: &Action, _shown: bool) -> bool {
        false
    }

    /// What F8 opens while the pane has focus.
    fn citation(&self, app: &App) -> Citation;

    /// Whether the copy chooser offers the pane's Markdown report as one
    /// of its own (the Encode pane's is the Breakdown's: offered once).
    fn offers_report(&self) -> bool {
        true
    }

    /// The first line of the pane's Markdown report, without writing it:
    /// by default the input's report's (the Breakdown's, which the Encode
    /// and Query panes share).
    fn report_heading(&self, app: &App) -> String {
        super::markdown::parse_heading(app)
    }

    /// The user's texts [`Component::report_heading`] quotes, in order.
    fn report_quotes<'a>(&self, app: &'a App) -> Vec<&'a str> {
        vec![app.input.text()]
    }

    /// The pane's Markdown report: by default the input's (the
    /// Breakdown's).
    fn report(&self, app: &App) -> String {
        super::markdown::parse_report(app)
    }

    /// What the pane offers to copy, its main result first (kept by the
    /// memo: ask [`memo::pane_entries`](super::memo::pane_entries)).
    fn copy_entries(&self, app: &App) -> Vec<CopyEntry>;

    /// What Ctrl-Y copies while the pane has focus: its main result.
    fn focused_copy(&self, app: &App, pane: super::Pane) -> Option<CopyEntry> {
        super::memo::pane_entries(app, pane).into_iter().next()
    }

    /// The copy chooser's rows of the pane.
    fn choices(&self, app: &App, pane: super::Pane) -> Vec<Choice> {
        super::memo::pane_entries(app, pane)
            .iter()
            .map(Choice::of)
            .collect()
    }

    /// The entry of the pane's chooser row `row`, or how many rows past
    /// the pane's last it is.
    fn copy_entry(&self, app: &App, pane: super::Pane, row: usize) -> Result<CopyEntry, usize> {
        let e = super::memo::pane_entries(app, pane);
        let len = e.len();
        e.into_iter().nth(row).ok_or_else(|| row - len)
    }
}
