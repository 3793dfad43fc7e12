//! A naive oracle for the RFC 2396 grammar: Appendix A transcribed rule by
//! rule as functions from a start position to every position the rule can
//! end at (so alternatives and repetitions backtrack for free), checked
//! against the one-pass validator with proptest.

use std::collections::BTreeSet;

use proptest::prelude::*;
use uriscope_core::rfc2396::{analyze, classify_authority, AuthorityKind};
use uriscope_core::Span;

type Ends = BTreeSet<usize>;

fn one(i: usize) -> Ends {
    BTreeSet::from([i])
}

/// `f` then `g`.
fn seq(
    s: &[u8],
    i: usize,
    f: impl Fn(&[u8], usize) -> Ends,
    g: impl Fn(&[u8], usize) -> Ends,
) -> Ends {
    f(s, i).into_iter().flat_map(|j| g(s, j)).collect()
}

fn alt(
    s: &[u8],
    i: usize,
    f: impl Fn(&[u8], usize) -> Ends,
    g: impl Fn(&[u8], usize) -> Ends,
) -> Ends {
    let mut e = f(s, i);
    e.extend(g(s, i));
    e
}

fn opt(s: &[u8], i: usize, f: impl Fn(&[u8], usize) -> Ends) -> Ends {
    let mut e = f(s, i);
    e.insert(i);
    e
}

/// `*f`: every position reachable by zero or more `f`.
fn star(s: &[u8], i: usize, f: impl Fn(&[u8], usize) -> Ends) -> Ends {
    let mut all = one(i);
    let mut todo = vec![i];
    while let Some(j) = todo.pop() {
        for k in f(s, j) {
            if all.insert(k) {
                todo.push(k);
            }
        }
    }
    all
}

/// `1*f`.
fn plus(s: &[u8], i: usize, f: impl Fn(&[u8], usize) -> Ends + Copy) -> Ends {
    seq(s, i, f, |s, j| star(s, j, f))
}

fn ch(s: &[u8], i: usize, set: &[u8]) -> Ends {
    match s.get(i) {
        Some(c) if set.contains(c) => one(i + 1),
        _ => Ends::new(),
    }
}

fn lit(s: &[u8], i: usize, l: &[u8]) -> Ends {
    if s[i..].starts_with(l) {
        one(i + l.len())
    } else {
        Ends::new()
    }
}

const LOWALPHA: &[u8] = b"abcdefghijklmnopqrstuvwxyz";
const UPALPHA: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGIT: &[u8] = b"0123456789";
const MARK: &[u8] = b"-_.!~*'()";
const RESERVED: &[u8] = b";/?:@&=+$,";
const HEX: &[u8] = b"0123456789ABCDEFabcdef";

fn alpha(s: &[u8], i: usize) -> Ends {
    alt(s, i, |s, i| ch(s, i, LOWALPHA), |s, i| ch(s, i, UPALPHA))
}
fn digit(s: &[u8], i: usize) -> Ends {
    ch(s, i, DIGIT)
}
fn alphanum(s: &[u8], i: usize) -> Ends {
    alt(s, i, alpha, digit)
}
fn unreserved(s: &[u8], i: usize) -> Ends {
    alt(s, i, alphanum, |s, i| ch(s, i, MARK))
}
fn escaped(s: &[u8], i: usize) -> Ends {
    seq(
        s,
        i,
        |s, i| lit(s, i, b"%"),
        |s, j| seq(s, j, |s, j| ch(s, j, HEX), |s, k| ch(s, k, HEX)),
    )
}
/// `unreserved | escaped | <one of extra>`.
fn ue(s: &[u8], i: usize, extra: &[u8]) -> Ends {
    let mut e = alt(s, i, unreserved, escaped);
    e.extend(ch(s, i, extra));
    e
}
fn uric(s: &[u8], i: usize) -> Ends {
    ue(s, i, RESERVED)
}
fn pchar(s: &[u8], i: usize) -> Ends {
    ue(s, i, b":@&=+$,")
}
// segment = *pchar *( ";" param ); param = *pchar
fn segment(s: &[u8], i: usize) -> Ends {
    seq(
        s,
        i,
        |s, i| star(s, i, pchar),
        |s, j| {
            star(s, j, |s, k| {
                seq(s, k, |s, k| lit(s, k, b";"), |s, m| star(s, m, pchar))
            })
        },
    )
}
fn path_segments(s: &[u8], i: usize) -> Ends {
    seq(s, i, segment, |s, j| {
        star(s, j, |s, k| seq(s, k, |s, k| lit(s, k, b"/"), segment))
    })
}
fn abs_path(s: &[u8], i: usize) -> Ends {
    seq(s, i, |s, i| lit(s, i, b"/"), path_segments)
}
fn rel_segment(s: &[u8], i: usize) -> Ends {
    plus(s, i, |s, i| ue(s, i, b";@&=+$,"))
}
fn rel_path(s: &[u8], i: usize) -> Ends {
    seq(s, i, rel_segment, |s, j| opt(s, j, abs_path))
}
fn reg_name(s: &[u8], i: usize) -> Ends {
    plus(s, i, |s, i| ue(s, i, b"$,;:@&=+"))
}
fn userinfo(s: &[u8], i: usize) -> Ends {
    star(s, i, |s, i| ue(s, i, b";:&=+$,"))
}
// domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum
fn domainlabel(s: &[u8], i: usize) -> Ends {
    alt(s, i, alphanum, |s, i| {
        seq(s, i, alphanum, |s, j| {
            seq(
                s,
                j,
                |s, j| star(s, j, |s, k| alt(s, k, alphanum, |s, k| ch(s, k, b"-"))),
                alphanum,
            )
        })
    })
}
// toplabel = alpha | alpha *( alphanum | "-" ) alphanum
fn toplabel(s: &[u8], i: usize) -> Ends {
    alt(s, i, alpha, |s, i| {
        seq(s, i, alpha, |s, j| {
            seq(
                s,
                j,
                |s, j| star(s, j, |s, k| alt(s, k, alphanum, |s, k| ch(s, k, b"-"))),
                alphanum,
            )
        })
    })
}
fn hostname(s: &[u8], i: usize) -> Ends {
    let labels = |s: &[u8], i| star(s, i, |s, k| seq(s, k, domainlabel, |s, m| lit(s, m, b".")));
    seq(s, i, labels, |s, j| {
        seq(s, j, toplabel, |s, k| opt(s, k, |s, k| lit(s, k, b".")))
    })
}
fn ipv4address(s: &[u8], i: usize) -> Ends {
    let digits = |s: &[u8], i| plus(s, i, digit);
    let dot_digits = move |s: &[u8], i| seq(s, i, |s, i| lit(s, i, b"."), digits);
    seq(s, i, digits, |s, j| {
        seq(s, j, dot_digits, |s, k| seq(s, k, dot_digits, dot_digits))
    })
}
fn hostport(s: &[u8], i: usize) -> Ends {
    let host = |s: &[u8], i| alt(s, i, hostname, ipv4address);
    let port = |s: &[u8], i| seq(s, i, |s, i| lit(s, i, b":"), |s, j| star(s, j, digit));
    seq(s, i, host, |s, j| opt(s, j, port))
}
fn server(s: &[u8], i: usize) -> Ends {
    opt(s, i, |s, i| {
        let ui = |s: &[u8], i| seq(s, i, userinfo, |s, j| lit(s, j, b"@"));
        seq(s, i, |s, i| opt(s, i, ui), hostport)
    })
}
fn authority(s: &[u8], i: usize) -> Ends {
    alt(s, i, server, reg_name)
}
fn net_path(s: &[u8], i: usize) -> Ends {
    seq(
        s,
        i,
        |s, i| lit(s, i, b"//"),
        |s, j| seq(s, j, authority, |s, k| opt(s, k, abs_path)),
    )
}
fn query(s: &[u8], i: usize) -> Ends {
    seq(s, i, |s, i| lit(s, i, b"?"), |s, j| star(s, j, uric))
}
fn scheme(s: &[u8], i: usize) -> Ends {
    seq(s, i, alpha, |s, j| {
        star(s, j, |s, k| alt(s, k, alphanum, |s, k| ch(s, k, b"+-.")))
    })
}
fn opaque_part(s: &[u8], i: usize) -> Ends {
    seq(s, i, |s, i| ue(s, i, b";?:@&=+$,"), |s, j| star(s, j, uric))
}
fn absolute_uri(s: &[u8], i: usize) -> Ends {
    let hier = |s: &[u8], i| {
        seq(
            s,
            i,
            |s, i| alt(s, i, net_path, abs_path),
            |s, j| opt(s, j, query),
        )
    };
    seq(s, i, scheme, |s, j| {
        seq(
            s,
            j,
            |s, j| lit(s, j, b":"),
            |s, k| alt(s, k, hier, opaque_part),
        )
    })
}
fn relative_uri(s: &[u8], i: usize) -> Ends {
    let path = |s: &[u8], i| alt(s, i, |s, i| alt(s, i, net_path, abs_path), rel_path);
    seq(s, i, path, |s, j| opt(s, j, query))
}
/// `URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]`.
fn uri_reference(s: &[u8]) -> bool {
    let fragment = |s: &[u8], i| seq(s, i, |s, i| lit(s, i, b"#"), |s, j| star(s, j, uric));
    let ends = seq(
        s,
        0,
        |s, i| opt(s, i, |s, i| alt(s, i, absolute_uri, relative_uri)),
        |s, j| opt(s, j, fragment),
    );
    ends.contains(&s.len())
}

fn whole(s: &[u8], f: impl Fn(&[u8], usize) -> Ends) -> bool {
    f(s, 0).contains(&s.len())
}

#[test]
fn oracle_agrees_on_known_inputs() {
    for (s, ok) in [
        ("http://a/b/c/d;p?q", true),
        ("mailto:a?b", true),
        ("about:", false),
        ("?y", false),
        ("#s", true),
        ("", true),
        ("http://[::1]/", false),
        ("http://a@b@c/", true),
        ("1this:that", false),
        ("./this:that", true),
    ] {
        assert_eq!(uri_reference(s.as_bytes()), ok, "oracle on {s:?}");
        assert_eq!(analyze(s).is_valid(), ok, "validator on {s:?}");
    }
    assert!(whole(b"www.example.com.", hostname));
    assert!(!whole(b"example.123", hostname));
    assert!(whole(b"u@1.2.3.4:80", server));
}

proptest! {
    #[test]
    fn validator_matches_the_appendix_a_oracle(s in "[aZ1:/?#@.%;=!~\\[+$,&_ -]{0,14}") {
        prop_assert_eq!(analyze(&s).is_valid(), uri_reference(s.as_bytes()), "{:?}", s);
    }

    #[test]
    fn validator_matches_the_oracle_on_uri_shapes(
        head in prop_oneof![Just(""), Just("h:"), Just("h://"), Just("//"), Just("/"), Just("h:/"), Just("./")],
        body in "[a1:/?#@.%;!\\[-]{0,10}",
    ) {
        let s = format!("{head}{body}");
        prop_assert_eq!(analyze(&s).is_valid(), uri_reference(s.as_bytes()), "{:?}", s);
    }

    #[test]
    fn server_classification_matches_the_oracle(a in "[a1.:@_-]{0,10}") {
        let is_server = matches!(classify_authority(&a, Span::new(0, a.len())).kind, AuthorityKind::Server { .. });
        prop_assert_eq!(is_server, whole(a.as_bytes(), server), "{:?}", a);
    }
}
