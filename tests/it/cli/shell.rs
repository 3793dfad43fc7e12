//! `uriscope completions SHELL` and `uriscope man` run and name every
//! subcommand (issue 14 point 2).

use crate::support::run_uriscope;

const SUBCOMMANDS: [&str; 13] = [
    "parse",
    "encode",
    "decode",
    "iri2uri",
    "uri2iri",
    "extract",
    "resolve",
    "normalize",
    "equiv",
    "relative",
    "edit",
    "completions",
    "man",
];

#[test]
fn completions_for_every_shell_name_every_subcommand() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let (code, out, err) = run_uriscope(&["completions", shell], b"");
        assert_eq!(code, 0, "{shell}: {err}");
        for sub in SUBCOMMANDS {
            assert!(out.contains(sub), "{shell} completions lack {sub}");
        }
        // And a flag of a subcommand, so the scripts complete flags too.
        assert!(out.contains("query-separator"), "{shell}: no edit flags");
    }
    let (code, _, _) = run_uriscope(&["completions", "tcsh"], b"");
    assert_eq!(code, 2, "an unknown shell is a usage error");
}

#[test]
fn the_man_page_has_every_subcommand_and_its_flags() {
    let (code, out, err) = run_uriscope(&["man"], b"");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(".ie") || out.contains(".TH uriscope 1"),
        "{}",
        &out[..200.min(out.len())]
    );
    for sub in SUBCOMMANDS {
        assert!(
            out.contains(&format!("uriscope\\-{sub}")),
            "the man page lacks {sub}"
        );
    }
    for flag in [
        "\\-\\-base",
        "\\-\\-rfc2396",
        "\\-\\-curl\\-normalize",
        "\\-\\-keep\\-encoded\\-dots",
    ] {
        assert!(out.contains(flag), "the man page lacks {flag}");
    }
}
