//! Confusion flags and the allowlist tester,
//! on known confusion inputs written as our own cases.

use uriscope::confuse::allow::{host_allowed, passes, verdicts, NAIVE};
use uriscope::confuse::flags::{flags, Class};

fn classes(url: &str) -> Vec<&'static str> {
    let mut v: Vec<&'static str> = flags(url).iter().map(|f| f.class.name()).collect();
    v.dedup();
    v
}

#[test]
fn each_class_is_found_where_it_is() {
    let cases: &[(&str, &[&str])] = &[
        ("http://evil.com\\@good.com/", &["backslash"]),
        ("http:/\\/evil.com", &["irregular-slashes", "backslash"]),
        ("http:///evil.com", &["irregular-slashes"]),
        ("https:evil.com", &["irregular-slashes"]),
        ("HTTP://example.com/", &["scheme-confusion"]),
        (
            "java\tscript:alert(1)",
            &["whitespace-or-control", "scheme-confusion"],
        ),
        (" http://sp.com", &["whitespace-or-control"]),
        ("https://example.com%2F@evil.com/", &["encoded-delimiter"]),
        ("http://h/a%2F..%2Fetc", &["encoded-delimiter"]),
        ("http://a@b@c/", &["several-at"]),
        ("http://0x7f.1/", &["internal-address"]),
        ("http://2130706433/", &["internal-address"]),
        (
            "http://169.254.169.254/latest/meta-data/",
            &["internal-address"],
        ),
        ("http://[::ffff:169.254.169.254]/", &["internal-address"]),
        ("http://10.0.0.1/", &["internal-address"]),
        ("http://xn--80ak6aa92e.com/", &["idn-homograph"]),
        ("http://раypal.com/", &["idn-homograph"]),
        // All Cyrillic, reads as apple.com (UTS #39 whole-script confusable).
        ("http://аррӏе.com/", &["idn-homograph"]),
        ("http://paypa1.com/", &["idn-homograph"]),
        // One script with ordinary diacritics: no homograph.
        ("http://xn--bcher-kva.de/", &[]),
        ("http://münchen.de/", &[]),
        ("http://résumé.example.org/", &[]),
        ("https://example.com/a/b?q=1#f", &[]),
        ("mailto:a@example.org", &[]),
    ];
    for (url, want) in cases {
        let got = classes(url);
        for w in *want {
            assert!(got.contains(w), "{url:?}: {w} missing from {got:?}");
        }
        if want.is_empty() {
            assert!(got.is_empty(), "{url:?}: {got:?}");
        }
    }
    // Positions point at the cause, and every class names its sections.
    let f = &flags("http://evil.com\\@good.com/")[0];
    assert_eq!((f.class, f.start, f.end), (Class::Backslash, 15, 16));
    for f in flags("http://0x7f.1/") {
        assert!(f.message.contains("127.0.0.1 (loopback)"), "{}", f.message);
        assert!(f.class.sections().contains("§7.4"));
    }
    let meta = flags("http://169.254.169.254/");
    assert!(meta[0].message.contains("cloud metadata"), "{:?}", meta);
}

#[test]
fn flags_never_panic_on_odd_text() {
    for s in [
        "",
        ":",
        "a:",
        "http:",
        "http://",
        "http://[",
        "http://[::1",
        "%",
        "%2",
        "x%2F",
        "\u{202e}://a",
        "http://@",
        "http://a:b@",
    ] {
        let _ = flags(s);
    }
}

#[test]
fn naive_allowlist_checks_and_who_fools_them() {
    assert!(host_allowed("api.good.com", "good.com"));
    assert!(!host_allowed("notgood.com", "good.com"));
    let url = "http://evil.com\\@good.com/";
    let pass: Vec<&str> = NAIVE
        .iter()
        .filter(|n| passes(n, url, "good.com"))
        .map(|n| n.name)
        .collect();
    assert_eq!(pass, ["substring", "split", "suffix"]);
    // WHATWG (a browser, fetch, reqwest) connects to evil.com: the checks
    // that pass are fooled for it; an engine that reads good.com is not.
    let hosts = vec![
        ("whatwg-url".to_string(), Some("evil.com".to_string())),
        ("python urllib".to_string(), Some("good.com".to_string())),
        ("rfc3986".to_string(), None),
    ];
    for v in verdicts(url, "good.com", &hosts) {
        if v.passes {
            assert_eq!(v.fooled_for, ["whatwg-url"], "{}", v.check.name);
        } else {
            assert!(v.fooled_for.is_empty());
        }
    }
    // The suffix check without a dot boundary lets a lookalike domain in.
    let v = verdicts(
        "https://notgood.com/",
        "good.com",
        &[("whatwg-url".into(), Some("notgood.com".into()))],
    );
    let suffix = v.iter().find(|v| v.check.name == "suffix").unwrap();
    assert!(suffix.passes && suffix.fooled_for == ["whatwg-url"]);
    // A URL on the allowed host fools nothing.
    let v = verdicts(
        "https://good.com/x",
        "good.com",
        &[("whatwg-url".into(), Some("good.com".into()))],
    );
    assert!(v.iter().all(|v| v.fooled_for.is_empty()));
}

/// A homograph label repeated is flagged where each copy is (a search for
/// the label's text put both at the first), and a long one is quoted cut.
#[test]
fn each_homograph_label_is_flagged_at_its_own_offset() {
    let label = "p\u{430}ypal"; // a Cyrillic а among Latin letters
    let url = format!("http://{label}.{label}/");
    let at: Vec<(usize, usize)> = flags(&url)
        .iter()
        .filter(|f| f.class == Class::IdnHomograph)
        .map(|f| (f.start, f.end))
        .collect();
    let (first, second) = (7, 7 + label.len() + 1);
    assert_eq!(
        at,
        [(first, first + label.len()), (second, second + label.len())]
    );
    let long = format!("http://{}/", label.repeat(5000));
    let f = flags(&long);
    let h = f.iter().find(|f| f.class == Class::IdnHomograph).unwrap();
    assert_eq!((h.start, h.end), (7, 7 + 5000 * label.len()));
    assert!(h.message.len() < 500, "{}", h.message.len());
}
