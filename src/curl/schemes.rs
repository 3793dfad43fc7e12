//! The schemes libcurl has a protocol for, with the default port it
//! drops or adds and whether its URLs carry login options
//! (`user;options@host`). This is what libcurl knows, not what the RFCs
//! register ([`crate::uri::scheme`]): trurl keeps `irc://h:6667/`
//! as it is, since libcurl has no irc, and drops `:143` from an imap URL.
//! Where both tables know a scheme, their ports agree (a test holds them
//! to it).

/// One protocol libcurl has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CurlScheme {
    /// The scheme, lower case.
    pub name: &'static str,
    /// The port libcurl uses when the URL gives none.
    pub default_port: u16,
    /// Whether `;options` in the userinfo are login options
    /// (`PROTOPT_URLOPTIONS`: imap, pop3, smtp and their TLS forms).
    pub url_options: bool,
}

const fn s(name: &'static str, default_port: u16) -> CurlScheme {
    CurlScheme {
        name,
        default_port,
        url_options: false,
    }
}

const fn with_options(name: &'static str, default_port: u16) -> CurlScheme {
    CurlScheme {
        name,
        default_port,
        url_options: true,
    }
}

/// libcurl's protocols as a full build has them (trurl 0.16.1's tests
/// assume imap is among them).
pub const SCHEMES: &[CurlScheme] = &[
    s("dict", 2628),
    s("file", 0),
    s("ftp", 21),
    s("ftps", 990),
    s("gopher", 70),
    s("gophers", 70),
    s("http", 80),
    s("https", 443),
    with_options("imap", 143),
    with_options("imaps", 993),
    s("ldap", 389),
    s("ldaps", 636),
    s("mqtt", 1883),
    with_options("pop3", 110),
    with_options("pop3s", 995),
    s("rtmp", 1935),
    s("rtmpe", 1935),
    s("rtmps", 443),
    s("rtmpt", 80),
    s("rtmpte", 80),
    s("rtmpts", 443),
    s("rtsp", 554),
    s("scp", 22),
    s("sftp", 22),
    s("smb", 445),
    s("smbs", 445),
    with_options("smtp", 25),
    with_options("smtps", 465),
    s("telnet", 23),
    s("tftp", 69),
    s("ws", 80),
    s("wss", 443),
];

/// The protocol for `scheme` (any case).
///
/// ```
/// use uriscope::curl::schemes::lookup;
/// assert_eq!(lookup(b"IMAP").map(|s| s.default_port), Some(143));
/// assert!(lookup(b"irc").is_none());
/// ```
#[must_use]
pub fn lookup(scheme: &[u8]) -> Option<&'static CurlScheme> {
    SCHEMES
        .iter()
        .find(|s| s.name.as_bytes().eq_ignore_ascii_case(scheme))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ports_agree_with_the_rfc_table_where_both_know_the_scheme() {
        for s in SCHEMES {
            if let Some(p) = crate::uri::scheme::default_port(s.name) {
                assert_eq!(p, s.default_port, "{}", s.name);
            }
        }
    }

    #[test]
    fn names_are_sorted_lowercase_and_unique() {
        for w in SCHEMES.windows(2) {
            assert!(w[0].name < w[1].name, "{} !< {}", w[0].name, w[1].name);
        }
        assert!(SCHEMES
            .iter()
            .all(|s| s.name == s.name.to_ascii_lowercase()));
    }
}
