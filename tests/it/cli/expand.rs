//! `uriscope expand` end to end: variables from flags
//! and JSON (a file or stdin), templates from arguments or stdin, errors
//! naming the position, JSON output.

use crate::support::run_uriscope;

#[test]
fn variables_from_flags_and_a_json_file() {
    let (code, out, err) = run_uriscope(
        &[
            "expand",
            "--var",
            "var=value",
            "--list",
            "list=red,green,blue",
            "--map",
            "keys=semi=;,dot=.",
            "{var}{/list*}{?keys*}",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "value/red/green/blue?semi=%3B&dot=.\n");
    let dir = std::env::temp_dir().join(format!("uriscope-expand-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let vars = dir.join("vars.json");
    std::fs::write(
        &vars,
        r#"{"who": "fred", "x": 1024, "y": 768, "empty": "", "undef": null}"#,
    )
    .unwrap();
    let v = vars.display().to_string();
    let (code, out, _) = run_uriscope(
        &[
            "expand",
            "--vars",
            &v,
            "{who}",
            "{?x,y,empty,undef}",
            "{;x,empty}",
        ],
        b"",
    );
    assert_eq!(code, 0);
    assert_eq!(out, "fred\n?x=1024&y=768&empty=\n;x=1024;empty\n");
    // Templates one per line on stdin; --vars - reads the variables there
    // instead, so the templates must be arguments.
    let (code, out, _) = run_uriscope(&["expand", "--var", "a=1"], b"/{a}\n/{+a}/x\n");
    assert_eq!((code, out.as_str()), (0, "/1\n/1/x\n"));
    let (code, out, _) = run_uriscope(&["expand", "--vars", "-", "{q}"], br#"{"q": "a b"}"#);
    assert_eq!((code, out.as_str()), (0, "a%20b\n"));
    let (code, _, err) = run_uriscope(&["expand", "--vars", "-"], b"{}");
    assert_eq!(code, 2, "{err}");
}

#[test]
fn errors_name_the_position_and_json_shows_each_part() {
    let (code, out, err) = run_uriscope(&["expand", "--var", "a=1", "/x/{a", "{a}"], b"");
    assert_eq!(code, 1);
    assert_eq!(out, "1\n", "the good template still expands");
    assert!(err.contains("uriscope expand: argument 1: '/x/{a': position 5: `}` expected, found end of template (the `{` at position 3 is not closed)"), "{err}");
    let (code, out, _) = run_uriscope(&["expand", "--json", "--var", "x=1024", "a{?x,y}"], b"");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["expansion"], "a?x=1024");
    let expr = v["parts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["kind"] == "expression")
        .unwrap();
    assert_eq!(expr["operator"], "?");
    assert_eq!(expr["variables"].as_array().unwrap().len(), 2);
    let (code, _, err) = run_uriscope(&["expand", "--vars", "/nonexistent.json", "{a}"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent.json"), "{err}");
}
