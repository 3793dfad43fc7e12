//! `uriscope completions SHELL` and `uriscope man` run and name every
//! subcommand.

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

/// The man page has the explorer's keys, row by row from the one key
/// table, and the EXIT STATUS, ENVIRONMENT and FILES sections.
#[test]
fn the_man_page_has_the_key_table_exit_status_environment_and_files() {
    let (code, out, err) = run_uriscope(&["man"], b"");
    assert_eq!(code, 0, "{err}");
    for section in [
        ".SH KEYS",
        ".SH EXIT STATUS",
        ".SH ENVIRONMENT",
        ".SH FILES",
    ] {
        assert!(out.contains(section), "the man page lacks {section}");
    }
    // EXIT STATUS is the guide's own text, every rule of it.
    let statuses = uriscope::cli::shell::exit_status();
    assert!(statuses.len() >= 3, "{statuses:?}");
    for needle in ["cmp", "grep", "2 for a usage error"] {
        assert!(
            statuses.iter().any(|p| p.contains(needle)),
            "{needle}: {statuses:?}"
        );
    }
    for p in &statuses {
        let shown = p.replace('\\', "\\e").replace('-', "\\-");
        assert!(out.contains(&shown), "the man page lacks {p}");
    }
    let roff = |s: &str| s.replace('\\', "\\e").replace('-', "\\-");
    for (ctx, keys, help) in uriscope::explorer::app::keymap::help_rows() {
        assert!(out.contains(&roff(ctx.title())), "{}", ctx.title());
        assert!(out.contains(&roff(&keys)), "the man page lacks {keys}");
        assert!(out.contains(&roff(help)), "the man page lacks {help}");
    }
    for var in [
        "NO_COLOR",
        "XDG_CONFIG_HOME",
        "XDG_STATE_HOME",
        "URISCOPE_THREADS",
    ] {
        assert!(out.contains(&roff(var)), "the man page lacks {var}");
    }
    assert!(out.contains("config.toml") && out.contains("uriscope/history"));
}

/// Bash completes `confuse --check` and `--fetch` with the engines' ids.
#[test]
fn completions_offer_the_engine_ids_after_check() {
    let (code, out, err) = run_uriscope(&["completions", "bash"], b"");
    assert_eq!(code, 0, "{err}");
    let line = out
        .lines()
        .skip_while(|l| !l.contains("--check)"))
        .nth(1)
        .unwrap_or_default();
    for id in ["rfc3986", "whatwg-url", "php-parse-url"] {
        assert!(line.contains(id), "--check completes {line:?}");
    }
}

/// `--list` on a file that cannot be read stops with the error and exit
/// status 2, before anything opens.
#[test]
fn list_on_a_missing_file_is_a_usage_error() {
    let (code, out, err) = run_uriscope(&["no/such/urls.txt", "--list"], b"");
    assert_eq!(code, 2, "{err}");
    assert_eq!(out, "");
    assert!(
        err.contains("no/such/urls.txt: No such file or directory"),
        "{err}"
    );
}
