//! The Breakdown's `data:` section (RFC 2397 §2, §3): media type and parameters,
//! base64 or percent encoding, the decoded size, the findings located by
//! byte, and a preview — text in its charset with controls visible, an
//! image's kind and size read from its header, or a hex dump. Only the
//! prefix shown is decoded ([`data_url::preview`]), and at most a few
//! findings are drawn, so a 64 KB payload costs what the screen shows.

use ratatui::text::{Line, Span};

use crate::text::{fit, visible};
use crate::uri::data_url::{self, Preview, PreviewOptions};

use super::theme::Theme;

/// At most this many preview lines (text or hex dump).
const PREVIEW_LINES: usize = 8;
/// At most this many of the `data:` findings are listed here.
const FINDINGS_SHOWN: usize = 5;

fn row(k: &str, v: String, theme: &Theme) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{k:<11} "), theme.heading()),
        Span::raw(v),
    ])
}

/// The section's lines for `input`, `w` columns wide; none when the input
/// is not a `data:` URI.
pub fn section(input: &str, theme: &Theme, w: usize) -> Vec<Line<'static>> {
    let Some(result) = data_url::analyze(input) else {
        return Vec::new();
    };
    // §2 describes the form and its defaults, §3 is the grammar: the two
    // passages every row below reads from.
    let mut out = vec![Line::styled("data: URI (RFC 2397 §2, §3)", theme.heading())];
    let d = match result {
        Ok(d) => d,
        Err(e) => {
            out.push(Line::styled(
                fit(&visible(&e.to_string()), w).into_owned(),
                theme.severity(crate::uri::Severity::Error),
            ));
            out.push(Line::default());
            return out;
        }
    };
    let cell = |s: &str, room: usize| fit(&visible(s), room).into_owned();
    let room = w.saturating_sub(12);
    let facts = data_url::Facts::of(&d, input);
    out.push(row(
        "media type",
        cell(&facts.media_type_text(), room),
        theme,
    ));
    if let Some(c) = &d.charset {
        let enc = c.encoding.unwrap_or("unknown label: decoded as UTF-8");
        let dflt = if c.defaulted {
            ", the default (RFC 2397 §2)"
        } else {
            ""
        };
        out.push(row(
            "charset",
            cell(&format!("{} → {enc}{dflt}", c.label), room),
            theme,
        ));
    }
    if !d.parameters.is_empty() {
        let ps: Vec<String> = d
            .parameters
            .iter()
            .take(8)
            .map(|p| match &p.value {
                Some(v) => format!("{}={v}", p.attribute),
                None => p.attribute.clone(),
            })
            .collect();
        let more = d.parameters.len().saturating_sub(8);
        let mut text = ps.join(" · ");
        if more > 0 {
            text.push_str(&format!(" · …{more} more"));
        }
        out.push(row("parameters", cell(&text, room), theme));
    }
    out.push(row("encoding", facts.encoding_text().to_string(), theme));
    out.push(row("decoded", facts.size_text(), theme));
    if let Some(f) = d.fragment {
        out.push(row(
            "fragment",
            cell(
                &format!(
                    "\"{}\": not data (RFC 2397 defines no fragment; # ends it, RFC 3986 §3.5)",
                    f.slice(input)
                ),
                room,
            ),
            theme,
        ));
    }
    let total = d.findings.len() + d.findings_omitted;
    for f in d.findings.iter().take(FINDINGS_SHOWN) {
        out.push(Line::from(vec![
            Span::styled(format!("{:<11} ", f.severity), theme.severity(f.severity)),
            Span::raw(cell(
                &format!(
                    "{} at {}..{}: {}",
                    f.code, f.span.start, f.span.end, f.message
                ),
                room,
            )),
        ]));
    }
    if total > FINDINGS_SHOWN {
        out.push(Line::styled(
            format!(
                "{:<11} …and {} more data findings",
                "",
                total - FINDINGS_SHOWN
            ),
            theme.dim(),
        ));
    }
    let options = PreviewOptions {
        text_bytes: 4096,
        ..PreviewOptions::default()
    };
    match data_url::preview(&d, input, &options) {
        Preview::Text {
            text,
            charset,
            lossy,
            truncated,
            ..
        } => {
            let mut what = format!("text ({charset}");
            if lossy {
                what.push_str(", bytes that are not text shown as U+FFFD");
            }
            if truncated {
                what.push_str(", the first bytes");
            }
            what.push(')');
            out.push(row("preview", cell(&what, room), theme));
            // Each line in the screen's notation, as the rest of the
            // screen (the core's `visible_controls` writes `\u{…}`, for
            // plain output).
            let mut lines = text.split_terminator('\n');
            for l in lines.by_ref().take(PREVIEW_LINES) {
                out.push(Line::raw(format!(
                    "  │ {}",
                    fit(&visible(l), w.saturating_sub(4))
                )));
            }
            if lines.next().is_some() {
                out.push(Line::styled("  │ …", theme.dim()));
            }
        }
        Preview::Image { .. } => {
            if let Some(image) = facts.image_text() {
                out.push(row("preview", image, theme));
            }
            if let Some(m) = facts.mismatch_text() {
                out.push(Line::styled(
                    fit(&m, w).into_owned(),
                    theme.severity(crate::uri::Severity::Warning),
                ));
            }
        }
        Preview::Binary {
            lines,
            shown,
            total,
        } => {
            out.push(row(
                "preview",
                format!("hex dump of {shown} of {total} bytes"),
                theme,
            ));
            for l in lines.iter().take(PREVIEW_LINES) {
                out.push(Line::raw(format!("  {}", fit(l, w.saturating_sub(2)))));
            }
        }
    }
    out.push(Line::default());
    out
}
