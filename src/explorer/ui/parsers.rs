//! The Breakdown's Parsers section: the in-process engines'
//! readings (RFC 3986, the WHATWG URL Standard, `http::Uri`; made by
//! `app::parsers::Live`, kept by the memo, never while drawing), host first, each cell that differs from the other engines marked, the
//! verdict on the host and the confusion flags; the external engines
//! (Python, Node, Java, Go) are named as found or not, and run by
//! `uriscope confuse` (a process each: too slow for a keystroke).

use ratatui::text::{Line, Span};

use crate::confuse::{compare, flags};
use crate::explorer::app::parsers::Live;
use crate::explorer::app::App;
use crate::text::{fit, visible};

use super::theme::Theme;

/// The section's lines for the input of `app`, `w` columns wide; none for
/// an empty input.
pub fn section(app: &App, theme: &Theme, w: usize) -> Vec<Line<'static>> {
    let url = app.input.text();
    if url.is_empty() {
        return Vec::new();
    }
    let live = crate::explorer::app::memo::live(app);
    let secrets = super::mask::passwords(app);
    section_of(url, &live, &secrets, &app.engines, theme, w)
}

/// [`section`] of `url` from its readings `live`, the passwords to mask
/// `secrets` and the external `engines` found or not: what a thread of
/// its own draws for a long input.
pub fn section_of(
    url: &str,
    live: &Live,
    secrets: &[String],
    engines: &[(&'static str, bool)],
    theme: &Theme,
    w: usize,
) -> Vec<Line<'static>> {
    if url.is_empty() {
        return Vec::new();
    }
    let (results, against) = (&live.results, live.against.as_deref());
    let outcomes: Vec<(String, &crate::confuse::engines::Outcome)> = results
        .iter()
        .filter_map(|r| r.outcomes.first().map(|o| (r.engine.name().to_string(), o)))
        .collect();
    let t = compare::table(&outcomes);
    // A password is drawn masked here as in every pane (F4 reveals it).
    let hide = |s: &str| shown(s, secrets, w);
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
                let ks = shown.iter().map(|n| col(n));
                spans.extend(component_spans(
                    r,
                    ks,
                    12,
                    w,
                    &hide,
                    Default::default(),
                    theme,
                ));
            }
        }
        out.push(Line::from(spans));
    }
    out.extend(verdict_lines(&t, &hide, theme, w));
    out.extend(against_line(against, live.resolved, &hide, theme, w));
    out.extend(flag_lines(url, 8, &hide, theme, w));
    let (found, missing): (Vec<_>, Vec<_>) = engines.iter().partition(|(_, found)| *found);
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

/// The Parsers overlay (F9): the allow field, every engine's reading (the
/// in-process ones at once, the external ones when they answer), the
/// verdict, the allowlist checks for the host typed, the flags.
pub fn overlay(
    app: &App,
    view: &crate::explorer::app::parsers::ParsersView,
    w: usize,
    h: usize,
    theme: &Theme,
) -> (String, Vec<Line<'static>>) {
    use crate::confuse::allow;
    use crate::explorer::app::keymap::key;
    use crate::explorer::app::Action;
    let title = format!(
        " Parsers: every engine's reading · type a host to test allowlist checks · {} closes ",
        key(Action::Close)
    );
    let secrets = super::mask::passwords(app);
    let hide = |s: &str| shown(s, &secrets, w);
    let url = view.url.as_str();
    let mut lines = vec![Line::from(vec![
        Span::styled(format!("{:<9}", "allow"), theme.heading()),
        Span::raw(fit(&visible(view.allow.text()), w.saturating_sub(9)).into_owned()),
    ])];
    let mut results = view.live.results.clone();
    let against = view.live.against.as_deref();
    if let Some(ext) = &view.external {
        results.extend(ext.iter().cloned());
    }
    let outcomes: Vec<(String, &crate::confuse::engines::Outcome)> = results
        .iter()
        .filter_map(|r| r.outcomes.first().map(|o| (r.engine.name().to_string(), o)))
        .collect();
    let t = compare::table(&outcomes);
    let engine_of = |i: usize| results.get(i).map(|r| r.engine);
    for (i, r) in t.rows.iter().enumerate() {
        // The cursor's row, and the roles of the pair (Enter).
        let role = match engine_of(i) {
            e if e.is_some() && e == view.check => "check ",
            e if e.is_some() && e == view.fetch => "fetch ",
            _ => "",
        };
        let cursor = if i == view.selected { "› " } else { "  " };
        let head = 2 + 15 + role.len();
        let mut spans = vec![
            Span::styled(cursor, theme.heading()),
            Span::styled(format!("{:<15}", r.engine), theme.heading()),
            Span::styled(role, theme.severity(crate::uri::Severity::Warning)),
        ];
        match &r.error {
            Some(e) => {
                let says = if r.failed { "no answer" } else { "rejects it" };
                spans.push(Span::styled(
                    fit(&format!("{says}: {}", hide(e)), w.saturating_sub(head)).into_owned(),
                    theme.dim(),
                ))
            }
            None => {
                // The host first, then every other component the engine
                // read, each that differs from the others marked.
                let host = r.cells[0].as_deref().map_or("(no host)".to_string(), hide);
                let style = if r.differs[0] {
                    theme.severity(crate::uri::Severity::Warning)
                } else {
                    theme.good()
                };
                let used = head + crate::text::width(&host) + 2;
                spans.push(Span::styled(
                    fit(&format!("{host}  "), w.saturating_sub(head)).into_owned(),
                    style,
                ));
                spans.extend(component_spans(
                    r,
                    1..compare::COMPONENTS.len(),
                    used,
                    w,
                    &hide,
                    theme.dim(),
                    theme,
                ));
            }
        }
        lines.push(Line::from(spans));
    }
    if view.external.is_none() {
        let running: Vec<&str> = app
            .engines
            .iter()
            .filter(|(_, f)| *f)
            .map(|(n, _)| *n)
            .collect();
        if !running.is_empty() {
            lines.push(Line::styled(
                fit(
                    &format!("running {} (a process each)…", running.join(", ")),
                    w,
                )
                .into_owned(),
                theme.dim(),
            ));
        }
    }
    // Not on PATH; or on PATH, but the run found it cannot answer (a
    // library missing: urllib3, libcurl, Perl's URI).
    let answered = |n: &str| {
        view.external
            .as_ref()
            .is_some_and(|ext| ext.iter().any(|r| r.engine.name() == n))
    };
    let missing: Vec<&str> = app
        .engines
        .iter()
        .filter(|(n, f)| !*f || (view.external.is_some() && !answered(n)))
        .map(|(n, _)| *n)
        .collect();
    if !missing.is_empty() {
        lines.push(Line::styled(
            fit(&format!("not found: {}", missing.join(", ")), w).into_owned(),
            theme.dim(),
        ));
    }
    let position = |e: Option<crate::confuse::engines::Engine>| {
        e.and_then(|e| results.iter().position(|r| r.engine == e))
    };
    let checker = position(view.check);
    match (checker, position(view.fetch)) {
        (Some(c), Some(f)) => {
            let side = |i: usize| crate::confuse::pair::Side {
                engine: results[i].engine,
                outcome: &results[i].outcomes[0],
            };
            let j = crate::confuse::pair::judge(side(c), side(f));
            let style = if j.agreement.disagrees() {
                theme.severity(crate::uri::Severity::Warning)
            } else {
                theme.good()
            };
            let text = format!("pair: {}", hide(&j.message));
            for l in crate::text::wrap::wrap_upto(&text, w.max(10), 2) {
                lines.push(Line::styled(l, style));
            }
        }
        _ => lines.push(Line::styled(
            fit(
                &format!(
                    "{}{} {}: the check's parser, then the fetcher's (the SSRF pair)",
                    key(Action::ListUp),
                    key(Action::ListDown),
                    key(Action::ListPick)
                ),
                w,
            )
            .into_owned(),
            theme.dim(),
        )),
    }
    lines.extend(verdict_lines(&t, &hide, theme, w));
    lines.extend(against_line(against, view.live.resolved, &hide, theme, w));
    let allowed = view.allow.text().trim();
    if !allowed.is_empty() {
        let hosts: Vec<(String, Option<String>)> = t
            .rows
            .iter()
            .map(|r| (r.engine.clone(), r.cells[0].clone()))
            .collect();
        // With a check chosen, the checks read its host, and the fetchers
        // are the one chosen (or every other engine).
        let verdicts = match checker {
            Some(c) => {
                let fetchers: Vec<(String, Option<String>)> = hosts
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| match position(view.fetch) {
                        Some(f) => *i == f,
                        None => *i != c,
                    })
                    .map(|(_, h)| h.clone())
                    .collect();
                lines.push(Line::styled(
                    fit(
                        &format!("allowlist checks on the host {} sees:", t.rows[c].engine),
                        w,
                    )
                    .into_owned(),
                    theme.heading(),
                ));
                allow::host_verdicts(results[c].outcomes[0].host(), allowed, &fetchers)
            }
            None => allow::verdicts(url, allowed, &hosts),
        };
        for v in verdicts {
            let (text, style) = match (v.passes, v.fooled_for.is_empty()) {
                (false, _) => ("blocks it".to_string(), theme.dim()),
                (true, true) => (
                    "lets it through; every host is allowed".to_string(),
                    theme.good(),
                ),
                (true, false) => (
                    format!("FOOLED: lets it through, but {}", v.elsewhere()),
                    theme.severity(crate::uri::Severity::Warning),
                ),
            };
            lines.push(Line::from(vec![
                Span::styled(format!("{:<12}", v.check.name), theme.heading()),
                Span::styled(fit(&text, w.saturating_sub(12)).into_owned(), style),
            ]));
        }
    }
    lines.extend(flag_lines(url, usize::MAX, &hide, theme, w));
    lines.truncate(h);
    (title, lines)
}

/// The confusion flags of `url` (at most `max`), one line each: the class,
/// then the message with passwords hidden.
/// `s` as drawn in a line of at most `w` columns: with the explorer's
/// passwords hidden, visible, and cut after what `w` columns can show
/// (then ending in `…`), so that a 64 KB component or message costs what
/// the line shows. Passwords are hidden in the raw text (a password of
/// controls or lone marks is drawn escaped), in the part that shows and
/// the longest password after it, so one starting there is hidden whole.
fn shown(s: &str, secrets: &[String], w: usize) -> String {
    // Four characters a column: combining marks draw in no column of
    // their own.
    let look = 4 * w.max(1) + 1;
    let Some((end, _)) = s.char_indices().nth(look) else {
        return visible(&super::mask::hide_passwords(s, secrets)).into_owned();
    };
    let longest = secrets.iter().map(String::len).max().unwrap_or(0);
    let reach = crate::text::screen::floor_boundary(s, (end + longest + 2).min(s.len()));
    let hidden = super::mask::hide_passwords(&s[..reach], secrets);
    let cut = hidden
        .char_indices()
        .nth(look)
        .map_or(hidden.len(), |(i, _)| i);
    let mut t = visible(&hidden[..cut]).into_owned();
    t.push('…');
    t
}

fn flag_lines(
    url: &str,
    max: usize,
    hide: &dyn Fn(&str) -> String,
    theme: &Theme,
    w: usize,
) -> Vec<Line<'static>> {
    flags::flags(url)
        .iter()
        .take(max)
        .map(|f| {
            let name = f.class.name();
            Line::from(vec![
                Span::styled(
                    format!("{name} "),
                    theme.severity(crate::uri::Severity::Warning),
                ),
                Span::raw(fit(&hide(&f.message), w.saturating_sub(name.len() + 1)).into_owned()),
            ])
        })
        .collect()
}

/// `name=value` spans for the components `ks` of engine row `r` (the
/// defined ones, in that order) while they fit in `w` columns after
/// `used`; a component that differs from the other engines in the warning
/// style, the others in `plain`.
fn component_spans(
    r: &compare::Row,
    ks: impl Iterator<Item = usize>,
    mut used: usize,
    w: usize,
    hide: &dyn Fn(&str) -> String,
    plain: ratatui::style::Style,
    theme: &Theme,
) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    for k in ks {
        let Some(v) = &r.cells[k] else { continue };
        let text = format!("{}={} ", compare::COMPONENTS[k], hide(v));
        let tw = crate::text::width(&text);
        if used + tw > w {
            break;
        }
        used += tw;
        let style = if r.differs[k] {
            theme.severity(crate::uri::Severity::Warning)
        } else {
            plain
        };
        out.push(Span::styled(text, style));
    }
    out
}

/// For a reference without a scheme: the line that says every row is of
/// it resolved against the base, or that the rows are not alike.
fn against_line(
    base: Option<&str>,
    resolved: bool,
    hide: &dyn Fn(&str) -> String,
    theme: &Theme,
    w: usize,
) -> Option<Line<'static>> {
    let base = base?;
    let text = if resolved {
        format!(
            "a reference: every row reads it resolved against the base {} (RFC 3986 §5.2; \
             whatwg-url by its own join, as the WHATWG section does)",
            hide(base)
        )
    } else {
        format!(
            "a reference RFC 3986 does not resolve against the base {}: whatwg-url read it \
             against the base, the others as it is — not compared like with like",
            hide(base)
        )
    };
    Some(Line::styled(fit(&text, w).into_owned(), theme.dim()))
}

/// The verdict on the host, wrapped to `w` (at most three lines): a
/// warning when the engines read different hosts, good when they agree
/// (however they spell it).
fn verdict_lines(
    t: &compare::Table,
    hide: &dyn Fn(&str) -> String,
    theme: &Theme,
    w: usize,
) -> Vec<Line<'static>> {
    let style = if t.confused() {
        theme.severity(crate::uri::Severity::Warning)
    } else {
        theme.good()
    };
    crate::text::wrap::wrap_upto(&hide(&t.verdict), w.max(10), 3)
        .into_iter()
        .map(|l| Line::styled(l, style))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shown_cuts_a_long_text_and_still_hides_a_password_whole() {
        let secrets = vec!["s3cret".to_string()];
        let w = 10;
        // A password starting within what can be drawn is hidden whole.
        for before in [3, 30, 38, 40] {
            let s = format!("{}u:s3cret@h{}", "a".repeat(before), "b".repeat(60_000));
            let t = shown(&s, &secrets, w);
            assert!(!t.contains('s') && (before > 38 || t.contains('*')), "{t}");
            assert!(t.len() < 200 && t.ends_with('…'), "{t}");
        }
        let s = format!("aaau:s3cret@h{}", "b".repeat(60_000));
        assert!(shown(&s, &secrets, w).starts_with("aaau:****@h"));
        // Combining marks: many characters, few columns; the cut is marked.
        let marks = "e\u{301}".repeat(30_000);
        let t = shown(&marks, &[], w);
        assert!(t.ends_with('…'));
        assert_eq!(fit(&t, w).chars().last(), Some('…'));
        // A short text is only made visible.
        assert_eq!(shown("a\u{1b}b", &[], w), "a␛b");
        // A password of lone marks, which draw escaped, is hidden too.
        let pw = "\u{301}".repeat(5_000);
        let s = format!("http://u:{pw}@h/");
        let t = shown(&s, std::slice::from_ref(&pw), w);
        assert!(!t.contains("U+0301") && !t.contains('\u{301}'), "{t}");
        assert!(t.contains("****"), "{t}");
    }
}
