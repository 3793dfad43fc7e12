//! RFC 3986 Appendix B: the component split that never fails.
//!
//! ```text
//! ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//!  12            3  4          5       6  7        8 9
//! ```
//!
//! Every string splits, valid or not, so even broken input can be colored.

use crate::syntax::chars::{is, AUTHORITY_END, SCHEME_END};
use crate::Span;

/// The five components of the Appendix B split. `None` is undefined; an
/// empty span is present but empty. Spans exclude their delimiters
/// (`:`, `//`, `?`, `#`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Split {
    /// Capture 2: the scheme, without its `:`.
    pub scheme: Option<Span>,
    /// Capture 4: the authority, without the leading `//`.
    pub authority: Option<Span>,
    /// Capture 5: the path (always defined, possibly empty).
    pub path: Span,
    /// Capture 7: the query, without its `?`.
    pub query: Option<Span>,
    /// Capture 9: the fragment, without its `#`.
    pub fragment: Option<Span>,
}

/// Split `input` into its components by RFC 3986 Appendix B.
///
/// ```
/// use uriscope_core::component::split;
/// let s = "http://www.ics.uci.edu/pub/ietf/uri/#Related";
/// let p = split(s);
/// assert_eq!(p.scheme.unwrap().slice(s), "http");
/// assert_eq!(p.authority.unwrap().slice(s), "www.ics.uci.edu");
/// assert_eq!(p.path.slice(s), "/pub/ietf/uri/");
/// assert_eq!(p.query, None);
/// assert_eq!(p.fragment.unwrap().slice(s), "Related");
/// ```
#[must_use]
pub fn split(input: &str) -> Split {
    let b = input.as_bytes();
    let len = b.len();
    let mut i = 0;
    let mut out = Split::default();

    let mut j = 0;
    while j < len && !is(b[j], SCHEME_END) {
        j += 1;
    }
    if j > 0 && j < len && b[j] == b':' {
        out.scheme = Some(Span::new(0, j));
        i = j + 1;
    }
    if b[i..].starts_with(b"//") {
        let start = i + 2;
        let e = find(
            b,
            start,
            |c| is(c, AUTHORITY_END),
            |t| memchr::memchr3(b'/', b'?', b'#', t),
        );
        out.authority = Some(Span::new(start, e));
        i = e;
    }
    let e = find(
        b,
        i,
        |c| c == b'?' || c == b'#',
        |t| memchr::memchr2(b'?', b'#', t),
    );
    out.path = Span::new(i, e);
    i = e;
    if i < len && b[i] == b'?' {
        let start = i + 1;
        let e = find(b, start, |c| c == b'#', |t| memchr::memchr(b'#', t));
        out.query = Some(Span::new(start, e));
        i = e;
    }
    if i < len && b[i] == b'#' {
        out.fragment = Some(Span::new(i + 1, len));
    }
    out
}

/// The first byte of `b` from `from` that `hit` takes (or the length):
/// a byte loop over the first 32 bytes, where a URI's parts mostly end,
/// then `memchr` (SIMD) over the rest, as the 64 KB paths of the
/// explorer's worst cases go through here several times a frame (and
/// the path segments and query pairs of [`super::uri_ref`], which the
/// word keys walk at every key).
pub(crate) fn find(
    b: &[u8],
    from: usize,
    hit: impl Fn(u8) -> bool,
    far: impl Fn(&[u8]) -> Option<usize>,
) -> usize {
    let near = (from + 32).min(b.len());
    if let Some(k) = b[from..near].iter().position(|&c| hit(c)) {
        return from + k;
    }
    far(&b[near..]).map_or(b.len(), |k| near + k)
}

/// The parts of an authority found the lenient way, for coloring input
/// that does not parse: the userinfo is what comes before the last `@`;
/// then a host in brackets runs to its `]`, any other host to the last
/// `:`, and the port is what follows that `:`. Spans exclude the `@` and
/// `:`. Nothing here says the parts are valid (the parser does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LooseAuthority {
    /// Before the last `@`.
    pub userinfo: Option<Span>,
    /// The host (possibly empty).
    pub host: Span,
    /// After the `:` that ends the host.
    pub port: Option<Span>,
}

/// Split the authority `auth` of `input` into [`LooseAuthority`] parts.
///
/// ```
/// use uriscope_core::{component::loose_authority, component::split};
/// let s = "http://us er@ho st:8x0/p";
/// let a = loose_authority(s, split(s).authority.unwrap());
/// assert_eq!(a.userinfo.unwrap().slice(s), "us er");
/// assert_eq!(a.host.slice(s), "ho st");
/// assert_eq!(a.port.unwrap().slice(s), "8x0");
/// let s = "//[::1:x]:80";
/// let a = loose_authority(s, split(s).authority.unwrap());
/// assert_eq!((a.host.slice(s), a.port.unwrap().slice(s)), ("[::1:x]", "80"));
/// ```
#[must_use]
pub fn loose_authority(input: &str, auth: Span) -> LooseAuthority {
    let text = auth.slice(input);
    let (userinfo, rest_start) = match text.rfind('@') {
        Some(at) => (
            Some(Span::new(auth.start, auth.start + at)),
            auth.start + at + 1,
        ),
        None => (None, auth.start),
    };
    let rest = &input[rest_start..auth.end];
    let host_end = if rest.starts_with('[') {
        rest.find(']').map_or(rest.len(), |i| i + 1)
    } else {
        rest.rfind(':').unwrap_or(rest.len())
    };
    let host = Span::new(rest_start, rest_start + host_end);
    let port = rest[host_end..]
        .starts_with(':')
        .then(|| Span::new(rest_start + host_end + 1, auth.end));
    LooseAuthority {
        userinfo,
        host,
        port,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Appendix B read as its regular expression reads it, byte by byte:
    /// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`.
    fn appendix_b(input: &str) -> Split {
        let b = input.as_bytes();
        let upto = |from: usize, stop: &[u8]| {
            (from..b.len())
                .find(|&k| stop.contains(&b[k]))
                .unwrap_or(b.len())
        };
        let mut out = Split::default();
        let mut i = 0;
        let j = upto(0, b":/?#");
        if j > 0 && j < b.len() && b[j] == b':' {
            out.scheme = Some(Span::new(0, j));
            i = j + 1;
        }
        if b[i..].starts_with(b"//") {
            let e = upto(i + 2, b"/?#");
            out.authority = Some(Span::new(i + 2, e));
            i = e;
        }
        let e = upto(i, b"?#");
        out.path = Span::new(i, e);
        i = e;
        if b.get(i) == Some(&b'?') {
            let e = upto(i + 1, b"#");
            out.query = Some(Span::new(i + 1, e));
            i = e;
        }
        if b.get(i) == Some(&b'#') {
            out.fragment = Some(Span::new(i + 1, b.len()));
        }
        out
    }

    proptest! {
        /// Short and long parts alike (the scans switch to memchr after
        /// 32 bytes).
        #[test]
        fn split_is_appendix_b(s in "([a-z]{0,40}|[:/?#]|//|é){0,12}") {
            prop_assert_eq!(split(&s), appendix_b(&s));
        }
    }
}
