//! The Resolve pane: the base field, then the input resolved against it
//! step by step (RFC 3986 §5.2: base pre-parse, the §5.2.2 branch with its
//! condition, the §5.2.3 merge, the §5.2.4 remove_dot_segments table one
//! row per iteration, the target), or the RFC 2396 §5.2 steps 1-7 / 6a-6h
//! on a toggle, with both targets compared; after the RFC 3986 target, the
//! WHATWG URL Standard's join (what browsers do), marked where it differs.
//! Rows are revealed by stepping.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::explorer::app::breakdown::roles;
use crate::explorer::app::keymap::{key, keys};
use crate::explorer::app::resolve::{kept_resolution, resolution, shown};
use crate::explorer::app::{Action, App, Focus, Pane};
use crate::text::{clip, fit, visible, width};
use crate::uri::trace::{Components, Resolution, Step};
use crate::uri::trace::{DotRule, DotSegmentsTrace, DOT_TABLE_COLUMNS};
use crate::uri::{self, Finding, Severity};

use super::field::{field, row, split, text, RESOLVE_LABEL as LABEL, STEP_WINDOW as WINDOW};
use super::theme::Theme;
use crate::text::wrap::{head, pad, tail, wrap};

/// Draw the Resolve pane into `area`.
pub fn render(app: &App, area: Rect, buf: &mut Buffer, theme: &Theme) {
    if area.width == 0 || area.height == 0 {
        return;
    }
    let (top, rest) = split(area);
    let base_a = uri::analyze(app.resolve.base.text(), Default::default());
    field(
        " base",
        &app.resolve.base,
        &roles(&base_a),
        app.focus == Focus::Field(Pane::Resolve),
        "a base URI with a scheme (RFC 3986 §5.1)",
        top,
        buf,
        theme,
    );
    let w = usize::from(area.width).saturating_sub(1);
    let s = app.resolve.scroll;
    super::field::prose_width_set(w);
    let (lines, pin) = build(app, theme, super::field::wide(w, s.x));
    super::field::prose_width_reset();
    super::field::scrolled_wide(lines, rest, buf, (s.x, s.y), pin);
}

/// The pane's lines under the field, and the line of the current row.
pub fn build(app: &App, theme: &Theme, w: usize) -> (Vec<Line<'static>>, Option<usize>) {
    let mut out = Vec::new();
    let v = &app.resolve;
    out.push(Line::from(vec![
        Span::styled(
            if v.rfc2396 {
                "RFC 2396 §5.2"
            } else {
                "RFC 3986 §5.2"
            },
            theme.heading(),
        ),
        // Strict or compat is a choice of RFC 3986 §5.4.2 only.
        Span::raw(match (v.rfc2396, v.compat) {
            (true, _) => "",
            (false, true) => " · compat (§5.4.2)",
            (false, false) => " · strict",
        }),
        Span::styled(
            fit(&header_keys(v.rfc2396), w.saturating_sub(30)).into_owned(),
            theme.dim(),
        ),
    ]));
    let pin = if v.rfc2396 {
        super::resolve_2396::render_steps(app, &resolution(app), &mut out, theme, w)
    } else {
        let r3986 = kept_resolution(app);
        let pin = match r3986.as_deref() {
            Some(Ok(r)) => rfc3986(app, r, &mut out, theme, w),
            Some(Err(e)) => {
                error_lines(&mut out, &e.message, &e.findings, theme, w);
                None
            }
            None => {
                out.push(Line::styled(
                    fit(&computing(app), w).into_owned(),
                    theme.dim(),
                ));
                None
            }
        };
        // The browser's join (WHATWG URL Standard), right after the target.
        let rfc = match r3986.as_deref() {
            Some(Ok(r)) => Some(r.target.as_str()),
            _ => None,
        };
        let value = match super::whatwg::kept_join(app) {
            Some(browser) => super::whatwg::join_spans(
                &browser,
                rfc,
                &super::mask::passwords(app),
                theme,
                w.saturating_sub(LABEL),
            ),
            None => vec![Span::styled(
                fit(&computing(app), w.saturating_sub(LABEL)).into_owned(),
                theme.dim(),
            )],
        };
        out.push(row("WHATWG join", LABEL, value, theme));
        pin
    };
    (out, pin)
}

/// What a row computed off the key's path says until it is done.
fn computing(app: &App) -> String {
    format!(
        "computing on a thread of its own ({} bytes of input)…",
        app.input.text().len()
    )
}

/// The keys the header names, from the key table: stepping, the other
/// RFC's steps, and (for RFC 3986) strict/compat.
fn header_keys(rfc2396: bool) -> String {
    use crate::explorer::app::{keymap::key_name, Action};
    let name = |a: Action| key_name(&a).unwrap_or_default();
    let (next, prev) = (name(Action::StepNext), name(Action::StepPrev));
    // "Ctrl-N/P" when both share the modifiers.
    let step = match (next.rsplit_once('-'), prev.rsplit_once('-')) {
        (Some((m, _)), Some((n, p))) if m == n => format!("{next}/{p}"),
        _ => format!("{next}/{prev}"),
    };
    let other = if rfc2396 { "3986" } else { "2396" };
    let mut s = format!(" · {step} step · {} {other}", name(Action::ToggleRfc2396));
    if !rfc2396 {
        s.push_str(&format!(" · {} compat", name(Action::ToggleCompat)));
    }
    s
}

/// `s` quoted and visible, only its first `cols` columns (a line fitted
/// to `cols` shows no more), masked first so a cut cannot bare a password.
fn quoted(s: Option<&str>, cols: usize) -> String {
    match s {
        Some(s) => format!(
            "\"{}\"",
            visible(clip(&super::mask::mask_password(s), cols))
        ),
        None => "undefined".to_string(),
    }
}

/// The five components, for a line of `cols` columns.
fn components(c: &Components, cols: usize) -> String {
    format!(
        "scheme {} authority {} path {} query {} fragment {}",
        quoted(c.scheme.as_deref(), cols),
        quoted(
            c.authority
                .as_deref()
                .map(|a| super::mask::mask_authority(a).into_owned())
                .as_deref(),
            cols,
        ),
        quoted(Some(&c.path), cols),
        quoted(c.query.as_deref(), cols),
        quoted(c.fragment.as_deref(), cols),
    )
}

fn error_lines(
    out: &mut Vec<Line<'static>>,
    message: &str,
    findings: &[Finding],
    theme: &Theme,
    w: usize,
) {
    let err = theme.severity(Severity::Error);
    // At most 16 lines of the message (one may quote the input).
    let w = super::field::prose(w);
    for piece in crate::text::wrap::wrap_upto(&format!("cannot resolve: {message}"), w, 16) {
        out.push(Line::styled(piece, err));
    }
    for f in findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .take(3)
    {
        let t = format!(
            "  {} {}..{}: {}",
            f.code,
            f.span.start,
            f.span.end,
            visible(&f.message)
        );
        out.push(Line::styled(fit(&t, w).into_owned(), theme.dim()));
    }
}

fn finding_lines(
    out: &mut Vec<Line<'static>>,
    subject: &str,
    f: &Finding,
    theme: &Theme,
    w: usize,
) {
    let style = theme.severity(f.severity);
    let head = format!("{} {} ({subject}): ", f.severity, f.code);
    let body = format!("{head}{}", visible(&f.message));
    let w = super::field::prose(w);
    for (i, piece) in wrap(&body, w.saturating_sub(2)).into_iter().enumerate() {
        let st = if i == 0 { style } else { theme.dim() };
        out.push(Line::styled(format!("  {piece}"), st));
    }
}

fn rfc3986(
    app: &App,
    r: &Resolution,
    out: &mut Vec<Line<'static>>,
    theme: &Theme,
    w: usize,
) -> Option<usize> {
    let val = w.saturating_sub(LABEL);
    let mut pin = None;
    let mut complete = true;
    for step in &r.steps {
        match step {
            Step::Base(c) => out.push(row(
                "base (§5.2.1)",
                LABEL,
                vec![Span::raw(fit(&components(c, val), val).into_owned())],
                theme,
            )),
            Step::Reference(c) => out.push(row(
                "R",
                LABEL,
                vec![Span::raw(fit(&components(c, val), val).into_owned())],
                theme,
            )),
            Step::CompatSchemeDropped { scheme } => out.push(row(
                "compat (§5.4.2)",
                LABEL,
                vec![Span::raw(
                    fit(
                        &format!(
                            "R.scheme \"{}\" equals Base.scheme: treated as undefined",
                            visible(clip(scheme, val))
                        ),
                        val,
                    )
                    .into_owned(),
                )],
                theme,
            )),
            Step::Branch(b) => {
                // The branch's whole pseudocode, wrapped, never cut (the
                // CLI's `--trace` quotes it line by line).
                let val = super::field::prose(val + LABEL).saturating_sub(LABEL);
                for (i, piece) in wrap(&b.body(), val).into_iter().enumerate() {
                    let label = if i == 0 { "branch (§5.2.2)" } else { "" };
                    out.push(row(
                        label,
                        LABEL,
                        vec![Span::styled(piece, theme.good())],
                        theme,
                    ));
                }
            }
            Step::Merge(m) => {
                let text = if m.authority_and_empty_path {
                    format!(
                        "base has an authority and an empty path: \"/\" + \"{}\" = \"{}\"",
                        visible(clip(&m.reference_path, val)),
                        visible(clip(&m.merged, val))
                    )
                } else {
                    format!(
                        "\"{}\" + \"{}\" = \"{}\"",
                        visible(clip(&m.kept, val)),
                        visible(clip(&m.reference_path, val)),
                        visible(clip(&m.merged, val))
                    )
                };
                out.push(row(
                    "merge (§5.2.3)",
                    LABEL,
                    vec![Span::raw(fit(&text, val).into_owned())],
                    theme,
                ));
            }
            Step::DotSegments(t) => {
                let len = t.steps.len();
                let n = shown(&app.resolve, len);
                complete = n == len;
                pin = dot_table(t, n, out, theme, w);
            }
            Step::Finding { subject, finding } => {
                finding_lines(out, subject.as_str(), finding, theme, w)
            }
            Step::Target { .. } => {}
            Step::Recomposed(target) => {
                if complete {
                    out.push(row(
                        "target (§5.3)",
                        LABEL,
                        vec![text(
                            &fit(&super::mask::mask_password(target), val),
                            theme.good(),
                        )],
                        theme,
                    ));
                } else {
                    out.push(row(
                        "target (§5.3)",
                        LABEL,
                        vec![Span::styled(
                            format!("… step to the last row ({})", key(Action::StepNext)),
                            theme.dim(),
                        )],
                        theme,
                    ));
                }
            }
        }
    }
    pin
}

/// The remove_dot_segments table with its first `n` rows; returns the
/// index in `out` of the current (last shown) row.
fn dot_table(
    t: &DotSegmentsTrace,
    n: usize,
    out: &mut Vec<Line<'static>>,
    theme: &Theme,
    w: usize,
) -> Option<usize> {
    let len = t.steps.len();
    out.push(row(
        "remove_dot_segments (§5.2.4)",
        30,
        vec![Span::styled(format!("row {n} of {len}"), theme.dim())],
        theme,
    ));
    // RFC 3986 §5.2.4's layout, as `resolve --trace` prints it
    // (`DotSegmentsTrace::table`): STEP, OUTPUT BUFFER, INPUT BUFFER, then
    // what the row did.
    // Laid out on the screen's width (a cell cut there is read whole
    // with Enter).
    let rest = super::field::prose(w).saturating_sub(8);
    let buf_w = (rest * 2 / 3) / 2;
    let what_w = rest.saturating_sub(2 * buf_w);
    let [step, output, input] = DOT_TABLE_COLUMNS;
    out.push(Line::styled(
        format!(
            "  {step}  {} {} {}",
            pad(fit(output, buf_w - 1).into_owned(), buf_w - 1),
            pad(fit(input, buf_w - 1).into_owned(), buf_w - 1),
            fit("what", what_w)
        ),
        theme.heading(),
    ));
    let mut pin = None;
    let first = n.saturating_sub(WINDOW);
    for row in t.table().take(n + 1) {
        let Some(s) = row.step else {
            out.push(Line::styled(
                format!(
                    "  {}   {}{}",
                    row.label(),
                    " ".repeat(buf_w),
                    head(row.input, buf_w.saturating_sub(1))
                ),
                theme.dim(),
            ));
            if first > 0 {
                out.push(Line::styled(
                    format!(
                        "  …  {first} earlier row(s) not drawn ({} steps back)",
                        key(Action::StepPrev)
                    ),
                    theme.dim(),
                ));
            }
            continue;
        };
        if row.number <= first {
            continue;
        }
        let current = row.number == n;
        let base = if current {
            theme.current()
        } else {
            ratatui::style::Style::new()
        };
        let mut spans = vec![Span::styled(format!("  {}   ", row.label()), base)];
        // The output buffer, its tail when long; the moved segment marked.
        let cell = tail(row.output, buf_w.saturating_sub(1));
        let moved = match (s.rule, s.appended) {
            (DotRule::E, Some(_)) if current => {
                let seg = visible(clip(&s.matched_text, buf_w)).into_owned();
                width(&seg).min(width(&cell))
            }
            _ => 0,
        };
        let split_at = cell
            .char_indices()
            .rev()
            .nth(moved.saturating_sub(1))
            .map_or(cell.len(), |(i, _)| i);
        let (keep, mv) = if moved > 0 {
            cell.split_at(split_at)
        } else {
            (cell.as_str(), "")
        };
        spans.push(Span::styled(keep.to_string(), base));
        spans.push(Span::styled(mv.to_string(), theme.changed()));
        spans.push(Span::raw(" ".repeat(buf_w.saturating_sub(width(&cell)))));
        spans.push(Span::styled(
            pad(head(row.input, buf_w.saturating_sub(1)), buf_w),
            base,
        ));
        spans.extend(what(s, current, theme, what_w));
        out.push(Line::from(spans));
        if current {
            pin = Some(out.len() - 1);
        }
    }
    if n == len && t.omitted > 0 {
        out.push(Line::styled(
            format!(
                "  ·  {} more row(s) not recorded; output \"{}\"",
                t.omitted,
                head(&t.output, w.saturating_sub(40))
            ),
            theme.dim(),
        ));
    }
    if n < len {
        out.push(Line::styled(
            format!("  ·  {} more row(s): {}", len - n, keys(Action::StepNext)),
            theme.dim(),
        ));
    }
    pin
}

/// The "what" cell: what the rule removed, replaced or moved.
fn what(s: &uri::trace::DotStep, current: bool, theme: &Theme, w: usize) -> Vec<Span<'static>> {
    let matched = s.matched_text.as_str();
    let hi = if current {
        theme.removed()
    } else {
        theme.dim()
    };
    // Narrow: `-"x"` for removed, `+"x"` for moved.
    let narrow = w < 20;
    let q = |t: &str| {
        let room = if narrow {
            w.saturating_sub(1)
        } else {
            w.saturating_sub(8)
        };
        fit(&format!("\"{}\"", visible(clip(t, room))), room).into_owned()
    };
    let (removed, moved) = if narrow {
        ("-", "+")
    } else {
        ("removed ", "moved ")
    };
    match s.rule {
        DotRule::A | DotRule::D => vec![Span::raw(removed), Span::styled(q(matched), hi)],
        DotRule::B => vec![Span::styled(q(matched), hi), Span::raw(" → \"/\"")],
        DotRule::C => {
            let popped = s.popped_text.as_deref().unwrap_or_default();
            vec![
                Span::raw(removed),
                Span::styled(q(popped), hi),
                Span::raw(format!(", {}→\"/\"", q(matched))),
            ]
        }
        DotRule::E => {
            let seg = matched;
            let st = if current {
                theme.changed()
            } else {
                theme.dim()
            };
            vec![Span::raw(moved), Span::styled(q(seg), st)]
        }
    }
}
