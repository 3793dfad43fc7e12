//! Corpus smoke test: every line of benches/uris.txt and every example of
//! every set in assets/ goes through every entry point of the core (parse,
//! analyze, split, lint, resolve in both modes and by RFC 2396, normalize,
//! make_relative, the WHATWG column) and through the explorer's draw,
//! without a panic. Kept under a minute in a debug build on 2 cores.

use crate::support::same_up_to_scheme_and_host_case;
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use uriscope::explorer::app::{examples, App};
use uriscope::uri::lint::lint;
use uriscope::uri::rfc2396;
use uriscope::uri::{
    analyze, component::split, normalize, parse, relative::make_relative, resolve, trace,
    NormalizeOptions, ParseOptions, ResolveOptions, UriRef,
};
use uriscope::whatwg;

const BASE: &str = "http://a/b/c/d;p?q";

/// Every core entry point on `input` (with `base` for resolution).
fn core(input: &str, base: &str) -> usize {
    let mut seen = 0;
    let a = analyze(input, Default::default());
    assert_eq!(parse(input).is_ok(), a.is_valid(), "{input:?}");
    let _ = UriRef::parse_with(input, ParseOptions::new().iri(true));
    let _ = split(input);
    seen += lint(input).len();
    for options in [ResolveOptions::default(), ResolveOptions::compat()] {
        let traced = trace::resolve(base, input, options);
        let fast = resolve(base, input, options);
        assert_eq!(
            traced.as_ref().ok().map(|r| &r.target),
            fast.as_ref().ok(),
            "{input:?}"
        );
        if let Ok(t) = fast {
            assert!(
                parse(&t).is_ok(),
                "target {t:?} of {input:?} does not parse"
            );
            seen += 1;
        }
    }
    let _ = rfc2396::resolve(base, input, rfc2396::Options::default());
    // The input as a base, too.
    let _ = resolve(input, "../g?y#s", ResolveOptions::default());
    if let Ok(n) = trace::normalize(input, NormalizeOptions::default()) {
        assert_eq!(
            Ok(&n.normalized),
            normalize(input, NormalizeOptions::default()).as_ref()
        );
        seen += 1;
    }
    if a.is_valid() && a.uri.scheme().is_some() {
        match make_relative(base, input, Default::default()) {
            // Equal up to scheme and host case (RFC 3986 §6.2.2.1).
            Ok(r) => assert!(
                same_up_to_scheme_and_host_case(&r.proof.target, input),
                "make_relative round trip: {} vs {input}",
                r.proof.target
            ),
            // Resolution removes dot-segments (§5.2.4), so a target whose
            // path keeps one ("scheme:///a/./b") is reached by no reference.
            Err(e) => assert_eq!(e.code, "unreachable-target", "{input:?}: {e:?}"),
        }
    }
    let _ = whatwg::parse(input, Some(base));
    seen
}

fn draw(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test backend");
    t.draw(|f| f.render_widget(app, f.area())).expect("draw");
    t.backend().to_string()
}

#[test]
fn smoke_corpus_through_every_entry_point() {
    let text = include_str!("../../../benches/uris.txt");
    let mut lines = 0;
    for (i, line) in text.lines().enumerate() {
        core(line, BASE);
        // The explorer's draw on a sample of the corpus (every line would
        // take minutes in a debug build); the assets below are drawn whole.
        if i % 97 == 0 {
            let screen = draw(&App::new(line, None), 80, 24);
            assert!(!screen.is_empty());
        }
        lines += 1;
    }
    assert!(lines > 70_000, "{lines}");
}

#[test]
fn smoke_every_asset_set_through_every_entry_point_and_the_draw() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/assets");
    let mut files = 0;
    let mut examples_seen = 0;
    for entry in std::fs::read_dir(dir).expect("assets/ exists") {
        let path = entry.expect("readable").path();
        if path.extension().and_then(|e| e.to_str()) != Some("txt") {
            continue;
        }
        // Screenshots for the README are text files too, not example sets.
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with("screenshot") {
            continue;
        }
        files += 1;
        let text: &'static str = Box::leak(
            std::fs::read_to_string(&path)
                .expect("UTF-8")
                .into_boxed_str(),
        );
        for ex in examples::parse_set(text) {
            core(ex.input, ex.base);
            core(ex.base, BASE);
            let app = App::new(ex.input, Some(ex.base));
            for (w, h) in [(80, 24), (40, 12), (12, 4), (1, 1), (200, 60)] {
                draw(&app, w, h);
            }
            examples_seen += 1;
        }
    }
    assert!(files >= 4, "{files} asset files");
    assert!(examples_seen >= 80, "{examples_seen} examples");
    assert_eq!(
        examples::all().len(),
        examples_seen,
        "every asset file is a listed set"
    );
}
