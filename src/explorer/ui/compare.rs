//! The Compare pane: a second URI field, the input's RFC 3986
//! §6.2.2 / §6.2.3 normalization ladder (each rung's before and after,
//! the changed characters highlighted), the normal form, and the §6.2
//! comparison ladder against the second URI: the first rung at which the
//! two are equivalent, or the components that still differ.

use std::borrow::Cow;

use super::mask::mask_password;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::explorer::app::breakdown::roles;
use crate::explorer::app::compare::kept_ladder;
use crate::explorer::app::{App, Focus, Pane};
use crate::text::fit;
use crate::uri::{self, compare::ComparisonRung, Severity};

use super::field::{field, marked, marks_line, row, split, text};
use super::theme::Theme;

const LABEL: usize = 12;

/// Draw the pane into `area`.
pub fn render(app: &App, area: Rect, buf: &mut Buffer, theme: &Theme) {
    if area.width == 0 || area.height == 0 {
        return;
    }
    let (top, rest) = split(area);
    let a = uri::analyze(app.compare.text.text(), Default::default());
    let focused = app.focus == Focus::Field(Pane::Compare);
    field(
        " compare",
        &app.compare.text,
        &roles(&a),
        focused,
        &super::field::placeholder("a second URI to compare with the input", focused),
        top,
        buf,
        theme,
    );
    let w = usize::from(area.width).saturating_sub(1);
    let s = app.compare.scroll;
    super::field::prose_width_set(w);
    let lines = build(app, theme, super::field::wide(w, s.x));
    super::field::prose_width_reset();
    super::field::scrolled_wide(lines, rest, buf, (s.x, s.y), None);
}

/// The pane's lines under the field.
pub fn build(app: &App, theme: &Theme, w: usize) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    let val = w.saturating_sub(LABEL);
    let err = theme.severity(Severity::Error);
    let Some(ladder) = kept_ladder(app) else {
        out.push(Line::styled(
            fit(
                &format!(
                    "computing on a thread of its own ({} bytes of input)…",
                    app.input.text().len()
                ),
                w,
            )
            .into_owned(),
            theme.dim(),
        ));
        return out;
    };
    match &ladder.normalization {
        Err(e) => {
            out.push(Line::styled(
                fit(&format!("cannot normalize: {}", e.message), w).into_owned(),
                err,
            ));
        }
        Ok(n) => {
            if ladder.iri {
                out.push(Line::styled(
                    fit(
                        "not a URI: the ladder as an IRI (RFC 3987 §5.3, normalize --iri --trace)",
                        w,
                    )
                    .into_owned(),
                    theme.dim(),
                ));
            }
            out.push(row(
                "input",
                LABEL,
                vec![text(
                    &fit(&mask_password(&n.input), val),
                    ratatui::style::Style::new(),
                )],
                theme,
            ));
            for (i, r) in n.rungs.iter().enumerate() {
                let same = r.before == r.after;
                out.push(Line::from(vec![
                    Span::styled(format!("{} {}", i + 1, r.kind.name()), theme.heading()),
                    Span::styled(format!("  {}", r.kind.section()), theme.dim()),
                    Span::styled(if same { "  no change" } else { "" }, theme.dim()),
                ]));
                if same {
                    continue;
                }
                out.push(row(
                    "  before",
                    LABEL,
                    vec![text(&fit(&mask_password(&r.before), val), theme.dim())],
                    theme,
                ));
                // A password is masked (and the change marks, which count
                // its bytes, are not drawn then).
                let masked_after = mask_password(&r.after);
                let markable =
                    matches!(masked_after, Cow::Borrowed(_)) && crate::text::width(&r.after) <= val;
                let after = if markable {
                    marked(
                        &r.after,
                        &r.changed,
                        ratatui::style::Style::new(),
                        theme.changed(),
                    )
                } else {
                    vec![text(&fit(&masked_after, val), ratatui::style::Style::new())]
                };
                out.push(row("  after", LABEL, after, theme));
                if markable {
                    out.extend(marks_line(&r.after, &r.changed, LABEL, theme.changed()));
                }
                for f in &r.findings {
                    out.push(Line::styled(
                        fit(&format!("  {} {}: {}", f.severity, f.code, f.message), w).into_owned(),
                        theme.severity(f.severity),
                    ));
                }
            }
        }
    }
    // The normal form is `uriscope normalize`'s (a URI); the IRI form,
    // `uriscope normalize --iri`'s, one row below where it differs.
    let forms = &ladder.forms;
    match &forms.uri {
        Ok(uri) => out.push(row(
            "normalized",
            LABEL,
            vec![text(&fit(&mask_password(uri), val), theme.good())],
            theme,
        )),
        Err(_) if forms.iri.is_some() => out.push(row(
            "normalized",
            LABEL,
            vec![text(
                &fit("none: not a URI (uriscope normalize refuses it)", val),
                theme.dim(),
            )],
            theme,
        )),
        Err(_) => {}
    }
    if let Some(iri) = &forms.iri {
        out.push(row(
            "IRI form",
            LABEL,
            vec![text(&fit(&mask_password(iri), val), theme.good())],
            theme,
        ));
        out.push(Line::styled(
            fit("  RFC 3987 §5.3, as uriscope normalize --iri prints it", w).into_owned(),
            theme.dim(),
        ));
    }
    out.push(Line::default());
    match &ladder.comparison {
        None => out.push(Line::styled(
            fit(
                &format!(
                    "compare: {}",
                    super::field::placeholder(
                        "a second URI in the compare field",
                        app.focus == Focus::Field(Pane::Compare)
                    )
                ),
                w,
            )
            .into_owned(),
            theme.dim(),
        )),
        Some((c, syntax_input, syntax_other)) => {
            let (shown, options) = c.shown();
            if let (Err(refused), Some(_)) = (&c.uri, &c.iri) {
                out.push(Line::styled(
                    fit(
                        &format!("uriscope equiv refuses it: {}", refused.message),
                        w,
                    )
                    .into_owned(),
                    err,
                ));
            }
            match shown {
                Err(e) => out.push(Line::styled(
                    fit(&format!("cannot compare: {}", e.message), w).into_owned(),
                    err,
                )),
                Ok(e) => {
                    let syntax = (syntax_input.clone(), syntax_other.clone());
                    comparison_lines(&mut out, app, e, options, syntax, theme, w);
                }
            }
        }
    }
    out
}

/// The §6.2 comparison ladder of the input and the compare field under
/// `options` (`uriscope equiv`'s, or `equiv --iri`'s when the first
/// refused), rung by rung up to the first equal one, then the verdict as
/// the CLI prints it.
fn comparison_lines(
    out: &mut Vec<Line<'static>>,
    app: &App,
    e: &uri::compare::Equivalence,
    options: uri::NormalizeOptions,
    syntax: (Option<String>, Option<String>),
    theme: &Theme,
    w: usize,
) {
    let other = app.compare.text.text();
    let heading = if options.iri {
        "compare as IRIs (RFC 3987 §5.3, uriscope equiv --iri)"
    } else {
        "compare (RFC 3986 §6.2, uriscope equiv)"
    };
    out.push(Line::styled(heading.to_string(), theme.heading()));
    let input = app.input.text();
    let rungs = [
        (
            ComparisonRung::SimpleString,
            Some(input.to_string()),
            Some(other.to_string()),
        ),
        (ComparisonRung::SyntaxBased, syntax.0, syntax.1),
        (
            ComparisonRung::SchemeBased,
            Some(e.scheme_based.as_ref().unwrap_or(&e.normalized).0.clone()),
            Some(e.scheme_based.as_ref().unwrap_or(&e.normalized).1.clone()),
        ),
        // Shown where folding the hosts changed a form.
        (
            ComparisonRung::Idna,
            e.scheme_based.as_ref().map(|_| e.normalized.0.clone()),
            e.scheme_based.as_ref().map(|_| e.normalized.1.clone()),
        ),
    ];
    for (rung, x, y) in rungs {
        if rung == ComparisonRung::Idna && x.is_none() {
            break;
        }
        let equal = x == y;
        let verdict = if equal { "equal " } else { "differ" };
        let style = if equal { theme.good() } else { theme.dim() };
        let shown = x.unwrap_or_default();
        out.push(Line::from(vec![
            Span::styled(format!("  {:<14}", rung.name()), theme.heading()),
            Span::styled(format!("{verdict} "), style),
            text(
                &fit(&mask_password(&shown), w.saturating_sub(24)),
                theme.dim(),
            ),
        ]));
        if !equal {
            let other_form = y.unwrap_or_default();
            out.push(Line::from(vec![
                Span::raw(format!("  {:<21}", "")),
                text(
                    &fit(&mask_password(&other_form), w.saturating_sub(24)),
                    theme.dim(),
                ),
            ]));
        }
        if equal {
            break;
        }
    }
    let style = if e.is_equivalent() {
        theme.good()
    } else {
        theme.severity(Severity::Error)
    };
    out.push(Line::styled(fit(&e.verdict(), w).into_owned(), style));
}
