//! RFC 3986 §5.2 resolution: the §5.4 example tables, the §5.2.4 dot-segment
//! tables row by row, the `//` hazard, errors, and proptests.

use proptest::prelude::*;
use uriscope_core::trace::DotRule;
use uriscope_core::{
    parse, relative::remove_dot_segments, relative::Subject, resolve, trace, ResolveOptions,
};

use crate::rfc_tables::{rfc3986_abnormal, rfc3986_normal, BASE};

#[track_caller]
fn check(base: &str, reference: &str, expected: &str, options: ResolveOptions) {
    let traced = trace::resolve(base, reference, options)
        .unwrap_or_else(|e| panic!("resolving {reference:?} against {base:?} failed: {e}"));
    assert_eq!(
        traced.target, expected,
        "traced: {reference:?} against {base:?}"
    );
    let fast = resolve(base, reference, options).expect("fast path agrees on success");
    assert_eq!(fast, expected, "fast: {reference:?} against {base:?}");
}

#[track_caller]
fn table(rows: &[(&str, &str)], options: ResolveOptions) {
    for (reference, expected) in rows {
        check(BASE, reference, expected, options);
    }
}

#[test]
fn rfc3986_5_4_1_normal_examples() {
    table(&rfc3986_normal(), ResolveOptions::default());
}

#[test]
fn rfc3986_5_4_2_abnormal_examples_strict() {
    table(&rfc3986_abnormal(), ResolveOptions::default());
}

#[test]
fn rfc3986_5_4_2_http_g_in_compat_mode() {
    check(BASE, "http:g", "http://a/b/c/g", ResolveOptions::compat());
    let r = trace::resolve(BASE, "http:g", ResolveOptions::compat()).unwrap();
    assert!(r
        .steps
        .iter()
        .any(|s| matches!(s, trace::Step::CompatSchemeDropped { scheme } if scheme == "http")));
    // A different scheme stays absolute in compat mode too.
    check(BASE, "g:h", "g:h", ResolveOptions::compat());
}

#[test]
fn compat_mode_agrees_with_strict_on_scheme_less_examples() {
    table(&rfc3986_normal(), ResolveOptions::compat());
    let abnormal = rfc3986_abnormal();
    table(&abnormal[..abnormal.len() - 1], ResolveOptions::compat());
}

#[track_caller]
fn dot_table(path: &str, rows: &[(&str, &str, &str)], result: &str) {
    let t = trace::remove_dot_segments_traced(path);
    let got: Vec<(&str, &str, &str)> = t
        .steps
        .iter()
        .map(|s| (s.rule.letter(), s.output.as_str(), s.input.as_str()))
        .collect();
    assert_eq!(got, rows, "rows for {path:?}");
    assert_eq!(t.output, result);
    assert_eq!(remove_dot_segments(path), result);
}

#[test]
fn rfc3986_5_2_4_first_table_row_by_row() {
    dot_table(
        "/a/b/c/./../../g",
        &[
            ("E", "/a", "/b/c/./../../g"),
            ("E", "/a/b", "/c/./../../g"),
            ("E", "/a/b/c", "/./../../g"),
            ("B", "/a/b/c", "/../../g"),
            ("C", "/a/b", "/../g"),
            ("C", "/a", "/g"),
            ("E", "/a/g", ""),
        ],
        "/a/g",
    );
}

#[test]
fn rfc3986_5_2_4_second_table_row_by_row() {
    dot_table(
        "mid/content=5/../6",
        &[
            ("E", "mid", "/content=5/../6"),
            ("E", "mid/content=5", "/../6"),
            ("C", "mid", "/6"),
            ("E", "mid/6", ""),
        ],
        "mid/6",
    );
}

#[test]
fn dot_steps_mark_what_moved_and_what_was_removed() {
    let t = trace::remove_dot_segments_traced("/a/b/c/./../../g");
    // Row 4 (2B) matched "/./" in "/./../../g".
    assert_eq!(t.steps[3].rule, DotRule::B);
    assert_eq!(t.steps[3].matched.range(), 0..3);
    // Row 5 (2C) removed "/c" from "/a/b/c".
    assert_eq!(t.steps[4].popped.map(|s| s.range()), Some(4..6));
    // Row 7 (2E) appended "/g" at 2..4 of "/a/g".
    assert_eq!(t.steps[6].appended.map(|s| s.range()), Some(2..4));
}

#[test]
fn trace_names_branch_and_quotes_condition() {
    let cases = [
        (
            "g:h",
            trace::Branch::ReferenceScheme,
            "if defined(R.scheme) then",
        ),
        (
            "//g",
            trace::Branch::ReferenceAuthority,
            "if defined(R.authority) then",
        ),
        ("?y", trace::Branch::EmptyPath, "if (R.path == \"\") then"),
        (
            "/g",
            trace::Branch::AbsolutePath,
            "if (R.path starts-with \"/\") then",
        ),
        (
            "../g",
            trace::Branch::Merge,
            "else (R.path is relative): T.path = merge(Base.path, R.path)",
        ),
    ];
    for (reference, branch, condition) in cases {
        let r = trace::resolve(BASE, reference, ResolveOptions::default()).unwrap();
        assert_eq!(r.branch, branch, "{reference}");
        assert_eq!(branch.condition(), condition);
        assert!(r.steps.contains(&trace::Step::Branch(branch)));
    }
}

#[test]
fn trace_records_target_assignments() {
    let r = trace::resolve(BASE, "?y", ResolveOptions::default()).unwrap();
    let target = r.steps.iter().find_map(|s| match s {
        trace::Step::Target {
            path,
            query,
            authority,
            ..
        } => Some((path.clone(), query.clone(), authority.clone())),
        _ => None,
    });
    let (path, query, authority) = target.expect("a Target step");
    assert_eq!(
        (path.rule, path.value.as_deref()),
        ("T.path = Base.path", Some("/b/c/d;p"))
    );
    assert_eq!(
        (query.rule, query.value.as_deref()),
        ("T.query = R.query", Some("y"))
    );
    assert_eq!(authority.value.as_deref(), Some("a"));
    let r = trace::resolve(BASE, "", ResolveOptions::default()).unwrap();
    assert!(r.steps.iter().any(
        |s| matches!(s, trace::Step::Target { query, .. } if query.rule == "T.query = Base.query")
    ));
}

#[test]
fn merge_with_authority_and_empty_path_prepends_slash() {
    check("http://a", "g", "http://a/g", ResolveOptions::default());
    check(
        "http://a?q",
        "../g/./h",
        "http://a/g/h",
        ResolveOptions::default(),
    );
    let r = trace::resolve("http://a", "g", ResolveOptions::default()).unwrap();
    let merge = r.steps.iter().find_map(|s| match s {
        trace::Step::Merge(m) => Some(m.clone()),
        _ => None,
    });
    let m = merge.expect("a Merge step");
    assert!(m.authority_and_empty_path);
    assert_eq!(m.merged, "/g");
}

#[test]
fn merge_with_base_path_without_slash_keeps_nothing() {
    // RFC 3986 §5.2.3: "excluding the entire base URI path if it does not contain any "/""
    check(
        "mailto:joe@example.com",
        "fred@example.com",
        "mailto:fred@example.com",
        ResolveOptions::default(),
    );
}

#[test]
fn double_slash_path_without_authority_hazard() {
    // base `scheme:/a`, reference `/.//foo`: T.path "//foo" without authority.
    let r = trace::resolve("scheme:/a", "/.//foo", ResolveOptions::default()).unwrap();
    assert_eq!(r.target, "scheme:/.//foo");
    assert_eq!(
        resolve("scheme:/a", "/.//foo", ResolveOptions::default()).unwrap(),
        r.target
    );
    let (subject, f) = r.findings().next().expect("a finding");
    assert_eq!(subject, Subject::Target);
    assert_eq!(f.code, "double-slash-path-without-authority");
    assert!(f.message.contains("\"/.\""), "{}", f.message);
    assert_eq!(f.span.slice(&r.target), "/.//foo");
    // The safe form re-parses with no authority and resolves to itself.
    let u = parse(&r.target).unwrap();
    assert_eq!(u.authority(), None);
    assert_eq!(u.path(), "/.//foo");
    // Through a merge as well.
    check(
        "scheme:/a/b",
        "..//foo",
        "scheme:/.//foo",
        ResolveOptions::default(),
    );
}

#[test]
fn base_fragment_is_dropped_with_a_note() {
    let r = trace::resolve("http://a/b#frag", "c", ResolveOptions::default()).unwrap();
    assert_eq!(r.target, "http://a/c");
    let (subject, f) = r.findings().next().unwrap();
    assert_eq!(
        (subject, f.code.as_str()),
        (Subject::Base, "base-fragment-dropped")
    );
    assert_eq!(f.span.range(), 10..15);
    check(
        "http://a/b#frag",
        "",
        "http://a/b",
        ResolveOptions::default(),
    );
}

#[test]
fn errors_name_the_faulty_input() {
    let e = trace::resolve("/relative/base", "g", ResolveOptions::default()).unwrap_err();
    assert_eq!(
        (e.subject, e.code.as_str()),
        (Subject::Base, "base-not-absolute")
    );
    assert!(e.message.contains("§5.2.1"), "{}", e.message);
    let e = trace::resolve("http://a b/", "g", ResolveOptions::default()).unwrap_err();
    assert_eq!(
        (e.subject, e.code.as_str()),
        (Subject::Base, "invalid-base")
    );
    assert!(!e.findings.is_empty());
    let e = resolve(BASE, "g h", ResolveOptions::default()).unwrap_err();
    assert_eq!(
        (e.subject, e.code.as_str()),
        (Subject::Reference, "invalid-reference")
    );
    assert!(e.message.contains("at byte 1"), "{}", e.message);
}

/// The naive oracle: the RFC's string buffers, rewritten with plain string
/// operations, written independently of the crate's traced version.
fn oracle_remove_dot_segments(path: &str) -> String {
    let mut input = path.to_string();
    let mut output = String::new();
    while !input.is_empty() {
        if let Some(rest) = input.strip_prefix("../") {
            input = rest.to_string();
        } else if let Some(rest) = input.strip_prefix("./") {
            input = rest.to_string();
        } else if let Some(rest) = input.strip_prefix("/./") {
            input = format!("/{rest}");
        } else if input == "/." {
            input = "/".to_string();
        } else if input.starts_with("/../") || input == "/.." {
            input = format!("/{}", &input[input.len().min(4)..]);
            match output.rfind('/') {
                Some(k) => output.truncate(k),
                None => output.clear(),
            }
        } else if input == "." || input == ".." {
            input.clear();
        } else {
            let first: String = input.chars().take(1).collect();
            let tail: String = input.chars().skip(1).take_while(|&c| c != '/').collect();
            let seg = if first == "/" {
                format!("/{tail}")
            } else {
                input.chars().take_while(|&c| c != '/').collect()
            };
            output.push_str(&seg);
            input = input[seg.len()..].to_string();
        }
    }
    output
}

fn path_strategy() -> impl Strategy<Value = String> {
    let seg = prop_oneof![
        Just(".".to_string()),
        Just("..".to_string()),
        Just("".to_string()),
        Just("...".to_string()),
        Just(".a".to_string()),
        "[a-c;=]{1,3}",
    ];
    (any::<bool>(), prop::collection::vec(seg, 0..8)).prop_map(|(lead, segs)| {
        let p = segs.join("/");
        if lead {
            format!("/{p}")
        } else {
            p
        }
    })
}

pub fn reference_strategy() -> impl Strategy<Value = String> {
    let path = path_strategy();
    let prefix = prop_oneof![
        Just(String::new()),
        Just("//h".to_string()),
        Just("//u@h:8".to_string()),
        Just("s:".to_string()),
        Just("http:".to_string()),
        // A scheme and an authority: the reference is its own target,
        // unless compat mode drops a scheme that equals the base's.
        Just("http://h".to_string()),
        Just("HTTP://u@h:8".to_string()),
        Just("s://h".to_string()),
    ];
    let query = prop::option::of("[a-z/.?]{0,4}");
    let fragment = prop::option::of("[a-z/.]{0,3}");
    (prefix, path, query, fragment).prop_filter_map("valid reference", |(pre, path, q, f)| {
        let path = if pre.contains("//") && !path.is_empty() && !path.starts_with('/') {
            format!("/{path}")
        } else {
            path
        };
        let mut s = format!("{pre}{path}");
        if let Some(q) = q {
            s.push('?');
            s.push_str(&q);
        }
        if let Some(f) = f {
            s.push('#');
            s.push_str(&f);
        }
        parse(&s).is_ok().then_some(s)
    })
}

pub fn base_strategy() -> impl Strategy<Value = String> {
    let path = path_strategy();
    let prefix = prop_oneof![
        Just("http://a".to_string()),
        Just("s:".to_string()),
        Just("s://".to_string())
    ];
    (prefix, path, prop::option::of("[a-z]{0,2}")).prop_filter_map(
        "valid base",
        |(pre, path, q)| {
            let path = if pre.ends_with('/') || pre.contains("//") {
                if path.is_empty() || path.starts_with('/') {
                    path
                } else {
                    format!("/{path}")
                }
            } else {
                path
            };
            let mut s = format!("{pre}{path}");
            if let Some(q) = q {
                s.push('?');
                s.push_str(&q);
            }
            parse(&s).is_ok().then_some(s)
        },
    )
}

proptest! {
    #[test]
    fn remove_dot_segments_agrees_with_oracle(path in path_strategy()) {
        let expected = oracle_remove_dot_segments(&path);
        prop_assert_eq!(remove_dot_segments(&path), expected.clone());
        prop_assert_eq!(trace::remove_dot_segments_traced(&path).output, expected.clone());
        let has = path.split('/').any(|s| s == "." || s == "..");
        if !has {
            prop_assert_eq!(&path, &expected);
        }
    }

    #[test]
    fn resolution_parses_and_matches_its_trace(base in base_strategy(), reference in reference_strategy(), compat in any::<bool>()) {
        let options = if compat { ResolveOptions::compat() } else { ResolveOptions::default() };
        let r = trace::resolve(&base, &reference, options).unwrap();
        let u = parse(&r.target).map_err(|e| TestCaseError::fail(format!("{} does not parse: {e}", r.target)))?;
        prop_assert_eq!(u.parts(), r.components.parts());
        let traced_target = r.steps.iter().find_map(|s| match s {
            trace::Step::Target { scheme, authority, path, query, fragment } => Some((
                scheme.value.clone(), authority.value.clone(), path.value.clone().unwrap_or_default(),
                query.value.clone(), fragment.value.clone(),
            )),
            _ => None,
        }).unwrap();
        prop_assert_eq!(u.scheme().map(str::to_string), traced_target.0);
        prop_assert_eq!(u.authority().map(str::to_string), traced_target.1);
        prop_assert_eq!(u.path(), traced_target.2);
        prop_assert_eq!(u.query().map(str::to_string), traced_target.3);
        prop_assert_eq!(u.fragment().map(str::to_string), traced_target.4);
        prop_assert_eq!(resolve(&base, &reference, options).unwrap(), r.target);
    }
}

/// RFC 3987 §6.5 resolves IRIs with the RFC 3986 §5.2
/// algorithm as it stands, directly on the IRIs.
const IRI_BASE: &str = "https://münchen.de/straße/ä?q=ü";
const IRI_RESOLUTIONS: &[(&str, &str)] = &[
    ("ö", "https://münchen.de/straße/ö"),
    ("../ö/./ß", "https://münchen.de/ö/ß"),
    ("?q=é", "https://münchen.de/straße/ä?q=é"),
    ("", "https://münchen.de/straße/ä?q=ü"),
    ("#frä", "https://münchen.de/straße/ä?q=ü#frä"),
    ("//例え.jp/パス", "https://例え.jp/パス"),
    ("g", "https://münchen.de/straße/g"),
];

/// Regression: `https://münchen.de/straße?q=ü` in the Resolve pane
/// said "cannot resolve: not a valid URI-reference".
#[test]
fn iri_base_and_reference_resolve_with_iri_option() {
    let o = ResolveOptions::default().iri(true);
    for &(reference, expected) in IRI_RESOLUTIONS {
        check(IRI_BASE, reference, expected, o);
    }
    check(
        "https://münchen.de/straße?q=ü",
        "",
        "https://münchen.de/straße?q=ü",
        o,
    );
    // Without the option the error names the way out.
    let e = resolve(IRI_BASE, "ö", ResolveOptions::default()).unwrap_err();
    assert_eq!(e.subject, Subject::Base);
    assert!(
        e.message.contains("it is a valid IRI-reference"),
        "{}",
        e.message
    );
    // An input that is not an IRI either is still refused.
    let e = resolve(IRI_BASE, "a b", o).unwrap_err();
    assert_eq!(e.code, "invalid-reference");
    assert!(
        e.message.contains("IRI-reference (RFC 3987)"),
        "{}",
        e.message
    );
}

proptest! {
    /// An ASCII base and reference resolve the same with or without `iri`.
    #[test]
    fn iri_option_changes_nothing_for_uris(r in "[a-z./?#]{0,12}") {
        let iri = ResolveOptions::default().iri(true);
        prop_assert_eq!(
            resolve(BASE, &r, ResolveOptions::default()).ok(),
            resolve(BASE, &r, iri).ok()
        );
    }
}
