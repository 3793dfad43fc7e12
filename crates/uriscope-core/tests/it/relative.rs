//! make_relative: the shortest reference resolving back to a target.

use crate::same_case::same_up_to_scheme_and_host_case;
use proptest::prelude::*;
use uriscope_core::{relative::make_relative, resolve, trace, ResolveOptions};

use crate::resolve::{base_strategy, reference_strategy};

const BASE: &str = "http://a/b/c/d;p?q";

#[track_caller]
fn rel(base: &str, target: &str, expected: &str) {
    let r = make_relative(base, target, Default::default())
        .unwrap_or_else(|e| panic!("{target:?}: {e}"));
    assert_eq!(
        r.reference, expected,
        "reference for {target:?} against {base:?}"
    );
    assert_eq!(r.proof.target, target, "proof for {target:?}");
    let again = trace::resolve(base, &r.reference, ResolveOptions::default()).unwrap();
    assert_eq!(again.target, target);
}

#[test]
fn rfc3986_5_4_1_targets_get_short_references() {
    rel(BASE, "g:h", "g:h");
    rel(BASE, "http://a/b/c/g", "g");
    rel(BASE, "http://a/b/c/g/", "g/");
    rel(BASE, "http://a/g", "/g");
    rel(BASE, "http://g", "//g");
    rel(BASE, "http://a/b/c/d;p?y", "?y");
    rel(BASE, "http://a/b/c/g?y", "g?y");
    rel(BASE, "http://a/b/c/d;p?q#s", "#s");
    rel(BASE, "http://a/b/c/g#s", "g#s");
    rel(BASE, "http://a/b/c/;x", ";x");
    rel(BASE, "http://a/b/c/d;p?q", "");
    rel(BASE, "http://a/b/c/", ".");
    rel(BASE, "http://a/b/", "..");
    rel(BASE, "http://a/b/g", "../g");
    rel(BASE, "http://a/", "/");
}

#[test]
fn colon_in_first_segment_gets_dot_slash() {
    rel(BASE, "http://a/b/c/g:h", "./g:h");
    rel("s:x", "s:y:z", "./y:z");
}

#[test]
fn base_path_kept_when_query_goes_away() {
    // No query in the target, one in the base: "" would keep it, so the last segment is named.
    rel(BASE, "http://a/b/c/d;p", "d;p");
}

#[test]
fn network_path_and_absolute_fallbacks() {
    rel(BASE, "http://u@a/b/c/g", "//u@a/b/c/g");
    rel(BASE, "https://a/b/c/g", "https://a/b/c/g");
    rel("s:/a", "s:/.//foo", ".//foo");
    rel(BASE, "http://a/b//x", "..//x");
}

#[test]
fn unreachable_and_invalid_targets_are_errors() {
    let e = make_relative(BASE, "http://a/b/../c", Default::default()).unwrap_err();
    assert_eq!(e.code, "unreachable-target");
    assert_eq!(
        make_relative(BASE, "g", Default::default())
            .unwrap_err()
            .code,
        "target-not-absolute"
    );
    assert_eq!(
        make_relative(BASE, "http://a b", Default::default())
            .unwrap_err()
            .code,
        "invalid-target"
    );
    assert_eq!(
        make_relative("/x", "http://a", Default::default())
            .unwrap_err()
            .code,
        "base-not-absolute"
    );
}

proptest! {
    #[test]
    fn make_relative_round_trips(base in base_strategy(), reference in reference_strategy()) {
        let target = resolve(&base, &reference, ResolveOptions::default()).unwrap();
        let r = make_relative(&base, &target, Default::default()).map_err(|e| TestCaseError::fail(format!("{base} {target}: {e}")))?;
        // Equal up to the case of the scheme (§3.1): `HTTP://u@h` against
        // an http base is `//u@h`, which resolves with the base's `http`.
        let lower_scheme = |s: &str| match s.split_once(':') {
            Some((scheme, rest)) => format!("{}:{rest}", scheme.to_ascii_lowercase()),
            None => s.to_string(),
        };
        prop_assert_eq!(
            lower_scheme(&resolve(&base, &r.reference, ResolveOptions::default()).unwrap()),
            lower_scheme(&target)
        );
        prop_assert_eq!(lower_scheme(&r.proof.target), lower_scheme(&target));
        prop_assert!(r.reference.len() <= target.len());
        prop_assert!(r.reference.len() <= reference.len() || reference.starts_with("http:"),
            "{} longer than {}", r.reference, reference);
    }
}

/// Review: `relative --base HTTP://a/b/c http://a/b/d` gave the absolute
/// URI and `http://A/b/d` against `http://a/b/c` gave `//A/b/d`; schemes
/// (§3.1) and hosts (§3.2.2) are case-insensitive.
#[test]
fn relative_scheme_and_host_case_insensitive() {
    for (base, target, want) in [
        ("HTTP://a/b/c", "http://a/b/d", "d"),
        ("http://a/b/c", "http://A/b/d", "d"),
        ("Http://A.Example/b/c", "hTTP://a.example/g", "/g"),
        ("http://a/b/c", "HTTP://a/b/c?q", "?q"),
    ] {
        let r = make_relative(base, target, Default::default()).unwrap();
        assert_eq!(r.reference, want, "{target} against {base}");
        let back = resolve(base, &r.reference, ResolveOptions::default()).unwrap();
        assert!(same_up_to_scheme_and_host_case(&back, target), "{back}");
        assert!(r.verified, "{target} against {base}");
    }
    // Userinfo, path and port stay case-sensitive.
    assert_eq!(
        make_relative("http://U@a/b/c", "http://u@a/b/d", Default::default())
            .unwrap()
            .reference,
        "//u@a/b/d"
    );
    assert_eq!(
        make_relative("http://a/B/c", "http://a/b/d", Default::default())
            .unwrap()
            .reference,
        "/b/d"
    );
}
