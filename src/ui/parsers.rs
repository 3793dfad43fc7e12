//! The Breakdown's Parsers section (issue 17): the in-process engines
//! (RFC 3986, the WHATWG URL Standard, `http::Uri`) on every keystroke,
//! host first, each cell that differs from the other engines marked, the
//! verdict on the host and the confusion flags; the external engines
//! (Python, Node, Java, Go) are named as found or not, and run by
//! `uriscope confuse` (a process each: too slow for a keystroke).

use ratatui::text::{Line, Span};

use crate::app::App;
use crate::confuse::engines::{run_with, Engine};
use crate::confuse::{compare, flags};
use crate::text::{fit, visible};

use super::theme::Theme;

/// The engines run on every keystroke.
const LIVE: [Engine; 3] = [Engine::Rfc3986, Engine::Whatwg, Engine::HttpUri];

/// The section's lines for the input of `app`, `w` columns wide; none for
/// an empty input.
pub fn section(app: &App, theme: &Theme, w: usize) -> Vec<Line<'static>> {
    let url = app.input.text();
    if url.is_empty() {
        return Vec::new();
    }
    let results = run_with(&LIVE, &[url], std::time::Duration::from_secs(1));
    let outcomes: Vec<(String, &crate::confuse::engines::Outcome)> = results
        .iter()
        .filter_map(|r| r.outcomes.first().map(|o| (r.engine.name().to_string(), o)))
        .collect();
    let t = compare::table(&outcomes);
    // A password is drawn masked here as in every pane (F4 reveals it).
    let secrets = super::mask::passwords(app);
    let hide = |s: &str| super::mask::hide_passwords(&visible(s), &secrets).into_owned();
    let mut out = vec![Line::styled(
        "Parsers (the same URL through real parsers)",
        theme.heading(),
    )];
    let shown = ["host", "port", "userinfo", "scheme", "path"];
    let col = |name: &str| {
        compare::COMPONENTS
            .iter()
            .position(|c| *c == name)
            .unwrap_or(0)
    };
    for r in &t.rows {
        let mut spans = vec![Span::styled(format!("{:<11} ", r.engine), theme.heading())];
        match &r.error {
            Some(e) => spans.push(Span::styled(
                fit(&format!("rejects it: {}", hide(e)), w.saturating_sub(12)).into_owned(),
                theme.dim(),
            )),
            None => {
                let mut used = 12;
                for name in shown {
                    let k = col(name);
                    let Some(v) = &r.cells[k] else { continue };
                    let text = format!("{name}={} ", hide(v));
                    if used + crate::text::width(&text) > w {
                        break;
                    }
                    used += crate::text::width(&text);
                    let style = if r.differs[k] {
                        theme.severity(crate::uri::Severity::Warning)
                    } else {
                        Default::default()
                    };
                    spans.push(Span::styled(text, style));
                }
            }
        }
        out.push(Line::from(spans));
    }
    let style = if t.hosts.len() > 1 {
        theme.severity(crate::uri::Severity::Warning)
    } else {
        theme.good()
    };
    out.push(Line::styled(fit(&hide(&t.verdict), w).into_owned(), style));
    for f in flags::flags(url).iter().take(8) {
        out.push(Line::from(vec![
            Span::styled(
                format!("{} ", f.class.name()),
                theme.severity(crate::uri::Severity::Warning),
            ),
            Span::raw(
                fit(
                    &hide(&f.message),
                    w.saturating_sub(f.class.name().len() + 1),
                )
                .into_owned(),
            ),
        ]));
    }
    let (found, missing): (Vec<_>, Vec<_>) = app.engines.iter().partition(|(_, found)| *found);
    let names =
        |v: &[&(&'static str, bool)]| v.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ");
    if !found.is_empty() {
        out.push(Line::styled(
            fit(
                &format!(
                    "also here, run by `uriscope confuse URL`: {}",
                    names(&found)
                ),
                w,
            )
            .into_owned(),
            theme.dim(),
        ));
    }
    if !missing.is_empty() {
        out.push(Line::styled(
            fit(&format!("not found on PATH: {}", names(&missing)), w).into_owned(),
            theme.dim(),
        ));
    }
    out.push(Line::default());
    out
}
