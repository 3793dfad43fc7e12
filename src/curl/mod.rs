//! libcurl's reading of a URL (its URL API, `CURLU`), which is what trurl
//! prints: uriscope's trurl mode reads URLs through this model, and its
//! explanations say where it parts from RFC 3986.
//!
//! libcurl is not an RFC 3986 parser. It wants a `scheme://` URL (with
//! `GUESS_SCHEME`, `example.com/x` is `http://example.com/x`), decodes
//! the host and reads one to four numbers as an IPv4 address
//! (`0x7f.1` is `127.0.0.1`), writes IPv6 addresses short, accepts a
//! zone after a bare `%` (RFC 4007's text form), splits `;options` off
//! the userinfo of imap, pop3 and smtp URLs, removes dot segments
//! while parsing, always has a path (`/` when empty), and writes escapes
//! in lower-case hex. [`CurlUrl`] keeps a URL the way libcurl keeps it
//! (each part percent-encoded, the host decoded), and [`CurlUrl::parse`],
//! [`CurlUrl::get`] and [`CurlUrl::set`] do what `curl_url_set` and
//! `curl_url_get` do with the flags trurl uses; [`trurl`] adds what trurl
//! does on top (each component decoded and encoded again, the query as
//! pairs). Every step that changes the text can be recorded ([`Trace`])
//! with its reason, libcurl's or the RFC's.
//!
//! Values are bytes, not strings: a decoded component need not be UTF-8,
//! and libcurl does not care.
//!
//! ```
//! use uriscope::curl::{CurlUrl, Flags, Part};
//! let u = CurlUrl::parse(b"HTTP://ex%61mple:80/a/../b", Flags::GUESS_SCHEME).unwrap();
//! let url = u.get(Part::Url, Flags::NO_DEFAULT_PORT).unwrap();
//! assert_eq!(url, b"http://example/b");
//! ```

mod access;
mod escape;
mod host;
mod parse;
pub mod query;
pub mod schemes;
mod trace;
pub mod trurl;

#[cfg(test)]
mod tests;

use std::fmt;
use std::ops::BitOr;

pub use escape::{escape, form_decode, form_encode, unescape};
pub use trace::{Step, Trace, Why};

/// A URL as libcurl holds it: each part as it is written in the URL
/// (percent-encoded), but the host decoded and normalized (an IPv4
/// address in dotted decimal, an IPv6 address in brackets, short).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CurlUrl {
    scheme: Option<Vec<u8>>,
    user: Option<Vec<u8>>,
    password: Option<Vec<u8>>,
    options: Option<Vec<u8>>,
    host: Option<Vec<u8>>,
    zoneid: Option<Vec<u8>>,
    port: Option<Vec<u8>>,
    /// The port as a number, for the default-port checks.
    portnum: u16,
    path: Option<Vec<u8>>,
    query: Option<Vec<u8>>,
    fragment: Option<Vec<u8>>,
    /// A `?` was there, maybe with nothing after it.
    query_present: bool,
    /// A `#` was there, maybe with nothing after it.
    fragment_present: bool,
    /// The scheme was guessed from the host, not given.
    guessed_scheme: bool,
}

/// A part of a URL, by trurl's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// The whole URL.
    Url,
    /// `scheme`.
    Scheme,
    /// `user`.
    User,
    /// `password`.
    Password,
    /// `options`: libcurl's login options (`imap://u:p;AUTH=x@h`).
    Options,
    /// `host`.
    Host,
    /// `port`.
    Port,
    /// `path`.
    Path,
    /// `query`.
    Query,
    /// `fragment`.
    Fragment,
    /// `zoneid`: the zone of an IPv6 address.
    Zoneid,
}

impl Part {
    /// The parts trurl can set, get and print in JSON, in its order.
    pub const COMPONENTS: [Part; 10] = [
        Part::Scheme,
        Part::User,
        Part::Password,
        Part::Options,
        Part::Host,
        Part::Port,
        Part::Path,
        Part::Query,
        Part::Fragment,
        Part::Zoneid,
    ];

    /// trurl's name of the part.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Part::Url => "url",
            Part::Scheme => "scheme",
            Part::User => "user",
            Part::Password => "password",
            Part::Options => "options",
            Part::Host => "host",
            Part::Port => "port",
            Part::Path => "path",
            Part::Query => "query",
            Part::Fragment => "fragment",
            Part::Zoneid => "zoneid",
        }
    }

    /// The component called `name` (not `url`: trurl cannot set it).
    ///
    /// ```
    /// use uriscope::curl::Part;
    /// assert_eq!(Part::component(b"zoneid"), Some(Part::Zoneid));
    /// assert_eq!(Part::component(b"url"), None);
    /// ```
    #[must_use]
    pub fn component(name: &[u8]) -> Option<Part> {
        Part::COMPONENTS
            .into_iter()
            .find(|p| p.name().as_bytes() == name)
    }

    /// A bit of its own, for sets of parts.
    #[must_use]
    pub fn bit(self) -> u32 {
        1 << (self as u32)
    }
}

/// libcurl's flags for reading and writing parts (`CURLU_*`), those trurl
/// uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flags(u32);

impl Flags {
    /// No flag.
    pub const NONE: Flags = Flags(0);
    /// Give the scheme's default port when the URL has none.
    pub const DEFAULT_PORT: Flags = Flags(1);
    /// Leave out a port that is the scheme's default.
    pub const NO_DEFAULT_PORT: Flags = Flags(1 << 1);
    /// Accept schemes libcurl has no protocol for.
    pub const NON_SUPPORT_SCHEME: Flags = Flags(1 << 3);
    /// Percent-decode the part read.
    pub const URLDECODE: Flags = Flags(1 << 6);
    /// Percent-encode what is set (or read, for the host).
    pub const URLENCODE: Flags = Flags(1 << 7);
    /// Guess a scheme for a URL without one.
    pub const GUESS_SCHEME: Flags = Flags(1 << 9);
    /// Accept spaces in a URL (encoded as `%20`, or `+` in the query).
    pub const ALLOW_SPACE: Flags = Flags(1 << 11);
    /// Give the host in punycode.
    pub const PUNYCODE: Flags = Flags(1 << 12);
    /// Give a punycode host in Unicode.
    pub const PUNY2IDN: Flags = Flags(1 << 13);
    /// Give an empty query or fragment as present (`?` with nothing after it).
    pub const GET_EMPTY: Flags = Flags(1 << 14);
    /// A guessed scheme reads as no scheme.
    pub const NO_GUESS_SCHEME: Flags = Flags(1 << 15);

    /// Whether every flag of `f` is set.
    #[must_use]
    pub const fn has(self, f: Flags) -> bool {
        self.0 & f.0 == f.0
    }

    /// `self` without the flags of `f`.
    #[must_use]
    pub const fn without(self, f: Flags) -> Flags {
        Flags(self.0 & !f.0)
    }
}

impl BitOr for Flags {
    type Output = Flags;
    fn bitor(self, rhs: Flags) -> Flags {
        Flags(self.0 | rhs.0)
    }
}

/// Why libcurl refused (`CURLUcode`), or a part that is not there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UrlCode {
    /// A control byte, a space, too long, or empty.
    MalformedInput,
    /// Not a decimal number up to 65535.
    BadPortNumber,
    /// A scheme libcurl has no protocol for (without `NON_SUPPORT_SCHEME`).
    UnsupportedScheme,
    /// Decoding gave a control byte.
    UrlDecode,
    /// No scheme.
    NoScheme,
    /// No user.
    NoUser,
    /// No password.
    NoPassword,
    /// No options.
    NoOptions,
    /// No host.
    NoHost,
    /// No port.
    NoPort,
    /// No query.
    NoQuery,
    /// No fragment.
    NoFragment,
    /// No zone ID.
    NoZoneid,
    /// A bad IPv6 address.
    BadIpv6,
    /// A host name with a character libcurl refuses.
    BadHostname,
    /// A `file:` URL libcurl refuses.
    BadFileUrl,
    /// Not one to three slashes after the scheme.
    BadSlashes,
    /// A bad scheme, or none where one is needed.
    BadScheme,
}

impl UrlCode {
    /// libcurl's message for the code (`curl_url_strerror`), which trurl
    /// prints.
    #[must_use]
    pub fn message(self) -> &'static str {
        match self {
            UrlCode::MalformedInput => "Malformed input to a URL function",
            UrlCode::BadPortNumber => "Port number was not a decimal number between 0 and 65535",
            UrlCode::UnsupportedScheme => "Unsupported URL scheme",
            UrlCode::UrlDecode => "URL decode error, most likely because of rubbish in the input",
            UrlCode::NoScheme => "No scheme part in the URL",
            UrlCode::NoUser => "No user part in the URL",
            UrlCode::NoPassword => "No password part in the URL",
            UrlCode::NoOptions => "No options part in the URL",
            UrlCode::NoHost => "No host part in the URL",
            UrlCode::NoPort => "No port part in the URL",
            UrlCode::NoQuery => "No query part in the URL",
            UrlCode::NoFragment => "No fragment part in the URL",
            UrlCode::NoZoneid => "No zoneid part in the URL",
            UrlCode::BadIpv6 => "Bad IPv6 address",
            UrlCode::BadHostname => "Bad hostname",
            UrlCode::BadFileUrl => "Bad file:// URL",
            UrlCode::BadSlashes => "Unsupported number of slashes following scheme",
            UrlCode::BadScheme => "Bad scheme",
        }
    }

    /// Whether the code only says a part is not there (trurl shows such
    /// a part as nothing, without a note).
    #[must_use]
    pub fn is_missing(self) -> bool {
        matches!(
            self,
            UrlCode::NoScheme
                | UrlCode::NoUser
                | UrlCode::NoPassword
                | UrlCode::NoOptions
                | UrlCode::NoHost
                | UrlCode::NoPort
                | UrlCode::NoQuery
                | UrlCode::NoFragment
                | UrlCode::NoZoneid
        )
    }
}

impl fmt::Display for UrlCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for UrlCode {}

/// Bytes shown as text (a byte that is not UTF-8 as U+FFFD), for
/// messages and explanations.
#[must_use]
pub fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}
