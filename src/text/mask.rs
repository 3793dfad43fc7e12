//! Passwords masked for display (RFC 3986 §7.5: a password in a URI is
//! shown in clear text wherever the URI is): one mask, [`MASK`], whatever
//! the password's length, for a userinfo on its own, an authority, a
//! whole URI, a trace row, and the analysed input with its offset map.
//! What is copied is never masked; the explorer's reveal key and the
//! frame it applies to live in `ui::mask`.

use std::borrow::Cow;

use crate::uri::{Report, Span as ByteSpan};

/// What a password is drawn as, whatever its length (a mask as long as
/// the password would tell its length).
pub const MASK: &str = "****";

/// The password of the userinfo (after its first `:`), when not empty.
/// When the strict parse finds no userinfo but the Appendix B split of
/// an invalid input has an authority with one (`<https://u:pw@h/>`: no
/// scheme for the grammar, `<https` for the split, whose components the
/// breakdown then shows), the password there.
///
/// ```
/// use uriscope::text::mask::password_span;
/// let r = uriscope::uri::analyze("<https://user:hunter2@example.com/a>", Default::default());
/// assert_eq!(password_span(&r).map(|s| s.slice(r.input)), Some("hunter2"));
/// ```
pub fn password_span(a: &Report<'_>) -> Option<ByteSpan> {
    password_of(&a.uri).or_else(|| split_password(a.input, a.split.authority?))
}

/// The password of `text` read as a URI-reference, valid or not: of the
/// components the parser recovers, else of the Appendix B split's
/// authority (as [`password_span`] finds it in a report).
///
/// ```
/// use uriscope::text::mask::password_in;
/// let t = "<http://u:pw@h/>";
/// assert_eq!(password_in(t).map(|s| s.slice(t)), Some("pw"));
/// assert_eq!(password_in("http://h/a"), None);
/// ```
pub fn password_in(text: &str) -> Option<ByteSpan> {
    if !text.contains('@') {
        return None;
    }
    let (u, _) = crate::uri::report::recover(text, Default::default());
    password_of(&u).or_else(|| split_password(text, crate::uri::component::split(text).authority?))
}

/// The password in the authority `auth` of `input` as Appendix B splits
/// it: the userinfo is what comes before its last `@`.
fn split_password(input: &str, auth: ByteSpan) -> Option<ByteSpan> {
    let text = input.get(auth.range())?;
    let at = text.rfind('@')?;
    let colon = text[..at].find(':')?;
    (colon + 1 < at).then(|| ByteSpan::new(auth.start + colon + 1, auth.start + at))
}

/// The password of `uri`'s userinfo (after its first `:`), when not
/// empty: [`password_span`] from the components alone (of
/// [`crate::uri::report::recover`], say, which collects no findings).
///
/// ```
/// use uriscope::text::mask::password_of;
/// let (u, _) = uriscope::uri::report::recover("http://u:pw@h/a b", Default::default());
/// assert_eq!(password_of(&u).map(|s| s.slice(u.as_str())), Some("pw"));
/// ```
pub fn password_of(uri: &crate::uri::UriRef<'_>) -> Option<ByteSpan> {
    let ui = uri.authority_parts()?.userinfo?;
    let text = uri.as_str().get(ui.range())?;
    let colon = text.find(':')?;
    (colon + 1 < text.len()).then(|| ByteSpan::new(ui.start + colon + 1, ui.end))
}

/// `userinfo` with its password (after the first `:`) replaced by
/// [`MASK`]. An empty password is left as it is.
///
/// ```
/// use uriscope::text::mask::mask_userinfo;
/// assert_eq!(mask_userinfo("user:secret"), "user:****");
/// assert_eq!(mask_userinfo("user"), "user");
/// assert_eq!(mask_userinfo("user:"), "user:");
/// ```
pub fn mask_userinfo(userinfo: &str) -> Cow<'_, str> {
    match userinfo.split_once(':') {
        Some((user, pw)) if !pw.is_empty() => Cow::Owned(format!("{user}:{MASK}")),
        _ => Cow::Borrowed(userinfo),
    }
}

/// `input` with the bytes of `pw` drawn as [`MASK`], and the map from a
/// byte offset of `input` to one of the masked text, so the spans and
/// roles computed on `input` still place the diagram.
///
/// ```
/// use uriscope::text::mask::Masked;
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
        match pw {
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
/// use uriscope::text::mask::mask_password;
/// assert_eq!(mask_password("http://u:secret@h/p"), "http://u:****@h/p");
/// assert_eq!(mask_password("http://u:p@trusted@evil/"), "http://u:****@evil/");
/// assert_eq!(mask_password("http://u@h/"), "http://u@h/");
/// assert_eq!(mask_password("mailto:a:b@c"), "mailto:a:b@c");
/// ```
pub fn mask_password(uri: &str) -> Cow<'_, str> {
    match crate::uri::component::split(uri).authority {
        Some(auth) => mask_in(uri, auth),
        None => Cow::Borrowed(uri),
    }
}

/// [`mask_password`] of an authority on its own (`u:pw@h`).
pub fn mask_authority(authority: &str) -> Cow<'_, str> {
    mask_in(authority, ByteSpan::new(0, authority.len()))
}

/// `text` with the password of the authority at `auth` masked: the
/// userinfo is what comes before the authority's last `@`.
fn mask_in(text: &str, auth: ByteSpan) -> Cow<'_, str> {
    let a = &text[auth.range()];
    let Some(at) = a.rfind('@') else {
        return Cow::Borrowed(text);
    };
    match mask_userinfo(&a[..at]) {
        Cow::Owned(ui) => Cow::Owned(format!(
            "{}{ui}{}",
            &text[..auth.start],
            &text[auth.start + at..]
        )),
        Cow::Borrowed(_) => Cow::Borrowed(text),
    }
}

/// `text` (a trace row such as `authority="u:pw@h"`, a userinfo
/// `u:pw`) with each `:password@` of `passwords`, and a final
/// `:password`, drawn with [`MASK`].
pub fn hide_passwords<'t>(text: &'t str, passwords: &[String]) -> Cow<'t, str> {
    let mut out = Cow::Borrowed(text);
    for pw in passwords {
        // The first bytes of the password after a `:` first: a 64 KB
        // password is not copied into a needle for every text asked about.
        let lead = &pw[..crate::text::screen::floor_boundary(pw, pw.len().min(16))];
        if out
            .match_indices(':')
            .any(|(i, _)| out[i + 1..].starts_with(lead))
        {
            let needle = format!(":{pw}@");
            if out.contains(&needle) {
                out = Cow::Owned(out.replace(&needle, &format!(":{MASK}@")));
            }
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
            // Only a text with the escaped `:` and room for the password
            // can hold it: the password (64 KB in a pasted URI) is not
            // encoded for every set at every call.
            if out.len() < colon.len() + pw.len() + at.len() || !out.contains(&colon) {
                continue;
            }
            let needle = format!("{colon}{}{at}", enc(pw));
            if out.contains(&needle) {
                out = Cow::Owned(out.replace(&needle, &format!("{colon}{MASK}{at}")));
            }
        }
        // A userinfo on its own ends with its password.
        let keep = out.len().saturating_sub(pw.len());
        if out.ends_with(pw.as_str()) && out[..keep].ends_with(':') {
            out = Cow::Owned(format!("{}{MASK}", &out[..keep]));
        }
    }
    out
}
