//! The browser's column in the explorer: what the WHATWG URL Standard
//! (computed by [`crate::whatwg`]) makes of the input, drawn as a section
//! of the Breakdown pane and as one row of the Resolve pane. It is labelled
//! as *not* RFC 3986, and every way it differs is highlighted.

use std::rc::Rc;

use ratatui::text::{Line, Span};

use crate::explorer::app::background;
use crate::explorer::app::parsers::has_scheme;
use crate::explorer::app::App;
use crate::text::wrap::wrap_upto;
use crate::text::{fit, width};
use crate::uri::{Report, Severity};
use crate::whatwg::{self, Whatwg};

use super::theme::Theme;

/// Each difference is wrapped to at most this many lines (a 2 KB path
/// quoted in a sentence would otherwise fill the pane).
const MAX_LINES: usize = 3;

/// At most this many differences are listed.
const MAX_DIFFERENCES: usize = 20;

/// The browser's reading of the explorer's input ([`parse`] against the
/// Resolve base) and its join ([`whatwg::join`]), each computed once per
/// state of the texts (the memo's): a frame without a key (a resize, a
/// tick, a move in a list) does not run the url crate again over a
/// 10 MB paste.
pub fn kept_parse(app: &App, a: &Report<'_>) -> Rc<Whatwg> {
    struct Parsed(Rc<Whatwg>);
    let kept = crate::explorer::app::memo::kept(app, || Parsed(Rc::new(parse(a, app.base()))));
    Rc::clone(&kept.0)
}

/// The browser's join of the input on the Resolve base, kept as
/// [`kept_parse`] is; from [`FROM_BYTES`](background::FROM_BYTES) of input
/// on, computed on a thread of its own, `None` until it is done.
pub fn kept_join(app: &App) -> Option<Rc<Whatwg>> {
    let input = app.input.text();
    if input.len() >= background::FROM_BYTES {
        let texts = (app.input.revision(), app.base_revision());
        let revision = app.input.revision();
        return app
            .joins
            .get(texts, app.base(), || app.snapshot.of(revision, input));
    }
    struct Joined(Rc<Whatwg>);
    let kept =
        crate::explorer::app::memo::kept(app, || Joined(Rc::new(whatwg::join(app.base(), input))));
    Some(Rc::clone(&kept.0))
}

/// What the WHATWG parser makes of the analysed input: on its own when it
/// has a scheme, else against `base` (as `new URL(input, base)` does).
pub fn parse(a: &Report<'_>, base: &str) -> Whatwg {
    if has_scheme(a) {
        whatwg::parse(a.input, None)
    } else {
        whatwg::parse(a.input, Some(base))
    }
}

/// An href as drawn: its own password masked, and the explorer's
/// `secrets` hidden wherever else they stand (a reference the grammar
/// does not read, `<http://u:pw@h/>`, joins into the path).
fn hidden(href: &str, secrets: &[String]) -> String {
    super::mask::hide_passwords(&super::mask::mask_password(href), secrets).into_owned()
}

/// The Breakdown's WHATWG section, `w` columns wide: the label, the href
/// (or that the parser rejects the input), then each difference from
/// RFC 3986, highlighted. `secrets` are the explorer's passwords.
pub fn section(
    r: &Whatwg,
    relative_to: Option<&str>,
    secrets: &[String],
    theme: &Theme,
    w: usize,
) -> Vec<Line<'static>> {
    let mut out = vec![
        Line::default(),
        Line::styled(fit(whatwg::LABEL, w).into_owned(), theme.heading()),
    ];
    let label = |k: &str| Span::styled(format!("{k:<10} "), theme.heading());
    let room = w.saturating_sub(11).max(10);
    if let Some(base) = relative_to {
        out.push(Line::from(vec![
            label("base"),
            Span::styled(
                fit(&format!("relative: parsed against {base}"), room).into_owned(),
                theme.dim(),
            ),
        ]));
    }
    match &r.href {
        Some(href) if r.valid => out.push(Line::from(vec![
            label("href"),
            Span::styled(fit(&hidden(href, secrets), room).into_owned(), theme.good()),
        ])),
        _ => out.push(Line::from(vec![
            label("href"),
            Span::styled("rejected (no URL)", theme.severity(Severity::Error)),
        ])),
    }
    let warn = theme.severity(Severity::Warning);
    for (i, d) in r.differences.iter().take(MAX_DIFFERENCES).enumerate() {
        let k = if i == 0 { "differs" } else { "" };
        let room = super::field::prose(room + 11).saturating_sub(11).max(10);
        for (j, piece) in wrap_upto(d, room, MAX_LINES).into_iter().enumerate() {
            let head = if j == 0 {
                label(k)
            } else {
                Span::raw(" ".repeat(11))
            };
            out.push(Line::from(vec![head, Span::styled(piece, warn)]));
        }
    }
    if r.differences.len() > MAX_DIFFERENCES {
        out.push(Line::styled(
            format!(
                "           … and {} more differences",
                r.differences.len() - MAX_DIFFERENCES
            ),
            theme.dim(),
        ));
    }
    if r.valid && r.differences.is_empty() {
        out.push(Line::from(vec![
            label("differs"),
            Span::styled("no difference from RFC 3986 found", theme.dim()),
        ]));
    }
    out
}

/// The Resolve pane's WHATWG row value: the join's href, marked where it
/// differs from the RFC 3986 target (`rfc`, when RFC 3986 resolved it).
pub fn join_spans(
    r: &Whatwg,
    rfc: Option<&str>,
    secrets: &[String],
    theme: &Theme,
    w: usize,
) -> Vec<Span<'static>> {
    let Some(href) = r.href.as_deref().filter(|_| r.valid) else {
        return vec![Span::styled(
            fit("rejected by the WHATWG parser (no URL)", w).into_owned(),
            theme.severity(Severity::Error),
        )];
    };
    use crate::confuse::compare::{same_target, SameTarget};
    let judged = rfc.map_or(SameTarget::Different, |t| same_target(t, href));
    let same = judged != SameTarget::Different;
    let mark = match judged {
        SameTarget::Same => " = RFC 3986",
        SameTarget::UriForm => " = RFC 3986 (same, in URI form)",
        SameTarget::Different => " ≠ RFC 3986",
    };
    let room = w.saturating_sub(width(mark));
    vec![
        Span::styled(
            fit(&hidden(href, secrets), room).into_owned(),
            if same { theme.good() } else { theme.changed() },
        ),
        Span::styled(
            mark,
            if same {
                theme.dim()
            } else {
                theme.severity(Severity::Warning)
            },
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uri::analyze;

    #[test]
    fn relative_input_is_parsed_against_the_base() {
        let a = analyze("..\\g", Default::default());
        let r = parse(&a, "http://a/b/c/d;p?q");
        assert_eq!(r.href.as_deref(), Some("http://a/b/g"));
    }

    #[test]
    fn wrap_caps_the_lines() {
        let long = "word ".repeat(100);
        let lines = wrap_upto(&long, 20, MAX_LINES);
        assert_eq!(lines.len(), MAX_LINES);
        assert!(lines[MAX_LINES - 1].ends_with('…'));
        assert!(lines.iter().all(|l| width(l) <= 20));
    }

    #[test]
    fn join_marks_a_difference() {
        let t = Theme::default();
        let r = whatwg::join("http://a/b/c/d;p?q", "..\\g");
        let spans = join_spans(&r, Some("http://a/b/c/..%5Cg"), &[], &t, 60);
        let text: String = spans.iter().map(|s| s.content.as_ref()).collect();
        assert_eq!(text, "http://a/b/g ≠ RFC 3986");
        let spans = join_spans(&r, Some("http://a/b/g"), &[], &t, 60);
        let text: String = spans.iter().map(|s| s.content.as_ref()).collect();
        assert_eq!(text, "http://a/b/g = RFC 3986");
    }

    #[test]
    fn join_of_an_iri_is_the_same_target_in_uri_form() {
        let t = Theme::default();
        let r = whatwg::join("http://a/b/c/d;p?q", "http://例え.jp/パス");
        let spans = join_spans(&r, Some("http://例え.jp/パス"), &[], &t, 80);
        let text: String = spans.iter().map(|s| s.content.as_ref()).collect();
        assert_eq!(
            text,
            "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9 = RFC 3986 (same, in URI form)"
        );
    }
}
