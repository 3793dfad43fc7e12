//! The Query pane: the input's query as a table of pairs — key, value, the
//! RFC 3986 decoding and the form decoding (`+` as a space) of each pair,
//! a key that comes more than once marked with its count, the selected
//! pair highlighted.

use std::ops::Range;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{
    Paragraph, Scrollbar, ScrollbarOrientation, ScrollbarState, StatefulWidget, Widget,
};

use crate::explorer::app::keymap::key;
use crate::explorer::app::query::{selected, table};
use crate::explorer::app::{Action, App};
use crate::text::{fit, visible, width};
use crate::uri::edit::query::key_value;

use super::field::note_view;
use super::theme::Theme;

/// Width of the column that marks a repeated key (`×12`).
const REPEAT_W: usize = 5;

/// Draw the pane into `area`: the heading and the pairs in view, read
/// from the table of pairs found once per state of the input.
pub fn render(app: &App, area: Rect, buf: &mut Buffer, theme: &Theme) {
    if area.width == 0 || area.height == 0 {
        return;
    }
    let w = usize::from(area.width).saturating_sub(1);
    let t = table(app);
    let total = 1 + t.len().max(1);
    let pin = (!t.is_empty()).then(|| selected(app, t.len()) + 1);
    let height = usize::from(area.height);
    let max_y = total.saturating_sub(height);
    let mut y = app.query.scroll.y.min(max_y);
    if let Some(p) = pin {
        if p >= y + height {
            y = (p + 1 - height).min(max_y);
        } else if p < y {
            y = p;
        }
    }
    note_view(height, y, max_y);
    let lines = build(app, theme, w, y..(y + height).min(total));
    Paragraph::new(lines).render(area, buf);
    if max_y > 0 {
        let mut state = ScrollbarState::new(max_y + 1).position(y);
        Scrollbar::new(ScrollbarOrientation::VerticalRight).render(area, buf, &mut state);
    }
}

/// Lines `rows` of the table: line 0 is the heading, line `1 + i` pair
/// `i` (or, without pairs, why there are none).
pub fn build(app: &App, theme: &Theme, w: usize, rows: Range<usize>) -> Vec<Line<'static>> {
    let t = table(app);
    let input = app.input.text();
    let sel = selected(app, t.len());
    let col = w.saturating_sub(3 + REPEAT_W) / 4;
    let cell = |s: &str| {
        let f = fit(&visible(s), col).into_owned();
        let pad = col.saturating_sub(width(&f));
        format!("{f}{} ", " ".repeat(pad))
    };
    let mut lines = Vec::with_capacity(rows.len());
    for row in rows {
        if row == 0 {
            lines.push(Line::styled(
                format!(
                    "{}{}{}{}repeated",
                    cell("key"),
                    cell("value"),
                    cell("RFC 3986 decoding"),
                    cell("form decoding")
                ),
                theme.heading(),
            ));
            continue;
        }
        if t.is_empty() {
            let why = t
                .error()
                .map(str::to_string)
                .unwrap_or_else(|| format!("no query: {} adds a pair", key(Action::PairAdd)));
            lines.push(Line::styled(
                fit(&visible(&why), w).into_owned(),
                theme.dim(),
            ));
            continue;
        }
        let i = row - 1;
        let p = t.pair(input, i);
        let (k, v) = p.split_once('=').map_or((p, ""), |(k, v)| (k, v));
        let (dk, dv) = key_value(p);
        let rfc = match dv {
            Some(dv) => format!("{dk}={dv}"),
            None => dk.into_owned(),
        };
        let form = crate::explorer::app::breakdown::form_decode(p).into_owned();
        let repeated = match t.count(i) {
            n if n > 1 => format!("×{n}"),
            _ => String::new(),
        };
        let text = format!(
            "{}{}{}{}{repeated}",
            cell(k),
            cell(v),
            cell(&rfc),
            cell(&form)
        );
        let style = if i == sel {
            theme.selected()
        } else {
            ratatui::style::Style::new()
        };
        lines.push(Line::styled(text, style));
    }
    lines
}
