//! The Breakdown's site row: under the host, the registrable domain and
//! the public suffix with its section of the Public Suffix List, when
//! they say more than the host does.

use crate::tui::screen::screen;
use uriscope::explorer::app::App;

#[test]
fn a_subdomain_shows_its_site_and_public_suffix() {
    let a = App::new("https://a.b.example.co.uk/x?q=1", None);
    let text = screen(&a, 100, 30);
    assert!(
        text.contains("(site)   site example.co.uk · public suffix co.uk (ICANN)"),
        "{text}"
    );
    insta::assert_snapshot!(text);
}

#[test]
fn a_host_that_is_a_public_suffix_says_it_has_no_site() {
    let text = screen(&App::new("https://github.io/", None), 100, 30);
    assert!(
        text.contains("site none: the host is a public suffix · public suffix github.io (private)"),
        "{text}"
    );
}

#[test]
fn a_registrable_host_an_address_and_a_single_label_have_no_site_row() {
    for uri in [
        "https://example.com/",
        "http://192.0.2.1/",
        "http://localhost/",
    ] {
        let text = screen(&App::new(uri, None), 100, 30);
        assert!(!text.contains("(site)"), "{uri}:\n{text}");
    }
}
