//! The scheme table and the scheme-specific checks (RFC 6068, 8141, 2397,
//! 8089, 3966).

use uriscope_core::lint::lint;
use uriscope_core::scheme::{default_port, lookup, AuthorityRule, SCHEMES};
use uriscope_core::Severity;

#[test]
fn default_ports() {
    let table: &[(&str, Option<u16>)] = &[
        ("http", Some(80)),
        ("HTTPS", Some(443)),
        ("ws", Some(80)),
        ("wss", Some(443)),
        ("ftp", Some(21)),
        ("sftp", Some(22)),
        ("ssh", Some(22)),
        ("git", Some(9418)),
        ("telnet", Some(23)),
        ("ldap", Some(389)),
        ("ldaps", Some(636)),
        ("gopher", Some(70)),
        ("imap", Some(143)),
        ("pop", Some(110)),
        ("smtp", Some(25)),
        ("nntp", Some(119)),
        ("rtsp", Some(554)),
        ("sip", Some(5060)),
        ("sips", Some(5061)),
        ("coap", Some(5683)),
        ("file", None),
        ("mailto", None),
        ("urn", None),
        ("data", None),
        ("tel", None),
        ("magnet", None),
        ("s3", None),
        ("unknown", None),
        ("", None),
    ];
    for &(scheme, port) in table {
        assert_eq!(default_port(scheme), port, "{scheme}");
    }
}

#[test]
fn shapes_and_specs() {
    let table: &[(&str, bool, AuthorityRule, &str)] = &[
        ("http", true, AuthorityRule::Required, "RFC 9110"),
        ("file", true, AuthorityRule::Optional, "RFC 8089"),
        ("mailto", false, AuthorityRule::Forbidden, "RFC 6068"),
        ("urn", false, AuthorityRule::Forbidden, "RFC 8141"),
        ("data", false, AuthorityRule::Forbidden, "RFC 2397"),
        ("tel", false, AuthorityRule::Forbidden, "RFC 3966"),
        ("news", true, AuthorityRule::Optional, "RFC 5538"),
        ("ldap", true, AuthorityRule::Required, "RFC 4516"),
        ("xmpp", false, AuthorityRule::Optional, "RFC 5122"),
    ];
    for &(name, hier, auth, spec) in table {
        let s = lookup(name).unwrap_or_else(|| panic!("{name} missing"));
        assert_eq!(
            (s.hierarchical, s.authority, s.spec),
            (hier, auth, spec),
            "{name}"
        );
    }
    let required = [
        "http", "https", "ws", "wss", "ftp", "sftp", "ssh", "git", "file", "mailto", "tel", "urn",
        "data", "news", "nntp", "telnet", "ldap", "ldaps", "gopher", "irc", "imap", "pop", "smtp",
        "rtsp", "sip", "sips", "xmpp", "magnet", "s3",
    ];
    for name in required {
        assert!(lookup(name).is_some(), "{name}");
        assert!(lookup(&name.to_uppercase()).is_some(), "{name}");
    }
    assert!(SCHEMES.len() > required.len());
}

/// Codes of the scheme checks that `input` raises (parser findings excluded).
#[track_caller]
fn codes(input: &str) -> Vec<&'static str> {
    lint(input)
        .into_iter()
        .filter(|f| f.code != "data-scheme")
        .map(|f| f.code.as_str())
        .collect()
}

#[track_caller]
fn check(table: &[(&str, &[&str])]) {
    for &(input, want) in table {
        assert_eq!(codes(input), want, "{input:?}");
    }
}

#[test]
fn mailto_rfc6068() {
    check(&[
        ("mailto:chris@example.com", &[]),
        ("mailto:infobot@example.com?subject=current-issue", &[]),
        (
            "mailto:?to=joe@example.com&cc=bob@example.com&body=hello",
            &[],
        ),
        ("mailto:joe@example.com,bob@example.org", &[]),
        ("mailto:%22not%40me%22@example.org", &[]),
        ("mailto:user@[192.0.2.1]", &[]),
        ("mailto:foo", &["mailto-address"]),
        ("mailto:a@", &["mailto-address"]),
        ("mailto:@example.com", &["mailto-address"]),
        ("mailto:a@example.com,,b@example.com", &["mailto-address"]),
        ("mailto:a@example.com?subject", &["mailto-hfield"]),
        ("mailto:a@example.com?=x", &["mailto-hfield"]),
        ("mailto:?subject=x", &["mailto-no-recipient"]),
        ("mailto:", &["mailto-no-recipient"]),
        (
            "mailto://a@example.com",
            &["scheme-forbids-authority", "mailto-no-recipient"],
        ),
    ]);
}

#[test]
fn urn_rfc8141() {
    let long_nid = format!("urn:{}:x", "a".repeat(33));
    let max_nid = format!("urn:{}:x", "a".repeat(32));
    check(&[
        ("urn:isbn:0451450523", &[]),
        ("URN:ISBN:0451450523", &[]),
        ("urn:ietf:rfc:2648", &[]),
        ("urn:nbn:de:bvb:19-146642", &[]),
        ("urn:example:a123,z456?+abc?=xyz#789", &[]),
        ("urn:example:foo-bar-baz-qux?=a=b", &[]),
        ("urn:ex:a/b/c", &[]),
        (&max_nid, &[]),
        ("urn:a:b", &["urn-nid"]),
        ("urn:-ab:x", &["urn-nid"]),
        ("urn:ab-:x", &["urn-nid"]),
        ("urn:a_b:x", &["urn-nid"]),
        (&long_nid, &["urn-nid"]),
        ("urn::x", &["urn-nid"]),
        ("urn:isbn", &["urn-syntax"]),
        ("urn:isbn:", &["urn-nss-empty"]),
        ("urn:isbn:1?q", &["urn-query"]),
        ("urn://isbn:1", &["scheme-forbids-authority", "urn-syntax"]),
    ]);
}

#[test]
fn data_rfc2397() {
    check(&[
        ("data:,A%20brief%20note", &["data-payload"]),
        ("data:image/gif;base64,R0lGODdh", &["data-payload"]),
        (
            "data:text/plain;charset=iso-8859-7,%be%d3%be",
            &["data-payload"],
        ),
        ("data:;base64,SGVsbG8=", &["data-payload"]),
        ("data:text/plain", &["data-syntax"]),
        ("data:text,x", &["data-media-type", "data-payload"]),
        (
            "data:text/plain;charset,x",
            &["data-parameter", "data-payload"],
        ),
        ("data:;base64,QQ=", &["data-base64"]),
        ("data:;base64,Q!Q=", &["data-base64"]),
        ("data:;base64,Q", &["data-base64"]),
    ]);
    let size = |input: &str| {
        lint(input)
            .into_iter()
            .find(|f| f.code == "data-payload")
            .map(|f| f.message)
            .unwrap_or_default()
    };
    assert!(size("data:,A%20brief%20note")
        .contains("12 bytes after percent-decoding of text/plain;charset=US-ASCII"));
    assert!(size("data:image/gif;base64,R0lGODdh")
        .contains("6 bytes after base64 decoding of image/gif"));
    assert!(size("data:;base64,SGVsbG8=").contains("5 bytes"));
    assert!(
        size("data:,a?b").contains("3 bytes"),
        "the query is part of the data"
    );
    // text/plain runs nothing: a note; text/html warns.
    let f = &lint("data:,x")[0];
    assert_eq!(
        (f.code.as_str(), f.severity),
        ("data-scheme", Severity::Note)
    );
    let f = &lint("data:text/html,x")[0];
    assert_eq!(
        (f.code.as_str(), f.severity),
        ("data-scheme", Severity::Warning)
    );
}

#[test]
fn file_rfc8089() {
    check(&[
        ("file:///etc/hosts", &[]),
        ("file://localhost/etc/hosts", &[]),
        ("file://LOCALHOST/etc/hosts", &[]),
        ("file:/etc/hosts", &[]),
        ("file:///C:/Windows/", &["file-drive-letter"]),
        ("file:/C:/Windows/", &["file-drive-letter"]),
        ("file:C:/Windows/", &["file-drive-letter"]),
        ("file:///C|/Windows/", &["file-drive-letter"]),
        ("file://server/share/f.txt", &["file-remote-host"]),
        ("file://C:/Windows/", &["file-drive-in-authority"]),
        ("file:etc/hosts", &["file-relative-path"]),
    ]);
    for f in lint("file:///C:/x")
        .into_iter()
        .chain(lint("file://server/x"))
    {
        assert_eq!(f.severity, Severity::Note, "{f:?}");
    }
    let f = &lint("file:C:/x")[0];
    assert_eq!(f.span.slice("file:C:/x"), "C:");
    assert!(lint("file:///C|/x")[0].message.contains("C|"));
}

#[test]
fn tel_rfc3966() {
    check(&[
        ("tel:+1-201-555-0123", &[]),
        ("tel:+1(201)555.0123", &[]),
        ("tel:7042;phone-context=example.com", &[]),
        ("tel:863-1234;phone-context=+1-914-555", &[]),
        ("tel:+358-555-1234567;postd=pp22", &[]),
        ("tel:*21%23;phone-context=+1", &[]),
        ("tel:%2B1-201-555-0123", &["tel-number"]),
        ("tel:7042", &["tel-phone-context"]),
        ("tel:+", &["tel-number"]),
        ("tel:+1-abc", &["tel-number"]),
        ("tel:hello", &["tel-number"]),
        ("tel:", &["tel-number"]),
        ("tel:+1234;=x", &["tel-parameter"]),
        ("tel:+1234;phone-context=+1", &["tel-parameter"]),
    ]);
}

#[test]
fn authority_rules() {
    check(&[
        ("http:foo", &["scheme-needs-authority"]),
        ("https:/path", &["scheme-needs-authority"]),
        ("http://h/", &[]),
        ("news:comp.infosystems.www", &[]),
        ("news://news.example/comp.x", &[]),
        ("sip:alice@atlanta.example", &[]),
    ]);
}

/// Regression: `http:///x` got only the parser's `empty-host` note, though
/// RFC 9110 §4.2.1 says a recipient MUST reject an http(s) URI with an empty
/// host; and `ws://a/#f` got nothing, though RFC 6455 §3 says fragments MUST
/// NOT be used on WebSocket URIs.
#[test]
fn http_empty_host_and_ws_fragment_are_warned() {
    check(&[
        ("http:///x", &["scheme-empty-host"]),
        ("HTTPS://:8443/", &["scheme-empty-host", "non-default-port"]),
        ("http://user@/", &["scheme-empty-host"]),
        ("ws:///chat", &["scheme-empty-host"]),
        ("wss://?q", &["scheme-empty-host"]),
        ("ws://a/#f", &["scheme-fragment-forbidden"]),
        ("wss://a/chat#", &["scheme-fragment-forbidden"]),
        (
            "ws://#f",
            &["scheme-empty-host", "scheme-fragment-forbidden"],
        ),
        // Allowed: file's empty host is localhost; fragments on http; an escaped '#'.
        ("file:///etc/hosts", &[]),
        ("http://a/#f", &[]),
        ("ws://a/chat%23x", &[]),
        ("foo:///x", &[]),
        ("ftp://a/", &[]),
    ]);
    let input = "http:///x";
    let f = lint(input)
        .into_iter()
        .find(|f| f.code == "scheme-empty-host")
        .expect("scheme-empty-host");
    assert_eq!((f.span.start, f.span.end), (7, 7));
    assert_eq!(f.severity, uriscope_core::Severity::Warning);
    assert!(f.message.contains("RFC 9110 §4.2.1"), "{}", f.message);
    let input = "ws://a/#f";
    let f = lint(input)
        .into_iter()
        .find(|f| f.code == "scheme-fragment-forbidden")
        .expect("scheme-fragment-forbidden");
    assert_eq!(f.span.slice(input), "#f");
    assert!(f.message.contains("RFC 6455 §3"), "{}", f.message);
}

/// Every row that forbids an empty host or a fragment is hierarchical and
/// requires an authority (the rules read the authority and the fragment).
#[test]
fn scheme_rules_sit_on_hierarchical_rows() {
    use uriscope_core::scheme::{AuthorityRule, SCHEMES};
    let forbidding: Vec<&str> = SCHEMES
        .iter()
        .filter(|s| s.empty_host_forbidden.is_some())
        .map(|s| s.name)
        .collect();
    assert_eq!(forbidding, ["http", "https", "ws", "wss"]);
    for s in SCHEMES {
        if s.empty_host_forbidden.is_some() || s.fragment_forbidden.is_some() {
            assert!(
                s.hierarchical && s.authority == AuthorityRule::Required,
                "{}",
                s.name
            );
        }
    }
}
