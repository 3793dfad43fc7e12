//! Sites from the Public Suffix List on the command line: `parse --json`'s
//! `public_suffix` and `registrable_domain`, `edit -g '{registrable}'` and
//! `{suffix}`, and the list's release in `--version`.

use serde_json::Value;

use crate::support::run_uriscope;

fn parsed(uri: &str) -> Value {
    let (_, out, err) = run_uriscope(&["parse", "--json", uri], b"");
    serde_json::from_str(out.trim_end()).unwrap_or_else(|e| panic!("{e}: {out}{err}"))
}

#[test]
fn parse_json_names_the_public_suffix_and_the_registrable_domain() {
    let cases: &[(&str, Option<&str>, Option<&str>)] = &[
        (
            "http://a.b.example.co.uk/",
            Some("co.uk"),
            Some("example.co.uk"),
        ),
        (
            "https://user.github.io/x",
            Some("github.io"),
            Some("user.github.io"),
        ),
        ("http://WWW.Example.COM/", Some("COM"), Some("Example.COM")),
        (
            "http://www.ex%61mple.com/",
            Some("com"),
            Some("example.com"),
        ),
        ("http://co.uk/", Some("co.uk"), None),
        ("http://localhost:8080/", Some("localhost"), None),
        ("http://192.0.2.1/", None, None),
        ("http://[2001:db8::1]/", None, None),
        ("mailto:a@example.com", None, None),
        ("http://a..example.com/", None, None),
    ];
    for &(uri, suffix, registrable) in cases {
        let v = parsed(uri);
        assert_eq!(v["public_suffix"].as_str(), suffix, "{uri}");
        assert_eq!(v["registrable_domain"].as_str(), registrable, "{uri}");
    }
}

#[test]
fn the_site_fields_follow_host_kind_and_are_written_as_serde_writes_them() {
    // The line writer and serde are twins: the same object from both.
    for uri in [
        "http://user:pw@xn--nxasmq6b.example.co.uk:8080/p",
        "http://a.b.ex%22ample.co.uk/",
        "http://ex\u{1b}ample.com/",
    ] {
        let (_, out, _) = run_uriscope(&["parse", "--json", uri], b"");
        let r = uriscope::uri::analyze(uri, Default::default());
        let l = uriscope::uri::lint::Linted::new(&r);
        let ours = serde_json::to_string(&uriscope::report::json::JsonParse::new(&l)).unwrap();
        let theirs: Value = serde_json::from_str(&ours).unwrap();
        let written: Value = serde_json::from_str(out.trim_end()).unwrap();
        assert_eq!(written, theirs, "{uri}");
        let at = |key: &str| out.find(&format!(",\"{key}\":")).unwrap();
        assert!(
            at("host_kind") < at("public_suffix")
                && at("public_suffix") < at("registrable_domain")
                && at("registrable_domain") < at("port"),
            "the site fields follow host_kind: {out}"
        );
    }
    assert_eq!(
        parsed("http://a.b.ex%22ample.co.uk/")["registrable_domain"],
        "ex\"ample.co.uk"
    );
}

#[test]
fn edit_get_reads_the_registrable_domain_and_the_suffix() {
    let (code, out, err) = run_uriscope(
        &[
            "edit",
            "-g",
            "{registrable}|{suffix}|{idn:registrable}|{puny:registrable}",
            "http://www.xn--mnchen-3ya.co.uk/",
            "http://a.b.münchen.de/",
            "http://[::1]/",
            "http://co.uk/",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "xn--mnchen-3ya.co.uk|co.uk|münchen.co.uk|xn--mnchen-3ya.co.uk\n\
         münchen.de|de|münchen.de|xn--mnchen-3ya.de\n\
         |||\n\
         |co.uk||\n"
    );
    let (code, _, err) = run_uriscope(
        &["edit", "-g", "{must:registrable}", "http://localhost/"],
        b"",
    );
    assert_ne!(code, 0);
    assert!(
        err.contains("registrable is not in the URL (must:)"),
        "{err}"
    );
}

#[test]
fn version_names_the_public_suffix_list_release() {
    let (code, out, _) = run_uriscope(&["--version"], b"");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!(
            "uriscope {}\nPublic Suffix List: psl crate {}\n",
            env!("CARGO_PKG_VERSION"),
            uriscope::uri::site::PSL_VERSION
        )
    );
}

/// Lines of four sites: two hosts of `example.co.uk`, the same German
/// site in A-label and Unicode, an IP address, and a line without a host.
const LINES: &[u8] = b"http://a.example.co.uk/x\nhttps://B.Example.CO.UK/y\n\
http://xn--mnchen-3ya.de/\nhttp://www.m\xc3\xbcnchen.de/\nhttp://192.0.2.1/\nmailto:x@y\nmailto:x@y\n";

#[test]
fn stats_counts_the_lines_of_each_site() {
    let (code, out, err) = run_uriscope(&["stats"], LINES);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("\nsites (3 distinct)\n2  example.co.uk\n2  münchen.de\n1  192.0.2.1\n\n"),
        "{out}"
    );
    let (_, out, _) = run_uriscope(&["stats", "--json", "--top", "1"], LINES);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["sites"]["distinct"], 3);
    assert_eq!(
        v["sites"]["top"],
        serde_json::json!([{"name": "example.co.uk", "count": 2}])
    );
}

#[test]
fn dedupe_by_site_keeps_the_first_line_of_each_site() {
    let (code, out, err) = run_uriscope(&["dedupe", "--by", "site"], LINES);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "http://a.example.co.uk/x\nhttp://xn--mnchen-3ya.de/\nhttp://192.0.2.1/\nmailto:x@y\n"
    );
    let (_, out, _) = run_uriscope(&["dedupe", "--by", "site", "--json"], LINES);
    let v: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let keys: Vec<Option<&str>> = v.iter().map(|o| o["key"].as_str()).collect();
    let site = |s| Some(s);
    assert_eq!(
        keys,
        [
            site("example.co.uk"),
            site("example.co.uk"),
            site("münchen.de"),
            site("münchen.de"),
            site("192.0.2.1"),
            None,
            None
        ]
    );
    assert_eq!(
        v[6]["group"], 4,
        "a line without a host groups with its copies"
    );
    assert!(v[1].get("rung").is_none(), "rungs are the normal form's");
}

#[test]
fn confuse_allow_judges_within_the_same_site_when_asked() {
    let url = "https://www.example.com@login.example.com/";
    let (code, out, _) = run_uriscope(&["confuse", "--allow", "www.example.com", url], b"");
    assert_eq!(code, 1);
    assert!(
        out.contains("allowlist for www.example.com:\n    prefix       FOOLED"),
        "{out}"
    );
    let (code, out, _) = run_uriscope(
        &["confuse", "--same-site", "--allow", "www.example.com", url],
        b"",
    );
    assert_eq!(code, 0, "login.example.com is the same site: {out}");
    assert!(
        out.contains("allowlist for www.example.com (same site):\n    prefix       lets it through, and every engine's host is allowed"),
        "{out}"
    );
    let evil = "https://www.example.com.evil.co.uk/";
    let (code, out, _) = run_uriscope(
        &[
            "confuse",
            "--json",
            "--same-site",
            "--allow",
            "www.example.com",
            evil,
        ],
        b"",
    );
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(v["allow"]["scope"], "site");
    assert!(!v["allow"]["checks"][0]["fooled_for"]
        .as_array()
        .unwrap()
        .is_empty());
}
