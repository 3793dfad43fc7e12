//! The engines that run inside this process: ours, the `url` crate and
//! `http::Uri`. Each maps its own API onto a [`Reading`] as documented
//! there.

use super::{Engine, Outcome, Reading};
use crate::uri::{self, UriRef};

/// What `engine` (an in-process one) reads in `input`.
pub(super) fn read(engine: Engine, input: &str) -> Outcome {
    match engine {
        Engine::Rfc3986 => rfc3986(input),
        Engine::Whatwg => whatwg(input),
        Engine::HttpUri => http_uri(input),
        other => Outcome::Rejected(format!("{} does not run in process", other.name())),
    }
}

fn owned(s: Option<&str>) -> Option<String> {
    s.map(str::to_owned)
}

/// Ours: an RFC 3986 URI-reference, else an RFC 3987 IRI-reference.
fn rfc3986(input: &str) -> Outcome {
    let reading = |u: &UriRef<'_>, note: Option<&str>| Reading {
        scheme: owned(u.scheme()),
        userinfo: owned(u.userinfo()),
        host: owned(u.host()),
        port: owned(u.port()),
        path: Some(u.path().to_owned()),
        query: owned(u.query()),
        fragment: owned(u.fragment()),
        note: owned(note),
    };
    match uri::parse(input) {
        Ok(u) => Outcome::Parsed(reading(&u, None)),
        Err(e) => match uri::UriRef::parse_with(input, uri::ParseOptions::new().iri(true)) {
            Ok(u) => Outcome::Parsed(reading(&u, Some("RFC 3987 IRI"))),
            Err(i) if (i.at, i.code) == (e.at, e.code) => Outcome::Rejected(e.to_string()),
            Err(i) => Outcome::Rejected(format!("{e}; as an RFC 3987 IRI: {i}")),
        },
    }
}

/// The WHATWG URL Standard, by the `url` crate. Without a base, so a
/// relative reference is refused.
fn whatwg(input: &str) -> Outcome {
    whatwg_against(input, None)
}

/// The WHATWG URL Standard's reading of `input` against `base`, as
/// `new URL(input, base)` reads it (the explorer's WHATWG section parses
/// a relative reference so, and its Parsers section shows the same
/// reading); without a base a relative reference is refused.
pub fn whatwg_against(input: &str, base: Option<&str>) -> Outcome {
    let base = match base.map(url::Url::parse) {
        Some(Ok(b)) => Some(b),
        Some(Err(e)) => return Outcome::Rejected(format!("the base: {e}")),
        None => None,
    };
    match url::Url::options().base_url(base.as_ref()).parse(input) {
        Ok(u) => {
            let user = u.username();
            let userinfo = match u.password() {
                Some(p) => Some(format!("{user}:{p}")),
                None if !user.is_empty() => Some(user.to_owned()),
                None => None,
            };
            Outcome::Parsed(Reading {
                scheme: Some(u.scheme().to_owned()),
                userinfo,
                host: owned(u.host_str()),
                port: u.port().map(|p| p.to_string()),
                path: Some(u.path().to_owned()),
                query: owned(u.query()),
                fragment: owned(u.fragment()),
                note: None,
            })
        }
        Err(e) => Outcome::Rejected(e.to_string()),
    }
}

/// `http::Uri`: a request target (origin, absolute, authority or `*`).
fn http_uri(input: &str) -> Outcome {
    match input.parse::<http::Uri>() {
        Ok(u) => {
            let userinfo = u
                .authority()
                .and_then(|a| a.as_str().rsplit_once('@'))
                .map(|(info, _)| info.to_owned());
            Outcome::Parsed(Reading {
                scheme: owned(u.scheme_str()),
                userinfo,
                host: owned(u.host()),
                port: u.port_u16().map(|p| p.to_string()),
                path: Some(u.path().to_owned()),
                query: owned(u.query()),
                fragment: None,
                note: None,
            })
        }
        Err(e) => Outcome::Rejected(e.to_string()),
    }
}
