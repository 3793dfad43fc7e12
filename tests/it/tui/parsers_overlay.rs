//! The Parsers overlay (F9): every engine's
//! reading of the input — the in-process ones at once, the external ones
//! when the main loop's background run answers — the verdict, and the
//! allowlist checks for the host typed into its field; and the pair view,
//! chosen with ↑ ↓ Enter: the host the check's parser
//! sees against the host the fetcher connects to, and the checks on the
//! checker's host.

use crate::tui::screen::{press, screen};
use crossterm::event::{KeyCode, KeyModifiers};
use uriscope::confuse::engines::{Engine, EngineResults, Outcome, Reading};
use uriscope::explorer::app::{update, Action, App, Effect, Overlay};

fn external(host: &str) -> Vec<EngineResults> {
    vec![EngineResults {
        engine: Engine::PythonUrllib,
        outcomes: vec![Outcome::Parsed(Reading {
            scheme: Some("http".into()),
            host: Some(host.into()),
            path: Some("/".into()),
            ..Reading::default()
        })],
        elapsed: std::time::Duration::from_millis(30),
    }]
}

fn opened(url: &str) -> App {
    let mut a = App::new(url, None);
    a.engines = vec![("python urllib", true), ("go net/url", false)];
    let ev = crossterm::event::KeyEvent::new(KeyCode::F(9), KeyModifiers::NONE);
    let action = uriscope::explorer::app::keymap::action_for(&a, &ev).expect("F9 is bound");
    assert_eq!(action, Action::Parsers);
    // Opening asks the main loop to run the external engines on the input.
    assert_eq!(update(&mut a, action), Effect::RunEngines(url.to_string()));
    a
}

#[test]
fn in_process_engines_at_once_external_ones_when_they_answer() {
    let mut a = opened("http://evil.com\\@good.com/");
    let s = screen(&a, 100, 30);
    assert!(s.contains("whatwg-url     evil.com"), "{s}");
    assert!(s.contains("running python urllib (a process each)"), "{s}");
    assert!(s.contains("not found: go net/url"), "{s}");
    // An answer for another URL (the overlay reopened since) is dropped.
    update(
        &mut a,
        Action::EnginesDone("http://other/".into(), external("x")),
    );
    assert!(screen(&a, 100, 30).contains("running python urllib"));
    update(
        &mut a,
        Action::EnginesDone("http://evil.com\\@good.com/".into(), external("good.com")),
    );
    let s = screen(&a, 100, 30);
    assert!(s.contains("python urllib  good.com"), "{s}");
    assert!(
        s.contains("2 different hosts: \"evil.com\", \"good.com\""),
        "{s}"
    );
}

#[test]
fn the_allow_field_runs_the_naive_checks() {
    let mut a = opened("http://evil.com\\@good.com/");
    update(
        &mut a,
        Action::EnginesDone("http://evil.com\\@good.com/".into(), external("good.com")),
    );
    for c in "good.com".chars() {
        press(&mut a, KeyCode::Char(c), KeyModifiers::NONE);
    }
    let Some(Overlay::Parsers(v)) = &a.overlay else {
        panic!("closed")
    };
    assert_eq!(
        v.allow.text(),
        "good.com",
        "typing goes to the field, not the input"
    );
    assert_eq!(a.input.text(), "http://evil.com\\@good.com/");
    let s = screen(&a, 100, 30);
    assert!(
        s.contains("substring   FOOLED: lets it through, but whatwg-url connects elsewhere"),
        "{s}"
    );
    assert!(s.contains("prefix      blocks it"), "{s}");
    insta::assert_snapshot!("parsers_overlay_80x24", screen(&a, 80, 24));
    insta::assert_snapshot!("parsers_overlay_40x12", screen(&a, 40, 12));
    press(&mut a, KeyCode::Esc, KeyModifiers::NONE);
    assert!(a.overlay.is_none());
}

#[test]
fn enter_chooses_the_check_then_the_fetcher_and_the_pair_is_judged() {
    let url = "http://evil.com\\@good.com/";
    let mut a = opened(url);
    update(
        &mut a,
        Action::EnginesDone(url.into(), external("good.com")),
    );
    let s = screen(&a, 100, 30);
    assert!(
        s.contains("↑↓ Enter: the check's parser, then the fetcher's"),
        "{s}"
    );
    // The rows: rfc3986, whatwg-url, http::Uri, python urllib. The check
    // is python urllib (three rows down), the fetcher whatwg-url.
    for _ in 0..3 {
        press(&mut a, KeyCode::Down, KeyModifiers::NONE);
    }
    press(&mut a, KeyCode::Enter, KeyModifiers::NONE);
    press(&mut a, KeyCode::Up, KeyModifiers::NONE);
    press(&mut a, KeyCode::Up, KeyModifiers::NONE);
    press(&mut a, KeyCode::Enter, KeyModifiers::NONE);
    let Some(Overlay::Parsers(v)) = &a.overlay else {
        panic!("closed")
    };
    assert_eq!(v.check, Some(Engine::PythonUrllib));
    assert_eq!(v.fetch, Some(Engine::Whatwg));
    for c in "good.com".chars() {
        press(&mut a, KeyCode::Char(c), KeyModifiers::NONE);
    }
    let s = screen(&a, 100, 30);
    assert!(s.contains("› whatwg-url     fetch evil.com"), "{s}");
    assert!(s.contains("  python urllib  check good.com"), "{s}");
    assert!(
        s.contains("pair: DIFFERENT HOSTS: the check sees \"good.com\", whatwg-url connects to"),
        "{s}"
    );
    assert!(
        s.contains("allowlist checks on the host python urllib sees:"),
        "{s}"
    );
    assert!(
        s.contains("exact       FOOLED: lets it through, but whatwg-url connects elsewhere"),
        "{s}"
    );
    insta::assert_snapshot!("parsers_overlay_pair_80x24", screen(&a, 80, 24));
    // Enter on a row with a role takes it off; typing went to the field.
    press(&mut a, KeyCode::Enter, KeyModifiers::NONE);
    let Some(Overlay::Parsers(v)) = &a.overlay else {
        panic!("closed")
    };
    assert_eq!((v.check, v.fetch), (Some(Engine::PythonUrllib), None));
    assert_eq!(v.allow.text(), "good.com");
}

/// A reference without a scheme: the external engines are given its
/// RFC 3986 §5.2 target against the base, as the in-process rows read it,
/// so that every row of the overlay is a reading of one URL.
#[test]
fn the_external_engines_read_a_reference_resolved_against_the_base() {
    let mut a = App::new("../g?y", Some("http://a/b/c/d;p?q"));
    a.engines = vec![("python urllib", true)];
    assert_eq!(
        update(&mut a, Action::Parsers),
        Effect::RunEngines("http://a/b/g?y".to_string())
    );
    // Their answer is for that target, and is taken.
    update(
        &mut a,
        Action::EnginesDone("http://a/b/g?y".into(), external("a")),
    );
    let s = screen(&a, 100, 30);
    assert!(s.contains("python urllib  a"), "{s}");
    assert!(s.contains("resolved against the base"), "{s}");
}
