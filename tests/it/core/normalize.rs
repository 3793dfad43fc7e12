//! Normalization and equivalence as the CLI shows them.

/// `equiv` and `normalize` name `--keep-encoded-dots` where that option
/// alone separates two references (a note on stderr), and accept the old
/// `--decode-dot-segments` as a no-op.
#[test]
fn equiv_and_normalize_name_keep_encoded_dots() {
    let run = |args: &[&str]| crate::support::run_uriscope(args, b"").1;
    let plain = run(&["equiv", "http://a/%2E/b", "http://a/./b"]);
    assert!(plain.starts_with("equivalent (syntax-based"), "{plain}");
    // The old flag is an accepted no-op.
    let old = run(&[
        "equiv",
        "--decode-dot-segments",
        "http://a/%2E/b",
        "http://a/./b",
    ]);
    assert_eq!(old, plain);
    // The verdict on stdout, the hint a note on stderr.
    let (code, kept, note) = crate::support::run_uriscope(
        &[
            "equiv",
            "--keep-encoded-dots",
            "http://a/%2E/b",
            "http://a/./b",
        ],
        b"",
    );
    assert_eq!(code, 1, "not equivalent, as cmp");
    assert!(kept.starts_with("not equivalent"), "{kept}");
    assert!(
        note.starts_with("uriscope equiv: argument 1: ") && note.contains("--keep-encoded-dots"),
        "{note}"
    );
    let json = run(&[
        "equiv",
        "--json",
        "--keep-encoded-dots",
        "http://a/%2E/b",
        "http://a/./b",
    ]);
    assert!(json.contains("\"hint\":"), "{json}");
    let trace = run(&[
        "normalize",
        "--trace",
        "--keep-encoded-dots",
        "http://a/%2E%2e/b",
    ]);
    assert!(
        trace.contains("encoded-dot-segment-kept") && trace.contains("--keep-encoded-dots"),
        "{trace}"
    );
    let trace = run(&["normalize", "--trace", "http://a/%2E%2e/b"]);
    assert!(!trace.contains("encoded-dot-segment-kept"), "{trace}");
    assert!(trace.trim_end().ends_with("= http://a/b"), "{trace}");
    let iri = run(&["normalize", "--iri", "HTTPS://münchen.de/stra%C3%9Fe"]);
    assert_eq!(iri, "https://xn--mnchen-3ya.de/straße\n");
}
