//! The engines side by side: real parsers on inputs
//! where they are known to disagree. The expected hosts are what each
//! engine was seen to answer (Python 3.11, Node 20, OpenJDK 17; `url` 2,
//! `http` 1), not what any of them should answer.
//!
//! An out-of-process engine that is not on `PATH` is skipped with
//! `SKIPPED (in part) <test>: <engine> not found` on stderr
//! (`support::skipped`, shown by a plain `cargo test`), except under
//! `CI=true`, where
//! every engine must be there (`.ci/run` installs python3 with urllib3,
//! libcurl, nodejs, golang-go, a JDK, PHP, Ruby and Perl's URI when
//! missing). The later engines are held to their own table in
//! `corpus.rs`.

use std::time::{Duration, Instant};

use uriscope::confuse::engines::{
    available, run, run_command, run_with, Engine, EngineResults, Outcome, Reading,
};

/// Generous: these tests are about answers, not speed.
const TIMEOUT: Duration = Duration::from_secs(600);

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// The out-of-process engines that are found; says which are skipped, and
/// fails under `CI=true` when any is missing.
fn external_found() -> Vec<Engine> {
    let mut found = Vec::new();
    for a in available() {
        if a.engine.in_process() {
            continue;
        }
        if a.found {
            found.push(a.engine);
            continue;
        }
        // Under CI every engine is required (`.ci/run` installs them all).
        assert!(
            !in_ci(),
            "CI=true and {} is not found: {}",
            a.engine.name(),
            a.detail
        );
        crate::support::skipped(&format!("{} not found ({})", a.engine.name(), a.detail));
    }
    found
}

/// What an engine answered, as the table writes it: the host, `-` for
/// parsed without a host, `!` for rejected.
fn shown(o: &Outcome) -> String {
    match o {
        Outcome::Parsed(Reading { host: Some(h), .. }) => h.clone(),
        Outcome::Parsed(_) => "-".to_owned(),
        Outcome::Rejected(_) => "!".to_owned(),
        Outcome::Failed(e) => format!("no answer ({e})"),
    }
}

/// The engines of [`TABLE`], its columns in order.
const TABLE_ENGINES: [Engine; 8] = [
    Engine::Rfc3986,
    Engine::Whatwg,
    Engine::HttpUri,
    Engine::PythonUrllib,
    Engine::NodeWhatwg,
    Engine::NodeLegacy,
    Engine::JavaUri,
    Engine::GoNetUrl,
];

/// Per input, per engine in [`TABLE_ENGINES`] order: the host seen, `-` for
/// parsed without a host, `!` for rejected (taken by running each engine:
/// Python 3.11, Node 20, Java 17, Go 1.19).
const TABLE: &[(&str, [&str; 8])] = &[
    //               rfc3986, whatwg-url, http::Uri, python, node URL, node url.parse, java, go
    (
        r"http://evil.com\@good.com/",
        [
            "!", "evil.com", "!", "good.com", "evil.com", "evil.com", "!", "!",
        ],
    ),
    ("http://a@b@c/", ["!", "c", "c", "c", "c", "c", "-", "c"]),
    (
        r"http://127.0.0.1:80\@example.com/",
        [
            "!",
            "127.0.0.1",
            "!",
            "example.com",
            "127.0.0.1",
            "127.0.0.1",
            "!",
            "!",
        ],
    ),
    (
        "HTTP://EXAMPLE.com:0080/",
        [
            "EXAMPLE.com",
            "example.com",
            "EXAMPLE.com",
            "example.com",
            "example.com",
            "example.com",
            "EXAMPLE.com",
            "EXAMPLE.com",
        ],
    ),
    (
        "http://[::ffff:169.254.169.254]/",
        [
            "[::ffff:169.254.169.254]",
            "[::ffff:a9fe:a9fe]",
            "[::ffff:169.254.169.254]",
            "::ffff:169.254.169.254",
            "[::ffff:a9fe:a9fe]",
            "::ffff:169.254.169.254",
            "[::ffff:169.254.169.254]",
            "::ffff:169.254.169.254",
        ],
    ),
    (
        "http://0x7f.1/",
        [
            "0x7f.1",
            "127.0.0.1",
            "0x7f.1",
            "0x7f.1",
            "127.0.0.1",
            "0x7f.1",
            "-",
            "0x7f.1",
        ],
    ),
    (
        "https://example.com%2F@evil.com/",
        [
            "evil.com", "evil.com", "evil.com", "evil.com", "evil.com", "evil.com", "evil.com",
            "evil.com",
        ],
    ),
    (
        "//host/path",
        ["host", "!", "-", "host", "!", "-", "host", "host"],
    ),
    (
        r"http:/\/evil.com",
        ["!", "evil.com", "!", "-", "evil.com", "-", "!", "-"],
    ),
    (
        " http://sp.com",
        ["!", "sp.com", "!", "sp.com", "sp.com", "sp.com", "!", "!"],
    ),
    (
        "javascript:alert(1)",
        ["-", "-", "javascript", "-", "-", "-", "-", "-"],
    ),
    (
        "http://ex%61mple.com/",
        [
            "ex%61mple.com",
            "example.com",
            "!",
            "ex%61mple.com",
            "example.com",
            "ex",
            "-",
            "!",
        ],
    ),
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
];

fn column(engine: Engine) -> Option<usize> {
    TABLE_ENGINES.iter().position(|&e| e == engine)
}

fn results_of(results: &[EngineResults], engine: Engine) -> &EngineResults {
    results.iter().find(|r| r.engine == engine).unwrap()
}

#[test]
fn the_view_can_say_which_engines_are_found() {
    let a = available();
    assert_eq!(
        a.iter().map(|a| a.engine).collect::<Vec<_>>(),
        Engine::ALL.to_vec()
    );
    for av in &a {
        eprintln!(
            "{:15} {:5} {}",
            av.engine.name(),
            if av.found { "found" } else { "missing" },
            av.detail
        );
        assert!(!av.detail.is_empty());
    }
    let found = external_found();
    // `run` leaves the missing ones out.
    let r = run(&["http://a/"], TIMEOUT);
    let ran: Vec<Engine> = r.iter().map(|r| r.engine).collect();
    let mut expected = vec![Engine::Rfc3986, Engine::Whatwg, Engine::HttpUri];
    expected.extend(found);
    assert_eq!(ran, expected);
    for e in &r {
        assert_eq!(e.outcomes.len(), 1);
        assert_eq!(e.outcomes[0].host(), Some("a"), "{}", e.engine.name());
    }
}

#[test]
fn hosts_as_each_engine_reads_them() {
    let mut engines = vec![Engine::Rfc3986, Engine::Whatwg, Engine::HttpUri];
    engines.extend(
        external_found()
            .into_iter()
            .filter(|e| column(*e).is_some()),
    );
    let urls: Vec<&str> = TABLE.iter().map(|(u, _)| *u).collect();
    let results = run_with(&engines, &urls, TIMEOUT);
    let mut wrong = Vec::new();
    for (i, (url, expected)) in TABLE.iter().enumerate() {
        for r in &results {
            let want = expected[column(r.engine).unwrap()];
            let got = shown(&r.outcomes[i]);
            eprintln!("{url:40} {:15} {got}", r.engine.name());
            if want != "?" && got != want {
                wrong.push(format!(
                    "{url}: {} read {got} ({:?}), expected {want}",
                    r.engine.name(),
                    r.outcomes[i]
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_in_process_engines_read_the_other_components_too() {
    let r = run_with(
        &[Engine::Rfc3986, Engine::Whatwg, Engine::HttpUri],
        &["HTTP://EXAMPLE.com:0080/a?q#f", "http://a@b@c/"],
        TIMEOUT,
    );
    let ports: Vec<Option<&str>> = r
        .iter()
        .map(|e| e.outcomes[0].reading().unwrap().port.as_deref())
        .collect();
    // Ours keeps the text, the WHATWG parser drops the default port,
    // http::Uri gives the number.
    assert_eq!(ports, [Some("0080"), None, Some("80")]);
    let fragments: Vec<Option<&str>> = r
        .iter()
        .map(|e| e.outcomes[0].reading().unwrap().fragment.as_deref())
        .collect();
    assert_eq!(fragments, [Some("f"), Some("f"), None]);
    let userinfo: Vec<Option<&str>> = r
        .iter()
        .map(|e| e.outcomes[1].reading().and_then(|r| r.userinfo.as_deref()))
        .collect();
    assert_eq!(userinfo, [None, Some("a%40b"), Some("a@b")]);
    assert!(r[0].outcomes[1]
        .error()
        .unwrap()
        .contains("invalid-char at byte 8"));
}

#[test]
fn awkward_characters_reach_the_engines_intact() {
    let weird = "http://a/p\n\"\u{0}é?q";
    let astral = "http://a/é€𝄞";
    let urls = [weird, astral, "http://after/"];
    let mut engines = vec![Engine::Rfc3986, Engine::Whatwg, Engine::HttpUri];
    engines.extend(external_found());
    let results = run_with(&engines, &urls, TIMEOUT);
    for r in &results {
        eprintln!("{:15} {:?}", r.engine.name(), r.outcomes);
        assert_eq!(r.outcomes.len(), 3);
        // The newline did not split the batch: the third answer is the
        // third URL's.
        assert_eq!(r.outcomes[2].host(), Some("after"), "{}", r.engine.name());
        for o in &r.outcomes {
            if let Some(e) = o.error() {
                assert!(
                    !e.contains("no answer")
                        && !e.contains("unreadable")
                        && !e.contains("timed out"),
                    "{}: {e}",
                    r.engine.name()
                );
            }
        }
    }
    let path = |e: Engine, i: usize| {
        results_of(&results, e).outcomes[i]
            .reading()
            .and_then(|r| r.path.clone())
    };
    assert!(results_of(&results, Engine::Rfc3986).outcomes[0]
        .error()
        .is_some());
    assert_eq!(path(Engine::Whatwg, 0).as_deref(), Some("/p%22%00%C3%A9"));
    for e in external_found() {
        match e {
            // urlsplit strips the newline (as WHATWG does) and keeps the rest.
            Engine::PythonUrllib => {
                assert_eq!(path(e, 0).as_deref(), Some("/p\"\u{0}é"));
                assert_eq!(path(e, 1).as_deref(), Some("/é€𝄞"));
            }
            Engine::NodeWhatwg => {
                assert_eq!(path(e, 0).as_deref(), Some("/p%22%00%C3%A9"));
                assert_eq!(path(e, 1).as_deref(), Some("/%C3%A9%E2%82%AC%F0%9D%84%9E"));
            }
            // url.parse escapes the newline and the quote, keeps NUL and é.
            Engine::NodeLegacy => {
                assert_eq!(path(e, 0).as_deref(), Some("/p%0A%22\u{0}é"));
                assert_eq!(path(e, 1).as_deref(), Some("/é€𝄞"));
            }
            Engine::JavaUri => {
                let o = &results_of(&results, e).outcomes[0];
                assert!(o.error().unwrap().contains("Illegal character in path"));
                assert_eq!(path(e, 1).as_deref(), Some("/é€𝄞"));
            }
            _ => eprintln!("{}: {:?}", e.name(), results_of(&results, e).outcomes),
        }
    }
}

#[test]
fn a_64_kb_url_gets_an_answer_from_every_engine() {
    let long = format!("http://a/{}", "x".repeat(64 * 1024 - 9));
    assert_eq!(long.len(), 64 * 1024);
    let nul = "http://a/\u{0}\u{0}";
    let mut engines = vec![Engine::Rfc3986, Engine::Whatwg, Engine::HttpUri];
    engines.extend(external_found());
    let results = run_with(&engines, &[&long, nul, "http://b/"], TIMEOUT);
    for r in &results {
        let o = &r.outcomes[0];
        eprintln!(
            "{:15} 64 KB: {}",
            r.engine.name(),
            o.error().unwrap_or("parsed")
        );
        if let Some(reading) = o.reading() {
            assert_eq!(reading.path.as_ref().map(String::len), Some(64 * 1024 - 8));
        } else {
            let e = o.error().unwrap();
            assert!(!e.contains("no answer") && !e.contains("timed out"), "{e}");
        }
        assert_eq!(r.outcomes[2].host(), Some("b"), "{}", r.engine.name());
    }
}

#[test]
fn ten_thousand_urls_in_one_batch() {
    let owned: Vec<String> = (0..10_000)
        .map(|i| match i % 4 {
            0 => format!("http://host{i}.example/p/{i}?q={i}#f{i}"),
            1 => TABLE[i % TABLE.len()].0.to_owned(),
            2 => format!("https://user{i}@[::{:x}]:{}/", i, i % 65536),
            _ => format!("HTTP://EX%41MPLE{i}.com:0{}/a/../b", i % 1000),
        })
        .collect();
    let urls: Vec<&str> = owned.iter().map(String::as_str).collect();
    let _ = external_found();
    let started = Instant::now();
    let results = run(&urls, TIMEOUT);
    eprintln!("10,000 URLs, all engines at once: {:?}", started.elapsed());
    for r in &results {
        eprintln!("  {:15} {:?}", r.engine.name(), r.elapsed);
        assert_eq!(r.outcomes.len(), urls.len());
        for (i, o) in r.outcomes.iter().enumerate() {
            if let Some(e) = o.error() {
                assert!(
                    !e.contains("no answer")
                        && !e.contains("unreadable")
                        && !e.contains("timed out"),
                    "{} on {:?}: {e}",
                    r.engine.name(),
                    urls[i]
                );
            }
        }
        // The answers stay in order.
        assert_eq!(
            r.outcomes[4].host().map(str::to_lowercase),
            Some("host4.example".into())
        );
    }
}

#[test]
fn a_tiny_timeout_times_out_or_completes() {
    let engines = external_found();
    let urls: Vec<String> = (0..500).map(|i| format!("http://h{i}/")).collect();
    let urls: Vec<&str> = urls.iter().map(String::as_str).collect();
    let started = Instant::now();
    let results = run_with(&engines, &urls, Duration::from_millis(1));
    eprintln!("a 1 ms timeout returned after {:?}", started.elapsed());
    for r in &results {
        assert_eq!(r.outcomes.len(), urls.len());
        let timed_out = r
            .outcomes
            .iter()
            .filter(|o| o.error().is_some_and(|e| e.contains("timed out")))
            .count();
        eprintln!(
            "  {:15} {timed_out} of {} timed out",
            r.engine.name(),
            urls.len()
        );
        assert!(
            timed_out == 0 || timed_out == urls.len(),
            "{}: a batch times out whole",
            r.engine.name()
        );
        if timed_out == 0 {
            assert!(r.outcomes.iter().all(Outcome::is_parsed));
        }
    }
}

#[cfg(unix)]
#[test]
fn a_stuck_engine_is_killed_at_the_timeout() {
    let mut stuck = std::process::Command::new("sh");
    stuck.args(["-c", "exec sleep 30"]);
    let started = Instant::now();
    let o = run_command(
        stuck,
        &["http://a/", "http://b/"],
        Duration::from_millis(300),
    );
    let took = started.elapsed();
    eprintln!("the stuck engine was given up after {took:?}");
    assert_eq!(o.len(), 2);
    for o in &o {
        assert!(o.error().unwrap().contains("timed out"), "{o:?}");
    }
    assert!(took < Duration::from_secs(20), "{took:?}");
}

/// A shell engine that answers `{"ok":true,"host":"x"}` to each line,
/// writes "not json" for a line holding `garble`, and dies (exit 3, a word
/// on stderr) at a line holding `crash`; each start appends a line to
/// `starts`.
#[cfg(unix)]
fn crashing_engine(starts: &std::path::Path) -> std::process::Command {
    let mut c = std::process::Command::new("sh");
    c.args([
        "-c",
        r#"echo start >> "$1"
while IFS= read -r line; do
  case "$line" in
    *crash*) echo 'boom: the engine fell over' >&2; exit 3;;
    *garble*) echo 'not json';;
    *) echo '{"ok":true,"host":"x","path":"/"}';;
  esac
done"#,
        "engine",
    ])
    .arg(starts);
    c
}

#[cfg(unix)]
fn starts_file(name: &str) -> (std::path::PathBuf, impl Fn() -> usize) {
    let path = std::env::temp_dir().join(format!(
        "uriscope-test-starts-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&path);
    let p = path.clone();
    (path, move || {
        std::fs::read_to_string(&p)
            .map(|s| s.lines().count())
            .unwrap_or(0)
    })
}

/// Regression: a crash left every URL after it
/// unanswered ("engine gave no answer"); the URL it died at is now
/// answered as the crash, with the exit status and stderr, and a fresh
/// child answers the rest.
#[cfg(unix)]
#[test]
fn a_crash_is_the_answer_for_its_url_and_a_fresh_engine_answers_the_rest() {
    let (starts, count) = starts_file("crash");
    let o = run_command(
        crashing_engine(&starts),
        &[
            "http://a/",
            "http://garble/",
            "http://crash/",
            "http://b/",
            "http://crash-again/",
            "http://c/",
        ],
        TIMEOUT,
    );
    assert_eq!(o.len(), 6);
    assert_eq!(o[0].host(), Some("x"));
    assert!(o[1].error().unwrap().contains("unreadable"), "{:?}", o[1]);
    for i in [2, 4] {
        let e = o[i].error().unwrap();
        assert!(o[i].is_failed(), "{:?}", o[i]);
        assert!(e.starts_with("engine gave no answer"), "{e}");
        assert!(e.contains("boom: the engine fell over"), "{e}");
        assert!(
            e.contains("exit status: 3") && e.contains("at this URL"),
            "{e}"
        );
    }
    assert_eq!(o[3].host(), Some("x"), "{:?}", o[3]);
    assert_eq!(o[5].host(), Some("x"), "{:?}", o[5]);
    assert_eq!(count(), 3, "one start, and one after each crash");
    let _ = std::fs::remove_file(&starts);
}

/// An engine that dies before its first answer is broken, not the URL:
/// no second start, every URL answered "no answer"; and a batch that
/// crashes over and over is given up after `RESTARTS` fresh starts.
#[cfg(unix)]
#[test]
fn restarts_after_a_crash_are_bounded() {
    let (starts, count) = starts_file("broken");
    let o = run_command(
        crashing_engine(&starts),
        &["http://crash/", "http://a/", "http://b/"],
        TIMEOUT,
    );
    assert!(o.iter().all(|o| o.is_failed()), "{o:?}");
    assert!(o[2].error().unwrap().contains("exit status: 3"), "{o:?}");
    assert_eq!(count(), 1);
    let _ = std::fs::remove_file(&starts);
    let (starts, count) = starts_file("bounded");
    let urls: Vec<String> = (0..60)
        .map(|i| {
            if i % 2 == 1 {
                format!("http://crash{i}/")
            } else {
                format!("http://h{i}/")
            }
        })
        .collect();
    let urls: Vec<&str> = urls.iter().map(String::as_str).collect();
    let o = run_command(crashing_engine(&starts), &urls, TIMEOUT);
    assert_eq!(o.len(), 60);
    // 1 + 16 starts, each answers one URL and dies at the next: 34 URLs;
    // the other 26 are left unanswered.
    assert_eq!(count(), 17);
    assert_eq!(o.iter().filter(|o| o.is_parsed()).count(), 17);
    assert!(o[34..].iter().all(|o| o.is_failed()), "{:?}", &o[34..]);
    let _ = std::fs::remove_file(&starts);
}
