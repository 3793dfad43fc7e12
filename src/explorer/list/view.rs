//! Drawing the list view: the header with the counts, the bar charts, the
//! filter line, the list, the status or hint line, and the copy chooser
//! over them. Pure: `impl Widget for &ListView`. Every count and bar is
//! the collection's (the tally for the header, the search's counts for
//! the charts: the whole list's when the filter is empty, the same
//! numbers `uriscope stats` prints). Only the rows in sight are looked
//! at, so a frame costs the screen, not the list.

use std::borrow::Cow;

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

use crate::collection::{counts, GroupBy, Kind, Ranked};
use crate::text::mask::mask_password;
use crate::text::{fit, width};

use super::keys::{self, ListAction};
use super::rows::Entry;
use super::state::{Chart, CopyWhat, Focus, ListView};

/// Below this size the view says so instead of drawing.
const MIN: (u16, u16) = (24, 8);

/// `n` with thousands separated by commas.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The parts of the screen.
struct Areas {
    header: Rect,
    charts: Rect,
    filter: Rect,
    list: Rect,
    bottom: Rect,
}

fn areas(area: Rect) -> Areas {
    let chart_h = match area.height {
        h if h >= 36 => 10,
        h if h >= 18 => 6,
        _ => 0,
    };
    let row = |y: u16, h: u16| Rect::new(area.x, area.y + y, area.width, h);
    let list_h = area.height.saturating_sub(3 + chart_h);
    Areas {
        header: row(0, 1),
        charts: row(1, chart_h),
        filter: row(1 + chart_h, 1),
        list: row(2 + chart_h, list_h),
        bottom: row(area.height - 1, 1),
    }
}

/// The bars of `chart` for the current filter, the `n` with the most
/// lines.
fn bars(view: &ListView, chart: Chart, n: usize) -> Vec<Ranked<'_>> {
    let c = &view.collection;
    let t = c.tally();
    let k = view.searches.current().counts(c);
    match chart {
        Chart::Schemes => counts::top(&k.schemes, &t.schemes, n),
        Chart::Hosts if view.by_site => view.sites.top(&k.hosts, n),
        Chart::Hosts => counts::top(&k.hosts, &t.hosts, n),
        Chart::Codes => counts::top(&k.codes, &t.codes, n),
        Chart::Flags => {
            let mut all = counts::top_flags(k);
            all.truncate(n);
            all
        }
    }
}

/// The name of bar `row` of `chart` as last drawn.
pub fn bar_name(view: &ListView, chart: Chart, row: usize) -> Option<String> {
    let i = Chart::ALL.iter().position(|&c| c == chart)?;
    let shown = view.bars_shown.get()[i];
    bars(view, chart, shown)
        .get(row)
        .filter(|_| row < shown)
        .map(|r| r.name.to_string())
}

/// Where the terminal's cursor goes: in the filter field while it has
/// the keys.
pub fn cursor(view: &ListView, area: Rect) -> Option<Position> {
    if area.width < MIN.0
        || area.height < MIN.1
        || view.focus != Focus::Filter
        || view.chooser.is_some()
    {
        return None;
    }
    let a = areas(area).filter;
    let room = (a.width as usize).saturating_sub(2);
    let col = view.filter.cursor_col() - view.filter.scroll_for(room);
    Some(Position::new(a.x + 2 + col.min(room) as u16, a.y))
}

impl Widget for &ListView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.width < MIN.0 || area.height < MIN.1 {
            Paragraph::new("terminal too small").render(area, buf);
            return;
        }
        let a = areas(area);
        header(self, a.header, buf);
        if a.charts.height > 0 {
            charts(self, a.charts, buf);
        }
        filter_line(self, a.filter, buf);
        list(self, a.list, buf);
        bottom(self, a.bottom, buf);
        if let Some(at) = self.chooser {
            chooser(self, at, area, buf);
        }
    }
}

/// The counts of the whole list, and the loading progress.
fn header(view: &ListView, area: Rect, buf: &mut Buffer) {
    let c = &view.collection;
    let t = c.tally();
    let k = &t.counts;
    let mut text = format!(
        "{} lines: {} URI · {} IRI · {} relative · {} invalid · {} blank",
        thousands(k.lines),
        thousands(k.kind(Kind::Uri)),
        thousands(k.kind(Kind::Iri)),
        thousands(k.kind(Kind::Relative)),
        thousands(k.kind(Kind::Invalid)),
        thousands(t.blank),
    );
    if view.loading() {
        match c.total_bytes() {
            Some(total) if total > 0 => {
                let pct = c.bytes_read().saturating_mul(100) / total;
                text.push_str(&format!(" · loading {pct}%"));
            }
            _ => text.push_str(" · reading…"),
        }
    }
    Paragraph::new(Line::from(Span::styled(
        fit(&text, area.width as usize).into_owned(),
        Style::new().add_modifier(Modifier::BOLD),
    )))
    .render(area, buf);
}

/// The four bar charts side by side.
fn charts(view: &ListView, area: Rect, buf: &mut Buffer) {
    let w = area.width / 4;
    let mut shown = [0usize; 4];
    for (i, chart) in Chart::ALL.into_iter().enumerate() {
        let x = area.x + w * i as u16;
        let cw = if i == 3 { area.width - w * 3 } else { w };
        let r = Rect::new(x, area.y, cw, area.height);
        let title = if chart == Chart::Hosts && view.by_site {
            "sites"
        } else {
            chart.title()
        };
        let block = Block::new().borders(Borders::ALL).title(title);
        let inner = block.inner(r);
        block.render(r, buf);
        let rows = bars(view, chart, inner.height as usize);
        shown[i] = rows.len();
        let max = rows.iter().map(|r| r.count).max().unwrap_or(1).max(1);
        let iw = inner.width as usize;
        // Names as wide as the longest needs, leaving the counts and a
        // bar of at least three cells.
        let count_w = thousands(max).len();
        let longest = rows
            .iter()
            .map(|r| width(&crate::text::visible(r.name)))
            .max();
        let name_w = longest
            .unwrap_or(1)
            .min(iw.saturating_sub(count_w + 5))
            .max(1);
        for (j, bar) in rows.iter().enumerate() {
            let y = inner.y + j as u16;
            let count = thousands(bar.count);
            let bar_w = iw.saturating_sub(name_w + count_w + 2);
            let len = ((bar.count as u128 * bar_w as u128).div_ceil(max as u128)) as usize;
            let name = fit(&crate::text::visible(bar.name), name_w).into_owned();
            let pad = name_w.saturating_sub(width(&name));
            let text = format!(
                "{name}{} {}{} {count:>count_w$}",
                " ".repeat(pad),
                "█".repeat(len.min(bar_w)),
                " ".repeat(bar_w - len.min(bar_w))
            );
            let chosen = view.focus == Focus::Bars && view.bar == (i, j);
            let style = if chosen {
                Style::new().add_modifier(Modifier::REVERSED)
            } else {
                Style::new()
            };
            buf.set_stringn(inner.x, y, &text, iw, style);
        }
        if rows.is_empty() {
            buf.set_stringn(
                inner.x,
                inner.y,
                "(none)",
                inner.width as usize,
                Style::new(),
            );
        }
    }
    view.bars_shown.set(shown);
}

/// The filter field, and how many rows it shows.
fn filter_line(view: &ListView, area: Rect, buf: &mut Buffer) {
    let c = &view.collection;
    let s = view.searches.current();
    let mut right = format!(
        "{} of {} · {}",
        thousands(s.len(c) as u64),
        thousands(c.len() as u64),
        view.grouped.label()
    );
    if !s.is_done(c) && !c.is_empty() {
        right.push_str(&format!(" · searching {}%", s.tested(c) * 100 / c.len()));
    }
    let right_w = width(&right) as u16 + 1;
    let room = area.width.saturating_sub(right_w + 2) as usize;
    let text = view.filter.text();
    let from = view.filter.scroll_for(room);
    let shown = crate::text::clip(text.get(from..).unwrap_or(""), room);
    buf.set_string(
        area.x,
        area.y,
        "> ",
        Style::new().add_modifier(Modifier::BOLD),
    );
    buf.set_stringn(
        area.x + 2,
        area.y,
        crate::text::visible(shown),
        room,
        Style::new(),
    );
    if area.width > right_w + 2 {
        buf.set_stringn(
            area.x + area.width - right_w + 1,
            area.y,
            &right,
            right_w as usize,
            Style::new().add_modifier(Modifier::DIM),
        );
    }
}

/// The rows in sight.
fn list(view: &ListView, area: Rect, buf: &mut Buffer) {
    view.page.set(area.height as usize);
    let c = &view.collection;
    let by = view.grouped.by().unwrap_or(GroupBy::Normal);
    let n = view.row_count();
    // The selection is kept in sight by `keep_in_range`; a resize can
    // leave it below the page, so the scroll is adjusted here too.
    let mut first = view.scroll;
    let page = area.height as usize;
    if view.selected >= first + page {
        first = view.selected + 1 - page;
    }
    for (y, i) in (first..n.min(first + page)).enumerate() {
        let Some(entry) = view.row(i) else { break };
        let w = area.width as usize;
        let (text, tail, style) = match entry {
            Entry::Line(l) => (
                format!("{} {}", marker(view, l), shown(c.text(l), w)),
                String::new(),
                Style::new(),
            ),
            Entry::Group { group, shown, .. } => {
                let first = c.first_of(by, group as usize).unwrap_or(0);
                let key = c.key(by, group as usize);
                let key = key.as_deref().unwrap_or(c.text(first));
                (
                    format!("▾ {}× {}", thousands(u64::from(shown)), self::shown(key, w)),
                    String::new(),
                    Style::new().add_modifier(Modifier::BOLD),
                )
            }
            Entry::Member { line, group } => {
                let tail = match view.grouped.by() {
                    Some(GroupBy::Normal) => c.rung(line).map_or("—", |r| r.name()).to_string(),
                    _ => {
                        let first = c.first_of(by, group as usize);
                        if first == Some(line) {
                            "first"
                        } else if by == GroupBy::Site {
                            "same site"
                        } else {
                            "same keys"
                        }
                        .to_string()
                    }
                };
                (
                    format!("  {} {}", marker(view, line), shown(c.text(line), w)),
                    tail,
                    Style::new(),
                )
            }
        };
        let tail_w = if tail.is_empty() { 0 } else { width(&tail) + 1 };
        let body = fit(&text, w.saturating_sub(tail_w)).into_owned();
        let selected = i == view.selected && view.focus == Focus::Filter;
        let style = if selected {
            style.add_modifier(Modifier::REVERSED)
        } else {
            style
        };
        let y = area.y + y as u16;
        let line = format!(
            "{body}{}",
            " ".repeat(w.saturating_sub(width(&body) + tail_w))
        );
        buf.set_stringn(area.x, y, &line, w, style);
        if !tail.is_empty() {
            buf.set_stringn(
                area.x + (w - tail_w) as u16 + 1,
                y,
                &tail,
                tail_w,
                style.add_modifier(Modifier::DIM),
            );
        }
    }
    if n == 0 {
        let why = if view.loading() {
            "reading…"
        } else {
            "no line matches the filter"
        };
        buf.set_stringn(
            area.x + 2,
            area.y,
            why,
            area.width as usize,
            Style::new().add_modifier(Modifier::DIM),
        );
    }
}

/// The most bytes of a line a row of `cols` columns looks at: four a
/// column (the longest UTF-8 character), and some for what a row puts
/// before it.
fn row_bytes(cols: usize) -> usize {
    cols.saturating_mul(4).saturating_add(16)
}

/// What a row of `cols` columns shows of the line `text`, its password
/// masked: the line's start alone when it is longer than the row can
/// show ([`row_bytes`]), so a draw costs the screen, not a 50 MB line.
/// Cut there, a password is masked as on the whole line when the
/// authority ends within the start; otherwise (the authority runs past
/// it) everything from the authority's first `:` on is masked, since the
/// last `@` that would tell a userinfo from a port is not seen.
fn shown(text: &str, cols: usize) -> Cow<'_, str> {
    let max = row_bytes(cols);
    if text.len() <= max {
        return mask_password(text);
    }
    let mut cut = max;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let start = &text[..cut];
    let masked = match authority_start(start) {
        Some(a) if !start[a..].contains(['/', '?', '#']) => match start[a..].find(':') {
            Some(colon) => Cow::Owned(format!("{}****", &start[..a + colon + 1])),
            None => Cow::Borrowed(start),
        },
        _ => mask_password(start),
    };
    Cow::Owned(format!("{masked}…"))
}

/// Where the authority of `text` starts (after `//`), when it has one:
/// the `//` at the start or right after the scheme.
fn authority_start(text: &str) -> Option<usize> {
    let after_scheme = text
        .find(':')
        .filter(|&i| {
            i > 0
                && text[..i]
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
        })
        .map_or(0, |i| i + 1);
    text[after_scheme..]
        .starts_with("//")
        .then_some(after_scheme + 2)
}

/// A line's mark in the list: `✗` invalid, `!` with a confusion flag.
fn marker(view: &ListView, line: u32) -> char {
    let row = view.collection.row(line);
    if row.kind == Kind::Invalid {
        '✗'
    } else if !row.flags.is_empty() {
        '!'
    } else {
        ' '
    }
}

/// The status line, else the filter's error, else the hints.
fn bottom(view: &ListView, area: Rect, buf: &mut Buffer) {
    let w = area.width as usize;
    if let Some(s) = &view.status {
        let style = if s.error {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        };
        buf.set_stringn(
            area.x,
            area.y,
            fit(&crate::text::visible(&s.text), w),
            w,
            style,
        );
        return;
    }
    if let Some(e) = &view.filter_error {
        buf.set_stringn(
            area.x,
            area.y,
            fit(e, w),
            w,
            Style::new().add_modifier(Modifier::BOLD),
        );
        return;
    }
    let mut text = String::new();
    for (key, hint) in keys::hints(keys::place_of(view)) {
        text.push_str(&format!("{key} {hint}  "));
    }
    if view.print && view.chooser.is_none() {
        text.push_str(&format!(
            "{} print all",
            keys::key_of(&ListAction::QuitFiltered)
        ));
    }
    buf.set_stringn(
        area.x,
        area.y,
        fit(text.trim_end(), w),
        w,
        Style::new().add_modifier(Modifier::DIM),
    );
}

/// The copy chooser, centred.
fn chooser(view: &ListView, at: usize, area: Rect, buf: &mut Buffer) {
    let w = area.width.min(60);
    let h = CopyWhat::ALL.len() as u16 + 2;
    let r = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height.saturating_sub(h)) / 2,
        w,
        h,
    );
    Clear.render(r, buf);
    let block = Block::new().borders(Borders::ALL).title("copy");
    let inner = block.inner(r);
    block.render(r, buf);
    let c = &view.collection;
    let n = view.searches.current().len(c) as u64;
    for (i, what) in CopyWhat::ALL.into_iter().enumerate() {
        let detail = match what {
            CopyWhat::Selected => view
                .selected_text()
                .map(|t| mask_password(t).into_owned())
                .unwrap_or_default(),
            CopyWhat::Filtered => format!("{} lines", thousands(n)),
            CopyWhat::NormalForms => "each once".to_string(),
        };
        let text = format!("{} — {}", what.label(), detail);
        let style = if i == at {
            Style::new().add_modifier(Modifier::REVERSED)
        } else {
            Style::new()
        };
        buf.set_stringn(
            inner.x,
            inner.y + i as u16,
            fit(&text, inner.width as usize),
            inner.width as usize,
            style,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{row_bytes, shown};

    #[test]
    fn a_long_line_is_shown_by_its_start_with_its_password_masked() {
        let tail = "x".repeat(1_000_000);
        let line = format!("http://user:secret@host/{tail}");
        let row = shown(&line, 80);
        assert!(row.len() <= row_bytes(80) + '…'.len_utf8(), "{}", row.len());
        assert!(row.starts_with("http://user:****@host/xxx"), "{row}");
        assert!(row.ends_with('…'));
        // The authority runs past what is looked at: no part of what may
        // be a password is shown.
        let line = format!("http://user:secret{tail}@host/");
        let row = shown(&line, 80);
        assert_eq!(row, "http://user:****…");
        assert!(!row.contains("secret"));
        let line = format!("http://host{tail}");
        assert!(shown(&line, 80).starts_with("http://hostxxx"));
        // A short line is masked whole, as before.
        assert_eq!(shown("http://u:p@h/", 80), "http://u:****@h/");
        // A cut never splits a character.
        let line = "é".repeat(1000);
        assert!(shown(&line, 10).ends_with("é…"));
    }
}
