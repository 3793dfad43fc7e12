//! Messages read as sentences: no run of source-code
//! whitespace, no line break or tab, no library API name, "URI reference"
//! not "uri reference". Checked on every message the core writes for the
//! inputs below: an input for each finding code, the corpus and the
//! sample sets, each through the grammar and lint (as URI and as IRI),
//! RFC 2396, resolution both ways, normalization, equivalence, the IRI
//! mappings, relative references, edits, URI Templates and `data:` URIs.

use std::collections::BTreeSet;

use uriscope_core::{
    self as uri, compare::equivalence, iri, lint::Linted, rfc2396, NormalizeOptions, ParseOptions,
    ResolveOptions,
};

/// One input for each finding code of the grammar, the lint and the scheme
/// checks (with the code it is there for).
const BY_CODE: &[(&str, &str)] = &[
    ("invalid-char", "http://a/b^c"),
    ("whitespace", "http://a/b c"),
    ("control-char", "http://a/\u{1}"),
    ("non-ascii", "http://a/é"),
    ("bidi-control", "http://a/\u{202e}"),
    ("bad-percent", "http://a/%zz"),
    ("lowercase-percent-hex", "http://a/%7e"),
    ("percent-encoded-unreserved", "http://a/%41"),
    ("colon-in-first-segment", "1:b"),
    ("port-not-digits", "http://a:x/"),
    ("empty-port", "http://a:/"),
    ("empty-host", "http:///a"),
    ("reg-name-not-ipv4", "http://256.1.1.1/"),
    ("uppercase-host", "http://A.example/"),
    ("uppercase-scheme", "HTTP://a/"),
    ("ip-literal-syntax", "http://[::1/"),
    ("ipv6-syntax", "http://[1::2::3]/"),
    ("ipvfuture-syntax", "http://[v1]/"),
    ("zone-id-syntax", "http://[fe80::1%25]/"),
    ("userinfo-password", "http://u:pw@a/"),
    (
        "userinfo-looks-like-host",
        "http://trusted.example@evil.example/",
    ),
    ("non-default-port", "http://a:8080/"),
    ("port-out-of-range", "http://localhost:99999/"),
    ("encoded-control-char", "http://a/%00"),
    ("encoded-slash", "http://a/b%2Fc"),
    ("encoded-dot-segment", "http://a/%2e%2E/"),
    ("backslash", "http://a\\b/"),
    ("javascript-scheme", "javascript:alert(1)"),
    ("data-scheme", "data:text/plain,hi"),
    ("ipv4-rare-form", "http://0x7f.1/"),
    ("mixed-script-label", "http://p\u{430}ypal.com/"),
    ("whole-script-confusable", "http://xn--80ak6aa92e.com/"),
    ("confusable-name", "http://paypa1.com/"),
    ("missing-scheme-colon", "https//example.com/x"),
    ("punycode-invalid", "http://xn--zz.com/"),
    ("host-not-idna", "http://a%20b.example/"),
    ("scheme-needs-authority", "http:/a"),
    ("scheme-forbids-authority", "mailto://a@b"),
    ("scheme-empty-host", "http://:80/"),
    ("scheme-fragment-forbidden", "ws://a/#f"),
    ("mailto-address", "mailto:abc"),
    ("mailto-hfield", "mailto:a@b?x"),
    ("mailto-no-recipient", "mailto:?subject=x"),
    ("urn-syntax", "urn:a"),
    ("urn-nid", "urn:-a:b"),
    ("urn-nss-empty", "urn:ab:"),
    ("urn-query", "urn:ab:c?q"),
    ("data-syntax", "data:"),
    ("data-media-type", "data:a/b/c,x"),
    ("data-parameter", "data:text/plain;x,y"),
    ("data-base64", "data:;base64,ab=c"),
    ("data-payload", "data:,%zz"),
    ("file-drive-in-authority", "file://c:/x"),
    ("file-remote-host", "file://host/x"),
    ("file-drive-letter", "file:/c|/x"),
    ("file-relative-path", "file:x"),
    ("tel-number", "tel:+1-abc"),
    ("tel-parameter", "tel:+1;=x"),
    ("tel-phone-context", "tel:1234"),
    // Resolution and normalization: a path that would read as an authority.
    ("double-slash-path-without-authority", "a:/.//b"),
    // RFC 2396's grammar and the comparison of the two grammars.
    ("bad-escape", "http://a/%zz"),
    ("colon-in-rel-segment", "a:b/c:d"),
    ("unwise-char", "http://[::1]/"),
    ("missing-path", "?y"),
];

/// Inputs for the messages that have no code: template and `data:` errors.
const WITHOUT_CODE: &[&str] = &["{", "x{a", "{+}", "{a:0}", "{a,}", "}", "{a*:3}", "data:"];

/// Codes of the grammar, lint and scheme groups of `uri::Code` no input above
/// produces, each with why.
const NOT_REACHED: &[&str] = &[
    "too-long",                 // an input of 4 GiB
    "not-utf8",                 // bytes, which a `&str` never holds
    "phone-context",            // the parameter's name, cited; the finding is tel-phone-context
    "encoded-dot-segment-kept", // a normalization note, checked below through normalize
];

/// Where a message is wrong as a sentence, or `None`. `quoted` is the text
/// the message may quote (whitespace in it is the user's).
fn flaw(message: &str, quoted: &str) -> Option<&'static str> {
    if message.trim().is_empty() {
        return Some("empty");
    }
    if message.contains(['\n', '\r', '\t']) {
        return Some("a line break or tab");
    }
    if message.contains("  ") && !quoted.contains(char::is_whitespace) {
        return Some("a run of spaces");
    }
    if message.ends_with(' ') || message.starts_with(' ') {
        return Some("space at an end");
    }
    // `NormalizeOptions::iri`: a type name, then `::`.
    let b = message.as_bytes();
    for i in message.match_indices("::").map(|(i, _)| i) {
        let word: Vec<u8> = b[..i]
            .iter()
            .rev()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
            .copied()
            .collect();
        let starts_upper = word.last().is_some_and(u8::is_ascii_uppercase);
        let has_lower = word.iter().any(u8::is_ascii_lowercase);
        if starts_upper && has_lower && b.get(i + 2).is_some_and(u8::is_ascii_alphabetic) {
            return Some("a library API name");
        }
    }
    if message.contains("uri reference") || message.contains("iri reference") {
        return Some("\"uri reference\" in lower case");
    }
    None
}

/// Every message the core writes for `input`, with its code where it has one.
fn messages(input: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut push = |code: &str, m: String| out.push((code.to_string(), m));
    for iri in [false, true] {
        let report = uri::analyze(input, ParseOptions::new().iri(iri));
        for f in Linted::new(&report).findings() {
            push(f.code.as_str(), f.message);
        }
    }
    for f in rfc2396::validate(input)
        .into_iter()
        .chain(rfc2396::compare_grammars(input))
    {
        push(f.code.as_str(), f.message);
    }
    let base = "http://a/b/c/d;p?q";
    for iri in [false, true] {
        let o = ResolveOptions::default().iri(iri);
        for (b, r) in [(base, input), (input, "g")] {
            match uri::trace::resolve(b, r, o) {
                Ok(res) => {
                    for (_, f) in res.findings() {
                        push(f.code.as_str(), f.message.clone());
                    }
                }
                Err(e) => push(e.code.as_str(), e.message),
            }
        }
        if let Err(e) = uri::relative::make_relative(base, input, Default::default()) {
            push(e.code.as_str(), e.message);
        }
        for keep_encoded_dots in [false, true] {
            let n = NormalizeOptions::new()
                .iri(iri)
                .keep_encoded_dots(keep_encoded_dots);
            match uri::trace::normalize(input, n) {
                Ok(norm) => {
                    for f in norm.rungs.into_iter().flat_map(|r| r.findings) {
                        push(f.code.as_str(), f.message);
                    }
                }
                Err(e) => {
                    push("", e.message);
                    for f in e.findings {
                        push(f.code.as_str(), f.message);
                    }
                }
            }
            match equivalence(input, base, n) {
                Ok(e) => {
                    push("", e.verdict());
                    if let Some(h) = e.hint {
                        push("", h);
                    }
                }
                Err(e) => push("", e.message),
            }
        }
    }
    if let Err(e) = rfc2396::resolve_target(base, input, rfc2396::Options::default()) {
        push("", e.to_string());
    }
    for r in [iri::iri_to_uri(input).err(), iri::uri_to_iri(input).err()]
        .into_iter()
        .flatten()
    {
        push("", r.to_string());
    }
    if let Err(e) = uri::edit::Editable::parse(input) {
        push("", e.to_string());
    }
    if let Err(e) = uri::template::parse(input) {
        push("", e.to_string());
    }
    if let Some(Err(e)) = uri::data_url::analyze(input) {
        push("", e.to_string());
    }
    out
}

#[track_caller]
fn check_all(input: &str, seen: &mut BTreeSet<String>) {
    for (code, m) in messages(input) {
        if let Some(what) = flaw(&m, input) {
            panic!("{what} in the message of {input:?} ({code}): {m:?}");
        }
        seen.insert(code);
    }
}

/// Regression: `parse 'http://localhost:99999/'` printed "(RFC 793 §3.1),
/// followed by eighteen spaces, "so no server listens there", in text, JSON
/// and the explorer.
#[test]
fn port_out_of_range_99999_reads_as_one_sentence() {
    let r = uri::analyze("http://localhost:99999/", Default::default());
    let m = Linted::new(&r)
        .findings()
        .find(|f| f.code == "port-out-of-range")
        .expect("the finding")
        .message;
    assert!(
        m.contains(
            "(RFC 793 §3.1), so no server listens there; RFC 3986 §3.2.3 allows any \
             digits, but a client will reject or wrap it"
        ),
        "{m}"
    );
}

/// Regression: a valid IRI given without `--iri` named the library option
/// (`NormalizeOptions::iri`, `ResolveOptions::iri`) in the CLI's error.
#[test]
fn iri_without_iri_names_the_flag_not_the_api() {
    let n = uri::normalize("http://a/é", NormalizeOptions::default()).unwrap_err();
    assert!(
        n.message.ends_with("normalize it as an IRI (--iri)"),
        "{}",
        n.message
    );
    let r = uri::resolve("http://a/", "é", ResolveOptions::default()).unwrap_err();
    assert!(
        r.message.ends_with("resolve it as an IRI (--iri)"),
        "{}",
        r.message
    );
}

#[test]
fn every_finding_code_has_a_message_that_reads_as_a_sentence() {
    let mut seen = BTreeSet::new();
    for (_, input) in BY_CODE {
        check_all(input, &mut seen);
    }
    // The normalization note of `--keep-encoded-dots`.
    check_all("http://a/b/%2E%2E/c", &mut seen);
    for input in WITHOUT_CODE {
        check_all(input, &mut seen);
    }
    let codes: Vec<&str> = uriscope_core::Code::ALL
        .iter()
        .map(|c| c.as_str())
        .collect();
    let end = codes
        .iter()
        .position(|c| *c == "base-fragment-dropped")
        .expect("the resolution codes");
    let missing: Vec<&&str> = codes[..end]
        .iter()
        .filter(|c| !seen.contains(**c) && !NOT_REACHED.contains(c))
        .collect();
    assert!(
        missing.is_empty(),
        "no input gives {missing:?}: add them to BY_CODE"
    );
    let lost: Vec<_> = BY_CODE.iter().filter(|(c, _)| !seen.contains(*c)).collect();
    assert!(
        lost.is_empty(),
        "these inputs no longer give their code: {lost:?}"
    );
}

#[test]
fn messages_on_the_corpus_and_the_sample_sets_read_as_sentences() {
    let mut seen = BTreeSet::new();
    let corpus = include_str!("../../../../benches/uris.txt");
    // Every 25th line: some 3,000 inputs, each through every entry point.
    for line in corpus.lines().step_by(25) {
        check_all(line, &mut seen);
    }
    for set in [
        include_str!("../../../../assets/tricky.txt"),
        include_str!("../../../../assets/rfc3986-normal.txt"),
        include_str!("../../../../assets/rfc3986-abnormal.txt"),
        include_str!("../../../../assets/rfc2396-appendix-c.txt"),
    ] {
        for line in set.lines().filter(|l| !l.starts_with(['#', '@'])) {
            let input = line.split('\t').next().unwrap_or("");
            check_all(input.trim_matches('"'), &mut seen);
        }
    }
    assert!(seen.len() > 20, "{seen:?}");
}

/// The checker itself finds each flaw it is for.
#[test]
fn the_sentence_check_finds_each_flaw() {
    assert_eq!(
        flaw("a (x),                  so b", "x"),
        Some("a run of spaces")
    );
    assert_eq!(flaw("a, b", "x"), None);
    assert_eq!(flaw("a  b", "in put"), None);
    assert_eq!(
        flaw("as an IRI (--iri, NormalizeOptions::iri)", "x"),
        Some("a library API name")
    );
    assert_eq!(flaw("[fe80::abcd] and http://a", "x"), None);
    assert_eq!(
        flaw("yes (uri reference)", "x"),
        Some("\"uri reference\" in lower case")
    );
    assert_eq!(flaw("a\nb", "x"), Some("a line break or tab"));
}
