//! RFC 2396: the §5.2 resolution algorithm against every Appendix C example,
//! the step 6g policies, and where RFC 3986 §5.4 answers differently.
//! Grammar tables in `grammar`, property tests in `props`.

mod grammar;
mod oracle;
mod props;

use uriscope_core::rfc2396::{resolve, AboveRoot, Options, ResolveErrorKind};

use crate::rfc_tables::{rfc2396_appendix_c, rfc3986_abnormal, rfc3986_normal, BASE};

/// Resolve under `policy`, check the target, and check that the trace
/// ends with that target and names each rule at most in order.
#[track_caller]
fn resolves(policy: AboveRoot, reference: &str, want: &str) {
    let r = resolve(BASE, reference, Options { above_root: policy })
        .unwrap_or_else(|e| panic!("{reference:?}: {e}"));
    assert_eq!(
        r.target, want,
        "{reference:?} under {policy:?}: {:#?}",
        r.steps
    );
    let last = r.steps.last().expect("a trace");
    assert_eq!(
        last.buffer, want,
        "{reference:?}: the last step holds the target"
    );
    assert_eq!(r.steps[0].rule, "1");
}

/// RFC 2396 Appendix C.1 and C.2 ("Normal" and "Abnormal Examples"),
/// default policy (Keep), but for the current-document references, which
/// have their own test.
#[test]
fn appendix_c_examples() {
    let rows = rfc2396_appendix_c();
    let mut checked = 0;
    for (reference, want) in rows {
        if want != "(current" {
            resolves(AboveRoot::Keep, reference, want);
            checked += 1;
        }
    }
    assert_eq!(checked, 40);
}

/// `#s = (current document)#s` (C.1) and `<> = (current document)` (C.2):
/// step 2 ends there; the target is the base without its fragment.
#[test]
fn current_document_references() {
    for (reference, want) in [("#s", "http://a/b/c/d;p?q#s"), ("", "http://a/b/c/d;p?q")] {
        let r = resolve(BASE, reference, Options::default()).unwrap();
        assert!(r.same_document, "{reference:?}");
        assert_eq!(r.target, want);
        let rules: Vec<_> = r.steps.iter().map(|s| s.rule).collect();
        assert_eq!(rules, ["1", "2"]);
    }
    let r = resolve("http://a/b#old", "#new", Options::default()).unwrap();
    assert_eq!(r.target, "http://a/b#new");
}

/// The `..`-above-the-root cases under Remove and Error. `/../g` is an
/// absolute-path reference: step 5 skips step 6, so no policy applies.
#[test]
fn above_root_policies() {
    for (reference, want) in [
        ("../../../g", "http://a/g"),
        ("../../../../g", "http://a/g"),
        ("/../g", "http://a/../g"),
        ("../../g", "http://a/g"),
    ] {
        resolves(AboveRoot::Remove, reference, want);
    }
    let error = Options {
        above_root: AboveRoot::Error,
    };
    for (reference, buffer) in [("../../../g", "/../g"), ("../../../../g", "/../../g")] {
        let e = resolve(BASE, reference, error).unwrap_err();
        assert_eq!(e.kind, ResolveErrorKind::AboveRoot(buffer.to_string()));
        let last = e.steps.last().unwrap();
        assert_eq!((last.rule, last.buffer.as_str()), ("6g", buffer));
        let text = e.to_string();
        assert!(text.contains("6g") && text.contains(buffer), "{text}");
    }
    resolves(AboveRoot::Error, "/../g", "http://a/../g");
    resolves(AboveRoot::Error, "../../g", "http://a/g");
}

/// The Appendix C examples whose RFC 3986 §5.4 answer differs, with both
/// answers. The 3986 answers are the §5.4.1 / §5.4.2 strings; the test
/// computes which examples differ and checks that list.
#[test]
fn examples_that_differ_under_rfc3986() {
    let mut rfc3986_section_5_4 = rfc3986_normal();
    rfc3986_section_5_4.extend(rfc3986_abnormal());
    let differ: Vec<(&str, String, &str)> = rfc3986_section_5_4
        .iter()
        .filter_map(|&(reference, rfc3986)| {
            let rfc2396 = resolve(BASE, reference, Options::default()).unwrap().target;
            (rfc2396 != rfc3986).then_some((reference, rfc2396, rfc3986))
        })
        .collect();
    let want = [
        ("?y", "http://a/b/c/?y", "http://a/b/c/d;p?y"),
        ("../../../g", "http://a/../g", "http://a/g"),
        ("../../../../g", "http://a/../../g", "http://a/g"),
        ("/./g", "http://a/./g", "http://a/g"),
        ("/../g", "http://a/../g", "http://a/g"),
    ];
    let differ: Vec<_> = differ
        .iter()
        .map(|(r, a, b)| (*r, a.as_str(), *b))
        .collect();
    assert_eq!(differ, want);
    // "#s" and "" agree on the string; RFC 2396 calls them "(current document)".
}

/// Each 3986-differing example carries a note that names the quirk.
#[test]
fn quirks_are_noted() {
    for (reference, word) in [
        ("?y", "drops the base's last segment"),
        ("../../../g", "above the root"),
        ("/./g", "stay"),
    ] {
        let r = resolve(BASE, reference, Options::default()).unwrap();
        assert!(
            r.notes.iter().any(|n| n.contains(word)),
            "{reference}: {:?}",
            r.notes
        );
    }
    assert!(resolve(BASE, "g", Options::default())
        .unwrap()
        .notes
        .is_empty());
}

/// Regression: RFC 3986 App. D.2, "step 6a failed to account for a base
/// URI with no path": `http://a` + `g` gives `http://ag` when the text is followed.
#[test]
fn base_without_path_http_a_plus_g() {
    let r = resolve("http://a", "g", Options::default()).unwrap();
    assert_eq!(r.target, "http://ag");
    assert!(
        r.notes.iter().any(|n| n.contains("empty path")),
        "{:?}",
        r.notes
    );
    assert_eq!(
        resolve("http://a", "/g", Options::default())
            .unwrap()
            .target,
        "http://a/g"
    );
}

/// The trace: every rule in order, 6a-6h for a relative path, and the
/// description of each 6c / 6e removal.
#[test]
fn trace_of_a_relative_path() {
    let r = resolve(BASE, "./g/../h", Options::default()).unwrap();
    let rules: Vec<_> = r.steps.iter().map(|s| s.rule).collect();
    assert_eq!(
        rules,
        ["1", "2", "3", "4", "5", "6a", "6b", "6c", "6d", "6e", "6f", "6g", "6h", "7"]
    );
    let row = |rule| r.steps.iter().find(|s| s.rule == rule).unwrap();
    assert_eq!(row("6a").buffer, "/b/c/");
    assert_eq!(row("6b").buffer, "/b/c/./g/../h");
    assert_eq!(row("6c").description, "removed \"./\" segment at byte 5");
    assert_eq!(row("6c").buffer, "/b/c/g/../h");
    assert_eq!(row("6e").description, "removed \"g/../\" at byte 5");
    assert_eq!(row("6h").buffer, "/b/c/h");
    assert_eq!(row("7").buffer, "http://a/b/c/h");
    assert_eq!(
        row("3").buffer,
        "scheme=\"http\" authority=undefined path=\"./g/../h\" query=undefined fragment=undefined"
    );
    assert_eq!(
        row("4").description,
        "the authority is undefined: inherited \"a\" from the base"
    );
    let shown = row("6e").to_string();
    assert_eq!(shown, "6e: removed \"g/../\" at byte 5 -> /b/c/h");
}

#[test]
fn network_and_absolute_paths_skip_step_6() {
    for (reference, rules) in [
        ("//g/./x", ["1", "2", "3", "4", "7"].as_slice()),
        ("/g/../x", ["1", "2", "3", "4", "5", "7"].as_slice()),
        ("g:h", ["1", "2", "3"].as_slice()),
    ] {
        let r = resolve(BASE, reference, Options::default()).unwrap();
        let got: Vec<_> = r.steps.iter().map(|s| s.rule).collect();
        assert_eq!(got, rules, "{reference}");
    }
    assert_eq!(
        resolve(BASE, "//g/./x", Options::default()).unwrap().target,
        "http://g/./x"
    );
}

#[test]
fn base_without_scheme_is_an_error() {
    let e = resolve("/a/b", "g", Options::default()).unwrap_err();
    assert_eq!(e.kind, ResolveErrorKind::BaseWithoutScheme);
    assert!(e.to_string().contains("no scheme"), "{e}");
    let _: &dyn std::error::Error = &e;
}
