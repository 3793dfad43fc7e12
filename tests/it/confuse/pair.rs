//! The pair view: a checker against a fetcher, the
//! naive checks on the checker's host, and `confuse --check … --fetch …`
//! as an answer for arguments and a filter for stdin. The CLI tests use
//! the in-process engines, which every machine has.

use uriscope::confuse::allow::{host_passes, host_verdicts, HOST_CHECKS};
use uriscope::confuse::engines::{Engine, Outcome, Reading};
use uriscope::confuse::pair::{judge, Agreement, Side};

use crate::support::run_uriscope;

fn parsed(host: Option<&str>) -> Outcome {
    Outcome::Parsed(Reading {
        host: host.map(str::to_owned),
        ..Reading::default()
    })
}

#[track_caller]
fn agreement(check: &Outcome, fetch: &Outcome) -> Agreement {
    let side = |engine, outcome| Side { engine, outcome };
    judge(
        side(Engine::PhpParseUrl, check),
        side(Engine::Libcurl, fetch),
    )
    .agreement
}

#[test]
fn hosts_are_compared_as_hosts_and_rejections_count() {
    let good = parsed(Some("good.com"));
    let rejected = Outcome::Rejected("nope".into());
    let failed = Outcome::Failed("timed out".into());
    let table = [
        (&good, &parsed(Some("GOOD.com.")), Agreement::SameHost),
        (&good, &parsed(Some("good.com")), Agreement::SameHost),
        (
            &parsed(Some("0x7f.1")),
            &parsed(Some("127.0.0.1")),
            Agreement::SameHost,
        ),
        (
            &parsed(Some("[::ffff:7f00:1]")),
            &parsed(Some("::ffff:127.0.0.1")),
            Agreement::SameHost,
        ),
        (&parsed(None), &parsed(None), Agreement::SameHost),
        (&good, &parsed(Some("evil.com")), Agreement::DifferentHosts),
        (&good, &parsed(None), Agreement::DifferentHosts),
        (&parsed(None), &good, Agreement::DifferentHosts),
        (&rejected, &good, Agreement::CheckerRejects),
        (&good, &rejected, Agreement::FetcherRejects),
        (&rejected, &rejected, Agreement::BothReject),
        (&failed, &good, Agreement::NoAnswer),
        (&good, &failed, Agreement::NoAnswer),
    ];
    for (check, fetch, want) in table {
        assert_eq!(agreement(check, fetch), want, "{check:?} / {fetch:?}");
        let disagrees = matches!(
            want,
            Agreement::DifferentHosts | Agreement::CheckerRejects | Agreement::FetcherRejects
        );
        assert_eq!(want.disagrees(), disagrees, "{want:?}");
    }
}

#[test]
fn the_judgement_names_both_hosts_visibly() {
    let check = parsed(Some("good.com"));
    let fetch = parsed(Some("evil\u{1b}.com"));
    let j = judge(
        Side {
            engine: Engine::PythonUrllib,
            outcome: &check,
        },
        Side {
            engine: Engine::PythonUrllib3,
            outcome: &fetch,
        },
    );
    assert_eq!(j.checked.as_deref(), Some("good.com"));
    assert_eq!(j.fetched.as_deref(), Some("evil\u{1b}.com"));
    assert_eq!(
        j.message,
        "DIFFERENT HOSTS: the check sees \"good.com\", python urllib3 connects to \"evil\\x1b.com\""
    );
}

#[test]
fn each_host_check_reads_the_checkers_host() {
    let passes = |name: &str, host: Option<&str>| {
        let n = HOST_CHECKS.iter().find(|n| n.name == name).unwrap();
        host_passes(n, host, "good.com")
    };
    assert!(passes("exact", Some("good.com")) && !passes("exact", Some("GOOD.com")));
    assert!(
        passes("subdomain", Some("api.good.com")) && !passes("subdomain", Some("evilgood.com"))
    );
    assert!(passes("suffix", Some("evilgood.com")));
    assert!(
        passes("prefix", Some("good.com.evil.net")) && !passes("prefix", Some("evil.good.com"))
    );
    assert!(passes("substring", Some("a.good.com.b")));
    assert!(passes("as-hosts", Some("GOOD.com.")) && !passes("as-hosts", Some("evilgood.com")));
    for n in HOST_CHECKS {
        assert!(!host_passes(n, None, "good.com"), "{}: no host", n.name);
    }
    // A prefix check passes good.com.evil.net, and every fetcher that
    // connects there is one it is fooled for; a fetcher that connects to
    // good.com itself, or to nothing, is not.
    let fetchers = [
        ("libcurl".to_string(), Some("good.com.evil.net".to_string())),
        ("whatwg-url".to_string(), Some("GOOD.com".to_string())),
        ("http::Uri".to_string(), None),
    ];
    let v = host_verdicts(Some("good.com.evil.net"), "good.com", &fetchers);
    let by = |name: &str| v.iter().find(|v| v.check.name == name).unwrap();
    assert!(by("prefix").passes);
    assert_eq!(by("prefix").fooled_for, ["libcurl"]);
    assert!(!by("exact").passes && by("exact").fooled_for.is_empty());
    assert!(!by("subdomain").passes && !by("as-hosts").passes);
}

#[test]
fn arguments_are_each_answered_with_both_hosts() {
    let (code, out, err) = run_uriscope(
        &[
            "confuse",
            "--check",
            "rfc3986",
            "--fetch",
            "http-uri",
            "http://good.com/",
            "javascript:alert(1)",
        ],
        b"",
    );
    assert_eq!(code, 1, "{out}{err}");
    let blocks: Vec<&str> = out.split("\n\n").filter(|b| !b.is_empty()).collect();
    assert_eq!(blocks.len(), 2, "{out}");
    assert!(
        blocks[0].starts_with("http://good.com/\n  check rfc3986 (uriscope "),
        "{out}"
    );
    assert!(blocks[0].contains("sees \"good.com\""), "{out}");
    assert!(
        blocks[0].contains("fetch http::Uri (http 1): same host: \"good.com\""),
        "{out}"
    );
    assert!(
        blocks[1].contains(
            "DIFFERENT HOSTS: the check sees no host, http::Uri connects to \"javascript\""
        ),
        "{out}"
    );
    let (code, out, _) = run_uriscope(
        &[
            "confuse",
            "--check",
            "rfc3986",
            "--fetch",
            "whatwg-url",
            "https://example.com/a",
        ],
        b"",
    );
    assert_eq!(code, 0, "{out}");
}

#[test]
fn over_stdin_only_the_urls_where_the_pair_disagrees_are_written() {
    let input = "http://good.com/\nhttp://evil.com\\@good.com/\nhttp://0x7f.1/\n//h/p\nhttps://example.com/\n";
    let (code, out, err) = run_uriscope(
        &[
            "confuse",
            "--json",
            "--check",
            "rfc3986",
            "--fetch",
            "whatwg-url",
            "--allow",
            "good.com",
        ],
        input.as_bytes(),
    );
    assert_eq!(code, 1, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let urls: Vec<&str> = lines.iter().map(|v| v["url"].as_str().unwrap()).collect();
    // 0x7f.1 and 127.0.0.1 are one host: kept out, as the agreeing ones.
    assert_eq!(urls, ["http://evil.com\\@good.com/", "//h/p"], "{out}");
    let first = &lines[0];
    assert_eq!(first["check"]["id"], "rfc3986");
    assert!(first["check"]["error"].is_string());
    assert_eq!(first["fetch"][0]["engine"], "whatwg-url");
    assert_eq!(first["fetch"][0]["host"], "evil.com");
    assert_eq!(first["fetch"][0]["agreement"], "checker-rejects");
    assert_eq!(first["disagrees"], true);
    // The checker read no host: no host check lets it through.
    let checks = first["allow"]["checks"].as_array().unwrap();
    assert_eq!(checks.len(), HOST_CHECKS.len());
    assert!(checks.iter().all(|c| c["passes"] == false), "{first}");
    assert_eq!(lines[1]["fetch"][0]["agreement"], "fetcher-rejects");
    // Nothing disagrees: nothing written, exit 0.
    let (code, out, _) = run_uriscope(
        &["confuse", "--check", "rfc3986", "--fetch", "whatwg-url"],
        b"http://good.com/\nhttp://0x7f.1/\n",
    );
    assert_eq!((code, out.as_str()), (0, ""));
}

#[test]
fn an_unknown_engine_or_a_fetch_without_a_check_is_a_usage_error() {
    let (code, _, err) = run_uriscope(&["confuse", "--check", "curl", "http://a/"], b"");
    assert_eq!(code, 2);
    assert!(
        err.contains("php-parse-url") && err.contains("libcurl"),
        "{err}"
    );
    let (code, _, err) = run_uriscope(&["confuse", "--fetch", "libcurl", "http://a/"], b"");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--check"), "{err}");
}

#[test]
fn engines_lists_every_engine_with_its_id_and_version() {
    let (code, out, _) = run_uriscope(&["confuse", "--engines", "--json"], b"");
    assert_eq!(code, 0);
    let listed: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(listed.len(), Engine::ALL.len());
    for (v, e) in listed.iter().zip(Engine::ALL) {
        assert_eq!(v["id"], e.id());
        assert_eq!(v["engine"], e.name());
        assert_eq!(Engine::from_id(e.id()), Some(e));
        // A found engine says its version; a missing one why.
        assert_eq!(
            v["found"].as_bool().unwrap(),
            v["version"].is_string(),
            "{v}"
        );
        assert!(!v["detail"].as_str().unwrap().is_empty());
    }
    assert_eq!(
        listed[0]["version"],
        concat!("uriscope ", env!("CARGO_PKG_VERSION"))
    );
}
