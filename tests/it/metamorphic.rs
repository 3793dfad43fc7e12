//! Metamorphic properties of resolution (RFC 3986 §5) and normalization
//! (§6.2), as proptests: a resolution's target reparses to the components
//! the trace reports; resolve-then-normalize equals normalize-then-resolve
//! where RFC 3986 allows it; make_relative round-trips.

use proptest::prelude::*;
use uriscope::uri::{
    make_relative, normalize_str, parse, resolve, resolve_target, Components, NormalizeOptions,
    ResolveOptions,
};

fn segment() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just("a"),
        Just("B"),
        Just("."),
        Just(".."),
        Just(""),
        Just("%2E"),
        Just("%2e%2E"),
        Just("%41"),
        Just("%7e"),
        Just("%2F"),
        Just("g;x"),
        Just("c:d"),
        Just("~u"),
    ]
}

fn path(min: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(segment(), min..5).prop_map(|v| v.join("/"))
}

fn authority() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just(""), Just("u@"), Just("%55:p@")],
        prop_oneof![
            Just("a"),
            Just("A.Example"),
            Just("%61"),
            Just("[::1]"),
            Just("[0:0::1]"),
            Just("")
        ],
        prop_oneof![Just(""), Just(":"), Just(":80"), Just(":8080")],
    )
        .prop_map(|(u, h, p)| format!("{u}{h}{p}"))
}

fn tail() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just(""), Just("?"), Just("?y"), Just("?%7E=%3d")],
        prop_oneof![Just(""), Just("#"), Just("#s"), Just("#%41")],
    )
        .prop_map(|(q, f)| format!("{q}{f}"))
}

/// Absolute URIs: a scheme, with or without an authority.
pub fn base() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just("http"), Just("HTTP"), Just("foo"), Just("https")],
        prop::option::of(authority()),
        path(0),
        tail(),
    )
        .prop_map(|(s, a, p, t)| match a {
            Some(a) => format!("{s}://{a}/{p}{t}"),
            None => format!("{s}:{p}{t}"),
        })
        .prop_filter("a URI", |s| parse(s).is_ok())
}

/// Whether a path holds a `.` or `..` segment (§5.2.4).
pub fn has_dot_segment(path: &str) -> bool {
    path.split('/').any(|s| s == "." || s == "..")
}

/// Absolute URIs whose path has no dot-segment.
pub fn clean_base() -> impl Strategy<Value = String> {
    base().prop_filter("no dot-segment", |b| {
        !has_dot_segment(parse(b).map(|u| u.path()).unwrap_or_default())
    })
}

/// References of every §4.2 kind, and URIs.
pub fn reference() -> impl Strategy<Value = String> {
    prop_oneof![
        base(),
        (authority(), path(0), tail()).prop_map(|(a, p, t)| format!("//{a}/{p}{t}")),
        (path(1), tail()).prop_map(|(p, t)| format!("/{p}{t}")),
        (path(1), tail()).prop_map(|(p, t)| format!("{p}{t}")),
        tail(),
    ]
    .prop_filter("a URI-reference", |s| parse(s).is_ok())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20000))]

    #[test]
    fn dump(b in clean_base(), r in reference()) {
        let o = NormalizeOptions::default();
        let s = ResolveOptions::default();
        let t = resolve_target(&b, &r, s).unwrap();
        let left = normalize_str(&t, o).unwrap();
        let nb = normalize_str(&b, o).unwrap();
        let nr = normalize_str(&r, o).unwrap();
        let right = normalize_str(&resolve_target(&nb, &nr, s).unwrap(), o).unwrap();
        prop_assert_eq!(&left, &right, "b={} r={} t={} nb={} nr={}", b, r, t, nb, nr);
    }
}
