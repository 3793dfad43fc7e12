//! What trurl does to every URL on top of libcurl: the path's segments,
//! the fragment, the user, the password and the options decoded and
//! encoded again, and the query's pairs written back normalized
//! ([`super::query`]); and [`print()`], what `trurl URL` prints for one
//! URL and no option, which the explorer offers to copy.

use super::escape::{escape, is_unreserved, push_escape, unescape};
use super::query::QueryPairs;
use super::trace::{Step, Trace, Why};
use super::{CurlUrl, Flags, Part, UrlCode};

/// The flags trurl reads an input URL with (`seturl`, no option given).
pub const READ: Flags =
    Flags(Flags::GUESS_SCHEME.0 | Flags::NON_SUPPORT_SCHEME.0 | Flags::URLENCODE.0);

/// Append each of `segments` (already encoded) to the path after a `/`,
/// then decode and encode each segment again (`canonical_path`); the
/// path is set again when that changed it.
pub fn path(u: &mut CurlUrl, segments: &[Vec<u8>], t: &mut Trace) {
    // Most paths are made of unreserved bytes and '/': already canonical.
    let plain = |p: &[u8]| p.iter().all(|&b| b == b'/' || is_unreserved(b));
    if segments.is_empty() && u.path.as_deref().is_none_or(plain) {
        return;
    }
    let Ok(mut path) = u.get(Part::Path, Flags::NONE) else {
        return;
    };
    let mut modified = !segments.is_empty();
    for s in segments {
        if !path.ends_with(b"/") {
            path.push(b'/');
        }
        path.extend_from_slice(s);
    }
    let canonical = canonical_path(&path);
    if canonical != path {
        t.changed("path", &path, &canonical, Why::PathReencoded);
        path = canonical;
        modified = true;
    }
    if modified {
        let _ = u.set(Part::Path, Some(&path), Flags::NONE);
    }
}

/// Each `/`-separated segment of `path` decoded and encoded again with
/// libcurl's [`escape`].
///
/// ```
/// use uriscope::curl::trurl::canonical_path;
/// assert_eq!(canonical_path(b"/one/t%61o/%2F%42/"), b"/one/tao/%2fB/");
/// assert_eq!(canonical_path(b"/a:b@c"), b"/a%3ab%40c");
/// ```
#[must_use]
pub fn canonical_path(path: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(path.len() + 8);
    let mut first = true;
    for seg in path.split(|&b| b == b'/') {
        if !first {
            out.push(b'/');
        }
        first = false;
        for &b in unescape(seg).iter() {
            if is_unreserved(b) {
                out.push(b);
            } else {
                push_escape(&mut out, b);
            }
        }
    }
    out
}

/// The fragment, user, password and options decoded and encoded again
/// (`normalize_part`), each set again when that changed it.
pub fn parts(u: &mut CurlUrl, t: &mut Trace) {
    let plain = |v: &Option<Vec<u8>>| {
        v.as_deref()
            .is_none_or(|v| v.iter().all(|&b| is_unreserved(b)))
    };
    if plain(&u.fragment) && plain(&u.user) && plain(&u.password) && plain(&u.options) {
        return;
    }
    for part in [Part::Fragment, Part::User, Part::Password, Part::Options] {
        let Ok(v) = u.get(part, Flags::NONE) else {
            continue;
        };
        if v.is_empty() {
            continue;
        }
        let again = escape(&unescape(&v));
        if again != v {
            t.changed(part.name(), &v, &again, Why::PartReencoded);
            let _ = u.set(part, Some(&again), Flags::NONE);
        }
    }
}

/// The query written back from `pairs` with `sep`, when there are pairs.
pub fn set_query(u: &mut CurlUrl, pairs: &QueryPairs, sep: u8, t: &mut Trace) {
    let Some(q) = pairs.join(sep) else {
        return;
    };
    if t.is_on() {
        let before = u.get(Part::Query, Flags::GET_EMPTY).unwrap_or_default();
        t.changed("query", &before, &q, Why::PairsReencoded);
    }
    let _ = u.set(Part::Query, Some(&q), Flags::NONE);
}

/// What writing `u` out with `flags` leaves out or adds, recorded in `t`:
/// the default port, an empty path as `/`, an empty query or fragment.
pub fn note_output(u: &CurlUrl, flags: Flags, t: &mut Trace) {
    if !t.is_on() {
        return;
    }
    if flags.has(Flags::NO_DEFAULT_PORT)
        && u.port_number().is_some()
        && u.port_number() == u.scheme_default_port()
    {
        let p = u.get(Part::Port, Flags::NONE).unwrap_or_default();
        t.note(|| Step::new("port", &p, b"", Why::DefaultPort));
    }
    if u.path_is_empty() {
        t.note(|| Step::new("path", b"", b"/", Why::PathSlash));
    }
    if u.empty_query() {
        t.note(|| Step::new("query", b"?", b"", Why::EmptyDropped));
    }
    if u.empty_fragment() {
        t.note(|| Step::new("fragment", b"#", b"", Why::EmptyDropped));
    }
}

/// What `trurl URL` prints for `input` and no option: the URL read with
/// a guessed scheme, its parts and query pairs normalized, written out
/// without the scheme's default port. The explorer offers it to copy.
///
/// ```
/// use uriscope::curl::trurl::print;
/// assert_eq!(print("http://ex%61mple:80/%62ath/a/../b?%2e%FF#tes%74").unwrap(),
///            "http://example/bath/b?.%ff#test");
/// assert_eq!(print("example.com").unwrap(), "http://example.com/");
/// assert_eq!(print("http://a b/").unwrap_err().message(), "Malformed input to a URL function");
/// ```
pub fn print(input: &str) -> Result<String, UrlCode> {
    print_traced(input, &mut Trace::off())
}

/// [`print()`], each change recorded in `t`.
pub fn print_traced(input: &str, t: &mut Trace) -> Result<String, UrlCode> {
    let mut u = CurlUrl::parse_traced(input.as_bytes(), READ, t)?;
    path(&mut u, &[], t);
    parts(&mut u, t);
    let (pairs, modified) = QueryPairs::extract(&u, b'&', false);
    if modified {
        set_query(&mut u, &pairs, b'&', t);
    }
    let out = Flags::NO_DEFAULT_PORT | Flags::NON_SUPPORT_SCHEME | Flags::URLDECODE;
    note_output(&u, out, t);
    let url = u.get(Part::Url, out)?;
    Ok(String::from_utf8_lossy(&url).into_owned())
}
