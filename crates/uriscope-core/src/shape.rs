//! What a pasted thing is when it is not a URI: the common shapes people
//! paste where a URI belongs — a Windows path, a UNC path, an scp-style
//! address, a Markdown or HTML link, a link in `<…>` or quotes, a URL with
//! spaces from a chat, a host name with a path and no scheme — each named
//! in one finding, with the URI it most likely means.
//!
//! Recognised once per input ([`recognize`], read by
//! [`Linted`](crate::lint::Linted)), so the explorer, `parse`,
//! `parse --json`, the plain breakdown and Markdown say the same. On an
//! invalid input the shape's finding stands for the parser's, which
//! would only say, character by character, that a path is not a URI.
//!
//! Recognition is cheap: a valid input is looked at only when its first
//! label has a dot or it starts with a drive letter, and an invalid one
//! through its first bytes and its findings' marks; the likely URI is
//! written only when asked for.

use crate::extract::{suffix_reference, unwrap_link, Delimiter};
use crate::percent::{encode_set, encode_with, EncodeOptions};
use crate::Code;
use crate::{Finding, Report, Severity, Span};

/// A shape that is not a URI but stands for one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShapeKind {
    /// `C:\Users\x\a.txt` (or `C:/…`): a file URI (RFC 8089 Appendix E.2).
    WindowsPath,
    /// `\\host\share\x`: a file URI with the host as authority (RFC 8089
    /// Appendix E.3.1).
    UncPath,
    /// `git@github.com:org/repo.git`, as scp, ssh and git write a remote
    /// path: an `ssh:` URI.
    ScpAddress,
    /// `[text](https://…)`, `[id]: https://…`: the link inside.
    MarkdownLink,
    /// `<a href="https://…">…</a>`: the link inside, references decoded.
    HtmlLink,
    /// `<https://…>`, `"https://…"`, `(https://…)`, with or without the
    /// punctuation after it (RFC 3986 Appendix C): the URI inside.
    WrappedLink,
    /// `https://example.com/my file.pdf`, as chat and mail programs show a
    /// link: the spaces percent-encoded (a line break inside removed).
    SpacedUrl,
    /// `example.com/a/b`: a host name with a path and no scheme, which RFC
    /// 3986 reads as a relative path; `http://` is assumed (§4.5).
    BareHost,
}

impl ShapeKind {
    /// The finding's stable code.
    #[must_use]
    pub fn code(self) -> Code {
        match self {
            ShapeKind::WindowsPath => Code::WindowsPath,
            ShapeKind::UncPath => Code::UncPath,
            ShapeKind::ScpAddress => Code::ScpAddress,
            ShapeKind::MarkdownLink => Code::MarkdownLink,
            ShapeKind::HtmlLink => Code::HtmlLink,
            ShapeKind::WrappedLink => Code::WrappedLink,
            ShapeKind::SpacedUrl => Code::UrlWithSpaces,
            ShapeKind::BareHost => Code::HostWithoutScheme,
        }
    }

    /// What it is, in words: "a Windows path".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            ShapeKind::WindowsPath => "a Windows path",
            ShapeKind::UncPath => "a UNC path",
            ShapeKind::ScpAddress => "an scp-style address",
            ShapeKind::MarkdownLink => "a Markdown link",
            ShapeKind::HtmlLink => "an HTML link",
            ShapeKind::WrappedLink => "a wrapped link",
            ShapeKind::SpacedUrl => "a URL with spaces",
            ShapeKind::BareHost => "a host name without a scheme",
        }
    }
}

/// An input's shape, and what it needs to write the URI it most likely
/// means ([`Shape::likely`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Which shape.
    pub kind: ShapeKind,
    /// Whether the input is a valid URI reference all the same
    /// (`C:/x`, `example.com/a`): the finding is then a warning or a note
    /// beside the others, not an error standing for them.
    pub valid: bool,
    /// The link inside a wrapped, Markdown or HTML one, and what was
    /// taken off it (the paste's unwrapping, [`unwrap_link`]).
    unwrapped: Option<(String, String)>,
}

/// How many bytes of the input the finding's message quotes the likely
/// URI from (it is cut there with `…`; [`Shape::likely`] is whole).
const QUOTED: usize = 512;

/// The shape of the analysed input `r`, if it has one of [`ShapeKind`]'s.
///
/// ```
/// use uriscope_core::{analyze, shape::{recognize, ShapeKind}};
/// let r = analyze(r"C:\Users\x\My Docs\a.txt", Default::default());
/// let s = recognize(&r).unwrap();
/// assert_eq!(s.kind, ShapeKind::WindowsPath);
/// assert_eq!(s.likely(r.input), "file:///C:/Users/x/My%20Docs/a.txt");
/// assert_eq!(recognize(&analyze("https://example.com/", Default::default())), None);
/// ```
#[must_use]
pub fn recognize(r: &Report<'_>) -> Option<Shape> {
    let input = r.input;
    let valid = r.is_valid();
    let shape = |kind| {
        Some(Shape {
            kind,
            valid,
            unwrapped: None,
        })
    };
    if windows_drive(input).is_some() {
        return shape(ShapeKind::WindowsPath);
    }
    if valid {
        return if bare_host(input) {
            shape(ShapeKind::BareHost)
        } else {
            None
        };
    }
    if input.starts_with("\\\\") {
        return unc(input).and_then(|_| shape(ShapeKind::UncPath));
    }
    if scp(input).is_some() {
        return shape(ShapeKind::ScpAddress);
    }
    if let Some(u) = unwrap_link(input) {
        let kind = match u.delimiter {
            Delimiter::Markdown => ShapeKind::MarkdownLink,
            Delimiter::Html => ShapeKind::HtmlLink,
            _ if u.removed.starts_with("the Markdown") => ShapeKind::MarkdownLink,
            _ => ShapeKind::WrappedLink,
        };
        return Some(Shape {
            kind,
            valid,
            unwrapped: Some((u.uri, u.removed)),
        });
    }
    // The rest are URLs whose only faults are whitespace.
    let only_whitespace = r
        .counts()
        .filter(|&(severity, _, _)| severity == Severity::Error)
        .all(|(_, code, _)| code == Code::Whitespace);
    if !only_whitespace {
        return None;
    }
    let t = input.trim();
    if spaced_url(t) {
        return shape(ShapeKind::SpacedUrl);
    }
    if bare_host(t) {
        return shape(ShapeKind::BareHost);
    }
    None
}

impl Shape {
    /// The URI the input most likely means: an answer, exact (what the
    /// explorer loads and copies).
    #[must_use]
    pub fn likely(&self, input: &str) -> String {
        self.likely_of(input)
    }

    /// [`Shape::likely`] of `text`, the input or a prefix of it (each
    /// shape's URI is written left to right, so a prefix gives a prefix).
    fn likely_of(&self, text: &str) -> String {
        if let Some((uri, _)) = &self.unwrapped {
            return uri.clone();
        }
        match self.kind {
            ShapeKind::WindowsPath => {
                let (drive, rest) = windows_drive(text).unwrap_or(("", text));
                format!("file:///{drive}/{}", segments(rest))
            }
            ShapeKind::UncPath => {
                let (host, rest) = unc(text).unwrap_or((text, ""));
                let host = encode_with(host, &encode_set::REG_NAME, ALL);
                format!("file://{host}/{}", segments(rest))
            }
            ShapeKind::ScpAddress => {
                let (user_host, path) = scp(text).unwrap_or((text, ""));
                let path = path.strip_prefix('/').unwrap_or(path);
                format!(
                    "ssh://{user_host}/{}",
                    encode_with(path, &encode_set::PATH, ALL)
                )
            }
            ShapeKind::SpacedUrl => encode_whitespace(text.trim()),
            ShapeKind::BareHost => format!("http://{}", encode_whitespace(text.trim())),
            ShapeKind::MarkdownLink | ShapeKind::HtmlLink | ShapeKind::WrappedLink => {
                text.to_string()
            }
        }
    }

    /// The finding's severity: an error where the input is not a URI; on
    /// a valid one, a note for a host name read as a path, a warning for
    /// a drive letter read as a scheme.
    #[must_use]
    pub fn severity(&self) -> Severity {
        match (self.valid, self.kind) {
            (false, _) => Severity::Error,
            (true, ShapeKind::BareHost) => Severity::Note,
            (true, _) => Severity::Warning,
        }
    }

    /// The finding that says what the input is, over the whole input. It
    /// quotes the likely URI with the password of its userinfo masked, as
    /// every explanation shows one (RFC 3986 §7.5).
    #[must_use]
    pub fn finding(&self, input: &str) -> Finding {
        let cut = floor_boundary(input, QUOTED);
        let mut likely = mask_password(self.likely_of(&input[..cut]));
        if cut < input.len() || likely.chars().nth(crate::quote::CUT_CHARS).is_some() {
            likely = format!("{}…", crate::quote::cut(&likely).trim_end_matches('…'));
        }
        let removed = self.unwrapped.as_ref().map_or("", |(_, r)| r.as_str());
        let message = match self.kind {
            ShapeKind::WindowsPath if self.valid => format!(
                "a Windows path: the one-letter scheme is a drive letter; as a file URI it \
                 reads {likely} (RFC 8089 Appendix E.2)"
            ),
            ShapeKind::WindowsPath => format!(
                "a Windows path, not a URI: as a file URI it reads {likely} (RFC 8089 \
                 Appendix E.2)"
            ),
            ShapeKind::UncPath => format!(
                "a UNC path (\\\\host\\share\\…), not a URI: as a file URI it reads {likely} \
                 (RFC 8089 Appendix E.3.1)"
            ),
            ShapeKind::ScpAddress => format!(
                "an scp-style address (user@host:path, as ssh and git write one), not a URI: \
                 as a URI it reads {likely} (RFC 3986 §3.2)"
            ),
            ShapeKind::MarkdownLink | ShapeKind::HtmlLink | ShapeKind::WrappedLink => format!(
                "{}, not a URI: taking off {removed} leaves {likely} (RFC 3986 Appendix C)",
                self.kind.name()
            ),
            ShapeKind::SpacedUrl => format!(
                "a URL with spaces (as chat and mail programs show one), not a URI: with its \
                 spaces percent-encoded it reads {likely} (RFC 3986 §2.1, Appendix C)"
            ),
            ShapeKind::BareHost if self.valid => format!(
                "a host name with a path and no scheme, which RFC 3986 reads as a relative \
                 path (§4.2); as a web address it reads {likely} (§4.5)"
            ),
            ShapeKind::BareHost => format!(
                "a host name with a path and no scheme, not a URI: as a web address, spaces \
                 percent-encoded, it reads {likely} (RFC 3986 §4.5, §2.1)"
            ),
        };
        Finding::new(
            Span::new(0, input.len()),
            self.severity(),
            self.kind.code(),
            message,
        )
    }
}

/// What a password is quoted as: `text::mask::MASK`, the one mask
/// (the core cannot import it; a test holds the two equal).
pub const PASSWORD_MASK: &str = "****";

/// `uri` with the password of its userinfo (after the first `:` before
/// the authority's last `@`) replaced by [`PASSWORD_MASK`].
fn mask_password(uri: String) -> String {
    let Some(auth) = crate::split(&uri).authority else {
        return uri;
    };
    let text = auth.slice(&uri);
    let Some(at) = text.rfind('@') else {
        return uri;
    };
    match text[..at].find(':') {
        Some(colon) if colon + 1 < at => format!(
            "{}{PASSWORD_MASK}{}",
            &uri[..auth.start + colon + 1],
            &uri[auth.start + at..]
        ),
        _ => uri,
    }
}

/// Encode every byte outside the set, `%` included: a `%` in a path or
/// a file name is a percent sign, not an escape.
const ALL: EncodeOptions = EncodeOptions {
    keep_escapes: false,
};

/// The largest char boundary of `s` at or below `at`.
fn floor_boundary(s: &str, at: usize) -> usize {
    let mut i = at.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// `X:` and the rest after its `\` or `/`, when `input` starts with a
/// drive letter and a separator (`\\?\C:\…`, the long-path prefix,
/// included).
fn windows_drive(input: &str) -> Option<(&str, &str)> {
    let s = input.strip_prefix(r"\\?\").unwrap_or(input);
    let b = s.as_bytes();
    (b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && matches!(b[2], b'\\' | b'/'))
        .then(|| (&s[..2], &s[3..]))
}

/// The host and the rest of `\\host\rest` (`\\?\UNC\host\rest` too); no
/// host, or a device path (`\\.\`), is none.
fn unc(input: &str) -> Option<(&str, &str)> {
    let s = input.strip_prefix("\\\\")?;
    let s = match s.strip_prefix(r"?\") {
        Some(long) => long.strip_prefix(r"UNC\")?,
        None => s,
    };
    let end = s.find(['\\', '/']).unwrap_or(s.len());
    let host = &s[..end];
    let ok = !host.is_empty()
        && host != "."
        && host != "?"
        && !host.contains(|c: char| c.is_whitespace() || c.is_control());
    ok.then(|| (host, s.get(end + 1..).unwrap_or("")))
}

/// A path's segments, split at `\` and `/`, each percent-encoded as one
/// segment and joined with `/`.
fn segments(path: &str) -> String {
    let mut out = String::with_capacity(path.len() + 8);
    for (i, seg) in path.split(['\\', '/']).enumerate() {
        if i > 0 {
            out.push('/');
        }
        out.push_str(&encode_with(seg, &encode_set::SEGMENT, ALL));
    }
    out
}

/// `user@host` and the path of `user@host:path`, as scp writes a remote
/// file: a user of letters, digits, `.`, `_`, `-`; a host of DNS labels;
/// a path with no whitespace that does not start with `//`.
fn scp(input: &str) -> Option<(&str, &str)> {
    let at = input.find('@')?;
    let colon = at + input[at..].find(':')?;
    let (user, host, path) = (&input[..at], &input[at + 1..colon], &input[colon + 1..]);
    let user_ok = !user.is_empty()
        && user
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || b"._-".contains(&c));
    let host_ok = !host.is_empty()
        && host
            .split('.')
            .all(|l| !l.is_empty() && l.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-'));
    let path_ok = !path.is_empty()
        && !path.starts_with("//")
        && !path.contains(|c: char| c.is_whitespace() || c.is_control());
    (user_ok && host_ok && path_ok).then(|| (&input[..colon], path))
}

/// `scheme://authority…` whose scheme and authority hold no whitespace,
/// with whitespace after them: the faults a chat's line of text puts in a
/// URL.
fn spaced_url(t: &str) -> bool {
    let sp = crate::split(t);
    let (Some(scheme), Some(auth)) = (sp.scheme, sp.authority) else {
        return false;
    };
    let head = &t[scheme.start..auth.end];
    !auth.is_empty()
        && !head.contains(char::is_whitespace)
        && t[auth.end..].contains(char::is_whitespace)
}

/// A dotted host name (alphabetic top-level label) with a path, or a
/// `www.` name, and no scheme: extract's suffix reference, with its quick
/// refusal first (a URI's scheme has no dot).
fn bare_host(t: &str) -> bool {
    let head_end = t.find(['/', ':', '?', '#']).unwrap_or(t.len());
    let head = &t[..head_end];
    let looks = head.contains('.')
        && head
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'.' || c == b'-')
        && !t[head_end..].starts_with("://");
    looks && suffix_reference(t.split(char::is_whitespace).next().unwrap_or(t))
}

/// `t` with each run of whitespace percent-encoded, or removed where it
/// holds a line break (a long link wrapped in a message, RFC 3986
/// Appendix C).
fn encode_whitespace(t: &str) -> String {
    let mut out = String::with_capacity(t.len() + 16);
    let mut rest = t;
    while let Some(i) = rest.find(char::is_whitespace) {
        out.push_str(&rest[..i]);
        let run_len = rest[i..]
            .find(|c: char| !c.is_whitespace())
            .unwrap_or(rest.len() - i);
        let run = &rest[i..i + run_len];
        if !run.contains(['\n', '\r']) {
            for b in run.bytes() {
                out.push_str(crate::percent::escape(b));
            }
        }
        rest = &rest[i + run_len..];
    }
    out.push_str(rest);
    out
}
