//! `uriscope rfc`: the same text the explorer's RFC
//! overlay shows, by section, ABNF rule or finding code.

use crate::support::run_uriscope;

#[test]
fn a_section_by_number() {
    let (code, out, err) = run_uriscope(&["rfc", "3986", "5.2.4"], b"");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("RFC 3986 §5.2.4: Remove Dot Segments\n5.2.4.  Remove Dot Segments"),
        "{out}"
    );
    assert!(out.contains("B.  if the input buffer begins with a prefix of \"/./\" or \"/.\","));
    // The section alone: §5.3 is not in it, no page furniture.
    assert!(!out.contains("5.3.  Component Recomposition"));
    assert!(!out.contains("[Page"));
    // An appendix, by letter or by name.
    let (code, a, _) = run_uriscope(&["rfc", "3986", "Appendix B"], b"");
    assert_eq!(code, 0);
    let (code, b, _) = run_uriscope(&["rfc", "3986", "B"], b"");
    assert_eq!(code, 0);
    assert_eq!(a, b);
    assert!(
        b.starts_with("RFC 3986 Appendix B: Parsing a URI Reference with a Regular Expression"),
        "{b}"
    );
}

#[test]
fn a_rule_and_the_section_it_is_defined_in() {
    let (code, out, err) = run_uriscope(&["rfc", "3986", "--rule", "path-abempty"], b"");
    assert_eq!(code, 0, "{err}");
    let mut lines = out.lines();
    assert_eq!(
        lines.next(),
        Some("path-abempty (RFC 3986 §3.3; defined in RFC 3986 §3.3, RFC 3986 Appendix A):")
    );
    assert!(out.contains("path-abempty  = *( \"/\" segment )"), "{out}");
    assert!(out.contains("RFC 3986 §3.3: Path\n3.3.  Path"), "{out}");
    // Without an RFC: the first that defines it.
    let (code, out, _) = run_uriscope(&["rfc", "--rule", "zoneid"], b"");
    assert_eq!(code, 0);
    assert!(out.starts_with("ZoneID (RFC 6874 §2;"), "{out}");
}

#[test]
fn the_code_parse_json_gives_a_line_not_utf8_is_one_rfc_explains() {
    // A line that is not UTF-8: `parse --json` names a code and a section,
    // and `rfc --code` looks that code up.
    let (_, out, _) = run_uriscope(&["parse", "--json"], b"http://a/\xff\n");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    let finding = &v["findings"][0];
    let code = finding["code"].as_str().expect("a code");
    let (status, out, _) = run_uriscope(&["rfc", "--code", code], b"");
    assert_eq!(status, 0, "{out}");
    let section = finding["section"].as_str().expect("a section");
    assert!(out.starts_with(&format!("{code}: {section}\n")), "{out}");
    assert!(out.contains("2.5.  Identifying Data"), "{out}");
}

#[test]
fn a_finding_code_prints_every_section_it_cites() {
    let (code, out, _) = run_uriscope(&["rfc", "--code", "encoded-dot-segment"], b"");
    assert_eq!(code, 0);
    assert!(
        out.starts_with("encoded-dot-segment: RFC 3986 §7.3, §6.2.2.3\n"),
        "{out}"
    );
    assert!(
        out.contains("7.3.  Back-End Transcoding")
            && out.contains("6.2.2.3.  Path Segment Normalization")
    );
    // A citation of an RFC not shipped says so.
    let (_, out, _) = run_uriscope(&["rfc", "--code", "scheme-empty-host"], b"");
    assert!(
        out.contains("RFC 9110 §4.2.1 (HTTP Semantics): the text is not shipped"),
        "{out}"
    );
    // The scheme RFCs are shipped, and a scheme check, a data:
    // finding and a template error print their passages.
    let (_, out, _) = run_uriscope(&["rfc", "--code", "data-base64"], b"");
    assert!(
        out.starts_with(
            "data-base64: RFC 2397 §3, §2
"
        ),
        "{out}"
    );
    assert!(
        out.contains("RFC 2397 §3: Syntax\n3. Syntax")
            && out.contains("The \";base64\" extension is distinguishable")
            && out.contains("RFC 2397 §2: Description"),
        "{out}"
    );
    assert!(!out.contains("not shipped"), "{out}");
    let (_, out, _) = run_uriscope(&["rfc", "--code", "tel-phone-context"], b"");
    assert!(out.contains("5.1.5.  Local Numbers"), "{out}");
    let (_, out, _) = run_uriscope(&["rfc", "--code", "mailto-hfield"], b"");
    assert!(
        out.contains("mailtoURI    = \"mailto:\" [ to ] [ hfields ]"),
        "{out}"
    );
    let (code, out, _) = run_uriscope(&["rfc", "--code", "reserved-operator"], b"");
    assert_eq!(code, 0);
    assert!(out.contains("2.2.  Expressions"), "{out}");
}

#[test]
fn the_scheme_and_template_rfcs_by_section_and_rule() {
    for (args, want) in [
        (
            &["rfc", "6570", "3.2.8"][..],
            "3.2.8.  Form-Style Query Expansion: {?var}",
        ),
        (
            &["rfc", "2397", "3"][..],
            "dataurl    := \"data:\" [ mediatype ]",
        ),
        (
            &["rfc", "8089", "Appendix E.2.2"][..],
            "E.2.2.  Vertical Line Character",
        ),
        (
            &["rfc", "5891", "5.4"][..],
            "5.4.  Validation and Character List Testing",
        ),
        (&["rfc", "3492", "6.2"][..], "6.2 Decoding procedure"),
        (
            &["rfc", "6455", "3"][..],
            "ws-URI = \"ws:\" \"//\" host [ \":\" port ] path [ \"?\" query ]",
        ),
        (
            &["rfc", "--rule", "dataurl"][..],
            "dataurl (RFC 2397 §3; defined in RFC 2397 §3):",
        ),
        (
            &["rfc", "--rule", "telephone-uri"][..],
            "telephone-uri (RFC 3966 §3;",
        ),
        (
            &["rfc", "--rule", "assigned-name"][..],
            "assigned-name (RFC 8141 §2;",
        ),
    ] {
        let (code, out, err) = run_uriscope(args, b"");
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.contains(want), "{args:?}: {out}");
    }
}

#[test]
fn the_lists_and_the_errors() {
    let (code, out, _) = run_uriscope(&["rfc"], b"");
    assert_eq!(code, 0);
    let (shipped, cited) = out.split_once("Cited, not shipped").expect("both lists");
    for n in [
        "2396", "2397", "3492", "3966", "3986", "3987", "5891", "5952", "6068", "6455", "6570",
        "6874", "8089", "8141",
    ] {
        assert!(shipped.contains(&format!("RFC {n} ")), "{out}");
    }
    assert_eq!(
        cited.lines().skip(1).collect::<Vec<_>>(),
        ["  RFC 9110  HTTP Semantics"]
    );
    let (code, toc, _) = run_uriscope(&["rfc", "3987"], b"");
    assert_eq!(code, 0);
    assert!(toc.contains("    3.1  Mapping of IRIs to URIs"), "{toc}");
    let (code, _, err) = run_uriscope(&["rfc", "3986", "9.9"], b"");
    assert_eq!(code, 1);
    assert!(err.contains("'9.9': RFC 3986 has no such section"), "{err}");
    let (code, _, err) = run_uriscope(&["rfc", "--rule", "nope"], b"");
    assert_eq!(code, 1);
    assert!(err.contains("'nope': no ABNF rule of that name"), "{err}");
    let (code, _, err) = run_uriscope(&["rfc", "9110"], b"");
    assert_eq!(code, 1, "nothing to print, as for an unknown section");
    assert!(
        err.contains("RFC 9110 (HTTP Semantics) is cited but its text is not shipped"),
        "{err}"
    );
}
