use proptest::prelude::*;

use super::query;
use super::*;

fn edited(uri: &str, f: impl FnOnce(&mut Editable)) -> String {
    let mut u = Editable::parse(uri).expect("parses");
    f(&mut u);
    u.to_uri().expect("valid")
}

#[test]
fn each_component_is_set_with_its_own_encode_set() {
    let base = "https://u:p@h.example:8080/a/b?q=1#f";
    let cases = [
        (
            Component::Scheme,
            "ftp",
            "ftp://u:p@h.example:8080/a/b?q=1#f",
        ),
        (
            Component::User,
            "a:b@c",
            "https://a%3Ab%40c:p@h.example:8080/a/b?q=1#f",
        ),
        (
            Component::Password,
            "s:e/c",
            "https://u:s:e%2Fc@h.example:8080/a/b?q=1#f",
        ),
        (
            Component::Host,
            "ex ample.org",
            "https://u:p@ex%20ample.org:8080/a/b?q=1#f",
        ),
        (Component::Port, "80", "https://u:p@h.example:80/a/b?q=1#f"),
        (
            Component::Path,
            "/x y/%z",
            "https://u:p@h.example:8080/x%20y/%25z?q=1#f",
        ),
        (
            Component::Path,
            "rel",
            "https://u:p@h.example:8080/rel?q=1#f",
        ),
        (
            Component::Query,
            "a=b c&d#",
            "https://u:p@h.example:8080/a/b?a=b%20c&d%23#f",
        ),
        (
            Component::Fragment,
            "#zebra",
            "https://u:p@h.example:8080/a/b?q=1#%23zebra",
        ),
    ];
    for (c, v, want) in cases {
        assert_eq!(edited(base, |u| u.set(c, v).unwrap()), want, "{c} = {v:?}");
    }
}

#[test]
fn an_empty_value_clears_and_set_encoded_keeps_the_text() {
    assert_eq!(
        edited("http://u:p@h:1/p?q#f", |u| {
            u.set(Component::User, "").unwrap();
            u.set(Component::Password, "").unwrap();
            u.set(Component::Port, "").unwrap();
            u.set(Component::Query, "").unwrap();
            u.set(Component::Fragment, "").unwrap();
        }),
        "http://h/p"
    );
    assert_eq!(
        edited("http://h/", |u| u
            .set_encoded(Component::Path, "/a%2Fb")
            .unwrap()),
        "http://h/a%2Fb"
    );
}

#[cfg(feature = "idna")] // IDNA forms of hosts
#[test]
fn hosts_ip_literals_zones_and_idna() {
    assert_eq!(
        edited("http://h/", |u| u
            .set(Component::Host, "[fe80::1%eth0]")
            .unwrap()),
        "http://[fe80::1%25eth0]/"
    );
    let mut u = Editable::parse("http://[fe80::1%25en0]/").unwrap();
    assert_eq!(u.decoded(Component::Zoneid).unwrap().text, "en0");
    assert_eq!(u.get(Component::Host).unwrap(), "[fe80::1%25en0]");
    u.set(Component::Zoneid, "eth 1").unwrap();
    assert_eq!(u.to_uri().unwrap(), "http://[fe80::1%25eth%201]/");
    // RFC 3986 §3.2.2: an internationalized name in its IDNA form.
    assert_eq!(
        edited("http://h/", |u| u
            .set(Component::Host, "bücher.example")
            .unwrap()),
        "http://xn--bcher-kva.example/"
    );
}

#[test]
fn values_that_cannot_be_placed_get_a_diagnostic() {
    let mut u = Editable::parse("http://h/").unwrap();
    let e = u.set(Component::Port, "8x").unwrap_err();
    assert!(
        e.message.contains("digits only") && e.message.contains("§3.2.3"),
        "{e}"
    );
    let e = u.set(Component::Scheme, "1http").unwrap_err();
    assert!(e.message.contains("§3.1"), "{e}");
    let e = u.set(Component::Zoneid, "en0").unwrap_err();
    assert!(e.message.contains("IPv6"), "{e}");
    // A host removed under a port: the authority cannot stand.
    let mut u = Editable::parse("http://h:80/").unwrap();
    u.set(Component::Host, "").unwrap();
    let e = u.to_uri().unwrap_err();
    assert!(e.message.contains("needs a host"), "{e}");
    // A path starting with "//" without an authority.
    let mut u = Editable::parse("s:/x").unwrap();
    u.set_encoded(Component::Path, "//x").unwrap();
    let e = u.to_uri().unwrap_err();
    assert!(e.message.contains("read back with another host"), "{e}");
    // A bad IP literal, given encoded.
    let mut u = Editable::parse("http://h/").unwrap();
    u.set_encoded(Component::Host, "[::g]").unwrap();
    assert!(u.to_uri().is_err());
}

#[test]
fn a_diagnostic_quotes_a_long_value_cut_not_whole() {
    let long = format!("1{}", "\u{301}".repeat(30_000));
    let mut u = Editable::parse("http://h/").unwrap();
    let e = u.set(Component::Scheme, &long).unwrap_err();
    assert!(
        e.message.len() < 400 && e.message.contains("…\" is not a scheme"),
        "{e}"
    );
    let e = u.set(Component::Port, &"9x".repeat(30_000)).unwrap_err();
    assert!(
        e.message.len() < 400 && e.message.starts_with("\"9x9x"),
        "{e}"
    );
    // Read back: two long values that part late are quoted from where they part.
    let mut u = Editable::parse("s:/x").unwrap();
    u.set_encoded(Component::Path, &format!("//{}", "a".repeat(30_000)))
        .unwrap();
    let e = u.to_uri().unwrap_err();
    assert!(
        e.message.len() < 400 && e.message.contains("another host"),
        "{e}"
    );
}

#[test]
fn query_pairs_like_trurl() {
    let t = |uri: &str, f: &dyn Fn(&mut Editable)| edited(uri, |u| f(u));
    assert_eq!(
        t("http://host?name=hello", &|u| query::append(
            u,
            "search=life",
            '&'
        )),
        "http://host?name=hello&search=life"
    );
    assert_eq!(
        t("http://host", &|u| query::append(u, "a b=c&d", '&')),
        "http://host?a%20b=c%26d"
    );
    assert_eq!(
        t("http://alpha?one=real&two=fake", &|u| {
            query::replace(u, "two=alsoreal", '&', false);
        }),
        "http://alpha?one=real&two=alsoreal"
    );
    assert_eq!(
        t("http://alpha?one=real&two=fake", &|u| {
            query::replace(u, "three=alsoreal", '&', true);
        }),
        "http://alpha?one=real&two=fake&three=alsoreal"
    );
    assert_eq!(
        t("http://alpha?one=real", &|u| {
            query::replace(u, "three=x", '&', false);
        }),
        "http://alpha?one=real"
    );
    assert_eq!(
        t("https://example.com?b=a&c=b&a=c", &|u| query::sort(u, '&')),
        "https://example.com?a=c&b=a&c=b"
    );
    assert_eq!(
        t("https://example.com?a12=hej&a23=moo&b12=foo", &|u| {
            query::trim(u, "a*", '&');
        }),
        "https://example.com?b12=foo"
    );
    assert_eq!(
        t("https://curl.se?search=fool;page=5", &|u| {
            query::trim(u, "search", ';');
        }),
        "https://curl.se?page=5"
    );
    assert_eq!(
        t("http://h?only=1", &|u| {
            query::trim(u, "only", '&');
        }),
        "http://h"
    );
    assert_eq!(
        t("http://twelve/three?hello", &|u| query::append_path(
            u, "fo/ur"
        )),
        "http://twelve/three/fo%2Fur?hello"
    );
    assert_eq!(t("http://h", &|u| query::append_path(u, "x")), "http://h/x");
    let u = Editable::parse("https://example.com?a=home&here=now&a=2&thisthen").unwrap();
    assert_eq!(query::first_value(&u, "a", '&').as_deref(), Some("home"));
    assert_eq!(query::all_values(&u, "a", '&'), ["home", "2"]);
    assert_eq!(query::first_value(&u, "thisthen", '&').as_deref(), Some(""));
    assert!(query::matches("utm_x", "utm_*") && !query::matches("xutm", "utm_*"));
    assert!(query::matches("a*", "a\\*") && !query::matches("ab", "a\\*"));
}

fn uri_strategy() -> impl Strategy<Value = String> {
    let part = "[a-zA-Z0-9._~!$&'()*+,;=:@%-]{0,6}";
    (
        prop::option::of("[a-z][a-z0-9+.-]{0,4}"),
        prop::option::of((
            prop::option::of("[a-z0-9%:]{0,5}"),
            prop_oneof![
                "[a-z0-9.-]{0,8}",
                Just("[::1]".to_string()),
                Just("[fe80::1%25e0]".to_string())
            ],
            prop::option::of("[0-9]{0,4}"),
        )),
        prop::collection::vec(part, 0..4),
        prop::option::of(part),
        prop::option::of(part),
    )
        .prop_map(|(scheme, auth, segs, q, f)| {
            let mut s = String::new();
            if let Some(sc) = scheme {
                s.push_str(&sc);
                s.push(':');
            }
            let has_auth = auth.is_some();
            if let Some((ui, h, p)) = auth {
                s.push_str("//");
                if let Some(ui) = ui {
                    s.push_str(&ui);
                    s.push('@');
                }
                s.push_str(&h);
                if let Some(p) = p {
                    s.push(':');
                    s.push_str(&p);
                }
            }
            for (i, seg) in segs.iter().enumerate() {
                if i > 0 || has_auth {
                    s.push('/');
                }
                s.push_str(seg);
            }
            if let Some(q) = q {
                s.push('?');
                s.push_str(&q);
            }
            if let Some(f) = f {
                s.push('#');
                s.push_str(&f);
            }
            s
        })
}

proptest! {
    /// Taking a reference apart and writing it back gives it back.
    #[test]
    fn recompose_is_the_identity(s in uri_strategy()) {
        if let Ok(u) = Editable::parse(&s) {
            prop_assert_eq!(u.to_uri().unwrap(), s);
        }
    }

    /// set_encoded(c, get(c)) changes nothing, for every component.
    #[test]
    fn setting_a_component_to_itself_changes_nothing(s in uri_strategy()) {
        if let Ok(u) = Editable::parse(&s) {
            for c in Component::ALL {
                let Some(v) = u.get(c) else { continue };
                let v = v.into_owned();
                if v.is_empty() {
                    continue;
                }
                let mut w = u.clone();
                w.set_encoded(c, &v).unwrap();
                prop_assert_eq!(w.to_uri().unwrap(), s.clone(), "{} = {:?}", c, v);
            }
        }
    }

    /// A value set decoded comes back decoded, and the result parses.
    #[test]
    fn set_then_get_gives_the_value_back(
        s in uri_strategy(),
        v in "[ -~éü€]{1,10}",
    ) {
        if let Ok(u) = Editable::parse(&s) {
            for c in [Component::User, Component::Password, Component::Path, Component::Query, Component::Fragment] {
                if u.host.is_none() && matches!(c, Component::User | Component::Password) {
                    continue;
                }
                let mut w = u.clone();
                w.set(c, &v).unwrap();
                let Ok(out) = w.to_uri() else {
                    // Only a path can be refused (`//` without an authority,
                    // a colon in a scheme-less first segment).
                    prop_assert_eq!(c, Component::Path);
                    continue;
                };
                let back = Editable::parse_with(&out, ParseOptions { iri: true }).unwrap();
                let want = if c == Component::Path && w.host.is_some() && !v.starts_with('/') {
                    format!("/{v}")
                } else {
                    v.clone()
                };
                prop_assert_eq!(back.decoded(c).unwrap().text.into_owned(), want, "{} in {:?}", c, out);
            }
        }
    }
}
