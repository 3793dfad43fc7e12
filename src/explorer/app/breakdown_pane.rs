//! The Breakdown pane as the shared code sees it ([`BreakdownPane`]) and
//! its own state ([`BreakdownView`]); its model is [`super::breakdown`],
//! its component rows [`super::edit`], its drawing `ui::breakdown`.

use super::citation::{self, Citation};
use super::component::Component;
use super::keymap::Context;
use super::{breakdown, edit, query, Action, App, Choice, CopyEntry, Focus, Pane, ViewScroll};

/// The Breakdown pane's own state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BreakdownView {
    /// Scroll of the view.
    pub scroll: ViewScroll,
    /// The selected component row (index into [`edit::TARGETS`]).
    pub row: usize,
    /// Whether the view follows the selected row (after ↑/↓; scrolling
    /// by page or column lets it go).
    pub follow: bool,
    /// Whether the findings are listed every one, not grouped by kind.
    pub all_findings: bool,
}

/// The breakdown text, under a type of its own for the memo.
struct MainResult(CopyEntry);

/// The Breakdown's main result, the breakdown text (Ctrl-Y): written once
/// per state, however often it is copied.
pub fn breakdown_text(app: &App) -> CopyEntry {
    super::memo::kept(app, || MainResult(breakdown::main_result(app)))
        .0
        .clone()
}

/// The Breakdown pane.
pub struct BreakdownPane;

impl Component for BreakdownPane {
    fn title(&self) -> &'static str {
        "Breakdown"
    }

    fn scroll_mut<'a>(&self, app: &'a mut App) -> &'a mut ViewScroll {
        &mut app.breakdown.scroll
    }

    fn contexts(&self, app: &App) -> Option<&'static [Context]> {
        (app.focus == Focus::Pane(Pane::Breakdown)).then_some(&[
            Context::Breakdown,
            Context::View,
            Context::Global,
        ])
    }

    fn hint_contexts(&self) -> &'static [Context] {
        &[Context::Global, Context::Breakdown]
    }

    fn input_replaced(&self, app: &mut App) {
        app.breakdown = BreakdownView::default();
    }

    fn handle(&self, app: &mut App, action: &Action, shown: bool) -> bool {
        match action {
            Action::ToggleFindings => {
                let b = &mut app.breakdown;
                b.all_findings = !b.all_findings;
                let key = super::keymap::key(Action::ToggleFindings);
                let what = if b.all_findings {
                    format!("findings: every one listed ({key} groups them by kind)")
                } else {
                    format!("findings: grouped by kind ({key} lists every one)")
                };
                app.say(super::StatusKind::Info, what);
            }
            Action::RowUp | Action::RowDown => edit::select(app, *action == Action::RowDown),
            Action::EditRow => match edit::selected(app) {
                // The query opens as its pairs (the Query pane); `e` there edits
                // it whole.
                edit::Target::Query => query::open(app),
                t => edit::open_field(app, t),
            },
            Action::ScrollUp
            | Action::ScrollDown
            | Action::PageUp
            | Action::PageDown
            | Action::Top
            | Action::Bottom
            | Action::ScrollLeft
            | Action::ScrollRight
                if shown && app.breakdown.follow =>
            {
                // Scrolling lets the selected row go out of view (the view
                // goes back to its own scroll position), then scrolls.
                app.breakdown.follow = false;
                app.breakdown.scroll.y = app.drawn.get().view_first;
                return false;
            }
            _ => return false,
        }
        true
    }

    /// The selected component's rule.
    fn citation(&self, app: &App) -> Citation {
        match edit::TARGETS.get(app.breakdown.row) {
            Some(&t) => citation::component(t, app.input.text()),
            None => citation::input(app),
        }
    }

    fn copy_entries(&self, app: &App) -> Vec<CopyEntry> {
        breakdown::copy_entries(app, breakdown_text(app))
    }

    /// The breakdown text alone, not every entry of the pane.
    fn focused_copy(&self, app: &App, _pane: Pane) -> Option<CopyEntry> {
        Some(breakdown_text(app))
    }

    /// Without writing the breakdown text ([`breakdown::choices`]).
    fn choices(&self, app: &App, _pane: Pane) -> Vec<Choice> {
        breakdown::choices(app)
    }

    /// The breakdown text only when chosen; the cheap entries after it.
    fn copy_entry(&self, app: &App, _pane: Pane, row: usize) -> Result<CopyEntry, usize> {
        if row == 0 {
            return Ok(breakdown_text(app));
        }
        let rest = breakdown::light_entries(app);
        let len = rest.len();
        rest.into_iter().nth(row - 1).ok_or_else(|| row - 1 - len)
    }
}
