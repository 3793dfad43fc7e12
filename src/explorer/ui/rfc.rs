//! The RFC overlay (F8): the passage for what was under the cursor — an
//! ABNF rule's definition, then the section's own text as the RFC prints
//! it — from the line it was scrolled to, one section at a time (Enter
//! shows the next one cited). The lines come from
//! [`crate::explorer::app::citation::passage_lines`]; only those that fit are wrapped and drawn.

use ratatui::text::Line;

use crate::explorer::app::citation::{passage_lines, Citation};
use crate::explorer::app::keymap::key;
use crate::explorer::app::Action;
use crate::text::{fit, visible, width};

use super::theme::Theme;

/// The overlay's title and the lines shown: passage `which` of
/// `citation` from its line `scroll`, in `w`×`h` cells.
pub fn passage(
    citation: &Citation,
    which: usize,
    scroll: usize,
    w: usize,
    h: usize,
    theme: &Theme,
) -> (String, Vec<Line<'static>>) {
    let n = citation.cites.len();
    let title = match citation.cites.get(which) {
        Some(cite) if n > 1 => format!(
            " {cite} {}/{n}, {} next · {} closes ",
            which + 1,
            key(Action::ListPick),
            key(Action::Close)
        ),
        Some(cite) => format!(" {cite} · {} closes ", key(Action::Close)),
        None => " RFC ".to_string(),
    };
    let mut lines = Vec::with_capacity(h);
    for (text, note) in passage_lines(citation, which).into_iter().skip(scroll) {
        for piece in wrap_indented(&visible(&text), w) {
            if lines.len() == h {
                return (title, lines);
            }
            let piece = fit(&piece, w).into_owned();
            lines.push(if note {
                Line::styled(piece, theme.dim())
            } else {
                Line::raw(piece)
            });
        }
    }
    (title, lines)
}

/// A line that fits is kept as it is (the RFC's alignment matters in its
/// ABNF and pseudocode); a longer one wraps under its own indentation.
fn wrap_indented(line: &str, w: usize) -> Vec<String> {
    if width(line) <= w {
        return vec![line.to_string()];
    }
    let body = line.trim_start();
    let indent = line.len() - body.len();
    let indent = if indent * 2 < w { indent } else { 0 };
    crate::text::wrap::wrap(body, w.saturating_sub(indent).max(1))
        .into_iter()
        .map(|p| format!("{:indent$}{p}", ""))
        .collect()
}
