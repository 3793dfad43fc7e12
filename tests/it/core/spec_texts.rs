//! Every RFC text uriscope cites is compiled in, read the way
//! the RFC prints it (no page furniture, headings found whatever their
//! first character, each RFC's grammar notation), and every citation in
//! the sources names a section that exists.

use uriscope::spec::{self, cite, DOCS, NOT_SHIPPED};

/// One passage per RFC the code cites beyond the generic syntax: the
/// section, its title, a line of its text and a rule it defines. Without
/// the RFC's text under `assets/rfc/` its row fails.
const PASSAGES: &[(u32, &str, &str, &str, Option<&str>)] = &[
    (
        2397,
        "3",
        "Syntax",
        "The \";base64\" extension is distinguishable",
        Some("dataurl"),
    ),
    (3492, "6.2", "Decoding procedure", "let n = initial_n", None),
    (
        3966,
        "3",
        "URI Syntax",
        "telephone-uri",
        Some("telephone-uri"),
    ),
    (
        5891,
        "5.4",
        "Validation and Character List Testing",
        "U-label",
        None,
    ),
    (
        6068,
        "2",
        "Syntax of a 'mailto' URI",
        "mailtoURI",
        Some("mailtoURI"),
    ),
    (6455, "3", "WebSocket URIs", "ws-URI", Some("ws-URI")),
    (
        6570,
        "3.2.8",
        "Form-Style Query Expansion: {?var}",
        "{?who}",
        Some("varspec"),
    ),
    (8089, "2", "Syntax", "file-URI", Some("file-URI")),
    (
        8141,
        "2",
        "URN Syntax",
        "assigned-name",
        Some("assigned-name"),
    ),
];

#[test]
fn every_rfc_the_code_cites_is_shipped_with_its_sections_and_rules() {
    for &(rfc, id, title, line, rule) in PASSAGES {
        let s = spec::section(rfc, id)
            .unwrap_or_else(|| panic!("RFC {rfc} §{id} is not shipped (assets/rfc/rfc{rfc}.txt)"));
        assert_eq!(s.title, title, "RFC {rfc} §{id}");
        assert!(s.text.contains(line), "RFC {rfc} §{id}: {:?}", s.text);
        if let Some(name) = rule {
            let r = spec::rule(Some(rfc), name).unwrap_or_else(|| panic!("RFC {rfc}: no {name}"));
            assert_eq!(r.rfc, rfc);
            assert!(r.definition.trim_start().starts_with(name), "{r:?}");
            // Found without naming the RFC too: no generic-syntax RFC
            // defines these.
            assert_eq!(spec::rule(None, name).map(|r| r.rfc), Some(rfc), "{name}");
        }
    }
    // What is not shipped is what has no text at hand.
    assert_eq!(NOT_SHIPPED, &[(9110, "HTTP Semantics")]);
    for (n, _) in NOT_SHIPPED {
        assert!(
            spec::doc(*n).is_none(),
            "RFC {n} is shipped and listed as not"
        );
    }
}

/// The form feed that ends a page is whitespace: trimmed before it was
/// looked for, every page header of every RFC stayed in the text
/// (`RFC 2397   The "data" URL scheme   August 1998` in the middle of
/// §2), and in the explorer's RFC overlay.
#[test]
fn page_headers_are_stripped_from_every_text() {
    for d in DOCS {
        let header = format!("RFC {} ", d.rfc);
        let left: Vec<&str> = d.text.lines().filter(|l| l.starts_with(&header)).collect();
        assert!(left.is_empty(), "RFC {}: {left:?}", d.rfc);
        assert!(!d.text.contains("[Page "), "RFC {}", d.rfc);
    }
    let s = spec::section(2397, "2").unwrap();
    assert!(!s.text.contains("August 1998"), "{}", s.text);
    assert!(
        s.text.contains("a single\n   attribute value literal"),
        "{}",
        s.text
    );
}

/// A paragraph a page break cuts mid-sentence reads as one paragraph: the
/// blank lines around the page's footer and header go; a paragraph that
/// ends at the break keeps its blank line.
#[test]
fn a_paragraph_cut_by_a_page_break_is_joined() {
    let s = spec::section(3987, "5.3.3").unwrap();
    assert!(
        s.text
            .contains("brevity,\n   and internationalization.  If, however"),
        "{}",
        s.text
    );
    for d in DOCS {
        // Every paragraph still starts after a blank line: no heading was
        // joined to the text before it.
        for sec in d.sections {
            let at = sec.start;
            assert!(
                at == 0 || d.text[..at].ends_with("\n\n"),
                "RFC {} §{}",
                d.rfc,
                sec.id
            );
        }
    }
}

/// Headings at column 0 whose title does not start with a capital letter
/// were read as text, and their sections were missing.
#[test]
fn headings_starting_with_a_small_letter_a_quote_or_a_bracket_are_sections() {
    for (rfc, id, title) in [
        (8141, "2.3.1", "r-component"),
        (8141, "2.3.3", "f-component"),
        (5952, "4.2", "\"::\" Usage"),
        (8089, "E.3.1", "<file> URI with Authority"),
    ] {
        let s = spec::section(rfc, id).unwrap_or_else(|| panic!("RFC {rfc} §{id}"));
        assert_eq!(s.title, title);
    }
    // And §2.3 of RFC 8141 now stops at its first subsection.
    let s = spec::section(8141, "2.3").unwrap();
    assert!(
        !s.text.contains("The URN r-component has no syntactic"),
        "{}",
        s.text
    );
    assert_eq!(s.subsections.len(), 3);
}

/// RFC 2397 writes its grammar in BNF (`dataurl := …`), RFC 6570 its
/// example variables the same way (`var := "value"`) beside an ABNF
/// grammar; RFC 3492's sample implementation is C (`n = initial_n;`).
#[test]
fn each_rfc_is_read_in_its_own_grammar_notation() {
    let names = |rfc: u32| -> Vec<&str> {
        spec::doc(rfc)
            .unwrap()
            .rules
            .iter()
            .map(|r| r.name)
            .collect()
    };
    assert_eq!(names(2397), ["dataurl", "mediatype", "data", "parameter"]);
    let d = spec::rule(Some(2397), "mediatype").unwrap();
    assert_eq!(d.section, "3");
    assert!(d.definition.contains(":= [ type \"/\" subtype ]"), "{d:?}");
    for example in ["var", "hello", "count", "keys"] {
        assert!(!names(6570).contains(&example), "RFC 6570 {example}");
    }
    assert!(names(6570).contains(&"varspec"));
    for c in ["n", "status", "output_length", "delta"] {
        assert!(!names(3492).contains(&c), "RFC 3492 {c}");
    }
}

/// Every `RFC NNNN §X` and `RFC NNNN Appendix X` written anywhere in the
/// sources — finding messages, template and `data:` errors, IDNA notes,
/// the views, doc comments — names a section that exists when the RFC is
/// shipped. RFCs named in passing and not shipped (RFC 4648, 2045, 1034)
/// are left alone; [`spec::NOT_SHIPPED`] lists those the codes cite.
#[test]
fn every_citation_in_the_sources_names_a_section_that_exists() {
    let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![
        manifest.join("src"),
        manifest.join("crates/uriscope-core/src"),
    ];
    let mut bad = Vec::new();
    let mut checked = 0;
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).expect("src").flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
                continue;
            }
            if p.extension().is_none_or(|x| x != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&p).expect("a source");
            for (n, line) in joined_lines(&text).iter().enumerate() {
                for c in cite(line) {
                    if spec::doc(c.rfc).is_none() {
                        continue;
                    }
                    checked += 1;
                    if !c.exists() {
                        bad.push(format!("{}:{}: {c}: {}", p.display(), n + 1, line.trim()));
                    }
                }
            }
        }
    }
    assert!(checked > 500, "only {checked} citations read");
    assert!(bad.is_empty(), "no such section:\n{}", bad.join("\n"));
}

/// The lines of a Rust source with string continuations (`\` at a line's
/// end) joined, so that a citation broken across them reads whole.
fn joined_lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for line in text.lines() {
        let piece = if cur.is_empty() {
            line
        } else {
            line.trim_start()
        };
        match piece.strip_suffix('\\') {
            Some(head) => cur.push_str(head),
            None => {
                cur.push_str(piece);
                out.push(std::mem::take(&mut cur));
            }
        }
    }
    out.push(cur);
    out
}

#[test]
fn a_citation_of_a_missing_section_fails_the_source_check() {
    // The check's own oracle: a section that is not there is found.
    let lines = joined_lines("let m = \"see RFC 6570 \\\n    §3.2.10 and RFC 2397 §2–§3\";");
    let cites: Vec<String> = cite(&lines[0])
        .iter()
        .filter(|c| !c.exists())
        .map(ToString::to_string)
        .collect();
    assert_eq!(cites, ["RFC 6570 §3.2.10"]);
}
