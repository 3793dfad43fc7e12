//! Pieces shared by the panes that own a text field (Resolve's base,
//! Normalize's compare URI, Encode/decode's text): the field line at the
//! top of the view, its cursor, and the scrolled lines under it.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{
    Paragraph, Scrollbar, ScrollbarOrientation, ScrollbarState, StatefulWidget, Widget,
};

use crate::explorer::app::role::Role;
use crate::explorer::app::{App, Editor, Focus};
use crate::text::{fit, visible, width};

use super::grid::uri_line;
use super::theme::Theme;

/// Width of a row label in the Resolve pane's views (`"branch (§5.2.2)"`).
pub const RESOLVE_LABEL: usize = 16;

/// At most this many rows of a stepped table are drawn before the
/// current one (a 2 KB reference has hundreds of rows).
pub const STEP_WINDOW: usize = 200;

/// Width of a field label, `" base    "`.
const LABEL_W: usize = 9;

/// The field `ed` on one line: `label`, then its text in `roles` styles,
/// scrolled so the cursor stays visible; `placeholder` when empty.
#[allow(clippy::too_many_arguments)]
pub fn field(
    label: &str,
    ed: &Editor,
    roles: &[Role],
    focused: bool,
    placeholder: &str,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let label_style = if focused {
        theme.selected()
    } else {
        theme.heading()
    };
    let w = usize::from(area.width).saturating_sub(LABEL_W + 1);
    let label = fit(label, LABEL_W).into_owned();
    let pad = LABEL_W.saturating_sub(width(&label));
    let mut spans = vec![
        Span::styled(format!("{label}{}", " ".repeat(pad)), label_style),
        Span::raw(" "),
    ];
    if ed.text().is_empty() {
        spans.push(Span::styled(fit(placeholder, w).into_owned(), theme.dim()));
    } else {
        let skip = ed.scroll_for(w);
        spans.extend(uri_line(ed.text(), Some(&ed.columns()), roles, theme, skip, w).spans);
    }
    Line::from(spans).render(area, buf);
}

/// What an empty field says: `what` it takes, and how to type into it
/// from where the focus is (a field with focus needs no key).
pub fn placeholder(what: &str, focused: bool) -> String {
    if focused {
        format!("{what}: type or paste it here")
    } else {
        format!(
            "{what} ({} moves the focus here, then type)",
            crate::explorer::app::keymap::key(crate::explorer::app::Action::FocusNext)
        )
    }
}

/// The cursor in a field drawn by [`field`] at `area`.
pub fn field_cursor(ed: &Editor, area: Rect) -> Option<Position> {
    let w = usize::from(area.width).saturating_sub(LABEL_W + 1);
    let skip = ed.scroll_for(w);
    let col = ed.cursor_col().saturating_sub(skip) + LABEL_W + 1;
    let x = area.x.saturating_add(u16::try_from(col).ok()?);
    (x < area.right()).then_some(Position::new(x, area.y))
}

/// The cursor when a pane's field has focus: the field is the first row
/// of the view.
pub fn pane_cursor(app: &App, view: Rect) -> Option<Position> {
    let Focus::Field(p) = app.focus else {
        return None;
    };
    if p != app.pane || view.height == 0 {
        return None;
    }
    let ed = p.component().field(app)?;
    field_cursor(ed, Rect::new(view.x, view.y, view.width, 1))
}

/// Split a view into its field row and the rest.
pub fn split(area: Rect) -> (Rect, Rect) {
    let top = Rect::new(area.x, area.y, area.width, area.height.min(1));
    let rest = Rect::new(
        area.x,
        area.y + top.height,
        area.width,
        area.height - top.height,
    );
    (top, rest)
}

thread_local! {
    /// What the last scrolling view drew: its height, first line and the
    /// last first line it could show. Handed from the pane that drew it to
    /// [`super::render`], which keeps it in [`App::drawn`] for the page and
    /// end keys, without every pane's drawing returning it.
    static LAST_VIEW: std::cell::Cell<Option<(usize, usize, usize)>> =
        const { std::cell::Cell::new(None) };
    /// The last first column the last sideways-scrolling view could
    /// show (see [`scrolled_wide`]).
    static LAST_MAX_X: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
}

thread_local! {
    /// The width prose is wrapped at in a view whose rows are built wider
    /// than the screen ([`wide`]): the screen's, so a paragraph reads
    /// without scrolling while a row of data is cut only by the view.
    static PROSE: std::cell::Cell<usize> = const { std::cell::Cell::new(usize::MAX) };
}

/// Wrap prose at the view's width for the rest of this frame's drawing of
/// a sideways-scrolling pane (until [`prose_width_reset`]).
pub fn prose_width_set(w: usize) {
    PROSE.with(|p| p.set(w));
}

/// Prose wraps at the width it is given again.
pub fn prose_width_reset() {
    PROSE.with(|p| p.set(usize::MAX));
}

/// The width to wrap prose at, for lines built `w` wide.
pub fn prose(w: usize) -> usize {
    PROSE.with(|p| p.get()).min(w)
}

/// What [`scrolled_wide`] noted of the last first column it could show,
/// since the last call.
pub fn take_max_x() -> Option<usize> {
    LAST_MAX_X.with(std::cell::Cell::take)
}

/// The width to build a sideways-scrolling view's lines at: the view's
/// `w` columns from column `x` on, and a page more, so a row cut there is
/// known to go on.
pub fn wide(w: usize, x: usize) -> usize {
    w.saturating_add(x).saturating_add(w)
}

/// [`scrolled`], the lines (built [`wide`]) shown from column `x` on
/// (clamped to what they hold): a row cut at the view's edge is read by
/// scrolling sideways (← →), as in the Breakdown.
pub fn scrolled_wide(
    lines: Vec<Line<'static>>,
    area: Rect,
    buf: &mut Buffer,
    (x, y): (usize, usize),
    pin: Option<usize>,
) {
    let w = usize::from(area.width).saturating_sub(1);
    let longest = lines.iter().map(Line::width).max().unwrap_or(0);
    let max_x = longest.saturating_sub(w);
    LAST_MAX_X.with(|m| m.set(Some(max_x)));
    let x = x.min(max_x);
    let lines = lines
        .into_iter()
        .map(|l| {
            let l = if x == 0 { l } else { skip_columns(l, x) };
            cut_to(l, w)
        })
        .collect();
    scrolled(lines, area, buf, y, pin)
}

/// `line` cut to `w` columns, ending in `…` where it was cut (more of
/// it is to the right).
fn cut_to(line: Line<'static>, w: usize) -> Line<'static> {
    if line.width() <= w || w == 0 {
        return line;
    }
    let mut left = w - 1;
    let mut spans = Vec::new();
    for s in line.spans {
        if left == 0 {
            break;
        }
        let sw = s.width();
        if sw <= left {
            left -= sw;
            spans.push(s);
        } else {
            spans.push(Span::styled(
                fit(&s.content, left + 1).into_owned(),
                s.style,
            ));
            left = 0;
        }
    }
    if left > 0 || !spans.last().is_some_and(|s| s.content.ends_with('…')) {
        spans.push(Span::raw("…"));
    }
    let mut out = Line::from(spans);
    out.style = line.style;
    out
}

/// `line` without its first `x` columns (a wide character cut in half
/// becomes a space).
fn skip_columns(line: Line<'static>, x: usize) -> Line<'static> {
    let mut left = x;
    let mut spans = Vec::new();
    for s in line.spans {
        if left == 0 {
            spans.push(s);
            continue;
        }
        let mut kept = String::new();
        for c in s.content.chars() {
            let cw = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
            if left == 0 {
                kept.push(c);
            } else if cw > left {
                kept.push_str(&" ".repeat(cw - left));
                left = 0;
            } else {
                left -= cw;
            }
        }
        if !kept.is_empty() {
            spans.push(Span::styled(kept, s.style));
        }
    }
    let mut out = Line::from(spans);
    out.style = line.style;
    out.alignment = line.alignment;
    out
}

/// Note what a scrolling view drew: `height` lines from line `y`, at
/// most from line `max_y`.
pub fn note_view(height: usize, y: usize, max_y: usize) {
    LAST_VIEW.with(|v| v.set(Some((height, y, max_y))));
}

/// What [`note_view`] noted since the last call, if anything.
pub fn take_view() -> Option<(usize, usize, usize)> {
    LAST_VIEW.with(std::cell::Cell::take)
}

/// Draw `lines` into `area` from line `y` (clamped), moved down if needed
/// so that line `pin` is visible; a scrollbar when they do not fit.
pub fn scrolled(
    lines: Vec<Line<'static>>,
    area: Rect,
    buf: &mut Buffer,
    y: usize,
    pin: Option<usize>,
) {
    if area.height == 0 || area.width == 0 {
        return;
    }
    let height = usize::from(area.height);
    let max_y = lines.len().saturating_sub(height);
    let mut y = y.min(max_y);
    if let Some(p) = pin {
        if p >= y + height {
            y = (p + 1 - height).min(max_y);
        } else if p < y {
            y = p;
        }
    }
    note_view(height, y, max_y);
    let shown: Vec<Line<'static>> = lines.into_iter().skip(y).take(height).collect();
    Paragraph::new(shown).render(area, buf);
    if max_y > 0 {
        let mut state = ScrollbarState::new(max_y + 1).position(y);
        Scrollbar::new(ScrollbarOrientation::VerticalRight).render(area, buf, &mut state);
    }
}

/// A `label  value` line, the label bold and padded to `w` columns.
pub fn row(label: &str, w: usize, value: Vec<Span<'static>>, theme: &Theme) -> Line<'static> {
    let mut spans = vec![Span::styled(format!("{label:<w$}"), theme.heading())];
    spans.extend(value);
    Line::from(spans)
}

/// User text (made visible) in `style`.
pub fn text(s: &str, style: Style) -> Span<'static> {
    Span::styled(visible(s).into_owned(), style)
}

/// `s` made visible, with the byte ranges `marks` of `s` drawn in `mark`
/// and the rest in `base`. Nothing is inserted into the value (it stays
/// exactly what a user would copy); a deletion, an empty mark, is shown
/// by [`marks_line`] on the line under it.
pub fn marked(s: &str, marks: &[crate::uri::Span], base: Style, mark: Style) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    let mut at = 0;
    for m in usable_marks(s, marks) {
        if m.start > at {
            out.push(text(&s[at..m.start], base));
        }
        if m.end > m.start {
            out.push(text(&s[m.start..m.end], mark));
        }
        at = m.end;
    }
    if at < s.len() {
        out.push(text(&s[at..], base));
    }
    out
}

/// The marks under a value drawn by [`marked`] `indent` columns in, when
/// something was deleted: `‸` where text went and `^` under every changed
/// character, so the value above stays exactly copyable. `None` when
/// nothing was deleted (the changed characters are already drawn in the
/// change style).
///
/// ```
/// use uriscope::explorer::ui::field::marks_line;
/// use uriscope::uri::Span;
/// let line = marks_line("a/b/c", &[Span::new(2, 2), Span::new(4, 5)], 2, Default::default());
/// assert_eq!(line.unwrap().to_string(), "    ‸ ^");
/// ```
pub fn marks_line(
    s: &str,
    marks: &[crate::uri::Span],
    indent: usize,
    style: Style,
) -> Option<Line<'static>> {
    let mut out = " ".repeat(indent);
    let mut col = 0;
    let mut at = 0;
    let mut any = false;
    for m in usable_marks(s, marks) {
        col += width(&s[at..m.start]);
        let span = width(&s[m.start..m.end]);
        // The cell before a deletion may already hold a `^`: the
        // deletion then shares the next column.
        let pad = (indent + col).saturating_sub(out.chars().count());
        out.push_str(&" ".repeat(pad));
        if span == 0 {
            out.push('‸');
        } else {
            out.push_str(&"^".repeat(span));
        }
        col += span;
        at = m.end;
        any |= span == 0;
    }
    any.then(|| Line::styled(out, style))
}

/// The marks of `marks` that fall on character boundaries inside `s`,
/// sorted, overlaps dropped.
fn usable_marks(s: &str, marks: &[crate::uri::Span]) -> Vec<crate::uri::Span> {
    let mut sorted: Vec<_> = marks
        .iter()
        .filter(|m| {
            m.start <= m.end
                && m.end <= s.len()
                && s.is_char_boundary(m.start)
                && s.is_char_boundary(m.end)
        })
        .copied()
        .collect();
    sorted.sort_by_key(|m| (m.start, m.end));
    let mut at = 0;
    sorted.retain(|m| {
        let keep = m.start >= at;
        if keep {
            at = m.end;
        }
        keep
    });
    sorted
}
