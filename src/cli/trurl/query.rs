//! trurl's work on the query's pairs: `--qtrim` (and `--trim query=`),
//! `--replace`, `--replace-append`, `--sort-query`, and `{query:KEY}`.
//! trurl matches keys as its pairs are written back (normalized,
//! encoded): `--qtrim` case-insensitively and whole (or as a prefix
//! with a trailing `*`), `--replace` as a prefix of the pair.

use crate::curl::query::{decode_pair, normalize_pair, Pair, QueryPairs};

/// Remove the pairs whose key matches one of `patterns` (`trim`);
/// whether any went. `PREFIX*` matches keys starting with `PREFIX`,
/// `\*` at the end is a literal star, case is ignored (ASCII).
pub(super) fn trim(pairs: &mut QueryPairs, patterns: &[Vec<u8>]) -> bool {
    let mut modified = false;
    for pattern in patterns {
        let mut pat = pattern.clone();
        let mut prefix = pat.last() == Some(&b'*');
        if prefix && pat.len() > 1 && pat[pat.len() - 2] == b'\\' {
            // "\*": a literal star.
            prefix = false;
            let n = pat.len();
            pat.truncate(n - 2);
            pat.push(b'*');
        }
        if prefix {
            pat.pop();
        }
        for p in &mut pairs.pairs {
            let key = p.encoded.split(|&b| b == b'=').next().unwrap_or_default();
            let hit = if prefix {
                pat.len() <= key.len() && key[..pat.len()].eq_ignore_ascii_case(&pat)
            } else {
                key.eq_ignore_ascii_case(&pat)
            };
            if hit {
                *p = Pair::default();
                modified = true;
            }
        }
    }
    modified
}

/// `--replace` each of `replaces` (`key=value`, encoded): the first pair
/// starting with the key gets the value, later ones go; with `append`
/// (`--replace-append`) a key no pair has is appended. Whether the
/// pairs changed.
pub(super) fn replace(
    pairs: &mut QueryPairs,
    replaces: &[Vec<u8>],
    append: bool,
    json: bool,
) -> bool {
    let mut modified = false;
    for r in replaces {
        let key = r.split(|&b| b == b'=').next().unwrap_or_default();
        let mut replaced = false;
        for p in &mut pairs.pairs {
            if !p.encoded.starts_with(key) {
                continue;
            }
            if replaced {
                *p = Pair::default();
                continue;
            }
            *p = Pair {
                encoded: normalize_pair(r),
                decoded: decode_pair(r, json),
            };
            modified = true;
            replaced = true;
        }
        if !replaced && append {
            pairs.add(r, json);
            modified = true;
        }
    }
    modified
}

/// Sort the pairs as trurl does (`--sort-query`): by their bytes with
/// the 0x20 bit set (case ignored for letters), a pair equal to the
/// start of another sorting as equal; stable. The normalized and the
/// decoded pairs are sorted each on its own, as in trurl.
pub(super) fn sort(pairs: &mut QueryPairs) {
    let mut encoded: Vec<Vec<u8>> = pairs.pairs.iter().map(|p| p.encoded.clone()).collect();
    let mut decoded: Vec<Vec<u8>> = pairs.pairs.iter().map(|p| p.decoded.clone()).collect();
    encoded.sort_by(|a, b| compare(a, b));
    decoded.sort_by(|a, b| compare(a, b));
    for (p, (e, d)) in pairs.pairs.iter_mut().zip(encoded.into_iter().zip(decoded)) {
        p.encoded = e;
        p.decoded = d;
    }
}

/// trurl's comparison (`cmpfunc`): bytes with 0x20 set, as C's signed
/// `char`, over the shorter length.
fn compare(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    a.iter()
        .zip(b)
        .map(|(&x, &y)| ((x | 0x20) as i8).cmp(&((y | 0x20) as i8)))
        .find(|o| o.is_ne())
        .unwrap_or(std::cmp::Ordering::Equal)
}

/// The values of the pairs with key `key` (`{query:KEY}`,
/// `{query-all:KEY}`): decoded (a NUL as `.`) or as written back; the
/// first, or all separated by spaces.
pub(super) fn values(pairs: &QueryPairs, key: &[u8], decoded: bool, all: bool) -> Vec<u8> {
    let mut out = Vec::new();
    let mut shown = false;
    for p in &pairs.pairs {
        let s = if decoded { &p.decoded } else { &p.encoded };
        if s.starts_with(key) && s.get(key.len()) == Some(&b'=') {
            if shown {
                out.push(b' ');
            }
            out.extend_from_slice(&s[key.len() + 1..]);
            if !all {
                break;
            }
            shown = true;
        }
    }
    out
}
