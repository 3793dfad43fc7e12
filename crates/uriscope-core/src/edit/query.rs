//! The query as pairs (`key=value` separated by `&`, or another
//! separator): append, replace, trim by key, sort — what trurl's
//! `--append query=`, `--replace`, `--trim query=` and `--sort-query` do.
//! RFC 3986 §3.4 gives the query no structure; the pairs are the HTML
//! form convention most URIs follow. Keys are compared decoded: as RFC
//! 3986 decodes (`+` stays a plus) to trim and replace, as an HTML form
//! decodes (`+` is a space, as trurl reads `{query:KEY}`) to read values.
//!
//! ```
//! use uriscope_core::edit::{query, Editable};
//! let mut u = Editable::parse("https://curl.se?search=hey&utm_source=tracker").unwrap();
//! query::trim(&mut u, "utm_*", '&');
//! query::append(&mut u, "q=a&b", '&');
//! assert_eq!(u.to_uri().unwrap(), "https://curl.se?search=hey&q=a%26b");
//! ```

use std::borrow::Cow;

use super::Editable;
use crate::percent::{self, encode_set};

/// The pairs of `query` split at `sep`, as written (empty pairs kept).
pub fn pairs(query: &str, sep: char) -> impl Iterator<Item = &str> {
    query.split(sep)
}

/// A pair's key and value, decoded (`+` stays a plus: RFC 3986 decoding).
#[must_use]
pub fn key_value(pair: &str) -> (Cow<'_, str>, Option<Cow<'_, str>>) {
    split_decoded(pair, Default::default())
}

/// A pair's key and value decoded as an HTML form sends them
/// (`application/x-www-form-urlencoded`: `+` is a space), as trurl reads
/// `{query:KEY}` and its JSON `params`.
///
/// ```
/// use uriscope_core::edit::query::form_key_value;
/// let (k, v) = form_key_value("q=rfc+3986%2B1");
/// assert_eq!((k.as_ref(), v.as_deref()), ("q", Some("rfc 3986+1")));
/// ```
#[must_use]
pub fn form_key_value(pair: &str) -> (Cow<'_, str>, Option<Cow<'_, str>>) {
    split_decoded(
        pair,
        percent::DecodeOptions {
            plus_as_space: true,
        },
    )
}

fn split_decoded(pair: &str, o: percent::DecodeOptions) -> (Cow<'_, str>, Option<Cow<'_, str>>) {
    let dec = |t| -> Cow<'_, str> {
        match percent::decode_bytes(t, o) {
            Cow::Borrowed(_) => Cow::Borrowed(std::str::from_utf8(t).unwrap_or_default()),
            Cow::Owned(b) => Cow::Owned(String::from_utf8_lossy(&b).into_owned()),
        }
    };
    match pair.split_once('=') {
        Some((k, v)) => (dec(k.as_bytes()), Some(dec(v.as_bytes()))),
        None => (dec(pair.as_bytes()), None),
    }
}

/// One side of a pair encoded for a query parameter (`&`, `=`, `+`, `#`
/// and the separator escaped, every `%` too).
fn encode_side(text: &str, sep: char) -> String {
    let mut s = percent::encode(text, &encode_set::QUERY_PARAM).into_owned();
    if !sep.is_ascii_alphanumeric() && sep != '&' && s.contains(sep) {
        let mut b = [0; 4];
        let esc: String = sep
            .encode_utf8(&mut b)
            .bytes()
            .map(|x| format!("%{x:02X}"))
            .collect();
        s = s.replace(sep, &esc);
    }
    s
}

/// `pair` (`key=value` or `key`) encoded: both sides of its first `=`
/// separately, the `=` kept.
#[must_use]
pub fn encode_pair(pair: &str, sep: char) -> String {
    match pair.split_once('=') {
        Some((k, v)) => format!("{}={}", encode_side(k, sep), encode_side(v, sep)),
        None => encode_side(pair, sep),
    }
}

fn set_pairs(u: &mut Editable, list: Vec<String>, sep: char) {
    u.query = if list.is_empty() {
        None
    } else {
        Some(list.join(&sep.to_string()))
    };
}

fn owned_pairs(u: &Editable, sep: char) -> Vec<String> {
    u.query
        .as_deref()
        .map(|q| pairs(q, sep).map(str::to_string).collect())
        .unwrap_or_default()
}

/// Append `pair` (given decoded) at the end of the query.
pub fn append(u: &mut Editable, pair: &str, sep: char) {
    let p = encode_pair(pair, sep);
    u.query = Some(match u.query.take() {
        Some(q) if !q.is_empty() => format!("{q}{sep}{p}"),
        _ => p,
    });
}

/// Whether the decoded `key` matches `pattern`: the whole key, or a
/// prefix when `pattern` ends in `*` (`\*` is a literal star).
#[must_use]
pub fn matches(key: &str, pattern: &str) -> bool {
    if let Some(lit) = pattern.strip_suffix("\\*") {
        return key == format!("{lit}*");
    }
    match pattern.strip_suffix('*') {
        Some(prefix) => key.starts_with(prefix),
        None => key == pattern,
    }
}

/// Remove every pair whose decoded key matches `pattern` ([`matches()`]);
/// the query goes when no pair is left. Returns how many went.
pub fn trim(u: &mut Editable, pattern: &str, sep: char) -> usize {
    let all = owned_pairs(u, sep);
    let before = all.len();
    let kept: Vec<String> = all
        .into_iter()
        .filter(|p| !matches(&key_value(p).0, pattern))
        .collect();
    let gone = before - kept.len();
    if gone > 0 {
        set_pairs(u, kept, sep);
    }
    gone
}

/// Give every pair with the decoded key of `pair` the value of `pair`
/// (`key=value`, given decoded); when none has it and `append_missing`,
/// append `pair`. Returns whether the query changed.
pub fn replace(u: &mut Editable, pair: &str, sep: char, append_missing: bool) -> bool {
    let key = pair.split_once('=').map_or(pair, |(k, _)| k);
    let encoded = encode_pair(pair, sep);
    let mut found = false;
    let list: Vec<String> = owned_pairs(u, sep)
        .into_iter()
        .map(|p| {
            if key_value(&p).0 == key {
                found = true;
                encoded.clone()
            } else {
                p
            }
        })
        .collect();
    if found {
        set_pairs(u, list, sep);
        true
    } else if append_missing {
        append(u, pair, sep);
        true
    } else {
        false
    }
}

/// Sort the pairs case-insensitively (stable: equal ones keep their
/// order), so two URIs that differ only in the order of their pairs
/// become equal.
pub fn sort(u: &mut Editable, sep: char) {
    let mut list = owned_pairs(u, sep);
    if list.len() > 1 {
        list.sort_by_cached_key(|p| p.to_lowercase());
        set_pairs(u, list, sep);
    }
}

/// The value of the first pair whose key is `key`, both read as an HTML
/// form sends them ([`form_key_value`]: `+` is a space); the empty
/// string for a pair without `=`.
#[must_use]
pub fn first_value(u: &Editable, key: &str, sep: char) -> Option<String> {
    all_values(u, key, sep).into_iter().next()
}

/// The values of every pair whose key is `key`, in order, read as
/// [`first_value`] reads them.
#[must_use]
pub fn all_values(u: &Editable, key: &str, sep: char) -> Vec<String> {
    matching(u, key, sep)
        .into_iter()
        .map(|p| form_key_value(p).1.map(Cow::into_owned).unwrap_or_default())
        .collect()
}

/// The values, as written in the query (still percent-encoded), of
/// every pair whose key read as [`first_value`] reads it is `key`.
///
/// ```
/// use uriscope_core::edit::{query, Editable};
/// let u = Editable::parse("https://h/?a=1&b=%23&b+=x").unwrap();
/// assert_eq!(query::values_as_written(&u, "b", '&'), ["%23"]);
/// assert_eq!(query::values_as_written(&u, "b ", '&'), ["x"]);
/// ```
#[must_use]
pub fn values_as_written<'a>(u: &'a Editable, key: &str, sep: char) -> Vec<&'a str> {
    matching(u, key, sep)
        .into_iter()
        .map(|p| p.split_once('=').map_or("", |(_, v)| v))
        .collect()
}

/// The pairs of `u`'s query whose form-decoded key is `key`.
fn matching<'a>(u: &'a Editable, key: &str, sep: char) -> Vec<&'a str> {
    u.query
        .as_deref()
        .into_iter()
        .flat_map(|q| pairs(q, sep))
        .filter(|p| form_key_value(p).0 == key)
        .collect()
}

/// Append `segment` (given decoded) to the path after a `/`, the
/// segment's `/` encoded.
pub fn append_path(u: &mut Editable, segment: &str) {
    let seg = percent::encode(segment, &encode_set::SEGMENT);
    if !u.path.ends_with('/') {
        u.path.push('/');
    }
    u.path.push_str(&seg);
}
