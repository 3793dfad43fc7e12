//! The RFC texts compiled in (issue 13 point 1): every section and rule
//! the index holds is real text, and every code, rung, step, rule and
//! encode set uriscope reports cites a section that exists.

use uriscope::spec::{self, cite, Cite, CODES, DOCS, NOT_SHIPPED};
use uriscope::uri::percent::encode_set;
use uriscope::uri::trace::DotRule;
use uriscope::uri::trace::RungKind;
use uriscope::uri::{rfc2396, trace, ComparisonRung, Rule};

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
    ];
    for r in all {
        match r {
            RungKind::Case
            | RungKind::Ipv6
            | RungKind::PercentEncoding
            | RungKind::PathSegments
            | RungKind::EmptyPort
            | RungKind::SchemeBased => {}
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
    for (code, citation) in CODES {
        assert_cites(code, citation);
    }
    let mut seen = std::collections::HashSet::new();
    for (code, _) in CODES {
        assert!(seen.insert(code), "{code} is listed twice");
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
/// and comments) is a code [`CODES`] cites, an ABNF rule the index knows,
/// or one of the few names that are neither: a finding code added without
/// a citation fails here.
#[test]
fn every_code_in_the_sources_is_cited() {
    let names_not_codes = [
        "query-param", // an encode set's name
        "gen-delim",   // the percent explainer's reason names
        "sub-delim",
        "pct-encoded",
    ];
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("src/whatwg.rs")];
    let mut dirs = vec![root.join("crates/uriscope-core/src")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).expect("the core's sources").flatten() {
            let p = e.path();
            if p.is_dir() {
                // The template and data: modules report their own errors.
                if !p.ends_with("template") && !p.ends_with("data_url") {
                    dirs.push(p);
                }
            } else if p.extension().is_some_and(|x| x == "rs") && !p.ends_with("step6_tests.rs") {
                files.push(p);
            }
        }
    }
    let mut missing = Vec::new();
    for f in files {
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
                    && spec::for_code(lit).is_none()
                    && spec::rule(None, lit).is_none()
                    && !names_not_codes.contains(&lit)
                {
                    missing.push(format!("{}: {lit}", f.display()));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "codes without a citation in spec::CODES:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_index_holds_real_sections_and_rules() {
    assert_eq!(
        DOCS.iter().map(|d| d.rfc).collect::<Vec<_>>(),
        [2396, 3986, 3987, 5952, 6874]
    );
    for d in DOCS {
        assert!(
            !d.title.is_empty() && !d.title.contains("  "),
            "{}",
            d.title
        );
        assert!(
            d.sections.len() > 8,
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
    assert!(spec::section(2397, "3").is_none());
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
}
