//! Long inputs in the panes: what a key computes there is what the
//! screen shows, the rest comes from a thread of its own or is counted.

use std::time::{Duration, Instant};

use uriscope::explorer::app::background::FROM_BYTES;
use uriscope::explorer::app::{update, Action, App, Pane};

use super::screen::screen;

/// Wait until every result asked for off the key's path has arrived.
pub(super) fn settle(a: &App) {
    let start = Instant::now();
    a.background_arrived();
    while a.background_pending() {
        assert!(start.elapsed() < Duration::from_secs(60), "never arrived");
        std::thread::sleep(Duration::from_millis(10));
        a.background_arrived();
    }
}

/// On a long input the Resolve pane's RFC 3986 trace says it is being
/// computed, then shows the target the core resolves: the key does not
/// wait for the trace of megabytes.
#[test]
fn a_long_inputs_resolution_comes_from_its_own_thread() {
    let input = format!("../g?{}", "a".repeat(FROM_BYTES));
    let mut a = App::new("", None);
    update(&mut a, Action::Paste(input.clone()));
    update(&mut a, Action::FocusField(Pane::Resolve));
    let first = screen(&a, 100, 30);
    let computing = first.matches("computing on a thread of its own").count();
    assert_eq!(computing, 2, "{first}");
    assert!(!first.contains("target"), "{first}");
    settle(&a);
    let then = screen(&a, 100, 30);
    assert!(!then.contains("computing on a thread"), "{then}");
    let target = uriscope::uri::trace::resolve(a.base(), &input, Default::default())
        .expect("resolves")
        .target;
    assert!(then.contains(&target[..40]), "{then}");
    // Another key asks again, and its answer follows.
    update(&mut a, Action::FocusInput);
    update(&mut a, Action::Insert('b'));
    update(&mut a, Action::FocusField(Pane::Resolve));
    assert!(screen(&a, 100, 30).contains("computing on a thread"));
    settle(&a);
    assert!(!screen(&a, 100, 30).contains("computing on a thread"));
}

/// A long input with an error every few bytes: the Breakdown lists the
/// first findings and counts the others, the counts those of the whole
/// analysis.
#[test]
fn a_long_error_heavy_input_lists_some_findings_and_counts_the_rest() {
    let mut input = String::from("http://h/");
    while input.len() < 1 << 18 {
        input.push_str("\u{1b}[31m\u{7}x");
    }
    let mut a = App::new(&input, None);
    update(&mut a, Action::FocusPane(Pane::Breakdown));
    update(&mut a, Action::ToggleFindings);
    let total = {
        let whole = a.analysis();
        uriscope::uri::lint::Linted::new(&whole).len()
    };
    assert!(total > 100_000, "{total}");
    update(&mut a, Action::Bottom);
    let mut text = String::new();
    for _ in 0..20 {
        text.push_str(&screen(&a, 100, 40));
        update(&mut a, Action::PageUp);
    }
    let more = format!("… and {} more findings", total - 100);
    assert!(text.contains(&more), "{more} not in {text}");
}

/// The Encode field follows a long input and draws it as the input line
/// does, with no role written for a text without malformed escapes.
#[test]
fn the_encode_field_follows_a_long_input() {
    let input = format!("http://h/{}", "\u{1b}x".repeat(FROM_BYTES / 2));
    let mut a = App::new(&input, None);
    update(&mut a, Action::FocusPane(Pane::Encode));
    update(&mut a, Action::FocusInput);
    update(&mut a, Action::Insert('z'));
    assert_eq!(a.encode.text.text(), a.input.text());
    let s = screen(&a, 80, 24);
    assert!(s.contains("␛x␛x"), "{s}");
    assert!(s.contains("encoded"), "{s}");
}

/// On a long input the Compare pane says its ladder is being computed,
/// then shows the normal form the core gives.
#[test]
fn a_long_inputs_normalization_ladder_comes_from_its_own_thread() {
    let input = format!("HTTP://H/{}", "a".repeat(FROM_BYTES));
    let mut a = App::new(&input, None);
    update(&mut a, Action::FocusPane(Pane::Compare));
    let first = screen(&a, 100, 30);
    assert!(
        first.contains("computing on a thread of its own"),
        "{first}"
    );
    assert!(!first.contains("normalized"), "{first}");
    settle(&a);
    let then = screen(&a, 100, 30);
    assert!(!then.contains("computing on a thread"), "{then}");
    let normal = uriscope::uri::normalize(&input, Default::default()).expect("normalizes");
    let row = then
        .lines()
        .find(|l| l.contains("normalized"))
        .unwrap_or_default()
        .to_string();
    assert!(row.contains(&normal[..40]), "{row}");
}

/// On a long input the Breakdown's sections, once the view reaches them,
/// are drawn on a thread of their own: the same lines as drawn on the
/// key's path.
#[test]
fn a_long_inputs_sections_are_the_ones_drawn_on_the_keys_path() {
    use uriscope::explorer::ui::{frame_analysis, sections, theme::Theme};
    let mut input = String::from("data:text/html,");
    while input.len() < FROM_BYTES {
        input.push_str("<p>u:pw@h {x} </p>");
    }
    let a = App::new(&input, None);
    let theme = Theme::default();
    let frame = frame_analysis(&a, 80);
    assert!(sections::offloaded(&a, &frame, &theme, 79).is_none());
    settle(&a);
    let drawn = sections::offloaded(&a, &frame, &theme, 79).expect("arrived");
    let now = sections::now(&a, &frame, &theme, 79);
    assert_eq!(drawn.0, now);
    assert!(now.len() > 10, "{now:?}");
}
