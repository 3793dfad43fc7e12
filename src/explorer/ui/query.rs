//! The Query pane: the input's query as a table of pairs — key, value, the
//! RFC 3986 decoding and the form decoding (`+` as a space) of each pair,
//! a key that comes more than once marked with its count, the selected
//! pair highlighted.

use std::collections::HashMap;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::explorer::app::keymap::key;
use crate::explorer::app::query::{pairs, parse_error, selected};
use crate::explorer::app::{Action, App};
use crate::text::{fit, visible, width};
use crate::uri::edit::query::{form_key_value, key_value};

use super::field::scrolled;
use super::theme::Theme;

/// Width of the column that marks a repeated key (`×12`).
const REPEAT_W: usize = 5;

/// Draw the pane into `area`.
pub fn render(app: &App, area: Rect, buf: &mut Buffer, theme: &Theme) {
    if area.width == 0 || area.height == 0 {
        return;
    }
    let w = usize::from(area.width).saturating_sub(1);
    let (lines, pin) = build(app, theme, w);
    scrolled(lines, area, buf, app.query.scroll.y, pin);
}

/// How many pairs have each key, read as a form field (as a server reads
/// it: `a+b` and `a%20b` are one key).
fn key_counts(pairs: &[String]) -> HashMap<String, usize> {
    let mut counts = HashMap::new();
    for p in pairs {
        *counts.entry(form_key_value(p).0.into_owned()).or_insert(0) += 1;
    }
    counts
}

/// The table's lines, and the line of the selected pair.
pub fn build(app: &App, theme: &Theme, w: usize) -> (Vec<Line<'static>>, Option<usize>) {
    let pairs = pairs(app);
    let sel = selected(app, pairs.len());
    let col = w.saturating_sub(3 + REPEAT_W) / 4;
    let cell = |s: &str| {
        let f = fit(&visible(s), col).into_owned();
        let pad = col.saturating_sub(width(&f));
        format!("{f}{} ", " ".repeat(pad))
    };
    let mut lines = vec![Line::styled(
        format!(
            "{}{}{}{}repeated",
            cell("key"),
            cell("value"),
            cell("RFC 3986 decoding"),
            cell("form decoding")
        ),
        theme.heading(),
    )];
    if pairs.is_empty() {
        let why = parse_error(app)
            .unwrap_or_else(|| format!("no query: {} adds a pair", key(Action::PairAdd)));
        lines.push(Line::styled(
            fit(&visible(&why), w).into_owned(),
            theme.dim(),
        ));
        return (lines, None);
    }
    let counts = key_counts(&pairs);
    for (i, p) in pairs.iter().enumerate() {
        let (k, v) = p.split_once('=').map_or((p.as_str(), ""), |(k, v)| (k, v));
        let (dk, dv) = key_value(p);
        let rfc = match dv {
            Some(dv) => format!("{dk}={dv}"),
            None => dk.into_owned(),
        };
        let form = crate::explorer::app::breakdown::form_decode(p).into_owned();
        let repeated = match counts.get(form_key_value(p).0.as_ref()) {
            Some(&n) if n > 1 => format!("×{n}"),
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
    (lines, Some(sel + 1))
}
