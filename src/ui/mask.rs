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

thread_local! {
    /// Whether this frame draws passwords as typed: the explorer's reveal
    /// key ([`crate::app::App::reveal_passwords`]), set by the frame's
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

/// What a password is drawn as, whatever its length (a mask as long as
/// the password would tell its length).
pub const MASK: &str = "****";

/// `input` with the bytes of `pw` drawn as [`MASK`], and the map from a
/// byte offset of `input` to one of the masked text, so the spans and
/// roles computed on `input` still place the diagram.
///
/// ```
/// use uriscope::ui::mask::Masked;
/// use uriscope::uri::Span;
/// let m = Masked::new("http://u:secret@h/", Some(Span::new(9, 15)));
/// assert_eq!(m.text(), "http://u:****@h/");
/// assert_eq!((m.at(9), m.at(15), m.at(17)), (9, 13, 15));
/// assert_eq!(Masked::new("http://h/", None).text(), "http://h/");
/// ```
#[derive(Clone, Debug)]
pub struct Masked<'a> {
    text: Cow<'a, str>,
    pw: Option<ByteSpan>,
}

impl<'a> Masked<'a> {
    /// `input` with `pw` (a span on character boundaries) masked.
    pub fn new(input: &'a str, pw: Option<ByteSpan>) -> Masked<'a> {
        match pw.filter(|_| !revealed()) {
            Some(p)
                if p.start < p.end
                    && p.end <= input.len()
                    && input.is_char_boundary(p.start)
                    && input.is_char_boundary(p.end) =>
            {
                let text = format!("{}{MASK}{}", &input[..p.start], &input[p.end..]);
                Masked {
                    text: Cow::Owned(text),
                    pw: Some(p),
                }
            }
            _ => Masked {
                text: Cow::Borrowed(input),
                pw: None,
            },
        }
    }

    /// The masked text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Where byte `b` of the input is in the masked text (a byte inside
    /// the password maps into the mask).
    pub fn at(&self, b: usize) -> usize {
        match self.pw {
            Some(p) if b >= p.end => b - p.len() + MASK.len(),
            Some(p) if b > p.start => p.start + (b - p.start).min(MASK.len() - 1),
            _ => b,
        }
    }

    /// Per-byte values of the input (roles) as per-byte values of the
    /// masked text: the mask takes the password's first value.
    pub fn per_byte<T: Copy>(&self, of_input: &[T]) -> Vec<T> {
        let Some(p) = self.pw else {
            return of_input.to_vec();
        };
        let mut out = Vec::with_capacity(self.text.len());
        out.extend_from_slice(&of_input[..p.start.min(of_input.len())]);
        if let Some(&v) = of_input.get(p.start) {
            out.extend(std::iter::repeat_n(v, MASK.len()));
        }
        out.extend_from_slice(of_input.get(p.end..).unwrap_or(&[]));
        out
    }
}

/// `uri` with the password of its userinfo (after the first `:` of the
/// part before the authority's last `@`) drawn as [`MASK`]: for every
/// URI text a pane shows besides the analysed input (the WHATWG href,
/// the base, the resolved target, the normal form, the copy chooser's
/// previews). The text copied is never masked.
///
/// ```
/// use uriscope::ui::mask::mask_password;
/// assert_eq!(mask_password("http://u:secret@h/p"), "http://u:****@h/p");
/// assert_eq!(mask_password("http://u:p@trusted@evil/"), "http://u:****@evil/");
/// assert_eq!(mask_password("http://u@h/"), "http://u@h/");
/// assert_eq!(mask_password("mailto:a:b@c"), "mailto:a:b@c");
/// ```
pub fn mask_password(uri: &str) -> Cow<'_, str> {
    if revealed() {
        return Cow::Borrowed(uri);
    }
    match crate::uri::split(uri).authority {
        Some(auth) => mask_in(uri, auth),
        None => Cow::Borrowed(uri),
    }
}

/// [`mask_password`] of an authority on its own (`u:pw@h`).
pub fn mask_authority(authority: &str) -> Cow<'_, str> {
    if revealed() {
        return Cow::Borrowed(authority);
    }
    mask_in(authority, ByteSpan::new(0, authority.len()))
}

/// `text` with the password of the authority at `auth` masked.
fn mask_in(text: &str, auth: ByteSpan) -> Cow<'_, str> {
    let uri = text;
    let a = &uri[auth.range()];
    let Some(at) = a.rfind('@') else {
        return Cow::Borrowed(uri);
    };
    match a[..at].find(':') {
        Some(colon) if colon + 1 < at => {
            let start = auth.start + colon + 1;
            let end = auth.start + at;
            Cow::Owned(format!("{}{MASK}{}", &uri[..start], &uri[end..]))
        }
        _ => Cow::Borrowed(uri),
    }
}

/// The passwords of the explorer's reference, base and Encode text, for
/// [`hide_passwords`] (the texts it applies to are not URIs).
pub fn passwords(app: &crate::app::App) -> Vec<String> {
    [app.input.text(), app.base.text(), app.codec.text.text()]
        .into_iter()
        .filter(|t| t.contains('@'))
        .filter_map(|t| {
            let r = crate::uri::report(t);
            password_span(&r).map(|p| p.slice(t).to_string())
        })
        .collect()
}

/// `text` (a trace row such as `authority="u:pw@h"`, a userinfo
/// `u:pw`) with each `:password@` of `passwords`, and a final
/// `:password`, drawn with [`MASK`].
pub fn hide_passwords<'t>(text: &'t str, passwords: &[String]) -> Cow<'t, str> {
    let mut out = Cow::Borrowed(text);
    if revealed() {
        return out;
    }
    for pw in passwords {
        let needle = format!(":{pw}@");
        if out.contains(&needle) {
            out = Cow::Owned(out.replace(&needle, &format!(":{MASK}@")));
        }
        // The URI percent-encoded whole (the Encode pane's text encoded,
        // `user%3Apw%40host`): the password between the escapes of its
        // `:` and `@`, in the form every encode set gives it.
        for set in crate::uri::percent::encode_set::ALL {
            let enc = |t: &str| crate::uri::percent::encode(t, set).into_owned();
            let (colon, at) = (enc(":"), enc("@"));
            if colon == ":" && at == "@" {
                continue;
            }
            let needle = format!("{colon}{}{at}", enc(pw));
            if out.contains(&needle) {
                out = Cow::Owned(out.replace(&needle, &format!("{colon}{MASK}{at}")));
            }
        }
        // A userinfo on its own ends with its password.
        let tail = format!(":{pw}");
        if out.ends_with(&tail) {
            let keep = out.len() - pw.len();
            out = Cow::Owned(format!("{}{MASK}", &out[..keep]));
        }
    }
    out
}

/// The text of `span` for a table cell, its part of the password shown
/// as `****` (whatever its length, as `uri::lint::mask_userinfo` does).
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
            theme.role(crate::app::role::Role::Host),
        ),
    ]))
}
