//! Snapshots of the list view at 80x24 and 120x40: ungrouped, grouped by
//! normal form, by keys and by site, filtered with the charts focused, the copy
//! chooser, and a terminal too small.

use uriscope::explorer::list::{ListAction, ListView};

use crate::tui::list_view::{act, screen, type_in, view_of, LIST};

/// A test `$name` snapshotting `$view` at 80x24 and 120x40.
macro_rules! two_sizes {
    ($name:ident, $view:expr) => {
        #[test]
        fn $name() {
            let v: ListView = $view;
            insta::assert_snapshot!(concat!(stringify!($name), "_80x24"), screen(&v, 80, 24));
            insta::assert_snapshot!(concat!(stringify!($name), "_120x40"), screen(&v, 120, 40));
        }
    };
}

two_sizes!(list_ungrouped, view_of(LIST));
two_sizes!(list_grouped_by_normal_form, {
    let mut v = view_of(LIST);
    act(&mut v, [ListAction::ToggleGrouping]);
    v.status = None;
    v
});
two_sizes!(list_grouped_by_keys, {
    let mut v = view_of(LIST);
    act(
        &mut v,
        [ListAction::ToggleGrouping, ListAction::ToggleGrouping],
    );
    v.status = None;
    v
});
/// Hosts on a few sites: subdomains, an IDN site as A-labels and in
/// Unicode, an IP address, a line without a host.
const SITES: &str = "http://a.example.co.uk/x
https://www.xn--mnchen-3ya.de/
http://other.org/
https://B.Example.CO.UK/y?q=1
mailto:someone@example.co.uk
https://münchen.de/karte
http://192.0.2.1/
http://www.example.co.uk/z
https://cdn.other.org/app.js
";

two_sizes!(list_grouped_by_site, {
    let mut v = view_of(SITES);
    act(
        &mut v,
        [
            ListAction::ToggleGrouping,
            ListAction::ToggleGrouping,
            ListAction::ToggleGrouping,
        ],
    );
    v.status = None;
    v
});
two_sizes!(list_filtered_charts_focused, {
    let mut v = view_of(LIST);
    type_in(&mut v, "scheme:http");
    act(&mut v, [ListAction::ToggleFocus, ListAction::ChartRight]);
    v
});
two_sizes!(list_copy_chooser, {
    let mut v = view_of(LIST);
    act(&mut v, [ListAction::Down, ListAction::CopyChooser]);
    v
});

#[test]
fn list_too_small() {
    insta::assert_snapshot!(screen(&view_of(LIST), 20, 6));
}
