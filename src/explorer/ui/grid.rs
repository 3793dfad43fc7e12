//! Column-exact drawing under a URI: the colored URI line, and grids of
//! one-column cells (underbraces, carets, labels, the NO_COLOR ruler) whose
//! columns come from [`display::Columns`](crate::text::Columns), so
//! they line up with the URI whatever its characters' widths. The cells'
//! layout is [`crate::text::diagram`]'s; here it is styled and drawn.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::explorer::app::role::Role;
use crate::text::diagram::Cells;
use crate::text::{glyphs, Columns};

use super::theme::Theme;

/// The URI drawn in its role colors, from column `skip`, at most `max`
/// columns wide. A wide glyph cut by either edge becomes spaces. `cols`,
/// the columns of `input` when the caller keeps them, lets drawing start
/// at column `skip` without walking the glyphs before it.
pub fn uri_line(
    input: &str,
    cols: Option<&Columns>,
    roles: &[Role],
    theme: &Theme,
    skip: usize,
    max: usize,
) -> Line<'static> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut run = String::new();
    let mut run_style = Style::new();
    let end = skip.saturating_add(max);
    // Printable ASCII up to one byte past the window (no cluster joins two
    // printable ASCII characters) draws byte for column: the rest of a
    // 10 MB input is not looked at.
    // The column map of the input knows it without a scan.
    let probe = &input.as_bytes()[..input.len().min(end.saturating_add(1))];
    let known = cols.is_some_and(|c| c.is_printable_ascii() && c.width() == input.len());
    if known || probe.iter().all(|b| (0x20..0x7f).contains(b)) {
        // Printable ASCII: byte == column, slice the window directly.
        let (a, b) = (skip.min(input.len()), end.min(input.len()));
        for (i, ch) in input[a..b].char_indices() {
            let role = roles.get(a + i).copied().unwrap_or(Role::Delimiter);
            let style = theme.role(role);
            if style != run_style && !run.is_empty() {
                spans.push(Span::styled(std::mem::take(&mut run), run_style));
            }
            run_style = style;
            run.push(ch);
        }
        if !run.is_empty() {
            spans.push(Span::styled(run, run_style));
        }
        return Line::from(spans);
    }
    // With the input's columns, the glyphs before the scroll position are
    // not segmented (the input line of a 64 KB paste is drawn scrolled to
    // its end): drawing starts at the glyph under column `skip`.
    let (from, mut col) = cols.map_or((0, 0), |c| c.glyph_at(skip));
    for mut g in glyphs(&input[from..]) {
        g.byte += from;
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

/// The diagram's cells ([`Cells`], the layout shared with the HTML
/// report) with terminal styles, drawn as ratatui lines.
#[derive(Clone, Debug, Default)]
pub struct Grid(Cells<Style>);

impl std::ops::Deref for Grid {
    type Target = Cells<Style>;
    fn deref(&self) -> &Cells<Style> {
        &self.0
    }
}

impl std::ops::DerefMut for Grid {
    fn deref_mut(&mut self) -> &mut Cells<Style> {
        &mut self.0
    }
}

impl Grid {
    /// An empty grid showing columns `skip..skip + max`.
    pub fn window(skip: usize, max: usize) -> Grid {
        Grid(Cells::window(skip, max))
    }

    /// An empty grid with no window limit (for tests).
    pub fn new() -> Grid {
        Grid(Cells::new())
    }

    /// Row `row` as a line (the window's columns).
    pub fn line(&self, row: usize) -> Line<'static> {
        let mut spans = Vec::new();
        if row >= self.0.height() {
            return Line::default();
        }
        let mut run = String::new();
        let mut run_style = Style::new();
        for cell in self.0.row(row) {
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
mod scroll_tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Starting at the glyph under the scroll column draws the same
        /// line as walking every glyph from the start.
        #[test]
        fn uri_line_from_the_columns_is_the_walked_line(
            s in "([a-z/:]{0,4}|例|😀|e\u{301}|\u{1b}|\u{200d}|\u{301}|%E2| ){0,16}",
            skip in 0usize..40,
            max in 1usize..20,
        ) {
            let roles: Vec<Role> = s
                .bytes()
                .enumerate()
                .map(|(i, _)| if i % 3 == 0 { Role::Path } else { Role::Host })
                .collect();
            let theme = Theme::default();
            let cols = Columns::new(&s);
            let walked = uri_line(&s, None, &roles, &theme, skip, max);
            let jumped = uri_line(&s, Some(&cols), &roles, &theme, skip, max);
            prop_assert_eq!(jumped, walked);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(g: &Grid, row: usize) -> String {
        g.line(row).to_string()
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

    #[test]
    fn the_window_is_drawn_from_its_own_bytes() {
        let theme = Theme::default();
        let line = |s: &str, skip, max| {
            let roles = vec![Role::Path; s.len()];
            uri_line(s, None, &roles, &theme, skip, max).to_string()
        };
        // What follows the window does not change it...
        let tail = format!("abcdef{}", "\u{1b}".repeat(1 << 16));
        assert_eq!(line(&tail, 1, 3), "bcd");
        // ...unless it joins the window's last character.
        assert_eq!(line("abc\u{301}", 0, 3), "abc\u{301}");
        assert_eq!(line("abcd\u{301}", 0, 3), "abc");
    }

    #[test]
    fn a_label_at_an_edge_of_the_window_moves_in_whole() {
        // "fragment" under the last columns of the view is moved in whole,
        // one column clear of the edge (where the scrollbar stands).
        let s = Style::new();
        // It stands one column clear of the window's edge (a scrollbar
        // stands there).
        let mut g = Grid::window(0, 20);
        g.labels(1, &[(18, "fragment".into(), s)]);
        assert_eq!(text(&g, 0), "                  |");
        assert_eq!(text(&g, 1), "           fragment");
        // Scrolled: the first label moves right into view.
        let mut g = Grid::window(10, 20);
        g.labels(1, &[(11, "authority".into(), s)]);
        assert_eq!(text(&g, 0), " |");
        assert_eq!(text(&g, 1), "authority");
    }

    #[test]
    fn a_window_keeps_only_its_columns() {
        let s = Style::new();
        let mut g = Grid::window(4, 6);
        g.brace(0, 0, 20, s);
        g.labels(2, &[(1, "far".into(), s), (10, "authority".into(), s)]);
        assert_eq!(text(&g, 0), "______");
        assert_eq!(text(&g, 1), "");
        assert_eq!(text(&g, 2), "  auth");
    }
}
