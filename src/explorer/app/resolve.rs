//! The Resolve pane's model: the input resolved against the base field by
//! RFC 3986 §5.2 (traced by [`uri::resolve`](fn@uri::resolve)) and, on a toggle, by the
//! RFC 2396 §5.2 algorithm (steps 1-7, 6a-6h); which row of the stepped
//! table is reached; what the pane offers to copy. Drawn by `ui::resolve`.

use super::citation::Citation;
use super::component::Component;
use super::keymap::Context;
use super::{Action, App, CopyEntry, Editor, StatusKind, ViewScroll, DEFAULT_BASE};
use crate::report::markdown::{write_resolve, Trace};
use std::rc::Rc;

use super::background::Traced;
use crate::uri::trace::Resolution;
use crate::uri::{self, relative::Mode, rfc2396, ResolveError, ResolveOptions};

/// The Resolve pane's own state: its base field, step and toggles.
#[derive(Clone, Debug)]
pub struct ResolveView {
    /// The base URI the input is resolved against (RFC 3986 §5.1); the
    /// other panes show it too.
    pub base: Editor,
    /// How many rows of the stepped table are shown; values past the
    /// table's end mean "all of it" (the state after an edit).
    pub step: usize,
    /// Show the RFC 2396 §5.2 steps (6a-6h) instead of the RFC 3986
    /// remove_dot_segments table.
    pub rfc2396: bool,
    /// RFC 3986 §5.2.2 "non-strict" (compat, §5.4.2): a reference scheme
    /// equal to the base's is ignored (`http:g`).
    pub compat: bool,
    /// Scroll of the view.
    pub scroll: ViewScroll,
}

impl Default for ResolveView {
    fn default() -> ResolveView {
        ResolveView {
            base: Editor::new(DEFAULT_BASE),
            step: usize::MAX,
            rfc2396: false,
            compat: false,
            scroll: ViewScroll::default(),
        }
    }
}

/// The §5.2.2 options the pane's toggles select.
pub fn options(app: &App) -> ResolveOptions {
    let mode = if app.resolve.compat {
        Mode::Compat
    } else {
        Mode::Strict
    };
    // The explorer reads its input as an IRI-reference (RFC 3987), as
    // the Breakdown does; §6.5 resolves IRIs with the §5.2 algorithm.
    ResolveOptions::new().mode(mode).iri(true)
}

/// The input resolved against the base by RFC 3986 §5.2, traced.
pub fn resolution(app: &App) -> Result<Resolution, ResolveError> {
    uri::trace::resolve(app.resolve.base.text(), app.input.text(), options(app))
}

/// [`resolution`] kept until a text or toggle changes; from
/// [`FROM_BYTES`](super::background::FROM_BYTES) of input on, computed
/// on a thread of its own ([`super::background::Resolutions`]), `None`
/// until it is done.
pub fn kept_resolution(app: &App) -> Option<Rc<Traced>> {
    let input = app.input.text();
    if input.len() >= super::background::FROM_BYTES {
        let key = (
            app.input.revision(),
            app.base_revision(),
            app.resolve.compat,
        );
        let revision = app.input.revision();
        return app.resolutions.get(
            key,
            app.resolve.base.text(),
            || app.snapshot.of(revision, input),
            options(app),
        );
    }
    struct Kept(Rc<Traced>);
    Some(Rc::clone(
        &super::memo::kept(app, || Kept(Rc::new(resolution(app)))).0,
    ))
}

/// The input resolved against the base by RFC 2396 §5.2 (step 6g keeps
/// `..` above the root, as its Appendix C does).
pub fn resolution_2396(app: &App) -> Result<rfc2396::Resolution, rfc2396::ResolveError> {
    rfc2396::resolve(
        app.resolve.base.text(),
        app.input.text(),
        rfc2396::Options::default(),
    )
}

/// How many rows the stepped table has: the remove_dot_segments
/// iterations (RFC 3986), or the RFC 2396 steps when that toggle is on.
pub fn table_len(app: &App) -> usize {
    if app.resolve.rfc2396 {
        // Counted, not written: see `rfc2396::trace_len`.
        rfc2396::trace_len(
            app.resolve.base.text(),
            app.input.text(),
            rfc2396::Options::default(),
        )
    } else {
        resolution(app)
            .ok()
            .and_then(|r| r.dot_segments().map(|t| t.steps.len()))
            .unwrap_or(0)
    }
}

/// How many rows of a table of `len` rows are shown.
pub fn shown(view: &ResolveView, len: usize) -> usize {
    view.step.min(len)
}

/// Step one row forward or back in a table of `len` rows (the caller
/// has it kept, [`kept_table_len`]); clamps at no row and at every row.
pub fn step(app: &mut App, forward: bool, len: usize) {
    let at = shown(&app.resolve, len);
    app.resolve.step = if forward {
        (at + 1).min(len)
    } else {
        at.saturating_sub(1)
    };
}

/// After the base, the input or a toggle changed: show the whole table again.
pub fn reset(app: &mut App) {
    app.resolve.step = usize::MAX;
    app.resolve.scroll = ViewScroll::default();
}

/// The resolved targets, by RFC 3986 and by RFC 2396 (the first is the
/// pane's main result, Ctrl-Y): the untraced
/// resolutions, equal to the traced ones' targets (the `resolve` fuzz
/// target checks it); inputs that do not parse are skipped before an error
/// with every finding is built.
pub fn copy_entries(app: &App) -> Vec<CopyEntry> {
    let (base, input) = (app.resolve.base.text(), app.input.text());
    let mut out = Vec::new();
    if let (Ok(b), Ok(r)) = (uri::parse(base), uri::parse(input)) {
        if let Ok(text) = uri::relative::resolve_ref(&b, &r, options(app)) {
            out.push(CopyEntry {
                label: "resolved (RFC 3986)".into(),
                text,
            });
        }
    }
    if let Ok(text) = rfc2396::resolve_target(base, input, rfc2396::Options::default()) {
        out.push(CopyEntry {
            label: "resolved (RFC 2396)".into(),
            text,
        });
    }
    out
}

/// [`table_len`] kept until a text or toggle changes (every step key
/// asks for it).
pub fn kept_table_len(app: &App) -> usize {
    /// The memo keeps one result per type.
    struct TableLen(usize);
    super::memo::kept(app, || TableLen(table_len(app))).0
}

/// What F8 opens in the pane: the remove_dot_segments rule (2A-2E) of the
/// current row, else the §5.2.2 branch taken; the RFC 2396 step in that view.
fn citation(app: &App) -> Citation {
    if app.resolve.rfc2396 {
        let step = resolution_2396(app)
            .map(|r| r.steps)
            .unwrap_or_else(|e| e.steps);
        let at = shown(&app.resolve, step.len());
        let (about, find) = match step.get(at.saturating_sub(1)) {
            Some(s) if at > 0 => {
                // Steps "1"…"7" are written `1)`, sub-steps "6a"… `a)`.
                let mark = s.rule.trim_start_matches('6');
                let mark = if mark.is_empty() { s.rule } else { mark };
                let mark = if s.rule.len() == 1 { s.rule } else { mark };
                (
                    format!("RFC 2396 §5.2 step {}", s.rule),
                    Some(format!("{mark}) ")),
                )
            }
            _ => ("RFC 2396 §5.2".to_string(), None),
        };
        let mut c = Citation::new(about).cite("RFC 2396 §5.2, Appendix C");
        c.find = find;
        return c;
    }
    let Ok(r) = resolution(app) else {
        return Citation::new("reference resolution").cite("RFC 3986 §5.2.1, §5.2");
    };
    if let Some(t) = r.dot_segments() {
        let at = shown(&app.resolve, t.steps.len());
        if at > 0 && at < t.steps.len() {
            let rule = t.steps[at - 1].rule;
            let mut c = Citation::new(format!("remove_dot_segments rule 2{}", rule.letter()))
                .cite("RFC 3986 §5.2.4");
            c.find = Some(format!("{}.  ", rule.letter()));
            return c;
        }
    }
    let mut c = Citation::new(format!("the §5.2.2 branch {}", r.branch.name()))
        .cite("RFC 3986 §5.2.2, §5.2.3, §5.2.4");
    c.find = Some(match r.branch {
        crate::uri::trace::Branch::Merge => "T.path = merge(Base.path, R.path);".to_string(),
        b => b.condition().to_string(),
    });
    c
}

/// Flip one of the view's toggles (`flag`), start its steps again, and
/// say what is shown now (`on` or `off`).
fn toggle(app: &mut App, flag: fn(&mut ResolveView) -> &mut bool, on: &str, off: &str) {
    let f = flag(&mut app.resolve);
    *f = !*f;
    let now = *f;
    reset(app);
    app.say(StatusKind::Info, if now { on } else { off });
}

/// The Resolve pane as the shared code sees it.
pub struct ResolvePane;

impl Component for ResolvePane {
    fn title(&self) -> &'static str {
        "Resolve"
    }

    fn field<'a>(&self, app: &'a App) -> Option<&'a Editor> {
        Some(&app.resolve.base)
    }

    fn field_mut<'a>(&self, app: &'a mut App) -> Option<&'a mut Editor> {
        Some(&mut app.resolve.base)
    }

    fn scroll_mut<'a>(&self, app: &'a mut App) -> &'a mut ViewScroll {
        &mut app.resolve.scroll
    }

    fn toggles(&self, app: &App) -> u64 {
        u64::from(app.resolve.rfc2396) | u64::from(app.resolve.compat) << 1
    }

    fn field_has_passwords(&self) -> bool {
        true
    }

    fn input_edited(&self, app: &mut App) {
        reset(app);
    }

    fn field_edited(&self, app: &mut App) {
        reset(app);
    }

    /// An example comes with its base.
    fn example_loaded(&self, app: &mut App, e: &super::examples::Example, _focused: bool) -> bool {
        app.resolve.base.set_text(e.base);
        reset(app);
        false
    }

    fn contexts(&self, app: &App) -> Option<&'static [Context]> {
        // Its keys work from the input line and the base field too, and
        // from its view, which scrolls as a pager.
        Some(if app.text_focused() {
            &[Context::Resolve, Context::Text, Context::Global]
        } else {
            &[Context::Resolve, Context::View, Context::Global]
        })
    }

    fn hint_contexts(&self) -> &'static [Context] {
        &[Context::Resolve, Context::Global, Context::Text]
    }

    fn hint(&self, app: &App, action: &Action) -> Option<&'static str> {
        match action {
            Action::ToggleRfc2396 if app.resolve.rfc2396 => Some("3986"),
            Action::ToggleCompat if app.resolve.rfc2396 => Some(""),
            // The hint says what the key does next: back to strict.
            Action::ToggleCompat if app.resolve.compat => Some("strict"),
            _ => None,
        }
    }

    fn handle(&self, app: &mut App, action: &Action, is_shown: bool) -> bool {
        match action {
            Action::StepNext | Action::StepPrev => {
                let len = kept_table_len(app);
                step(app, *action == Action::StepNext, len);
                let at = shown(&app.resolve, len);
                app.say(StatusKind::Info, format!("row {at} of {len}"));
            }
            Action::ToggleRfc2396 => toggle(
                app,
                |v| &mut v.rfc2396,
                "RFC 2396 §5.2 steps (6a-6h) shown",
                "RFC 3986 §5.2 steps shown",
            ),
            Action::ToggleCompat if app.resolve.rfc2396 => {
                // The RFC 2396 steps follow its step 3 as written (a scheme
                // makes the reference absolute): nothing to toggle there.
                let key = super::keymap::key_name(&Action::ToggleRfc2396).unwrap_or_default();
                app.say(
                    StatusKind::Info,
                    format!("strict/compat applies to the RFC 3986 steps ({key} 3986 shows them)"),
                );
            }
            Action::ToggleCompat => toggle(
                app,
                |v| &mut v.compat,
                "compat: a reference scheme equal to the base's is ignored (RFC 3986 §5.4.2)",
                "strict: a reference with a scheme is absolute (RFC 3986 §5.2.2)",
            ),
            Action::Top | Action::Bottom if is_shown => {
                // The stepped table: its first step, or all of them; the
                // view then scrolls as any does.
                let len = kept_table_len(app);
                app.resolve.step = if *action == Action::Top { 0 } else { len };
                app.say(
                    StatusKind::Info,
                    format!("row {} of {len}", shown(&app.resolve, len)),
                );
                return false;
            }
            _ => return false,
        }
        true
    }

    fn citation(&self, app: &App) -> Citation {
        citation(app)
    }

    fn report_heading(&self, app: &App) -> String {
        crate::report::markdown::resolve_heading(app.resolve.base.text(), app.input.text())
    }

    fn report_quotes<'a>(&self, app: &'a App) -> Vec<&'a str> {
        vec![app.input.text(), app.resolve.base.text()]
    }

    /// The resolution traced, by the RFC whose steps are shown.
    fn report(&self, app: &App) -> String {
        let mut out = Vec::new();
        let (base, input) = (app.resolve.base.text(), app.input.text());
        // Writing into a Vec cannot fail.
        let _ = if app.resolve.rfc2396 {
            match resolution_2396(app) {
                Ok(r) => write_resolve(&mut out, base, input, Ok((&r.target, Trace::Rfc2396(&r)))),
                Err(e) => write_resolve(&mut out, base, input, Err(&e.to_string())),
            }
        } else {
            match resolution(app) {
                Ok(r) => write_resolve(&mut out, base, input, Ok((&r.target, Trace::Rfc3986(&r)))),
                Err(e) => write_resolve(&mut out, base, input, Err(&e.message)),
            }
        };
        String::from_utf8_lossy(&out).into_owned()
    }

    fn copy_entries(&self, app: &App) -> Vec<CopyEntry> {
        copy_entries(app)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{memo, App, Pane};
    use super::*;

    #[test]
    fn a_changed_text_or_toggle_drops_the_kept_results() {
        let mut app = App::new("../g", None);
        let before = memo::pane_entries(&app, Pane::Resolve);
        assert_eq!(memo::pane_entries(&app, Pane::Resolve), before);
        app.resolve.base.set_text("http://x/y/z");
        let after = memo::pane_entries(&app, Pane::Resolve);
        assert_ne!(after, before);
        assert_eq!(after, copy_entries(&app));
        app.input.set_text("g");
        let len = kept_table_len(&app);
        app.resolve.rfc2396 = !app.resolve.rfc2396;
        assert_eq!(kept_table_len(&app), table_len(&app));
        assert_ne!(kept_table_len(&app), len);
    }
}
