//! The list view's key table: what each key does where, and the hints
//! the view shows, from one table. The filter field has the keys while
//! the list is shown, so no bare printable key is a command there: a URL
//! filter can hold any printable character.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::state::{Focus, ListView};

/// What a key means in the list view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListAction {
    /// Show sites (registrable domains) in the hosts chart, or hosts again.
    ToggleSites,
    /// Type a character into the filter.
    Insert(char),
    /// Paste text into the filter (its first line).
    Paste(String),
    /// Delete the character before the cursor.
    Backspace,
    /// Delete the character under the cursor.
    Delete,
    /// Move the filter's cursor left.
    Left,
    /// Move the filter's cursor right.
    Right,
    /// The filter's cursor to its start.
    Home,
    /// The filter's cursor to its end.
    End,
    /// Delete the filter up to the cursor.
    KillToStart,
    /// The row above (the bar above, in the charts; the chooser's).
    Up,
    /// The row below.
    Down,
    /// A page up.
    PageUp,
    /// A page down.
    PageDown,
    /// The first row.
    First,
    /// The last row.
    Last,
    /// Open the explorer on the selected URL (in the charts: filter by
    /// the chosen bar; in the chooser: copy the chosen entry).
    Enter,
    /// Between the filter and the bar charts.
    ToggleFocus,
    /// The chart to the left.
    ChartLeft,
    /// The chart to the right.
    ChartRight,
    /// Grouped by normal form, by query keys, by site, or not.
    ToggleGrouping,
    /// Copy the selected URL.
    CopySelected,
    /// Open the copy chooser.
    CopyChooser,
    /// Close what is open, clear the filter, or quit (in that order).
    Escape,
    /// Quit (with `--print`, printing the selected URL).
    Quit,
    /// Quit printing every filtered URL (with `--print`).
    QuitFiltered,
}

/// Where a binding applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    /// Anywhere.
    Any,
    /// The filter field has the keys.
    Filter,
    /// The bar charts have them.
    Bars,
    /// The copy chooser is open.
    Chooser,
}

/// A key: its code and modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key(pub KeyCode, pub KeyModifiers);

impl Key {
    /// How hints and the guide name it.
    pub fn label(self) -> String {
        let base = match self.0 {
            KeyCode::Char(c) => c.to_ascii_uppercase().to_string(),
            KeyCode::F(n) => format!("F{n}"),
            KeyCode::Up => "↑".into(),
            KeyCode::Down => "↓".into(),
            KeyCode::Left => "←".into(),
            KeyCode::Right => "→".into(),
            KeyCode::PageUp => "PgUp".into(),
            KeyCode::PageDown => "PgDn".into(),
            other => format!("{other:?}"),
        };
        if self.1.contains(KeyModifiers::CONTROL) {
            format!("Ctrl-{base}")
        } else {
            base
        }
    }
}

const NONE: KeyModifiers = KeyModifiers::NONE;
const CTRL: KeyModifiers = KeyModifiers::CONTROL;

/// One row of the table.
#[derive(Debug)]
pub struct Binding {
    /// Where it applies.
    pub place: Where,
    /// The keys; the first is the one hints show.
    pub keys: &'static [Key],
    /// What it does.
    pub action: ListAction,
    /// Its word in the hint bar (`""`: not shown there).
    pub hint: &'static str,
}

/// THE table, looked up in order: the chooser's and the charts' rows
/// before the filter's and the common ones.
pub const TABLE: &[Binding] = &[
    Binding {
        place: Where::Chooser,
        keys: &[Key(KeyCode::Enter, NONE)],
        action: ListAction::Enter,
        hint: "copy",
    },
    Binding {
        place: Where::Chooser,
        keys: &[Key(KeyCode::Esc, NONE)],
        action: ListAction::Escape,
        hint: "close",
    },
    Binding {
        place: Where::Bars,
        keys: &[Key(KeyCode::Enter, NONE)],
        action: ListAction::Enter,
        hint: "filter by it",
    },
    Binding {
        place: Where::Bars,
        keys: &[Key(KeyCode::Left, NONE)],
        action: ListAction::ChartLeft,
        hint: "",
    },
    Binding {
        place: Where::Bars,
        keys: &[Key(KeyCode::Right, NONE)],
        action: ListAction::ChartRight,
        hint: "",
    },
    Binding {
        place: Where::Bars,
        keys: &[Key(KeyCode::Char('s'), NONE)],
        action: ListAction::ToggleSites,
        hint: "hosts/sites",
    },
    Binding {
        place: Where::Bars,
        keys: &[Key(KeyCode::Tab, NONE), Key(KeyCode::Esc, NONE)],
        action: ListAction::ToggleFocus,
        hint: "back to the list",
    },
    Binding {
        place: Where::Filter,
        keys: &[Key(KeyCode::Enter, NONE)],
        action: ListAction::Enter,
        hint: "explore",
    },
    Binding {
        place: Where::Filter,
        keys: &[Key(KeyCode::Tab, NONE)],
        action: ListAction::ToggleFocus,
        hint: "charts",
    },
    Binding {
        place: Where::Filter,
        keys: &[Key(KeyCode::Backspace, NONE)],
        action: ListAction::Backspace,
        hint: "",
    },
    Binding {
        place: Where::Filter,
        keys: &[Key(KeyCode::Delete, NONE)],
        action: ListAction::Delete,
        hint: "",
    },
    Binding {
        place: Where::Filter,
        keys: &[Key(KeyCode::Left, NONE)],
        action: ListAction::Left,
        hint: "",
    },
    Binding {
        place: Where::Filter,
        keys: &[Key(KeyCode::Right, NONE)],
        action: ListAction::Right,
        hint: "",
    },
    Binding {
        place: Where::Filter,
        keys: &[Key(KeyCode::Char('a'), CTRL)],
        action: ListAction::Home,
        hint: "",
    },
    Binding {
        place: Where::Filter,
        keys: &[Key(KeyCode::Char('e'), CTRL)],
        action: ListAction::End,
        hint: "",
    },
    Binding {
        place: Where::Filter,
        keys: &[Key(KeyCode::Char('u'), CTRL)],
        action: ListAction::KillToStart,
        hint: "",
    },
    Binding {
        place: Where::Any,
        keys: &[Key(KeyCode::Char('g'), CTRL), Key(KeyCode::F(2), NONE)],
        action: ListAction::ToggleGrouping,
        hint: "group",
    },
    Binding {
        place: Where::Any,
        keys: &[Key(KeyCode::Char('y'), CTRL)],
        action: ListAction::CopySelected,
        hint: "copy",
    },
    Binding {
        place: Where::Any,
        keys: &[Key(KeyCode::Char('o'), CTRL), Key(KeyCode::F(3), NONE)],
        action: ListAction::CopyChooser,
        hint: "copy…",
    },
    Binding {
        place: Where::Any,
        keys: &[Key(KeyCode::Up, NONE), Key(KeyCode::Char('p'), CTRL)],
        action: ListAction::Up,
        hint: "",
    },
    Binding {
        place: Where::Any,
        keys: &[Key(KeyCode::Down, NONE), Key(KeyCode::Char('n'), CTRL)],
        action: ListAction::Down,
        hint: "",
    },
    Binding {
        place: Where::Any,
        keys: &[Key(KeyCode::PageUp, NONE)],
        action: ListAction::PageUp,
        hint: "",
    },
    Binding {
        place: Where::Any,
        keys: &[Key(KeyCode::PageDown, NONE)],
        action: ListAction::PageDown,
        hint: "",
    },
    Binding {
        place: Where::Any,
        keys: &[Key(KeyCode::Home, CTRL), Key(KeyCode::Home, NONE)],
        action: ListAction::First,
        hint: "",
    },
    Binding {
        place: Where::Any,
        keys: &[Key(KeyCode::End, CTRL), Key(KeyCode::End, NONE)],
        action: ListAction::Last,
        hint: "",
    },
    Binding {
        place: Where::Any,
        keys: &[Key(KeyCode::Char('x'), CTRL)],
        action: ListAction::QuitFiltered,
        hint: "",
    },
    Binding {
        place: Where::Any,
        keys: &[Key(KeyCode::Char('q'), CTRL)],
        action: ListAction::Quit,
        hint: "quit",
    },
    Binding {
        place: Where::Any,
        keys: &[Key(KeyCode::Esc, NONE)],
        action: ListAction::Escape,
        hint: "",
    },
];

/// Where `view`'s keys go now.
pub fn place_of(view: &ListView) -> Where {
    if view.chooser.is_some() {
        Where::Chooser
    } else if view.focus == Focus::Bars {
        Where::Bars
    } else {
        Where::Filter
    }
}

/// The action of `key` in `view`'s state: its binding, else a character
/// typed into the filter. Key releases and repeats of a release are
/// nothing (act on presses only).
pub fn action_for(view: &ListView, key: &KeyEvent) -> Option<ListAction> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let place = place_of(view);
    // Shift is part of the character, not of the binding.
    let mods = key.modifiers - KeyModifiers::SHIFT;
    let k = Key(key.code, mods);
    let bound = TABLE
        .iter()
        .filter(|b| b.place == place || b.place == Where::Any)
        .find(|b| b.keys.contains(&k));
    if let Some(b) = bound {
        return Some(b.action.clone());
    }
    match key.code {
        KeyCode::Char(c) if place == Where::Filter && mods.is_empty() => {
            Some(ListAction::Insert(c))
        }
        _ => None,
    }
}

/// The first key of `action`'s binding, for hints and messages.
pub fn key_of(action: &ListAction) -> String {
    TABLE
        .iter()
        .find(|b| b.action == *action)
        .map(|b| b.keys[0].label())
        .unwrap_or_default()
}

/// The hint bar of `place`: each hinted binding's first key and word.
pub fn hints(place: Where) -> Vec<(String, &'static str)> {
    TABLE
        .iter()
        .filter(|b| !b.hint.is_empty() && (b.place == place || b.place == Where::Any))
        .filter(|b| place != Where::Chooser || b.place == Where::Chooser)
        .map(|b| (b.keys[0].label(), b.hint))
        .collect()
}
