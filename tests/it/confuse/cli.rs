//! `uriscope confuse` end to end: the text
//! table and verdict, `--json`, `--allow`, a stdin batch, exit codes.

use crate::support::run_uriscope;

#[test]
fn a_url_read_two_ways_exits_1_and_says_so() {
    let (code, out, _) = run_uriscope(&["confuse", "http://evil.com\\@good.com/"], b"");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("different hosts") && out.contains("\"evil.com\""),
        "{out}"
    );
    // Regression: two spellings of one host are one host, a
    // note and exit 0 (ASCII case; IPv6 text with and without brackets).
    // java.net.URI finds no host in an IDN or an IPv4 number form, a real
    // difference: those keep exit 1.
    for url in ["https://www.Example.com/a", "http://[::FFFF:7f00:1]/"] {
        let (code, out, _) = run_uriscope(&["confuse", url], b"");
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("agree on the host"), "{out}");
        assert!(out.contains("(spelled "), "{out}");
        assert!(
            !out.contains('*'),
            "no cell is marked for a spelling: {out}"
        );
    }
    let (_, out, _) = run_uriscope(&["confuse", "http://0x7f.1/"], b"");
    assert!(out.contains("flag internal-address at 7..13"), "{out}");
    let (code, out, _) = run_uriscope(&["confuse", "https://example.com/a?b#c"], b"");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("agree on the host: \"example.com\""), "{out}");
}

#[test]
fn json_has_every_engine_the_verdict_flags_and_the_allowlist() {
    let (code, out, _) = run_uriscope(
        &[
            "confuse",
            "--json",
            "--allow",
            "good.com",
            "http://evil.com\\@good.com/",
        ],
        b"",
    );
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let engines: Vec<&str> = v["engines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["engine"].as_str().unwrap())
        .collect();
    for e in ["rfc3986", "whatwg-url", "http::Uri"] {
        assert!(engines.contains(&e), "{engines:?}");
    }
    let whatwg = v["engines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["engine"] == "whatwg-url")
        .unwrap();
    assert_eq!(whatwg["host"], "evil.com");
    assert!(
        whatwg.get("cells").is_none(),
        "components by key, not position"
    );
    assert_eq!(v["flags"][0]["class"], "backslash");
    let split = v["allow"]["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["check"]["name"] == "split")
        .unwrap();
    assert_eq!(split["passes"], true);
    assert!(split["fooled_for"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e == "whatwg-url"));
    // Which engines were not found is said (go is not on this machine;
    // wherever it is, the list is there).
    assert!(v["missing"].is_array());
}

#[test]
fn stdin_is_one_batch() {
    let input = "http://a@b@c/\nhttps://example.com/\n\nhttp://[::ffff:169.254.169.254]/\n";
    let (_, out, _) = run_uriscope(&["confuse", "--json"], input.as_bytes());
    let urls: Vec<String> = out
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["url"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(
        urls,
        [
            "http://a@b@c/",
            "https://example.com/",
            "http://[::ffff:169.254.169.254]/"
        ]
    );
}

#[test]
fn the_text_table_masks_the_password_and_json_keeps_it() {
    // The URL line is printed as typed (as `parse` does); no other row
    // shows the password: not the userinfo cells, not a rejection or a
    // flag that quotes it.
    for url in ["http://u:s3cret@h/p", "http://u:s3cret@h@evil/p"] {
        let (_, out, _) = run_uriscope(&["confuse", url], b"");
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some(url), "{out}");
        let rest: Vec<&str> = lines.collect();
        assert!(rest.iter().any(|l| l.contains("u:****")), "{out}");
        assert!(rest.iter().all(|l| !l.contains("s3cret")), "{out}");
    }
    let (_, out, _) = run_uriscope(&["confuse", "--json", "http://u:s3cret@h/p"], b"");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert!(v.to_string().contains("u:s3cret"), "{out}");
}
