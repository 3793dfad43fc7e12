//! Differential tests: uriscope against fluent-uri 0.4 and iri-string 0.7 on
//! validity and every component, over the benchmark corpus and over
//! proptest-generated URI-ish strings. Every disagreement must be explained
//! by a section of DIFFERENCES.md (see tests/it/peers.rs).

use proptest::prelude::*;

use super::crates::{compare, fluent, iri_string, ours, Disagreement, Peer, BIDI, ZONE_ID};

/// The corpus: benches/uris.txt, one URI-reference per line.
pub fn corpus() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../benches/uris.txt");
    let text = std::fs::read_to_string(path).expect("benches/uris.txt is committed");
    text.lines().map(str::to_owned).collect()
}

/// Every disagreement on `s`, as a URI and as an IRI, with both peers.
fn disagreements(s: &str) -> Vec<Disagreement> {
    let mut out = Vec::new();
    for iri in [false, true] {
        for peer in Peer::ALL {
            out.extend(compare(s, iri, peer));
        }
    }
    out
}

#[track_caller]
fn assert_all_explained(found: &[Disagreement]) {
    let unexplained: Vec<&Disagreement> =
        found.iter().filter(|d| d.explained_by.is_none()).collect();
    assert!(
        unexplained.is_empty(),
        "{} unexplained disagreement(s), first with {}: {:#?}",
        unexplained.len(),
        unexplained[0].peer.name(),
        unexplained[0]
    );
}

#[test]
fn differential_corpus_every_disagreement_explained() {
    let c = corpus();
    assert!(c.len() > 70_000, "the corpus has {} lines", c.len());
    let found: Vec<Disagreement> = c.iter().flat_map(|s| disagreements(s)).collect();
    assert_all_explained(&found);
    // The corpus is real-world URIs: most are valid, and so both sides read
    // them; make sure the comparison compared something.
    let valid = c.iter().filter(|s| ours(s, false).is_some()).count();
    assert!(valid > c.len() / 2, "only {valid} valid lines");
    let both = c
        .iter()
        .filter(|s| ours(s, false).is_some() && fluent(s, false).is_some())
        .count();
    assert!(both > c.len() / 2, "only {both} lines valid on both sides");
}

/// URI-ish strings: pieces drawn from the characters and tokens that matter
/// to the grammar (delimiters, escapes, IP literals, non-ASCII), glued.
pub fn uri_ish() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("a"),
        Just("Z"),
        Just("0"),
        Just("9"),
        Just("f"),
        Just("v"),
        Just("v1."),
        Just(":"),
        Just("/"),
        Just("//"),
        Just("?"),
        Just("#"),
        Just("@"),
        Just("["),
        Just("]"),
        Just("%"),
        Just("%2"),
        Just("%25"),
        Just("%41"),
        Just("%zz"),
        Just("."),
        Just(".."),
        Just("-"),
        Just("+"),
        Just("_"),
        Just("~"),
        Just("!"),
        Just("$"),
        Just("&"),
        Just("'"),
        Just("("),
        Just(")"),
        Just("*"),
        Just(","),
        Just(";"),
        Just("="),
        Just(" "),
        Just("\t"),
        Just("\""),
        Just("<"),
        Just(">"),
        Just("\\"),
        Just("^"),
        Just("`"),
        Just("{"),
        Just("|"),
        Just("}"),
        Just("\u{7f}"),
        Just("\u{0}"),
        Just("é"),
        Just("\u{e000}"),
        Just("\u{fffe}"),
        Just("\u{10000}"),
        Just("例"),
        Just("::"),
        Just("::1"),
        Just("1.2.3.4"),
        Just("256"),
        Just("ffff:"),
        Just("1:2:3:4:5:6:7:8"),
        Just("http:"),
        Just("//h"),
        Just(":80"),
        Just("[::1]"),
        Just("[v7.x]"),
        Just("%25en0"),
        Just("127.0.0.1"),
        Just("1:"),
        Just("a:"),
    ];
    proptest::collection::vec(piece, 0..12).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn differential_uri_ish_every_disagreement_explained(s in uri_ish()) {
        let found = disagreements(&s);
        prop_assert!(found.iter().all(|d| d.explained_by.is_some()), "{:#?}", found);
    }

    #[test]
    fn differential_any_string_every_disagreement_explained(s in "\\PC{0,40}") {
        let found = disagreements(&s);
        prop_assert!(found.iter().all(|d| d.explained_by.is_some()), "{:#?}", found);
    }
}

/// DIFFERENCES.md §1: `http://[fe80::1%25en0]/` is an RFC 6874 `IPv6addrz`;
/// we accept it, both peers reject it.
#[test]
fn difference_zone_id_fe80_1_25en0() {
    let s = "http://[fe80::1%25en0]/";
    let u = ours(s, false).expect("RFC 6874 §2 allows a zone ID");
    assert_eq!(u.host.as_deref(), Some("[fe80::1%25en0]"));
    assert_eq!(fluent(s, false), None);
    assert_eq!(iri_string(s, false), None);
    for d in disagreements(s) {
        assert_eq!(d.explained_by, Some(ZONE_ID));
    }
    // Without the zone, all three agree.
    assert!(disagreements("http://[fe80::1]/").is_empty());
    // A bare '%' (RFC 6874 §2 requires "%25") is rejected by all three.
    assert!(disagreements("http://[fe80::1%en0]/").is_empty());
    assert_eq!(ours("http://[fe80::1%en0]/", false), None);
}

/// DIFFERENCES.md §7: a right-to-left override (U+202E) in an IRI path;
/// RFC 3987 §4.1 forbids bidi formatting characters, both peers accept it.
#[test]
fn difference_bidi_override_in_an_iri_path() {
    let s = "http://example.com/\u{202e}/foo/\u{202d}/bar";
    assert_eq!(ours(s, true), None);
    assert!(fluent(s, true).is_some());
    assert!(iri_string(s, true).is_some());
    let ds: Vec<_> = [Peer::Fluent, Peer::IriString]
        .into_iter()
        .filter_map(|p| compare(s, true, p))
        .collect();
    assert_eq!(ds.len(), 2);
    for d in ds {
        assert_eq!(d.explained_by, Some(BIDI));
    }
    // Without the bidi controls, all three agree.
    assert!(compare("http://example.com//foo//bar", true, Peer::Fluent).is_none());
}
