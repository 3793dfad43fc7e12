//! The RFC texts compiled in: every section
//! and rule the index holds is real text, and every code, rung, step,
//! rule, encode set, scheme, template operator and error, `data:` finding
//! and message uriscope reports cites a section that exists.

use uriscope::spec::{self, cite, Cite, DOCS, NOT_SHIPPED, SCHEMES};
use uriscope::uri::percent::encode_set;
use uriscope::uri::template::{ExpandErrorKind, Modifier, Operator, TemplateErrorKind, ValueKind};
use uriscope::uri::trace::{DotRule, RungKind};
use uriscope::uri::{compare::ComparisonRung, report::Rule, rfc2396, trace};

/// Every variant, by an exhaustive match: a new variant breaks the build
/// here until it is listed (and so cited).
fn all_rules() -> Vec<Rule> {
    let all = [
        Rule::Scheme,
        Rule::Userinfo,
        Rule::Host,
        Rule::RegName,
        Rule::Ipv4,
        Rule::IpLiteral,
        Rule::Ipv6,
        Rule::ZoneId,
        Rule::IpFuture,
        Rule::Port,
        Rule::Path,
        Rule::FirstSegment,
        Rule::Query,
        Rule::Fragment,
        Rule::UriReference,
        Rule::IriReference,
    ];
    for r in all {
        match r {
            Rule::Scheme
            | Rule::Userinfo
            | Rule::Host
            | Rule::RegName
            | Rule::Ipv4
            | Rule::IpLiteral
            | Rule::Ipv6
            | Rule::ZoneId
            | Rule::IpFuture
            | Rule::Port
            | Rule::Path
            | Rule::FirstSegment
            | Rule::Query
            | Rule::Fragment
            | Rule::UriReference
            | Rule::IriReference => {}
        }
    }
    all.to_vec()
}

fn all_rungs() -> Vec<RungKind> {
    let all = [
        RungKind::Case,
        RungKind::Ipv6,
        RungKind::PercentEncoding,
        RungKind::PathSegments,
        RungKind::EmptyPort,
        RungKind::SchemeBased,
        RungKind::Idna,
    ];
    for r in all {
        match r {
            RungKind::Case
            | RungKind::Ipv6
            | RungKind::PercentEncoding
            | RungKind::PathSegments
            | RungKind::EmptyPort
            | RungKind::SchemeBased
            | RungKind::Idna => {}
        }
    }
    all.to_vec()
}

fn all_rfc2396_rules() -> Vec<rfc2396::Rule> {
    use rfc2396::Rule as R;
    let all = [
        R::Scheme,
        R::OpaquePart,
        R::RegName,
        R::Userinfo,
        R::Hostname,
        R::Ipv4address,
        R::Port,
        R::PathSegments,
        R::RelSegment,
        R::RelativeUri,
        R::Query,
        R::Fragment,
    ];
    for r in all {
        match r {
            R::Scheme
            | R::OpaquePart
            | R::RegName
            | R::Userinfo
            | R::Hostname
            | R::Ipv4address
            | R::Port
            | R::PathSegments
            | R::RelSegment
            | R::RelativeUri
            | R::Query
            | R::Fragment => {}
        }
    }
    all.to_vec()
}

/// Every kind of template error, by an exhaustive match: a new kind
/// breaks the build here until it is listed (and so cited).
fn all_template_errors() -> Vec<&'static str> {
    use TemplateErrorKind as K;
    let all = [
        K::Unclosed { open: 0 },
        K::StrayClose,
        K::EmptyExpression,
        K::ReservedOperator,
        K::VarnameExpected,
        K::VarcharAfterDot,
        K::HexDigitExpected,
        K::PrefixLengthExpected,
        K::PrefixTooLong,
        K::InvalidVarnameChar,
        K::SeparatorExpected,
    ];
    for k in all {
        match k {
            K::Unclosed { .. }
            | K::StrayClose
            | K::EmptyExpression
            | K::ReservedOperator
            | K::VarnameExpected
            | K::VarcharAfterDot
            | K::HexDigitExpected
            | K::PrefixLengthExpected
            | K::PrefixTooLong
            | K::InvalidVarnameChar
            | K::SeparatorExpected => {}
        }
    }
    let expand = ExpandErrorKind::PrefixOnComposite {
        length: 1,
        value: ValueKind::List,
    };
    match expand {
        ExpandErrorKind::PrefixOnComposite { .. } => {}
    }
    let mut codes: Vec<&str> = all.iter().map(|k| k.code().as_str()).collect();
    codes.push(expand.code().as_str());
    codes
}

/// A citation names at least one section, and every section it names of
/// a shipped RFC exists; RFCs not shipped are the listed ones.
#[track_caller]
fn assert_cites(what: &str, citation: &str) {
    let cites = cite(citation);
    assert!(!cites.is_empty(), "{what}: {citation:?} names no section");
    for c in &cites {
        if spec::doc(c.rfc).is_some() {
            assert!(
                c.exists(),
                "{what}: {c} (from {citation:?}) is not a section"
            );
        } else {
            assert!(
                NOT_SHIPPED.iter().any(|(n, _)| *n == c.rfc),
                "{what}: RFC {} is neither shipped nor listed as not shipped",
                c.rfc
            );
        }
    }
    assert!(
        cites.iter().any(Cite::exists),
        "{what}: {citation:?} names no shipped section"
    );
}

#[test]
fn every_code_cites_a_section_that_exists() {
    for (code, citation) in spec::all_codes() {
        assert_cites(code, citation);
    }
    let mut seen = std::collections::HashSet::new();
    for (code, _) in spec::all_codes() {
        assert!(seen.insert(code), "{code} is listed twice");
    }
}

#[test]
fn every_template_error_and_operator_cites_a_section_that_exists() {
    for code in all_template_errors() {
        let citation = spec::for_code(code).unwrap_or_else(|| panic!("{code} is not in CODES"));
        assert_cites(code, citation);
        // A template error is explained by RFC 6570 first.
        assert_eq!(cite(citation)[0].rfc, 6570, "{code}: {citation}");
    }
    for op in Operator::ALL {
        assert_cites(op.name(), op.citation());
        let s = spec::section(6570, op.section()).expect("the operator's section");
        // §3.2.2's title is "Simple String Expansion: {var}", §3.2.8's
        // "Form-Style Query Expansion: {?var}".
        assert!(
            s.title.ends_with(&format!("{{{}var}}", op.as_str())),
            "{op:?}: {}",
            s.title
        );
    }
    for m in [Modifier::None, Modifier::Prefix(3), Modifier::Explode] {
        if let Some(id) = m.section() {
            assert!(spec::section(6570, id).is_some(), "{m:?}: §{id}");
        }
    }
}

#[test]
fn every_scheme_with_a_shipped_rfc_cites_its_syntax() {
    for (scheme, citation) in SCHEMES {
        assert_cites(scheme, citation);
        let info = uriscope::uri::scheme::lookup(scheme).expect("a known scheme");
        assert_eq!(
            cite(citation)[0].rfc.to_string(),
            info.spec.trim_start_matches("RFC "),
            "{scheme}: the scheme table names {}",
            info.spec
        );
    }
    // And no scheme whose RFC is shipped is left out.
    for info in uriscope::uri::scheme::SCHEMES {
        let shipped = info
            .spec
            .strip_prefix("RFC ")
            .and_then(|n| n.parse().ok())
            .is_some_and(|n| spec::doc(n).is_some());
        if shipped && !matches!(info.spec, "RFC 3986" | "RFC 3987") {
            assert!(
                spec::for_scheme(info.name).is_some(),
                "{} ({}) is not in spec::SCHEMES",
                info.name,
                info.spec
            );
        }
    }
}

#[test]
fn every_rule_rung_step_and_set_cites_a_section_that_exists() {
    for r in all_rules() {
        assert_cites(r.name(), r.section());
        // And the rule itself is in the index (the explorer shows it).
        let def = spec::rule(None, r.name()).unwrap_or_else(|| panic!("no ABNF for {}", r.name()));
        assert!(def.definition.contains(def.name), "{def:?}");
    }
    for r in all_rfc2396_rules() {
        assert_cites(r.name(), r.section());
        assert!(
            spec::rule(Some(2396), r.name()).is_some(),
            "no RFC 2396 ABNF for {}",
            r.name()
        );
    }
    for r in all_rungs() {
        assert_cites(r.name(), r.section());
        assert!(spec::for_code(r.name()).is_some(), "{}", r.name());
    }
    for r in [
        ComparisonRung::SimpleString,
        ComparisonRung::SyntaxBased,
        ComparisonRung::SchemeBased,
        ComparisonRung::Idna,
    ] {
        assert_cites(r.name(), r.section());
    }
    for b in [
        trace::Branch::ReferenceScheme,
        trace::Branch::ReferenceAuthority,
        trace::Branch::EmptyPath,
        trace::Branch::AbsolutePath,
        trace::Branch::Merge,
    ] {
        // The branch's condition is a line of the section the explorer opens.
        let s = spec::section(3986, "5.2.2").expect("§5.2.2");
        let line = match b {
            // The RFC writes the merge branch as a bare `else`.
            trace::Branch::Merge => "T.path = merge(Base.path, R.path);",
            _ => b.condition(),
        };
        assert!(s.text.contains(line), "{b:?}: {line}");
    }
    for r in [DotRule::A, DotRule::B, DotRule::C, DotRule::D, DotRule::E] {
        // Each rule's letter heads a paragraph of §5.2.4's step 2.
        let s = spec::section(3986, "5.2.4").expect("§5.2.4");
        assert!(s.text.contains(&format!("{}.  ", r.letter())), "{r:?}");
    }
    for set in encode_set::ALL {
        if set.section.starts_with("WHATWG") {
            // The form set follows the URL Standard, which is not an RFC.
            continue;
        }
        assert_cites(set.name, set.section);
        let name = set.abnf.split(" =").next().unwrap().trim();
        if !name.contains(' ') {
            assert!(
                spec::rule(None, name).is_some(),
                "{}: no ABNF {name}",
                set.name
            );
        }
    }
}

/// Every kebab-case string literal in the core's sources (outside tests
/// and comments), the URI Template and `data:` modules included, is a
/// code with a citation (a finding's [`uri::Code`](uriscope::uri::Code),
/// which cites by construction, or one of `spec::CODES`: rungs, path kinds),
/// an ABNF rule of the generic syntax, or one of the few names that are
/// neither: a rung or kind added without a citation fails here.
#[test]
fn every_code_in_the_sources_is_cited() {
    let names_not_codes = [
        "query-param", // an encode set's name
        "gen-delim",   // the percent explainer's reason names
        "sub-delim",
        "pct-encoded",
        "path-parameter", // template operator names (Operator::name)
        "query-continuation",
        "data-url", // the core crate's feature
    ];
    // Only the generic syntax's rules: a code that happens to share a name
    // with a rule of a scheme's RFC (RFC 3966's `phone-context` is both)
    // must still be in CODES.
    let generic_rule = |name: &str| {
        [3986, 6874, 3987, 5952, 2396]
            .iter()
            .any(|&r| spec::rule(Some(r), name).is_some())
    };
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![root.join("whatwg.rs")];
    let mut dirs =
        vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/uriscope-core/src")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).expect("the core's sources").flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "rs")
                && !p.ends_with("step6_tests.rs")
                // data_url's unit tests, a module of their own.
                && !(p.ends_with("tests.rs") && p.parent().is_some_and(|d| d.ends_with("data_url")))
            {
                files.push(p);
            }
        }
    }
    let mut missing = Vec::new();
    for f in files {
        // The data: analysis names media types (`x-png`) as well as its
        // codes, which all start with `data-`.
        let data_url = f.parent().is_some_and(|d| d.ends_with("data_url"));
        let text = std::fs::read_to_string(&f).expect("read a source");
        let code_part = text.split("#[cfg(test)]").next().unwrap_or("");
        for line in code_part.lines() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for lit in line.split('"').skip(1).step_by(2) {
                let kebab = lit.contains('-')
                    && lit
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                    && !lit.starts_with('-')
                    && !lit.ends_with('-');
                if kebab
                    && (!data_url || lit.starts_with("data-"))
                    && spec::for_code(lit).is_none()
                    && !generic_rule(lit)
                    && !names_not_codes.contains(&lit)
                {
                    missing.push(format!("{}: {lit}", f.display()));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "codes without a citation (uri::Code or spec::CODES):\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_index_holds_real_sections_and_rules() {
    assert_eq!(
        DOCS.iter().map(|d| d.rfc).collect::<Vec<_>>(),
        [2396, 2397, 3492, 3966, 3986, 3987, 5891, 5952, 6068, 6455, 6570, 6874, 8089, 8141]
    );
    for d in DOCS {
        assert!(
            !d.title.is_empty() && !d.title.contains("  "),
            "{}",
            d.title
        );
        // RFC 2397, the shortest, has seven.
        assert!(
            d.sections.len() >= 7,
            "RFC {}: {} sections",
            d.rfc,
            d.sections.len()
        );
        let mut last = 0;
        for s in d.sections {
            assert!(
                s.start >= last && s.end > s.start,
                "RFC {} §{}",
                d.rfc,
                s.id
            );
            last = s.start;
            let text = &d.text[s.start..s.end];
            let head = text.lines().next().unwrap();
            assert!(head.contains(s.title), "RFC {} §{}: {head:?}", d.rfc, s.id);
            // No page furniture left in the text.
            assert!(!text.contains("[Page "), "RFC {} §{}", d.rfc, s.id);
            assert!(!text.contains('\u{c}'), "RFC {} §{}", d.rfc, s.id);
        }
        for r in d.rules {
            let text = &d.text[r.start..r.end];
            assert!(
                text.trim_start().starts_with(r.name),
                "RFC {} {}: {text:?}",
                d.rfc,
                r.name
            );
        }
    }
    // RFC 3986 has the sections its table of contents lists, in order.
    let ids: Vec<&str> = spec::doc(3986)
        .unwrap()
        .sections
        .iter()
        .map(|s| s.id)
        .collect();
    for want in [
        "1", "3.2.2", "5.2.4", "6.2.2.3", "7.6", "A", "B", "C", "D.2",
    ] {
        assert!(ids.contains(&want), "§{want} missing: {ids:?}");
    }
    let s = spec::section(3986, "Appendix B").unwrap();
    assert!(s
        .text
        .contains("^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\\?([^#]*))?(#(.*))?"));
    assert_eq!(spec::section(3986, "5.2").unwrap().subsections.len(), 4);
    assert!(spec::section(3986, "9.9").is_none());
    assert!(
        spec::section(9110, "4.2.1").is_none(),
        "RFC 9110 is not shipped"
    );
}

#[test]
fn rules_are_found_case_insensitively_in_their_own_section() {
    let r = spec::rule(None, "IPV6ADDRESS").unwrap();
    assert_eq!((r.rfc, r.name, r.section), (3986, "IPv6address", "3.2.2"));
    assert_eq!(r.defined_in, ["3.2.2", "A"]);
    assert!(r.definition.contains("6( h16 \":\" ) ls32"));
    let z = spec::rule(None, "ZoneID").unwrap();
    assert_eq!((z.rfc, z.section), (6874, "2"));
    let i = spec::rule(None, "ipath-abempty").unwrap();
    assert_eq!((i.rfc, i.section), (3987, "2.2"));
    let old = spec::rule(Some(2396), "rel_segment").unwrap();
    assert_eq!(old.section, "5");
    assert!(spec::rule(None, "no-such-rule").is_none());
}

#[test]
fn citations_parse_the_way_the_code_writes_them() {
    let c: Vec<String> = cite("RFC 3986 §7.3, Appendix C; RFC 2396 §2.4.3 (excluded)")
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        c,
        ["RFC 3986 §7.3", "RFC 3986 Appendix C", "RFC 2396 §2.4.3"]
    );
    assert!(cite("UTS #39 §5.2").is_empty(), "not an RFC");
    let range: Vec<String> = cite("RFC 2397 §2–§3; RFC 3986 §6.2.2.2-§6.2.2.3")
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        range,
        [
            "RFC 2397 §2",
            "RFC 2397 §3",
            "RFC 3986 §6.2.2.2",
            "RFC 3986 §6.2.2.3"
        ]
    );
}
