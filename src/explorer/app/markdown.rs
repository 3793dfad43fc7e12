//! The Markdown report of each view, offered by the copy chooser:
//! the Breakdown's (and the Encode pane's) input
//! analysed, the Resolve pane's resolution traced, the Compare pane's
//! normalization ladders and verdict. Written by [`crate::report::markdown`],
//! with passwords masked.

use super::{App, Pane};
use crate::report::markdown::write_parse;
use crate::uri::lint::Linted;
use crate::uri::{self, ParseOptions};

/// The views with a report of their own, in the chooser's order (tab
/// order; the Encode pane's input report is the Breakdown's). Every view
/// is offered whatever pane is shown, so the kept list does not change
/// with Tab.
pub fn views() -> Vec<Pane> {
    Pane::ALL
        .iter()
        .copied()
        .filter(|p| p.component().offers_report())
        .collect()
}

/// The chooser's label for the report of `pane`.
pub fn label(pane: Pane) -> String {
    format!("Markdown report ({} view)", pane.title())
}

/// The report's first line, without writing the report (the chooser's
/// row).
pub fn heading(app: &App, pane: Pane) -> String {
    pane.component().report_heading(app)
}

/// [`heading`] as the copy chooser shows it: the user's texts it quotes
/// (written in the plain notation, `\u{200d}`, for pasting) put back as
/// typed, for the chooser to show in the screen's notation like its other
/// rows. Each quoted text is found where the heading quotes it, in order
/// (the reference, then the base), never guessed from a backslash.
pub fn heading_shown(app: &App, pane: Pane) -> String {
    use crate::report::markdown::HEADING_CHARS;
    let mut h = heading(app, pane);
    let quoted = pane.component().report_quotes(app);
    let mut from = 0;
    for text in quoted {
        let masked = crate::text::mask::mask_password(text);
        let head = match masked.char_indices().nth(HEADING_CHARS) {
            Some((cut, _)) => &masked[..cut],
            None => &masked[..],
        };
        let plain = crate::text::plain::visible(head);
        if let Some(at) = h[from..].find(plain.as_ref()).map(|i| from + i) {
            h.replace_range(at..at + plain.len(), head);
            from = at + head.len();
        }
    }
    h
}

/// The report of `pane`'s view.
pub fn report(app: &App, pane: Pane) -> String {
    pane.component().report(app)
}

/// The report of the input analysed (the Breakdown's and the Encode
/// pane's).
pub fn parse_report(app: &App) -> String {
    let mut out = Vec::new();
    let r = uri::analyze(app.input.text(), ParseOptions::new().iri(true));
    // Writing into a Vec cannot fail.
    let _ = write_parse(&mut out, &Linted::new(&r));
    String::from_utf8_lossy(&out).into_owned()
}

/// The copy chooser's label of [`html_report`], its last row.
pub const HTML_LABEL: &str = "HTML report (Breakdown view)";

/// The input analysed as one self-contained HTML page
/// ([`crate::report::html`]), passwords masked.
pub fn html_report(app: &App) -> String {
    let mut out = Vec::new();
    let r = uri::analyze(app.input.text(), ParseOptions::new().iri(true));
    // Writing into a Vec cannot fail.
    let _ = crate::report::html::page_start(&mut out, "uriscope")
        .and_then(|()| crate::report::html::write_parse(&mut out, &Linted::new(&r)))
        .and_then(|()| crate::report::html::page_end(&mut out));
    String::from_utf8_lossy(&out).into_owned()
}

/// The heading of [`parse_report`].
pub fn parse_heading(app: &App) -> String {
    crate::report::markdown::parse_heading(app.input.text())
}
