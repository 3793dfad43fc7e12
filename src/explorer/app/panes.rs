//! Glue between [`update`](fn@super::update) and the panes' own keys
//! (the Breakdown's rows, Resolve's steps, Encode's sets).

use super::{edit, encode, query_pairs, resolve, Action, App, StatusKind};

/// Apply a pane key; `false` when `action` is not one.
pub fn pane_action(app: &mut App, action: &Action) -> bool {
    match action {
        Action::StepNext | Action::StepPrev => {
            let len = super::memo::table_len(app);
            resolve::step(app, *action == Action::StepNext, len);
            let at = resolve::shown(&app.resolve, len);
            app.say(StatusKind::Info, format!("row {at} of {len}"));
        }
        Action::ToggleRfc2396 => {
            app.resolve.rfc2396 = !app.resolve.rfc2396;
            resolve::reset(app);
            let which = if app.resolve.rfc2396 {
                "RFC 2396 §5.2 steps (6a-6h) shown"
            } else {
                "RFC 3986 §5.2 steps shown"
            };
            app.say(StatusKind::Info, which);
        }
        Action::ToggleCompat if app.resolve.rfc2396 => {
            // The RFC 2396 steps follow its step 3 as written (a scheme
            // makes the reference absolute): nothing to toggle there.
            let key = super::keymap::key_name(&Action::ToggleRfc2396).unwrap_or_default();
            app.say(
                StatusKind::Info,
                format!("strict/compat applies to the RFC 3986 steps ({key} 3986 shows them)"),
            );
        }
        Action::ToggleCompat => {
            app.resolve.compat = !app.resolve.compat;
            resolve::reset(app);
            let which = if app.resolve.compat {
                "compat: a reference scheme equal to the base's is ignored (RFC 3986 §5.4.2)"
            } else {
                "strict: a reference with a scheme is absolute (RFC 3986 §5.2.2)"
            };
            app.say(StatusKind::Info, which);
        }
        Action::RowUp | Action::RowDown => edit::select(app, *action == Action::RowDown),
        Action::EditRow => match edit::selected(app) {
            // The query opens as its pairs; `e` there edits it whole.
            edit::Target::Query => query_pairs::open(app),
            t => edit::open_field(app, t),
        },
        Action::NextEncodeSet | Action::PrevEncodeSet => {
            encode::cycle(app, *action == Action::NextEncodeSet);
            let set = app.encode.encode_set();
            app.say(
                StatusKind::Info,
                format!("encode set {} ({})", set.name, set.section),
            );
        }
        _ => return false,
    }
    true
}
