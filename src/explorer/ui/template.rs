//! The Breakdown's URI Template section (RFC 6570), for an input with `{`
//! expressions: the level, each expression with its operator (and the
//! section defining it), its variables with their modifiers and values,
//! and what it expands to with the explorer's variables (`--vars FILE`;
//! without them every variable is undefined, which §3.2.1 expands to
//! nothing). A template that does not parse shows the position and
//! what was expected.

use ratatui::text::{Line, Span};

use crate::text::{fit, visible};
use crate::uri::template::{self, Variables};

use super::theme::Theme;

/// At most this many expressions are listed.
const SHOWN: usize = 40;

/// The section's lines, or none when `input` holds no `{`.
pub fn section(input: &str, vars: &Variables, theme: &Theme, w: usize) -> Vec<Line<'static>> {
    if !input.contains('{') {
        return Vec::new();
    }
    let mut out = Vec::new();
    let t = match template::parse(input) {
        Ok(t) if t.expressions().next().is_some() => t,
        Ok(_) => return out,
        Err(e) => {
            // Only when it looks meant as a template (braces closed).
            if input.contains('}') {
                out.push(Line::styled("URI Template (RFC 6570)", theme.heading()));
                out.push(Line::styled(
                    fit(&visible(&format!("not a template: {e}")), w).into_owned(),
                    theme.severity(crate::uri::Severity::Error),
                ));
                out.push(Line::default());
            }
            return out;
        }
    };
    let n = t.expressions().count();
    let defined = if vars.is_empty() {
        "all undefined (no --vars FILE.json)"
    } else {
        "variables from --vars"
    };
    out.push(Line::from(vec![
        Span::styled("URI Template (RFC 6570)", theme.heading()),
        Span::styled(
            format!(
                ", level {}, {n} expression{}; {defined}",
                t.level(),
                if n == 1 { "" } else { "s" }
            ),
            theme.dim(),
        ),
    ]));
    let parts = template::expand_parts(&t, vars);
    let whole: String = parts.iter().map(|p| p.text.as_str()).collect();
    out.push(Line::from(vec![
        Span::styled(format!("{:<11} ", "expands to"), theme.heading()),
        Span::styled(
            fit(&visible(&whole), w.saturating_sub(12)).into_owned(),
            theme.good(),
        ),
    ]));
    for p in parts
        .iter()
        .filter(|p| p.expression().is_some())
        .take(SHOWN)
    {
        let Some(e) = p.expression() else { continue };
        let span = p.span();
        let op = e.operator;
        out.push(Line::from(vec![
            Span::styled(
                fit(&visible(span.slice(input)), 24).into_owned(),
                theme.role(crate::explorer::app::role::Role::Query),
            ),
            Span::styled(
                format!("  {} (RFC 6570 §{})", op.name(), op.section()),
                theme.dim(),
            ),
        ]));
        for v in &p.vars {
            let value = match (v.value, v.defined) {
                (None, _) => "undefined".to_string(),
                (Some(k), false) => format!("empty {k:?}: undefined (§2.3)").to_lowercase(),
                (Some(k), true) => format!("{k:?}").to_lowercase(),
            };
            let got = match &v.error {
                Some(err) => format!("error: {err}"),
                None if v.text.is_empty() => "→ nothing".to_string(),
                None => format!("→ {}", v.text),
            };
            let line = format!(
                "    {}{}  {value}  {got}",
                v.varspec.name, v.varspec.modifier
            );
            out.push(Line::raw(fit(&visible(&line), w).into_owned()));
        }
        out.push(Line::styled(
            fit(&format!("    = {}", visible(&p.text)), w).into_owned(),
            theme.dim(),
        ));
    }
    if n > SHOWN {
        out.push(Line::styled(
            format!("…and {} more expressions", n - SHOWN),
            theme.dim(),
        ));
    }
    out.push(Line::default());
    out
}
