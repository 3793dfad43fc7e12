//! THE key table. One list of `(context, keys, action, hint, help)` rows
//! drives key dispatch ([`action_for`]), the help overlay ([`help_rows`])
//! and the hint bar ([`hints`]); a pane adds its keys by adding rows.
//!
//! No bare printable key is a command while a text field has focus (a URI
//! may contain almost any printable character): there, printable keys are
//! inserted, and commands use Ctrl, F-keys and the named keys. Where a
//! result view has focus, a few bare keys are commands as in a pager:
//! `q` quits (asking first when a typed input was not kept), `?` opens
//! the help, `/` goes back to the input line, `h` `j` `k` `l` scroll and
//! `g` `G` go to the first and last line; any other printable key types
//! into the input line, as in fzf.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::{Action, App};

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

const fn k(code: KeyCode) -> Key {
    Key {
        code,
        mods: KeyModifiers::NONE,
    }
}

const fn ctrl(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        mods: KeyModifiers::CONTROL,
    }
}

const fn ctrl_k(code: KeyCode) -> Key {
    Key {
        code,
        mods: KeyModifiers::CONTROL,
    }
}

const fn alt_k(code: KeyCode) -> Key {
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

use Context::{
    Breakdown as Bd, Encode as En, Global, List, Overlay as Ov, Query as Qp, Resolve as Rs, Text,
    View,
};
use KeyCode::*;

/// The key table. Within a context the first matching row wins; the
/// contexts are tried in [`contexts`] order. The help overlay lists the
/// rows in this order.
///
/// Ctrl-/ is sent by terminals as the byte 0x1F, which crossterm reports
/// as Ctrl-7 (and as Ctrl-/ under the kitty protocol): both are listed.
pub static KEYS: &[Binding] = &[
    // Anywhere.
    Binding {
        context: Global,
        keys: &[ctrl('c')],
        action: Action::Quit,
        hint: "quit",
        help: "quit (always)",
    },
    Binding {
        context: Global,
        keys: &[k(F(1)), ctrl('/'), ctrl('7')],
        action: Action::Help,
        hint: "help",
        help: "this help (Ctrl-/ arrives as Ctrl-7 on most terminals)",
    },
    Binding {
        context: Global,
        keys: &[ctrl('y')],
        action: Action::CopyFocused,
        hint: "copy",
        help: "copy the focused result",
    },
    Binding {
        context: Global,
        keys: &[ctrl('o'), k(F(3))],
        action: Action::CopyChooser,
        hint: "copy…",
        help: "choose what to copy",
    },
    Binding {
        context: Global,
        keys: &[ctrl('l')],
        action: Action::LoadLikely,
        // The Breakdown names the key under the finding that offers it.
        hint: "",
        help: "load the URI the input most likely means (a Windows path, a Markdown link, …)",
    },
    Binding {
        context: Global,
        keys: &[k(F(2)), ctrl('x')],
        action: Action::Examples,
        hint: "examples",
        help: "pick an example (RFC tables, tricky inputs)",
    },
    Binding {
        context: Global,
        keys: &[k(F(9))],
        action: Action::Parsers,
        // Listed in the help; the hint bar has no room left at 80 columns.
        hint: "",
        help: "every parser's reading of the input (Python, libcurl, Node, Java, Go, PHP, Ruby, Perl run too), the allowlist tester and the check/fetch pair",
    },
    Binding {
        context: Global,
        keys: &[k(F(8))],
        action: Action::Rfc,
        hint: "RFC",
        help: "the RFC's text for what is under the cursor",
    },
    Binding {
        context: Global,
        keys: &[k(F(4)), ctrl('g')],
        action: Action::RevealPasswords,
        hint: "",
        help: "show passwords in every pane (this session), or mask them again",
    },
    Binding {
        context: Global,
        keys: &[ctrl('f')],
        action: Action::ToggleFindings,
        hint: "",
        help: "list the Breakdown's findings every one, or grouped by kind",
    },
    Binding {
        context: Global,
        keys: &[k(Tab)],
        action: Action::FocusNext,
        hint: "next",
        help: "focus the next field or pane",
    },
    Binding {
        context: Global,
        keys: &[k(BackTab)],
        action: Action::FocusPrev,
        hint: "",
        help: "focus the previous field or pane",
    },
    Binding {
        context: Global,
        keys: &[k(PageUp)],
        action: Action::PageUp,
        hint: "",
        help: "a page up (the view's height less one line)",
    },
    Binding {
        context: Global,
        keys: &[k(PageDown)],
        action: Action::PageDown,
        hint: "",
        help: "a page down (the view's height less one line)",
    },
    Binding {
        context: Global,
        keys: &[ctrl_k(Home)],
        action: Action::Top,
        hint: "",
        help: "the first line of the view (in the Resolve pane, its table's first step)",
    },
    Binding {
        context: Global,
        keys: &[ctrl_k(End)],
        action: Action::Bottom,
        hint: "",
        help: "the last line of the view (in the Resolve pane, every step of its table)",
    },
    Binding {
        context: Global,
        keys: &[k(Esc)],
        action: Action::FocusInput,
        hint: "",
        help: "back to the input line",
    },
    // Text fields.
    Binding {
        context: Text,
        keys: &[k(Left)],
        action: Action::Left,
        hint: "",
        help: "cursor left",
    },
    Binding {
        context: Text,
        keys: &[k(Right)],
        action: Action::Right,
        hint: "",
        help: "cursor right",
    },
    Binding {
        context: Text,
        keys: &[ctrl_k(Left), alt_k(Left), alt_k(Char('b'))],
        action: Action::BoundaryLeft,
        hint: "",
        help: "previous component boundary",
    },
    Binding {
        context: Text,
        keys: &[ctrl_k(Right), alt_k(Right), alt_k(Char('f'))],
        action: Action::BoundaryRight,
        hint: "",
        help: "next component boundary",
    },
    Binding {
        context: Text,
        keys: &[k(Home), ctrl('a')],
        action: Action::Home,
        hint: "",
        help: "start of line",
    },
    Binding {
        context: Text,
        keys: &[k(End), ctrl('e')],
        action: Action::End,
        hint: "",
        help: "end of line",
    },
    Binding {
        context: Text,
        keys: &[k(Backspace)],
        action: Action::Backspace,
        hint: "",
        help: "delete before the cursor",
    },
    Binding {
        context: Text,
        keys: &[k(Delete), ctrl('d')],
        action: Action::Delete,
        hint: "",
        help: "delete under the cursor",
    },
    Binding {
        context: Text,
        keys: &[ctrl('u')],
        action: Action::KillToStart,
        hint: "",
        help: "delete to the start",
    },
    Binding {
        context: Text,
        keys: &[ctrl('k')],
        action: Action::KillToEnd,
        hint: "",
        help: "delete to the end",
    },
    Binding {
        context: Text,
        keys: &[ctrl('w'), alt_k(Backspace)],
        action: Action::KillBoundary,
        hint: "",
        help: "delete back to the previous component boundary",
    },
    Binding {
        context: Text,
        keys: &[ctrl('z')],
        action: Action::Undo,
        hint: "undo",
        help: "undo the last edit (a paste is one edit; typing is one per run, up to a delimiter)",
    },
    Binding {
        context: Text,
        keys: &[alt_k(Char('z'))],
        action: Action::Redo,
        hint: "",
        help: "redo the last edit undone",
    },
    Binding {
        context: Text,
        keys: &[k(Up)],
        action: Action::HistoryPrev,
        hint: "history",
        help: "previous input typed this session (input line)",
    },
    Binding {
        context: Text,
        keys: &[k(Down)],
        action: Action::HistoryNext,
        hint: "",
        help: "next input typed this session (input line)",
    },
    Binding {
        context: Text,
        keys: &[k(F(7)), alt_k(Char('r'))],
        action: Action::HistorySearch,
        hint: "",
        help: "search the input history (type to filter, Enter loads)",
    },
    Binding {
        context: Text,
        keys: &[k(Enter)],
        action: Action::Commit,
        hint: "",
        help: "keep the input in the history",
    },
    // The Breakdown view: its component rows can be edited.
    Binding {
        context: Bd,
        keys: &[k(Up), k(Char('k'))],
        action: Action::RowUp,
        hint: "row",
        help:
            "select the component row above (scheme, userinfo, host, port, path, query, fragment)",
    },
    Binding {
        context: Bd,
        keys: &[k(Down), k(Char('j'))],
        action: Action::RowDown,
        hint: "",
        help: "select the component row below",
    },
    Binding {
        context: Bd,
        keys: &[ctrl('z')],
        action: Action::Undo,
        hint: "",
        help: "undo the last change of the input (an edited component is one)",
    },
    Binding {
        context: Bd,
        keys: &[alt_k(Char('z'))],
        action: Action::Redo,
        hint: "",
        help: "redo it",
    },
    Binding {
        context: Bd,
        keys: &[k(Enter)],
        action: Action::EditRow,
        hint: "edit",
        help: "edit the selected component: the value is encoded for it and the URI recomposed",
    },
    // The Query pane's table (also Enter on the Breakdown's query row).
    Binding {
        context: Qp,
        keys: &[k(Up), k(Char('k'))],
        action: Action::ListUp,
        hint: "",
        help: "select the pair above",
    },
    Binding {
        context: Qp,
        keys: &[k(Down), k(Char('j'))],
        action: Action::ListDown,
        hint: "",
        help: "select the pair below",
    },
    Binding {
        context: Qp,
        keys: &[k(Enter)],
        action: Action::ListPick,
        hint: "edit",
        help: "edit the selected pair in a field (a new one when there is none)",
    },
    Binding {
        context: Qp,
        keys: &[ctrl('z')],
        action: Action::Undo,
        hint: "",
        help: "undo the last change of the input (each change of the pairs is one)",
    },
    Binding {
        context: Qp,
        keys: &[alt_k(Char('z'))],
        action: Action::Redo,
        hint: "",
        help: "redo it",
    },
    Binding {
        context: Qp,
        keys: &[k(Char('a')), k(Insert)],
        action: Action::PairAdd,
        hint: "add",
        help: "append a pair (typed key=value, both sides encoded)",
    },
    Binding {
        context: Qp,
        keys: &[k(Char('d')), k(Delete)],
        action: Action::PairDelete,
        hint: "delete",
        help: "delete the selected pair",
    },
    Binding {
        context: Qp,
        keys: &[k(Char('K')), alt_k(Up)],
        action: Action::PairMoveUp,
        hint: "",
        help: "move the selected pair up",
    },
    Binding {
        context: Qp,
        keys: &[k(Char('J')), alt_k(Down)],
        action: Action::PairMoveDown,
        hint: "",
        help: "move the selected pair down",
    },
    Binding {
        context: Qp,
        keys: &[k(Char('s'))],
        action: Action::PairSort,
        hint: "sort",
        help: "sort the pairs (case-insensitive, as --sort-query)",
    },
    Binding {
        context: Qp,
        keys: &[k(Char('+'))],
        action: Action::PairTogglePlus,
        hint: "+/%20",
        help: "write the selected pair's spaces as + (forms) or %20 (RFC 3986)",
    },
    Binding {
        context: Qp,
        keys: &[k(Char('e'))],
        action: Action::PairEditAll,
        hint: "all",
        help: "edit the whole query as text",
    },
    // Result views. No text field has focus there, so a few bare keys
    // are commands, as in a pager.
    Binding {
        context: View,
        keys: &[k(Char('q'))],
        action: Action::QuitAsking,
        hint: "",
        help: "quit (a typed input not kept with Enter: press it twice)",
    },
    Binding {
        context: View,
        keys: &[k(Char('?'))],
        action: Action::Help,
        hint: "",
        help: "this help",
    },
    Binding {
        context: View,
        keys: &[k(Char('/'))],
        action: Action::FocusInput,
        hint: "",
        help: "back to the input line",
    },
    Binding {
        context: View,
        keys: &[k(Up), k(Char('k'))],
        action: Action::ScrollUp,
        hint: "scroll",
        help: "scroll up",
    },
    Binding {
        context: View,
        keys: &[k(Down), k(Char('j'))],
        action: Action::ScrollDown,
        hint: "",
        help: "scroll down",
    },
    Binding {
        context: View,
        keys: &[k(Home), k(Char('g'))],
        action: Action::Top,
        hint: "",
        help: "the first line",
    },
    Binding {
        context: View,
        keys: &[k(End), k(Char('G'))],
        action: Action::Bottom,
        hint: "",
        help: "the last line",
    },
    Binding {
        context: View,
        keys: &[k(Left), k(Char('h'))],
        action: Action::ScrollLeft,
        hint: "",
        help: "scroll left (long URIs)",
    },
    Binding {
        context: View,
        keys: &[k(Right), k(Char('l'))],
        action: Action::ScrollRight,
        hint: "",
        help: "scroll right (long URIs)",
    },
    // The Resolve pane (Ctrl and Alt keys only: a text field has focus).
    Binding {
        context: Rs,
        keys: &[ctrl('n'), alt_k(Down)],
        action: Action::StepNext,
        hint: "step",
        help: "step forward one row of the table",
    },
    Binding {
        context: Rs,
        keys: &[ctrl('p'), alt_k(Up)],
        action: Action::StepPrev,
        hint: "back",
        help: "step back one row of the table",
    },
    Binding {
        context: Rs,
        keys: &[ctrl('r'), k(F(5))],
        action: Action::ToggleRfc2396,
        hint: "2396",
        help: "RFC 2396 §5.2 steps (6a-6h) / RFC 3986 steps",
    },
    Binding {
        context: Rs,
        keys: &[ctrl('t'), k(F(6))],
        action: Action::ToggleCompat,
        hint: "compat",
        help: "strict / compat (§5.4.2: http:g ignores the scheme)",
    },
    // The Encode pane.
    Binding {
        context: En,
        keys: &[ctrl('n'), alt_k(Down)],
        action: Action::NextEncodeSet,
        hint: "set",
        help: "next encode set",
    },
    Binding {
        context: En,
        keys: &[ctrl('p'), alt_k(Up)],
        action: Action::PrevEncodeSet,
        hint: "",
        help: "previous encode set",
    },
    // Lists and overlays without a text field (before the overlay keys).
    Binding {
        context: List,
        keys: &[k(Home), k(Char('g'))],
        action: Action::Top,
        hint: "",
        help: "the first entry or line",
    },
    Binding {
        context: List,
        keys: &[k(End), k(Char('G'))],
        action: Action::Bottom,
        hint: "",
        help: "the last entry or line",
    },
    // Overlays (they take keys before Anywhere: see `contexts`).
    Binding {
        context: Ov,
        keys: &[k(Esc)],
        action: Action::Close,
        hint: "close",
        help: "close the overlay",
    },
    Binding {
        context: Ov,
        keys: &[k(Up), ctrl('p')],
        action: Action::ListUp,
        hint: "",
        help: "previous entry / scroll up",
    },
    Binding {
        context: Ov,
        keys: &[k(Down), ctrl('n')],
        action: Action::ListDown,
        hint: "",
        help: "next entry / scroll down",
    },
    Binding {
        context: Ov,
        keys: &[k(PageUp)],
        action: Action::PageUp,
        hint: "",
        help: "a page up (the height less one line)",
    },
    Binding {
        context: Ov,
        keys: &[k(PageDown)],
        action: Action::PageDown,
        hint: "",
        help: "a page down (the height less one line)",
    },
    Binding {
        context: Ov,
        keys: &[k(Enter)],
        action: Action::ListPick,
        hint: "choose",
        help: "take the selected entry",
    },
];

/// The contexts active in `app`'s state, most specific first.
pub fn contexts(app: &App) -> &'static [Context] {
    if app.overlay_takes_text() {
        // The edit field: Enter and Esc are the overlay's, the rest edits.
        &[Context::Overlay, Context::Text, Context::Global]
    } else if app.overlay.is_some() {
        &[Context::List, Context::Overlay, Context::Global]
    } else if let Some(own) = app.pane.component().contexts(app) {
        own
    } else if app.text_focused() {
        &[Context::Text, Context::Global]
    } else {
        &[Context::View, Context::Global]
    }
}

/// What the key event means in `app`'s state: a row of [`KEYS`], or a
/// typed character when a text field has focus. Only key *presses* count:
/// release and repeat reports (kitty protocol) do nothing.
pub fn action_for(app: &App, ev: &KeyEvent) -> Option<Action> {
    if ev.kind != KeyEventKind::Press {
        return None;
    }
    let ctxs = contexts(app);
    for ctx in ctxs {
        for b in KEYS.iter().filter(|b| b.context == *ctx) {
            if b.keys.iter().any(|key| key.matches(ev)) {
                return Some(b.action.clone());
            }
        }
    }
    if let KeyCode::Char(c) = ev.code {
        let command = ev
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        let field = app.overlay.is_none() || app.overlay_takes_text();
        if !command && field && app.text_focused() {
            return Some(Action::Insert(c));
        }
        // A result view: the key is no command of it, so it is text meant
        // for the input line (typing after a look at the Breakdown).
        if !command && app.overlay.is_none() && !app.text_focused() && !c.is_control() {
            return Some(Action::TypeIntoInput(c));
        }
    }
    None
}

/// An Alt key that means nothing in `app`'s state, read as what it most
/// likely was: Esc pressed just before the plain key.
///
/// A terminal sends Alt-x as `ESC x`, the very bytes of Esc followed
/// quickly by `x`; crossterm reads both as Alt-x. When no row of [`KEYS`]
/// takes the Alt key here, the caller applies Esc and then the key this
/// returns, so a fast Esc-then-type neither loses the Esc (an overlay
/// stays open) nor the key (the character goes missing). Bound Alt keys
/// (Alt-B, Alt-↓, …) keep their meaning.
///
/// ```
/// use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
/// use uriscope::explorer::app::{keymap::unbound_alt, App};
/// let app = App::new("http://h/", None);
/// let alt_x = KeyEvent::new(KeyCode::Char('x'), KeyModifiers::ALT);
/// assert_eq!(unbound_alt(&app, &alt_x), Some(KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE)));
/// let alt_b = KeyEvent::new(KeyCode::Char('b'), KeyModifiers::ALT);
/// assert_eq!(unbound_alt(&app, &alt_b), None);
/// ```
pub fn unbound_alt(app: &App, ev: &KeyEvent) -> Option<KeyEvent> {
    if ev.kind != KeyEventKind::Press
        || !ev.modifiers.contains(KeyModifiers::ALT)
        || ev.modifiers.contains(KeyModifiers::CONTROL)
    {
        return None;
    }
    let bound = contexts(app).iter().any(|ctx| {
        KEYS.iter()
            .filter(|b| b.context == *ctx)
            .any(|b| b.keys.iter().any(|key| key.matches(ev)))
    });
    if bound {
        return None;
    }
    let mut plain = *ev;
    plain.modifiers.remove(KeyModifiers::ALT);
    Some(plain)
}

/// The name of the first key bound to `action` in the table (`Ctrl-R`),
/// for labels that name a key: taken from the table, a renamed key can
/// never be shown wrongly.
///
/// ```
/// use uriscope::explorer::app::{keymap::key_name, Action};
/// assert_eq!(key_name(&Action::ToggleRfc2396).as_deref(), Some("Ctrl-R"));
/// ```
pub fn key_name(action: &Action) -> Option<String> {
    KEYS.iter()
        .find(|b| &b.action == action)
        .and_then(|b| b.keys.first())
        .map(Key::name)
}

/// [`key_name`] of `action`, or nothing when no key is bound to it: for
/// labels written with `format!`.
pub fn key(action: Action) -> String {
    key_name(&action).unwrap_or_default()
}

/// Every key of the first row bound to `action`, joined with ` / `
/// (`Ctrl-N / Alt-↓`).
///
/// ```
/// use uriscope::explorer::app::{keymap::keys, Action};
/// assert_eq!(keys(Action::StepNext), "Ctrl-N / Alt-↓");
/// ```
pub fn keys(action: Action) -> String {
    KEYS.iter()
        .find(|b| b.action == action)
        .map(|b| b.keys.iter().map(Key::name).collect::<Vec<_>>().join(" / "))
        .unwrap_or_default()
}

/// The hint bar for `app`'s state: `(key name, hint)` pairs.
pub fn hints(app: &App) -> Vec<(String, &'static str)> {
    let ctxs: &[Context] = match contexts(app) {
        [Context::Overlay | Context::List, ..] => &[Context::Overlay],
        [Context::Text, ..] => &[Context::Global, Context::Text],
        [Context::View, ..] | [Context::Global, ..] => &[Context::Global, Context::View],
        // A pane's own context: the pane says which rows its bar shows.
        _ => app.pane.component().hint_contexts(),
    };
    ctxs.iter()
        .flat_map(|ctx| KEYS.iter().filter(move |b| b.context == *ctx))
        .filter_map(|b| Some((b.keys[0].name(), hint_now(app, b)?)))
        .collect()
}

/// A row's hint as it applies in `app`'s state: what the key does now
/// (`Ctrl-R 3986` once the RFC 2396 steps are shown), none where the key
/// does not apply (strict/compat on the RFC 2396 steps) or has no hint.
fn hint_now(app: &App, b: &Binding) -> Option<&'static str> {
    if let Some(h) = app.pane.component().hint(app, &b.action) {
        return (!h.is_empty()).then_some(h);
    }
    let hint = match b.action {
        // In the RFC overlay Enter shows the next passage cited, or
        // nothing when there is one.
        Action::ListPick => match &app.overlay {
            Some(crate::explorer::app::Overlay::Rfc { citation, .. })
                if citation.cites.len() > 1 =>
            {
                "next"
            }
            Some(crate::explorer::app::Overlay::Rfc { .. }) => "",
            _ => b.hint,
        },
        _ => b.hint,
    };
    (!hint.is_empty()).then_some(hint)
}

/// The help overlay: per context, `(keys, description)` rows.
pub fn help_rows() -> Vec<(Context, String, &'static str)> {
    KEYS.iter()
        .map(|b| {
            let keys: Vec<String> = b.keys.iter().map(Key::name).collect();
            (b.context, keys.join(" "), b.help)
        })
        .collect()
}
