//! The Breakdown pane's model: which component covers which bytes, the
//! decoded values, and what the pane offers to copy. Drawn by
//! `ui::breakdown`.

use std::borrow::Cow;

use super::{App, CopyEntry};
use crate::uri::{percent, Analysis, Finding, Span};

/// The semantic role of a piece of a URI; the theme maps roles to styles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// `scheme` (§3.1).
    Scheme,
    /// `userinfo` (§3.2.1).
    Userinfo,
    /// `host` (§3.2.2).
    Host,
    /// `port` (§3.2.3).
    Port,
    /// `path` (§3.3).
    Path,
    /// `query` (§3.4).
    Query,
    /// `fragment` (§3.5).
    Fragment,
    /// Delimiters between components (`:`, `//`, `@`, `?`, `#`).
    Delimiter,
    /// A finding of severity error.
    Error,
}

impl Role {
    /// The roles a legend lists, in URI order.
    pub const LEGEND: [Role; 8] = [
        Role::Scheme,
        Role::Userinfo,
        Role::Host,
        Role::Port,
        Role::Path,
        Role::Query,
        Role::Fragment,
        Role::Error,
    ];

    /// The role's name.
    pub fn name(self) -> &'static str {
        match self {
            Role::Scheme => "scheme",
            Role::Userinfo => "userinfo",
            Role::Host => "host",
            Role::Port => "port",
            Role::Path => "path",
            Role::Query => "query",
            Role::Fragment => "fragment",
            Role::Delimiter => "delimiter",
            Role::Error => "error",
        }
    }

    /// The letter of the NO_COLOR ruler under the URI.
    pub fn letter(self) -> char {
        match self {
            Role::Scheme => 's',
            Role::Userinfo => 'u',
            Role::Host => 'h',
            Role::Port => 'n',
            Role::Path => 'p',
            Role::Query => 'q',
            Role::Fragment => 'f',
            Role::Delimiter => ' ',
            Role::Error => '!',
        }
    }
}

/// One component or sub-component and the bytes it covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Component {
    /// Its name in RFC words (`scheme`, `authority`, `host`, …).
    pub name: &'static str,
    /// The role that colors it.
    pub role: Role,
    /// Its bytes in the input.
    pub span: Span,
    /// Whether it is one of the five top-level components of §3.
    pub top: bool,
}

/// The components of the input: from the strict parse when valid, from
/// the Appendix B split when not (so broken input still gets its colors).
/// Top-level components and sub-components, in input order.
pub fn components(a: &Analysis<'_>) -> Vec<Component> {
    let c = |name, role, span, top| Component {
        name,
        role,
        span,
        top,
    };
    let mut out = Vec::with_capacity(8);
    if a.is_valid() {
        let u = &a.uri;
        if let Some(s) = u.scheme_span() {
            out.push(c("scheme", Role::Scheme, s, true));
        }
        if let Some(auth) = u.authority_parts() {
            out.push(c("authority", Role::Host, auth.span, true));
            if let Some(ui) = auth.userinfo {
                out.push(c("userinfo", Role::Userinfo, ui, false));
            }
            out.push(c("host", Role::Host, auth.host.span, false));
            if let Some(p) = auth.port {
                out.push(c("port", Role::Port, p, false));
            }
        }
        out.push(c("path", Role::Path, u.path_span(), true));
        if let Some(q) = u.query_span() {
            out.push(c("query", Role::Query, q, true));
        }
        if let Some(f) = u.fragment_span() {
            out.push(c("fragment", Role::Fragment, f, true));
        }
    } else {
        let p = &a.split;
        if let Some(s) = p.scheme {
            out.push(c("scheme", Role::Scheme, s, true));
        }
        if let Some(s) = p.authority {
            out.push(c("authority", Role::Host, s, true));
        }
        out.push(c("path", Role::Path, p.path, true));
        if let Some(s) = p.query {
            out.push(c("query", Role::Query, s, true));
        }
        if let Some(s) = p.fragment {
            out.push(c("fragment", Role::Fragment, s, true));
        }
    }
    out
}

/// The role of every byte of the input (delimiters where no component
/// covers it); sub-components win over their authority.
pub fn roles(a: &Analysis<'_>) -> Vec<Role> {
    let mut out = vec![Role::Delimiter; a.input.len()];
    let valid = a.is_valid();
    // When valid, userinfo/host/port color the authority and its "@" and
    // ":" stay delimiters; the split has no sub-components.
    for comp in components(a)
        .iter()
        .filter(|c| !(valid && c.name == "authority"))
    {
        if let Some(slot) = out.get_mut(comp.span.range()) {
            slot.fill(comp.role);
        }
    }
    out
}

/// Every finding to show: the parser's (errors, warnings, notes) and the
/// lint's (RFC 3986 §7 security and sanity warnings), in input order.
/// Invalid input is linted too, on the components the strict parser
/// delimited: `http://u:p@trusted.example@evil.example/` is invalid, yet
/// browsers open it, so its §7.6 warning matters most there.
pub fn findings(a: &Analysis<'_>) -> Vec<Finding> {
    let mut all = a.findings.clone();
    all.extend(crate::uri::lint::lint_analysis(a));
    all.sort_by_key(|f| (f.span.start, f.severity));
    all
}

/// Byte offsets where Ctrl-Left/Right stop and Ctrl-W deletes back to:
/// the starts and ends of components, path segments and query pairs.
pub fn boundaries(a: &Analysis<'_>) -> Vec<usize> {
    let mut out = vec![0, a.input.len()];
    for comp in components(a) {
        out.push(comp.span.start);
        out.push(comp.span.end);
    }
    let path = if a.is_valid() {
        a.uri.path_span()
    } else {
        a.split.path
    };
    for (s, _) in crate::uri::uri_ref::segments(a.input, path) {
        out.push(s.start);
        out.push(s.end);
    }
    let query = if a.is_valid() {
        a.uri.query_span()
    } else {
        a.split.query
    };
    for p in crate::uri::uri_ref::query_pairs(a.input, query, b'&') {
        out.push(p.span.start);
        out.push(p.span.end);
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Decode `%XX` escapes (RFC 3986 §2.1) with the core's
/// [`percent::decode_bytes`] and read the bytes as UTF-8, replacing invalid
/// sequences with U+FFFD; malformed `%` are kept as is. The second value is
/// false when the bytes were not UTF-8.
///
/// ```
/// use uriscope::app::breakdown::percent_decode;
/// assert_eq!(percent_decode("a%20b%E2%82%AC%zz"), ("a b€%zz".into(), true));
/// assert_eq!(percent_decode("%FF").1, false);
/// ```
pub fn percent_decode(s: &str) -> (Cow<'_, str>, bool) {
    match percent::decode_bytes(s.as_bytes(), percent::DecodeOptions::default()) {
        Cow::Borrowed(_) => (Cow::Borrowed(s), true),
        Cow::Owned(bytes) => match String::from_utf8(bytes) {
            Ok(text) => (Cow::Owned(text), true),
            Err(e) => (
                Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
                false,
            ),
        },
    }
}

/// The Breakdown's main result (Ctrl-Y): the plain-text breakdown, as
/// `uriscope URI | cat` prints it.
pub fn main_result(app: &App) -> CopyEntry {
    let a = app.analysis();
    let mut buf = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = crate::cli::show::write_breakdown(&mut buf, &a);
    CopyEntry {
        label: "breakdown".into(),
        text: String::from_utf8_lossy(&buf).into_owned(),
    }
}

/// What the Breakdown offers to copy: the breakdown text and each
/// component, raw and (when different) decoded.
pub fn copy_entries(app: &App) -> Vec<CopyEntry> {
    let a = app.analysis();
    let mut out = vec![main_result(app)];
    for comp in components(&a) {
        let raw = comp.span.slice(a.input);
        out.push(CopyEntry {
            label: comp.name.to_string(),
            text: raw.to_string(),
        });
        let (dec, _) = percent_decode(raw);
        if dec != raw {
            out.push(CopyEntry {
                label: format!("{} (decoded)", comp.name),
                text: dec.into_owned(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uri::analyze;

    #[test]
    fn decode_edges() {
        assert_eq!(percent_decode("%"), ("%".into(), true));
        assert_eq!(percent_decode("%4"), ("%4".into(), true));
        assert_eq!(percent_decode("%41"), ("A".into(), true));
        assert_eq!(percent_decode("x%41%"), ("xA%".into(), true));
        assert_eq!(percent_decode("%C3%A9"), ("é".into(), true));
        assert_eq!(percent_decode("%C3"), ("\u{fffd}".into(), false));
    }

    #[test]
    fn roles_cover_sub_components() {
        let a = analyze("s://u@h:1/p?q#f");
        let r: String = roles(&a).iter().map(|r| r.letter()).collect();
        assert_eq!(r, "s   u h npp q f");
    }

    #[test]
    fn boundaries_of_a_uri() {
        let a = analyze("http://h/a/b?x=1&y");
        assert_eq!(boundaries(&a), [0, 4, 7, 8, 9, 10, 11, 12, 13, 16, 17, 18]);
    }
}
