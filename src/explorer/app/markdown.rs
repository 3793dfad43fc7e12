//! The Markdown report of each view, offered by the copy chooser
//! (issue 13 point 2): the Breakdown's (and the Encode pane's) input
//! analysed, the Resolve pane's resolution traced, the Compare pane's
//! normalization ladders and verdict. Written by [`crate::report::markdown`],
//! with passwords masked.

use super::{compare, resolve, App, Pane};
use crate::report::markdown::{code, write_normalize, write_parse, write_resolve, Trace};
use crate::uri::lint::Linted;
use crate::uri::{self, ParseOptions};

/// The views with a report of their own, in the chooser's order (the
/// Encode pane's input report is the Breakdown's). Every view is offered
/// whatever pane is shown, so the kept list does not change with Tab.
pub const VIEWS: [Pane; 3] = [Pane::Breakdown, Pane::Resolve, Pane::Compare];

/// The chooser's label for the report of `pane`.
pub fn label(pane: Pane) -> String {
    format!("Markdown report ({} view)", pane.title())
}

/// The report's first line, without writing the report (the chooser's
/// row).
pub fn heading(app: &App, pane: Pane) -> String {
    use crate::report::markdown::{normalize_heading, parse_heading, resolve_heading};
    let input = app.input.text();
    match pane {
        Pane::Breakdown | Pane::Encode => parse_heading(input),
        Pane::Resolve => resolve_heading(app.resolve.base.text(), input),
        Pane::Compare => normalize_heading(input),
    }
}

/// [`heading`] as the copy chooser shows it: the user's texts it quotes
/// (written in the plain notation, `\u{200d}`, for pasting) put back as
/// typed, for the chooser to show in the screen's notation like its other
/// rows. Each quoted text is found where the heading quotes it, in order
/// (the reference, then the base), never guessed from a backslash.
pub fn heading_shown(app: &App, pane: Pane) -> String {
    use crate::report::markdown::HEADING_CHARS;
    let mut h = heading(app, pane);
    let input = app.input.text();
    let base = app.resolve.base.text();
    let quoted: &[&str] = match pane {
        Pane::Resolve => &[input, base],
        _ => &[input],
    };
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
    let mut out = Vec::new();
    let input = app.input.text();
    // Writing into a Vec cannot fail.
    let _ = match pane {
        Pane::Breakdown | Pane::Encode => {
            let r = uri::analyze(input, ParseOptions { iri: true });
            write_parse(&mut out, &Linted::new(&r))
        }
        Pane::Resolve => {
            let base = app.resolve.base.text();
            if app.resolve.rfc2396 {
                match resolve::resolution_2396(app) {
                    Ok(r) => {
                        write_resolve(&mut out, base, input, Ok((&r.target, Trace::Rfc2396(&r))))
                    }
                    Err(e) => write_resolve(&mut out, base, input, Err(&e.to_string())),
                }
            } else {
                match resolve::resolution(app) {
                    Ok(r) => {
                        write_resolve(&mut out, base, input, Ok((&r.target, Trace::Rfc3986(&r))))
                    }
                    Err(e) => write_resolve(&mut out, base, input, Err(&e.message)),
                }
            }
        }
        Pane::Compare => {
            use std::io::Write;
            let n = compare::normalization(app);
            let iri_ladder = compare::ladder_options(app).iri;
            let r = match &n {
                Ok(n) => write_normalize(&mut out, input, Ok((&n.normalized, Some(n)))),
                Err(e) => write_normalize(&mut out, input, Err(&e.message)),
            };
            let forms = compare::normal_forms(input);
            if let (false, Some(iri)) = (iri_ladder, &forms.iri) {
                let iri = crate::text::mask::mask_password(iri);
                let _ = writeln!(
                    out,
                    "**IRI form** (RFC 3987 §5.3, `normalize --iri`): {}\n",
                    code(&iri)
                );
            } else if iri_ladder && n.is_ok() {
                let _ = writeln!(
                    out,
                    "Not a URI-reference (`uriscope normalize` refuses it): normalized as an IRI (RFC 3987 §5.3, `normalize --iri`).\n"
                );
            }
            let other = app.compare.text.text();
            if let Some(c) = compare::comparison(app) {
                let (shown, options) = c.shown();
                let verdict = match shown {
                    Ok(e) => e.verdict(),
                    Err(e) => format!("not compared: {}", e.message),
                };
                let mode = if options.iri {
                    " as IRIs (`equiv --iri`)"
                } else {
                    ""
                };
                let masked = crate::text::mask::mask_password(other);
                let _ = writeln!(
                    out,
                    "**Compared with** {}{mode}: {verdict}\n",
                    code(&masked)
                );
            }
            r
        }
    };
    String::from_utf8_lossy(&out).into_owned()
}
