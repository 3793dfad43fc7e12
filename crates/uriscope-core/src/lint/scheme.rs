//! What uriscope knows about common URI schemes (RFC 3986 §3.1: a scheme
//! names a specification that refines the generic syntax): default port,
//! hierarchical or opaque shape, whether an authority is required, allowed
//! or forbidden, and the document that defines the scheme.
//!
//! This table is the one source of default ports in the crate:
//! use [`default_port`].

/// Whether a scheme's URIs carry an authority (`//host`) (RFC 3986 §3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AuthorityRule {
    /// Every URI of the scheme has an authority (`http://host/...`).
    Required,
    /// Both forms occur (`file:///p` and `file:/p`, `news:group` and `news://server/group`).
    Optional,
    /// The scheme-specific part never starts with `//` (`mailto:`, `urn:`).
    Forbidden,
}

impl AuthorityRule {
    /// `required`, `optional` or `forbidden`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            AuthorityRule::Required => "required",
            AuthorityRule::Optional => "optional",
            AuthorityRule::Forbidden => "forbidden",
        }
    }
}

/// One row of the scheme table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SchemeInfo {
    /// The scheme name, lowercase.
    pub name: &'static str,
    /// The port a client uses when the URI gives none.
    pub default_port: Option<u16>,
    /// Hierarchical (`/`-separated path under an authority or root, §1.2.3)
    /// rather than opaque (one scheme-specific string).
    pub hierarchical: bool,
    /// Whether an authority must, may or must not appear.
    pub authority: AuthorityRule,
    /// The defining document: an RFC number, or who defines it when no RFC does.
    pub spec: &'static str,
    /// Why an empty host (`http:///x`) is not allowed, citing the spec;
    /// `None` when the scheme's spec permits it (`file:///p`) or says nothing.
    pub empty_host_forbidden: Option<&'static str>,
    /// Why a fragment (`ws://h/#f`) is not allowed, citing the spec; `None`
    /// when fragments may be used.
    pub fragment_forbidden: Option<&'static str>,
    /// Whether the host is a DNS name (a client looks it up in the DNS, so
    /// its IDNA A-label form names the same host: RFC 3987 §5.3.3, RFC 5891
    /// §5): what the scheme-based rung of normalization folds.
    pub dns_host: bool,
}

impl SchemeInfo {
    /// The row with an empty host forbidden, for the reason `why`.
    const fn no_empty_host(self, why: &'static str) -> Self {
        SchemeInfo {
            empty_host_forbidden: Some(why),
            ..self
        }
    }

    /// The row with fragments forbidden, for the reason `why`.
    const fn no_fragment(self, why: &'static str) -> Self {
        SchemeInfo {
            fragment_forbidden: Some(why),
            ..self
        }
    }

    /// The row with a host that is a DNS name.
    const fn dns(self) -> Self {
        SchemeInfo {
            dns_host: true,
            ..self
        }
    }
}

/// RFC 9110 §4.2.1 (and §4.2.2 for https), quoted.
const HTTP_EMPTY_HOST: &str = "RFC 9110 §4.2.1: \"A sender MUST NOT generate an 'http' URI with \
                               an empty host identifier. A recipient that processes such a URI \
                               reference MUST reject it as invalid.\"";
/// RFC 6455 §3 (the WebSocket URI grammar names the host the opening
/// handshake of §4.1 connects to and sends in `Host`).
const WS_EMPTY_HOST: &str = "RFC 6455 §3-4.1: a WebSocket URI names the host the opening \
                             handshake connects to and sends in the Host header; an empty \
                             host names none";
/// RFC 6455 §3, quoted.
const WS_FRAGMENT: &str = "RFC 6455 §3: \"Fragment identifiers are meaningless in the context of \
                           WebSocket URIs and MUST NOT be used on these URIs\"; a literal '#' \
                           is written %23";

const fn hier(name: &'static str, port: Option<u16>, spec: &'static str) -> SchemeInfo {
    SchemeInfo {
        name,
        default_port: port,
        hierarchical: true,
        authority: AuthorityRule::Required,
        spec,
        empty_host_forbidden: None,
        fragment_forbidden: None,
        dns_host: false,
    }
}

const fn opaque(name: &'static str, spec: &'static str) -> SchemeInfo {
    SchemeInfo {
        name,
        default_port: None,
        hierarchical: false,
        authority: AuthorityRule::Forbidden,
        spec,
        empty_host_forbidden: None,
        fragment_forbidden: None,
        dns_host: false,
    }
}

const fn optional_authority(
    name: &'static str,
    port: Option<u16>,
    spec: &'static str,
) -> SchemeInfo {
    SchemeInfo {
        name,
        default_port: port,
        hierarchical: true,
        authority: AuthorityRule::Optional,
        spec,
        empty_host_forbidden: None,
        fragment_forbidden: None,
        dns_host: false,
    }
}

/// The table, sorted by name (checked by a unit test; [`lookup`] bisects it).
pub static SCHEMES: &[SchemeInfo] = LIST;

const LIST: &[SchemeInfo] = &[
    opaque("about", "RFC 6694"),
    opaque("cid", "RFC 2392"),
    hier("coap", Some(5683), "RFC 7252").dns(),
    hier("coaps", Some(5684), "RFC 7252").dns(),
    opaque("data", "RFC 2397"),
    optional_authority("dns", Some(53), "RFC 4501").dns(),
    optional_authority("file", None, "RFC 8089"),
    hier("ftp", Some(21), "RFC 1738").dns(),
    opaque("geo", "RFC 5870"),
    hier("git", Some(9418), "Git documentation (IANA provisional)").dns(),
    hier("gopher", Some(70), "RFC 4266").dns(),
    hier("http", Some(80), "RFC 9110")
        .no_empty_host(HTTP_EMPTY_HOST)
        .dns(),
    hier("https", Some(443), "RFC 9110")
        .no_empty_host(HTTP_EMPTY_HOST)
        .dns(),
    hier("imap", Some(143), "RFC 5092").dns(),
    hier("ipp", Some(631), "RFC 3510").dns(),
    hier("ipps", Some(631), "RFC 7472").dns(),
    hier(
        "irc",
        Some(6667),
        "draft-butcher-irc-url (IANA provisional)",
    )
    .dns(),
    opaque("javascript", "WHATWG HTML (no RFC)"),
    hier("ldap", Some(389), "RFC 4516").dns(),
    hier(
        "ldaps",
        Some(636),
        "RFC 4516 usage over TLS (IANA provisional)",
    )
    .dns(),
    opaque("magnet", "magnet-uri project (IANA provisional)"),
    opaque("mailto", "RFC 6068"),
    opaque("mid", "RFC 2392"),
    optional_authority("news", Some(119), "RFC 5538").dns(),
    hier("nfs", Some(2049), "RFC 2224").dns(),
    hier("nntp", Some(119), "RFC 5538").dns(),
    hier("pop", Some(110), "RFC 2384").dns(),
    hier(
        "postgres",
        Some(5432),
        "PostgreSQL libpq documentation (not IANA-registered)",
    ),
    hier(
        "postgresql",
        Some(5432),
        "PostgreSQL libpq documentation (not IANA-registered)",
    ),
    hier("prospero", Some(1525), "RFC 4157").dns(),
    hier("redis", Some(6379), "IANA provisional registration").dns(),
    hier("rsync", Some(873), "RFC 5781").dns(),
    hier("rtsp", Some(554), "RFC 7826").dns(),
    hier("rtsps", Some(322), "RFC 7826").dns(),
    hier("s3", None, "AWS convention (not IANA-registered)"),
    hier(
        "sftp",
        Some(22),
        "draft-ietf-secsh-scp-sftp-ssh-uri (IANA provisional)",
    )
    .dns(),
    SchemeInfo {
        name: "sip",
        default_port: Some(5060),
        hierarchical: false,
        authority: AuthorityRule::Forbidden,
        spec: "RFC 3261",
        empty_host_forbidden: None,
        fragment_forbidden: None,
        dns_host: false,
    },
    SchemeInfo {
        name: "sips",
        default_port: Some(5061),
        hierarchical: false,
        authority: AuthorityRule::Forbidden,
        spec: "RFC 3261",
        empty_host_forbidden: None,
        fragment_forbidden: None,
        dns_host: false,
    },
    opaque("sms", "RFC 5724"),
    hier(
        "smtp",
        Some(25),
        "RFC 5321 protocol (no URI scheme RFC; not IANA-registered)",
    )
    .dns(),
    hier("snmp", Some(161), "RFC 4088").dns(),
    hier(
        "ssh",
        Some(22),
        "draft-ietf-secsh-scp-sftp-ssh-uri (IANA provisional)",
    )
    .dns(),
    hier(
        "svn",
        Some(3690),
        "Subversion documentation (IANA provisional)",
    )
    .dns(),
    opaque("tel", "RFC 3966"),
    hier("telnet", Some(23), "RFC 4248").dns(),
    opaque("urn", "RFC 8141"),
    hier("vnc", Some(5900), "RFC 7869").dns(),
    hier("wais", Some(210), "RFC 4156").dns(),
    hier("ws", Some(80), "RFC 6455")
        .no_empty_host(WS_EMPTY_HOST)
        .no_fragment(WS_FRAGMENT)
        .dns(),
    hier("wss", Some(443), "RFC 6455")
        .no_empty_host(WS_EMPTY_HOST)
        .no_fragment(WS_FRAGMENT)
        .dns(),
    SchemeInfo {
        name: "xmpp",
        default_port: None,
        hierarchical: false,
        authority: AuthorityRule::Optional,
        spec: "RFC 5122",
        empty_host_forbidden: None,
        fragment_forbidden: None,
        dns_host: false,
    },
];

/// The table row for `name`, compared ASCII case-insensitively (§3.1:
/// schemes are case-insensitive).
///
/// ```
/// use uriscope_core::scheme::{lookup, AuthorityRule};
/// let http = lookup("HTTP").unwrap();
/// assert_eq!(http.default_port, Some(80));
/// assert_eq!(http.authority, AuthorityRule::Required);
/// assert_eq!(lookup("mailto").unwrap().spec, "RFC 6068");
/// assert!(lookup("no-such-scheme").is_none());
/// ```
#[must_use]
pub fn lookup(name: &str) -> Option<&'static SchemeInfo> {
    if name.len() > 16 {
        return None;
    }
    let mut buf = [0u8; 16];
    let lower = &mut buf[..name.len()];
    lower.copy_from_slice(name.as_bytes());
    lower.make_ascii_lowercase();
    // Integers compared, not strings (a `memcmp` call a step took 2 % of
    // `parse --json`); the zero padding makes "a\0" pack as "a", so the
    // length is checked too.
    let key = u128::from_be_bytes(buf);
    // Most references are http or https: those two are tried before the
    // search, whose branches mispredict on a mix of schemes. The length
    // test is the search's own ("http\0" packs as "http").
    if key == KEYS[HTTPS] || key == KEYS[HTTP] {
        let i = if key == KEYS[HTTPS] { HTTPS } else { HTTP };
        return Some(&SCHEMES[i]).filter(|s| s.name.len() == name.len());
    }
    KEYS.binary_search(&key)
        .ok()
        .map(|i| &SCHEMES[i])
        .filter(|s| s.name.len() == name.len())
}

/// Where `name` is in [`LIST`] (at compile time; a name not there does
/// not compile).
const fn position(name: &str) -> usize {
    let mut i = 0;
    while i < LIST.len() {
        let (a, b) = (LIST[i].name.as_bytes(), name.as_bytes());
        if a.len() == b.len() {
            let mut k = 0;
            while k < a.len() && a[k] == b[k] {
                k += 1;
            }
            if k == a.len() {
                return i;
            }
        }
        i += 1;
    }
    panic!("not in the scheme table")
}

/// [`position`] of `http` and `https`, looked up first.
const HTTP: usize = position("http");
const HTTPS: usize = position("https");

/// Each name of [`SCHEMES`], zero-padded to 16 bytes, as a big-endian
/// integer: the integers sort as the names do.
static KEYS: [u128; LIST.len()] = {
    let mut keys = [0u128; LIST.len()];
    let mut i = 0;
    while i < LIST.len() {
        let name = LIST[i].name.as_bytes();
        let mut buf = [0u8; 16];
        let mut k = 0;
        while k < name.len() {
            buf[k] = name[k];
            k += 1;
        }
        keys[i] = u128::from_be_bytes(buf);
        i += 1;
    }
    keys
};

/// The default port of `scheme` (case-insensitive), if it has one.
///
/// ```
/// use uriscope_core::scheme::default_port;
/// assert_eq!(default_port("https"), Some(443));
/// assert_eq!(default_port("Ws"), Some(80));
/// assert_eq!(default_port("mailto"), None);
/// ```
#[must_use]
pub fn default_port(scheme: &str) -> Option<u16> {
    lookup(scheme).and_then(|s| s.default_port)
}

/// Whether the host of `scheme` (case-insensitive) is a DNS name, as the
/// table says ([`SchemeInfo::dns_host`]).
///
/// ```
/// use uriscope_core::scheme::has_dns_host;
/// assert!(has_dns_host("HTTPS") && has_dns_host("ws") && has_dns_host("ftp"));
/// assert!(!has_dns_host("file") && !has_dns_host("urn") && !has_dns_host("x-own"));
/// ```
#[must_use]
pub fn has_dns_host(scheme: &str) -> bool {
    lookup(scheme).is_some_and(|s| s.dns_host)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_unique_and_lowercase() {
        for w in SCHEMES.windows(2) {
            assert!(w[0].name < w[1].name, "{} !< {}", w[0].name, w[1].name);
        }
        for s in SCHEMES {
            assert_eq!(s.name, s.name.to_ascii_lowercase());
            assert!(s.name.len() <= 16);
        }
    }

    #[test]
    fn lookup_agrees_with_a_linear_scan() {
        for s in SCHEMES {
            assert_eq!(lookup(s.name), Some(s));
            assert_eq!(lookup(&s.name.to_ascii_uppercase()), Some(s));
        }
        for name in [
            "", "h", "htt", "httpss", "zzz", "urn:", "http\0", "\0", "ws\0\0",
        ] {
            let linear = SCHEMES.iter().find(|s| s.name.eq_ignore_ascii_case(name));
            assert_eq!(lookup(name), linear);
        }
    }
}
