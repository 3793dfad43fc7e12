//! One answer per question: the explorer's model, the plain CLI, JSON and
//! Markdown give the same verdict, normal form, comparison, target and
//! `data:` facts for the same input. Run on a sample of the benchmark
//! corpus, the RFC tables, and generated IRIs with emoji, ZWJ sequences,
//! right-to-left text and invisible characters; each CLI is the real
//! binary reading the inputs one per stdin line.

use serde_json::Value;
use uriscope::explorer::app::compare::{compare, normal_forms};
use uriscope::uri::{analyze, report::Verdict, ParseOptions};

use crate::support::run_uriscope;

/// The base every resolution is taken against (RFC 3986 §5.4).
const BASE: &str = crate::rfc_tables::BASE;

/// The inputs: every 41st corpus line, the RFC tables' references and
/// targets, and generated IRIs.
fn inputs() -> Vec<String> {
    let corpus = include_str!("../../benches/uris.txt");
    let mut v: Vec<String> = corpus.lines().step_by(41).map(str::to_string).collect();
    for (r, t) in crate::rfc_tables::rfc3986_normal()
        .into_iter()
        .chain(crate::rfc_tables::rfc3986_abnormal())
    {
        v.push(r.to_string());
        v.push(t.to_string());
    }
    v.extend(generated_iris());
    // A stdin line never holds a line break; the CLI trims a trailing CR.
    v.retain(|s| !s.contains(['\n', '\r']));
    v
}

/// IRIs and URIs with emoji (one with a variation selector), a ZWJ
/// family, Hebrew and Arabic text, an escaped zero-width space, an escaped
/// euro sign, IDNA hosts, and mixed case: every host with every path.
fn generated_iris() -> Vec<String> {
    let hosts = [
        "i\u{2764}\u{fe0f}.ws",
        "m\u{fc}nchen.de",
        "xn--mnchen-3ya.de",
        "\u{4f8b}\u{3048}.jp",
        "WWW.Example.COM",
        "[::1]",
        "user:pw@h\u{e9}.example:8080",
    ];
    let paths = [
        "/",
        "/\u{1f468}\u{200d}\u{1f469}\u{200d}\u{1f467}",
        "/\u{5e9}\u{5dc}\u{5d5}\u{5dd}/\u{639}\u{631}\u{628}\u{64a}",
        "/x%E2%80%8Bw",
        "/%E2%82%AC?b=2&a=1#",
        "/a/./b/../c/%7e?q=\u{fc}#\u{fc}",
        "/stra\u{df}e/%C3%9F",
    ];
    let mut v = Vec::new();
    for (i, h) in hosts.iter().enumerate() {
        for p in paths {
            let scheme = if i % 2 == 0 { "https" } else { "HTTP" };
            v.push(format!("{scheme}://{h}{p}"));
        }
    }
    v.extend(paths.iter().map(|p| p.trim_start_matches('/').to_string()));
    v
}

/// `uriscope ARGS` over `lines` on stdin, one JSON object a line.
fn json_lines(args: &[&str], lines: &[String]) -> Vec<Value> {
    let mut stdin = lines.join("\n");
    stdin.push('\n');
    let (_, out, err) = run_uriscope(args, stdin.as_bytes());
    let v: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{args:?}: {e}: {l}")))
        .collect();
    assert_eq!(v.len(), lines.len(), "{args:?}: one object a line\n{err}");
    v
}

/// The verdict of every input: the core's, `parse --json`'s (read as a
/// URI and as an IRI), the plain breakdown's, Markdown's and the
/// Breakdown pane's are the one phrase.
#[test]
fn every_surface_gives_the_same_verdict() {
    let inputs = inputs();
    let strict = json_lines(&["parse", "--json"], &inputs);
    let iri = json_lines(&["parse", "--json", "--iri"], &inputs);
    let mut stdin = inputs.join("\n");
    stdin.push('\n');
    let (_, text, _) = run_uriscope(&["parse", "--iri"], stdin.as_bytes());
    let breakdowns: Vec<&str> = text.split("\n\n").collect();
    for (i, s) in inputs.iter().enumerate() {
        let r = analyze(s, ParseOptions::new().iri(true));
        let v = Verdict::of(&r);
        let label = v.label();
        for json in [&strict[i], &iri[i]] {
            assert_eq!(json["label"], label.as_ref(), "{s:?}");
            assert_eq!(json["verdict"], v.as_str(), "{s:?}");
        }
        assert_eq!(iri[i]["valid"], v.is_iri(), "{s:?}");
        assert_eq!(strict[i]["valid"], v.is_uri(), "{s:?}");
        if let Some(Ok(form)) = v.uri_form(s) {
            assert_eq!(iri[i]["uri_form"], form.as_ref(), "{s:?}");
        }
        // The plain breakdown: its verdict line starts with the label.
        let b = breakdowns[i];
        assert!(
            b.lines().any(|l| l.starts_with(&format!("  {label}"))),
            "{s:?}: {label}\n{b}"
        );
        // The Breakdown pane draws the same words.
        let lines = uriscope::explorer::ui::breakdown::build(&r, &Default::default(), 0, 400);
        let drawn: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        assert!(
            drawn.iter().any(|l| l.starts_with(label.as_ref())),
            "{s:?}: {label}\n{drawn:#?}"
        );
    }
    // Markdown, on a few: the label with its first word in bold.
    for s in generated_iris().iter().take(12) {
        let (_, md, _) = run_uriscope(&["parse", "--iri", "--format", "markdown", s], b"");
        let label = Verdict::of(&analyze(s, ParseOptions::new().iri(true))).label();
        let (word, rest) = label.split_once(' ').unwrap();
        assert!(md.contains(&format!("**{word}** {rest}")), "{s:?}\n{md}");
    }
}

/// The explorer's normal form is `uriscope normalize`'s, its IRI form
/// `normalize --iri`'s; the same bytes in the text output as in JSON.
#[test]
fn the_explorer_normal_form_is_what_normalize_prints() {
    let inputs = inputs();
    let uri = json_lines(&["normalize", "--json"], &inputs);
    let iri = json_lines(&["normalize", "--json", "--iri"], &inputs);
    for (i, s) in inputs.iter().enumerate() {
        let n = normal_forms(s);
        match &n.uri {
            Ok(form) => assert_eq!(uri[i]["normalized"], form.as_str(), "{s:?}"),
            Err(e) => {
                assert_eq!(uri[i]["normalized"], Value::Null, "{s:?}");
                assert_eq!(uri[i]["error"], e.message.as_str(), "{s:?}");
            }
        }
        let iri_form = n.iri.as_ref().or(n.uri.as_ref().ok());
        match iri_form {
            Some(form) => assert_eq!(iri[i]["normalized"], form.as_str(), "{s:?}"),
            None => assert_eq!(iri[i]["normalized"], Value::Null, "{s:?}"),
        }
    }
    // The example: the euro sign stays encoded in the normal form.
    let n = normal_forms("http://www.example.com/~foo/baz%2Fqux/%E2%82%AC?b=2&a=1#");
    assert_eq!(
        n.uri.as_deref().ok(),
        Some("http://www.example.com/~foo/baz%2Fqux/%E2%82%AC?b=2&a=1#")
    );
    assert_eq!(
        n.iri.as_deref(),
        Some("http://www.example.com/~foo/baz%2Fqux/€?b=2&a=1#")
    );
    // Text output: the exact bytes, one answer a line.
    let iris: Vec<String> = generated_iris()
        .into_iter()
        .filter(|s| normal_forms(s).iri.is_some())
        .collect();
    let mut stdin = iris.join("\n");
    stdin.push('\n');
    let (_, out, _) = run_uriscope(&["normalize", "--iri"], stdin.as_bytes());
    let want: Vec<String> = iris
        .iter()
        .map(|s| normal_forms(s).iri.expect("an IRI form"))
        .collect();
    assert_eq!(out.lines().collect::<Vec<_>>(), want);
}

/// The Compare pane's verdict is `uriscope equiv`'s, or `equiv --iri`'s
/// where the first refuses an input that is not a URI.
#[test]
fn the_compare_pane_answers_as_equiv_does() {
    let inputs: Vec<String> = inputs()
        .into_iter()
        .filter(|s| !s.is_empty() && !s.contains(char::is_whitespace))
        .collect();
    // Each input against its neighbour and against its own IRI normal form.
    let mut pairs = Vec::new();
    for w in inputs.windows(2) {
        pairs.push((w[0].clone(), w[1].clone()));
    }
    for s in &inputs {
        if let Some(f) = normal_forms(s).iri.or(normal_forms(s).uri.ok()) {
            if !f.contains(char::is_whitespace) && !f.is_empty() {
                pairs.push((s.clone(), f));
            }
        }
    }
    let lines: Vec<String> = pairs.iter().map(|(a, b)| format!("{a} {b}")).collect();
    let uri = json_lines(&["equiv", "--json"], &lines);
    let iri = json_lines(&["equiv", "--json", "--iri"], &lines);
    for (i, (a, b)) in pairs.iter().enumerate() {
        let c = compare(a, b);
        match &c.uri {
            Ok(e) => {
                assert_eq!(uri[i]["equivalent"], e.is_equivalent(), "{a:?} {b:?}");
                assert_eq!(uri[i]["rung"], json_rung(e), "{a:?} {b:?}");
                assert!(c.iri.is_none());
            }
            Err(e) => {
                assert_eq!(uri[i]["error"], e.message.as_str(), "{a:?} {b:?}");
                let shown = c.iri.as_ref().expect("the IRI comparison is shown");
                match shown {
                    Ok(e) => assert_eq!(iri[i]["rung"], json_rung(e), "{a:?} {b:?}"),
                    Err(e) => assert_eq!(iri[i]["error"], e.message.as_str(), "{a:?} {b:?}"),
                }
            }
        }
    }
    // The example: Compare no longer calls an `é` input equivalent
    // where `uriscope equiv` refuses it; it says so and answers as IRIs.
    let c = compare("http://a/é", "http://a/%C3%A9");
    assert!(c.uri.is_err());
    assert_eq!(
        c.iri.unwrap().unwrap().verdict(),
        "equivalent (syntax-based, RFC 3986 §6.2.2)"
    );
}

fn json_rung(e: &uriscope::uri::compare::Equivalence) -> Value {
    e.rung.map_or(Value::Null, |r| Value::from(r.name()))
}

/// The Resolve pane's target is `uriscope resolve --iri`'s (the explorer
/// reads IRI-references), and a URI's is `uriscope resolve`'s too.
#[test]
fn the_resolve_pane_target_is_what_resolve_prints() {
    let inputs = inputs();
    let iri = json_lines(&["resolve", "--json", "--iri", "--base", BASE], &inputs);
    let uri = json_lines(&["resolve", "--json", "--base", BASE], &inputs);
    for (i, s) in inputs.iter().enumerate() {
        let mut app = uriscope::explorer::app::App::new(s, Some(BASE));
        app.resolve.compat = false;
        match uriscope::explorer::app::resolve::resolution(&app) {
            Ok(r) => {
                assert_eq!(iri[i]["target"], r.target.as_str(), "{s:?}");
                if uriscope::uri::parse(s).is_ok() {
                    assert_eq!(uri[i]["target"], r.target.as_str(), "{s:?}");
                }
            }
            Err(e) => assert_eq!(iri[i]["error"], e.message.as_str(), "{s:?}"),
        }
    }
}

/// A `data:` URI's facts are the same in `parse --json`, the plain
/// breakdown, Markdown and the Breakdown's `data:` section.
#[test]
fn data_facts_are_the_same_everywhere() {
    let samples = [
        "data:image/gif;base64,R0lGODlhAQABAAAAACw=",
        "data:image/png;base64,R0lGODlhAQABAAAAACw=",
        "data:,A%20brief%20note",
        "data:text/html,<p>hello world</p>",
        "data:application/octet-stream;base64,AAEC",
        "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>",
    ];
    for s in samples {
        let d = uriscope::uri::data_url::analyze(s).unwrap().unwrap();
        let f = uriscope::uri::data_url::Facts::of(&d, s);
        let (_, json, _) = run_uriscope(&["parse", "--json", s], b"");
        let json: Value = serde_json::from_str(json.trim()).unwrap();
        let data = &json["data"];
        assert_eq!(data["media_type"], f.media_type.as_str(), "{s}");
        assert_eq!(data["decoded_len"], f.decoded_len, "{s}");
        assert_eq!(data["preview"], f.kind(), "{s}");
        assert_eq!(data["base64"], f.base64, "{s}");
        let (_, text, _) = run_uriscope(&[s], b"");
        assert!(
            text.contains(&format!("  data        {}\n", f.summary())),
            "{s}\n{text}"
        );
        let (_, md, _) = run_uriscope(&["parse", "--format", "markdown", s], b"");
        assert!(md.contains(&f.size_text()), "{s}\n{md}");
        let drawn: Vec<String> =
            uriscope::explorer::ui::data_url::section(s, &Default::default(), 200)
                .iter()
                .map(|l| l.to_string())
                .collect();
        assert!(
            drawn.iter().any(|l| l.ends_with(&f.size_text())),
            "{s}\n{drawn:#?}"
        );
        if let Some(image) = f.image_text() {
            assert!(text.contains(&image) && md.contains(&image), "{s}");
            assert!(drawn.iter().any(|l| l.ends_with(&image)), "{s}");
        }
    }
}
