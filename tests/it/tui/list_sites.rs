//! The list view's hosts chart by site: `s` in the charts shows the
//! registrable domains (the lines of `a.example.co.uk` and
//! `b.example.co.uk` one bar), and Enter on a site's bar filters its lines;
//! the grouping by site, built when first shown.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Duration;

use uriscope::collection::GroupBy;
use uriscope::explorer::list::{action_for, update, Focus, Grouped, ListAction};

use crate::tui::list_view::{rows, screen, view_of};

const SITES: &str = "http://a.example.co.uk/x
https://b.example.co.uk/y
http://www.example.co.uk/z
https://other.org/
http://192.0.2.1/
";

#[test]
fn s_in_the_charts_shows_sites_and_enter_filters_by_one() {
    let mut v = view_of(SITES);
    let hosts = rows(&v, 120, 30).join("\n");
    assert!(
        hosts.contains("┌hosts") && !hosts.contains("┌sites"),
        "{hosts}"
    );
    update(&mut v, ListAction::ToggleFocus);
    assert_eq!(v.focus, Focus::Bars);
    let key = KeyEvent::new(KeyCode::Char('s'), KeyModifiers::NONE);
    let a = action_for(&v, &key).expect("s is bound in the charts");
    assert_eq!(a, ListAction::ToggleSites);
    update(&mut v, a);
    let sites = rows(&v, 120, 30).join("\n");
    assert!(sites.contains("┌sites"), "{sites}");
    // One bar of three lines for example.co.uk, then the others.
    let line = sites
        .lines()
        .find(|l| l.contains("example.co.uk"))
        .expect("a bar for the site");
    assert!(
        line.contains("example.co.uk") && line.contains(" 3"),
        "{line}"
    );
    assert!(
        !sites.lines().any(|l| l.contains("a.example.co.uk █")),
        "hosts are folded: {sites}"
    );
    let _ = screen(&v, 120, 30);
    update(&mut v, ListAction::ChartRight);
    update(&mut v, ListAction::Enter);
    assert_eq!(v.filter.text(), "site:example.co.uk");
    v.finish();
    assert_eq!(v.row_count(), 3);
    // And back to hosts.
    update(&mut v, ListAction::ToggleFocus);
    update(&mut v, ListAction::ToggleSites);
    let back = rows(&v, 120, 30).join("\n");
    assert!(
        back.contains("┌hosts") && !back.contains("┌sites"),
        "{back}"
    );
}

#[test]
fn the_grouping_by_site_is_built_over_frames_and_shows_no_stale_rows() {
    let input: String = (0..40_000)
        .map(|i| format!("http://h{}.site{}.example.com/p{i}\n", i % 7, i % 3))
        .collect();
    let mut v = view_of(&input);
    for _ in 0..2 {
        update(&mut v, ListAction::ToggleGrouping);
    }
    v.finish();
    assert_eq!(v.grouped, Grouped::Keys);
    assert!(v.row_count() > 0);
    update(&mut v, ListAction::ToggleGrouping);
    assert_eq!(v.grouped, Grouped::Site);
    // The first frame places a slice: no rows yet, not the keys' rows.
    assert!(!v.collection.grouped_by_site());
    assert_eq!(v.row_count(), 0);
    let mut frames = 1;
    while !v.collection.grouped_by_site() {
        v.refresh_for(Some(Duration::ZERO));
        frames += 1;
    }
    assert!(frames > 1, "spread over frames");
    v.finish();
    // One site: example.com, all 40,000 lines under it.
    assert_eq!(v.collection.grouping(GroupBy::Site).len(), 1);
    assert_eq!(v.row_count(), 40_001);
}
