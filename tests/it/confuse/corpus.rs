//! The confusion corpus: known inputs that make URL
//! parsers disagree, with the host each engine reads.
//! Written from running them (urllib3 2.7.0 on Python 3.11.7, libcurl
//! 7.88.1, OpenJDK 17.0.15, PHP 8.2.36, Ruby 3.1.2 with uri 0.11.0, Perl's
//! URI 5.17), not from what any of them should read. Each engine's version
//! is printed beside its column; an engine whose version is not the one
//! its column was written from is skipped with a message outside CI (its
//! readings may have changed), and compared under CI, where the failure
//! names both versions.
//!
//! The pair view is held to the same table: over the corpus,
//! `confuse --check php-parse-url --fetch libcurl` keeps exactly the URLs
//! whose two cells disagree.

use std::time::Duration;

use uriscope::confuse::engines::{available, run_with, Engine, Outcome, Reading};
use uriscope::uri::host::identity as host_identity;

use crate::support::{run_uriscope, skipped};

const TIMEOUT: Duration = Duration::from_secs(600);

/// The columns of [`CORPUS`], with the version each was written from (a
/// prefix of what the engine's probe says).
const COLUMNS: [(Engine, &str); 8] = [
    (Engine::PythonUrllib3, "urllib3 2.7.0"),
    (Engine::Libcurl, "libcurl 7.88.1"),
    (Engine::JavaUrl, "openjdk version \"17."),
    (Engine::PhpParseUrl, "PHP 8.2."),
    (Engine::PhpFilterVar, "PHP 8.2."),
    (Engine::RubyUri, "ruby 3.1.2, uri 0.11.0"),
    (Engine::RubyRfc2396, "ruby 3.1.2, uri 0.11.0"),
    (Engine::PerlUri, "URI 5.17"),
];

/// Per input, per engine in [`COLUMNS`] order: the host read, `-` for
/// parsed without a host, `!` for rejected.
const CORPUS: &[(&str, [&str; 8])] = &[
    //     python urllib3, libcurl, java.net.URL, php parse_url, php filter_var,
    //     ruby URI.parse, ruby RFC2396, perl URI
    // backslashes
    (
        "http://evil.com\\@good.com/",
        [
            "evil.com", "good.com", "good.com", "good.com", "!", "!", "!", "good.com",
        ],
    ),
    (
        "http://good.com\\.evil.com/",
        [
            "good.com",
            "!",
            "good.com\\.evil.com",
            "good.com\\.evil.com",
            "!",
            "!",
            "!",
            "good.com\\.evil.com",
        ],
    ),
    (
        "http:\\\\evil.com/",
        ["-", "!", "-", "-", "!", "!", "!", "-"],
    ),
    (
        "http://127.0.0.1:80\\@example.com/",
        [
            "127.0.0.1",
            "example.com",
            "example.com",
            "example.com",
            "!",
            "!",
            "!",
            "example.com",
        ],
    ),
    // `@` tricks
    (
        "http://good.com@evil.com/",
        [
            "evil.com", "evil.com", "evil.com", "evil.com", "evil.com", "evil.com", "evil.com",
            "evil.com",
        ],
    ),
    ("http://a@b@c/", ["c", "!", "-", "c", "!", "!", "!", "c"]),
    (
        "http://good.com:80@evil.com/",
        [
            "evil.com", "evil.com", "evil.com", "evil.com", "evil.com", "evil.com", "evil.com",
            "evil.com",
        ],
    ),
    (
        "http://evil.com?@good.com/",
        [
            "evil.com", "evil.com", "evil.com", "evil.com", "evil.com", "evil.com", "evil.com",
            "evil.com",
        ],
    ),
    // `#` tricks
    (
        "http://evil.com#@good.com/",
        [
            "evil.com", "evil.com", "evil.com", "evil.com", "evil.com", "evil.com", "evil.com",
            "evil.com",
        ],
    ),
    (
        "http://good.com#.evil.com/",
        [
            "good.com", "good.com", "good.com", "good.com", "good.com", "good.com", "good.com",
            "good.com",
        ],
    ),
    // encoded delimiters
    (
        "https://example.com%2F@evil.com/",
        [
            "evil.com", "evil.com", "evil.com", "evil.com", "evil.com", "evil.com", "evil.com",
            "evil.com",
        ],
    ),
    (
        "http://evil.com%23@good.com/",
        [
            "good.com", "good.com", "good.com", "good.com", "good.com", "good.com", "good.com",
            "good.com",
        ],
    ),
    (
        "http://evil.com%2F.good.com/",
        [
            "evil.com%2f.good.com",
            "!",
            "evil.com%2F.good.com",
            "evil.com%2F.good.com",
            "!",
            "evil.com%2F.good.com",
            "evil.com%2F.good.com",
            "evil.com/.good.com",
        ],
    ),
    (
        "http://ex%61mple.com/",
        [
            "ex%61mple.com",
            "example.com",
            "ex%61mple.com",
            "ex%61mple.com",
            "!",
            "ex%61mple.com",
            "ex%61mple.com",
            "example.com",
        ],
    ),
    // whitespace and control characters
    (
        " http://sp.com",
        [" http", "!", "sp.com", "-", "!", "!", "sp.com", "sp.com"],
    ),
    (
        "http://evil.com\t@good.com/",
        [
            "good.com", "!", "good.com", "good.com", "!", "!", "!", "good.com",
        ],
    ),
    (
        "http://good.com\n.evil.com/",
        [
            "good.com\n.evil.com",
            "!",
            "!",
            "good.com_.evil.com",
            "!",
            "!",
            "!",
            "good.com\n.evil.com",
        ],
    ),
    (
        "http://evil.com%09@good.com/",
        [
            "good.com", "good.com", "good.com", "good.com", "good.com", "good.com", "good.com",
            "good.com",
        ],
    ),
    (
        "http://good.com\u{0}.evil.com/",
        [
            "good.com\u{0}.evil.com",
            "!",
            "!",
            "good.com_.evil.com",
            "!",
            "!",
            "!",
            "good.com\u{0}.evil.com",
        ],
    ),
    // IPv4 number forms
    (
        "http://0x7f.1/",
        [
            "0x7f.1",
            "127.0.0.1",
            "0x7f.1",
            "0x7f.1",
            "0x7f.1",
            "0x7f.1",
            "0x7f.1",
            "0x7f.1",
        ],
    ),
    (
        "http://2130706433/",
        [
            "2130706433",
            "127.0.0.1",
            "2130706433",
            "2130706433",
            "2130706433",
            "2130706433",
            "2130706433",
            "2130706433",
        ],
    ),
    (
        "http://0177.0.0.1/",
        [
            "0177.0.0.1",
            "127.0.0.1",
            "0177.0.0.1",
            "0177.0.0.1",
            "0177.0.0.1",
            "0177.0.0.1",
            "0177.0.0.1",
            "0177.0.0.1",
        ],
    ),
    (
        "http://127.1/",
        [
            "127.1",
            "127.0.0.1",
            "127.1",
            "127.1",
            "127.1",
            "127.1",
            "127.1",
            "127.1",
        ],
    ),
    // IPv6-mapped addresses
    (
        "http://[::ffff:127.0.0.1]/",
        [
            "[::ffff:127.0.0.1]",
            "[::ffff:127.0.0.1]",
            "[::ffff:127.0.0.1]",
            "[::ffff:127.0.0.1]",
            "[::ffff:127.0.0.1]",
            "[::ffff:127.0.0.1]",
            "[::ffff:127.0.0.1]",
            "::ffff:127.0.0.1",
        ],
    ),
    (
        "http://[::ffff:7f00:1]/",
        [
            "[::ffff:7f00:1]",
            "[::ffff:7f00:1]",
            "[::ffff:7f00:1]",
            "[::ffff:7f00:1]",
            "[::ffff:7f00:1]",
            "[::ffff:7f00:1]",
            "[::ffff:7f00:1]",
            "::ffff:7f00:1",
        ],
    ),
    (
        "http://[0:0:0:0:0:ffff:169.254.169.254]/",
        [
            "[0:0:0:0:0:ffff:169.254.169.254]",
            "[::ffff:169.254.169.254]",
            "[0:0:0:0:0:ffff:169.254.169.254]",
            "[0:0:0:0:0:ffff:169.254.169.254]",
            "[0:0:0:0:0:ffff:169.254.169.254]",
            "[0:0:0:0:0:ffff:169.254.169.254]",
            "[0:0:0:0:0:ffff:169.254.169.254]",
            "0:0:0:0:0:ffff:169.254.169.254",
        ],
    ),
    // IDN homographs (Cyrillic "apple", fullwidth "google", an ideographic full stop)
    (
        "http://xn--80ak6aa92e.com/",
        [
            "xn--80ak6aa92e.com",
            "xn--80ak6aa92e.com",
            "xn--80ak6aa92e.com",
            "xn--80ak6aa92e.com",
            "xn--80ak6aa92e.com",
            "xn--80ak6aa92e.com",
            "xn--80ak6aa92e.com",
            "xn--80ak6aa92e.com",
        ],
    ),
    (
        "http://\u{430}\u{440}\u{440}\u{4cf}\u{435}.com/",
        [
            "xn--80ak6aa92e.com",
            "\u{430}\u{440}\u{440}\u{4cf}\u{435}.com",
            "\u{430}\u{440}\u{440}\u{4cf}\u{435}.com",
            "\u{430}\u{440}\u{440}\u{4cf}\u{435}.com",
            "!",
            "!",
            "!",
            "xn--80ak6aa92e.com",
        ],
    ),
    (
        "http://\u{ff47}\u{ff4f}\u{ff4f}\u{ff47}\u{ff4c}\u{ff45}.com/",
        [
            "!",
            "\u{ff47}\u{ff4f}\u{ff4f}\u{ff47}\u{ff4c}\u{ff45}.com",
            "\u{ff47}\u{ff4f}\u{ff4f}\u{ff47}\u{ff4c}\u{ff45}.com",
            "\u{ff47}\u{ff4f}\u{ff4f}\u{ff47}\u{ff4c}\u{ff45}.com",
            "!",
            "!",
            "!",
            "xn--qi7cdauna.com",
        ],
    ),
    (
        "http://evil.com\u{3002}good.com/",
        [
            "!",
            "evil.com\u{3002}good.com",
            "evil.com\u{3002}good.com",
            "evil.com\u{3002}good.com",
            "!",
            "!",
            "!",
            "evil.xn--comgood-8o3f.com",
        ],
    ),
    // scheme-relative and single-slash forms
    (
        "//evil.com/",
        [
            "evil.com", "!", "!", "evil.com", "!", "evil.com", "evil.com", "-",
        ],
    ),
    ("///evil.com/", ["-", "!", "!", "!", "!", "-", "-", "-"]),
    ("\\\\evil.com/", ["-", "!", "!", "-", "!", "!", "!", "-"]),
    (
        "http:/evil.com/",
        ["-", "evil.com", "-", "-", "!", "-", "-", "-"],
    ),
    ("http:evil.com/", ["-", "!", "-", "-", "!", "-", "-", "-"]),
    (
        "http:/\\/evil.com",
        ["-", "!", "-", "-", "!", "!", "!", "-"],
    ),
    // no scheme at all: libcurl (guessing a scheme, as a transfer does)
    // and urllib3 connect to a host the others read as a path
    (
        "evil.com/",
        ["evil.com", "evil.com", "!", "-", "!", "-", "-", "-"],
    ),
    (
        "good.com@evil.com/",
        ["evil.com", "evil.com", "!", "-", "!", "-", "-", "-"],
    ),
    // one host spelled two ways (case, a zero-padded port)
    (
        "HTTP://EXAMPLE.com:0080/",
        [
            "example.com",
            "EXAMPLE.com",
            "EXAMPLE.com",
            "EXAMPLE.com",
            "EXAMPLE.com",
            "EXAMPLE.com",
            "EXAMPLE.com",
            "EXAMPLE.com",
        ],
    ),
];

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// What an engine answered, as the table writes it.
fn shown(o: &Outcome) -> String {
    match o {
        Outcome::Parsed(Reading { host: Some(h), .. }) => h.clone(),
        Outcome::Parsed(_) => "-".to_owned(),
        Outcome::Rejected(_) => "!".to_owned(),
        Outcome::Failed(e) => format!("no answer ({e})"),
    }
}

/// The columns to compare, each with the version that answers here;
/// says which are skipped and why (under CI a missing engine fails).
fn columns() -> Vec<(usize, Engine, String)> {
    let found = available();
    let mut out = Vec::new();
    for (k, (engine, written_from)) in COLUMNS.iter().enumerate() {
        let a = found.iter().find(|a| a.engine == *engine).unwrap();
        let Some(version) = a.version.clone().filter(|_| a.found) else {
            assert!(
                !in_ci(),
                "CI=true and {} is not found: {}",
                engine.name(),
                a.detail
            );
            skipped(&format!("{} not found ({})", engine.name(), a.detail));
            continue;
        };
        if !version.starts_with(written_from) && !in_ci() {
            skipped(&format!(
                "{} is {version}; its column was written from {written_from}",
                engine.name()
            ));
            continue;
        }
        eprintln!("{:15} {version}", engine.name());
        out.push((k, *engine, version));
    }
    out
}

#[test]
fn each_new_engine_reads_the_confusion_corpus_as_it_was_seen_to() {
    let columns = columns();
    let engines: Vec<Engine> = columns.iter().map(|(_, e, _)| *e).collect();
    let urls: Vec<&str> = CORPUS.iter().map(|(u, _)| *u).collect();
    let results = run_with(&engines, &urls, TIMEOUT);
    let mut wrong = Vec::new();
    for (i, (url, expected)) in CORPUS.iter().enumerate() {
        for ((k, engine, version), r) in columns.iter().zip(&results) {
            let got = shown(&r.outcomes[i]);
            eprintln!("{url:?} {:15} {got:?}", engine.name());
            if got != expected[*k] {
                wrong.push(format!(
                    "{url:?}: {} ({version}, column written from {}) read {got:?}, expected {:?}: {:?}",
                    engine.name(),
                    COLUMNS[*k].1,
                    expected[*k],
                    r.outcomes[i]
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Whether two cells of the table disagree as the pair view judges them:
/// a different host (compared as hosts), or one side rejects.
fn cells_disagree(check: &str, fetch: &str) -> bool {
    match (check, fetch) {
        ("!", "!") => false,
        ("!", _) | (_, "!") => true,
        ("-", "-") => false,
        ("-", _) | (_, "-") => true,
        (a, b) => host_identity(a) != host_identity(b),
    }
}

#[test]
fn the_pair_filter_keeps_the_corpus_urls_where_php_and_libcurl_disagree() {
    let columns = columns();
    let has = |e| columns.iter().any(|(_, c, _)| *c == e);
    if !(has(Engine::PhpParseUrl) && has(Engine::Libcurl)) {
        return;
    }
    let col = |e| COLUMNS.iter().position(|(c, _)| *c == e).unwrap();
    // A list on stdin: one URL a line, so the URLs with a line break are
    // left out of it.
    let listed: Vec<&(&str, [&str; 8])> = CORPUS
        .iter()
        .filter(|(u, _)| !u.contains(['\n', '\r']))
        .collect();
    let input: String = listed.iter().map(|(u, _)| format!("{u}\n")).collect();
    let (code, out, err) = run_uriscope(
        &[
            "confuse",
            "--json",
            "--check",
            "php-parse-url",
            "--fetch",
            "libcurl",
        ],
        input.as_bytes(),
    );
    let kept: Vec<String> = out
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["disagrees"], true, "{l}");
            v["url"].as_str().unwrap().to_owned()
        })
        .collect();
    let expected: Vec<String> = listed
        .iter()
        .filter(|(_, cells)| {
            cells_disagree(cells[col(Engine::PhpParseUrl)], cells[col(Engine::Libcurl)])
        })
        // The CLI reads lines: a trailing space is kept, a leading one too.
        .map(|(u, _)| u.to_string())
        .collect();
    eprintln!("kept {} of {}: {kept:#?}", kept.len(), listed.len());
    assert_eq!(kept, expected, "{err}");
    assert_eq!(code, 1, "some URL disagrees: exit 1");
    assert!(!kept.is_empty() && kept.len() < listed.len());
}
