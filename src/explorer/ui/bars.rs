//! The one-line regions: the input line, the pane strip, the hint bar and
//! the status line.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::explorer::app::breakdown::{input_roles_with, roles};
use crate::explorer::app::keymap::{self, key};
use crate::explorer::app::{Action, App, Focus, Pane, StatusKind};
use crate::text::{fit, width};

use super::grid::uri_line;
use super::theme::Theme;

const LABEL: &str = " URI ";

/// The input line: a label, then the URI in its role colors, scrolled so
/// the cursor stays visible.
pub fn input(app: &App, a: &super::Analysis<'_>, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let focused = app.focus == Focus::Input;
    let label_style = if focused {
        theme.selected()
    } else {
        theme.heading()
    };
    let field_w = usize::from(area.width).saturating_sub(LABEL.len() + 1);
    let mut spans = vec![Span::styled(LABEL, label_style), Span::raw(" ")];
    let text = app.input.text();
    if text.is_empty() {
        spans.push(Span::styled(
            fit(
                &format!(
                    "type or paste a URI-reference · {} help · {} examples",
                    key(Action::Help),
                    key(Action::Examples)
                ),
                field_w,
            )
            .into_owned(),
            theme.dim(),
        ));
    } else {
        let skip = app.input.scroll_for(field_w);
        let cols = app.input.columns();
        let line = uri_line(
            text,
            Some(&cols),
            &input_roles_with(app, || roles(a)),
            theme,
            skip,
            field_w,
        );
        spans.extend(line.spans);
    }
    Line::from(spans).render(area, buf);
}

/// The terminal cursor in the input line.
pub fn input_cursor(app: &App, area: Rect) -> Option<Position> {
    let field_w = usize::from(area.width).saturating_sub(LABEL.len() + 1);
    let skip = app.input.scroll_for(field_w);
    let col = app.input.cursor_col().saturating_sub(skip) + LABEL.len() + 1;
    let x = area.x.saturating_add(u16::try_from(col).ok()?);
    (x < area.right()).then_some(Position::new(x, area.y))
}

fn tab_title(p: Pane) -> String {
    format!(" {} ", p.title())
}

/// The pane strip: one tab per pane, the shown one highlighted, and the
/// base URI on the right.
pub fn tabs(app: &App, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let mut spans = Vec::new();
    let mut used = 0;
    for &p in Pane::ALL {
        let style = if app.focus.pane() == Some(p) {
            theme.selected()
        } else if app.pane == p {
            theme.heading()
        } else {
            theme.dim()
        };
        let t = tab_title(p);
        used += width(&t) + 1;
        spans.push(Span::styled(t, style));
        spans.push(Span::raw("│"));
    }
    let room = usize::from(area.width).saturating_sub(used + 1);
    if room > 10 {
        let base = format!("base {}", fit(app.base(), room));
        let base = fit(&base, room).into_owned();
        let pad = room - width(&base);
        spans.push(Span::raw(" ".repeat(pad)));
        spans.push(Span::styled(base, theme.dim()));
    }
    Line::from(spans).render(area, buf);
}

/// Which pane's tab is at column `col` of the strip.
pub fn tab_at(area: Rect, col: u16) -> Option<Pane> {
    let mut x = usize::from(area.x);
    let col = usize::from(col);
    for &p in Pane::ALL {
        let w = width(&tab_title(p));
        if col >= x && col < x + w {
            return Some(p);
        }
        x += w + 1;
    }
    None
}

fn hint_spans(app: &App, max: usize, theme: &Theme) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    let mut used = 0;
    for (key, hint) in keymap::hints(app) {
        let w = width(&key) + 1 + width(hint) + 2;
        if used + w > max {
            break;
        }
        used += w;
        spans.push(Span::styled(key, theme.key()));
        spans.push(Span::raw(format!(" {hint}  ")));
    }
    spans
}

/// The hint bar, from the key table rows of the active contexts.
pub fn hints(app: &App, area: Rect, buf: &mut Buffer, theme: &Theme) {
    Line::from(hint_spans(app, usize::from(area.width), theme)).render(area, buf);
}

/// How many lines of `w` columns the status message needs (1 without
/// one).
pub fn status_lines(app: &App, w: usize) -> usize {
    match &app.status {
        Some(s) if crate::text::width(&s.text) > w => crate::text::wrap::wrap(&s.text, w).len(),
        _ => 1,
    }
}

/// The status line: the last message (wrapped over the lines of `area`);
/// in the compact layout the hints when there is no message.
pub fn status(app: &App, area: Rect, buf: &mut Buffer, theme: &Theme, compact: bool) {
    let w = usize::from(area.width);
    let line = match &app.status {
        Some(s) => {
            let style = match s.kind {
                StatusKind::Info => ratatui::style::Style::new(),
                StatusKind::Error => theme.role(crate::explorer::app::role::Role::Error),
            };
            // Wrapped over the lines `area` has; the last one ends in `…`
            // only when even they are too few.
            let rows = usize::from(area.height).max(1);
            let mut pieces = crate::text::wrap::wrap(&s.text, w);
            if pieces.len() > rows {
                let rest = pieces[rows - 1..].join(" ");
                pieces.truncate(rows - 1);
                pieces.push(fit(&rest, w).into_owned());
            }
            for (i, p) in pieces.into_iter().enumerate() {
                let row = Rect::new(area.x, area.y + i as u16, area.width, 1);
                Line::styled(p, style).render(row, buf);
            }
            return;
        }
        None if compact => Line::from(hint_spans(app, w, theme)),
        None => Line::styled(
            fit(
                &format!(
                    "analysed as you type (IRI-aware) · {} quits",
                    key(Action::Quit)
                ),
                w,
            )
            .into_owned(),
            theme.dim(),
        ),
    };
    line.render(area, buf);
}
