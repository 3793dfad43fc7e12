//! The Breakdown pane: the input in its component colors, the RFC 3986 §3
//! underbrace diagram, carets under every finding, the component table
//! (raw, decoded, byte span), host kind, path segments, query pairs, the
//! findings and a legend. Scrolls vertically; the URI-wide rows also
//! scroll horizontally for long URIs.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{
    Paragraph, Scrollbar, ScrollbarOrientation, ScrollbarState, StatefulWidget, Widget,
};

use crate::app::breakdown::{components, percent_decode, roles, Component, Role};
use crate::app::App;
use crate::display::{fit, visible, width, Columns};
use crate::uri::{Analysis, HostKind, RefKind, Span as ByteSpan};

use super::grid::{uri_line, Grid};
use super::theme::Theme;

/// Draw the Breakdown of `app`'s input into `area`.
pub fn render(app: &App, area: Rect, buf: &mut Buffer, theme: &Theme) {
    if area.width == 0 || area.height == 0 {
        return;
    }
    let mut a = app.analysis();
    // The §7 security findings (warnings) are listed with the parse findings.
    a.findings.extend(crate::uri::lint::lint_analysis(&a));
    a.findings.sort_by_key(|f| (f.span.start, f.severity));
    let w = usize::from(area.width);
    let lines = build(&a, theme, app.breakdown.x, w.saturating_sub(1));
    let height = usize::from(area.height);
    let max_y = lines.len().saturating_sub(height);
    let y = app.breakdown.y.min(max_y);
    let shown: Vec<Line<'static>> = lines.into_iter().skip(y).take(height).collect();
    let total = shown.len() + max_y;
    Paragraph::new(shown).render(area, buf);
    if max_y > 0 {
        let mut state = ScrollbarState::new(total.saturating_sub(height) + 1).position(y);
        Scrollbar::new(ScrollbarOrientation::VerticalRight).render(area, buf, &mut state);
    }
}

/// The pane's lines; URI-wide rows are cut to columns `x..x + w`.
pub fn build(a: &Analysis<'_>, theme: &Theme, x: usize, w: usize) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    // The password of `user:pass` is drawn masked (same byte length, so
    // every span still fits); the input line above keeps it as typed.
    let pw = super::mask::password_span(a);
    let masked = super::mask::masked(a.input, pw);
    let input: &str = &masked;
    let cols = Columns::new(input);
    let comps = components(a);
    let roles = roles(a);

    // The URI, and under it the ruler, carets and the underbrace diagram.
    out.push(uri_line(input, &roles, theme, x, w));
    let mut g = Grid::new();
    let mut row = 0;
    if theme.no_color {
        for (byte, role) in roles.iter().enumerate() {
            if input.is_char_boundary(byte) && *role != Role::Delimiter {
                let (c0, c1) = cols.cols(byte, byte + 1);
                for c in c0..c1 {
                    g.put(row, c, role.letter(), theme.dim());
                }
            }
        }
        row += 1;
    }
    // A remark about the whole input (such as "this is an IRI") is
    // listed, not underlined.
    let whole =
        |f: &crate::uri::Finding| f.span == ByteSpan::new(0, input.len()) && input.len() > 1;
    if a.findings.iter().any(|f| !whole(f)) {
        let mut marks = Vec::new();
        for (i, f) in a.findings.iter().enumerate() {
            if whole(f) {
                continue;
            }
            let (c0, c1) = cols.cols(f.span.start, f.span.end);
            let style = theme.severity(f.severity);
            for c in c0..c1 {
                g.put(row, c, '^', style);
            }
            marks.push((c0, (i + 1).to_string(), style));
        }
        g.labels(row + 1, &marks);
        row = g.height();
    }
    let brace_row = row;
    let mut labels = Vec::new();
    for c in comps.iter().filter(|c| c.top && !c.span.is_empty()) {
        let (c0, c1) = cols.cols(c.span.start, c.span.end);
        let style = theme.role(c.role);
        g.brace(brace_row, c0, c1, style);
        labels.push(((c0 + c1 - 1) / 2, c.name.to_string(), style));
    }
    if !labels.is_empty() {
        g.labels(brace_row + 2, &labels);
    }
    for r in 0..g.height() {
        out.push(g.line(r, x, w));
    }
    if x > 0 {
        out.push(Line::styled(
            format!("(scrolled {x} columns; ←/→ in this view)"),
            theme.dim(),
        ));
    }
    out.push(Line::default());

    // The verdict.
    let errors = a.errors().count();
    let iri = !a.input.is_ascii() && a.findings.iter().any(|f| f.code == "iri");
    let mut verdict = if a.is_valid() {
        vec![
            Span::styled("valid", theme.good()),
            Span::raw(match a.uri.kind() {
                RefKind::Uri => " URI (§3)",
                RefKind::NetworkPath => " network-path reference (§4.2)",
                RefKind::AbsolutePath => " absolute-path reference (§4.2)",
                RefKind::RelativePath => " relative-path reference (§4.2)",
                RefKind::SameDocument => " same-document reference (§4.4)",
            }),
        ]
    } else {
        vec![
            Span::styled(
                format!(
                    "invalid: {errors} error{}",
                    if errors == 1 { "" } else { "s" }
                ),
                theme.role(Role::Error),
            ),
            Span::raw(" - components from the Appendix B split"),
        ]
    };
    if iri {
        verdict.push(Span::raw(" · IRI (RFC 3987)"));
    }
    out.push(Line::from(verdict));
    if pw.is_some() {
        out.push(Line::styled(
            "password masked here (RFC 3986 §7.5); the input line shows it as typed",
            theme.dim(),
        ));
    }
    out.push(Line::default());

    table(&mut out, a, &comps, theme, w);
    details(&mut out, a, theme, w);
    findings(&mut out, a, theme, w);

    let mut legend = vec![Span::styled("legend ", theme.heading())];
    for role in Role::LEGEND {
        let mark = if theme.no_color {
            format!("{}={}", role.letter(), role.name())
        } else {
            format!("■ {}", role.name())
        };
        legend.push(Span::styled(mark, theme.role(role)));
        legend.push(Span::raw(" "));
    }
    out.push(Line::default());
    out.push(Line::from(legend));
    out
}

fn table(
    out: &mut Vec<Line<'static>>,
    a: &Analysis<'_>,
    comps: &[Component],
    theme: &Theme,
    w: usize,
) {
    let name_w = 11;
    let span_w = 11;
    let avail = w.saturating_sub(name_w + span_w + 2).max(8);
    let raw_w = avail / 2;
    let dec_w = avail - raw_w;
    out.push(Line::styled(
        format!(
            "{:<name_w$}{:<raw_w$} {:<dec_w$}{:>span_w$}",
            "component", "raw", "decoded", "bytes"
        ),
        theme.heading(),
    ));
    let order = [
        "scheme",
        "authority",
        "userinfo",
        "host",
        "port",
        "path",
        "query",
        "fragment",
    ];
    let valid = a.is_valid();
    for name in order {
        let comp = comps.iter().find(|c| c.name == name);
        let sub = matches!(name, "userinfo" | "host" | "port");
        if sub && (!valid || a.uri.authority_parts().is_none()) {
            continue;
        }
        let label = if sub {
            format!("  {name}")
        } else {
            name.to_string()
        };
        let mut spans = vec![Span::raw(format!("{label:<name_w$}"))];
        match comp {
            None => spans.push(Span::styled("(undefined)", theme.dim())),
            Some(c) if c.span.is_empty() => {
                spans.push(Span::styled(format!("{:<raw_w$} ", "(empty)"), theme.dim()));
                spans.push(Span::styled(format!("{:<dec_w$}", ""), theme.dim()));
                spans.push(Span::raw(format!("{:>span_w$}", span_text(c))));
            }
            Some(c) => {
                let raw = super::mask::cell(a.input, c.span, super::mask::password_span(a));
                let raw = raw.as_ref();
                let shown = visible(raw);
                let cell = fit(&shown, raw_w.saturating_sub(1));
                let pad = raw_w.saturating_sub(width(&cell));
                spans.push(Span::styled(
                    format!("{cell}{} ", " ".repeat(pad)),
                    theme.role(c.role),
                ));
                let (dec, utf8) = percent_decode(raw);
                let dec = if utf8 {
                    visible(&dec).into_owned()
                } else {
                    format!("{} (not UTF-8)", visible(&dec))
                };
                let cell = fit(&dec, dec_w.saturating_sub(1));
                let pad = dec_w.saturating_sub(width(&cell));
                spans.push(Span::raw(format!("{cell}{}", " ".repeat(pad))));
                spans.push(Span::styled(
                    format!("{:>span_w$}", span_text(c)),
                    theme.dim(),
                ));
            }
        }
        out.push(Line::from(spans));
        if name == "host" {
            if let Some(line) = super::mask::idna_row(a, name_w, theme) {
                out.push(line);
            }
        }
    }
}

fn span_text(c: &Component) -> String {
    format!("{}..{}", c.span.start, c.span.end)
}

fn details(out: &mut Vec<Line<'static>>, a: &Analysis<'_>, theme: &Theme, w: usize) {
    if !a.is_valid() {
        return;
    }
    let u = &a.uri;
    let row = |k: &str, v: String| {
        Line::from(vec![
            Span::styled(format!("{k:<10}"), theme.heading()),
            Span::raw(v),
        ])
    };
    out.push(Line::default());
    if let Some(auth) = u.authority_parts() {
        let kind = match auth.host.kind {
            HostKind::RegName if auth.host.span.is_empty() => "reg-name (empty)".to_string(),
            HostKind::RegName => "reg-name".to_string(),
            HostKind::Ipv4 => "IPv4address".to_string(),
            HostKind::Ipv6 => match auth.host.zone {
                Some(z) => format!(
                    "IPv6address with zone ID \"{}\" (RFC 6874)",
                    visible(z.slice(a.input))
                ),
                None => "IPv6address".to_string(),
            },
            HostKind::IpFuture => "IPvFuture".to_string(),
        };
        out.push(row("host kind", kind));
    }
    out.push(row("path kind", u.path_kind().as_str().to_string()));
    let segs: Vec<String> = u
        .segments()
        .map(|(_, s)| format!("[{}]", visible(s)))
        .collect();
    if !segs.is_empty() {
        out.push(row(
            "segments",
            fit(&segs.join(" "), w.saturating_sub(10)).into_owned(),
        ));
    }
    for (i, p) in u.query_pairs(b'&').enumerate() {
        let key = visible(p.key_str(a.input)).into_owned();
        let v = match p.value_str(a.input) {
            Some(v) => format!("{key} = {}", visible(v)),
            None => format!("{key} (no value)"),
        };
        let label = if i == 0 { "query" } else { "" };
        out.push(row(label, fit(&v, w.saturating_sub(10)).into_owned()));
    }
}

fn findings(out: &mut Vec<Line<'static>>, a: &Analysis<'_>, theme: &Theme, w: usize) {
    if a.findings.is_empty() {
        return;
    }
    out.push(Line::default());
    out.push(Line::styled("findings", theme.heading()));
    for (i, f) in a.findings.iter().enumerate() {
        let head = format!(
            "{:>2} {} {} {}..{}: ",
            i + 1,
            f.severity,
            f.code,
            f.span.start,
            f.span.end
        );
        let indent = 3;
        let msg = visible(&f.message);
        let mut first = true;
        let mut rest = msg.as_ref();
        let mut budget = w.saturating_sub(width(&head)).max(10);
        while !rest.is_empty() {
            let (piece, tail) = wrap_once(rest, budget);
            if first {
                out.push(Line::from(vec![
                    Span::styled(head.clone(), theme.severity(f.severity)),
                    Span::raw(piece.to_string()),
                ]));
                first = false;
                budget = w.saturating_sub(indent).max(10);
            } else {
                out.push(Line::raw(format!("{}{piece}", " ".repeat(indent))));
            }
            rest = tail;
        }
        if first {
            out.push(Line::styled(head, theme.severity(f.severity)));
        }
    }
}

/// Split `s` after at most `max` columns, at a space when there is one.
fn wrap_once(s: &str, max: usize) -> (&str, &str) {
    if width(s) <= max {
        return (s, "");
    }
    let mut cut = 0;
    let mut last_space = None;
    let mut col = 0;
    for (i, ch) in s.char_indices() {
        let cw = width(ch.encode_utf8(&mut [0; 4]));
        if col + cw > max {
            break;
        }
        col += cw;
        cut = i + ch.len_utf8();
        if ch == ' ' {
            last_space = Some(i);
        }
    }
    if cut == 0 {
        cut = s.chars().next().map_or(s.len(), char::len_utf8);
    }
    match last_space {
        Some(sp) if sp > 0 => (&s[..sp], &s[sp + 1..]),
        _ => (&s[..cut], &s[cut..]),
    }
}
