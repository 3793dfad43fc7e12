//! The URIs the WHATWG parser gives back unchanged, recognized without
//! running it: most lines of a crawl are `https://host/path` with a
//! lowercase host, and `parse --json` spent a third of each line in the
//! `url` crate to learn that its `href` is the input and that there is no
//! difference to name.
//!
//! The test is conservative: anything it is unsure of (a port, a
//! userinfo, a host that IDNA or the IPv4 parser would look at, a dot
//! segment, a character the WHATWG parser percent-encodes) goes to the
//! `url` crate as before. The tests hold it to the `url` crate on the
//! benchmark corpus and on generated URIs.

use crate::uri::UriRef;

/// Whether the WHATWG URL parser would serialize the RFC 3986-valid
/// URI `u` to exactly its text, naming no difference: scheme `http` or
/// `https` in lowercase; an authority that is only a host of lowercase
/// letters, digits, `-` and `.`, no empty label, no `xn--` label, and a
/// last label that starts with a letter (so it is no IPv4 number); a
/// path that starts with `/` and has no `/.` and no `%2e`; a query
/// without `'` (percent-encoded in special schemes' queries).
pub(super) fn unchanged(u: &UriRef<'_>) -> bool {
    let Some(scheme) = u.scheme() else {
        return false;
    };
    if scheme != "http" && scheme != "https" {
        return false;
    }
    let Some(a) = u.authority_parts() else {
        return false;
    };
    if a.userinfo.is_some() || a.port.is_some() || a.host.zone.is_some() {
        return false;
    }
    plain_host(a.host.span.slice(u.as_str()).as_bytes())
        && plain_path(u.path().as_bytes())
        && u.query()
            .is_none_or(|q| memchr::memchr(b'\'', q.as_bytes()).is_none())
}

/// A host IDNA keeps as it is and that does not end in a number. One
/// pass over its bytes.
fn plain_host(h: &[u8]) -> bool {
    let label = |l: &[u8]| !l.is_empty() && !l.starts_with(b"xn--");
    let mut start = 0;
    for (i, &b) in h.iter().enumerate() {
        match b {
            b'a'..=b'z' | b'0'..=b'9' | b'-' => {}
            b'.' if label(&h[start..i]) => start = i + 1,
            _ => return false,
        }
    }
    let last = &h[start..];
    label(last) && last[0].is_ascii_lowercase()
}

/// A path with no dot segment, raw or escaped, and not empty (the WHATWG
/// parser writes an empty path of a special scheme as `/`). Only the
/// dots and percent signs are looked at.
fn plain_path(p: &[u8]) -> bool {
    if p.first() != Some(&b'/') {
        return false;
    }
    let mut i = 0;
    loop {
        i += memchr::memchr2(b'.', b'%', &p[i..]).unwrap_or(p.len() - i);
        let Some(&c) = p.get(i) else {
            return true;
        };
        let plain = if c == b'.' {
            p[i - 1] != b'/'
        } else {
            !p.get(i + 1..i + 3)
                .is_some_and(|e| e.eq_ignore_ascii_case(b"2e"))
        };
        if !plain {
            return false;
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Where the test says "unchanged", the `url` crate agrees: the
    /// `href` is the input and no difference is named.
    fn agrees(line: &str) -> Result<bool, String> {
        let r = crate::uri::analyze(line, Default::default());
        if !r.is_valid() || !unchanged(&r.uri) {
            return Ok(false);
        }
        let w = super::super::parse(line, None);
        if w.valid && w.href.as_deref() == Some(line) && w.differences.is_empty() {
            Ok(true)
        } else {
            Err(format!("{line:?}: the url crate gives {w:?}"))
        }
    }

    #[test]
    fn the_url_crate_keeps_what_it_calls_unchanged_on_the_corpus() {
        let mut taken = 0;
        let lines = include_str!("../../benches/uris.txt").lines();
        for line in lines.clone() {
            taken += usize::from(agrees(line).unwrap());
        }
        // Most of a crawl is plain: the test must not be vacuous.
        assert!(taken * 2 > lines.count(), "only {taken} lines taken");
    }

    #[test]
    fn what_the_url_crate_changes_is_not_called_unchanged() {
        for line in [
            "http://a",
            "http://A/",
            "HTTP://a/",
            "http://a:80/",
            "http://a:8080/",
            "http://u@a/",
            "http://1.2.3.4/",
            "http://a.0x7f/",
            "http://a.123/",
            "http://a./",
            "http://a..b/",
            "http://xn--nxa/",
            "http://a/./b",
            "http://a/b/..",
            "http://a/%2e/b",
            "http://a/%2E%2E",
            "http://a/b?it's",
            "ftp://a/",
            "http://[::1]/",
            "http://a%41/",
        ] {
            let r = crate::uri::analyze(line, Default::default());
            assert!(!unchanged(&r.uri), "{line}");
        }
        for line in [
            "http://a/",
            "https://a.b-c.example/p/q?x=1&y#f",
            "http://a//b",
        ] {
            assert_eq!(agrees(line), Ok(true), "{line}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]
        /// URIs near the line: hosts with digits, hyphens, dots and
        /// `xn--`, paths and queries with dots, escapes and sub-delims.
        #[test]
        fn the_url_crate_keeps_what_it_calls_unchanged(
            s in "(http|https|HTTP|ws)://([a-zA-Z0-9]|-|\\.|xn--|0x){1,12}(/([a-z0-9._~!$&'()*+,;=:@-]|%2e|%2E|%41|%7e|\\.\\.){0,6}){0,4}(\\?([a-z'/?.=&]|%20){0,8})?(#([a-z/?.#]|%7f){0,6})?",
        ) {
            prop_assert!(agrees(&s).is_ok(), "{:?}", agrees(&s));
        }
    }
}
