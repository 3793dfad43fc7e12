//! The query as trurl sees it: pairs split at a separator (`&`), each
//! kept twice, normalized (decoded with `+` as a space, then encoded
//! again with [`form_encode`], the first `=` kept) and decoded. trurl
//! writes the query back from the normalized pairs when anything
//! changed, so `?a=%5D` comes out `?a=%5d` and `?q=a=b` as `?q=a%3db`.
//! RFC 3986 §3.4 gives a query no pairs; they are the HTML form
//! convention (`application/x-www-form-urlencoded`).

use super::escape::{form_decode, form_encode, is_unreserved, unescape};
use super::{CurlUrl, Flags, Part};

/// trurl keeps at most this many pairs (`MAX_QPAIRS`); more are dropped
/// with a note.
pub const MAX_PAIRS: usize = 1000;

/// One pair: normalized (as trurl writes it back) and decoded. A trimmed
/// or removed pair is empty in both.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pair {
    /// The pair normalized: each side decoded and encoded again.
    pub encoded: Vec<u8>,
    /// The pair decoded (`key=value`), a NUL in the value as `.` unless
    /// for JSON.
    pub decoded: Vec<u8>,
}

impl Pair {
    /// Whether the pair was trimmed away (or was empty).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.encoded.is_empty()
    }
}

/// The query's pairs, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QueryPairs {
    /// The pairs.
    pub pairs: Vec<Pair>,
    /// How many pairs past [`MAX_PAIRS`] were dropped.
    pub dropped: usize,
}

impl QueryPairs {
    /// The pairs of `u`'s query split at `sep` (`extractqpairs`), and
    /// whether normalizing changed any. `json`: a NUL decoded in a value
    /// is kept (else it is shown as `.`). A `sep` at the very end makes
    /// no pair; two in a row make an empty one.
    #[must_use]
    pub fn extract(u: &CurlUrl, sep: u8, json: bool) -> (QueryPairs, bool) {
        let mut q = QueryPairs::default();
        let mut modified = false;
        if let Ok(query) = u.get(Part::Query, Flags::NONE) {
            let mut rest = &query[..];
            while !rest.is_empty() {
                let end = rest.iter().position(|&b| b == sep);
                let pair = &rest[..end.unwrap_or(rest.len())];
                modified |= q.add(pair, json);
                match end {
                    Some(e) => rest = &rest[e + 1..],
                    None => break,
                }
            }
        }
        (q, modified)
    }

    /// Add `raw` (as written in a URL) at the end (`addqpair`); returns
    /// whether normalizing changed it.
    pub fn add(&mut self, raw: &[u8], json: bool) -> bool {
        if self.pairs.len() >= MAX_PAIRS {
            self.dropped += 1;
            return false;
        }
        let encoded = normalize_pair(raw);
        let modified = encoded != raw;
        self.pairs.push(Pair {
            decoded: decode_pair(raw, json),
            encoded,
        });
        modified
    }

    /// The pairs written back, `sep` between two that are not empty
    /// (`qpair2query`); `None` when there are no pairs at all.
    #[must_use]
    pub fn join(&self, sep: u8) -> Option<Vec<u8>> {
        if self.pairs.is_empty() {
            return None;
        }
        let mut out = Vec::with_capacity(self.pairs.iter().map(|p| p.encoded.len() + 1).sum());
        for p in &self.pairs {
            if !out.is_empty() && !p.encoded.is_empty() {
                out.push(sep);
            }
            out.extend_from_slice(&p.encoded);
        }
        Some(out)
    }
}

/// Whether trurl would write `u`'s query back as it is: every pair
/// normalizes to itself ([`normalize_pair`]). Decided without
/// normalizing when the query holds only unreserved bytes, `*`, `+`,
/// the separator and one `=` a pair, as most do.
#[must_use]
pub fn is_normal(u: &CurlUrl, sep: u8) -> bool {
    let Some(q) = u.query.as_deref() else {
        return true;
    };
    q.split(|&b| b == sep).all(|pair| {
        let simple = |b: &u8| is_unreserved(*b) || *b == b'*' || *b == b'+';
        let fast = match pair.iter().position(|&b| b == b'=') {
            None => pair.iter().all(simple),
            Some(eq) => pair[..eq].iter().all(simple) && pair[eq + 1..].iter().all(simple),
        };
        fast || normalize_pair(pair) == pair
    })
}

/// A pair as trurl writes it back (`memdupzero`): each side of the first
/// `=` decoded (`+` as a space) and encoded again with [`form_encode`].
///
/// ```
/// use uriscope::curl::query::normalize_pair;
/// assert_eq!(normalize_pair(b"a=%5D"), b"a=%5d");
/// assert_eq!(normalize_pair(b"q=a=b c"), b"q=a%3db+c");
/// assert_eq!(normalize_pair(b"=1"), b"=1");
/// ```
#[must_use]
pub fn normalize_pair(raw: &[u8]) -> Vec<u8> {
    match raw.iter().position(|&b| b == b'=') {
        None => form_encode(&form_decode(raw)),
        Some(eq) => {
            let mut out = form_encode(&form_decode(&raw[..eq]));
            out.push(b'=');
            out.extend_from_slice(&form_encode(&form_decode(&raw[eq + 1..])));
            out
        }
    }
}

/// A pair decoded (`memdupdec`, after `memdupzero` turned its `+` into
/// spaces): `key=value`, a NUL in the value as `.` unless `json`.
#[must_use]
pub fn decode_pair(raw: &[u8], json: bool) -> Vec<u8> {
    let spaced: Vec<u8> = raw
        .iter()
        .map(|&b| if b == b'+' { b' ' } else { b })
        .collect();
    match spaced.iter().position(|&b| b == b'=') {
        None => unescape(&spaced).into_owned(),
        Some(eq) => {
            let mut out = unescape(&spaced[..eq]).into_owned();
            out.push(b'=');
            let value = unescape(&spaced[eq + 1..]);
            out.extend(
                value
                    .iter()
                    .map(|&b| if b == 0 && !json { b'.' } else { b }),
            );
            out
        }
    }
}
