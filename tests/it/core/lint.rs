//! Lint as the binary shows it: `parse --json` merges lint findings with
//! the parser's, the breakdown masks a password.

use uriscope::text::mask::mask_userinfo;

fn uriscope(args: &[&str]) -> (String, i32) {
    let (code, out, _) = crate::support::run_uriscope(args, b"");
    (out, code)
}

#[test]
fn password_masking() {
    assert_eq!(mask_userinfo("user:pass"), "user:****");
    assert_eq!(mask_userinfo("user:a:b"), "user:****");
    assert_eq!(mask_userinfo("user"), "user");
    assert_eq!(mask_userinfo("user:"), "user:");
    assert_eq!(mask_userinfo(":x"), ":****");
}

#[test]
fn cli_parse_json_includes_lint_findings_sorted() {
    let input = "http://bob:hunter2@example.com:25/a%2Fb";
    let (stdout, code) = uriscope(&["parse", "--json", input]);
    assert_eq!(code, 0, "lint findings do not make an input invalid");
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).expect("json");
    assert_eq!(v["userinfo"], "bob:hunter2", "JSON keeps the raw fields");
    let findings = v["findings"].as_array().expect("findings");
    let got: Vec<(&str, u64)> = findings
        .iter()
        .map(|f| (f["code"].as_str().unwrap(), f["start"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        got,
        [
            ("userinfo-password", 11),
            ("non-default-port", 31),
            ("encoded-slash", 35)
        ]
    );
}

#[test]
fn cli_parse_json_merges_parser_and_lint_findings_by_position() {
    let (stdout, code) = uriscope(&["parse", "--json", "http://a\\b:25/"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).expect("json");
    let starts: Vec<u64> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["start"].as_u64().unwrap())
        .collect();
    let codes: Vec<&str> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert!(
        codes.contains(&"invalid-char") && codes.contains(&"backslash"),
        "{codes:?}"
    );
    assert!(starts.windows(2).all(|w| w[0] <= w[1]), "{starts:?}");
}

#[test]
fn cli_plain_breakdown_masks_the_password() {
    let (stdout, _) = uriscope(&["parse", "https://bob:hunter2@example.com/"]);
    let rows: Vec<&str> = stdout.lines().skip(1).collect();
    assert!(rows.iter().any(|l| l.contains("\"bob:****\"")), "{stdout}");
    assert!(
        rows.iter().any(|l| l.contains("\"bob:****@example.com\"")),
        "{stdout}"
    );
    assert!(rows.iter().all(|l| !l.contains("hunter2")), "{stdout}");
    assert!(stdout.contains("warning userinfo-password"), "{stdout}");
}
