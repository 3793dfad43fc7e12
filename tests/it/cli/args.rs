//! The command line itself: a misspelled subcommand,
//! clap's messages quoting arguments safely, `--vars`
//! on the plain breakdown.

use crate::support::run_uriscope;

#[test]
fn regression_nomalize_gets_did_you_mean_normalize_and_exit_2() {
    for (args, meant) in [
        (&["nomalize"][..], "normalize"),
        (&["normalise", "HTTP://X/a/../b"][..], "normalize"),
        (&["pasre", "http://a/"][..], "parse"),
        (&["PARSE", "http://a/"][..], "parse"),
        (&["--no-mouse", "resolv"][..], "resolve"),
        (&["--base", "http://a/", "exract"][..], "extract"),
    ] {
        let (code, out, err) = run_uriscope(args, b"");
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(out, "", "{args:?}");
        assert!(
            err.contains(&format!(
                "unrecognized subcommand '{}'",
                args[args.len() - 1]
            )) || err.contains(&format!("unrecognized subcommand '{}'", args[0])),
            "{args:?}: {err}"
        );
        assert!(
            err.contains(&format!("a similar subcommand exists: '{meant}'")),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_reference_that_is_no_near_miss_is_still_read_as_one() {
    // A bare word far from every name, a path, a URI, a value of --base.
    for args in [
        &["index"][..],
        &["./nomalize"][..],
        &["http://nomalize/"][..],
        &["nomalize.html"][..],
        &["--base", "http://a/", "index"][..],
    ] {
        let (code, out, err) = run_uriscope(args, b"");
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.contains("  path        \""), "{args:?}: {out}");
    }
    // The value of an option is no subcommand's place: `pars` is the base
    // (one without a scheme, so the resolution fails), not a near miss.
    let (code, out, err) = run_uriscope(&["--base", "pars", "x"], b"");
    assert_eq!(code, 1, "{err}");
    assert!(!err.contains("unrecognized subcommand"), "{err}");
    assert!(out.contains("  path        \"x\""), "{out}");
}

#[test]
fn regression_clap_errors_show_control_and_bidi_characters_escaped() {
    // `uriscope rfc $'\e]2;PWNED\a'` retitled the terminal; C1 CSI, RLO
    // and CR came through raw as well.
    let hostile = "\u{1b}]2;PWNED\u{7}\u{9b}2J\u{202e}x\ry";
    for args in [
        vec!["rfc", hostile],
        vec!["parse", "--format", hostile],
        vec!["--bogus", hostile],
        vec![hostile, "--bogus"],
    ] {
        let (code, out, err) = run_uriscope(&args, b"");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(out, "");
        for raw in ['\u{1b}', '\u{7}', '\u{9b}', '\u{202e}', '\r'] {
            assert!(!err.contains(raw), "{args:?}: raw {raw:?} in {err:?}");
        }
        if args[0] == "rfc" || args[1] == "--format" {
            assert!(
                err.contains(r"\x1b]2;PWNED\x07\u{9b}2J\u{202e}x\ry"),
                "{err}"
            );
        }
    }
}

#[test]
fn regression_vars_is_honoured_and_checked_when_the_breakdown_is_piped() {
    let dir = std::env::temp_dir().join(format!("uriscope-vars-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let vars = dir.join("vars.json");
    std::fs::write(&vars, r#"{"user": "fred", "q": "a b"}"#).expect("written");
    let v = vars.display().to_string();
    let (code, out, _) = run_uriscope(&["--vars", &v, "http://example.com/{user}{?q}"], b"");
    // A template is no URI: the breakdown says so, then what it expands to.
    assert_eq!(code, 1);
    assert!(out.contains("  path        \"/{user}{\""), "{out}");
    assert!(
        out.contains("URI Template (RFC 6570), level 3, 2 expressions; variables from --vars"),
        "{out}"
    );
    assert!(
        out.contains("expands to  http://example.com/fred?q=a%20b"),
        "{out}"
    );

    let missing = dir.join("missing.json").display().to_string();
    let (code, out, err) = run_uriscope(&["--vars", &missing, "http://x/{a}"], b"");
    assert_eq!(code, 2, "{out}");
    assert_eq!(out, "");
    assert!(err.contains(&format!("--vars {missing}: ")), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
