//! Breakdown additions: the password of `user:pass` userinfo masked
//! wherever the pane displays it (RFC 3986 §7.5), and the IDNA form of
//! the host (RFC 3490 / UTS #46) when it differs from the text. The
//! masking itself is [`crate::text::mask`]'s; here is the reveal key's
//! frame flag that every pane's masking obeys.

use std::borrow::Cow;

use ratatui::text::{Line, Span};

use crate::text::mask::{self, Masked};
pub use crate::text::mask::{password_span, MASK};
use crate::text::visible;
use crate::uri::{component::HostKind, Report, Span as ByteSpan};

use super::theme::Theme;

thread_local! {
    /// Whether this frame draws passwords as typed: the explorer's reveal
    /// key ([`crate::explorer::app::App::reveal_passwords`]), set by the frame's
    /// render before any pane is drawn ([`Reveal`]), so every masker here
    /// obeys it without each pane passing it down.
    static REVEAL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Sets the reveal flag for one frame and clears it when dropped.
#[derive(Debug)]
pub struct Reveal(());

impl Reveal {
    /// Draw this frame with passwords shown (`true`) or masked.
    pub fn frame(shown: bool) -> Reveal {
        REVEAL.with(|r| r.set(shown));
        Reveal(())
    }
}

impl Drop for Reveal {
    fn drop(&mut self) {
        REVEAL.with(|r| r.set(false));
    }
}

/// Whether this frame shows passwords ([`Reveal`]).
pub fn revealed() -> bool {
    REVEAL.with(|r| r.get())
}

/// `input` with the password `pw` masked, unless this frame reveals
/// passwords ([`Reveal`]).
pub fn masked(input: &str, pw: Option<ByteSpan>) -> Masked<'_> {
    Masked::new(input, pw.filter(|_| !revealed()))
}

/// [`mask::mask_password`], unless this frame reveals passwords: for every
/// URI text a pane shows besides the analysed input (the WHATWG href,
/// the base, the resolved target, the normal form, the copy chooser's
/// previews).
pub fn mask_password(uri: &str) -> Cow<'_, str> {
    if revealed() {
        return Cow::Borrowed(uri);
    }
    mask::mask_password(uri)
}

/// [`mask::mask_authority`], unless this frame reveals passwords.
pub fn mask_authority(authority: &str) -> Cow<'_, str> {
    if revealed() {
        return Cow::Borrowed(authority);
    }
    mask::mask_authority(authority)
}

/// [`mask::hide_passwords`], unless this frame reveals passwords.
pub fn hide_passwords<'t>(text: &'t str, passwords: &[String]) -> Cow<'t, str> {
    if revealed() {
        return Cow::Borrowed(text);
    }
    mask::hide_passwords(text, passwords)
}

/// The passwords of the explorer's reference, base and Encode text, for
/// [`hide_passwords`] (the texts it applies to are not URIs).
pub fn passwords(app: &crate::explorer::app::App) -> Vec<String> {
    // Kept until a text changes: every pane that masks asks, each frame.
    crate::explorer::app::memo::passwords(app)
}

/// The text of `span` for a table cell, its part of the password shown
/// as `****` (whatever its length, as `text::mask::mask_userinfo` does).
pub fn cell(input: &str, span: ByteSpan, pw: Option<ByteSpan>) -> Cow<'_, str> {
    let raw = input.get(span.range()).unwrap_or("");
    let Some(p) = pw.filter(|_| !revealed()) else {
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
    let forms = crate::uri::host::forms(host);
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
            theme.role(crate::explorer::app::role::Role::Host),
        ),
    ]))
}
