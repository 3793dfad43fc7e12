//! Editing the input one component at a time from the Breakdown: the
//! component rows ↑/↓ select, the field Enter opens with the component's
//! rules, and what Enter in that field does (the value encoded for its
//! component, the URI recomposed and parsed again, the input line
//! replaced in one undo step, or the diagnostic). Built on
//! [`uri::edit`](crate::uri::edit); drawn by `ui::overlay`.

use std::borrow::Cow;

use super::{follow, App, Editor, Focus, Overlay, StatusKind};
use crate::uri::edit::field::{self, FieldRules};
use crate::uri::edit::{query, Component, Editable};
use crate::uri::percent::encode_set::{self, EncodeSet};
use crate::uri::ParseOptions;

/// The rows of the Breakdown that can be edited, in table order.
pub const TARGETS: [Target; 7] = [
    Target::Scheme,
    Target::Userinfo,
    Target::Host,
    Target::Port,
    Target::Path,
    Target::Query,
    Target::Fragment,
];

/// A component row of the Breakdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// `scheme` (§3.1).
    Scheme,
    /// `userinfo` (§3.2.1): the user, and the password after a `:`.
    Userinfo,
    /// `host` (§3.2.2).
    Host,
    /// `port` (§3.2.3).
    Port,
    /// `path` (§3.3).
    Path,
    /// `query` (§3.4).
    Query,
    /// `fragment` (§3.5).
    Fragment,
    /// One pair of the query (index among its `&`-separated pairs).
    Pair(usize),
    /// A pair to append to the query.
    NewPair,
}

impl Target {
    /// The row's name in the Breakdown's table.
    pub fn name(self) -> &'static str {
        match self {
            Target::Scheme => "scheme",
            Target::Userinfo => "userinfo",
            Target::Host => "host",
            Target::Port => "port",
            Target::Path => "path",
            Target::Query => "query",
            Target::Fragment => "fragment",
            Target::Pair(_) => "query pair",
            Target::NewPair => "new query pair",
        }
    }

    /// The component's ABNF and its section (RFC 3986).
    pub fn rule(self) -> (&'static str, &'static str) {
        match self {
            Target::Scheme => (
                "scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" )",
                "RFC 3986 §3.1",
            ),
            Target::Userinfo => (encode_set::USERINFO.abnf, encode_set::USERINFO.section),
            Target::Host => (
                "host = IP-literal / IPv4address / reg-name",
                "RFC 3986 §3.2.2",
            ),
            Target::Port => ("port = *DIGIT", "RFC 3986 §3.2.3"),
            Target::Path => (encode_set::PATH.abnf, encode_set::PATH.section),
            Target::Query => (encode_set::QUERY.abnf, encode_set::QUERY.section),
            Target::Fragment => (encode_set::FRAGMENT.abnf, encode_set::FRAGMENT.section),
            Target::Pair(_) | Target::NewPair => (
                "key \"=\" value, pairs joined by \"&\" (HTML forms; §3.4 gives the query no structure)",
                "RFC 3986 §3.4",
            ),
        }
    }

    /// The set a typed value is encoded with; `None` when the value must
    /// be written as is (scheme, port).
    pub fn encode_set(self) -> Option<&'static EncodeSet> {
        match self {
            Target::Scheme | Target::Port => None,
            Target::Userinfo => Some(&encode_set::USERINFO),
            Target::Host => Some(&encode_set::REG_NAME),
            Target::Path => Some(&encode_set::PATH),
            Target::Query => Some(&encode_set::QUERY),
            Target::Fragment => Some(&encode_set::FRAGMENT),
            Target::Pair(_) | Target::NewPair => Some(&encode_set::QUERY_PARAM),
        }
    }
}

/// The open edit field.
#[derive(Clone, Debug)]
pub struct EditField {
    /// What it edits.
    pub target: Target,
    /// The value as the user reads and types it: decoded, but for the
    /// escapes that carry meaning in the component.
    pub field: Editor,
}

impl PartialEq for EditField {
    fn eq(&self, other: &EditField) -> bool {
        self.target == other.target && self.field.text() == other.field.text()
    }
}

impl Eq for EditField {}

/// The input taken apart, or why it cannot be.
fn editable(app: &App) -> Result<Editable, String> {
    Editable::parse_with(app.input.text(), ParseOptions::new().iri(true))
        .map_err(|e| format!("the input does not parse ({e}): correct it on the input line first"))
}

/// The rules `t`'s field shows its value and encodes typed text with;
/// `None` for a value written as typed (scheme, port).
fn rules(t: Target) -> Option<&'static FieldRules> {
    match t {
        Target::Scheme | Target::Port => None,
        Target::Userinfo => Some(&field::USERINFO),
        Target::Host => Some(&field::HOST),
        Target::Path => Some(&field::PATH),
        Target::Query => Some(&field::QUERY),
        Target::Fragment => Some(&field::FRAGMENT),
        Target::Pair(_) | Target::NewPair => Some(&field::PAIR),
    }
}

/// The value of `t` in `u` as the URI writes it (empty when undefined).
fn raw(u: &Editable, t: Target) -> Cow<'_, str> {
    let get = |c: Component| u.get(c).unwrap_or_default();
    match t {
        Target::Scheme => get(Component::Scheme),
        Target::Userinfo => match (&u.user, &u.password) {
            (Some(user), Some(pw)) => Cow::Owned(format!("{user}:{pw}")),
            (user, _) => Cow::Borrowed(user.as_deref().unwrap_or_default()),
        },
        Target::Host => get(Component::Host),
        Target::Port => get(Component::Port),
        Target::Path => get(Component::Path),
        Target::Query => get(Component::Query),
        Target::Fragment => get(Component::Fragment),
        Target::Pair(i) => Cow::Borrowed(
            u.query
                .as_deref()
                .and_then(|q| query::pairs(q, '&').nth(i))
                .unwrap_or_default(),
        ),
        Target::NewPair => Cow::Borrowed(""),
    }
}

/// The value of `t` in `u` as its field shows it: decoded, but for the
/// escapes that carry meaning there ([`field::shown`]).
fn value(u: &Editable, t: Target) -> String {
    let raw = raw(u, t);
    match rules(t) {
        Some(r) => field::shown(&raw, r).into_owned(),
        None => raw.into_owned(),
    }
}

/// `u` with `t`'s field text set to `text`, recomposed and checked. Only
/// what changed from the value the field opened with is encoded
/// ([`field::written`]): a field left as it opened gives the input back
/// byte for byte. An emptied field clears the component (deletes the
/// pair); a host typed with non-ASCII letters in place of an ASCII one
/// is written in IDNA (punycode), as RFC 3986 §3.2.2 advises.
pub fn applied(u: &Editable, t: Target, text: &str) -> Result<String, String> {
    let mut u = u.clone();
    let was = raw(&u, t).into_owned();
    let old = value(&u, t);
    let changed = text != old;
    let emptied = changed && text.is_empty();
    let new = match rules(t) {
        // An IP literal's brackets and colons are typed as they are written.
        Some(_) if t == Target::Host && text.starts_with('[') => text.to_string(),
        Some(r) => field::written(&was, &old, text, r),
        None => text.to_string(),
    };
    let opt = |v: String| (!emptied).then_some(v);
    let r = match t {
        _ if !changed => Ok(()),
        Target::Scheme => u.set(Component::Scheme, text),
        Target::Port => u.set(Component::Port, text),
        Target::Userinfo => {
            // The user ends at the first ':', the password follows.
            let (user, pw) = match new.split_once(':') {
                Some((a, b)) => (a.to_string(), Some(b.to_string())),
                None => (new.clone(), None),
            };
            u.password = pw.filter(|_| !emptied);
            u.user = opt(user);
            Ok(())
        }
        Target::Host if !text.is_ascii() && was.is_ascii() => u.set(Component::Host, text),
        Target::Host => {
            u.host = opt(new);
            Ok(())
        }
        Target::Path => {
            u.path = new;
            Ok(())
        }
        Target::Query => {
            u.query = opt(new);
            Ok(())
        }
        Target::Fragment => {
            u.fragment = opt(new);
            Ok(())
        }
        Target::Pair(i) => {
            // The pair replaced by its new text; an emptied one deleted.
            let mut list: Vec<&str> = u
                .query
                .as_deref()
                .map(|q| query::pairs(q, '&').collect())
                .unwrap_or_default();
            if i < list.len() {
                if emptied {
                    list.remove(i);
                } else {
                    list[i] = &new;
                }
            }
            let q = (!list.is_empty()).then(|| list.join("&"));
            u.query = q;
            Ok(())
        }
        Target::NewPair => {
            u.query = Some(match u.query.take() {
                Some(q) if !q.is_empty() => format!("{q}&{new}"),
                _ => new,
            });
            Ok(())
        }
    };
    r.map_err(|e| e.to_string())?;
    u.to_uri().map_err(|e| e.to_string())
}

/// What Enter in the open field would make of the input.
pub fn preview(app: &App, e: &EditField) -> Result<String, String> {
    applied(&editable(app)?, e.target, e.field.text())
}

/// The component row the Breakdown has selected.
pub fn selected(app: &App) -> Target {
    TARGETS[app.breakdown.row % TARGETS.len()]
}

/// Open the field for `t`, or say why not.
pub fn open_field(app: &mut App, t: Target) {
    match editable(app) {
        Ok(u) => {
            app.overlay = Some(Overlay::Edit(EditField {
                target: t,
                field: Editor::new(&value(&u, t)),
            }));
        }
        Err(e) => app.say(StatusKind::Error, e),
    }
}

/// Enter in the field: the input line gets the recomposed URI (one undo
/// step) and the field closes; a value that cannot be placed keeps the
/// field open with the diagnostic on the status line.
pub fn apply(app: &mut App) {
    let Some(Overlay::Edit(e)) = &app.overlay else {
        return;
    };
    let target = e.target;
    match preview(app, e) {
        Ok(new) => {
            app.overlay = None;
            let len = app.input.text().len();
            if app.input.replace_range(0, len, &new) {
                follow::edited(app, Focus::Input);
            }
            let undo = super::keymap::key(super::Action::Undo);
            app.say(
                StatusKind::Info,
                format!("{} set ({}); {undo} undoes", target.name(), target.rule().1),
            );
        }
        Err(msg) => app.say(StatusKind::Error, format!("{}: {msg}", target.name())),
    }
}

/// Move the row selection.
pub fn select(app: &mut App, down: bool) {
    let n = TARGETS.len();
    let at = app.breakdown.row % n;
    app.breakdown.row = if down {
        (at + 1).min(n - 1)
    } else {
        at.saturating_sub(1)
    };
    app.breakdown.follow = true;
    let t = TARGETS[app.breakdown.row];
    let key = super::keymap::key(super::Action::EditRow);
    app.say(StatusKind::Info, format!("{}: {key} edits it", t.name()));
}
