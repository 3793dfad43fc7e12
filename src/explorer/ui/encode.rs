//! The Encode pane: the text field (malformed escapes in the error
//! color), the encode set chooser, the encoded and the decoded text (bytes
//! that are not UTF-8 shown as hex), malformed escapes with their message,
//! each round of a double decoding, and a per-character table (character,
//! code point, UTF-8 bytes, class, encoded form).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::explorer::app::encode::{decoded, encoded};
use crate::explorer::app::keymap::key_name;
use crate::explorer::app::role::Role;
use crate::explorer::app::{Action, App, Focus, Pane};
use crate::text::{clip, fit, visible, width};
use crate::uri::percent::{self, encode_set, EncodeOptions};
use crate::uri::Severity;

use super::field::{field, row, split, text};
use super::theme::Theme;

const LABEL: usize = 10;

/// Draw the pane into `area`.
pub fn render(app: &App, area: Rect, buf: &mut Buffer, theme: &Theme) {
    if area.width == 0 || area.height == 0 {
        return;
    }
    let (top, rest) = split(area);
    let t = app.encode.text.text();
    // Bytes past the roles are drawn as delimiters: without a malformed
    // escape, no role is written (a 10 MB text allocates none).
    let mut roles = Vec::new();
    for m in percent::malformed_escapes(t) {
        if roles.is_empty() {
            roles = vec![Role::Delimiter; t.len()];
        }
        if let Some(slot) = roles.get_mut(m.range()) {
            slot.fill(Role::Error);
        }
    }
    field(
        " text",
        &app.encode.text,
        &roles,
        app.focus == Focus::Field(Pane::Encode),
        "text to percent-encode or decode",
        top,
        buf,
        theme,
    );
    let w = usize::from(area.width).saturating_sub(1);
    let s = app.encode.scroll;
    super::field::prose_width_set(w);
    let lines = build(app, theme, super::field::wide(w, s.x));
    super::field::prose_width_reset();
    super::field::scrolled_wide(lines, rest, buf, (s.x, s.y), None);
}

/// Bytes as text: UTF-8 runs made visible, everything else `\xHH` in
/// the error style.
fn bytes_line(
    bytes: &[u8],
    invalid: &[crate::uri::Span],
    max: usize,
    theme: &Theme,
) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    let mut at = 0;
    let mut used = 0;
    // A piece wider than the room left is cut to it, ending in `…`, so
    // a long decoded text shows its start, not only the `…`.
    let mut push = |s: String, style, out: &mut Vec<Span<'static>>| -> bool {
        let w = width(&s);
        if used + w > max {
            let room = max - used;
            if room > 1 {
                out.push(Span::styled(fit(&s, room).into_owned(), style));
            } else {
                out.push(Span::styled("…", theme.dim()));
            }
            return false;
        }
        used += w;
        out.push(Span::styled(s, style));
        true
    };
    for bad in invalid {
        if bad.start > at {
            let (s, cut) = lossy_start(&bytes[at..bad.start], max + 1);
            if !push(
                visible(clip(&s, max + 1)).into_owned(),
                ratatui::style::Style::new(),
                &mut out,
            ) {
                return out;
            }
            if cut {
                push("…".to_string(), theme.dim(), &mut out);
                return out;
            }
        }
        let hex: String = bytes[bad.range()]
            .iter()
            .map(|b| format!("\\x{b:02X}"))
            .collect();
        if !push(hex, theme.severity(Severity::Error), &mut out) {
            return out;
        }
        at = bad.end;
    }
    if at < bytes.len() {
        let (s, cut) = lossy_start(&bytes[at..], max + 1);
        if push(
            visible(clip(&s, max + 1)).into_owned(),
            ratatui::style::Style::new(),
            &mut out,
        ) && cut
        {
            push("…".to_string(), theme.dim(), &mut out);
        }
    }
    out
}

/// The encoded row as drawn, at least `cols` columns of it (all of it
/// when narrower): when the field's text is a URI with a password, the
/// password's part of the output is [`MASK`](super::mask::MASK) (an encode
/// set such as `unreserved` encodes the `:` and `@` that would let the
/// output be masked as a URI). Encoding works character by character, so
/// the output is the encoded text before the password, the mask, then the
/// encoded text after it; and the start of the output is the encoding of
/// the start of the text.
fn masked_encoded(app: &App, cols: usize) -> String {
    let t = app.encode.text.text();
    let set = app.encode.encode_set();
    let pw = if super::mask::revealed() {
        None
    } else {
        crate::text::mask::password_in(t)
    };
    match pw {
        Some(pw) => format!(
            "{}{}{}",
            percent::encode(&t[..pw.start], set),
            super::mask::MASK,
            encoded_start(&t[pw.end..], set, cols)
        ),
        // Encoding writes no '@' of its own: without one in the text, the
        // output has no userinfo to mask.
        None if !t.contains('@') => encoded_start(t, set, cols),
        None => super::mask::mask_password(&encoded(app)).into_owned(),
    }
}

/// The encoding of the start of `t` wider than `cols` columns by a few
/// (so a glyph cut at its end is past what a row of `cols` shows), or of
/// all of `t` when that is narrower: a row of a 10 MB text encodes a few
/// hundred bytes of it.
fn encoded_start(t: &str, set: &percent::encode_set::EncodeSet, cols: usize) -> String {
    let mut room = 4 * (cols + 16);
    loop {
        let mut cut = room.min(t.len());
        while !t.is_char_boundary(cut) {
            cut -= 1;
        }
        let e = percent::encode(&t[..cut], set);
        if cut == t.len() || width(&e) > cols + 8 {
            return e.into_owned();
        }
        room *= 2;
    }
}

/// The start of `bytes` as text (not UTF-8 as U+FFFD), enough of it for
/// `cols` columns unless its characters are of no width, and whether the
/// rest was left out.
fn lossy_start(bytes: &[u8], cols: usize) -> (std::borrow::Cow<'_, str>, bool) {
    let room = 4 * (cols + 1) + 1024;
    if bytes.len() <= room {
        return (String::from_utf8_lossy(bytes), false);
    }
    // Cut before a byte that starts a character: no sequence is split.
    let mut cut = room;
    while cut > 0 && bytes[cut] & 0xC0 == 0x80 {
        cut -= 1;
    }
    (String::from_utf8_lossy(&bytes[..cut]), true)
}

/// Rows of the per-character table drawn (a line counts the rest).
const TABLE_ROWS: usize = 256;

/// Malformed escapes listed one per line (a line counts the rest).
const MALFORMED_ROWS: usize = 20;

/// The pane's lines under the field.
pub fn build(app: &App, theme: &Theme, w: usize) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    let val = w.saturating_sub(LABEL);
    let set = app.encode.encode_set();
    let n = encode_set::ALL.len();
    let at = app.encode.set % n;
    out.push(row(
        "set",
        LABEL,
        vec![
            // No ◀ ▶ around the name: the arrows do not change it, the
            // keys named after it (from the key table) do.
            Span::styled(set.name.to_string(), theme.selected()),
            Span::styled(
                fit(
                    &format!(
                        " {}/{n} {} · {} next, {} previous",
                        at + 1,
                        set.section,
                        key_name(&Action::NextEncodeSet).unwrap_or_default(),
                        key_name(&Action::PrevEncodeSet).unwrap_or_default(),
                    ),
                    val.saturating_sub(width(set.name)),
                )
                .into_owned(),
                theme.dim(),
            ),
        ],
        theme,
    ));
    out.push(row(
        "",
        LABEL,
        vec![Span::styled(fit(set.title, val).into_owned(), theme.dim())],
        theme,
    ));
    out.push(row(
        "encoded",
        LABEL,
        vec![text(&fit(&masked_encoded(app, val), val), theme.good())],
        theme,
    ));
    let d = decoded(app);
    // A decoded URI with a password is drawn masked.
    let masked = std::str::from_utf8(&d.bytes)
        .ok()
        .map(super::mask::mask_password)
        .filter(|m| matches!(m, std::borrow::Cow::Owned(_)));
    let mut dec = match masked {
        Some(m) => vec![text(&fit(&m, val), ratatui::style::Style::new())],
        None => bytes_line(&d.bytes, &d.invalid_utf8, val, theme),
    };
    if !d.is_utf8() {
        dec.push(Span::styled(
            " (not UTF-8)",
            theme.severity(Severity::Error),
        ));
    }
    out.push(row("decoded", LABEL, dec, theme));
    if !d.is_utf8() {
        out.push(row(
            "",
            LABEL,
            vec![Span::styled(
                // Three columns a byte: the first of them fill the row.
                fit(
                    &format!(
                        "bytes {}",
                        percent::hex(&d.bytes[..d.bytes.len().min(val / 3 + 2)])
                    ),
                    val,
                )
                .into_owned(),
                theme.dim(),
            )],
            theme,
        ));
    }
    let input = app.encode.text.text();
    for m in d.malformed.iter().take(MALFORMED_ROWS) {
        let esc = m.slice(input);
        out.push(Line::styled(
            fit(
                &format!("  malformed escape \"{}\" at {}..{}: not % followed by two hex digits; kept as is", visible(esc), m.start, m.end),
                w,
            )
            .into_owned(),
            theme.severity(Severity::Error),
        ));
    }
    if d.malformed.len() > MALFORMED_ROWS {
        out.push(Line::styled(
            format!(
                "  … {} more malformed escapes (`uriscope decode --json` lists every one)",
                d.malformed.len() - MALFORMED_ROWS
            ),
            theme.severity(Severity::Error),
        ));
    }
    if d.rounds.len() > 1 {
        out.push(Line::styled(
            format!("decoded {} times (double encoding):", d.rounds.len()),
            theme.severity(Severity::Warning),
        ));
        for (i, r) in d.rounds.iter().enumerate() {
            let bad = percent::invalid_utf8(r);
            let mut spans = vec![Span::styled(
                format!("  round {:<3}", i + 1),
                theme.heading(),
            )];
            spans.extend(bytes_line(r, &bad, val, theme));
            out.push(Line::from(spans));
        }
    }
    out.push(Line::default());
    // The first rows only: a 7 MB text is not explained whole per frame.
    let rows: Vec<_> = percent::explained(input, set, EncodeOptions::default())
        .take(TABLE_ROWS)
        .collect();
    // The char column is as wide as its widest cell (an escape such as
    // `\u{200d}` takes 8 columns), 7 at least: no cell runs into the code.
    let char_col = rows
        .iter()
        .map(|r| width(&shown_char(r.text)) + 1)
        .max()
        .unwrap_or(0)
        .clamp(7, 12);
    out.push(Line::styled(
        fit(
            &format!(
                "{:<char_col$}{:<9}{:<13}{:<13}{}",
                "char", "code", "UTF-8", "class", "encoded"
            ),
            w,
        )
        .into_owned(),
        theme.heading(),
    ));
    // The password's characters are one row: the mask (the text field
    // above shows it as typed, as the input line does).
    let pw = if super::mask::revealed() {
        None
    } else {
        crate::text::mask::password_in(input)
    };
    for r in &rows {
        if let Some(p) = pw.filter(|p| p.start <= r.span.start && r.span.end <= p.end) {
            if r.span.start == p.start {
                out.push(Line::styled(
                    format!(
                        "{:<pad$}{:<13}the password, masked (RFC 3986 §7.5)",
                        super::mask::MASK,
                        "userinfo",
                        pad = char_col + 22,
                    ),
                    theme.dim(),
                ));
            }
            continue;
        }
        let bytes = percent::hex(r.utf8());
        let style = match r.action {
            percent::Action::Encoded if r.forced => theme.severity(Severity::Warning),
            percent::Action::Encoded => theme.changed(),
            _ => ratatui::style::Style::new(),
        };
        let shown = shown_char(r.text);
        // Every character is its own row: the pane encodes every `%`, so
        // no escape already in the text is kept whole.
        let code = format!("U+{:04X}", r.code_point());
        let line = format!(
            "{}{}{:<9}{:<13}{:<13}",
            shown,
            " ".repeat(char_col.saturating_sub(width(&shown))),
            code,
            fit(&bytes, 12),
            r.class,
        );
        out.push(Line::from(vec![
            Span::raw(fit(&line, w.saturating_sub(8)).into_owned()),
            Span::styled(fit(&r.encoded, 12).into_owned(), style),
        ]));
    }
    if rows.len() == TABLE_ROWS {
        let more = percent::row_count(input, EncodeOptions::default()) - TABLE_ROWS;
        if more > 0 {
            out.push(Line::styled(
                format!("… {more} more characters"),
                theme.dim(),
            ));
        }
    }
    out
}

/// A character of the table as its char cell draws it: a space as ␠ (so
/// the row does not look empty), a control or invisible one escaped.
fn shown_char(text: &str) -> std::borrow::Cow<'_, str> {
    if text == " " {
        "␠".into()
    } else {
        visible(text)
    }
}

#[cfg(test)]
mod tests {
    use super::{bytes_line, encoded_start, Theme};
    use crate::text::fit;
    use crate::uri::percent::{self, encode_set};
    use proptest::prelude::*;

    proptest! {
        /// A row shows of the encoding of the start what it shows of the
        /// encoding of the whole text, in every set.
        #[test]
        fn the_start_encoded_shows_what_the_whole_shows(
            t in "([a-z]|%|/|@|:| |é|例|😀|\u{301}|\u{200d}|\u{1b}){0,400}",
            set in 0..encode_set::ALL.len(),
            cols in 1usize..60,
        ) {
            let set = encode_set::ALL[set];
            let whole = percent::encode(&t, set);
            let start = encoded_start(&t, set, cols);
            prop_assert_eq!(fit(&start, cols), fit(&whole, cols));
        }
    }

    /// A decoded text of 100,000 characters is drawn from its start, and
    /// says that more follows.
    #[test]
    fn a_long_decoded_text_is_drawn_from_its_start() {
        let theme = Theme {
            no_color: true,
            light: false,
        };
        let text = "ab".repeat(50_000);
        let line: String = bytes_line(text.as_bytes(), &[], 30, &theme)
            .iter()
            .map(|s| s.content.to_string())
            .collect();
        assert_eq!(line, fit(&text, 30));
        let marks = "\u{301}".repeat(50_000);
        let line: String = bytes_line(marks.as_bytes(), &[], 30, &theme)
            .iter()
            .map(|s| s.content.to_string())
            .collect();
        assert!(line.ends_with('…'), "{line:?}");
    }
}
