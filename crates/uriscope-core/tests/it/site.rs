//! The Public Suffix List project's own test cases (`tests/data/psl_tests.txt`,
//! CC0: `INPUT REGISTRABLE-DOMAIN` a line, `null` for none) against
//! [`site`], and what the lookup keeps of the host it is given.

use uriscope_core::site::{site, Section, PSL_VERSION};

/// The registrable domain the list's tests expect: lowercase, as the
/// tests write it (the answer itself keeps the host's own case).
fn registrable(input: &str) -> Option<String> {
    if input == "null" {
        return None;
    }
    site(input)?.registrable().map(str::to_lowercase)
}

#[test]
fn the_public_suffix_list_test_table() {
    let table = include_str!("../data/psl_tests.txt");
    let mut rows = 0;
    let mut wrong = Vec::new();
    for line in table.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let (input, expected) = line.split_once(' ').expect("INPUT EXPECTED");
        let expected = (expected != "null").then(|| expected.to_string());
        let got = registrable(input);
        if got != expected {
            wrong.push(format!("{input}: expected {expected:?}, got {got:?}"));
        }
        rows += 1;
    }
    assert!(rows > 60, "the table was read: {rows} rows");
    assert!(
        wrong.is_empty(),
        "{} of {rows} rows differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn the_answer_is_a_slice_of_the_host_as_given() {
    let s = site("Www.Example.CO.uk").unwrap();
    assert_eq!(s.suffix(), "CO.uk");
    assert_eq!(s.registrable(), Some("Example.CO.uk"));
    assert_eq!(s.section(), Section::Icann);
    let s = site("www.xn--85x722f.xn--55qx5d.cn").unwrap();
    assert_eq!(s.suffix(), "xn--55qx5d.cn");
    assert_eq!(s.registrable(), Some("xn--85x722f.xn--55qx5d.cn"));
}

#[test]
fn single_labels_and_suffixes_have_no_registrable_domain() {
    for host in ["localhost", "com", "co.uk", "github.io", "kyoto.jp"] {
        let s = site(host).unwrap();
        assert_eq!(s.registrable(), None, "{host}");
        assert_eq!(s.suffix(), host);
    }
}

#[test]
fn the_version_named_is_the_one_locked() {
    let lock = include_str!("../../../../Cargo.lock");
    let entry = format!("name = \"psl\"\nversion = \"{PSL_VERSION}\"");
    assert!(
        lock.contains(&entry),
        "Cargo.lock locks another psl than {PSL_VERSION}"
    );
}

proptest::proptest! {
    /// Any text: no panic, and the answer is a tail of the host it names,
    /// the suffix a tail of the registrable domain.
    #[test]
    fn any_host_gets_an_answer_made_of_its_own_labels(host in "[a-zA-Z0-9.%\u{e9}\u{3002}\u{98df}-]{0,24}") {
        if let Some(s) = site(&host) {
            let name = s.host().strip_suffix('.').unwrap_or(s.host());
            proptest::prop_assert!(name.ends_with(s.suffix()));
            if let Some(r) = s.registrable() {
                proptest::prop_assert!(r.ends_with(s.suffix()) && name.ends_with(r));
                proptest::prop_assert!(r.len() > s.suffix().len());
            }
        }
    }
}
