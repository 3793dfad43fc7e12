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

pub use super::binding::{Binding, Context, Key};
pub use super::key_table::KEYS;

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
        // A pane's own keys from its view (not a text field): its rows,
        // then the view's (scroll, Enter whole), then the global ones.
        [Context::Resolve, Context::View, ..] => {
            &[Context::Resolve, Context::View, Context::Global]
        }
        [Context::Encode, Context::View, ..] => &[Context::Encode, Context::View, Context::Global],
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
