//! The pieces of a key-table row: where it applies ([`Context`]), a key
//! with its modifiers ([`Key`], how it matches an event and how it is
//! written), the row itself ([`Binding`]). The rows are in
//! [`key_table`](super::key_table); what they drive, in
//! [`keymap`](super::keymap).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::Action;

/// Where a binding applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// Everywhere (unless an overlay takes the key first).
    Global,
    /// A text field has focus (the input line, later the base field).
    Text,
    /// A result view has focus (the breakdown, later the other panes).
    View,
    /// An overlay is open (help, copy chooser, examples picker).
    Overlay,
    /// The Resolve pane is shown (its keys work from the input line too).
    Resolve,
    /// The Encode pane is shown.
    Encode,
    /// The Breakdown view has focus (before the result-view keys).
    Breakdown,
    /// The Query pane has focus (before the result-view keys).
    Query,
    /// An overlay without a text field is open (help, copy chooser,
    /// examples, the RFC's text): bare keys move in it.
    List,
}

impl Context {
    /// The heading for the help overlay.
    pub fn title(self) -> &'static str {
        match self {
            Context::Global => "Anywhere",
            Context::Text => "In a text field",
            Context::View => "In a result view",
            Context::Overlay => "In a list or overlay",
            Context::Resolve => "In the Resolve pane",
            Context::Encode => "In the Encode pane",
            Context::Breakdown => "In the Breakdown view",
            Context::Query => "In the Query pane",
            Context::List => "In a list or overlay without a text field",
        }
    }
}

/// A key with its modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    /// The key.
    pub code: KeyCode,
    /// Ctrl, Alt, Shift.
    pub mods: KeyModifiers,
}

/// `code` without a modifier.
pub const fn k(code: KeyCode) -> Key {
    Key {
        code,
        mods: KeyModifiers::NONE,
    }
}

/// Ctrl and character `c`.
pub const fn ctrl(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        mods: KeyModifiers::CONTROL,
    }
}

/// Ctrl and `code`.
pub const fn ctrl_k(code: KeyCode) -> Key {
    Key {
        code,
        mods: KeyModifiers::CONTROL,
    }
}

/// Alt and `code`.
pub const fn alt_k(code: KeyCode) -> Key {
    Key {
        code,
        mods: KeyModifiers::ALT,
    }
}

impl Key {
    /// Whether the event is this key. Shift is ignored for characters
    /// and Shift-Tab (terminals report it inconsistently).
    pub fn matches(&self, ev: &KeyEvent) -> bool {
        let mut mods =
            ev.modifiers & (KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SHIFT);
        if matches!(ev.code, KeyCode::Char(_) | KeyCode::BackTab) {
            mods.remove(KeyModifiers::SHIFT);
        }
        let code = match ev.code {
            KeyCode::Char(c) if mods.contains(KeyModifiers::CONTROL) => {
                KeyCode::Char(c.to_ascii_lowercase())
            }
            c => c,
        };
        code == self.code && mods == self.mods
    }

    /// How the key is written in help and hints: `Ctrl-C`, `F1`, `Shift-Tab`.
    pub fn name(&self) -> String {
        let base = match self.code {
            KeyCode::Char(' ') => "Space".to_string(),
            // `Ctrl-C` as terminals write it; a bare key as it is typed
            // (`q`, `?`: an upper-case `Q` would read as Shift-Q).
            KeyCode::Char(c) if self.mods.is_empty() => c.to_string(),
            KeyCode::Char(c) => c.to_ascii_uppercase().to_string(),
            KeyCode::F(n) => format!("F{n}"),
            KeyCode::BackTab => "Shift-Tab".to_string(),
            KeyCode::Left => "←".to_string(),
            KeyCode::Right => "→".to_string(),
            KeyCode::Up => "↑".to_string(),
            KeyCode::Down => "↓".to_string(),
            KeyCode::PageUp => "PgUp".to_string(),
            KeyCode::PageDown => "PgDn".to_string(),
            KeyCode::Home => "Home".to_string(),
            KeyCode::End => "End".to_string(),
            KeyCode::Esc => "Esc".to_string(),
            other => format!("{other:?}"),
        };
        let mut s = String::new();
        if self.mods.contains(KeyModifiers::CONTROL) {
            s.push_str("Ctrl-");
        }
        if self.mods.contains(KeyModifiers::ALT) {
            s.push_str("Alt-");
        }
        s.push_str(&base);
        s
    }
}

/// One row of the key table.
#[derive(Debug)]
pub struct Binding {
    /// Where it applies.
    pub context: Context,
    /// The keys (the first is the one shown in hints).
    pub keys: &'static [Key],
    /// What it does.
    pub action: Action,
    /// A one-word hint for the hint bar, or `""` to keep it out of the bar.
    pub hint: &'static str,
    /// The line in the help overlay.
    pub help: &'static str,
}
