use std::net::Ipv6Addr;

use proptest::prelude::*;

use super::host::{ipv4, ntop6};
use super::parse::dedotdotify;
use super::*;

fn url(input: &str, flags: Flags) -> Result<String, UrlCode> {
    let u = CurlUrl::parse(input.as_bytes(), flags)?;
    Ok(lossy(&u.get(Part::Url, Flags::NO_DEFAULT_PORT)?))
}

#[track_caller]
fn reads(input: &str, want: &str) {
    assert_eq!(url(input, trurl::READ).as_deref(), Ok(want), "{input}");
}

#[track_caller]
fn refuses(input: &str, code: UrlCode) {
    assert_eq!(url(input, trurl::READ), Err(code), "{input}");
}

#[test]
fn ipv4_number_forms_from_trurls_manual() {
    reads("http://646464646/", "http://38.136.68.134/");
    reads("http://246.646/", "http://246.0.2.134/");
    reads("http://246.46.646/", "http://246.46.2.134/");
    reads("http://0x14.0xb3022/", "http://20.11.48.34/");
    reads("http://0177.1/", "http://127.0.0.1/");
    // Not numbers: names.
    reads("http://1.2.3.4.5/", "http://1.2.3.4.5/");
    reads("http://08.1/", "http://08.1/");
    reads("http://0x/", "http://0x/");
    reads("http://4294967296/", "http://4294967296/");
    reads("http://1.2.3.256/", "http://1.2.3.256/");
}

#[test]
fn ipv6_short_form_and_zones() {
    reads(
        "http://[2001:9b1:0:0:0:0:7b97:364b]/",
        "http://[2001:9b1::7b97:364b]/",
    );
    reads("http://[::ffff:1.2.3.4]/", "http://[::ffff:1.2.3.4]/");
    reads("http://[FE80::1%eth0]:8/", "http://[fe80::1%25eth0]:8/");
    reads("http://[fe80::1%25eth0]/", "http://[fe80::1%25eth0]/");
    refuses("http://[fe80::1%]/", UrlCode::BadIpv6);
    refuses("http://[fe80::1%0123456789abcdef]/", UrlCode::BadIpv6);
    refuses("http://[::1]x/", UrlCode::BadPortNumber);
    refuses("http://[::g]/", UrlCode::BadIpv6);
}

#[test]
fn schemes_slashes_and_guesses() {
    reads("example.com", "http://example.com/");
    reads("ftp.example.com/x", "ftp://ftp.example.com/x");
    reads("FTP.example.com", "ftp://FTP.example.com/");
    reads("example.com:29", "http://example.com:29/");
    reads("HTTPS://example.com:443", "https://example.com/");
    reads("http:/a", "http://a/");
    reads("http:///a", "http://a/");
    refuses("http:////a", UrlCode::BadSlashes);
    refuses("mailto:x", UrlCode::BadPortNumber);
    refuses("example.com:", UrlCode::BadPortNumber);
    refuses("/just/a/path", UrlCode::NoHost);
    assert_eq!(
        url("hello", Flags::NON_SUPPORT_SCHEME),
        Err(UrlCode::BadScheme)
    );
    assert_eq!(
        url("foo://bar", Flags::NONE),
        Err(UrlCode::UnsupportedScheme)
    );
    assert_eq!(
        url("mailto:x", Flags::NON_SUPPORT_SCHEME),
        Err(UrlCode::BadSlashes)
    );
}

#[test]
fn login_options_only_for_imap_pop3_and_smtp() {
    let u = CurlUrl::parse(b"imap://u:p;crazy@h/", trurl::READ).unwrap();
    assert_eq!(u.get(Part::Options, Flags::NONE).unwrap(), b"crazy");
    assert_eq!(u.get(Part::Password, Flags::NONE).unwrap(), b"p");
    let u = CurlUrl::parse(b"imap://u;o:p@h/", trurl::READ).unwrap();
    assert_eq!(u.get(Part::User, Flags::NONE).unwrap(), b"u");
    assert_eq!(u.get(Part::Options, Flags::NONE).unwrap(), b"o");
    assert_eq!(u.get(Part::Password, Flags::NONE).unwrap(), b"p");
    let u = CurlUrl::parse(b"sftp://u:p;crazy@h/", trurl::READ).unwrap();
    assert_eq!(u.get(Part::Options, Flags::NONE), Err(UrlCode::NoOptions));
    assert_eq!(u.get(Part::Password, Flags::NONE).unwrap(), b"p;crazy");
}

#[test]
fn hosts_are_decoded_and_checked() {
    reads("https://ex%61mple.com/", "https://example.com/");
    refuses("http://a%20b/", UrlCode::BadHostname);
    refuses("http://a%01b/", UrlCode::BadHostname);
    refuses("http://a*b/", UrlCode::BadHostname);
    refuses("http://a b/", UrlCode::MalformedInput);
    assert_eq!(
        url("http://a b/", trurl::READ | Flags::ALLOW_SPACE),
        Err(UrlCode::BadHostname)
    );
    reads("http://räksmörgås.se/", "http://räksmörgås.se/");
}

#[test]
fn file_urls() {
    reads("file:///etc/hosts", "file:///etc/hosts");
    reads("file://localhost/etc/hosts", "file:///etc/hosts");
    refuses("file://example/etc", UrlCode::BadFileUrl);
    refuses("file:///c:/x", UrlCode::BadFileUrl);
    refuses("file:/", UrlCode::BadFileUrl);
}

#[test]
fn redirects_cut_the_base_as_libcurl_does() {
    let go = |base: &str, rel: &str| {
        let mut u = CurlUrl::parse(base.as_bytes(), trurl::READ).unwrap();
        u.set(Part::Url, Some(rel.as_bytes()), trurl::READ).unwrap();
        lossy(&u.get(Part::Url, Flags::NONE).unwrap())
    };
    assert_eq!(
        go("https://curl.se/we/are.html", "here.html"),
        "https://curl.se/we/here.html"
    );
    assert_eq!(
        go("https://curl.se/we/are.html", "../here.html"),
        "https://curl.se/here.html"
    );
    assert_eq!(
        go("https://curl.se/we/are.html?x", "?y"),
        "https://curl.se/we/are.html?y"
    );
    assert_eq!(
        go("https://curl.se/we/are.html", "/a b"),
        "https://curl.se/a%20b"
    );
    assert_eq!(go("https://curl.se/we/", "//other/x"), "https://other/x");
    assert_eq!(go("https://curl.se/we/#f", "#g"), "https://curl.se/we/#g");
    assert_eq!(go("https://curl.se/", "ftp://x/"), "ftp://x/");
}

#[test]
fn set_encodes_or_lowercases_and_checks_hosts() {
    let mut u = CurlUrl::parse(b"https://curl.se/hello", trurl::READ).unwrap();
    u.set(Part::User, Some(b":hej:"), Flags::URLENCODE).unwrap();
    u.set(Part::Query, Some(b"user=me x"), Flags::URLENCODE)
        .unwrap();
    u.set(Part::Fragment, Some(b"%2F%41"), Flags::NONE).unwrap();
    assert_eq!(
        lossy(&u.get(Part::Url, Flags::NONE).unwrap()),
        "https://%3ahej%3a@curl.se/hello?user%3dme+x#%2f%41"
    );
    assert_eq!(
        u.set(Part::Host, Some(b"a b"), Flags::URLENCODE),
        Err(UrlCode::BadHostname)
    );
    assert_eq!(
        u.set(Part::Port, Some(b"65536"), Flags::NONE),
        Err(UrlCode::BadPortNumber)
    );
    assert_eq!(
        u.set(Part::Scheme, Some(b"irc"), Flags::NONE),
        Err(UrlCode::UnsupportedScheme)
    );
    u.set(Part::Path, Some(b"a/b c"), Flags::URLENCODE).unwrap();
    assert_eq!(u.get(Part::Path, Flags::NONE).unwrap(), b"/a/b%20c");
}

#[test]
fn trurls_normalization_examples() {
    let p = |s: &str| trurl::print(s).unwrap();
    assert_eq!(
        p("https://example.com/#%2e%61%13%Fa"),
        "https://example.com/#.a%13%fa"
    );
    assert_eq!(
        p("https://example.com/one/t%61o/%2F%42/"),
        "https://example.com/one/tao/%2fB/"
    );
    assert_eq!(
        p("sftp://us%65r:pwd;giraffe@odd"),
        "sftp://user:pwd%3bgiraffe@odd/"
    );
    assert_eq!(
        p("imap://us%65r:pwd;gir%41ffe@odd"),
        "imap://user:pwd;girAffe@odd/"
    );
    assert_eq!(
        p("http://example.com/?a=%5D&b=%5D"),
        "http://example.com/?a=%5d&b=%5d"
    );
    assert_eq!(
        p("http://example.org/?=1&b=2&c=&=3"),
        "http://example.org/?=1&b=2&c=&=3"
    );
    assert_eq!(p("https://example.com/?"), "https://example.com/");
    assert_eq!(p("0?00%000000=0"), "http://0.0.0.0/?00%000000=0");
}

#[test]
fn a_trace_records_each_change_with_its_reason() {
    let mut t = Trace::on();
    trurl::print_traced("HTTP://ex%61mple:80/a/../b?%2e%FF", &mut t).unwrap();
    let whys: Vec<Why> = t.take().iter().map(|s| s.why).collect();
    assert_eq!(
        whys,
        [
            Why::SchemeLowercased,
            Why::HostDecoded,
            Why::DotSegments,
            Why::PairsReencoded,
            Why::DefaultPort
        ]
    );
    let mut off = Trace::off();
    trurl::print_traced("HTTP://ex%61mple:80/", &mut off).unwrap();
    assert!(off.take().is_empty());
}

/// A naive §5.2.4 loop on whole segments, the oracle for `dedotdotify`.
fn remove_dot_segments_naive(path: &str) -> String {
    crate::uri::relative::remove_dot_segments(path)
}

proptest! {
    #[test]
    fn dedotdotify_agrees_with_rfc_3986_remove_dot_segments(
        segs in proptest::collection::vec(prop_oneof!["\\.", "\\.\\.", "a", "bc", ""], 0..8)
    ) {
        let path = format!("/{}", segs.join("/"));
        let ours = dedotdotify(path.as_bytes()).map_or(path.clone(), |d| lossy(&d));
        prop_assert_eq!(ours, remove_dot_segments_naive(&path));
    }

    #[test]
    fn ntop6_is_rfc_5952_as_std_writes_it_outside_ipv4_forms(words in any::<[u16; 8]>()) {
        let a = Ipv6Addr::from(words);
        let embedded = words[..5] == [0; 5] && (words[5] == 0 || words[5] == 0xffff);
        if !embedded {
            prop_assert_eq!(ntop6(a), a.to_string());
        }
        let back: Ipv6Addr = ntop6(a).parse().unwrap();
        prop_assert_eq!(back, a);
    }

    #[test]
    fn ipv4_dotted_quads_read_as_themselves(a in any::<[u8; 4]>()) {
        let s = format!("{}.{}.{}.{}", a[0], a[1], a[2], a[3]);
        prop_assert_eq!(ipv4(s.as_bytes()), Some(s.into_bytes()));
    }

    #[test]
    fn ipv4_one_number_is_the_address(n in any::<u32>()) {
        let want = std::net::Ipv4Addr::from(n).to_string();
        prop_assert_eq!(ipv4(n.to_string().as_bytes()), Some(want.clone().into_bytes()));
        prop_assert_eq!(ipv4(format!("{n:#x}").as_bytes()), Some(want.clone().into_bytes()));
        prop_assert_eq!(ipv4(format!("0{n:o}").as_bytes()), Some(want.into_bytes()));
    }

    #[test]
    fn any_bytes_neither_panic_nor_fail_to_write_back(s in "\\PC{0,40}") {
        if let Ok(u) = CurlUrl::parse(s.as_bytes(), trurl::READ | Flags::ALLOW_SPACE) {
            let _ = u.get(Part::Url, Flags::NONE);
            let _ = trurl::print(&s);
        }
    }
}
