//! libcurl's percent-encoding, which is not RFC 3986's: `curl_easy_escape`
//! encodes every byte but the unreserved ones (RFC 3986 §2.3), the
//! reserved characters a component may hold as they are (§2.2, `:` `@`
//! `/` in a path) included, and writes hex digits in lower case (§2.1
//! says producers should use upper case). trurl's query pairs are
//! encoded its own way: a space as `+`, and `*` kept.

use std::borrow::Cow;

use crate::uri::percent::{self, DecodeOptions};

const HEX: &[u8; 16] = b"0123456789abcdef";

/// RFC 3986 §2.3 unreserved: what libcurl never encodes.
pub(super) fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// `%xx` for `b`, in lower-case hex as libcurl writes it.
pub(super) fn push_escape(out: &mut Vec<u8>, b: u8) {
    out.extend_from_slice(&[b'%', HEX[(b >> 4) as usize], HEX[(b & 15) as usize]]);
}

/// `curl_easy_escape`: every byte but the unreserved ones as `%xx`.
///
/// ```
/// use uriscope::curl::escape;
/// assert_eq!(escape(b"a b/c:d~"), b"a%20b%2fc%3ad~");
/// ```
#[must_use]
pub fn escape(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() + 8);
    for &b in s {
        if is_unreserved(b) {
            out.push(b);
        } else {
            push_escape(&mut out, b);
        }
    }
    out
}

/// `curl_easy_unescape`: each `%` and two hex digits decoded, anything
/// else kept (a lone `%` too); any byte may come out, NUL included.
///
/// ```
/// use uriscope::curl::unescape;
/// assert_eq!(&*unescape(b"a%20b%zz%00"), b"a b%zz\0");
/// ```
#[must_use]
pub fn unescape(s: &[u8]) -> Cow<'_, [u8]> {
    percent::decode_bytes(s, DecodeOptions::default())
}

/// libcurl's URL decoding of a part (`Curl_urldecode` rejecting control
/// bytes): `None` when a byte below 0x20 comes out.
pub(super) fn decode_no_ctrl(s: &[u8]) -> Option<Cow<'_, [u8]>> {
    let d = unescape(s);
    (!d.iter().any(|&b| b < 0x20)).then_some(d)
}

/// trurl's decoding of a query pair: `+` is a space, then
/// `curl_easy_unescape`.
///
/// ```
/// use uriscope::curl::form_decode;
/// assert_eq!(&*form_decode(b"rfc+3986%21"), b"rfc 3986!");
/// ```
#[must_use]
pub fn form_decode(s: &[u8]) -> Cow<'_, [u8]> {
    percent::decode_bytes(
        s,
        DecodeOptions {
            plus_as_space: true,
        },
    )
}

/// trurl's encoding of a query pair's side: a space as `+`, the
/// unreserved bytes and `*` as they are, any other byte as `%xx`.
///
/// ```
/// use uriscope::curl::form_encode;
/// assert_eq!(form_encode(b"a b*=c&d"), b"a+b*%3dc%26d");
/// ```
#[must_use]
pub fn form_encode(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() + 8);
    for &b in s {
        match b {
            b' ' => out.push(b'+'),
            b'*' => out.push(b),
            b if is_unreserved(b) => out.push(b),
            b => push_escape(&mut out, b),
        }
    }
    out
}

/// libcurl's `urlencode_str`: a space as `%20` (as `+` once in a query,
/// or after a `?`), a byte past ASCII as `%xx`, anything else as it is.
/// With `host_first`, the bytes up to the end of the host (after `//`,
/// before the first `/` or `?`) are copied untouched.
pub(super) fn urlencode_str(s: &[u8], host_first: bool, query: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() + 8);
    let mut left = !query;
    let host_end = if host_first { host_sep(s) } else { 0 };
    out.extend_from_slice(&s[..host_end]);
    for &b in &s[host_end..] {
        if b == b' ' {
            if left {
                out.extend_from_slice(b"%20");
            } else {
                out.push(b'+');
            }
            continue;
        }
        if b == b'?' {
            left = false;
        }
        if b >= 0x80 {
            push_escape(&mut out, b);
        } else {
            out.push(b);
        }
    }
    out
}

/// Where the host of `url` ends (`find_host_sep`): the first `/` or `?`
/// after `//` (or from the start when there is no `//`).
fn host_sep(url: &[u8]) -> usize {
    let start = url.windows(2).position(|w| w == b"//").map_or(0, |i| i + 2);
    url[start..]
        .iter()
        .position(|&b| b == b'/' || b == b'?')
        .map_or(url.len(), |i| start + i)
}

/// What `curl_url_set` stores for a value given decoded: the unreserved
/// bytes as they are (and `/` in a path), a space as `+` in a query,
/// anything else `%xx`.
pub(super) fn set_encode(out: &mut Vec<u8>, s: &[u8], keep_slash: bool, plus: bool) {
    for &b in s {
        if b == b' ' && plus {
            out.push(b'+');
        } else if is_unreserved(b) || (b == b'/' && keep_slash) {
            out.push(b);
        } else {
            push_escape(out, b);
        }
    }
}

/// What `curl_url_set` stores for a value given encoded: the value, with
/// the hex digits of its escapes in lower case.
pub(super) fn lower_escapes(out: &mut Vec<u8>, s: &[u8]) {
    let start = out.len();
    out.extend_from_slice(s);
    let v = &mut out[start..];
    let mut i = 0;
    while i < v.len() {
        if v[i] == b'%'
            && i + 2 < v.len()
            && v[i + 1].is_ascii_hexdigit()
            && v[i + 2].is_ascii_hexdigit()
            && (v[i + 1].is_ascii_uppercase() || v[i + 2].is_ascii_uppercase())
        {
            v[i + 1] = v[i + 1].to_ascii_lowercase();
            v[i + 2] = v[i + 2].to_ascii_lowercase();
            i += 3;
        } else {
            i += 1;
        }
    }
}
