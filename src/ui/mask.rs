//! Breakdown additions: the password of `user:pass` userinfo masked
//! wherever the pane displays it (RFC 3986 §7.5), and the IDNA form of
//! the host (RFC 3490 / UTS #46) when it differs from the text.

use std::borrow::Cow;

use ratatui::text::{Line, Span};

use crate::display::visible;
use crate::uri::idn::host_forms;
use crate::uri::{HostKind, Report, Span as ByteSpan};

use super::theme::Theme;

/// The password of the userinfo (after its first `:`), when not empty.
pub fn password_span(a: &Report<'_>) -> Option<ByteSpan> {
    let ui = a.uri.authority_parts()?.userinfo?;
    let text = a.input.get(ui.range())?;
    let colon = text.find(':')?;
    (colon + 1 < text.len()).then(|| ByteSpan::new(ui.start + colon + 1, ui.end))
}

/// `input` with every byte of `pw` replaced by `*` (same length, so
/// spans and roles computed on `input` still apply).
///
/// ```
/// use uriscope::ui::mask::masked;
/// use uriscope::uri::Span;
/// assert_eq!(masked("http://u:pw@h/", Some(Span::new(9, 11))), "http://u:**@h/");
/// assert_eq!(masked("http://h/", None), "http://h/");
/// ```
pub fn masked(input: &str, pw: Option<ByteSpan>) -> Cow<'_, str> {
    match pw {
        Some(p)
            if p.end <= input.len()
                && input.is_char_boundary(p.start)
                && input.is_char_boundary(p.end) =>
        {
            let mut s = String::with_capacity(input.len());
            s.push_str(&input[..p.start]);
            s.extend(std::iter::repeat_n('*', p.end - p.start));
            s.push_str(&input[p.end..]);
            Cow::Owned(s)
        }
        _ => Cow::Borrowed(input),
    }
}

/// The text of `span` for a table cell, its part of the password shown
/// as `****` (whatever its length, as `uri::lint::mask_userinfo` does).
pub fn cell(input: &str, span: ByteSpan, pw: Option<ByteSpan>) -> Cow<'_, str> {
    let raw = input.get(span.range()).unwrap_or("");
    let Some(p) = pw else {
        return Cow::Borrowed(raw);
    };
    let (a, b) = (p.start.max(span.start), p.end.min(span.end));
    if a >= b {
        return Cow::Borrowed(raw);
    }
    match (input.get(span.start..a), input.get(b..span.end)) {
        (Some(head), Some(rest)) => Cow::Owned(format!("{head}****{rest}")),
        _ => Cow::Borrowed(raw),
    }
}

/// A table row under the host with its other IDNA form: the Unicode form
/// of an `xn--` host, or the ASCII (punycode) form of a Unicode one.
pub fn idna_row(a: &Report<'_>, name_w: usize, theme: &Theme) -> Option<Line<'static>> {
    let auth = a.uri.authority_parts()?;
    if auth.host.kind != HostKind::RegName || auth.host.span.is_empty() {
        return None;
    }
    let host = a.input.get(auth.host.span.range())?;
    let forms = host_forms(host);
    let (label, other) = match (&forms.unicode, &forms.ascii) {
        (Ok(u), _) if host.is_ascii() && !u.eq_ignore_ascii_case(host) => ("Unicode", u.clone()),
        (_, Ok(x)) if !host.is_ascii() && !x.eq_ignore_ascii_case(host) => ("punycode", x.clone()),
        _ => return None,
    };
    Some(Line::from(vec![
        Span::raw(format!("{:<name_w$}", "  (IDNA)")),
        Span::styled(format!("{label} "), theme.dim()),
        Span::styled(
            visible(&other).into_owned(),
            theme.role(crate::app::breakdown::Role::Host),
        ),
    ]))
}
