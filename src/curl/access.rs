//! Reading and writing the parts of a [`CurlUrl`] as `curl_url_get` and
//! `curl_url_set` do.

use std::borrow::Cow;

use super::escape::{decode_no_ctrl, escape, lower_escapes, set_encode, urlencode_str};
use super::host::{check_name, decimal_port, is_host_name};
use super::parse::{parse_url, redirect, scheme_len, MAX_INPUT, MAX_SCHEME_LEN};
use super::trace::Trace;
use super::{schemes, CurlUrl, Flags, Part, UrlCode};

impl CurlUrl {
    /// Read `url` as libcurl does under `flags` (`curl_url_set` of the
    /// whole URL on an empty handle).
    pub fn parse(url: &[u8], flags: Flags) -> Result<CurlUrl, UrlCode> {
        parse_url(url, flags, &mut Trace::off())
    }

    /// [`CurlUrl::parse`], recording each change in `t`.
    pub fn parse_traced(url: &[u8], flags: Flags, t: &mut Trace) -> Result<CurlUrl, UrlCode> {
        parse_url(url, flags, t)
    }

    /// Whether the scheme was guessed rather than given.
    #[must_use]
    pub fn scheme_guessed(&self) -> bool {
        self.guessed_scheme
    }

    /// The default port of the URL's scheme, when libcurl knows it.
    pub fn scheme_default_port(&self) -> Option<u16> {
        self.scheme
            .as_deref()
            .and_then(schemes::lookup)
            .map(|s| s.default_port)
    }

    /// The port, when the URL gives one, as a number.
    #[must_use]
    pub fn port_number(&self) -> Option<u16> {
        self.port.as_ref().map(|_| self.portnum)
    }

    /// Whether a `?` was there with nothing after it.
    #[must_use]
    pub fn empty_query(&self) -> bool {
        self.query_present && self.query.as_deref() == Some(b"")
    }

    /// Whether a `#` was there with nothing after it.
    #[must_use]
    pub fn empty_fragment(&self) -> bool {
        self.fragment_present && self.fragment.is_none()
    }

    /// Whether [`CurlUrl::get`] of the whole URL can be written: a host
    /// (but for `file:`) and a scheme.
    #[must_use]
    pub fn writable(&self) -> bool {
        let file = self
            .scheme
            .as_deref()
            .is_some_and(|s| s.eq_ignore_ascii_case(b"file"));
        file || (self.host.is_some() && self.scheme.is_some())
    }

    /// Whether the URL has no path (libcurl writes `/`).
    #[must_use]
    pub fn path_is_empty(&self) -> bool {
        self.path.is_none()
    }

    /// The part `part` under `flags` (`curl_url_get`): `Url` is the whole
    /// URL written out; a part that is not there is its `No…` code.
    pub fn get(&self, part: Part, flags: Flags) -> Result<Vec<u8>, UrlCode> {
        let mut urldecode = flags.has(Flags::URLDECODE);
        let mut plusdecode = false;
        let mut host = false;
        let default_port;
        let value: Option<&[u8]> = match part {
            Part::Url => return self.url(flags),
            Part::Scheme => {
                urldecode = false;
                if flags.has(Flags::NO_GUESS_SCHEME) && self.guessed_scheme {
                    return Err(UrlCode::NoScheme);
                }
                self.scheme.as_deref()
            }
            Part::User => self.user.as_deref(),
            Part::Password => self.password.as_deref(),
            Part::Options => self.options.as_deref(),
            Part::Host => {
                host = true;
                self.host.as_deref()
            }
            Part::Zoneid => self.zoneid.as_deref(),
            Part::Port => {
                urldecode = false;
                let known = self.scheme.as_deref().and_then(schemes::lookup);
                match (&self.port, known) {
                    (None, Some(s)) if flags.has(Flags::DEFAULT_PORT) => {
                        default_port = s.default_port.to_string().into_bytes();
                        Some(default_port.as_slice())
                    }
                    (Some(_), Some(s))
                        if flags.has(Flags::NO_DEFAULT_PORT) && s.default_port == self.portnum =>
                    {
                        None
                    }
                    (p, _) => p.as_deref(),
                }
            }
            Part::Path => Some(self.path.as_deref().unwrap_or(b"/")),
            Part::Query => {
                plusdecode = urldecode;
                match self.query.as_deref() {
                    Some(b"") if !flags.has(Flags::GET_EMPTY) => None,
                    q => q,
                }
            }
            Part::Fragment => match self.fragment.as_deref() {
                None if self.fragment_present && flags.has(Flags::GET_EMPTY) => Some(b""),
                f => f,
            },
        };
        let Some(value) = value else {
            return Err(missing(part));
        };
        let mut v = value.to_vec();
        if plusdecode {
            v.iter_mut().filter(|b| **b == b'+').for_each(|b| *b = b' ');
        }
        if urldecode {
            v = decode_no_ctrl(&v).ok_or(UrlCode::UrlDecode)?.into_owned();
        }
        if flags.has(Flags::URLENCODE) {
            v = urlencode_str(&v, false, part == Part::Query);
        } else if host {
            v = self.host_form(Cow::Owned(v), flags)?.into_owned();
        }
        Ok(v)
    }

    /// `host` (the stored host or a form of it) converted to punycode or
    /// Unicode as `flags` ask: a host that is not ASCII to punycode, an
    /// ASCII host starting with `xn--` to Unicode.
    fn host_form<'h>(&self, host: Cow<'h, [u8]>, flags: Flags) -> Result<Cow<'h, [u8]>, UrlCode> {
        let stored = self.host.as_deref().unwrap_or_default();
        if flags.has(Flags::PUNYCODE) {
            if stored.is_ascii() {
                return Ok(host);
            }
            let text = std::str::from_utf8(&host).map_err(|_| UrlCode::BadHostname)?;
            let a = crate::uri::host::to_ascii(text).map_err(|_| UrlCode::BadHostname)?;
            return Ok(Cow::Owned(a.into_owned().into_bytes()));
        }
        if flags.has(Flags::PUNY2IDN) && stored.is_ascii() && stored.starts_with(b"xn--") {
            let text = std::str::from_utf8(&host).map_err(|_| UrlCode::BadHostname)?;
            let u = crate::uri::host::to_unicode(text).map_err(|_| UrlCode::BadHostname)?;
            return Ok(Cow::Owned(u.into_owned().into_bytes()));
        }
        Ok(host)
    }

    /// The whole URL written out under `flags` into `out` (cleared
    /// first): [`CurlUrl::get`] of [`Part::Url`] without a new buffer.
    pub fn url_into(&self, flags: Flags, out: &mut Vec<u8>) -> Result<(), UrlCode> {
        out.clear();
        self.write_url(flags, out)
    }

    /// The whole URL written out under `flags`.
    fn url(&self, flags: Flags) -> Result<Vec<u8>, UrlCode> {
        let mut out = Vec::with_capacity(64);
        self.write_url(flags, &mut out)?;
        Ok(out)
    }

    /// The whole URL written out under `flags` at the end of `out`.
    fn write_url(&self, flags: Flags, out: &mut Vec<u8>) -> Result<(), UrlCode> {
        let show_fragment =
            self.fragment.is_some() || (self.fragment_present && flags.has(Flags::GET_EMPTY));
        let show_query = self.query.as_deref().is_some_and(|q| !q.is_empty())
            || (self.query_present && flags.has(Flags::GET_EMPTY));
        let fragment = |out: &mut Vec<u8>| {
            if show_fragment {
                out.push(b'#');
                out.extend_from_slice(self.fragment.as_deref().unwrap_or_default());
            }
        };
        let path = self.path.as_deref().unwrap_or(b"/");
        if self
            .scheme
            .as_deref()
            .is_some_and(|s| s.eq_ignore_ascii_case(b"file"))
        {
            out.extend_from_slice(b"file://");
            out.extend_from_slice(path);
            fragment(out);
            return Ok(());
        }
        let host = self.host.as_deref().ok_or(UrlCode::NoHost)?;
        let scheme = self.scheme.as_deref().ok_or(UrlCode::NoScheme)?;
        let known = schemes::lookup(scheme);
        let default_port;
        let port: Option<&[u8]> = match (&self.port, known) {
            (None, Some(s)) if flags.has(Flags::DEFAULT_PORT) => {
                default_port = s.default_port.to_string().into_bytes();
                Some(&default_port)
            }
            (Some(_), Some(s))
                if flags.has(Flags::NO_DEFAULT_PORT) && s.default_port == self.portnum =>
            {
                None
            }
            (p, _) => p.as_deref(),
        };
        let options = match known {
            Some(s) if !s.url_options => None,
            _ => self.options.as_deref(),
        };
        let shown_host: Cow<'_, [u8]> = if host.first() == Some(&b'[') {
            match &self.zoneid {
                Some(z) => Cow::Owned([&host[..host.len() - 1], b"%25", z, b"]"].concat()),
                None => Cow::Borrowed(host),
            }
        } else if flags.has(Flags::URLENCODE) {
            Cow::Owned(escape(host))
        } else {
            self.host_form(Cow::Borrowed(host), flags)?
        };
        if !(flags.has(Flags::NO_GUESS_SCHEME) && self.guessed_scheme) {
            out.extend_from_slice(scheme);
            out.extend_from_slice(b"://");
        }
        if let Some(u) = &self.user {
            out.extend_from_slice(u);
        }
        if let Some(p) = &self.password {
            out.push(b':');
            out.extend_from_slice(p);
        }
        if let Some(o) = options {
            out.push(b';');
            out.extend_from_slice(o);
        }
        if self.user.is_some() || self.password.is_some() || options.is_some() {
            out.push(b'@');
        }
        out.extend_from_slice(&shown_host);
        if let Some(p) = port {
            out.push(b':');
            out.extend_from_slice(p);
        }
        out.extend_from_slice(path);
        if show_query {
            out.push(b'?');
        }
        if let Some(q) = &self.query {
            out.extend_from_slice(q);
        }
        fragment(out);
        Ok(())
    }

    /// Set `part` to `value` under `flags` (`curl_url_set`); `None`
    /// clears it. Given `URLENCODE`, the value is encoded (a space as `+`
    /// in the query), else its escapes' hex is written in lower case. A
    /// relative `Url` is resolved against the URL as libcurl resolves a
    /// redirect.
    pub fn set(&mut self, part: Part, value: Option<&[u8]>, flags: Flags) -> Result<(), UrlCode> {
        self.set_traced(part, value, flags, &mut Trace::off())
    }

    /// [`CurlUrl::set`], recording what a `Url` read changes in `t`.
    pub fn set_traced(
        &mut self,
        part: Part,
        value: Option<&[u8]>,
        flags: Flags,
        t: &mut Trace,
    ) -> Result<(), UrlCode> {
        let Some(value) = value else {
            self.clear(part);
            return Ok(());
        };
        if value.len() > MAX_INPUT {
            return Err(UrlCode::MalformedInput);
        }
        let encode = flags.has(Flags::URLENCODE);
        let store = |path: bool, plus: bool| {
            let mut v = Vec::with_capacity(value.len() + 1);
            if path && value.first() != Some(&b'/') {
                v.push(b'/');
            }
            if encode {
                set_encode(&mut v, value, path, plus);
            } else {
                lower_escapes(&mut v, value);
            }
            v
        };
        match part {
            Part::Url => {
                if value.is_empty() {
                    return Err(UrlCode::MalformedInput);
                }
                let base = match scheme_len(value, flags.has(Flags::GUESS_SCHEME)) {
                    0 => self.url(flags).ok(),
                    _ => None,
                };
                *self = match base {
                    Some(base) => redirect(base, value, flags, t)?,
                    None => parse_url(value, flags, t)?,
                };
            }
            Part::Scheme => {
                if value.is_empty() || value.len() > MAX_SCHEME_LEN {
                    return Err(UrlCode::BadScheme);
                }
                if !flags.has(Flags::NON_SUPPORT_SCHEME) && schemes::lookup(value).is_none() {
                    return Err(UrlCode::UnsupportedScheme);
                }
                let ok = value[0].is_ascii_alphabetic()
                    && value[1..]
                        .iter()
                        .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'));
                if !ok {
                    return Err(UrlCode::BadScheme);
                }
                self.scheme = Some(value.to_vec());
                self.guessed_scheme = false;
            }
            Part::Port => {
                let n = decimal_port(value).ok_or(UrlCode::BadPortNumber)?;
                self.port = Some(value.to_vec());
                self.portnum = n;
            }
            Part::User => self.user = Some(store(false, false)),
            Part::Password => self.password = Some(store(false, false)),
            Part::Options => self.options = Some(store(false, false)),
            Part::Zoneid => self.zoneid = Some(store(false, false)),
            Part::Path => self.path = Some(store(true, false)),
            Part::Query => {
                self.query = Some(store(false, encode));
                self.query_present = true;
            }
            Part::Fragment => {
                self.fragment = Some(store(false, false));
                self.fragment_present = true;
            }
            Part::Host => {
                self.zoneid = None;
                let v = store(false, false);
                // An encoded value is checked as it is, one given encoded
                // decoded first (the check may rewrite what it is given).
                let mut checked = if encode {
                    Cow::Borrowed(&v[..])
                } else {
                    decode_no_ctrl(&v).ok_or(UrlCode::BadHostname)?
                };
                let ok = match checked.first() {
                    None => false,
                    Some(b'[') => {
                        let mut ip = checked.to_mut().clone();
                        check_name(self, &mut ip, &mut Trace::off()).is_ok()
                    }
                    Some(_) => is_host_name(&checked),
                };
                if v.is_empty() || !ok {
                    return Err(UrlCode::BadHostname);
                }
                self.host = Some(v);
            }
        }
        Ok(())
    }

    /// Make `part` not there.
    fn clear(&mut self, part: Part) {
        match part {
            Part::Url => *self = CurlUrl::default(),
            Part::Scheme => {
                self.scheme = None;
                self.guessed_scheme = false;
            }
            Part::User => self.user = None,
            Part::Password => self.password = None,
            Part::Options => self.options = None,
            Part::Host => self.host = None,
            Part::Zoneid => self.zoneid = None,
            Part::Port => {
                self.port = None;
                self.portnum = 0;
            }
            Part::Path => self.path = None,
            Part::Query => {
                self.query = None;
                self.query_present = false;
            }
            Part::Fragment => {
                self.fragment = None;
                self.fragment_present = false;
            }
        }
    }
}

/// The code for `part` not being there.
fn missing(part: Part) -> UrlCode {
    match part {
        Part::Url | Part::Host => UrlCode::NoHost,
        Part::Scheme => UrlCode::NoScheme,
        Part::User => UrlCode::NoUser,
        Part::Password => UrlCode::NoPassword,
        Part::Options => UrlCode::NoOptions,
        Part::Port => UrlCode::NoPort,
        Part::Path => UrlCode::NoHost,
        Part::Query => UrlCode::NoQuery,
        Part::Fragment => UrlCode::NoFragment,
        Part::Zoneid => UrlCode::NoZoneid,
    }
}
