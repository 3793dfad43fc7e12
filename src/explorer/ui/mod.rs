//! Pure rendering of the explorer: `impl Widget for &App`. One file per
//! region; [`theme`] maps semantic roles to styles.
//!
//! Layout: the input line at the top, the pane strip, the focused view,
//! the hint bar and the status line at the bottom. From 40x12 to 79x15 a
//! compact layout shares one bottom line between status and hints; below
//! 40x12 a "terminal too small" message is drawn instead.

pub mod bars;
pub mod breakdown;
pub mod compare;
pub mod data_url;
pub mod encode;
pub mod field;
pub mod findings;
pub mod grid;
pub mod mask;
pub mod overlay;
pub mod parsers;
pub mod query;
pub mod resolve;
pub mod resolve_2396;
pub mod rfc;
pub mod sections;
pub mod template;
pub mod theme;
pub mod whatwg;

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::widgets::{Paragraph, Widget};

use crate::explorer::app::{Action, App, Pane};
use theme::Theme;

/// The smallest size the explorer draws in.
pub const MIN_WIDTH: u16 = 40;
/// The smallest size the explorer draws in.
pub const MIN_HEIGHT: u16 = 12;

/// Where each region goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Regions {
    /// The input line.
    pub input: Rect,
    /// The pane strip.
    pub tabs: Rect,
    /// The focused view.
    pub view: Rect,
    /// The hint bar (absent in the compact layout).
    pub hints: Option<Rect>,
    /// The status line (in the compact layout, also the hints).
    pub status: Rect,
}

/// The regions for `area`, or `None` when it is too small.
pub fn regions(area: Rect) -> Option<Regions> {
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        return None;
    }
    let row = |y: u16| Rect::new(area.x, area.y + y, area.width, 1);
    let compact = area.height < 16;
    let bottom = if compact { 1 } else { 2 };
    let view_h = area.height - 2 - bottom;
    Some(Regions {
        input: row(0),
        tabs: row(1),
        view: Rect::new(area.x, area.y + 2, area.width, view_h),
        hints: (!compact).then(|| row(area.height - 2)),
        status: row(area.height - 1),
    })
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let _reveal = mask::Reveal::frame(self.reveal_passwords);
        let theme = Theme {
            no_color: self.no_color,
            light: self.light,
        };
        let Some(r) = regions(area) else {
            too_small(area, buf);
            return;
        };
        // One analysis per frame, shared by every region, made when one
        // first needs it: a key that changes no text in a pane that does
        // not draw it (a move in the Query table, a scroll) analyses
        // nothing.
        let width = area.width;
        let analysis: Analysis<'_> =
            std::cell::LazyCell::new(Box::new(move || frame_analysis(self, width)));
        bars::input(self, &analysis, r.input, buf, &theme);
        bars::tabs(self, r.tabs, buf, &theme);
        field::take_view();
        field::take_max_x();
        view(self.pane)(self, &analysis, r.view, buf, &theme);
        match r.hints {
            // A status message longer than the screen takes the hint
            // bar's line too: it is read whole, its instruction included.
            Some(h) if bars::status_lines(self, usize::from(area.width)) > 1 => {
                let both = Rect::new(h.x, h.y, h.width, h.height + r.status.height);
                bars::status(self, both, buf, &theme, false);
            }
            Some(h) => {
                bars::hints(self, h, buf, &theme);
                bars::status(self, r.status, buf, &theme, false);
            }
            None => bars::status(self, r.status, buf, &theme, true),
        }
        let mut drawn = self.drawn.get();
        if let Some((rows, first, max_y)) = field::take_view() {
            (drawn.view_rows, drawn.view_first, drawn.view_max_y) = (rows, first, max_y);
        }
        drawn.view_max_x = field::take_max_x();
        (drawn.overlay_rows, drawn.overlay_max) = (0, 0);
        if let Some(o) = &self.overlay {
            (drawn.overlay_rows, drawn.overlay_max) = overlay::render(self, o, area, buf, &theme);
        }
        self.drawn.set(drawn);
    }
}

/// The frame's analysis of the input: [`App::analysis`], keeping only
/// the findings a screen `width` columns wide can show (the Breakdown's
/// carets from its scroll on, its list of findings, the first positions
/// of each kind) and counting the rest, so that a key on a 10 MB paste
/// with a finding every few bytes records a few hundred, not millions.
/// The verdict, the components and every count are those of the whole
/// analysis.
pub fn frame_analysis(app: &App, width: u16) -> crate::uri::Report<'_> {
    use crate::uri::{report::analyze_within, report::Within, ParseOptions};
    let text = app.input.text();
    let options = ParseOptions::new().iri(true);
    let last_col = app.breakdown.scroll.x.saturating_add(usize::from(width)) + 2;
    let before = app.input.columns().glyph_at(last_col).0 + 1;
    let within = |before| Within {
        before,
        first: findings::MAX_MARKS + 1,
    };
    let a = analyze_within(text, options, within(before));
    // A password is drawn as a mask of fixed length: the Breakdown's
    // columns then reach as much further into the input as the mask is
    // shorter.
    match mask::password_span(&a) {
        Some(p) if p.len() > mask::MASK.len() => {
            analyze_within(text, options, within(before + p.len() - mask::MASK.len()))
        }
        _ => a,
    }
}

/// The frame's analysis of the input ([`frame_analysis`]), made when a
/// region first reads it.
pub type Analysis<'a> =
    std::cell::LazyCell<crate::uri::Report<'a>, Box<dyn FnOnce() -> crate::uri::Report<'a> + 'a>>;

/// How a pane draws its view: the app, the frame's analysis of the input,
/// the view's area.
pub type Draw = fn(&App, &Analysis<'_>, Rect, &mut Buffer, &Theme);

/// Each pane's drawing: the view side of the panes' list
/// ([`Pane::component`](crate::explorer::app::Pane::component) is the
/// model side).
pub fn view(pane: Pane) -> Draw {
    match pane {
        Pane::Breakdown => |app, a, area, buf, theme| breakdown::render(app, a, area, buf, theme),
        Pane::Resolve => |app, _, area, buf, theme| resolve::render(app, area, buf, theme),
        Pane::Compare => |app, _, area, buf, theme| compare::render(app, area, buf, theme),
        Pane::Encode => |app, _, area, buf, theme| encode::render(app, area, buf, theme),
        Pane::Query => |app, _, area, buf, theme| query::render(app, area, buf, theme),
    }
}

/// The rows of `pane`'s view built `w` columns wide, for the rows-whole
/// overlay (none for a pane whose rows are not cut: the Breakdown and the
/// Query pane have their own Enter).
pub fn rows(pane: Pane, app: &App, theme: &Theme, w: usize) -> Vec<ratatui::text::Line<'static>> {
    match pane {
        Pane::Resolve => resolve::build(app, theme, w).0,
        Pane::Compare => compare::build(app, theme, w),
        Pane::Encode => encode::build(app, theme, w),
        Pane::Breakdown | Pane::Query => Vec::new(),
    }
}

fn too_small(area: Rect, buf: &mut Buffer) {
    let lines = [
        if area.width >= 18 {
            "terminal too small"
        } else {
            "too small"
        }
        .to_string(),
        format!("need {MIN_WIDTH}x{MIN_HEIGHT}"),
        format!("have {}x{}", area.width, area.height),
        format!(
            "{} quits",
            crate::explorer::app::keymap::key(crate::explorer::app::Action::Quit)
        ),
    ];
    let text: Vec<ratatui::text::Line> = lines
        .iter()
        .map(|l| {
            ratatui::text::Line::raw(crate::text::fit(l, usize::from(area.width)).into_owned())
        })
        .collect();
    let top = area.height.saturating_sub(text.len() as u16) / 2;
    let inner = Rect::new(area.x, area.y + top, area.width, area.height - top);
    Paragraph::new(text)
        .alignment(ratatui::layout::Alignment::Center)
        .render(inner, buf);
}

/// Where the terminal cursor goes: in the focused text field.
pub fn cursor(app: &App, area: Rect) -> Option<Position> {
    let r = regions(area)?;
    match &app.overlay {
        Some(crate::explorer::app::Overlay::Edit(e)) => return overlay::edit_cursor(e, area),
        Some(crate::explorer::app::Overlay::History { filter, .. }) => {
            return overlay::field_cursor(filter, area, 0)
        }
        Some(crate::explorer::app::Overlay::Parsers(p)) => {
            return overlay::field_cursor(&p.allow, area, 0)
        }
        _ => {}
    }
    if app.overlay.is_some() {
        return None;
    }
    match app.focus {
        crate::explorer::app::Focus::Input => bars::input_cursor(app, r.input),
        crate::explorer::app::Focus::Pane(_) => None,
        crate::explorer::app::Focus::Field(_) => field::pane_cursor(app, r.view),
    }
}

/// What a mouse click at `(col, row)` means: focus the input line or a pane.
pub fn click(app: &App, area: Rect, col: u16, row: u16) -> Option<Action> {
    let r = regions(area)?;
    if app.overlay.is_some() {
        return None;
    }
    let p = Position::new(col, row);
    if r.input.contains(p) {
        return Some(Action::FocusInput);
    }
    if r.tabs.contains(p) {
        return bars::tab_at(r.tabs, col).map(Action::FocusPane);
    }
    if r.view.contains(p) {
        // The first row of a pane with a field is the field.
        if row == r.view.y {
            return Some(Action::FocusField(app.pane));
        }
        return Some(Action::FocusPane(app.pane));
    }
    None
}
