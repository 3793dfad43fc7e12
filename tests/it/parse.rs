//! RFC 3986 parser tables.

use uriscope::uri::parse;

#[test]
fn rfc3986_section_3_example() {
    let s = "foo://example.com:8042/over/there?name=ferret#nose";
    let u = parse(s).unwrap();
    assert_eq!(u.scheme(), Some("foo"));
    assert_eq!(u.authority(), Some("example.com:8042"));
}
