//! Changing a URI-reference one component at a time: a reference taken
//! apart into owned components ([`Editable`]), each set with its
//! component's rules (the value percent-encoded with the component's
//! encode set, RFC 3986 §2.1, or checked when already encoded), the
//! query's pairs edited ([`query`]), and the result recomposed (§5.3) and
//! parsed again, so an edit can never produce a broken URI unnoticed.
//!
//! ```
//! use uriscope_core::edit::{Component, Editable};
//! let mut u = Editable::parse("https://curl.se/we/are.html").unwrap();
//! u.set(Component::Host, "example.org").unwrap();
//! u.set(Component::Path, "/a b").unwrap();
//! assert_eq!(u.to_uri().unwrap(), "https://example.org/a%20b");
//! assert_eq!(u.decoded(Component::Path).unwrap().text, "/a b");
//! ```

pub mod field;
pub mod query;

use std::borrow::Cow;
use std::fmt;

use crate::percent;
use crate::percent::encode_set::{self, EncodeSet};
use crate::quote::brief;
use crate::{parse_with, ParseError, ParseOptions};

/// A component that can be read and set (trurl's names; `options`, a
/// libcurl extension, is not one: RFC 3986 has it in the userinfo).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// The whole reference (`url`).
    Url,
    /// `scheme` (§3.1).
    Scheme,
    /// The userinfo before its first `:` (§3.2.1).
    User,
    /// The userinfo after its first `:` (§3.2.1, deprecated).
    Password,
    /// `host` (§3.2.2), brackets included for an IP literal.
    Host,
    /// The RFC 6874 zone ID of an IPv6 literal.
    Zoneid,
    /// `port` (§3.2.3).
    Port,
    /// `path` (§3.3).
    Path,
    /// `query` (§3.4), without `?`.
    Query,
    /// `fragment` (§3.5), without `#`.
    Fragment,
}

impl Component {
    /// Every component, in the order a URI writes them.
    pub const ALL: [Component; 10] = [
        Component::Url,
        Component::Scheme,
        Component::User,
        Component::Password,
        Component::Host,
        Component::Zoneid,
        Component::Port,
        Component::Path,
        Component::Query,
        Component::Fragment,
    ];

    /// The name trurl and uriscope use (`host`, `zoneid`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Component::Url => "url",
            Component::Scheme => "scheme",
            Component::User => "user",
            Component::Password => "password",
            Component::Host => "host",
            Component::Zoneid => "zoneid",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }

    /// The component called `name`.
    ///
    /// ```
    /// use uriscope_core::edit::Component;
    /// assert_eq!(Component::by_name("host"), Some(Component::Host));
    /// assert_eq!(Component::by_name("options"), None);
    /// ```
    #[must_use]
    pub fn by_name(name: &str) -> Option<Component> {
        Component::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The set a value given decoded is encoded with (RFC 3986 §2.1);
    /// `None` for the components that are never percent-encoded.
    #[must_use]
    pub fn encode_set(self) -> Option<&'static EncodeSet> {
        match self {
            Component::User | Component::Password => Some(&encode_set::USERINFO),
            Component::Host => Some(&encode_set::REG_NAME),
            Component::Zoneid => Some(&encode_set::UNRESERVED),
            Component::Path => Some(&encode_set::PATH),
            Component::Query => Some(&encode_set::QUERY),
            Component::Fragment => Some(&encode_set::FRAGMENT),
            Component::Url | Component::Scheme | Component::Port => None,
        }
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why an edit was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditError {
    /// The component being set (`Url` for the recomposed reference).
    pub component: Component,
    /// What is wrong, with the RFC section.
    pub message: String,
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.component, self.message)
    }
}

impl std::error::Error for EditError {}

fn refuse(component: Component, message: impl Into<String>) -> EditError {
    EditError {
        component,
        message: message.into(),
    }
}

/// A component's value decoded (§2.1), and whether decoding met bytes
/// that are not UTF-8 (shown as U+FFFD) or a `%00`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodedValue<'a> {
    /// The decoded text.
    pub text: Cow<'a, str>,
    /// Whether the bytes were not all UTF-8, or held a NUL.
    pub lossy: bool,
}

/// A URI-reference taken apart into owned components, each held as it is
/// written in the URI (percent-encoded). An authority is present when the
/// host is (`user`, `password` and `port` belong to it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Editable {
    /// Without `:`.
    pub scheme: Option<String>,
    /// Before the userinfo's first `:`.
    pub user: Option<String>,
    /// After the userinfo's first `:`.
    pub password: Option<String>,
    /// The host; an IP literal with its brackets (and its RFC 6874
    /// zone ID after `%25`, which [`Component::Zoneid`] reads and sets).
    pub host: Option<String>,
    /// Without `:`.
    pub port: Option<String>,
    /// The path (always there, maybe empty).
    pub path: String,
    /// Without `?`.
    pub query: Option<String>,
    /// Without `#`.
    pub fragment: Option<String>,
}

impl Editable {
    /// Take apart the URI-reference `s` (RFC 3986; see
    /// [`parse_with`](Editable::parse_with) to accept IRIs).
    pub fn parse(s: &str) -> Result<Editable, ParseError> {
        Editable::parse_with(s, ParseOptions::default())
    }

    /// Take apart `s` under `options`.
    pub fn parse_with(s: &str, options: ParseOptions) -> Result<Editable, ParseError> {
        let u = parse_with(s, options)?;
        let own = |x: Option<&str>| x.map(str::to_string);
        let mut e = Editable {
            scheme: own(u.scheme()),
            path: u.path().to_string(),
            query: own(u.query()),
            fragment: own(u.fragment()),
            ..Editable::default()
        };
        if let Some(a) = u.authority_parts() {
            if let Some(ui) = a.userinfo {
                let ui = ui.slice(s);
                match ui.split_once(':') {
                    Some((user, pw)) => {
                        e.user = Some(user.to_string());
                        e.password = Some(pw.to_string());
                    }
                    None => e.user = Some(ui.to_string()),
                }
            }
            e.host = Some(a.host.span.slice(s).to_string());
            e.port = a.port.map(|p| p.slice(s).to_string());
        }
        Ok(e)
    }

    /// The component as written in the URI (percent-encoded); `None` when
    /// it is undefined. `Url` is the recomposed reference.
    pub fn get(&self, c: Component) -> Option<Cow<'_, str>> {
        fn s(x: &Option<String>) -> Option<Cow<'_, str>> {
            x.as_deref().map(Cow::Borrowed)
        }
        match c {
            Component::Url => Some(Cow::Owned(self.recompose())),
            Component::Scheme => s(&self.scheme),
            Component::User => s(&self.user),
            Component::Password => s(&self.password),
            Component::Host => s(&self.host),
            Component::Zoneid => self.zone().map(Cow::Borrowed),
            Component::Port => s(&self.port),
            Component::Path => Some(Cow::Borrowed(&self.path)),
            Component::Query => s(&self.query),
            Component::Fragment => s(&self.fragment),
        }
    }

    /// The component decoded (§2.1): what [`set`](Editable::set) takes
    /// to give it back. The scheme, port and `url` are never decoded.
    #[must_use]
    pub fn decoded(&self, c: Component) -> Option<DecodedValue<'_>> {
        let raw = self.get(c)?;
        if c.encode_set().is_none() {
            return Some(DecodedValue {
                text: raw,
                lossy: false,
            });
        }
        Some(decode_value(raw))
    }

    /// The path's segments as written, in order: the same segments a
    /// parsed reference gives ([`crate::component::segments`]), `/a/b/` giving `a`,
    /// `b` and an empty last one.
    ///
    /// ```
    /// let u = uriscope_core::edit::Editable::parse("http://h/a/b%20c/").unwrap();
    /// assert_eq!(u.path_segments().collect::<Vec<_>>(), ["a", "b%20c", ""]);
    /// ```
    pub fn path_segments(&self) -> impl Iterator<Item = &str> + '_ {
        crate::component::segments(&self.path, crate::Span::new(0, self.path.len())).map(|(_, s)| s)
    }

    /// The `n`th path segment as written: 1 is the first, -1 the last;
    /// `None` for 0 and past either end.
    ///
    /// ```
    /// let u = uriscope_core::edit::Editable::parse("http://h/a/b/c").unwrap();
    /// assert_eq!((u.path_segment(1), u.path_segment(-1)), (Some("a"), Some("c")));
    /// assert_eq!((u.path_segment(4), u.path_segment(-4), u.path_segment(0)), (None, None, None));
    /// ```
    #[must_use]
    pub fn path_segment(&self, n: isize) -> Option<&str> {
        match n {
            0 => None,
            1.. => self.path_segments().nth(n.unsigned_abs() - 1),
            _ => {
                let count = self.path_segments().count();
                let back = n.unsigned_abs();
                (back <= count).then(|| self.path_segments().nth(count - back))?
            }
        }
    }

    /// `raw` (a component or a part of one, as written) decoded (§2.1),
    /// marked lossy where its bytes are not UTF-8 or hold a NUL.
    #[must_use]
    pub fn decode(raw: &str) -> DecodedValue<'_> {
        decode_value(Cow::Borrowed(raw))
    }

    /// Set `c` to `value` given decoded: it is percent-encoded with the
    /// component's set (every `%` too, so any text round-trips). An empty
    /// value clears the component, as trurl does.
    pub fn set(&mut self, c: Component, value: &str) -> Result<(), EditError> {
        self.assign(c, value, false)
    }

    /// Set `c` to `value` already percent-encoded: stored as it is, and
    /// checked when the reference is recomposed ([`to_uri`](Editable::to_uri)).
    pub fn set_encoded(&mut self, c: Component, value: &str) -> Result<(), EditError> {
        self.assign(c, value, true)
    }

    /// Make `c` undefined (the path empty).
    pub fn clear(&mut self, c: Component) {
        match c {
            Component::Url => *self = Editable::default(),
            Component::Scheme => self.scheme = None,
            // A password keeps its ':' after an empty user.
            Component::User => self.user = self.password.as_ref().map(|_| String::new()),
            Component::Password => {
                self.password = None;
                // The empty user a password was written after goes too.
                if self.user.as_deref() == Some("") {
                    self.user = None;
                }
            }
            Component::Host => self.host = None,
            Component::Zoneid => {
                if let Some((addr, _)) = self.host.as_deref().and_then(split_zone) {
                    self.host = Some(format!("{addr}]"));
                }
            }
            Component::Port => self.port = None,
            Component::Path => self.path.clear(),
            Component::Query => self.query = None,
            Component::Fragment => self.fragment = None,
        }
    }

    fn assign(&mut self, c: Component, value: &str, encoded: bool) -> Result<(), EditError> {
        if value.is_empty() {
            self.clear(c);
            return Ok(());
        }
        let enc = |set: &EncodeSet| -> String {
            if encoded {
                value.to_string()
            } else {
                percent::encode(value, set).into_owned()
            }
        };
        match c {
            Component::Url => {
                *self = Editable::parse_with(value, ParseOptions { iri: true })
                    .map_err(|e| refuse(c, e.to_string()))?;
            }
            Component::Scheme => {
                let ok = value.as_bytes()[0].is_ascii_alphabetic()
                    && value
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b));
                if !ok {
                    return Err(refuse(
                        c,
                        format!(
                            "\"{}\" is not a scheme: a letter, then letters, digits, \"+\", \
                             \"-\" or \".\" (RFC 3986 §3.1)",
                            brief(value)
                        ),
                    ));
                }
                self.scheme = Some(value.to_string());
            }
            Component::User => {
                // The first ':' of a userinfo starts the password.
                self.user = Some(enc(&encode_set::USERINFO).replace(':', "%3A"));
            }
            Component::Password => {
                // A password is written after the user's ':' (an empty user).
                self.user.get_or_insert_with(String::new);
                self.password = Some(enc(&encode_set::USERINFO));
            }
            Component::Host => self.set_host(value, encoded)?,
            Component::Zoneid => {
                let Some(h) = self.host.as_deref().filter(|h| h.starts_with('[')) else {
                    return Err(refuse(
                        c,
                        "a zone ID belongs to an IPv6 literal host (RFC 6874 §2)",
                    ));
                };
                let addr = split_zone(h).map_or(h.trim_end_matches(']'), |(a, _)| a);
                let z = enc(&encode_set::UNRESERVED);
                self.host = Some(format!("{addr}%25{z}]"));
            }
            Component::Port => {
                if !value.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(refuse(
                        c,
                        format!(
                            "\"{}\" is not a port: digits only (RFC 3986 §3.2.3)",
                            brief(value)
                        ),
                    ));
                }
                self.port = Some(value.to_string());
            }
            Component::Path => self.path = enc(&encode_set::PATH),
            Component::Query => self.query = Some(enc(&encode_set::QUERY)),
            Component::Fragment => self.fragment = Some(enc(&encode_set::FRAGMENT)),
        }
        Ok(())
    }

    fn set_host(&mut self, value: &str, encoded: bool) -> Result<(), EditError> {
        let c = Component::Host;
        if let Some(inner) = value.strip_prefix('[') {
            // An IP literal; a zone after '%' is escaped as "%25" unless
            // given encoded.
            let inner = inner
                .strip_suffix(']')
                .ok_or_else(|| refuse(c, "an IP literal ends with \"]\" (RFC 3986 §3.2.2)"))?;
            self.host = Some(match inner.split_once('%') {
                Some((addr, zone)) if !encoded => {
                    let z = percent::encode(zone, &encode_set::UNRESERVED);
                    format!("[{addr}%25{z}]")
                }
                _ => value.to_string(),
            });
            return Ok(());
        }
        let host = if encoded || value.is_ascii() {
            if encoded {
                value.to_string()
            } else {
                percent::encode(value, &encode_set::REG_NAME).into_owned()
            }
        } else {
            // RFC 3986 §3.2.2: producers should give an internationalized
            // name in its IDNA (punycode) form.
            crate::host::to_ascii(value)
                .map_err(|e| {
                    refuse(
                        c,
                        format!(
                            "\"{}\" is not a domain name IDNA accepts: {e}",
                            brief(value)
                        ),
                    )
                })?
                .into_owned()
        };
        self.host = Some(host);
        Ok(())
    }

    /// The zone ID of an IPv6 literal host, without `%25`.
    fn zone(&self) -> Option<&str> {
        self.host.as_deref().and_then(split_zone).map(|(_, z)| z)
    }

    /// The reference written back (§5.3), without checking it.
    pub fn recompose(&self) -> String {
        let mut out =
            String::with_capacity(self.path.len() + self.host.as_ref().map_or(0, String::len) + 32);
        if let Some(s) = &self.scheme {
            out.push_str(s);
            out.push(':');
        }
        if let Some(h) = &self.host {
            out.push_str("//");
            if let Some(u) = &self.user {
                out.push_str(u);
            }
            if let Some(p) = &self.password {
                out.push(':');
                out.push_str(p);
            }
            if self.user.is_some() || self.password.is_some() {
                out.push('@');
            }
            out.push_str(h);
            if let Some(p) = &self.port {
                out.push(':');
                out.push_str(p);
            }
            // §3.3: after an authority a path is empty or starts with "/".
            if !self.path.is_empty() && !self.path.starts_with('/') {
                out.push('/');
            }
        }
        out.push_str(&self.path);
        if let Some(q) = &self.query {
            out.push('?');
            out.push_str(q);
        }
        if let Some(f) = &self.fragment {
            out.push('#');
            out.push_str(f);
        }
        out
    }

    /// The reference written back and parsed again: an edit that made it
    /// invalid (a password without a host, `//` starting a path without
    /// an authority, a bad IP literal) is refused with the parser's
    /// diagnostic (position, character, what was expected). IRIs pass.
    pub fn to_uri(&self) -> Result<String, EditError> {
        let s = self.recompose();
        if self.host.is_none()
            && (self.user.is_some() || self.password.is_some() || self.port.is_some())
        {
            return Err(refuse(
                Component::Host,
                "a userinfo or port needs a host: they are parts of the authority (RFC 3986 §3.2)",
            ));
        }
        let back = match Editable::parse_with(&s, ParseOptions { iri: true }) {
            Ok(b) => b,
            Err(e) => {
                return Err(refuse(
                    Component::Url,
                    format!("\"{}\" would not be valid: {e}", brief(&s)),
                ))
            }
        };
        // Read back, it must hold what was set: a path "//x" without an
        // authority would come back as the host "x".
        let mut want = self.clone();
        if want.host.is_some() && !want.path.is_empty() && !want.path.starts_with('/') {
            want.path.insert(0, '/');
        }
        if let Some(&c) = Component::ALL[1..]
            .iter()
            .find(|&&c| back.get(c) != want.get(c))
        {
            let (got, meant) = (
                back.get(c).unwrap_or_default(),
                want.get(c).unwrap_or_default(),
            );
            // Quote both from the first byte where they part, so that
            // long values cut after 40 characters still show the difference.
            let from = got
                .bytes()
                .zip(meant.bytes())
                .take_while(|(a, b)| a == b)
                .count();
            let from = (0..=from)
                .rev()
                .find(|&i| got.is_char_boundary(i))
                .unwrap_or(0);
            let at = if from == 0 {
                String::new()
            } else {
                format!(" from byte {from}")
            };
            return Err(refuse(
                c,
                format!(
                    "\"{}\" would be read back with another {c}: \"{}\" instead of \"{}\"{at}",
                    brief(&s),
                    brief(&got[from..]),
                    brief(&meant[from..])
                ),
            ));
        }
        Ok(s)
    }
}

/// An IPv6 literal split at its zone: `("[fe80::1", "en0")`.
fn split_zone(host: &str) -> Option<(&str, &str)> {
    let inner = host.strip_prefix('[')?.strip_suffix(']')?;
    let (addr, zone) = inner.split_once("%25")?;
    Some((&host[..addr.len() + 1], zone))
}

/// `raw` decoded once (§2.1), lossy for bytes that are not UTF-8.
fn decode_value(raw: Cow<'_, str>) -> DecodedValue<'_> {
    if !raw.contains('%') {
        return DecodedValue {
            text: raw,
            lossy: false,
        };
    }
    let bytes = percent::decode_bytes(raw.as_bytes(), Default::default());
    let lossy = bytes.contains(&0) || std::str::from_utf8(&bytes).is_err();
    DecodedValue {
        text: Cow::Owned(String::from_utf8_lossy(&bytes).into_owned()),
        lossy,
    }
}

#[cfg(test)]
mod tests;
