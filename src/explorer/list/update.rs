//! The list view's pure update: an action changes the state and may ask
//! the loop for an effect (open the explorer, copy, quit). Editing the
//! filter sets the search ([`crate::collection::Searches::set`]) without
//! running it: the loop's tick runs it a slice at a time, so a key costs
//! a slice whatever the number of lines.

use super::keys::ListAction;
use super::rows::Entry;
use super::state::{Chart, CopyWhat, Focus, ListView, Status};

/// What the loop must do after an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListEffect {
    /// Nothing.
    None,
    /// Open the explorer on this URL; Esc there comes back.
    Open(String),
    /// Copy this text, named so in the status line.
    Copy {
        /// What it is (for the status line).
        label: &'static str,
        /// The exact text.
        text: String,
    },
    /// Quit, printing this with `--print`.
    Quit(Print),
}

/// What `--print` prints on quit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Print {
    /// The selected URL.
    Selected,
    /// Every filtered URL.
    Filtered,
}

/// Apply `action` to `view`.
pub fn update(view: &mut ListView, action: ListAction) -> ListEffect {
    if let Some(at) = view.chooser {
        return chooser(view, at, action);
    }
    if view.focus == Focus::Bars {
        if let Some(effect) = bars(view, &action) {
            return effect;
        }
    }
    let page = view.page.get().max(1);
    let n = view.row_count();
    match action {
        ListAction::Insert(c) => edit(view, |f| f.insert(c)),
        ListAction::Paste(text) => {
            let first = text.lines().next().unwrap_or("").to_string();
            edit(view, |f| {
                f.paste(&first);
            })
        }
        ListAction::ToggleSites => {
            view.by_site = !view.by_site;
            view.update_sites();
        }
        ListAction::Backspace => edit(view, |f| f.backspace()),
        ListAction::Delete => edit(view, |f| f.delete()),
        ListAction::KillToStart => edit(view, |f| f.kill_to_start()),
        ListAction::Left => view.filter.left(),
        ListAction::Right => view.filter.right(),
        ListAction::Home => view.filter.home(),
        ListAction::End => view.filter.end(),
        ListAction::Up => view.selected = view.selected.saturating_sub(1),
        ListAction::Down => view.selected = (view.selected + 1).min(n.saturating_sub(1)),
        ListAction::PageUp => view.selected = view.selected.saturating_sub(page),
        ListAction::PageDown => view.selected = (view.selected + page).min(n.saturating_sub(1)),
        ListAction::First => view.selected = 0,
        ListAction::Last => view.selected = n.saturating_sub(1),
        ListAction::Enter => {
            return match view.selected_text() {
                Some(t) => ListEffect::Open(t.to_string()),
                None => say(view, "no URL to open: the list is empty", true),
            }
        }
        ListAction::ToggleFocus => view.focus = Focus::Bars,
        ListAction::ChartLeft | ListAction::ChartRight => {}
        ListAction::ToggleGrouping => {
            let line = view.selected_line();
            view.grouped = view.grouped.next();
            // The first slice now (the rows in sight), the rest in the
            // ticks that follow.
            view.refresh_for(Some(std::time::Duration::ZERO));
            view.selected = line.map_or(0, |l| row_of(view, l));
            view.status = Some(Status {
                text: format!("the list is {}", view.grouped.label()),
                error: false,
            });
        }
        ListAction::CopySelected => return copy(view, CopyWhat::Selected),
        ListAction::CopyChooser => view.chooser = Some(0),
        ListAction::Escape if !view.filter.text().is_empty() => {
            edit(view, |f| f.set_text(""));
        }
        ListAction::Escape | ListAction::Quit => return ListEffect::Quit(Print::Selected),
        ListAction::QuitFiltered => return ListEffect::Quit(Print::Filtered),
    }
    view.keep_in_range();
    ListEffect::None
}

/// Edit the filter and set the search to it: the selection goes to the
/// first row, as the rows are new.
fn edit(view: &mut ListView, f: impl FnOnce(&mut crate::explorer::app::Editor)) {
    f(&mut view.filter);
    set_search(view);
}

/// Set the search to the filter's text.
fn set_search(view: &mut ListView) {
    match view.searches.set(view.filter.text()) {
        Ok(()) => view.filter_error = None,
        Err(e) => view.filter_error = Some(e.message),
    }
    view.selected = 0;
    view.scroll = 0;
    view.refresh(false);
}

/// The row that shows line `line` (its own row or its group's head), or 0.
fn row_of(view: &ListView, line: u32) -> usize {
    (0..view.row_count())
        .find(|&i| {
            view.row(i)
                .is_some_and(|e| e.line() == line && !matches!(e, Entry::Member { .. }))
        })
        .unwrap_or(0)
}

/// The charts' own keys; `None` for the keys they share with the list.
fn bars(view: &mut ListView, action: &ListAction) -> Option<ListEffect> {
    let shown = view.bars_shown.get();
    let (chart, row) = view.bar;
    match action {
        ListAction::ChartLeft => view.bar = ((chart + 3) % 4, 0),
        ListAction::ChartRight => view.bar = ((chart + 1) % 4, 0),
        ListAction::Up => view.bar.1 = row.saturating_sub(1),
        ListAction::Down => view.bar.1 = (row + 1).min(shown[chart].saturating_sub(1)),
        ListAction::ToggleFocus | ListAction::Escape => view.focus = Focus::Filter,
        ListAction::ToggleSites => {
            view.by_site = !view.by_site;
            view.update_sites();
            if chart == 1 {
                view.bar.1 = 0;
            }
        }
        ListAction::Enter => {
            let Some(name) = super::view::bar_name(view, Chart::ALL[chart], row) else {
                return Some(say(view, "no bar there to filter by", true));
            };
            // A site's lines are those whose host's site it is.
            let term = if Chart::ALL[chart] == Chart::Hosts && view.by_site {
                format!("site:{name}")
            } else {
                Chart::ALL[chart].term(&name)
            };
            let mut text = view.filter.text().trim_end().to_string();
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&term);
            view.filter.set_text(&text);
            view.filter.end();
            view.focus = Focus::Filter;
            set_search(view);
        }
        _ => return None,
    }
    Some(ListEffect::None)
}

/// The chooser's keys.
fn chooser(view: &mut ListView, at: usize, action: ListAction) -> ListEffect {
    let last = CopyWhat::ALL.len() - 1;
    match action {
        ListAction::Up => view.chooser = Some(at.saturating_sub(1)),
        ListAction::Down => view.chooser = Some((at + 1).min(last)),
        ListAction::Enter => {
            view.chooser = None;
            return copy(view, CopyWhat::ALL[at]);
        }
        ListAction::Escape | ListAction::CopyChooser => view.chooser = None,
        ListAction::Quit => return ListEffect::Quit(Print::Selected),
        _ => {}
    }
    ListEffect::None
}

/// A copy of `what`, or a message that there is nothing to copy.
fn copy(view: &mut ListView, what: CopyWhat) -> ListEffect {
    match view.text_of(what) {
        Some(text) => ListEffect::Copy {
            label: what.label(),
            text,
        },
        None => say(view, "nothing to copy: the list is empty", true),
    }
}

/// Say `text` on the status line.
fn say(view: &mut ListView, text: &str, error: bool) -> ListEffect {
    view.status = Some(Status {
        text: text.to_string(),
        error,
    });
    ListEffect::None
}
