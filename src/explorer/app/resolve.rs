//! The Resolve pane's model: the input resolved against the base field by
//! RFC 3986 §5.2 (traced by [`uri::resolve`](fn@uri::resolve)) and, on a toggle, by the
//! RFC 2396 §5.2 algorithm (steps 1-7, 6a-6h); which row of the stepped
//! table is reached; what the pane offers to copy. Drawn by `ui::resolve`.

use super::{App, CopyEntry, Editor, ViewScroll, DEFAULT_BASE};
use crate::uri::trace::Resolution;
use crate::uri::{self, rfc2396, Mode, ResolveError, ResolveOptions};

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
    ResolveOptions {
        mode: if app.resolve.compat {
            Mode::Compat
        } else {
            Mode::Strict
        },
        // The explorer reads its input as an IRI-reference (RFC 3987), as
        // the Breakdown does; §6.5 resolves IRIs with the §5.2 algorithm.
        iri: true,
    }
}

/// The input resolved against the base by RFC 3986 §5.2, traced.
pub fn resolution(app: &App) -> Result<Resolution, ResolveError> {
    uri::trace::resolve(app.resolve.base.text(), app.input.text(), options(app))
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
/// has it kept, `memo::table_len`); clamps at no row and at every row.
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
        if let Ok(text) = uri::resolve_ref(&b, &r, options(app)) {
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
