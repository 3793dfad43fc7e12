//! Issue 40: every pane in the list is whole — keys in the hint bar and
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
