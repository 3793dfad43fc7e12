//! trurl mode reads URLs as libcurl does (the manual's NORMALIZATION and
//! URL COMPONENTS): a guessed scheme, each component decoded and encoded
//! again, the host decoded and IPv4 numbers read, IPv6 written short,
//! zones, ports, paths, login options, IDN hosts. Our own rows.

use super::trurl::prints;
use crate::support::run_trurl;

/// Each URL alone prints the second column.
#[track_caller]
fn table(rows: &[(&str, &str)]) {
    for (input, want) in rows {
        prints(&[input], &format!("{want}\n"));
    }
}

#[test]
fn normalization_decodes_and_encodes_each_component_again() {
    table(&[
        (
            "http://ex%61mple:80/%62ath/a/../b?%2e%FF#tes%74",
            "http://example/bath/b?.%ff#test",
        ),
        (
            "https://example.com/#%2e%61%13%Fa",
            "https://example.com/#.a%13%fa",
        ),
        (
            "https://example.com/one/t%61o/%2F%42/",
            "https://example.com/one/tao/%2fB/",
        ),
        (
            "https://ex%61mple.com/h%61s/?wh%61t",
            "https://example.com/has/?what",
        ),
        (
            "http://example.com/?a=%5D&b=%5D",
            "http://example.com/?a=%5d&b=%5d",
        ),
        // Every byte but the unreserved ones is encoded, in a path too.
        ("http://h/a:b@c!$", "http://h/a%3ab%40c%21%24"),
        ("http://h/#a/b?c", "http://h/#a%2fb%3fc"),
        // Query pairs: a space as '+', '*' kept, the first '=' kept.
        (
            "http://h/?url=http://x/&a=b=c",
            "http://h/?url=http%3a%2f%2fx%2f&a=b%3dc",
        ),
        ("http://h/?a+b=*", "http://h/?a+b=*"),
        ("http://example.org/?a=&b=1", "http://example.org/?a=&b=1"),
        (
            "http://example.org/?=1&b=2&c=&=3",
            "http://example.org/?=1&b=2&c=&=3",
        ),
        // Zero-length pairs are left out, as trurl 0.16.1 does.
        ("http://h/?a&&b&", "http://h/?a&b"),
        ("e?e&&", "http://e/?e"),
        ("e?&&", "http://e/"),
        ("e?&a", "http://e/?a"),
        // Empty query and fragment are left out; an empty path is "/".
        ("https://example.com/?", "https://example.com/"),
        ("https://example.com#", "https://example.com/"),
        ("HTTPS://EXAMPLE.com", "https://EXAMPLE.com/"),
        ("https://example.com/FOO/BAR", "https://example.com/FOO/BAR"),
    ]);
}

#[test]
fn a_scheme_is_guessed_from_the_host() {
    table(&[
        ("example.com", "http://example.com/"),
        ("ftp.example.com", "ftp://ftp.example.com/"),
        ("imap.example.com/INBOX", "imap://imap.example.com/INBOX"),
        ("DICT.example.com", "dict://DICT.example.com/"),
        ("ftpserver.example", "http://ftpserver.example/"),
        ("example.com:8080/x", "http://example.com:8080/x"),
        ("hello@localhost", "http://hello@localhost/"),
        ("localhost?a=b#c", "http://localhost/?a=b#c"),
        ("hp://example.com", "hp://example.com/"),
    ]);
    prints(&["odd", "-g", "{scheme}"], "http\n");
    let (code, out, err) = run_trurl(&["odd", "--no-guess-scheme"], b"");
    assert_eq!((code, out.as_str()), (0, ""));
    assert_eq!(err, "trurl note: Bad scheme [odd]\n");
    // A guessed scheme counts as not set for "?=".
    prints(
        &["example.com", "-s", "scheme?=https"],
        "https://example.com/\n",
    );
    prints(
        &["ftp://example.com", "-s", "scheme?=https"],
        "ftp://example.com/\n",
    );
}

#[test]
fn ipv4_addresses_in_one_to_four_numbers_are_written_dotted() {
    table(&[
        ("http://646464646/", "http://38.136.68.134/"),
        ("http://246.646/", "http://246.0.2.134/"),
        ("http://246.46.646/", "http://246.46.2.134/"),
        ("http://0x14.0xb3022/", "http://20.11.48.34/"),
        ("http://0177.0.0.1/", "http://127.0.0.1/"),
        ("0?x", "http://0.0.0.0/?x"),
        // Not an address: a name.
        ("http://1.2.3.4.5/", "http://1.2.3.4.5/"),
        ("http://08.1/", "http://08.1/"),
    ]);
    prints(
        &["--url", "https://10.1/we/are.html", "--get", "{host}"],
        "10.0.0.1\n",
    );
}

#[test]
fn ipv6_addresses_are_written_short_with_their_zone() {
    table(&[
        (
            "http://[2001:9b1:0:0:0:0:7b97:364b]/",
            "http://[2001:9b1::7b97:364b]/",
        ),
        (
            "[2001:0db8:0000:0000:0000:ff00:0042:8329]",
            "http://[2001:db8::ff00:42:8329]/",
        ),
        (
            "http://[FE80::1%eth0]:8080/",
            "http://[fe80::1%25eth0]:8080/",
        ),
        ("http://[::ffff:10.0.0.1]/", "http://[::ffff:10.0.0.1]/"),
    ]);
    prints(
        &[
            "http://[2001:9b1::f358:1ba4:7b97:364b%enp3s0]/",
            "-g",
            "{zoneid}",
        ],
        "enp3s0\n",
    );
    prints(
        &["http://[fe80::1%25eth0]/", "-g", "{host} {zoneid}"],
        "[fe80::1] eth0\n",
    );
}

#[test]
fn default_ports_are_dropped_kept_or_added() {
    table(&[
        ("http:/a:80", "http://a/"),
        ("imap://curl.se:143/", "imap://curl.se/"),
        // libcurl has no irc: its port is no default.
        ("irc://h:6667/", "irc://h:6667/"),
        ("https://h:0443/", "https://h/"),
        ("https://h:/", "https://h/"),
    ]);
    prints(&["http:/a:80", "--keep-port"], "http://a:80/\n");
    prints(&["http:/a", "--default-port"], "http://a:80/\n");
    prints(&["https://h:443/", "-g", "{port}"], "443\n");
    prints(&["https://h/", "-g", "[port]|[default:port]"], "|443\n");
    prints(&["--default-port", "imap://h/", "-g", "{port}"], "143\n");
    prints(
        &["https://curl.se:22/", "-s", "port=443"],
        "https://curl.se/\n",
    );
    prints(
        &["https://hello:443/foo", "-s", "scheme=ftp"],
        "ftp://hello:443/foo\n",
    );
}

#[test]
fn paths_lose_dot_segments_and_always_start_with_a_slash() {
    table(&[
        (
            "http://hej/one/../two/../three/./four",
            "http://hej/three/four",
        ),
        ("https://example.com/../moo", "https://example.com/moo"),
    ]);
    prints(&["http://xn--4cab6c", "-g", "[path]"], "/\n");
    prints(&["http://hello", "-s", "path=pony"], "http://hello/pony\n");
    prints(&["http://hello", "-s", "path=/pony"], "http://hello/pony\n");
}

#[test]
fn userinfo_and_login_options() {
    prints(
        &["https://user%3a%40:secret@odd/", "-g", "{user}"],
        "user:@\n",
    );
    prints(
        &["https://user:secr%65t@odd/", "-g", "{password}"],
        "secret\n",
    );
    prints(
        &["imap://user:pwd;giraffe@odd", "-g", "{options}"],
        "giraffe\n",
    );
    prints(
        &["sftp://user:pwd;giraffe@odd", "-g", "{password}"],
        "pwd;giraffe\n",
    );
    table(&[
        (
            "sftp://us%65r:pwd;giraffe@odd",
            "sftp://user:pwd%3bgiraffe@odd/",
        ),
        (
            "imap://us%65r:pwd;gir%41ffe@odd",
            "imap://user:pwd;girAffe@odd/",
        ),
        ("pop3://u;AUTH=x@h", "pop3://u;AUTH%3dx@h/"),
    ]);
}

#[test]
fn international_hosts_in_punycode_or_unicode() {
    prints(&["http://åäö/", "--punycode"], "http://xn--4cab6c/\n");
    prints(&["http://xn--4cab6c/", "--as-idn"], "http://åäö/\n");
    prints(
        &["https://räksmörgås.se", "-g", "{puny:host}"],
        "xn--rksmrgs-5wao1o.se\n",
    );
    prints(
        &["https://räksmörgås.se", "-g", "{default:puny:url}"],
        "https://xn--rksmrgs-5wao1o.se:443/\n",
    );
    prints(
        &["http://xn--rksmrgs-5wao1o/", "-g", "{idn:host}"],
        "räksmörgås\n",
    );
    // libcurl converts a host from punycode only when it starts with xn--.
    prints(
        &["http://www.xn--4cab6c/", "--as-idn"],
        "http://www.xn--4cab6c/\n",
    );
    let (_, out, err) = run_trurl(&["http://xn-----/", "--as-idn"], b"");
    assert_eq!(out, "http://xn-----/\n");
    assert_eq!(
        err,
        "trurl note: Error converting url to IDN [Bad hostname]\n"
    );
}

#[test]
fn spaces_are_accepted_only_when_asked() {
    prints(
        &[
            "--accept-space",
            "https://curl.se/this has space/index.html",
        ],
        "https://curl.se/this%20has%20space/index.html\n",
    );
    prints(
        &["--accept-space", "https://localhost/?with space"],
        "https://localhost/?with+space\n",
    );
    let (_, out, err) = run_trurl(&["https://curl.se/a b"], b"");
    assert_eq!(out, "");
    assert_eq!(
        err,
        "trurl note: Malformed input to a URL function [https://curl.se/a b]\n"
    );
}

#[test]
fn file_urls_have_no_host() {
    table(&[
        ("file:///etc/hosts", "file:///etc/hosts"),
        ("file://localhost/etc/hosts", "file:///etc/hosts"),
    ]);
    let (_, out, err) = run_trurl(&["file://example/etc/hosts"], b"");
    assert_eq!(out, "");
    assert_eq!(
        err,
        "trurl note: Bad file:// URL [file://example/etc/hosts]\n"
    );
}
