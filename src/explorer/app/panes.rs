//! Glue between [`update`](fn@super::update) and the panes' own keys:
//! each pane is asked in tab order ([`Component::handle`](super::component::Component::handle)).

use super::{Action, App, Pane};

/// Apply a pane key; `false` when no pane consumed `action` (what a pane
/// did before letting it go, such as the Breakdown letting its selected row
/// out of view before a scroll, is done).
pub fn pane_action(app: &mut App, action: &Action) -> bool {
    let shown = app.pane;
    Pane::ALL
        .iter()
        .any(|&p| p.component().handle(app, action, p == shown))
}
