//! Column-exact drawing under a URI: the colored URI line, and grids of
//! one-column cells (underbraces, carets, labels, the NO_COLOR ruler) whose
//! columns come from [`display::Columns`](crate::display::Columns), so
//! they line up with the URI whatever its characters' widths.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::app::breakdown::Role;
use crate::display::glyphs;

use super::theme::Theme;

/// The URI drawn in its role colors, from column `skip`, at most `max`
/// columns wide. A wide glyph cut by either edge becomes spaces.
pub fn uri_line(
    input: &str,
    roles: &[Role],
    theme: &Theme,
    skip: usize,
    max: usize,
) -> Line<'static> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut run = String::new();
    let mut run_style = Style::new();
    let mut col = 0;
    let end = skip + max;
    for g in glyphs(input) {
        if col >= end {
            break;
        }
        let role = roles.get(g.byte).copied().unwrap_or(Role::Delimiter);
        let style = theme.role(role);
        let gend = col + g.width;
        let text: std::borrow::Cow<'_, str> = if col >= skip && gend <= end {
            g.text
        } else if gend <= skip {
            col = gend;
            continue;
        } else {
            // Partly visible: pad the visible columns.
            std::borrow::Cow::Owned(" ".repeat(gend.min(end) - col.max(skip)))
        };
        if style != run_style && !run.is_empty() {
            spans.push(Span::styled(std::mem::take(&mut run), run_style));
        }
        run_style = style;
        run.push_str(&text);
        col = gend;
    }
    if !run.is_empty() {
        spans.push(Span::styled(run, run_style));
    }
    Line::from(spans)
}

/// Rows of one-column ASCII cells, each with a style.
#[derive(Clone, Debug, Default)]
pub struct Grid {
    rows: Vec<Vec<Option<(char, Style)>>>,
}

impl Grid {
    /// An empty grid.
    pub fn new() -> Grid {
        Grid::default()
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    fn row_mut(&mut self, row: usize) -> &mut Vec<Option<(char, Style)>> {
        while self.rows.len() <= row {
            self.rows.push(Vec::new());
        }
        &mut self.rows[row]
    }

    /// Whether columns `a..b` of `row` are empty.
    pub fn free(&self, row: usize, a: usize, b: usize) -> bool {
        match self.rows.get(row) {
            None => true,
            Some(r) => (a..b).all(|c| r.get(c).is_none_or(Option::is_none)),
        }
    }

    /// Put `ch` at `(row, col)`.
    pub fn put(&mut self, row: usize, col: usize, ch: char, style: Style) {
        let r = self.row_mut(row);
        if r.len() <= col {
            r.resize(col + 1, None);
        }
        r[col] = Some((ch, style));
    }

    /// Write ASCII `text` from `(row, col)`.
    pub fn text(&mut self, row: usize, col: usize, text: &str, style: Style) {
        for (i, ch) in text.chars().enumerate() {
            self.put(row, col + i, ch, style);
        }
    }

    /// An underbrace over columns `a..b` on `row`: `\_/` style, `|` for
    /// one column, `\/` for two (RFC 3986 §3's diagram).
    pub fn brace(&mut self, row: usize, a: usize, b: usize, style: Style) {
        match b.saturating_sub(a) {
            0 => {}
            1 => self.put(row, a, '|', style),
            2 => self.text(row, a, "\\/", style),
            w => {
                self.put(row, a, '\\', style);
                for c in a + 1..a + w - 1 {
                    self.put(row, c, '_', style);
                }
                self.put(row, a + w - 1, '/', style);
            }
        }
    }

    /// Place labels under the marks at their `center` columns, starting at
    /// row `first`: each label goes on the first row where it fits without
    /// touching another (one column apart), and `|` connectors run down
    /// from row `first - 1` to the label.
    pub fn labels(&mut self, first: usize, items: &[(usize, String, Style)]) {
        for (center, text, style) in items {
            let len = text.chars().count();
            let start = center.saturating_sub(len.saturating_sub(1) / 2);
            let mut row = first;
            while !self.free(row, start.saturating_sub(1), start + len + 1) {
                row += 1;
                if row > first + 64 {
                    break;
                }
            }
            self.text(row, start, text, *style);
            for r in first.saturating_sub(1)..row {
                if self.free(r, *center, center + 1) {
                    self.put(r, *center, '|', *style);
                }
            }
        }
    }

    /// Row `row` as a line: columns `skip..skip + max`.
    pub fn line(&self, row: usize, skip: usize, max: usize) -> Line<'static> {
        let mut spans = Vec::new();
        let Some(r) = self.rows.get(row) else {
            return Line::default();
        };
        let mut run = String::new();
        let mut run_style = Style::new();
        for cell in r.iter().skip(skip).take(max) {
            let (ch, style) = cell.unwrap_or((' ', Style::new()));
            if style != run_style && !run.is_empty() {
                spans.push(Span::styled(std::mem::take(&mut run), run_style));
            }
            run_style = style;
            run.push(ch);
        }
        if !run.trim_end().is_empty() {
            spans.push(Span::styled(run, run_style));
        }
        Line::from(spans)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(g: &Grid, row: usize) -> String {
        g.line(row, 0, 200).to_string()
    }

    #[test]
    fn braces_and_labels_like_rfc3986_section_3() {
        let mut g = Grid::new();
        let s = Style::new();
        g.brace(0, 0, 3, s);
        g.brace(0, 6, 22, s);
        g.brace(0, 22, 33, s);
        g.brace(0, 34, 45, s);
        g.brace(0, 46, 50, s);
        g.labels(
            2,
            &[
                (1, "scheme".into(), s),
                (13, "authority".into(), s),
                (27, "path".into(), s),
                (39, "query".into(), s),
                (47, "fragment".into(), s),
            ],
        );
        assert_eq!(
            text(&g, 0),
            r"\_/   \______________/\_________/ \_________/ \__/"
        );
        assert_eq!(
            text(&g, 1),
            " |           |             |           |       |"
        );
        assert_eq!(
            text(&g, 2),
            "scheme   authority        path       query  fragment"
        );
    }

    #[test]
    fn crowded_labels_go_down_a_row() {
        let mut g = Grid::new();
        let s = Style::new();
        g.labels(1, &[(0, "scheme".into(), s), (2, "host".into(), s)]);
        assert_eq!(text(&g, 0), "| |");
        assert_eq!(text(&g, 1), "scheme");
        assert_eq!(text(&g, 2), " host");
    }
}
