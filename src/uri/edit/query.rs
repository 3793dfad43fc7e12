//! The query as pairs (`key=value` separated by `&`, or another
//! separator): append, replace, trim by key, sort — what trurl's
//! `--append query=`, `--replace`, `--trim query=` and `--sort-query` do.
//! RFC 3986 §3.4 gives the query no structure; the pairs are the HTML
//! form convention most URIs follow. Keys are compared decoded.
//!
//! ```
//! use uriscope::uri::edit::{query, Editable};
//! let mut u = Editable::parse("https://curl.se?search=hey&utm_source=tracker").unwrap();
//! query::trim(&mut u, "utm_*", '&');
//! query::append(&mut u, "q=a&b", '&');
//! assert_eq!(u.to_uri().unwrap(), "https://curl.se?search=hey&q=a%26b");
//! ```

use std::borrow::Cow;

use super::Editable;
use crate::uri::percent::{self, encode_set};

/// The pairs of `query` split at `sep`, as written (empty pairs kept).
pub fn pairs(query: &str, sep: char) -> impl Iterator<Item = &str> {
    query.split(sep)
}

/// A pair's key and value, decoded (`+` stays a plus: RFC 3986 decoding).
pub fn key_value(pair: &str) -> (Cow<'_, str>, Option<Cow<'_, str>>) {
    fn dec(t: &str) -> Cow<'_, str> {
        match percent::decode_bytes(t.as_bytes(), Default::default()) {
            Cow::Borrowed(_) => Cow::Borrowed(t),
            Cow::Owned(b) => Cow::Owned(String::from_utf8_lossy(&b).into_owned()),
        }
    }
    match pair.split_once('=') {
        Some((k, v)) => (dec(k), Some(dec(v))),
        None => (dec(pair), None),
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

/// The decoded value of the first pair with decoded key `key`; the
/// empty string for a pair without `=`.
pub fn first_value(u: &Editable, key: &str, sep: char) -> Option<String> {
    all_values(u, key, sep).into_iter().next()
}

/// The decoded values of every pair with decoded key `key`, in order.
pub fn all_values(u: &Editable, key: &str, sep: char) -> Vec<String> {
    u.query
        .as_deref()
        .map(|q| {
            pairs(q, sep)
                .filter_map(|p| {
                    let (k, v) = key_value(p);
                    (k == key).then(|| v.map(Cow::into_owned).unwrap_or_default())
                })
                .collect()
        })
        .unwrap_or_default()
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
