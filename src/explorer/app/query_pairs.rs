//! The query as a table of pairs, opened from the Breakdown's query row:
//! add, edit, delete, move and sort pairs, and write a pair's spaces as
//! `+` or `%20` — trurl's `--append`, `--replace`, `--trim` and
//! `--sort-query` by hand. Each change recomposes the URI into the input
//! line as one undo step. Drawn by `ui::overlay`.

use super::edit::{open_field, Target};
use super::{follow, Action, App, Focus, Overlay, StatusKind};
use crate::uri::edit::{query, Component, Editable};
use crate::uri::ParseOptions;

/// The input's query pairs as written (empty when there is no query).
pub fn pairs(app: &App) -> Vec<String> {
    Editable::parse_with(app.input.text(), ParseOptions { iri: true })
        .ok()
        .and_then(|u| u.query)
        .map(|q| query::pairs(&q, '&').map(str::to_string).collect())
        .unwrap_or_default()
}

/// Open the table, or say why not.
pub fn open(app: &mut App) {
    match Editable::parse_with(app.input.text(), ParseOptions { iri: true }) {
        Ok(_) => app.overlay = Some(Overlay::Query { selected: 0 }),
        Err(e) => app.say(
            StatusKind::Error,
            format!("the input does not parse ({e}): correct it on the input line first"),
        ),
    }
}

/// The selected pair, clamped to the pairs there are.
fn selected(app: &App, n: usize) -> usize {
    match app.overlay {
        Some(Overlay::Query { selected }) => selected.min(n.saturating_sub(1)),
        _ => 0,
    }
}

/// Put `list` back as the query, recomposed into the input line (one
/// undo step), and select `select`.
fn commit(app: &mut App, list: Vec<String>, select: usize, what: &str) {
    let Ok(mut u) = Editable::parse_with(app.input.text(), ParseOptions { iri: true }) else {
        return;
    };
    u.query = (!list.is_empty()).then(|| list.join("&"));
    match u.to_uri() {
        Ok(new) => {
            let len = app.input.text().len();
            if app.input.replace_range(0, len, &new) {
                follow::edited(app, Focus::Input);
            }
            app.overlay = Some(Overlay::Query { selected: select });
            let undo = super::keymap::key(Action::Undo);
            app.say(
                StatusKind::Info,
                format!("{what}; {undo} in the Breakdown undoes"),
            );
        }
        Err(e) => app.say(StatusKind::Error, e.to_string()),
    }
}

/// A pair's spaces written the other way: `+` (HTML forms) becomes
/// `%20` (RFC 3986), or `%20` becomes `+`.
pub fn toggle_plus(pair: &str) -> String {
    if pair.contains('+') {
        pair.replace('+', "%20")
    } else {
        pair.replace("%20", "+")
    }
}

/// Apply a key of the table; `false` when `action` is not one of its.
pub fn action(app: &mut App, action: &Action) -> bool {
    let mut list = pairs(app);
    let n = list.len();
    let i = selected(app, n);
    match action {
        Action::PairAdd => open_field(app, Target::NewPair),
        Action::PairEditAll => open_field(app, Target::Query),
        Action::ListPick if n > 0 => open_field(app, Target::Pair(i)),
        Action::ListPick => open_field(app, Target::NewPair),
        Action::PairDelete if n > 0 => {
            let gone = list.remove(i);
            commit(app, list, i, &format!("deleted {gone:?}"));
        }
        Action::PairMoveUp | Action::PairMoveDown if n > 1 => {
            let j = if *action == Action::PairMoveUp {
                i.saturating_sub(1)
            } else {
                (i + 1).min(n - 1)
            };
            list.swap(i, j);
            commit(app, list, j, "moved the pair");
        }
        Action::PairSort if n > 1 => {
            let mut u = Editable {
                query: Some(list.join("&")),
                ..Editable::default()
            };
            query::sort(&mut u, '&');
            let sorted = u
                .get(Component::Query)
                .map(|q| query::pairs(&q, '&').map(str::to_string).collect())
                .unwrap_or_default();
            commit(app, sorted, 0, "sorted the pairs (case-insensitive)");
        }
        Action::PairTogglePlus if n > 0 => {
            list[i] = toggle_plus(&list[i]);
            let how = if list[i].contains('+') { "+" } else { "%20" };
            commit(
                app,
                list,
                i,
                &format!("spaces of the pair written as {how}"),
            );
        }
        Action::ListUp => {
            app.overlay = Some(Overlay::Query {
                selected: i.saturating_sub(1),
            })
        }
        Action::ListDown => {
            app.overlay = Some(Overlay::Query {
                selected: (i + 1).min(n.saturating_sub(1)),
            })
        }
        Action::Top => app.overlay = Some(Overlay::Query { selected: 0 }),
        Action::Bottom => {
            app.overlay = Some(Overlay::Query {
                selected: n.saturating_sub(1),
            })
        }
        Action::Close => app.overlay = None,
        Action::PairDelete
        | Action::PairMoveUp
        | Action::PairMoveDown
        | Action::PairSort
        | Action::PairTogglePlus => {}
        _ => return false,
    }
    true
}
