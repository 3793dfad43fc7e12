//! Overlays drawn above the panes: the help (built from the key table),
//! the copy chooser and the examples picker.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

use crate::explorer::app::keymap::{help_rows, key};
use crate::explorer::app::{examples, Action, App, Choice, Overlay};
use crate::text::{clip, fit, visible, width};

use super::theme::Theme;

/// The overlay's frame in `area` (the whole screen): all of it but two
/// columns each side and a line above and below, so that a wide terminal
/// shows whole lines; `None` when too small to draw in.
pub fn frame(area: Rect) -> Option<Rect> {
    let w = area.width.saturating_sub(4);
    let h = area.height.saturating_sub(2);
    if w < 10 || h < 3 {
        return None;
    }
    Some(Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    ))
}

/// Draw `overlay` centred in `area`; return the lines inside its frame
/// and the last line its text can scroll to (for the page keys).
pub fn render(
    app: &App,
    overlay: &Overlay,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) -> (usize, usize) {
    let Some(rect) = frame(area) else {
        return (0, 0);
    };
    let (w, h) = (rect.width, rect.height);
    let inner_w = usize::from(w.saturating_sub(2));
    let inner_h = usize::from(h.saturating_sub(2));
    let mut max = 0;
    let (title, lines) = match overlay {
        Overlay::Help { scroll } => {
            let (title, lines, last) = help(*scroll, app.theme_name, inner_w, inner_h, theme);
            max = last;
            (title, lines)
        }
        Overlay::Copy { selected } => {
            let secrets = super::mask::passwords(app);
            copy(
                &app.copy_choices(),
                *selected,
                &secrets,
                inner_w,
                inner_h,
                theme,
            )
        }
        Overlay::Examples { selected } => picker(*selected, inner_w, inner_h, theme),
        Overlay::Edit(e) => edit_field(app, e, inner_w, theme),
        Overlay::Rfc {
            citation,
            which,
            scroll,
        } => super::rfc::passage(citation, *which, *scroll, inner_w, inner_h, theme),
        Overlay::Parsers(view) => super::parsers::overlay(app, view, inner_w, inner_h, theme),
        Overlay::Whole { scroll } => {
            let (title, lines, last) = whole(app, *scroll, inner_w, inner_h, theme);
            max = last;
            (title, lines)
        }
        Overlay::History {
            filter,
            selected,
            stdin,
        } => history(
            app,
            filter.text(),
            *selected,
            *stdin,
            inner_w,
            inner_h,
            theme,
        ),
    };
    Clear.render(rect, buf);
    let block = Block::default().borders(Borders::ALL).title(Span::styled(
        fit(&title, inner_w).into_owned(),
        theme.heading(),
    ));
    Paragraph::new(lines).block(block).render(rect, buf);
    (inner_h, max)
}

/// Columns a row is built at for the rows-whole overlay: a row longer
/// than this is cut there (a 10 MB input is not wrapped whole per frame).
const WHOLE_COLUMNS: usize = 1 << 16;

/// The shown pane's rows whole, each wrapped to `w` columns (its
/// continuation lines indented by two), from line `scroll`; the rows'
/// text, unwrapped, is kept for the copy key.
fn whole(
    app: &App,
    scroll: usize,
    w: usize,
    h: usize,
    theme: &Theme,
) -> (String, Vec<Line<'static>>, usize) {
    // Prose and tables laid out at the overlay's width, rows of data not
    // cut (up to WHOLE_COLUMNS) and wrapped here.
    super::field::prose_width_set(w.saturating_sub(2));
    let rows = super::rows(app.pane, app, theme, WHOLE_COLUMNS);
    super::field::prose_width_reset();
    let text: Vec<String> = rows
        .iter()
        .map(|l| {
            l.spans
                .iter()
                .map(|s| s.content.as_ref())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect();
    let mut out = Vec::new();
    for (line, row) in text.iter().zip(&rows) {
        let style = row.spans.first().map(|s| s.style).unwrap_or_default();
        let pieces = crate::text::wrap::wrap(line, w.saturating_sub(2).max(1));
        if pieces.is_empty() {
            out.push(Line::default());
        }
        for (i, p) in pieces.into_iter().enumerate() {
            let indent = if i == 0 { "" } else { "  " };
            out.push(Line::styled(format!("{indent}{p}"), style));
        }
    }
    *app.whole_text.borrow_mut() = text.join("\n");
    let last = out.len().saturating_sub(h);
    let out = out.into_iter().skip(scroll.min(last)).collect();
    let title = format!(
        " {} rows whole · {} copies · {} closes ",
        app.pane.title(),
        key(Action::CopyFocused),
        key(Action::Close)
    );
    (title, out, last)
}

/// The edit field: the component's rule and encode set, the value, and
/// what Enter would make of the URI (or why it cannot).
fn edit_field(
    app: &App,
    e: &crate::explorer::app::edit::EditField,
    w: usize,
    theme: &Theme,
) -> (String, Vec<Line<'static>>) {
    let (abnf, section) = e.target.rule();
    let label_w = edit_label_w(e);
    let set = match e.target.encode_set() {
        Some(s) => format!(
            "typed text is encoded with the {} set ({})",
            s.name, s.section
        ),
        None => "written as typed: nothing is percent-encoded here".to_string(),
    };
    let mut lines = vec![
        Line::styled(
            fit(&format!("{abnf}  ({section})"), w).into_owned(),
            theme.dim(),
        ),
        Line::styled(fit(&set, w).into_owned(), theme.dim()),
        Line::styled(
            if e.target == crate::explorer::app::edit::Target::Host {
                "a non-ASCII name is written in IDNA (punycode), as §3.2.2 advises"
            } else {
                ""
            },
            theme.dim(),
        ),
        Line::from(vec![
            Span::styled(format!("{:<label_w$}", e.target.name()), theme.heading()),
            Span::raw(
                fit(&visible(clip(e.field.text(), w)), w.saturating_sub(label_w)).into_owned(),
            ),
        ]),
        Line::default(),
    ];
    match crate::explorer::app::edit::preview(app, e) {
        Ok(uri) => {
            let shown = super::mask::mask_password(&uri).into_owned();
            lines.push(Line::styled("the URI becomes", theme.heading()));
            lines.push(Line::styled(fit(&shown, w).into_owned(), theme.good()));
        }
        Err(msg) => {
            // At most 16 lines (the message may quote a 64 KB value),
            // the value quoted in the screen's notation.
            let msg = crate::text::quoted::message(&msg, &[e.field.text()]);
            for piece in crate::text::wrap::wrap_upto(&msg, w, 16) {
                lines.push(Line::styled(
                    piece,
                    theme.severity(crate::uri::Severity::Error),
                ));
            }
        }
    }
    let title = format!(
        " Edit {} ({} sets, {} cancels) ",
        e.target.name(),
        key(Action::ListPick),
        key(Action::Close)
    );
    (title, lines)
}

/// The history search: the filter, then the matching inputs newest
/// first, the selected one highlighted (passwords masked).
fn history(
    app: &App,
    filter: &str,
    selected: usize,
    stdin: bool,
    w: usize,
    h: usize,
    theme: &Theme,
) -> (String, Vec<Line<'static>>) {
    let matches = app.history_matches();
    let sel = selected.min(matches.len().saturating_sub(1));
    let mut lines = vec![
        Line::from(vec![
            Span::styled("search   ", theme.heading()),
            Span::raw(fit(&visible(filter), w.saturating_sub(9)).into_owned()),
        ]),
        Line::default(),
    ];
    if matches.is_empty() {
        lines.push(Line::styled(
            if app.history.entries.is_empty() {
                format!("no inputs kept yet ({} keeps one)", key(Action::Commit))
            } else {
                "nothing matches".to_string()
            },
            theme.dim(),
        ));
    }
    let rows = h.saturating_sub(3).max(1);
    let first = sel.saturating_sub(rows.saturating_sub(1));
    for (i, m) in matches.iter().enumerate().skip(first).take(rows) {
        let shown = super::mask::mask_password(m);
        let style = if i == sel {
            theme.selected()
        } else {
            ratatui::style::Style::new()
        };
        lines.push(Line::styled(fit(&visible(&shown), w).into_owned(), style));
    }
    let (what, all) = if stdin {
        ("Inputs from stdin", app.list.len())
    } else {
        ("History", app.history.entries.len())
    };
    let title = format!(
        " {what} ({} of {all}; {} loads, {} closes) ",
        matches.len(),
        key(Action::ListPick),
        key(Action::Close)
    );
    (title, lines)
}

/// Where the cursor goes in the open edit field, inside `area` (the
/// whole screen): the line of the value.
pub fn edit_cursor(
    e: &crate::explorer::app::edit::EditField,
    area: Rect,
) -> Option<ratatui::layout::Position> {
    field_cursor_after(&e.field, area, 3, edit_label_w(e))
}

/// The width of the edit field's label column: its name and one space at
/// least (`new query pair k=v`), 9 columns at least.
fn edit_label_w(e: &crate::explorer::app::edit::EditField) -> usize {
    (e.target.name().len() + 1).max(9)
}

/// Where the cursor goes in an overlay's field on line `row` of its
/// inner area (after a 9-column label).
pub fn field_cursor(
    field: &crate::explorer::app::Editor,
    area: Rect,
    row: u16,
) -> Option<ratatui::layout::Position> {
    field_cursor_after(field, area, row, 9)
}

/// [`field_cursor`] after a label of `label` columns.
fn field_cursor_after(
    field: &crate::explorer::app::Editor,
    area: Rect,
    row: u16,
    label: usize,
) -> Option<ratatui::layout::Position> {
    let rect = frame(area).filter(|r| r.height >= 6)?;
    let w = rect.width;
    let label = u16::try_from(label).unwrap_or(9);
    let x0 = rect.x + 1 + label;
    let y = rect.y + 1 + row;
    let col = field
        .cursor_col()
        .min(usize::from(w.saturating_sub(label + 2)));
    Some(ratatui::layout::Position::new(x0 + col as u16, y))
}

fn help(
    scroll: usize,
    theme_name: &str,
    w: usize,
    h: usize,
    theme: &Theme,
) -> (String, Vec<Line<'static>>, usize) {
    let colours = if theme.no_color {
        "no colour (NO_COLOR)".to_string()
    } else {
        theme_name.to_string()
    };
    let mut lines = vec![
        Line::styled(
            fit(&format!("theme: {colours}"), w).into_owned(),
            theme.dim(),
        ),
        Line::default(),
    ];
    let mut last = None;
    for (ctx, keys, text) in help_rows() {
        if last != Some(ctx) {
            if last.is_some() {
                lines.push(Line::default());
            }
            lines.push(Line::styled(ctx.title().to_string(), theme.heading()));
            last = Some(ctx);
        }
        let keys_w = 22.min(w / 2);
        let k = fit(&keys, keys_w).into_owned();
        let pad = keys_w.saturating_sub(width(&k));
        // A description longer than its column wraps under itself: no
        // help line is cut.
        let text_w = w.saturating_sub(keys_w + 2).max(1);
        for (i, piece) in crate::text::wrap::wrap(text, text_w)
            .into_iter()
            .enumerate()
        {
            let keys = if i == 0 {
                Span::styled(format!(" {k}{}", " ".repeat(pad)), theme.key())
            } else {
                Span::raw(" ".repeat(keys_w + 1))
            };
            lines.push(Line::from(vec![keys, Span::raw(format!(" {piece}"))]));
        }
    }
    lines.push(Line::default());
    for piece in crate::text::wrap::wrap(
        "Printable keys type into the focused text field; in a result view, one that is no \
         command there types into the input line.",
        w.max(1),
    ) {
        lines.push(Line::styled(piece, theme.dim()));
    }
    let max = lines.len().saturating_sub(h);
    let skip = scroll.min(max);
    let lines = lines.into_iter().skip(skip).collect();
    let more = if skip < max { " ↓ more" } else { "" };
    (
        format!(
            " Keys ({}/{} scroll, {} closes){more} ",
            key(Action::ListUp),
            key(Action::ListDown),
            key(Action::Close)
        ),
        lines,
        max,
    )
}

/// Rows shown from a list of `len` so that `selected` is visible.
fn window(selected: usize, len: usize, h: usize) -> std::ops::Range<usize> {
    let h = h.max(1);
    let start = if selected >= h { selected + 1 - h } else { 0 };
    start..(start + h).min(len)
}

fn copy(
    entries: &[Choice],
    selected: usize,
    secrets: &[String],
    w: usize,
    h: usize,
    theme: &Theme,
) -> (String, Vec<Line<'static>>) {
    // The labels whole while they leave half the row to the previews.
    let label_w = entries
        .iter()
        .map(|e| width(&e.label))
        .max()
        .unwrap_or(0)
        .min(w / 2);
    let lines = window(selected, entries.len(), h)
        .map(|i| {
            let e = &entries[i];
            let label = fit(&e.label, label_w).into_owned();
            let pad = label_w.saturating_sub(width(&label));
            let more = if e.more { " …" } else { "" };
            // A URI's password is masked here too; Enter copies it whole.
            let masked = super::mask::mask_password(&e.preview);
            let preview = format!(
                "{}{more}",
                visible(&super::mask::hide_passwords(&masked, secrets))
            );
            let text = format!(" {label}{}  {}", " ".repeat(pad), preview);
            let text = fit(&text, w).into_owned();
            let pad = w.saturating_sub(width(&text));
            let full = format!("{text}{}", " ".repeat(pad));
            if i == selected {
                Line::styled(full, theme.selected())
            } else {
                Line::raw(full)
            }
        })
        .collect();
    (
        format!(
            " Copy which? ({} copies, {} closes) ",
            key(Action::ListPick),
            key(Action::Close)
        ),
        lines,
    )
}

fn picker(selected: usize, w: usize, h: usize, theme: &Theme) -> (String, Vec<Line<'static>>) {
    let all = examples::all();
    let input_w = (w * 11 / 20).max(8);
    let lines = window(selected, all.len(), h)
        .map(|i| {
            let e = &all[i];
            let shown = if e.input.is_empty() {
                "\"\"".into()
            } else {
                visible(e.input)
            };
            let input = fit(&shown, input_w).into_owned();
            let pad = input_w.saturating_sub(width(&input));
            let note = fit(&visible(e.note), w.saturating_sub(input_w + 2)).into_owned();
            let text = format!(" {input}{} {note}", " ".repeat(pad));
            let text = fit(&text, w).into_owned();
            let fill = w.saturating_sub(width(&text));
            if i == selected {
                Line::styled(format!("{text}{}", " ".repeat(fill)), theme.selected())
            } else {
                Line::from(vec![
                    Span::raw(format!(" {input}{} ", " ".repeat(pad))),
                    Span::styled(note, theme.dim()),
                ])
            }
        })
        .collect();
    let title = match all.get(selected) {
        Some(e) => format!(" Examples: {} · base {} ", e.set, e.base),
        None => " Examples ".to_string(),
    };
    (title, lines)
}
