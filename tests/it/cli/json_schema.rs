//! `parse --json` is the whole analysis, and its shape
//! is the one `assets/schema/parse.schema.json` documents: every object
//! `parse --json` prints for a varied input set validates against it,
//! and the analysis agrees with the components.

use crate::support::run_uriscope;
use serde_json::Value;

fn schema() -> Value {
    let text = include_str!("../../../assets/schema/parse.schema.json");
    serde_json::from_str(text).expect("the schema is JSON")
}

/// Inputs a user brings: the RFC tables' references, every kind of host,
/// IRIs, invalid input, the first thousand lines of the corpus.
fn inputs() -> Vec<u8> {
    let mut s = String::new();
    for l in [
        "http://user:pw@Example.COM:8080/a/./b/../%7Euser/%2e%2E/x%20y?q=1&r=a+b%21&flag#frag",
        "HTTP://[2001:DB8:0:0:0:0:0:1]:443/",
        "http://[fe80::1%25en0]/",
        "http://[v7.abc:def]/",
        "http://192.168.0.1/",
        "http://例え.jp/ü?q=€",
        "http://xn--bcher-kva.example/",
        "http://xn--zz.example/",
        "mailto:a@example.org?subject=hi",
        "urn:isbn:0451450523",
        "data:text/plain;base64,SGVsbG8=",
        "data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAwAAAC8IyPqcvt3wCcDkiLc7C0qwyGHhSWpjQu5yqmCYsapyuvUUlvONmOZtfzgFzByTB10QgxOR0TqBQejhRNzOfkVJ+5YiUqrXF5Y5lKh/DeuNcP5yLWGsEbtLiOSpa/TPg7JpJHxyendzWTBfX0cxOnKPjgBzi4diinWGdkF8kjdfnycQZXZeYGejmJlZeGl9i2icVqaNVailT6F5iJ90m6mvuTS4OK05M0vDk0Q4XUtwvKOzrcd3iq9uisF81M1OIcR7lEewwcLp7tuNNkM3uNna3F2JQFo97Vriy/Xl4/f1cf5VWzXyym7PHhhx4dbgYKAAA7",
        "data:text/plain;charset=iso-8859-7,%be%fg%be",
        "data:;base64,SGV!sbG8",
        "data:no-comma",
        "file:///C:/x",
        "../../../g",
        "//h/p",
        "?y",
        "#s",
        "",
        "http://a/b c<d>",
        "http://h:8x/",
        "http://a/%zz%",
        "http://[::1/",
        "\u{202e}http://x/",
    ] {
        s.push_str(l);
        s.push('\n');
    }
    let corpus = include_str!("../../../benches/uris.txt");
    for l in corpus.lines().take(1000) {
        s.push_str(l);
        s.push('\n');
    }
    let mut bytes = s.into_bytes();
    bytes.extend_from_slice(b"http://h/\xff\xfe\n");
    bytes
}

#[test]
fn every_object_validates_against_the_schema() {
    let validator = jsonschema::validator_for(&schema()).expect("a valid schema");
    let (code, out, err) = run_uriscope(&["parse", "--json"], &inputs());
    assert_eq!(code, 1, "some inputs are invalid: {err}");
    let mut n = 0;
    for line in out.lines() {
        let v: Value = serde_json::from_str(line).expect("one JSON object a line");
        let errors: Vec<String> = validator
            .iter_errors(&v)
            .map(|e| format!("{e} at {}", e.instance_path))
            .collect();
        assert!(errors.is_empty(), "{line}\n{}", errors.join("\n"));
        n += 1;
    }
    assert_eq!(n, 26 + 1000 + 1);
}

#[test]
fn the_schema_catches_a_field_it_does_not_document() {
    let validator = jsonschema::validator_for(&schema()).expect("a valid schema");
    let (_, out, _) = run_uriscope(&["parse", "--json", "http://h/"], b"");
    let mut v: Value = serde_json::from_str(out.trim()).unwrap();
    assert!(validator.is_valid(&v));
    v["surprise"] = Value::Bool(true);
    assert!(!validator.is_valid(&v));
    let mut v: Value = serde_json::from_str(out.trim()).unwrap();
    v["spans"]["path"] = Value::Null;
    assert!(!validator.is_valid(&v));
}

#[test]
fn the_analysis_agrees_with_the_components() {
    let (_, out, _) = run_uriscope(&["parse", "--json"], &inputs());
    for line in out.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let input = v["input"].as_str().unwrap();
        let Some(spans) = v.get("spans") else {
            assert_eq!(v["findings"][0]["code"], "not-utf8");
            continue;
        };
        for c in [
            "scheme",
            "authority",
            "userinfo",
            "host",
            "port",
            "path",
            "query",
            "fragment",
        ] {
            let field = &v[c];
            let span = &spans[c];
            if span.is_null() {
                assert!(field.is_null(), "{c} of {input:?}");
            } else {
                let (s, e) = (
                    span["start"].as_u64().unwrap() as usize,
                    span["end"].as_u64().unwrap() as usize,
                );
                assert_eq!(field.as_str(), Some(&input[s..e]), "{c} of {input:?}");
            }
        }
        for seg in v["segments"].as_array().unwrap() {
            let (s, e) = (
                seg["start"].as_u64().unwrap() as usize,
                seg["end"].as_u64().unwrap() as usize,
            );
            assert_eq!(seg["raw"].as_str(), Some(&input[s..e]), "{input:?}");
        }
        for p in v["query_pairs"].as_array().unwrap() {
            let (s, e) = (
                p["start"].as_u64().unwrap() as usize,
                p["end"].as_u64().unwrap() as usize,
            );
            assert!(
                input[s..e].starts_with(p["key"].as_str().unwrap()),
                "{input:?}"
            );
        }
        for f in v["findings"].as_array().unwrap() {
            let code = f["code"].as_str().unwrap();
            assert_eq!(
                f["section"].as_str(),
                uriscope::spec::for_code(code),
                "{code}"
            );
        }
    }
}

#[test]
fn the_first_input_in_detail() {
    let (_, out, _) = run_uriscope(
        &[
            "parse",
            "--json",
            "http://user:pw@Example.COM:8080/a/b%20c/%2e%2E?q=1&r=a+b%21#f",
        ],
        b"",
    );
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["path_kind"], "path-abempty");
    let segs: Vec<(&str, &str, &Value)> = v["segments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["raw"].as_str().unwrap(),
                s["decoded"].as_str().unwrap(),
                &s["dot"],
            )
        })
        .collect();
    assert_eq!(segs[1].1, "b c");
    assert_eq!(segs[2], ("%2e%2E", "..", &Value::from("..")));
    let r = &v["query_pairs"][1];
    assert_eq!(
        (r["value_rfc"].as_str(), r["value_form"].as_str()),
        (Some("a+b!"), Some("a b!"))
    );
    assert_eq!(v["host_details"]["kind"], "reg-name");
    assert!(
        v["host_details"]["idna"].is_null(),
        "an ASCII name needs no IDNA"
    );
    assert_eq!(v["scheme_facts"]["default_port"], 80);
    let (_, out, _) = run_uriscope(&["parse", "--json", "http://[2001:DB8:0:0:0:0:0:1]/"], b"");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["host_details"]["ipv6_canonical"], "2001:db8::1");
    assert_eq!(v["host_details"]["ipv6_pieces"][0], 0x2001);
    let (_, out, _) = run_uriscope(&["parse", "--json", "--iri", "http://例え.jp/"], b"");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["host_details"]["idna"]["ascii"], "xn--r8jz45g.jp");
    let (_, out, _) = run_uriscope(&["parse", "--json", "http://[fe80::1%25en0]/"], b"");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["host_details"]["zone"], "en0");
    let gif = inputs();
    let gif = String::from_utf8_lossy(&gif);
    let gif = gif
        .lines()
        .find(|l| l.starts_with("data:image/gif"))
        .unwrap();
    let (_, out, _) = run_uriscope(&["parse", "--json", gif], b"");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        v["data"]["image"],
        serde_json::json!({"kind": "GIF", "width": 48, "height": 48, "mismatch": false})
    );
    assert_eq!(v["data"]["decoded_len"], 273);
    let (_, out, _) = run_uriscope(&["parse", "--json", "data:;base64,SGV!sbG8"], b"");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    let f = &v["data"]["findings"][0];
    assert_eq!(
        (f["start"].as_u64(), f["severity"].as_str()),
        (Some(16), Some("error")),
        "{v}"
    );
    let (_, out, _) = run_uriscope(&["parse", "--json", "http://h/"], b"");
    assert!(!out.contains("\"data\""), "no data field for other schemes");
    let (_, out, _) = run_uriscope(&["parse", "--json", "http://10.0.0.255/"], b"");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        v["host_details"]["ipv4"],
        serde_json::json!([10, 0, 0, 255])
    );
}
