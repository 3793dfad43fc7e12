//! The Breakdown's sections below its RFC 3986 lines (URI Template,
//! `data:`, Parsers, WHATWG), drawn from what they read, owned: on a
//! long input a thread of its own draws them (each reads the whole input
//! again, two `url` crate parses among them: a quarter of a second on a
//! 10 MB paste), and the view says so until they are there.

use std::rc::Rc;

use ratatui::text::Line;

use crate::explorer::app::background::SectionLines;
use crate::explorer::app::parsers::{has_scheme, Live};
use crate::explorer::app::App;
use crate::uri::template::Variables;
use crate::uri::Report;
use crate::whatwg::{self, Whatwg};

use super::theme::Theme;

/// What the sections read: the input and everything of the explorer's
/// they show.
#[derive(Clone, Debug)]
pub struct Read {
    /// The input.
    pub input: String,
    /// The URI Template variables (`--vars`).
    pub vars: Variables,
    /// The base a reference without a scheme is read against.
    pub base: String,
    /// Whether the input has a scheme.
    pub has_scheme: bool,
    /// The passwords drawn masked.
    pub secrets: Vec<String>,
    /// Whether passwords are drawn as typed (the reveal key).
    pub reveal: bool,
    /// The external engines, found or not.
    pub engines: Vec<(&'static str, bool)>,
}

impl Read {
    /// What the sections of `app`'s input, analysed as `a`, read.
    fn of(app: &App, a: &Report<'_>) -> Read {
        Read {
            input: a.input.to_string(),
            vars: app.template_vars.clone(),
            base: app.base().to_string(),
            has_scheme: has_scheme(a),
            secrets: super::mask::passwords(app),
            reveal: app.reveal_passwords,
            engines: app.engines.clone(),
        }
    }

    /// The sections' lines, from the parsers' readings `live` and the
    /// browser's `browser`.
    fn lines(
        &self,
        live: &Live,
        browser: &Whatwg,
        theme: &Theme,
        cols: usize,
    ) -> Vec<Line<'static>> {
        let input = self.input.as_str();
        let mut lines = super::template::section(input, &self.vars, theme, cols);
        lines.extend(super::data_url::section(input, theme, cols));
        let (secrets, engines) = (&self.secrets, &self.engines);
        lines.extend(super::parsers::section_of(
            input, live, secrets, engines, theme, cols,
        ));
        let relative_to = (!self.has_scheme).then_some(self.base.as_str());
        lines.extend(super::whatwg::section(
            browser,
            relative_to,
            secrets,
            theme,
            cols,
        ));
        lines
    }

    /// The sections' lines read and drawn here and now: on a thread of
    /// their own.
    fn drawn(&self, theme: &Theme, cols: usize) -> Vec<Line<'static>> {
        let _reveal = super::mask::Reveal::frame(self.reveal);
        let live = Live::of(&self.input, &self.base);
        let against = (!self.has_scheme).then_some(self.base.as_str());
        let browser = whatwg::parse(&self.input, against);
        self.lines(&live, &browser, theme, cols)
    }
}

/// The sections of the input analysed as `a`, `cols` wide, drawn with
/// the parsers' and the browser's readings kept by the memo.
pub fn now(app: &App, a: &Report<'_>, theme: &Theme, cols: usize) -> Vec<Line<'static>> {
    let live = crate::explorer::app::memo::live(app);
    let browser = super::whatwg::kept_parse(app, a);
    Read::of(app, a).lines(&live, &browser, theme, cols)
}

/// The sections as [`now`] draws them, from a thread of their own: `None`
/// until they are there for the texts, the reveal key, the theme and the
/// width as they are.
pub fn offloaded(
    app: &App,
    a: &Report<'_>,
    theme: &Theme,
    cols: usize,
) -> Option<Rc<SectionLines>> {
    let key = (
        app.input.revision(),
        app.base_revision(),
        app.reveal_passwords,
        (theme.no_color, theme.light),
        cols,
    );
    let theme = *theme;
    app.sections.get(key, || {
        let read = Read::of(app, a);
        Box::new(move || SectionLines(read.drawn(&theme, cols)))
    })
}
