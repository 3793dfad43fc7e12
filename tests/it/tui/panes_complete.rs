//! Every pane in the list is whole — keys in the hint bar and
//! the help, an F8 passage, a Markdown section offered by the copy
//! chooser. A new pane that forgets one fails here, whichever it is.

use uriscope::explorer::app::keymap::{contexts, help_rows, hints, Context, KEYS};
use uriscope::explorer::app::{citation, markdown, update, Action, App, Focus, Pane};

/// The contexts every state shares: what a pane adds is the rest.
const SHARED: [Context; 5] = [
    Context::Global,
    Context::Text,
    Context::View,
    Context::Overlay,
    Context::List,
];

/// The app on an input with every component, `pane` focused.
fn focused(pane: Pane) -> App {
    let mut app = App::new("http://u:pw@example.com:8080/a/b?k=1&j=2&k=3#f", None);
    update(&mut app, Action::FocusPane(pane));
    assert_eq!(app.focus, Focus::Pane(pane));
    app
}

/// The contexts of `pane`'s own keys, where they apply: with the pane
/// focused, or shown under the input line (the Resolve and Encode keys
/// work from there too).
fn own_contexts(pane: Pane) -> Vec<(App, Context)> {
    let mut out = Vec::new();
    let mut from_input = focused(pane);
    update(&mut from_input, Action::FocusInput);
    for app in [focused(pane), from_input] {
        for &c in contexts(&app) {
            if !SHARED.contains(&c) && !out.iter().any(|(_, o)| *o == c) {
                out.push((app.clone(), c));
            }
        }
    }
    out
}

#[test]
fn every_pane_has_hints_for_its_keys() {
    for &pane in Pane::ALL {
        let app = focused(pane);
        assert!(!hints(&app).is_empty(), "{pane:?}: an empty hint bar");
        for (app, ctx) in own_contexts(pane) {
            let hinted: Vec<_> = KEYS
                .iter()
                .filter(|b| b.context == ctx && !b.hint.is_empty())
                .map(|b| (b.keys[0].name(), b.hint))
                .collect();
            assert!(!hinted.is_empty(), "{pane:?}: no row of {ctx:?} has a hint");
            let bar = hints(&app);
            assert!(
                hinted.iter().any(|h| bar.contains(h)),
                "{pane:?}: the hint bar shows none of {ctx:?}'s keys: {bar:?}"
            );
        }
    }
}

#[test]
fn every_pane_has_its_keys_in_the_help() {
    let help = help_rows();
    for &pane in Pane::ALL {
        for (_, ctx) in own_contexts(pane) {
            let rows: Vec<_> = help.iter().filter(|(c, _, _)| *c == ctx).collect();
            assert!(!rows.is_empty(), "{pane:?}: no help entry for {ctx:?}");
            for (_, keys, text) in rows {
                assert!(!text.is_empty(), "{pane:?}: {keys} has no help line");
            }
        }
    }
}

#[test]
fn every_pane_has_an_f8_passage() {
    for &pane in Pane::ALL {
        let c = citation::current(&focused(pane));
        assert!(!c.about.is_empty(), "{pane:?}: F8 says about nothing");
        assert!(!c.cites.is_empty(), "{pane:?}: F8 cites no section");
        assert!(
            c.cites.iter().any(|s| s.exists()),
            "{pane:?}: F8 cites no shipped section: {:?}",
            c.cites
        );
    }
}

#[test]
fn every_pane_has_a_markdown_section_the_chooser_offers() {
    let offered = markdown::views();
    for &pane in Pane::ALL {
        let app = focused(pane);
        let heading = markdown::heading(&app, pane);
        let report = markdown::report(&app, pane);
        assert!(
            heading.starts_with('#'),
            "{pane:?}: no Markdown heading: {heading:?}"
        );
        assert!(
            report.starts_with(&heading),
            "{pane:?}: the report does not start with its heading"
        );
        assert!(
            offered.iter().any(|&v| markdown::report(&app, v) == report),
            "{pane:?}: the copy chooser offers no report with its section"
        );
    }
}

/// Each pane's own files, by its `Pane` variant and its state field on
/// `App`; `app/mod.rs` and `ui/mod.rs` hold the two lists of panes and may
/// name them all.
const OWN_FILES: [(&str, &str, &[&str]); 5] = [
    (
        "Breakdown",
        "breakdown",
        &[
            "app/breakdown.rs",
            "app/breakdown_pane.rs",
            "app/edit.rs",
            "ui/breakdown.rs",
            "ui/findings.rs",
        ],
    ),
    (
        "Resolve",
        "resolve",
        &["app/resolve.rs", "ui/resolve.rs", "ui/resolve_2396.rs"],
    ),
    ("Compare", "compare", &["app/compare.rs", "ui/compare.rs"]),
    ("Encode", "encode", &["app/encode.rs", "ui/encode.rs"]),
    ("Query", "query", &["app/query.rs", "ui/query.rs"]),
];

/// The explorer's files (path under `src/explorer/`) with their code,
/// comment lines left out.
fn explorer_files() -> Vec<(String, String)> {
    fn walk(dir: &std::path::Path, root: &std::path::Path, out: &mut Vec<(String, String)>) {
        for e in std::fs::read_dir(dir).expect("a folder").flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, root, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let code: String = std::fs::read_to_string(&p)
                    .expect("a source file")
                    .lines()
                    .filter(|l| !l.trim_start().starts_with("//"))
                    .map(|l| format!("{l}\n"))
                    .collect();
                let rel = p.strip_prefix(root).expect("under the root");
                out.push((rel.to_string_lossy().replace('\\', "/"), code));
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/explorer");
    let mut out = Vec::new();
    walk(&root, &root, &mut out);
    out
}

/// Outside a pane's own files and the two lists, no code names
/// a particular pane (its variant or its state on `App`), so a new pane is
/// added without reading the others. `mod.rs` of the explorer sets the
/// Encode pane's starting set from the config (one line, outside this
/// round's files).
#[test]
fn no_file_but_its_own_names_a_pane() {
    let files = explorer_files();
    assert!(files.len() > 40, "the explorer's files: {}", files.len());
    let mut found = Vec::new();
    for (variant, field, own) in OWN_FILES {
        let names = [
            format!("Pane::{variant}"),
            format!("app.{field}."),
            format!("self.{field}."),
        ];
        for (path, code) in &files {
            let listed = path == "app/mod.rs" || path == "ui/mod.rs";
            let config = path == "mod.rs" && variant == "Encode";
            if own.contains(&path.as_str()) || listed || config {
                continue;
            }
            for n in &names {
                if code.contains(n.as_str()) {
                    found.push(format!("{path} names {n}"));
                }
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}
