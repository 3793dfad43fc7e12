//! The record of what libcurl and trurl changed in a URL, each change
//! with its reason: what `--explain` prints. The fast path records
//! nothing: a [`Trace`] that is off never builds a [`Step`].

use super::lossy;

/// Why a step changed the URL: libcurl's rule, and what RFC 3986 says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Why {
    /// The scheme written in lower case.
    SchemeLowercased,
    /// A scheme guessed for a URL without one.
    SchemeGuessed,
    /// `;options` split off the userinfo.
    LoginOptions,
    /// A `%` escape in the host decoded.
    HostDecoded,
    /// A host of numbers read as an IPv4 address.
    Ipv4Numbers,
    /// An IPv6 address written short.
    Ipv6Short,
    /// A zone ID after a bare `%`.
    ZoneBarePercent,
    /// A port written as a number.
    PortNumber,
    /// An empty port dropped.
    EmptyPort,
    /// Dot segments removed from the path.
    DotSegments,
    /// Spaces and bytes past ASCII percent-encoded on input.
    InputEncoded,
    /// Each path segment decoded and encoded again.
    PathReencoded,
    /// A component decoded and encoded again.
    PartReencoded,
    /// Each query pair decoded and encoded again.
    PairsReencoded,
    /// The scheme's default port left out.
    DefaultPort,
    /// An empty path written `/`.
    PathSlash,
    /// An empty query or fragment left out.
    EmptyDropped,
    /// The host converted to punycode.
    Punycode,
    /// The host converted from punycode to Unicode.
    Idn,
}

impl Why {
    /// The reason, with libcurl's rule and the RFC's.
    #[must_use]
    pub fn reason(self) -> &'static str {
        match self {
            Why::SchemeLowercased => {
                "libcurl writes the scheme in lower case; RFC 3986 §3.1 and §6.2.2.1 agree \
                 (schemes are case-insensitive)"
            }
            Why::SchemeGuessed => {
                "libcurl guesses a scheme when there is none (hosts starting with ftp., dict., \
                 ldap., imap., smtp. or pop3. get that protocol, any other http); RFC 3986 \
                 guesses nothing: without a scheme this is a relative reference (§4.2)"
            }
            Why::LoginOptions => {
                "libcurl splits login options off the userinfo after ';' for imap, pop3 and \
                 smtp; RFC 3986 §3.2.1 has them in the userinfo (';' is a sub-delim there)"
            }
            Why::HostDecoded => {
                "libcurl percent-decodes the host; RFC 3986 §6.2.2.2 decodes only unreserved \
                 characters, and §3.2.2 keeps other escapes in a reg-name"
            }
            Why::Ipv4Numbers => {
                "libcurl reads one to four numbers (decimal, 0-octal or 0x-hex) as an IPv4 \
                 address and writes it in dotted decimal; RFC 3986 §3.2.2 reads only four \
                 decimal octets as IPv4, anything else is a reg-name (§7.4 warns of these forms)"
            }
            Why::Ipv6Short => {
                "libcurl writes an IPv6 address in its shortest form (RFC 5952 §4); RFC 3986 \
                 §6.2.2.1 only lowercases its hex digits"
            }
            Why::ZoneBarePercent => {
                "libcurl takes a zone ID after a bare '%' (RFC 4007 §11's text form) as well as \
                 after '%25' (RFC 6874 §2, the URI form), and writes '%25'"
            }
            Why::PortNumber => {
                "libcurl writes the port as a number (leading zeros dropped); RFC 3986 §3.2.3 \
                 keeps the digits as written"
            }
            Why::EmptyPort => {
                "an empty port is dropped with its ':' (RFC 3986 §3.2.3 and §6.2.3; libcurl \
                 too, when the URL has a scheme)"
            }
            Why::DotSegments => {
                "libcurl removes dot segments while parsing (RFC 3986 §5.2.4; §6.2.2.3 does \
                 the same in normalization)"
            }
            Why::InputEncoded => {
                "libcurl percent-encodes spaces (%20, '+' in the query; with --accept-space) \
                 and bytes past ASCII (lower-case hex); RFC 3986 §2 has no space, and RFC 3987 \
                 §3.1 maps an IRI's characters to upper-case UTF-8 escapes"
            }
            Why::PathReencoded => {
                "trurl decodes each path segment and encodes it again with libcurl: every byte \
                 but the unreserved ones as %xx in lower case; RFC 3986 §6.2.2.2 decodes only \
                 unreserved characters, keeps ':' '@' and the sub-delims of a segment (§3.3), \
                 and §6.2.2.1 writes hex in upper case"
            }
            Why::PartReencoded => {
                "trurl decodes the component and encodes it again with libcurl: every byte but \
                 the unreserved ones as %xx in lower case; RFC 3986 §6.2.2.2 decodes only \
                 unreserved characters, §6.2.2.1 writes hex in upper case"
            }
            Why::PairsReencoded => {
                "trurl decodes each query pair ('+' as a space) and encodes it again: a space \
                 as '+', '*' and the unreserved bytes as they are, any other byte as %xx in \
                 lower case, the first '=' kept; RFC 3986 §3.4 gives the query no pairs and '+' \
                 no meaning"
            }
            Why::DefaultPort => {
                "trurl drops a port that is the scheme's default for libcurl (without \
                 --keep-port); RFC 3986 §6.2.3 does so in scheme-based normalization"
            }
            Why::PathSlash => {
                "libcurl always has a path and writes an empty one as '/'; RFC 3986 §6.2.3 \
                 does so for http and https, and §3.3 lets other schemes keep it empty"
            }
            Why::EmptyDropped => {
                "libcurl writes no '?' or '#' before an empty query or fragment; RFC 3986 \
                 §6.2.3 keeps them ('?' and no '?' are different URIs)"
            }
            Why::Punycode => {
                "the host in its punycode form (--punycode, puny:; RFC 3986 §3.2.2 asks \
                 producers for this IDNA form)"
            }
            Why::Idn => "the host in Unicode (--as-idn, idn:; the IRI form, RFC 3987 §3.2)",
        }
    }
}

/// One change: the part, its text before and after, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The part changed (`host`, `path`, `url`, …).
    pub part: &'static str,
    /// Before, as text (bytes that are not UTF-8 as U+FFFD).
    pub before: String,
    /// After.
    pub after: String,
    /// Why.
    pub why: Why,
}

impl Step {
    /// The step for `part` changed from `before` to `after`.
    #[must_use]
    pub fn new(part: &'static str, before: &[u8], after: &[u8], why: Why) -> Step {
        Step {
            part,
            before: lossy(before),
            after: lossy(after),
            why,
        }
    }
}

/// Where steps are recorded, or not.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    steps: Option<Vec<Step>>,
}

impl Trace {
    /// A trace that records nothing (the fast path).
    #[must_use]
    pub fn off() -> Trace {
        Trace { steps: None }
    }

    /// A trace that records.
    #[must_use]
    pub fn on() -> Trace {
        Trace {
            steps: Some(Vec::new()),
        }
    }

    /// Whether it records.
    #[must_use]
    pub fn is_on(&self) -> bool {
        self.steps.is_some()
    }

    /// Record the step `f` builds, when recording (`f` is not called
    /// otherwise).
    pub fn note(&mut self, f: impl FnOnce() -> Step) {
        if let Some(s) = &mut self.steps {
            s.push(f());
        }
    }

    /// Record that `part` went from `before` to `after` for `why`, when
    /// recording and they differ.
    pub fn changed(&mut self, part: &'static str, before: &[u8], after: &[u8], why: Why) {
        if self.is_on() && before != after {
            self.note(|| Step::new(part, before, after, why));
        }
    }

    /// The steps recorded so far, taken out.
    pub fn take(&mut self) -> Vec<Step> {
        self.steps.as_mut().map(std::mem::take).unwrap_or_default()
    }
}
