//! The `serde` feature: findings, spans and components serialize with the
//! names JSON output uses.

use serde_json::json;
use uriscope_core::component::split;
use uriscope_core::{analyze, ParseOptions, UriRef};

#[test]
fn a_finding_serializes_with_its_code_and_severity_names() {
    let r = analyze("http://[::1/a b", ParseOptions::new());
    let f = r.finding(0);
    let v = serde_json::to_value(&f).unwrap();
    assert_eq!(
        v,
        json!({
            "span": {"start": 7, "end": f.span.end},
            "severity": "error",
            "code": "ip-literal-syntax",
            "message": f.message,
        })
    );
}

#[test]
fn an_authority_serializes_its_spans_and_host_kind() {
    let u = UriRef::parse("http://u@[fe80::1%25en0]:8080/").unwrap();
    let a = u.authority_parts().unwrap();
    let v = serde_json::to_value(a).unwrap();
    assert_eq!(v["userinfo"], json!({"start": 7, "end": 8}));
    assert_eq!(v["host"]["kind"], "ipv6");
    assert_eq!(v["host"]["zone"], json!({"start": 20, "end": 23}));
    assert_eq!(v["port"], json!({"start": 25, "end": 29}));
    assert_eq!(serde_json::to_value(u.kind()).unwrap(), "uri");
    assert_eq!(serde_json::to_value(u.path_kind()).unwrap(), "path-abempty");
}

#[test]
fn a_split_serializes_its_optional_spans() {
    let v = serde_json::to_value(split("a b:c")).unwrap();
    assert_eq!(v["scheme"], json!({"start": 0, "end": 3}));
    assert_eq!(v["authority"], json!(null));
}
