//! The Resolve pane's RFC 2396 view: the 1998 algorithm's steps 1-7 and
//! 6a-6h (`uri::rfc2396::resolve`) one row per step, revealed by
//! stepping, then the RFC 3986 and RFC 2396 targets side by side with the
//! part where they differ highlighted (`../../../g`: `http://a/g` against
//! `http://a/../g`).

use ratatui::text::{Line, Span};

use crate::explorer::app::keymap::{key, keys};
use crate::explorer::app::resolve::{resolution_2396, shown};
use crate::explorer::app::{Action, App};
use crate::text::{clip, fit, visible, width};
use crate::uri::trace::Resolution;
use crate::uri::{self, Severity};

use super::field::{marked, marks_line, row};
use super::field::{RESOLVE_LABEL as LABEL, STEP_WINDOW as WINDOW};
use super::theme::Theme;
use crate::text::wrap::{pad, wrap};

/// The most lines a step's text is wrapped into.
const DESC_LINES: usize = 16;

/// The RFC 2396 steps, then both targets side by side.
pub fn render_steps(
    app: &App,
    r3986: &Result<Resolution, uri::ResolveError>,
    out: &mut Vec<Line<'static>>,
    theme: &Theme,
    w: usize,
) -> Option<usize> {
    let (steps, result) = match resolution_2396(app) {
        Ok(r) => (r.steps, Ok(r.target)),
        Err(e) => {
            let msg = e.to_string();
            (e.steps, Err(msg))
        }
    };
    let len = steps.len();
    let n = shown(&app.resolve, len);
    // Passwords are drawn masked in the steps and the targets.
    let secrets = super::mask::passwords(app);
    let hide = |t: &str| super::mask::hide_passwords(t, &secrets).into_owned();
    out.push(row(
        "steps (§5.2)",
        LABEL,
        vec![Span::styled(format!("row {n} of {len}"), theme.dim())],
        theme,
    ));
    // The buffer column is as wide as its widest cell, up to what leaves
    // the description 20 columns of the screen (a cell cut there is read
    // whole with Enter); the description wraps in what is left.
    let need = steps
        .iter()
        .take(n)
        .skip(n.saturating_sub(WINDOW))
        .map(|s| width(&hide(&s.buffer)))
        .max()
        .unwrap_or(0);
    let screen = super::field::prose(w);
    let most = screen
        .saturating_sub(6 + 1 + 20)
        .max(screen.saturating_sub(6) * 2 / 5)
        .min(screen.saturating_sub(6) / 2)
        .max(8);
    let buf_w = need.clamp(10, most.max(10));
    let desc_w = screen.saturating_sub(6 + buf_w + 1).max(8);
    let mut pin = None;
    let first = n.saturating_sub(WINDOW);
    if first > 0 {
        out.push(Line::styled(
            format!(
                "  …  {first} earlier step(s) not drawn ({} steps back)",
                key(Action::StepPrev)
            ),
            theme.dim(),
        ));
    }
    for (i, s) in steps.iter().enumerate().take(n).skip(first) {
        let current = i + 1 == n;
        let base = if current {
            theme.current()
        } else {
            ratatui::style::Style::new()
        };
        // The step's text is wrapped under itself, cut only past
        // DESC_LINES lines (a step that quotes a 64 KB input wrapped into
        // 1,400 lines at every frame), ending with `…` then.
        let description = hide(&s.description);
        let kept = clip(&description, desc_w.max(1) * DESC_LINES);
        let mut pieces = wrap(&visible(kept), desc_w);
        if kept.len() < description.len() {
            pieces.truncate(DESC_LINES);
            if let Some(last) = pieces.last_mut().filter(|l| !l.ends_with('…')) {
                *last = format!(
                    "{}…",
                    fit(last, desc_w.saturating_sub(1)).trim_end_matches('…')
                );
            }
        }
        // The buffer wraps in its column too (the first steps' buffers
        // quote the four components, wider than the column), cut only
        // past DESC_LINES lines as the description is.
        let buffer = hide(&s.buffer);
        let kept = clip(&buffer, buf_w * DESC_LINES);
        let mut cells = wrap(&visible(kept), buf_w);
        cells.truncate(DESC_LINES);
        let rows = cells.len().max(pieces.len()).max(1);
        let (mut cells, mut text) = (cells.into_iter(), pieces.into_iter());
        for r in 0..rows {
            let lead = if r == 0 {
                format!("  {:<3} ", s.rule)
            } else {
                " ".repeat(6)
            };
            out.push(Line::from(vec![
                Span::styled(lead, base),
                Span::styled(
                    pad(cells.next().unwrap_or_default(), buf_w + 1),
                    if current { theme.changed() } else { base },
                ),
                Span::styled(text.next().unwrap_or_default(), theme.dim()),
            ]));
        }
        if current {
            pin = Some(out.len() - 1);
        }
    }
    if n < len {
        out.push(Line::styled(
            format!("  ·  {} more row(s): {}", len - n, keys(Action::StepNext)),
            theme.dim(),
        ));
    }
    let val = w.saturating_sub(LABEL);
    let t2396 = match &result {
        Ok(t) => hide(t),
        Err(m) => {
            // At most DESC_LINES lines of it (a message may quote the input).
            for piece in crate::text::wrap::wrap_upto(m, super::field::prose(w), DESC_LINES) {
                out.push(Line::styled(piece, theme.severity(Severity::Error)));
            }
            return pin;
        }
    };
    if n < len {
        return pin;
    }
    let t3986 = r3986.as_ref().map(|r| hide(&r.target));
    let (a, b) = match &t3986 {
        Ok(t) => diff_spans(t, &t2396),
        Err(_) => (Vec::new(), Vec::new()),
    };
    let hi = theme.changed();
    match &t3986 {
        Ok(t) => {
            let drawn = fit(t, val);
            let mut v = marked(&drawn, &a, theme.good(), hi);
            if t == &t2396 {
                v.push(Span::styled("  (same)", theme.dim()));
            }
            out.push(row("RFC 3986", LABEL, v, theme));
            out.extend(marks_line(&drawn, &a, LABEL, hi));
        }
        Err(e) => out.push(row(
            "RFC 3986",
            LABEL,
            vec![Span::styled(
                fit(&visible(&e.message), val).into_owned(),
                theme.severity(Severity::Error),
            )],
            theme,
        )),
    }
    let drawn = fit(&t2396, val);
    let mut v = marked(&drawn, &b, theme.good(), hi);
    if t3986.as_ref().is_ok_and(|t| t != &t2396) {
        v.push(Span::styled(
            "  ≠ differs",
            theme.severity(Severity::Warning),
        ));
    }
    out.push(row("RFC 2396", LABEL, v, theme));
    out.extend(marks_line(&drawn, &b, LABEL, hi));
    // Every step shown: keep the two targets in view.
    Some(out.len() - 1)
}

/// The middle parts where `a` and `b` differ (after their common prefix,
/// before their common suffix), as spans into each.
fn diff_spans(a: &str, b: &str) -> (Vec<uri::Span>, Vec<uri::Span>) {
    if a == b {
        return (Vec::new(), Vec::new());
    }
    let (ab, bb) = (a.as_bytes(), b.as_bytes());
    let mut p = ab.iter().zip(bb).take_while(|(x, y)| x == y).count();
    while !a.is_char_boundary(p) || !b.is_char_boundary(p) {
        p -= 1;
    }
    let max_s = ab.len().min(bb.len()) - p;
    let mut s = ab
        .iter()
        .rev()
        .zip(bb.iter().rev())
        .take(max_s)
        .take_while(|(x, y)| x == y)
        .count();
    while !a.is_char_boundary(ab.len() - s) || !b.is_char_boundary(bb.len() - s) {
        s -= 1;
    }
    (
        vec![uri::Span::new(p, ab.len() - s)],
        vec![uri::Span::new(p, bb.len() - s)],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_of_the_above_root_case() {
        let (a, b) = diff_spans("http://a/g", "http://a/../g");
        assert_eq!((a[0].start, a[0].end), (9, 9));
        assert_eq!(b[0].slice("http://a/../g"), "../");
    }

    #[test]
    fn no_diff_when_equal() {
        assert_eq!(diff_spans("x:/a", "x:/a"), (Vec::new(), Vec::new()));
    }
}
