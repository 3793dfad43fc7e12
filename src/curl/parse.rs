//! A URL read as libcurl reads it (`parseurl`): no control byte or space
//! (unless allowed), `scheme://` (or no scheme, guessed), the authority
//! up to the first `/`, `?` or `#`, then fragment, query and path, with
//! the path's dot segments removed. And a reference resolved as libcurl
//! resolves a redirect (`redirect_url`): by cutting the base's text, not
//! by RFC 3986 §5.2's merge.

use super::escape::urlencode_str;
use super::host::parse_authority;
use super::trace::{Step, Trace, Why};
use super::{schemes, CurlUrl, Flags, UrlCode};

/// The longest input libcurl takes (`CURL_MAX_INPUT_LENGTH`).
pub(super) const MAX_INPUT: usize = 8_000_000;

/// The longest scheme libcurl reads.
pub(super) const MAX_SCHEME_LEN: usize = 40;

/// The length of `url`'s scheme, 0 when it has none
/// (`Curl_is_absolute_url`). With `guess`, a scheme must be followed by
/// `:/`: `example.com:8080` is a host and a port, `data:x` the host
/// `data` with a bad port.
pub(super) fn scheme_len(url: &[u8], guess: bool) -> usize {
    if !url.first().is_some_and(u8::is_ascii_alphabetic) {
        return 0;
    }
    let mut i = 1;
    while i < MAX_SCHEME_LEN
        && url
            .get(i)
            .is_some_and(|&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
    {
        i += 1;
    }
    let after = url.get(i + 1);
    if url.get(i) == Some(&b':') && (after == Some(&b'/') || !guess) {
        i
    } else {
        0
    }
}

/// Read `url` under `flags`.
pub(super) fn parse_url(url: &[u8], flags: Flags, t: &mut Trace) -> Result<CurlUrl, UrlCode> {
    // No control byte, DEL, or space unless allowed (`junkscan`).
    // With it, whether URLENCODE would change anything: a space or a
    // byte past ASCII. One pass without an early exit, which the
    // compiler turns into wide compares.
    let space_ok = flags.has(Flags::ALLOW_SPACE);
    let (mut junk, mut wide) = (false, false);
    for &b in url {
        junk |= b < b' ' || b == 0x7f || (b == b' ' && !space_ok);
        wide |= b == b' ' || b >= 0x80;
    }
    if junk || url.len() > MAX_INPUT {
        return Err(UrlCode::MalformedInput);
    }
    let encode = flags.has(Flags::URLENCODE) && wide;
    let guess = flags.has(Flags::GUESS_SCHEME);
    let slen = scheme_len(url, guess);
    let mut u = CurlUrl::default();
    let scheme = url[..slen].to_ascii_lowercase();
    if slen > 0 {
        t.changed("scheme", &url[..slen], &scheme, Why::SchemeLowercased);
    }
    let rest_at = if scheme == b"file" {
        u.scheme = Some(scheme);
        file_path_start(url)?
    } else {
        let host_at = if slen > 0 {
            let slashes = url[slen + 1..]
                .iter()
                .take(4)
                .take_while(|&&b| b == b'/')
                .count();
            if schemes::lookup(&scheme).is_none() && !flags.has(Flags::NON_SUPPORT_SCHEME) {
                return Err(UrlCode::UnsupportedScheme);
            }
            if !(1..=3).contains(&slashes) {
                return Err(UrlCode::BadSlashes);
            }
            u.scheme = Some(scheme);
            slen + 1 + slashes
        } else if guess {
            0
        } else {
            return Err(UrlCode::BadScheme);
        };
        let host_len =
            memchr::memchr3(b'/', b'?', b'#', &url[host_at..]).unwrap_or(url.len() - host_at);
        if host_len == 0 {
            return Err(UrlCode::NoHost);
        }
        let host = parse_authority(&mut u, &url[host_at..host_at + host_len], slen > 0, t)?;
        if guess && u.scheme.is_none() {
            let guessed = guess_from_host(&host);
            t.note(|| Step::new("scheme", b"", guessed.as_bytes(), Why::SchemeGuessed));
            u.scheme = Some(guessed.as_bytes().to_vec());
            u.guessed_scheme = true;
        }
        u.host = Some(host);
        host_at + host_len
    };
    rest(&mut u, &url[rest_at..], encode, t);
    Ok(u)
}

/// libcurl's guess from the host name.
fn guess_from_host(host: &[u8]) -> &'static str {
    ["ftp", "dict", "ldap", "imap", "smtp", "pop3"]
        .into_iter()
        .find(|p| {
            host.len() > p.len()
                && host[..p.len()].eq_ignore_ascii_case(p.as_bytes())
                && host[p.len()] == b'.'
        })
        .unwrap_or("http")
}

/// Where the path of a `file:` URL starts: after `file:`, after
/// `file://` with an empty host, `localhost` or `127.0.0.1`; any other
/// host, and a Windows drive letter, are refused (libcurl on Unix).
fn file_path_start(url: &[u8]) -> Result<usize, UrlCode> {
    if url.len() <= 6 {
        return Err(UrlCode::BadFileUrl);
    }
    let mut at = 5;
    if url[at..].starts_with(b"//") {
        let p = at + 2;
        let rest = &url[p..];
        if rest.first() != Some(&b'/') && !drive_prefix(rest) {
            let local = |h: &[u8]| rest.len() >= h.len() && rest[..h.len()].eq_ignore_ascii_case(h);
            if local(b"localhost/") || local(b"127.0.0.1/") {
                at = p + 9;
            } else {
                return Err(UrlCode::BadFileUrl);
            }
        } else {
            at = p;
        }
    }
    let path = &url[at..];
    if (path.first() == Some(&b'/') && drive_prefix(&path[1..])) || drive_prefix(path) {
        return Err(UrlCode::BadFileUrl);
    }
    Ok(at)
}

/// `c:` or `c|` then `/`, `\` or the end.
fn drive_prefix(s: &[u8]) -> bool {
    s.first().is_some_and(u8::is_ascii_alphabetic)
        && matches!(s.get(1), Some(b':' | b'|'))
        && matches!(s.get(2), None | Some(b'/' | b'\\'))
}

/// The path, query and fragment of `rest` into `u`; `encode`: spaces
/// and bytes past ASCII are to be encoded (and the URL has some).
fn rest(u: &mut CurlUrl, rest: &[u8], encode: bool, t: &mut Trace) {
    let stored = |part: &'static str, raw: &[u8], query: bool, t: &mut Trace| -> Vec<u8> {
        if encode {
            let e = urlencode_str(raw, false, query);
            t.changed(part, raw, &e, Why::InputEncoded);
            e
        } else {
            raw.to_vec()
        }
    };
    let mut before_fragment = rest;
    if let Some(h) = memchr::memchr(b'#', rest) {
        u.fragment_present = true;
        let f = &rest[h + 1..];
        if !f.is_empty() {
            u.fragment = Some(stored("fragment", f, false, t));
        }
        before_fragment = &rest[..h];
    }
    let mut path = before_fragment;
    if let Some(q) = memchr::memchr(b'?', before_fragment) {
        u.query_present = true;
        u.query = Some(stored("query", &before_fragment[q + 1..], true, t));
        path = &before_fragment[..q];
    }
    let path = if path.is_empty() {
        Vec::new()
    } else {
        stored("path", path, false, t)
    };
    if path.len() <= 1 {
        return;
    }
    u.path = Some(match dedotdotify(&path) {
        Some(d) => {
            t.changed("path", &path, &d, Why::DotSegments);
            d
        }
        None => path,
    });
}

/// RFC 3986 §5.2.4 as libcurl writes it (`dedotdotify`); `None` when the
/// path has no dot at all (nothing to do).
pub(super) fn dedotdotify(input: &[u8]) -> Option<Vec<u8>> {
    // A dot segment starts the path or follows a '/': "/a/index.html"
    // has none, and comes out as it went in.
    if input.len() < 2 || (input[0] != b'.' && memchr::memmem::find(input, b"/.").is_none()) {
        return None;
    }
    let mut out: Vec<u8> = Vec::with_capacity(input.len());
    let mut i = 0;
    let pop_segment = |out: &mut Vec<u8>| {
        while let Some(c) = out.pop() {
            if c == b'/' {
                break;
            }
        }
    };
    while i < input.len() {
        let r = &input[i..];
        let mut dotdot = true;
        if r[0] == b'.' {
            if r.starts_with(b"./") {
                i += 2;
            } else if r.starts_with(b"../") {
                i += 3;
            } else if r == b"." || r == b".." {
                out.clear();
                break;
            } else {
                dotdot = false;
            }
        } else if r[0] == b'/' {
            if r.starts_with(b"/./") {
                i += 2;
            } else if r == b"/." {
                out.push(b'/');
                break;
            } else if r.starts_with(b"/../") {
                i += 3;
                pop_segment(&mut out);
            } else if r == b"/.." {
                pop_segment(&mut out);
                out.push(b'/');
                break;
            } else {
                dotdot = false;
            }
        } else {
            dotdot = false;
        }
        if !dotdot {
            // E: the first segment (with its leading '/') to the output.
            out.push(input[i]);
            i += 1;
            while i < input.len() && input[i] != b'/' {
                out.push(input[i]);
                i += 1;
            }
        }
    }
    Some(out)
}

/// The URL `base` (as libcurl writes it) redirected to the relative
/// `rel` (`redirect_url`): the base cut after its last `/` (before its
/// query), or after its host for `/path`, or after its scheme for
/// `//host`; then `rel` appended, its spaces and bytes past ASCII
/// encoded, and the whole read again.
pub(super) fn redirect(
    mut base: Vec<u8>,
    rel: &[u8],
    flags: Flags,
    t: &mut Trace,
) -> Result<CurlUrl, UrlCode> {
    let protsep = base
        .windows(2)
        .position(|w| w == b"//")
        .map_or(0, |i| i + 2);
    let find = |base: &[u8], c: u8| {
        base[protsep..]
            .iter()
            .position(|&b| b == c)
            .map(|i| protsep + i)
    };
    let mut useurl = rel;
    let mut host_changed = false;
    match rel.first() {
        Some(b'/') if rel.get(1) == Some(&b'/') => {
            base.truncate(protsep);
            useurl = &rel[2..];
            host_changed = true;
        }
        Some(b'/') => {
            if let Some(s) = find(&base, b'/') {
                base.truncate(s);
            }
        }
        Some(b'#') => {
            if let Some(h) = find(&base, b'#') {
                base.truncate(h);
            }
        }
        _ => {
            if let Some(q) = find(&base, b'?').or_else(|| find(&base, b'#')) {
                base.truncate(q);
            }
            if rel.first() != Some(&b'?') {
                if let Some(s) = base[protsep..].iter().rposition(|&b| b == b'/') {
                    base.truncate(protsep + s + 1);
                }
            }
        }
    }
    base.extend_from_slice(&urlencode_str(useurl, host_changed, false));
    parse_url(&base, flags, t)
}
