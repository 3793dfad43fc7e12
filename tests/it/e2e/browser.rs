//! The HTML reports in a real browser: headless Chromium opens each page
//! (`parse`, `resolve --trace`, `normalize --trace`, `stats`) from a file
//! with every host name unresolvable, and the DOM it built is checked —
//! every part there, user text as text, nothing external — and a
//! screenshot is taken (a PNG with something drawn). Without Chromium the
//! test says it skipped; under `CI=true` its absence is a failure
//! (`.ci/run` installs the `chromium` package).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::cli::html::{read, self_contained};
use crate::support::run_uriscope;

/// The browser's program, when it runs here.
fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser"].into_iter().find(|p| {
        Command::new(p)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// Run the browser headless on `page` with `args`, waiting at most a
/// minute; returns its stdout.
fn headless(program: &str, dir: &Path, page: &Path, args: &[&str]) -> String {
    let profile = dir.join(format!("profile-{}", args.join("").len()));
    let mut child = Command::new(program)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--hide-scrollbars",
            "--host-resolver-rules=MAP * ~NOTFOUND",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let mut stdout = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut stdout, &mut s);
        s
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if child.try_wait().expect("wait").is_some() {
            break;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("chromium took over a minute on {}", page.display());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    reader.join().expect("the reader ends")
}

/// A page: its name, the arguments, stdin, and what its DOM must show.
type Page = (
    &'static str,
    Vec<&'static str>,
    &'static [u8],
    Vec<&'static str>,
);

/// The four pages.
fn pages() -> Vec<Page> {
    vec![
        (
            "parse",
            vec![
                "parse",
                "--format",
                "html",
                "http://user:s3cret@a.b.example.co.uk:8080/p/%2e%2E/<x>?q=a&b#f",
            ],
            b"",
            vec![
                "scheme",
                "authority",
                "fragment",
                "userinfo-password",
                "example.co.uk",
                "RFC 3986 §7.5",
                "<x>",
            ],
        ),
        (
            "resolve",
            vec![
                "resolve",
                "--trace",
                "--format",
                "html",
                "--base",
                "http://a/b/c/d;p?q",
                "../../g",
            ],
            b"",
            vec!["target", "http://a/g", "§5.2.4"],
        ),
        (
            "normalize",
            vec![
                "normalize",
                "--trace",
                "--format",
                "html",
                "HTTP://A:80/%7e/./b",
            ],
            b"",
            vec!["http://a/~/b", "path-segments", "scheme-based"],
        ),
        (
            "stats",
            vec!["stats", "--format", "html"],
            b"http://a.example.co.uk/\nhttp://b.example.co.uk/x\nhttps://other.org/\n",
            vec!["sites (2 distinct)", "example.co.uk", "hosts (3 distinct)"],
        ),
    ]
}

#[test]
fn a_browser_renders_every_html_report_as_written() {
    let Some(program) = chromium() else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "chromium is required under CI=true"
        );
        crate::support::skipped(
            "chromium not found: the HTML reports were not opened in a browser",
        );
        return;
    };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("html-reports");
    std::fs::create_dir_all(&dir).expect("a directory for the pages");
    for (name, args, stdin, shown) in pages() {
        let (_, html, err) = run_uriscope(&args, stdin);
        assert!(html.starts_with("<!DOCTYPE html>"), "{name}: {err}");
        let page = dir.join(format!("{name}.html"));
        std::fs::write(&page, &html).expect("the page is written");
        let dom = headless(program, &dir, &page, &["--dump-dom"]);
        assert!(
            dom.contains("<html"),
            "{name}: the browser gave back a document: {dom}"
        );
        self_contained(&format!(
            "<!DOCTYPE html>\n{}",
            dom.trim_start_matches("<!DOCTYPE html>").trim_start()
        ));
        let (tags, text) = read(&dom);
        for s in shown {
            assert!(text.contains(s), "{name}: the browser shows {s:?}:\n{text}");
        }
        assert!(!dom.contains("s3cret"), "{name}: masked");
        if name == "stats" {
            let charts = tags.iter().filter(|t| t.name == "svg").count();
            assert_eq!(
                charts, 3,
                "{name}: schemes, hosts, sites (no code, no flag)"
            );
        }
        if name == "parse" {
            // The markup-looking path is a text node, not an element.
            assert!(!tags.iter().any(|t| t.name == "x"), "{name}");
        }
        let png = dir.join(format!("{name}.png"));
        let _ = std::fs::remove_file(&png);
        headless(
            program,
            &dir,
            &page,
            &[
                "--window-size=1100,1400",
                &format!("--screenshot={}", png.display()),
            ],
        );
        let bytes = std::fs::read(&png).unwrap_or_else(|e| panic!("{name}: no screenshot: {e}"));
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{name}: a PNG");
        assert!(
            bytes.len() > 10_000,
            "{name}: the screenshot has something drawn"
        );
    }
}
