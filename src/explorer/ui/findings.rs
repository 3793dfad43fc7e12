//! The Breakdown's findings: every one numbered in input order, or
//! grouped by kind as their carets are, each message word-wrapped, and
//! under a shape's finding the keys that load and copy what it most
//! likely means.

use ratatui::text::{Line, Span};

use crate::explorer::app::{keymap, Action};
use crate::text::{glyphs, width};
use crate::uri::lint::Linted;

use super::theme::Theme;

/// At most this many findings get a caret and number under the URI, and
/// at most this many query pairs and findings are listed.
pub const MAX_MARKS: usize = 100;

/// Every finding, numbered in input order (the toggle key's full list).
pub fn findings(out: &mut Vec<Line<'static>>, all: &Linted<'_>, theme: &Theme, w: usize) {
    if all.is_empty() {
        return;
    }
    out.push(Line::default());
    let key = crate::explorer::app::keymap::key(crate::explorer::app::Action::ToggleFindings);
    out.push(Line::from(vec![
        Span::styled("findings, every one", theme.heading()),
        Span::styled(format!("  ({key} groups them by kind)"), theme.dim()),
    ]));
    // Only the listed findings' messages are written.
    for (i, f) in all.findings().take(MAX_MARKS).enumerate() {
        let at = format!("{}..{}", f.span.start, f.span.end);
        entry(out, all, i, &f, &at, theme, w);
    }
    if all.len() > MAX_MARKS {
        out.push(Line::raw(format!(
            "… and {} more findings",
            all.len() - MAX_MARKS
        )));
    }
}

/// The findings grouped by kind, numbered as their carets are: a lone
/// finding as it is, several of one kind as one entry with their count
/// and first positions.
pub fn grouped_findings(
    out: &mut Vec<Line<'static>>,
    all: &Linted<'_>,
    groups: &[crate::uri::lint::Group],
    theme: &Theme,
    w: usize,
) {
    if groups.is_empty() {
        return;
    }
    out.push(Line::default());
    let mut heading = vec![Span::styled("findings", theme.heading())];
    if groups.len() < all.len() {
        let key = crate::explorer::app::keymap::key(crate::explorer::app::Action::ToggleFindings);
        heading.push(Span::styled(
            format!(
                "  {} in {} kind{} ({key} lists every one)",
                all.len(),
                groups.len(),
                if groups.len() == 1 { "" } else { "s" }
            ),
            theme.dim(),
        ));
    }
    out.push(Line::from(heading));
    for (i, g) in groups.iter().enumerate() {
        let f = &g.first;
        let at = if g.count == 1 {
            format!("{}..{}", f.span.start, f.span.end)
        } else {
            format!("×{} at {}", g.count, g.positions_text())
        };
        entry(out, all, i, f, &at, theme, w);
    }
}

/// Entry `i` of a list of findings: its number, `f`'s severity and code,
/// where (`at`), then its message word-wrapped; under the first, the
/// shape's keys.
fn entry(
    out: &mut Vec<Line<'static>>,
    all: &Linted<'_>,
    i: usize,
    f: &crate::uri::Finding,
    at: &str,
    theme: &Theme,
    w: usize,
) {
    let head = format!("{:>2} {} {} {at}: ", i + 1, f.severity, f.code);
    wrapped(
        out,
        &head,
        &crate::text::quoted::message(&f.message, &[f.span.slice(all.report.input)]),
        theme.severity(f.severity),
        w,
    );
    if i == 0 {
        shape_keys(out, all, theme);
    }
}

/// Under a shape's finding (always the first), the keys that load and
/// copy the URI it most likely means.
fn shape_keys(out: &mut Vec<Line<'static>>, all: &Linted<'_>, theme: &Theme) {
    if all.shape().is_some() {
        out.push(Line::styled(
            format!(
                "   {} loads it, {} offers it to copy",
                keymap::key(Action::LoadLikely),
                keymap::key(Action::CopyChooser)
            ),
            theme.dim(),
        ));
    }
}

/// `head` in `style`, then `msg` word-wrapped to `w` columns, its
/// continuation lines indented.
fn wrapped(
    out: &mut Vec<Line<'static>>,
    head: &str,
    msg: &str,
    style: ratatui::style::Style,
    w: usize,
) {
    let indent = 3;
    let mut first = true;
    let mut rest = msg;
    let mut budget = w.saturating_sub(width(head)).max(10);
    while !rest.is_empty() {
        let (piece, tail) = wrap_once(rest, budget);
        if first {
            out.push(Line::from(vec![
                Span::styled(head.to_string(), style),
                Span::raw(piece.to_string()),
            ]));
            first = false;
            budget = w.saturating_sub(indent).max(10);
        } else {
            out.push(Line::raw(format!("{}{piece}", " ".repeat(indent))));
        }
        rest = tail;
    }
    if first {
        out.push(Line::styled(head.to_string(), style));
    }
}

/// Split `s` after at most `max` columns, at a space when there is one,
/// else on a glyph boundary (at least one glyph, so a wrap moves on). One
/// pass over what the first line shows.
fn wrap_once(s: &str, max: usize) -> (&str, &str) {
    let mut cut = 0;
    let mut last_space = None;
    let mut col = 0;
    for g in glyphs(s) {
        if cut > 0 && col + g.width > max {
            return match last_space {
                Some(sp) if sp > 0 => (&s[..sp], &s[sp + 1..]),
                _ => (&s[..cut], &s[cut..]),
            };
        }
        col += g.width;
        cut = g.byte + g.len;
        if g.len == 1 && s.as_bytes()[g.byte] == b' ' {
            last_space = Some(g.byte);
        }
    }
    (s, "")
}
