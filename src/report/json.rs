//! The JSON report of one analysed input (`uriscope parse --json`): its
//! components, every finding, and what a browser does with it.

use serde::Serialize;

use super::analysis::Analysis;
use crate::uri::lint::Linted;
use crate::uri::{Code, Finding, Report};
use crate::whatwg::{self, Whatwg};

/// One finding in the JSON output.
#[derive(Debug, Serialize)]
pub struct JsonFinding<'a> {
    /// Byte offset where it starts.
    pub start: usize,
    /// Byte offset where it ends.
    pub end: usize,
    /// `error`, `warning` or `note`.
    pub severity: &'static str,
    /// Stable code.
    pub code: &'static str,
    /// Explanation.
    pub message: std::borrow::Cow<'a, str>,
    /// The sections that explain the code (`uriscope rfc --code CODE`).
    pub section: Option<&'static str>,
}

/// The JSON object `parse --json` prints for one input.
#[derive(Debug, Serialize)]
pub struct JsonParse<'a> {
    /// The input line.
    pub input: &'a str,
    /// Whether it is a valid URI-reference.
    pub valid: bool,
    /// Reference kind (null for a line that is not UTF-8).
    pub kind: Option<&'static str>,
    /// What the input is, whichever grammar it was read with: `uri`,
    /// `iri` (an IRI-reference that is not a URI-reference) or `invalid`
    /// ([`crate::uri::report::Verdict::as_str`]).
    pub verdict: &'static str,
    /// The verdict as every surface prints it ([`crate::uri::report::Verdict::label`]).
    pub label: std::borrow::Cow<'static, str>,
    /// For an IRI, its URI form (RFC 3987 §3.1); null otherwise, or when
    /// the mapping fails (its IDNA step).
    pub uri_form: Option<std::borrow::Cow<'a, str>>,
    /// Scheme (null when undefined).
    pub scheme: Option<&'a str>,
    /// Authority.
    pub authority: Option<&'a str>,
    /// Userinfo.
    pub userinfo: Option<&'a str>,
    /// Host.
    pub host: Option<&'a str>,
    /// Host kind.
    pub host_kind: Option<&'static str>,
    /// The host's public suffix from the Public Suffix List
    /// ([`crate::uri::site`]); null for an IP address, without a host, or
    /// for a host with an empty label.
    pub public_suffix: Option<std::borrow::Cow<'a, str>>,
    /// The registrable domain (the suffix and one label more); null also
    /// for a single label and for a host that is a suffix itself.
    pub registrable_domain: Option<std::borrow::Cow<'a, str>>,
    /// Port.
    pub port: Option<&'a str>,
    /// Path.
    pub path: &'a str,
    /// Query.
    pub query: Option<&'a str>,
    /// Fragment.
    pub fragment: Option<&'a str>,
    /// Every finding.
    pub findings: JsonFindings<'a>,
    /// What a browser does with it: the WHATWG URL Standard, not RFC 3986.
    pub whatwg: JsonWhatwg<'a>,
    /// The rest of the analysis (spans, segments, pairs, host, scheme);
    /// absent for a line that is not UTF-8.
    #[serde(flatten)]
    pub analysis: Option<Analysis<'a>>,
    /// What the input is when it is not a URI ([`crate::uri::shape`]),
    /// and the URI it most likely means; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shape: Option<JsonShape>,
}

/// The `shape` object: `{"code":"windows-path","likely":"file:///C:/…"}`.
#[derive(Debug, Serialize)]
pub struct JsonShape {
    /// The shape's code, the code of its finding.
    pub code: &'static str,
    /// The URI it most likely means, exact.
    pub likely: String,
}

/// The `findings` array: a report's and its lint's, each message written
/// as it is serialized (five million findings are never held at once), or
/// a list at hand.
#[derive(Debug)]
pub enum JsonFindings<'a> {
    /// Every finding of a linted report.
    Linted(&'a Linted<'a>),
    /// These findings.
    List(Vec<JsonFinding<'a>>),
}

impl Serialize for JsonFindings<'_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        match self {
            JsonFindings::List(v) => ser.collect_seq(v),
            JsonFindings::Linted(l) => ser.collect_seq(l.findings().map(JsonFinding::from)),
        }
    }
}

impl From<Finding> for JsonFinding<'static> {
    /// The JSON view of a finding, with the sections that explain it.
    fn from(f: Finding) -> Self {
        JsonFinding {
            start: f.span.start,
            end: f.span.end,
            severity: f.severity.as_str(),
            code: f.code.as_str(),
            message: f.message.into(),
            section: Some(f.code.cites()),
        }
    }
}

/// The `whatwg` object of a line: `{"valid":…,"href":…,"differences":[…]}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JsonWhatwg<'a> {
    /// The WHATWG parser gives this input back as it is, with no
    /// difference to name ([`whatwg::is_unchanged`]): the href is the
    /// input's own text, not a copy.
    Unchanged(&'a str),
    /// A valid relative reference ([`whatwg::needs_base`]): refused for
    /// want of a base URL, the one difference a constant.
    NeedsBase,
    /// What the WHATWG parser made of it.
    Parsed(Whatwg),
}

impl<'a> JsonWhatwg<'a> {
    /// The column for a report: the `url` crate runs only when the input
    /// is not one it is known to give back unchanged.
    ///
    /// ```
    /// use uriscope::report::json::JsonWhatwg;
    /// let r = uriscope::uri::analyze("https://example.com/a", Default::default());
    /// assert_eq!(JsonWhatwg::of(&r), JsonWhatwg::Unchanged("https://example.com/a"));
    /// let r = uriscope::uri::analyze("HTTP://example.com:80/a", Default::default());
    /// let w = JsonWhatwg::of(&r);
    /// assert_eq!(w.href(), Some("http://example.com/a"));
    /// assert!(w.differences().next().is_some());
    /// ```
    pub fn of(r: &Report<'a>) -> Self {
        if whatwg::is_unchanged(r) {
            JsonWhatwg::Unchanged(r.input)
        } else if whatwg::needs_base(r) {
            JsonWhatwg::NeedsBase
        } else {
            JsonWhatwg::Parsed(whatwg::parse_by_url_crate(r))
        }
    }

    /// Whether the WHATWG parser accepts the input.
    pub fn valid(&self) -> bool {
        match self {
            JsonWhatwg::Unchanged(_) => true,
            JsonWhatwg::NeedsBase => false,
            JsonWhatwg::Parsed(w) => w.valid,
        }
    }

    /// The serialized URL, when accepted.
    pub fn href(&self) -> Option<&str> {
        match self {
            JsonWhatwg::Unchanged(s) => Some(s),
            JsonWhatwg::NeedsBase => None,
            JsonWhatwg::Parsed(w) => w.href.as_deref(),
        }
    }

    /// How the answer differs from RFC 3986, one sentence each.
    pub fn differences(&self) -> impl Iterator<Item = &str> {
        let (list, needs_base): (&[String], _) = match self {
            JsonWhatwg::Unchanged(_) => (&[], false),
            JsonWhatwg::NeedsBase => (&[], true),
            JsonWhatwg::Parsed(w) => (&w.differences, false),
        };
        let first = needs_base.then_some(whatwg::NEEDS_BASE);
        first.into_iter().chain(list.iter().map(String::as_str))
    }
}

impl Serialize for JsonWhatwg<'_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        match self {
            JsonWhatwg::Parsed(w) => w.serialize(ser),
            JsonWhatwg::Unchanged(_) | JsonWhatwg::NeedsBase => {
                use serde::ser::SerializeStruct;
                let mut st = ser.serialize_struct("Whatwg", 3)?;
                st.serialize_field("valid", &self.valid())?;
                st.serialize_field("href", &self.href())?;
                st.serialize_field("differences", &Differences(self))?;
                st.end()
            }
        }
    }
}

/// A [`JsonWhatwg`]'s differences as a JSON array, each written as it is
/// read.
struct Differences<'w, 'a>(&'w JsonWhatwg<'a>);

impl Serialize for Differences<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        ser.collect_seq(self.0.differences())
    }
}

impl<'a> JsonParse<'a> {
    /// The JSON view of a linted report. For invalid input the component
    /// fields hold the Appendix B split.
    pub fn new(l: &'a Linted<'a>) -> Self {
        let a = l.report;
        let s = a.input;
        let c = a.components();
        let u = &a.uri;
        let verdict = crate::uri::report::Verdict::of(a);
        let (public_suffix, registrable_domain) = c
            .host
            .filter(|_| c.host_kind == Some(crate::uri::component::HostKind::RegName))
            .and_then(crate::uri::site::site)
            .map_or((None, None), |site| {
                let (suffix, registrable) = site.into_parts();
                (Some(suffix), registrable)
            });
        JsonParse {
            input: s,
            valid: a.is_valid(),
            kind: Some(u.kind().as_str()),
            verdict: verdict.as_str(),
            label: verdict.label(),
            uri_form: verdict.uri_form(s).and_then(Result::ok),
            scheme: c.scheme,
            authority: c.authority,
            userinfo: c.userinfo,
            host: c.host,
            host_kind: c.host_kind.map(|k| k.as_str()),
            public_suffix,
            registrable_domain,
            port: c.port,
            path: c.path,
            query: c.query,
            fragment: c.fragment,
            findings: JsonFindings::Linted(l),
            whatwg: JsonWhatwg::of(a),
            analysis: Some(Analysis::new(a)),
            shape: l.shape().map(|sh| JsonShape {
                code: sh.kind.code().as_str(),
                likely: sh.likely(s),
            }),
        }
    }
}

impl<'a> JsonParse<'a> {
    /// The object for a stdin line that is not UTF-8, shown as `lossy`:
    /// no analysis, one `not-utf8` error saying `message`, and a WHATWG
    /// column that says the line was not given to it.
    pub fn not_utf8(lossy: &'a str, message: &'a str) -> Self {
        JsonParse {
            input: lossy,
            valid: false,
            kind: None,
            verdict: "invalid",
            label: "invalid: 1 error".into(),
            uri_form: None,
            scheme: None,
            authority: None,
            userinfo: None,
            host: None,
            host_kind: None,
            public_suffix: None,
            registrable_domain: None,
            port: None,
            path: lossy,
            query: None,
            fragment: None,
            findings: JsonFindings::List(vec![JsonFinding {
                start: 0,
                end: lossy.len(),
                severity: "error",
                code: Code::NotUtf8.as_str(),
                message: message.into(),
                section: Some(Code::NotUtf8.cites()),
            }]),
            whatwg: JsonWhatwg::Parsed(Whatwg {
                valid: false,
                href: None,
                differences: vec![
                    "the line is not UTF-8; it was not given to the WHATWG parser".into(),
                ],
            }),
            analysis: None,
            shape: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `parse --json`'s object for real URIs (every 7th line of the
    /// benchmark corpus) and hostile ones is written byte for byte as
    /// serde_json writes it with the terminal-safe formatter.
    #[test]
    fn the_parse_object_is_written_as_serde_json_writes_it() {
        let corpus = include_str!("../../benches/uris.txt");
        let hostile = [
            "http://h/\u{1b}[31m\u{9b}\u{202e}?q=\"\\\"#\u{200d}",
            "data:text/html,<p>hello world</p>",
            "http://[v1.x]:0/a/./b/../%2e%2E?a=1&a&=&b=%zz#f",
            "http://user:pw@xn--nxasmq6b.example:8080/π?é=ü",
        ];
        for line in corpus.lines().step_by(7).chain(hostile) {
            let r = crate::uri::analyze(line, Default::default());
            let l = Linted::new(&r);
            let v = JsonParse::new(&l);
            let (mut ours, mut theirs) = (Vec::new(), Vec::new());
            crate::text::json::write(&mut ours, &v).expect("write to a Vec");
            crate::text::json::write_with_serde_json(&mut theirs, &v).expect("write to a Vec");
            assert_eq!(
                String::from_utf8(ours).expect("UTF-8"),
                String::from_utf8(theirs).expect("UTF-8"),
                "{line:?}"
            );
        }
    }

    /// The object written field by field (`write_json`, what `parse
    /// --json` prints).
    fn by_hand(v: &JsonParse<'_>) -> String {
        let mut out = Vec::new();
        v.write_json(&mut out).expect("write to a Vec");
        String::from_utf8(out).expect("UTF-8")
    }

    /// The same object through serde.
    fn by_serde(v: &JsonParse<'_>) -> String {
        let mut out = Vec::new();
        crate::text::json::write(&mut out, v).expect("write to a Vec");
        String::from_utf8(out).expect("UTF-8")
    }

    /// `write_json` writes the bytes serde writes for every line of the
    /// benchmark corpus and for every shape of host, finding and payload:
    /// IPv4, IPv6 with a zone, IPvFuture, IDNA forms, `data:`, userinfo,
    /// ports, pairs with and without values, dot segments, undecodable
    /// escapes, terminal hazards, invalid input, a line that is not UTF-8.
    #[test]
    fn the_hand_written_object_is_what_serde_writes() {
        let corpus = include_str!("../../benches/uris.txt");
        let shapes = [
            "http://192.0.2.16:80/a",
            "http://[fe80::1%25en0]:8080/?x",
            "http://[2001:DB8:0:0:0:0:0:1]/",
            "http://[v1.x]:0/a/./b/../%2e%2E?a=1&a&=&b=%zz#f",
            "http://user:pw@xn--nxasmq6b.example:8080/π?é=ü",
            "http://bücher.example/",
            "http://xn--zz.example/",
            "data:text/plain;charset=utf-8;base64,aGVsbG8=",
            "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk",
            "data:,no%20type",
            "data:nocomma",
            "mailto:a@b.example?subject=x+y%20z",
            "urn:isbn:0451450523",
            "//host.example:/p",
            "../../a;b?c=d",
            "",
            "?",
            "#",
            "http://h/\u{1b}[31m\u{9b}\u{202e}?q=\"\\\"#\u{200d}",
            "http://exa mple.com/<a>{b}|c^d`e",
            "HTTP://EXAMPLE.COM:0080/%7efoo/%7Ebar",
            "http://h:8x/a b",
            "foo://example.com:8042/over/there?name=ferret#nose",
            // A plain input whose decodings are not: escapes, quotes, bidi.
            "http://h/a%1B%22b?k%5C=%E2%80%AE&q+=%C2%9B",
            // Shapes that are not URIs, with their likely URI.
            "C:\\Users\\x\\My Docs\\a.txt",
            "\\\\srv\\share\\é \"x\"",
            "git@github.com:org/repo.git",
            "[docs](https://a.example/x)",
            "<a href=\"https://a/?x=1&amp;y=\u{1b}\">d</a>",
            "https://example.com/my file.pdf",
            "example.com/a b",
        ];
        for line in corpus.lines().chain(shapes) {
            let r = crate::uri::analyze(line, Default::default());
            let l = Linted::new(&r);
            let v = JsonParse::new(&l);
            assert_eq!(by_hand(&v), by_serde(&v), "{line:?}");
            let r = crate::uri::analyze(line, crate::uri::ParseOptions::new().iri(true));
            let l = Linted::new(&r);
            let v = JsonParse::new(&l);
            assert_eq!(by_hand(&v), by_serde(&v), "{line:?} as an IRI");
        }
        // Without the analysis (a line that is not UTF-8): none of its
        // fields; a listed finding, a WHATWG difference.
        let v = JsonParse::not_utf8("a\u{fffd}\"b", "stdin line 3 is not valid UTF-8");
        assert_eq!(by_hand(&v), by_serde(&v));
        let mut out = Vec::new();
        JsonParse::not_utf8("a\u{fffd}b", "not valid UTF-8")
            .write_json_line(&mut out)
            .expect("written");
        let line = String::from_utf8(out).expect("UTF-8");
        let v: serde_json::Value = serde_json::from_str(&line).expect("JSON");
        assert_eq!(v["findings"][0]["code"], "not-utf8");
        assert!(v.get("spans").is_none());
    }

    proptest::proptest! {
        /// Any text at all, valid or not, as an IRI or not.
        #[test]
        fn any_line_is_written_by_hand_as_serde_writes_it(
            line in "([a-z:/?#\\[\\]@%!$&'()*+,;=._~ <>\"{}|^`\\\\-]|%[0-9a-fA-F]{2}|é|\u{9b}|\u{202e}|[0-9]){0,40}",
            iri in proptest::bool::ANY,
        ) {
            let r = crate::uri::analyze(&line, crate::uri::ParseOptions::new().iri(iri));
            let l = Linted::new(&r);
            let v = JsonParse::new(&l);
            proptest::prop_assert_eq!(by_hand(&v), by_serde(&v));
        }
    }

    /// The WHATWG column known without the `url` crate (an unchanged
    /// http(s) URI, a relative reference) is the object the crate's
    /// answer makes, on every line of the corpus and on hostile ones, as
    /// URIs and as IRIs; and the shortcuts are taken for most lines.
    #[test]
    fn the_whatwg_shortcuts_write_what_the_url_crate_answers() {
        let corpus = include_str!("../../benches/uris.txt");
        let hostile = [
            "",
            "#",
            "?",
            "//h",
            "//h:80/a/../b",
            "./a:b",
            "../é/ü?ß#π",
            "/\u{1b}[31m",
            "a/b%2e%2E/c",
        ];
        let mut taken = [0usize; 2];
        for line in corpus.lines().chain(hostile) {
            for iri in [false, true] {
                let r = crate::uri::analyze(line, crate::uri::ParseOptions::new().iri(iri));
                let short = JsonWhatwg::of(&r);
                match short {
                    JsonWhatwg::Unchanged(_) => taken[0] += 1,
                    JsonWhatwg::NeedsBase => taken[1] += 1,
                    JsonWhatwg::Parsed(_) => continue,
                }
                let crate_answer = whatwg::parse_by_url_crate(&r);
                assert_eq!(
                    serde_json::to_string(&short).unwrap(),
                    serde_json::to_string(&crate_answer).unwrap(),
                    "{line:?} (iri {iri})"
                );
                assert_eq!(short.valid(), crate_answer.valid);
                assert_eq!(short.href(), crate_answer.href.as_deref());
                assert!(short
                    .differences()
                    .eq(crate_answer.differences.iter().map(String::as_str)));
            }
        }
        let lines = corpus.lines().count();
        assert!(taken[0] * 2 > lines, "unchanged: {taken:?}");
        assert!(taken[1] > lines / 5, "needs a base: {taken:?}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2048))]
        /// Any valid relative reference, ASCII or not, is refused by the
        /// `url` crate for want of a base, as [`whatwg::needs_base`] says.
        #[test]
        fn a_valid_relative_reference_needs_a_base(
            s in "(//[a-z0-9.:@%\\[\\]-]{0,8})?([a-zA-Z0-9._~!$&'()*+,;=:@/%-]|é|\\.\\.){0,12}(\\?[a-z/?:@=&%]{0,6})?(#[a-z/?:#]{0,6})?",
        ) {
            for iri in [false, true] {
                let r = crate::uri::analyze(&s, crate::uri::ParseOptions::new().iri(iri));
                if whatwg::needs_base(&r) {
                    let w = whatwg::parse_by_url_crate(&r);
                    proptest::prop_assert_eq!(&w.differences, &[whatwg::NEEDS_BASE.to_string()], "{:?}", s);
                    proptest::prop_assert!(!w.valid && w.href.is_none());
                }
            }
        }
    }
}
