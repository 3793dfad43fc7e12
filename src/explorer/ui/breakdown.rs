//! The Breakdown pane: the input in its component colors, the RFC 3986 §3
//! underbrace diagram, carets under every finding, the component table
//! (raw, decoded, byte span), host kind, path segments, query pairs, the
//! findings, what the WHATWG URL Standard (browsers) makes of it and how
//! that differs, and a legend. Scrolls vertically; the URI-wide rows also
//! scroll horizontally for long URIs.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{
    Paragraph, Scrollbar, ScrollbarOrientation, ScrollbarState, StatefulWidget, Widget,
};

use crate::explorer::app::breakdown::{
    components, form_decode, input_roles, percent_decode, roles, Component,
};
use crate::explorer::app::role::Role;
use crate::explorer::app::App;
use crate::text::{fit, glyphs, visible, width, Columns};
use crate::uri::{component::HostKind, report::Mark, Report, Span as ByteSpan};

use super::grid::{uri_line, Grid};
use super::theme::Theme;

use super::findings::{findings, grouped_findings, MAX_MARKS};

/// Draw the Breakdown of `a` (the analysis of `app`'s input) into `area`.
pub fn render(app: &App, a: &Report<'_>, area: Rect, buf: &mut Buffer, theme: &Theme) {
    if area.width == 0 || area.height == 0 {
        return;
    }
    let w = usize::from(area.width);
    let cols = w.saturating_sub(1);
    // With the view focused, the selected component row is marked (↑/↓
    // select, Enter edits) and kept in view.
    let selected = (app.focus
        == crate::explorer::app::Focus::Pane(crate::explorer::app::Pane::Breakdown))
    .then(|| {
        crate::explorer::app::edit::TARGETS
            [app.breakdown.row % crate::explorer::app::edit::TARGETS.len()]
        .name()
    });
    // The input's columns and roles, kept for the frame, when `a` is the
    // analysis of the input (the same text, not compared byte by byte).
    let known =
        std::ptr::eq(a.input, app.input.text()).then(|| (app.input.columns(), input_roles(app, a)));
    let (mut lines, pin) = body(
        a,
        known,
        theme,
        app.breakdown.scroll.x,
        cols,
        selected,
        app.breakdown.all_findings,
    );
    let height = usize::from(area.height);
    // The sections below the RFC 3986 lines each read the whole input
    // again (two `url` crate parses among them: half a second on 10 MB);
    // for a long input they are written only when the view reaches them,
    // and stand as one line until then.
    let first = match pin.filter(|_| app.breakdown.follow) {
        Some(p) => p.saturating_sub(height),
        None => app.breakdown.scroll.y,
    };
    if a.input.len() >= LAZY_SECTIONS && first.saturating_add(height) < lines.len() {
        lines.push(Line::default());
        lines.push(Line::styled(
            format!(
                "URI Template, data:, Parsers and WHATWG sections: written when the view reaches \
                 them ({} bytes of input)",
                a.input.len()
            ),
            theme.dim(),
        ));
    } else if a.input.len() >= LAZY_SECTIONS && std::ptr::eq(a.input, app.input.text()) {
        // Reached on a long input: drawn on a thread of their own.
        match super::sections::offloaded(app, a, theme, cols) {
            Some(drawn) => lines.extend(drawn.0.iter().cloned()),
            None => {
                lines.push(Line::default());
                lines.push(Line::styled(
                    format!(
                        "URI Template, data:, Parsers and WHATWG sections: computing on a thread \
                         of its own ({} bytes of input)…",
                        a.input.len()
                    ),
                    theme.dim(),
                ));
            }
        }
    } else {
        lines.extend(super::sections::now(app, a, theme, cols));
    }
    lines.extend(legend(theme));
    let max_y = lines.len().saturating_sub(height);
    let mut y = app.breakdown.scroll.y.min(max_y);
    if let Some(p) = pin.filter(|_| app.breakdown.follow) {
        if p >= y + height {
            y = (p + 1).saturating_sub(height).min(max_y);
        } else if p < y {
            y = p;
        }
    }
    super::field::note_view(height, y, max_y);
    let shown: Vec<Line<'static>> = lines.into_iter().skip(y).take(height).collect();
    let total = shown.len() + max_y;
    Paragraph::new(shown).render(area, buf);
    if max_y > 0 {
        let mut state = ScrollbarState::new(total.saturating_sub(height) + 1).position(y);
        Scrollbar::new(ScrollbarOrientation::VerticalRight).render(area, buf, &mut state);
    }
}

/// From this many bytes of input, the sections after the RFC 3986 lines
/// are written only when the view reaches them.
pub const LAZY_SECTIONS: usize = 1 << 20;

/// The pane's RFC 3986 lines and the legend (no WHATWG section); URI-wide
/// rows are cut to columns `x..x + w`.
pub fn build(a: &Report<'_>, theme: &Theme, x: usize, w: usize) -> Vec<Line<'static>> {
    let (mut out, _) = body(a, None, theme, x, w, None, false);
    out.extend(legend(theme));
    out
}

/// The RFC 3986 lines: the URI with its diagram, verdict, table, details
/// and findings; and the line of the `selected` component row, marked.
/// `known` are the columns and roles of `a.input` when the caller has
/// them.
fn body(
    a: &Report<'_>,
    known: Option<(std::rc::Rc<Columns>, std::rc::Rc<Vec<Role>>)>,
    theme: &Theme,
    x: usize,
    w: usize,
    selected: Option<&str>,
    all_findings: bool,
) -> (Vec<Line<'static>>, Option<usize>) {
    let mut out = Vec::new();
    // The password of `user:pass` is drawn as a mask of fixed length;
    // spans are mapped onto the masked text (`m.at`). The input line
    // above keeps it as typed.
    let m = super::mask::masked(a.input, super::mask::password_span(a));
    let input: &str = m.text();
    // The input line's columns when nothing is masked (`known`, of
    // `a.input`), else those of the masked text.
    let (cols, input_roles) = match known {
        Some((c, r)) if std::ptr::eq(input, a.input) => (c, r),
        Some((_, r)) => (std::rc::Rc::new(Columns::new(input)), r),
        None => (
            std::rc::Rc::new(Columns::new(input)),
            std::rc::Rc::new(roles(a)),
        ),
    };
    let comps = components(a);
    let all = crate::explorer::app::breakdown::findings(a);
    // Past the glyph under the column after the window, nothing shows:
    // the roles are copied up to there (a byte of the masked text is at
    // most the mask's difference in length away from its byte of the
    // input), not for the whole of a 10 MB input.
    let window_end = cols.glyph_at(x.saturating_add(w).saturating_add(1)).0;
    let shown = window_end + 1 + a.input.len().abs_diff(input.len());
    let mut roles = m.per_byte(&input_roles[..input_roles.len().min(shown)]);
    // The offending characters themselves are drawn in the error style,
    // not only the carets under them: the parser's, also where a shape's
    // one finding stands for them. Only the window's columns are drawn:
    // the findings come in input order, so those that start past it are
    // not looked at (an input with an error every few bytes has millions).
    for f in a
        .marks()
        .take_while(|f| m.at(f.span.start) <= window_end)
        .filter(|f| f.severity == crate::uri::Severity::Error)
    {
        let end = m.at(f.span.end).min(roles.len());
        if let Some(slot) = roles.get_mut(m.at(f.span.start)..end) {
            slot.fill(Role::Error);
        }
    }

    // The URI, and under it the ruler, carets and the underbrace diagram.
    out.push(uri_line(input, Some(&cols), &roles, theme, x, w));
    let mut g = Grid::window(x, w);
    let mut row = 0;
    if theme.no_color {
        let mut col = 0;
        for gl in glyphs(input) {
            if col >= x + w {
                break;
            }
            let role = roles.get(gl.byte).copied().unwrap_or(Role::Delimiter);
            if role != Role::Delimiter {
                for c in col..col + gl.width {
                    g.put(row, c, role.letter(), theme.dim());
                }
            }
            col += gl.width;
        }
        row = g.height().max(row + 1);
    }
    // A remark about the whole input (such as "this is an IRI") is
    // listed, not underlined.
    let whole = |f: &Mark| f.span == ByteSpan::new(0, a.input.len()) && a.input.len() > 1;
    // Findings are listed grouped by kind (or every one, the toggle key):
    // a caret's number is its group's, or its own.
    let groups = all.groups();
    let number = |f: &Mark, i: usize| {
        if all_findings {
            i + 1
        } else {
            let same =
                |g: &crate::uri::lint::Group| g.code() == f.code && g.severity() == f.severity;
            groups.iter().position(same).unwrap_or(0) + 1
        }
    };
    let mut marks = Vec::new();
    // Where a shape's finding (number 1) stands for the parser's errors,
    // the carets under those characters point at it.
    let shape_carets = all
        .shape()
        .filter(|s| !s.valid)
        .map(|_| {
            a.marks()
                .filter(|m| m.severity == crate::uri::Severity::Error)
        })
        .into_iter()
        .flatten()
        .map(|m| (0, m));
    let in_window = |f: &Mark| m.at(f.span.start) <= window_end;
    let listed = all.marks().enumerate().take_while(|(_, f)| in_window(f));
    for (i, f) in listed.chain(shape_carets.take_while(|(_, f)| in_window(f))) {
        if marks.len() >= MAX_MARKS {
            break;
        }
        let (c0, c1) = cols.cols(m.at(f.span.start), m.at(f.span.end));
        if whole(&f) || !g.shows(c0, c1) {
            continue;
        }
        let style = theme.severity(f.severity);
        for c in c0.max(x)..c1.min(x + w) {
            g.put(row, c, '^', style);
        }
        marks.push((c0, number(&f, i).to_string(), style));
    }
    if !marks.is_empty() {
        g.labels(row + 1, &marks);
        row = g.height();
    }
    let braces: Vec<_> = comps
        .iter()
        .filter(|c| c.top && !c.span.is_empty())
        .map(|c| {
            let (c0, c1) = cols.cols(m.at(c.span.start), m.at(c.span.end));
            (c0, c1, c.name, theme.role(c.role))
        })
        .collect();
    g.underbraces(row, &braces);
    for r in 0..g.height() {
        out.push(g.line(r));
    }
    if x > 0 {
        out.push(Line::styled(
            format!("(scrolled {x} columns; ←/→ in this view)"),
            theme.dim(),
        ));
    }
    out.push(Line::default());

    // The verdict, as every surface prints it (uri::report::Verdict).
    let v = crate::uri::report::Verdict::of(a);
    let label = v.label();
    let (word, rest) = label.split_once(' ').unwrap_or((&label, ""));
    let word_style = if v.is_iri() {
        theme.good()
    } else {
        theme.role(Role::Error)
    };
    let mut verdict = vec![
        Span::styled(word.to_string(), word_style),
        Span::raw(format!(" {rest}")),
    ];
    if !v.is_iri() {
        verdict.push(Span::raw(" - components from the Appendix B split"));
    }
    out.push(Line::from(verdict));
    if let Some(Ok(form)) = v.uri_form(a.input) {
        // An IRI is not a URI: its URI form (RFC 3987 §3.1: UTF-8
        // escapes, the host through IDNA).
        let form = super::mask::mask_password(&form).into_owned();
        out.push(Line::from(vec![
            Span::styled("URI form (RFC 3987 §3.1) ", theme.dim()),
            Span::raw(fit(&form, w.saturating_sub(26)).into_owned()),
        ]));
    }
    if super::mask::password_span(a).is_some() {
        let key =
            crate::explorer::app::keymap::key_name(&crate::explorer::app::Action::RevealPasswords)
                .unwrap_or_default();
        let text = if super::mask::revealed() {
            format!("password shown for this session (RFC 3986 §7.5); {key} masks it again")
        } else {
            format!("password masked (RFC 3986 §7.5); the input line shows it as typed; {key} here")
        };
        out.push(Line::styled(text, theme.dim()));
    }
    out.push(Line::default());

    host_kind(&mut out, a, theme);
    let pin = table(&mut out, a, &comps, theme, w, selected);
    details(&mut out, a, theme, w);
    if all_findings {
        findings(&mut out, &all, theme, w);
    } else {
        grouped_findings(&mut out, &all, &groups, theme, w);
    }
    (out, pin)
}

/// The color legend, after a blank line.
fn legend(theme: &Theme) -> [Line<'static>; 2] {
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
    [Line::default(), Line::from(legend)]
}

fn table(
    out: &mut Vec<Line<'static>>,
    a: &Report<'_>,
    comps: &[Component],
    theme: &Theme,
    w: usize,
    selected: Option<&str>,
) -> Option<usize> {
    let mut pin = None;
    let name_w = 11;
    // The bytes column is as wide as the widest span it can hold, and one
    // space more (`19..1000001` on a 1 MB input stays in its column).
    let digits = a.input.len().max(1).ilog10() as usize + 1;
    let span_w = (2 * digits + 3).max(11);
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
        let chosen = selected == Some(name);
        if chosen {
            pin = Some(out.len());
        }
        let label_style = if chosen {
            theme.selected()
        } else {
            ratatui::style::Style::new()
        };
        let mut spans = vec![Span::styled(format!("{label:<name_w$}"), label_style)];
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
                let cell = fit(raw, raw_w.saturating_sub(1));
                let pad = raw_w.saturating_sub(width(&cell));
                // The role's style (an underline for some) under the
                // value only, not across the padding.
                spans.push(Span::styled(cell.into_owned(), theme.role(c.role)));
                spans.push(Span::raw(format!("{} ", " ".repeat(pad))));
                let (dec, utf8) = percent_decode(raw);
                let cell = if utf8 {
                    fit(&dec, dec_w.saturating_sub(1)).into_owned()
                } else {
                    format!("{} (not UTF-8)", fit(&dec, dec_w.saturating_sub(14)))
                };
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
            if let Some(line) = site_row(a, name_w, theme) {
                out.push(line);
            }
        }
    }
    pin
}

fn span_text(c: &Component) -> String {
    format!("{}..{}", c.span.start, c.span.end)
}

fn row(k: &str, v: String, theme: &Theme) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{k:<10} "), theme.heading()),
        Span::raw(v),
    ])
}

/// The host's site under its row, from the Public Suffix List
/// ([`crate::uri::site`]): the registrable domain and the public suffix
/// with its section. Shown when it says more than the host does: for a
/// host with labels before its registrable domain (`a.b.example.co.uk`),
/// and for a host of several labels that is a public suffix itself
/// (`co.uk`, `github.io`).
fn site_row(a: &Report<'_>, name_w: usize, theme: &Theme) -> Option<Line<'static>> {
    if !a.is_valid() {
        return None;
    }
    let auth = a.uri.authority_parts()?;
    if auth.host.kind != HostKind::RegName {
        return None;
    }
    let host = auth.host.span.slice(a.input);
    let site = crate::uri::site::site(host)?;
    let name = site.host().strip_suffix('.').unwrap_or(site.host());
    let section = match site.section() {
        crate::uri::site::Section::Icann => "ICANN",
        crate::uri::site::Section::Private => "private",
        crate::uri::site::Section::Unlisted => "not listed",
    };
    let suffix = format!("public suffix {} ({section})", visible(site.suffix()));
    let (label, value) = match site.registrable() {
        Some(r) if r.len() < name.len() => ("site ", visible(r).into_owned()),
        None if name.contains('.') => ("site ", "none: the host is a public suffix".to_string()),
        _ => return None,
    };
    Some(Line::from(vec![
        Span::raw(format!("{:<name_w$}", "  (site)")),
        Span::styled(label, theme.dim()),
        Span::styled(value, theme.role(crate::explorer::app::role::Role::Host)),
        Span::styled(format!(" · {suffix}"), theme.dim()),
    ]))
}

/// The host kind line (RFC 3986 §3.2.2, RFC 6874), shown above the table.
fn host_kind(out: &mut Vec<Line<'static>>, a: &Report<'_>, theme: &Theme) {
    if !a.is_valid() {
        return;
    }
    let Some(auth) = a.uri.authority_parts() else {
        return;
    };
    let kind = match auth.host.kind {
        HostKind::RegName if auth.host.span.is_empty() => "reg-name (empty)".to_string(),
        HostKind::RegName => "reg-name".to_string(),
        HostKind::Ipv4 => "IPv4address".to_string(),
        HostKind::Ipv6 => match auth.host.zone {
            Some(z) => format!(
                "IPv6address with zone ID \"{}\" (RFC 6874)",
                fit(z.slice(a.input), 40)
            ),
            None => "IPv6address".to_string(),
        },
        HostKind::IpFuture => "IPvFuture".to_string(),
    };
    out.push(row("host kind", kind, theme));
}

fn details(out: &mut Vec<Line<'static>>, a: &Report<'_>, theme: &Theme, w: usize) {
    if !a.is_valid() {
        return;
    }
    let u = &a.uri;
    let row = |k: &str, v: String| row(k, v, theme);
    out.push(Line::default());
    out.push(row("path kind", u.path_kind().as_str().to_string()));
    // Only as many segments as fit on the line are looked at.
    let room = w.saturating_sub(10);
    let mut segs = String::new();
    let mut decoded = String::new();
    let mut count = 0;
    // The width of `segs` so far, kept as it grows (measuring `segs` again
    // at each segment would cost the square of a long path's segments).
    let mut segs_w = 0;
    for (_, seg) in u.segments() {
        count += 1;
        if segs_w <= room {
            let piece = format!("[{}] ", fit(seg, room));
            segs_w += width(&piece);
            segs.push_str(&piece);
            decoded.push_str(&format!("[{}] ", fit(&percent_decode(seg).0, room)));
        }
    }
    if count > 0 {
        let value = format!("{count}: {}", segs.trim_end());
        out.push(row("segments", fit(&value, room).into_owned()));
        if decoded != segs {
            let value = format!("decoded: {}", decoded.trim_end());
            out.push(row("", fit(&value, room).into_owned()));
        }
    }
    // Servers of these schemes read a query as a form
    // (application/x-www-form-urlencoded: `+` is a space).
    let form_scheme = u.scheme().is_some_and(|s| {
        ["http", "https", "ws", "wss"]
            .iter()
            .any(|f| s.eq_ignore_ascii_case(f))
    });
    let mut pairs = u.query_pairs(b'&');
    for (i, p) in pairs.by_ref().take(MAX_MARKS).enumerate() {
        let label = if i == 0 { "query" } else { "" };
        out.push(row(
            label,
            fit(
                &pair_text(p.key_str(a.input), p.value_str(a.input), form_scheme),
                room,
            )
            .into_owned(),
        ));
    }
    let more = pairs.count();
    if more > 0 {
        out.push(row("", format!("… and {more} more pairs")));
    }
}

/// One query pair as the Breakdown lists it: raw, then, where decoding
/// changes it, the key and the value decoded by RFC 3986 and as a form
/// (`+` as a space), the form marked where the scheme's servers read it
/// so. Empty keys and empty pairs are named, never left blank.
///
/// ```text
/// subject = Hello%20World+there  → "subject" = "Hello World+there" · form: "Hello World there" (http reads this)
/// (empty pair)
/// (empty key) = x
/// ```
fn pair_text(key: &str, value: Option<&str>, form_scheme: bool) -> String {
    let shown_key = if key.is_empty() { "(empty key)" } else { key };
    let mut v = match value {
        Some(val) => format!("{shown_key} = {val}"),
        None if key.is_empty() => return "(empty pair)".to_string(),
        None => format!("{shown_key} (no value)"),
    };
    let both = |f: &dyn Fn(&str) -> String| match value {
        Some(val) => format!("\"{}\" = \"{}\"", f(key), f(val)),
        None => format!("\"{}\"", f(key)),
    };
    let rfc = both(&|s| percent_decode(s).0.into_owned());
    let form = both(&|s| form_decode(s).into_owned());
    let raw = both(&|s| s.to_string());
    if rfc != raw {
        v.push_str(&format!("  → {rfc}"));
    }
    if form != rfc {
        let mark = if form_scheme {
            " (what http servers read)"
        } else {
            ""
        };
        v.push_str(&format!(" · form: {form}{mark}"));
    }
    v
}
